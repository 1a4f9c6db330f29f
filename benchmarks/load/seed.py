"""The tables of a load run, stored before the server starts: each a private
table of its own with one Call-Ace game in play (4, 5 or 6 players, a few
hands in, trump made in the hand being played).

Three tables are made the app's own way (a game document stored by
``Game.from_document`` as `make bench` makes its games, then ``save_call``);
the others are copies of them, row for row, in a few bulk inserts: a thousand
tables in seconds rather than a minute. The copy follows the app's foreign
keys, whatever models there are: a model added later is copied too. A unique
field it cannot renew (neither a default to draw again nor empty) makes it
give up and store every table the slow way instead. Each copy's players have
names of their own ("Ann 17"), as a real room's tables do: what the server
keeps per table's names is then kept per table (docs/decisions.md, D54).
"""

from __future__ import annotations

import copy
import sys
from collections import defaultdict
from collections.abc import Callable

from django.apps import apps
from django.db import models, transaction

from benchmarks.games import PLAYERS, game_document
from benchmarks.load.plan import SeededTable
from referee.engine.document import read_document
from scorekeeper.models import Game, Player, PrivateTable

# Hands already played: a table screen with a full "Last hands" list.
HANDS_PLAYED = 8
BATCH = 500


class CannotCopy(Exception):
    """A row the copy cannot make without breaking a unique constraint."""


def seed_tables(count: int) -> list[SeededTable]:
    """``count`` tables with a game in play each; their games' ids and key links."""
    made = [_made_the_apps_way(number) for number in range(min(count, 3))]
    if count <= len(made):
        return made
    try:
        with transaction.atomic():
            return made + _copies(made, count - len(made))
    except CannotCopy as reason:
        print(f"  seeding the slow way: {reason}", file=sys.stderr)
        return made + [_made_the_apps_way(n) for n in range(len(made), count)]


def _made_the_apps_way(number: int) -> SeededTable:
    seats = PLAYERS[: 4 + number % 3]
    with transaction.atomic():
        private_table = PrivateTable.objects.create(name=f"Load table {number + 1}")
        document = read_document(game_document(HANDS_PLAYED, seats=seats))
        game = Game.from_document(document, private_table=private_table)
        # Mid-hand: trump is made, so the scorer's first tap ends a hand.
        game.save_call(version=None, maker=number % len(seats), trump="H", called="S")
    return {"game": game.pk, "key_path": private_table.key_path, "players": len(seats)}


Row = models.Model
Model = type[models.Model]


def _app_models() -> list[Model]:
    """The scorekeeper's models, each after those its foreign keys point to."""
    found = list(apps.get_app_config("scorekeeper").get_models())
    ordered: list[Model] = []

    def visit(model: Model, path: tuple[Model, ...]) -> None:
        if model in ordered or model in path:
            return
        for field in _foreign_keys(model):
            if field.related_model in found and field.related_model is not model:
                visit(field.related_model, (*path, model))
        ordered.append(model)

    for model in found:
        visit(model, ())
    return ordered


def _foreign_keys(model: Model) -> list[models.ForeignKey[models.Model, models.Model]]:
    return [
        field
        for field in model._meta.concrete_fields
        if isinstance(field, models.ForeignKey) and isinstance(field.related_model, type)
    ]


# By model: each row's primary key -> the row, and the table (its pk) it belongs to.
Owned = dict[Model, dict[int, tuple[Row, int]]]


def _rows_of(tables: list[SeededTable]) -> Owned:
    """Every row that belongs to these tables, by model and primary key, with
    the table it belongs to: the tables, each row whose foreign key points at
    one of those, and so on down."""
    keys = [t["key_path"].strip("/").split("/")[-1] for t in tables]
    owned: Owned = {
        PrivateTable: {t.pk: (t, t.pk) for t in PrivateTable.objects.filter(key__in=keys)}
    }
    for model in _app_models():
        if model is PrivateTable:
            continue
        parents = [
            (field, owned[field.related_model])
            for field in _foreign_keys(model)
            if field.related_model in owned and field.related_model is not model
        ]
        query = models.Q()
        for field, rows in parents:
            query |= models.Q(**{f"{field.attname}__in": list(rows)})
        if not parents:
            continue
        found: dict[int, tuple[Row, int]] = {}
        for row in model._default_manager.filter(query).order_by("pk"):
            tables_of_row = {
                rows[value][1]
                for field, rows in parents
                if (value := getattr(row, field.attname)) in rows
            }
            if len(tables_of_row) != 1:
                raise CannotCopy(
                    f"{model.__name__} {row.pk} belongs to {len(tables_of_row)} tables"
                )
            found[row.pk] = (row, tables_of_row.pop())
        if found:
            owned[model] = found
    return owned


def _copies(made: list[SeededTable], count: int) -> list[SeededTable]:
    """``count`` copies of the tables made, in turn: one bulk insert a model."""
    owned = _rows_of(made)
    templates = list(owned[PrivateTable])  # their primary keys, in the order made
    # The copies' primary keys, by model: (copy number, template row's pk) -> new pk.
    new: dict[Model, dict[tuple[int, int], int]] = defaultdict(dict)
    for model in _app_models():
        if model in owned:
            _copy_rows(model, owned[model], templates, count, new)
    games = {private_table: game for game, (_, private_table) in owned[Game].items()}
    copied_tables = list(new[PrivateTable].values())
    keys = dict(PrivateTable.objects.filter(pk__in=copied_tables).values_list("pk", "key"))
    seeded: list[SeededTable] = []
    for number in range(count):
        template = templates[number % len(templates)]
        private_table = new[PrivateTable][(number, template)]
        seeded.append(
            {
                "game": new[Game][(number, games[template])],
                "key_path": f"/t/{keys[private_table]}/",
                "players": made[number % len(made)]["players"],
            }
        )
    return seeded


def _copy_rows(
    model: Model,
    rows: dict[int, tuple[Row, int]],
    templates: list[int],
    count: int,
    new: dict[Model, dict[tuple[int, int], int]],
) -> None:
    """``count`` copies of ``model``'s ``rows`` (each with the table it belongs
    to), copy ``number`` of template table ``templates[number]``'s, their keys
    to the rows copied before pointing at the copies; their new keys in ``new``."""
    fill = _renewer(model)
    to_store: list[tuple[int, int, Row]] = []
    for number in range(count):
        template = templates[number % len(templates)]
        for pk, (row, private_table) in rows.items():
            if private_table != template:
                continue
            clone = copy.copy(row)
            clone.pk = None
            for field in _foreign_keys(model):
                old = getattr(row, field.attname)
                if old is not None and field.related_model in new:
                    setattr(clone, field.attname, new[field.related_model][(number, old)])
            fill(clone, number)
            if isinstance(clone, Player):
                clone.name = f"{clone.name} {number + len(templates)}"
            to_store.append((number, pk, clone))
    stored = model._default_manager.bulk_create([c for _, _, c in to_store], batch_size=BATCH)
    for (number, pk, _), clone in zip(to_store, stored, strict=True):
        if clone.pk is None:
            raise CannotCopy(f"{model.__name__}: the database gave no new key back")
        new[model][(number, pk)] = clone.pk


def _renewer(model: Model) -> Callable[[Row, int], None]:
    """What a copy draws again: each unique field's default (a new key, a new
    id); a table's key digest is its new key's. A unique field with neither,
    and a value, cannot be copied."""
    renewed = [
        field
        for field in model._meta.concrete_fields
        if field.unique and not field.primary_key and not isinstance(field, models.ForeignKey)
    ]

    def fill(clone: Row, number: int) -> None:
        for field in renewed:
            if field.has_default():
                setattr(clone, field.attname, field.get_default())
            elif (
                not (isinstance(clone, PrivateTable) and field.name == "key_digest")
                and getattr(clone, field.attname) is not None
            ):
                raise CannotCopy(f"{model.__name__}.{field.name} is unique, with no default")
        if isinstance(clone, PrivateTable):
            clone.key_digest = clone.digest  # what its save() would derive
            clone.name = f"Load table {number + 4}"

    return fill
