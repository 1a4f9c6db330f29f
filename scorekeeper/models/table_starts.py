"""The table a phone's first game or euchre night made, by the start form's
token: the form sent again (its answer, and the table's cookie with it, was
lost; or a double tap sent it twice at once) finds the one table that form
made, so every answer leads to the one game or night and no table is left
empty (docs/decisions.md, D17)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django.db import models

from scorekeeper.models.once import create_once
from scorekeeper.models.private_tables import PrivateTable


class PrivateTableKeyReplaced(Exception):
    """The table a start form made has a new key since: the form is no way
    back in (the new key shuts out every phone that had the old one)."""


class TableStart(models.Model):
    """One start form's token and the table it made."""

    token = models.UUIDField(unique=True, editable=False)
    private_table = models.ForeignKey(
        "scorekeeper.PrivateTable", on_delete=models.CASCADE, related_name="+", editable=False
    )
    # The table's key when the form made it (its digest): once the key is
    # replaced, the form no longer leads to the table.
    key_digest = models.CharField(max_length=32, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "scorekeeper_table_start"

    def __str__(self) -> str:
        return f"{self.token} made table {self.private_table_id}"

    @classmethod
    def private_table_for(cls, token: uuid.UUID, *, named_for: Sequence[str]) -> PrivateTable:
        """The table the start form with ``token`` made, or a new one named
        after ``named_for`` (``PrivateTable.named_for``), made once whatever
        the retries, at the same moment too. Raises PrivateTableKeyReplaced when the
        table's key was replaced since. The caller starts its game or night in
        the same transaction, so a night refused leaves no table behind."""

        def new_table() -> dict[str, object]:
            private_table = PrivateTable.named_for(named_for)
            return {"private_table": private_table, "key_digest": private_table.key_digest}

        start, _ = create_once(cls, token=token, made_with=new_table)
        private_table = PrivateTable.objects.get(pk=start.private_table_id)
        if private_table.key_digest != start.key_digest:
            raise PrivateTableKeyReplaced(f"table {private_table.pk} has a new key")
        return private_table

    @classmethod
    def made(cls, token: uuid.UUID, private_table: PrivateTable) -> bool:
        """Whether the start form with ``token`` made ``table``, whose key is
        still the one it was made with."""
        return cls.objects.filter(
            token=token, private_table=private_table, key_digest=private_table.key_digest
        ).exists()
