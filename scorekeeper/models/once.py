"""Creating a row once per form (contract.md, "Recording a hand, once"): the
start forms carry a token, and a double tap or a retried request finds the row
the first request made, even when both arrive at the same moment."""

from __future__ import annotations

import uuid
from typing import Any

from django.db import IntegrityError, models, transaction


def create_once[M: models.Model](
    model: type[M], *, token: uuid.UUID | None, **fields: Any
) -> tuple[M, bool]:
    """The row of ``model`` that ``token`` made, or a new one with ``fields``;
    whether it is new. ``model`` has a unique ``token`` field. Never an error,
    never two rows: the insert that loses a race rolls back alone (a savepoint)
    and the winner's row is read."""
    manager = model._default_manager
    if token is not None:
        existing = manager.filter(token=token).first()
        if existing is not None:
            return existing, False
    try:
        with transaction.atomic():
            return manager.create(token=token, **fields), True
    except IntegrityError:
        existing = None if token is None else manager.filter(token=token).first()
        if existing is None:
            raise
        return existing, False
