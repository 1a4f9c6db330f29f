"""The versions a phone's poll compares with what it shows (``shown_versions``):
a game's, and its private table's names'."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from django.db import connection, models

from scorekeeper.models.games import Game
from scorekeeper.models.private_tables import PrivateTable

# The largest id a game can have (a 64-bit column): a larger one in an address is no game.
_MAX_ID = 2**63 - 1


class ShownVersions(NamedTuple):
    """What a poll compares with what its phone shows, and which game that is."""

    version: int  # the game's
    names: int  # its private table's names' (``PrivateTable.shown_version``)
    game_uid: uuid.UUID  # no other game's, in any database (names its drawings, D66)


def shown_versions(game_id: int, digests: Sequence[str]) -> ShownVersions | None:
    """The version of game ``game_id`` and of its table's names
    (``PrivateTable.shown_version``), with the game's uid, if it is a game of
    one of the tables whose key digests a phone's cookie holds, else None:
    what a poll compares with what its phone shows, in one query (none without
    a digest). Every phone asks it every 4 s, so its statement is written out
    once per number of digests: built through the ORM, it cost 15 times more
    than running it (docs/decisions.md, D30)."""
    if not digests or not 0 < game_id <= _MAX_ID:
        return None
    with connection.cursor() as cursor:
        cursor.execute(_shown_statement(len(digests)), [game_id, *digests])
        row = cursor.fetchone()
    if row is None:
        return None
    # SQLite gives the uid as 32 hex digits, PostgreSQL as a UUID: the same UUID either way.
    return ShownVersions(int(row[0]), int(row[1]), uuid.UUID(str(row[2])))


@cache
def _shown_statement(digests: int) -> str:
    """``shown_versions``'s statement for this many key digests, its table and
    column names taken from the models (built once for each count)."""

    def column(model: type[models.Model], name: str) -> str:
        field = model._meta.get_field(name)
        assert isinstance(field, models.Field)
        assert field.column
        return connection.ops.quote_name(field.column)

    def db_table(model: type[models.Model]) -> str:
        return connection.ops.quote_name(model._meta.db_table)

    g, t = Game, PrivateTable
    joined = f"t.{column(t, 'id')} = g.{column(g, 'private_table')}"
    return (
        f"SELECT g.{column(g, 'version')}, t.{column(t, 'shown_version')}, g.{column(g, 'uid')} "
        f"FROM {db_table(g)} g JOIN {db_table(t)} t ON {joined} "
        f"WHERE g.{column(g, 'id')} = %s "
        f"AND t.{column(t, 'key_digest')} IN ({', '.join(['%s'] * digests)})"
    )
