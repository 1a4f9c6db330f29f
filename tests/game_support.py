"""Shared set-up for the game-flow tests: games, hands and form posts in the table's words."""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from typing import Any

from django.test import Client
from django.test.client import MULTIPART_CONTENT
from django.urls import reverse

from referee.engine.reading import read_hand
from referee.engine.variants import HouseRules, Variant, house_rules_from_dict
from scorekeeper.models import Game, Hand, PrivateTable

FIVE = ("Ann", "Ben", "Cat", "Dan", "Eve")
FOUR = ("Ann", "Ben", "Cat", "Dan")
HTMX = {"HTTP_HX_REQUEST": "true"}
# The tests' own private table: the `client` and browser `context` fixtures
# (conftest.py) have joined it, so the games made here are theirs to see.
TEST_TABLE_KEY = "the-tests-own-table-key-0123456789"


def our_table() -> PrivateTable:
    """The private table the test phones have joined (made on first use)."""
    private_table, _ = PrivateTable.objects.get_or_create(
        key=TEST_TABLE_KEY, defaults={"name": "Tests"}
    )
    return private_table


def start_game(
    variant: str = "call-ace",
    players: tuple[str, ...] = FIVE,
    *,
    first_dealer: int = 0,
    private_table: PrivateTable | None = None,
    **rules: Any,
) -> Game:
    """A game as Game.start makes it, at ``table`` (the tests' own table unless
    given); ``rules`` as in the game document
    (docs/formats.md, "Game document (import and export)")."""
    kind = Variant(variant)
    house: HouseRules = house_rules_from_dict(kind, rules)
    return Game.start(
        variant=kind,
        players=players,
        first_dealer=first_dealer,
        rules=house,
        private_table=private_table or our_table(),
    )


def record(game: Game, **document: Any) -> Hand:
    """Record a hand given in the game document's words (names, suits, tricks)."""
    game.refresh_from_db()
    hand = read_hand(game.setup, document)
    return game.record_hand(token=uuid.uuid4(), hand=hand, after=game.hands_played)


def fresh(game: Game) -> Game:
    return Game.objects.for_table().get(pk=game.pk)


def poll_address(html: str) -> str:
    """The address a screen's poller asks every few seconds, as htmx reads it."""
    found = re.search(r'class="poller" hx-get="([^"]+)"', html)
    assert found is not None
    return found.group(1).replace("&amp;", "&")


def url(name: str, game: Game, *args: Any) -> str:
    return reverse(name, args=[game.pk, *args])


def post(
    client: Client,
    address: str,
    game: Game,
    data: dict[str, Any] | None = None,
    *,
    htmx: bool = False,
    token: str | None = None,
    version: int | None = None,
    after: int | None = None,
) -> Any:
    """Post a form of the game flow as a phone would, with a token: a hand (to
    ``hand_enter``) with ``after``, the hands the phone saw (the game's unless
    given), as the page and its outbox post it; any other change with the version
    it shows."""
    game.refresh_from_db()
    if address.endswith("/hand/enter/"):
        assert version is None, "a hand is not asked its version"
        seen = {"after": game.hands_played if after is None else after}
    else:
        seen = {"version": game.version if version is None else version}
    fields = {**seen, "token": token or str(uuid.uuid4()), **(data or {})}
    extra = HTMX if htmx else {}
    return client.post(address, fields, content_type=MULTIPART_CONTENT, **extra)


def new_game_form(players: Sequence[str] = FOUR, **changes: str) -> dict[str, Any]:
    """The new-game form as a phone posts it: standard euchre for four, or Call-Ace for five
    or more; ``changes`` override its fields (a seat's name, say)."""
    return {
        "token": str(uuid.uuid4()),
        "variant": "standard" if len(players) == 4 else "call-ace",
        **{f"player_{seat}": name for seat, name in enumerate(players)},
        "first_dealer": "0",
        "target": "10",
        "stick_the_dealer": "on",
        "deal": "standard",
        "renege": "march-or-euchre",
        "action": "start",
        **changes,
    }
