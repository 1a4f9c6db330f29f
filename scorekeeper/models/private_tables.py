"""Private tables: one group's games, players and game nights, shared by a key
link and no account (docs/formats.md, "Tables: private by link, no accounts")."""

from __future__ import annotations

import base64
import hashlib
import itertools
import secrets
from collections.abc import Sequence
from typing import Any

from django.db import models, transaction
from django.utils.crypto import salted_hmac

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


def replacement_key(shown_digest: str, token: str) -> str:
    """The new key that the replace form drawn for key ``shown_digest`` with
    ``token`` (``new_key()``: 192 random bits) gives. Keyed by the server's
    secret, so only the server makes it; derived, so the same form sent
    twice (a double tap) gives the same key and is answered as the first."""
    for attempt in itertools.count():
        mac = salted_hmac(
            "bower.tables.replace_key", f"{shown_digest}:{token}:{attempt}", algorithm="sha256"
        ).digest()
        key = base64.urlsafe_b64encode(mac[:KEY_BYTES]).decode()
        if not key.startswith("-"):
            return key
    raise AssertionError("unreachable")  # pragma: no cover


class KeyAlreadyReplaced(Exception):
    """The key a replace form was drawn for is no longer the table's: another
    phone replaced it since. Nothing was changed."""


def new_watch_token() -> str:
    """A game's watch token (``/w/<token>/``): as hard to guess as a table key."""
    return secrets.token_urlsafe(KEY_BYTES)


class PrivateTableQuerySet(models.QuerySet["PrivateTable"]):
    def with_digests(self, digests: Sequence[str]) -> PrivateTableQuerySet:
        """The tables whose current key has one of these digests (a phone's cookie)."""
        return self.filter(key_digest__in=list(digests))


class PrivateTable(models.Model):
    """One group's private space: its games, players and game nights, reached
    by its key link."""

    name = models.CharField(max_length=NAME_MAX_LENGTH, default=DEFAULT_NAME)
    key = models.CharField(max_length=64, unique=True, default=new_key, editable=False)
    key_digest = models.CharField(max_length=32, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    # Changes when something the table's screens show changes with no game
    # changing: a player's name, a merge, an operator's edit. The polls compare
    # it (``?names=``) to show the new names; a game's own version guards its
    # changes, so a scorer's open form stays good.
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
        """The digest its key has (``save`` stores it; benchmarks/load/seed.py reads it)."""
        return key_digest(self.key)

    @property
    def key_path(self) -> str:
        """The key link's path, ``/t/<key>/``: whoever opens it joins the table."""
        return f"/t/{self.key}/"

    def replace_key(self) -> str:
        """Give the table a new key, whatever it is now (the operator's way; a
        phone's goes through ``replace_shown_key``): the old link stops working,
        phones that joined with it lose the table, and its games and nights get
        new watch links (docs/formats.md, "Tables: private by link, no accounts"). Returns the new
        key."""
        with transaction.atomic():
            self.key = new_key()
            self.save(update_fields=["key", "key_digest"])
            self._new_watch_links()
        return self.key

    @classmethod
    def replace_shown_key(cls, table_id: int, *, shown_digest: str, token: str) -> PrivateTable:
        """Replace table ``table_id``'s key if it is still the one whose digest
        the replace form showed (a compare-and-set in one UPDATE: of two phones
        replacing at once, one wins), with the games' and nights' watch links.
        The same form sent again after it won answers as it did.

        Raises ``KeyAlreadyReplaced`` when another form replaced the key since,
        and ``PrivateTable.DoesNotExist`` when ``shown_digest`` is another
        table's current key (the phone has that table, not this one)."""
        new = replacement_key(shown_digest, token)
        new_digest = key_digest(new)
        with transaction.atomic():
            swapped = cls.objects.filter(pk=table_id, key_digest=shown_digest).update(
                key=new, key_digest=new_digest
            )
            private_table = cls.objects.filter(key_digest__in=[shown_digest, new_digest]).first()
            if private_table is None:
                raise KeyAlreadyReplaced
            if private_table.pk != table_id:
                raise cls.DoesNotExist
            if swapped:
                private_table._new_watch_links()
        return private_table

    def _new_watch_links(self) -> None:
        """New watch tokens for every game, night and season of the table: the old
        watch links stop working with the old key."""
        watched_by_link: tuple[Any, ...] = (self.games, self.euchre_nights, self.seasons)
        for watched in watched_by_link:
            rows = list(watched.only("pk"))
            for row in rows:
                row.watch_token = new_watch_token()
            watched.bulk_update(rows, ["watch_token"], batch_size=500)

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
