"""The whole history out and back in (docs/formats.md, "History out and back in"):
``manage.py backup`` and ``manage.py restore``.

A backup is ``{"format": "bower.backup/1", "tables": [{"name", "key",
"games": [game documents], "nights": [euchre nights], "seasons": [seasons]}]}``
(``nights``: see ``scorekeeper.files.euchre_night_backups``; a night's tables are there,
not in ``games``; ``seasons``: ``scorekeeper.files.season_backups``). It
is read in one transaction, so a backup taken while phones record is one
consistent moment. Restoring skips the games and nights already stored (same
``id``) and adds the rest; a bad file changes nothing. A table's key is its only
lock, so a key anyone could guess or one held by two tables is refused, and a
key already stored is added to only when the operator asks (``--merge``).
Backup, restore into an empty database, backup again: the two files are equal.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction

from referee.engine.document import DocumentError, GameDocument, read_document, write_document
from referee.engine.names import is_storable
from scorekeeper.files.euchre_night_backups import (
    NightBackup,
    NightError,
    night_backups,
    read_nights,
    restore_nights,
)
from scorekeeper.files.read_errors import ReadError
from scorekeeper.files.season_backups import (
    SeasonBackup,
    SeasonError,
    read_seasons,
    restore_seasons,
    season_backups,
)
from scorekeeper.models import Game, GameAlreadyStored, PrivateTable
from scorekeeper.models.private_tables import NAME_MAX_LENGTH

BACKUP_FORMAT = "bower.backup/1"
# A key as the key link carries it: URL-safe characters, as long as new_key makes them.
TABLE_KEY = re.compile(r"[A-Za-z0-9_-]{22,64}")
# Different characters a key holds at least: a key new_key makes has about 25 of its 32
# (one of 22 characters, as older keys were, has fewer than 10 about once in ten million).
KEY_FEWEST_CHARACTERS = 10


class BackupError(ReadError):
    """A backup that cannot be restored; ``where`` names the place."""


class KeyStored(BackupError):
    """A backup table whose key is a stored table's: restored into it only with ``merge``."""


@dataclass(frozen=True)
class TableBackup:
    name: str
    key: str
    games: tuple[GameDocument, ...]
    nights: tuple[NightBackup, ...] = ()
    seasons: tuple[SeasonBackup, ...] = ()
    # The players' names the file wrote in another form than they are read
    # (``referee.engine.names.clean_name``): (where, as written, as read).
    folded: tuple[tuple[str, str, str], ...] = ()
    # Where its key is written: "private table 2, key (line 40)".
    key_place: str = ""


@dataclass(frozen=True)
class Restored:
    """What a restore added and skipped (already stored)."""

    games_added: int
    games_skipped: int
    nights_added: int
    nights_skipped: int
    seasons_added: int = 0
    seasons_skipped: int = 0


def backup_data() -> dict[str, Any]:
    """Every table with its games and euchre nights, as one consistent read."""
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if connection.vendor == "postgresql" and outermost:
            # One snapshot for every query of the backup, not one per query
            # (inside a caller's transaction, that transaction's own level holds).
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        tables = list(PrivateTable.objects.order_by("created_at", "pk"))
        games: dict[int, list[dict[str, Any]]] = {t.pk: [] for t in tables}
        for game in (
            Game.objects.filter(night_round__isnull=True)
            .with_seats()
            .prefetch_related("hands")
            .order_by("created_at", "pk")
        ):
            games[game.private_table_id].append(write_document(game.to_document()))
        nights = night_backups(tables)
        seasons = season_backups(tables)
    return {
        "format": BACKUP_FORMAT,
        "tables": [
            {"name": t.name, "key": t.key, "games": games[t.pk], "nights": nights[t.pk]}
            # A table's seasons, only when it has some (an optional key).
            | ({"seasons": seasons[t.pk]} if seasons[t.pk] else {})
            for t in tables
        ],
    }


def backup_text() -> str:
    return json.dumps(backup_data(), ensure_ascii=False, indent=1) + "\n"


def read_backup(raw: str | bytes) -> tuple[TableBackup, ...]:
    """Read a whole backup, every game through the engine's document reader,
    or raise BackupError naming the first fault. Nothing is stored."""
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError, ValueError) as error:
        raise BackupError("file", f"this is not a Bower backup ({error})") from None
    if not isinstance(data, Mapping) or data.get("format") != BACKUP_FORMAT:
        raise BackupError("format", f'a Bower backup says "format": "{BACKUP_FORMAT}"')
    tables = data.get("tables")
    if not isinstance(tables, Sequence) or isinstance(tables, str):
        raise BackupError("tables", "give the tables as a list")
    key_lines = _key_lines(raw.decode(errors="replace") if isinstance(raw, bytes) else raw)
    read: dict[str, TableBackup] = {}
    for number, table in enumerate(tables, start=1):
        backup = _read_private_table(number, table, key_lines)
        if (other := read.setdefault(backup.key, backup)) is not backup:
            also = other.key_place.replace(", key (", " has this key too (")
            raise BackupError(backup.key_place, f"{also}: two tables would restore as one")
    return tuple(read.values())


def _key_lines(text: str) -> list[int]:
    """The line (from 1) of each ``"key"`` field in ``text``, in order: the tables'
    keys (a game document or a night has none)."""
    lines: list[int] = []
    line, counted = 1, 0
    for found in re.finditer(r'"key"\s*:', text):
        line += text.count("\n", counted, found.start())  # on from the last key: one pass
        counted = found.start()
        lines.append(line)
    return lines


def _checked_key(key: object, key_place: str) -> str:
    """``key``, if it is one a link carries and nobody could guess (it is all that keeps
    a stranger out of the table), else BackupError."""
    if not isinstance(key, str) or not TABLE_KEY.fullmatch(key):
        raise BackupError(key_place, "a key as its link carries it: 22 to 64 letters, digits, - _")
    if len(set(key)) < KEY_FEWEST_CHARACTERS:
        raise BackupError(
            key_place,
            f"a key anyone could guess ({len(set(key))} different characters, where one"
            " Bower makes has about 25): give the table a new key",
        )
    return key


def _read_private_table(number: int, data: Any, key_lines: list[int]) -> TableBackup:
    where = f"private table {number}"
    key_place = f"{where}, key"
    if number <= len(key_lines):
        key_place += f" (line {key_lines[number - 1]})"
    if not isinstance(data, Mapping):
        raise BackupError(where, "a private table is a JSON object with a name, a key and games")
    name, key, games = data.get("name"), data.get("key"), data.get("games")
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX_LENGTH:
        raise BackupError(f"{where}, name", f"a name of 1 to {NAME_MAX_LENGTH} characters")
    if not is_storable(name):
        raise BackupError(f"{where}, name", "holds a NUL or half a character (a lone surrogate)")
    key = _checked_key(key, key_place)
    if not isinstance(games, Sequence) or isinstance(games, str):
        raise BackupError(f"{where}, games", "give the games as a list")
    documents = []
    for n, game in enumerate(games, start=1):
        try:
            documents.append(read_document(game))
        except DocumentError as error:
            raise BackupError(f"{where}, game {n}, {error.where}", error.message) from None
    try:
        nights = read_nights(data.get("nights"))
        seasons = read_seasons(data.get("seasons"))
    except (NightError, SeasonError) as error:
        raise BackupError(f"{where}, {error.where}", error.message) from None
    folded = [
        (f"{where}, game {n}, players", given, read)
        for n, document in enumerate(documents, start=1)
        for given, read in document.folded
    ] + [
        (f"{where}, night {n}, player {player.number}, name", player.given, player.name)
        for n, night in enumerate(nights, start=1)
        for player in night.players
        if player.given
    ]
    return TableBackup(
        name=name.strip(),
        key=key,
        games=tuple(documents),
        nights=nights,
        folded=tuple(folded),
        seasons=seasons,
        key_place=key_place,
    )


@transaction.atomic
def restore(tables: Sequence[TableBackup], *, merge: bool = False) -> Restored:
    """Store what a backup holds that is not stored yet: its tables (found by
    key, or made), their games and their euchre nights (each skipped when
    its ``id`` is stored), and their seasons (each skipped when a stored season
    of the table holds one of its game nights). All or nothing. A table whose key
    is stored raises KeyStored, unless ``merge``: then it is added to."""
    added = skipped = nights_added = nights_skipped = seasons_added = seasons_skipped = 0
    for backup in tables:
        private_table = PrivateTable.objects.filter(key=backup.key).first()
        if private_table is not None and not merge:
            raise KeyStored(
                backup.key_place,
                f"this key is the stored table '{private_table.name}': restore --merge adds"
                " this backup's games to it",
            )
        if private_table is None:
            private_table = PrivateTable.objects.create(name=backup.name, key=backup.key)
        for document in backup.games:
            if document.id is not None and Game.objects.filter(uid=document.id).exists():
                skipped += 1
                continue
            try:
                Game.from_document(document, private_table=private_table)
            except GameAlreadyStored:
                skipped += 1  # restored at the same moment by another command
            else:
                added += 1
        more, stored = restore_nights(backup.nights, private_table=private_table)
        nights_added, nights_skipped = nights_added + more, nights_skipped + stored
        more, stored = restore_seasons(backup.seasons, private_table=private_table)
        seasons_added, seasons_skipped = seasons_added + more, seasons_skipped + stored
    return Restored(added, skipped, nights_added, nights_skipped, seasons_added, seasons_skipped)
