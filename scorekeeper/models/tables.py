"""Private tables: one group's games, players and game nights, shared by a key
link and no account (contract.md, "Tables: private by link, no accounts")."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import Any

from django.db import models

# secrets.token_urlsafe(24): 24 random bytes (192 bits), 32 URL-safe characters.
KEY_BYTES = 24
DEFAULT_NAME = "Our table"
NAME_MAX_LENGTH = 60


def new_key() -> str:
    """A fresh table key: at least 128 bits of randomness, safe in a URL. Never
    starting with "-", which a command line would read as an option
    (``import_game FILE --table KEY``)."""
    while (key := secrets.token_urlsafe(KEY_BYTES)).startswith("-"):
        pass
    return key


def key_digest(key: str) -> str:
    """What a phone's cookie keeps of a key: replacing the key changes it, so
    the phones that joined with the old key lose the table."""
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def new_watch_token() -> str:
    """A game's watch token (``/w/<token>/``): as hard to guess as a table key."""
    return secrets.token_urlsafe(KEY_BYTES)


class PrivateTableQuerySet(models.QuerySet["PrivateTable"]):
    def with_digests(self, digests: Sequence[str]) -> PrivateTableQuerySet:
        """The tables whose current key has one of these digests (a phone's cookie)."""
        return self.filter(key_digest__in=list(digests))


class PrivateTable(models.Model):
    """One group's private space. Named ``PrivateTable`` so it is never taken
    for the engine's ``Table`` (a game's variant, players and house rules)."""

    name = models.CharField(max_length=NAME_MAX_LENGTH, default=DEFAULT_NAME)
    key = models.CharField(max_length=64, unique=True, default=new_key, editable=False)
    key_digest = models.CharField(max_length=32, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    # Changes when something the table's screens show changes with no game
    # changing: a player's name, a merge, an operator's edit. A drawn table
    # screen is kept by it and its game's version (``scorekeeper.views.drawn``);
    # a game's own version guards its changes, so a scorer's open form stays good.
    shown_version = models.PositiveIntegerField(default=0, editable=False)

    objects = PrivateTableQuerySet.as_manager()

    class Meta:
        db_table = "scorekeeper_private_table"
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        # The digest is derived from the key, never set on its own.
        self.key_digest = key_digest(self.key)
        super().save(*args, **kwargs)

    @property
    def digest(self) -> str:
        return key_digest(self.key)

    @property
    def key_path(self) -> str:
        """The key link's path, ``/t/<key>/``: whoever opens it joins the table."""
        return f"/t/{self.key}/"

    def replace_key(self) -> str:
        """Give the table a new key: the old link stops working and phones that
        joined with it lose the table (the caller re-remembers it on the phone
        that asked). Returns the new key."""
        self.key = new_key()
        self.save(update_fields=["key", "key_digest"])
        return self.key

    @staticmethod
    def shown_anew(table_id: int) -> None:
        """Table ``table_id``'s screens are to be drawn again (``shown_version``)."""
        PrivateTable.objects.filter(pk=table_id).update(shown_version=models.F("shown_version") + 1)

    @classmethod
    def named_for(cls, players: Sequence[str]) -> PrivateTable:
        """A new table for the first game on a phone, named after its players."""
        name = ", ".join(players)
        if not name or len(name) > NAME_MAX_LENGTH:
            name = DEFAULT_NAME
        return cls.objects.create(name=name)
