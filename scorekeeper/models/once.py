"""Creating a row once per form (docs/formats.md, "Recording a hand, once"): the
start forms carry a token, and a double tap or a retried request finds the row
the first request made, even when both arrive at the same moment."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, models, transaction


class AlreadyStarted(Exception):
    """The form's token already started ``row`` (a game, a euchre night) with
    other content: a phone went Back and changed the form, or sent it at
    another table. Nothing is stored, and the phone is told
    (docs/formats.md, "Recording a hand, once")."""

    def __init__(self, row: models.Model) -> None:
        super().__init__(f"{row} was already started with this token")
        self.row = row


def create_once[M: models.Model](
    model: type[M],
    *,
    token: uuid.UUID | None,
    made_with: Callable[[], dict[str, Any]] | None = None,
    **fields: Any,
) -> tuple[M, bool]:
    """The row of ``model`` that ``token`` made, or a new one with ``fields``
    (and those ``made_with`` returns: rows made for the new one alone, such as
    a phone's first table); whether it is new. ``model`` has a unique
    ``token`` field. Never an error, never two rows: the insert that loses a
    race rolls back alone (a savepoint), with whatever ``made_with`` made, and
    the winner's row is read."""
    manager = model._default_manager
    if token is not None:
        existing = manager.filter(token=token).first()
        if existing is not None:
            return existing, False
    try:
        with transaction.atomic():
            made = made_with() if made_with is not None else {}
            return manager.create(token=token, **fields, **made), True
    except IntegrityError:
        existing = None if token is None else manager.filter(token=token).first()
        if existing is None:
            raise
        return existing, False
