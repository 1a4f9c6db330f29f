"""Names and placeholders for the few SQL statements written out by hand,
where building them through the ORM cost more than running them (issue 12):
the poll's stamp (``game_queries.game_stamp``) and a hand's seat and pair
updates (``next_hand``). Names come from the models, quoted for the database."""

from __future__ import annotations

from collections.abc import Sized

from django.db import connection, models


def table(model: type[models.Model]) -> str:
    """``model``'s table, quoted for SQL."""
    return connection.ops.quote_name(model._meta.db_table)


def column(model: type[models.Model], name: str) -> str:
    """The column of ``model``'s field ``name``, quoted for SQL."""
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field)
    assert field.column is not None
    return connection.ops.quote_name(field.column)


def marks(values: Sized) -> str:
    """One parameter placeholder for each of ``values``, comma-separated."""
    return ", ".join(["%s"] * len(values))
