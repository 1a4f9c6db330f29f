"""The table of outcomes a kind of table shares, fetched once from an address of its
own (scorekeeper/games/outcomes.py, docs/decisions.md, D61): the same address for every
game of a kind, another for another kind, kept for good by the phone and every cache;
what the phone puts together from it and a drawing is the game's whole table."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from referee.engine.variants import HouseRules, Variant
from scorekeeper.games import outcomes
from scorekeeper.games.outcomes import Kind
from scorekeeper.models import Game
from scorekeeper.web.pwa import OUTCOMES_PREFIX
from tests.game_support import FIVE, FOUR, HTMX, fresh, poll_address, record, start_game, url
from tests.hand_support import outcomes_of

pytestmark = pytest.mark.django_db


def linked(client: Client, game: Game) -> tuple[str, dict[str, Any]]:
    """The table screen's link to its kind's table of outcomes, and the drawing's part."""
    html = client.get(url("game_table", game)).content.decode()
    found = re.search(r'data-outcomes="([^"]+)"', html)
    assert found is not None
    drawn = re.search(r'<script id="hand-outcomes" type="application/json">(.*?)</script>', html)
    assert drawn is not None
    return found.group(1), json.loads(drawn.group(1))


def put_together(client: Client, game: Game) -> dict[str, Any]:
    """The table as the phone puts it together (static/js/hand.js): the kind's, fetched
    from its address, and the drawing's; a result's points from these totals where
    the drawing says them (``adjusted``)."""
    address, drawn = linked(client, game)
    kind = json.loads(client.get(address).content)
    outcome_table = {**kind, **drawn}
    outcome_table["results"] = [
        [drawn["adjusted"][str(i)], *entry[1:]] if str(i) in drawn["adjusted"] else entry
        for i, entry in enumerate(kind["results"])
    ]
    return outcome_table


def test_two_games_of_one_kind_share_the_address_and_another_kind_has_its_own(
    client: Client,
) -> None:
    ann, _ = linked(client, start_game(players=FIVE))
    others, _ = linked(client, start_game(players=("Zoë", "Yan", "Xi", "Wyn", "Val")))
    four, _ = linked(client, start_game(players=FOUR))
    loses_2, _ = linked(client, start_game(players=FIVE, renege="offender-loses-2"))
    standard, _ = linked(client, start_game("standard", FOUR))
    assert ann == others
    assert len({ann, four, loses_2, standard}) == 4
    assert ann.startswith(OUTCOMES_PREFIX)  # the service worker keeps it


def test_the_address_is_kept_for_good_and_names_nobody(client: Client) -> None:
    game = start_game(players=FIVE)
    address, drawn = linked(client, game)
    answer = client.get(address)
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/json"
    assert answer["Cache-Control"] == "public, max-age=31536000, immutable"
    tag = answer["ETag"]
    assert tag.strip('"') in address
    assert not any(name in answer.content.decode() for name in FIVE)
    assert drawn["players"] == list(FIVE)
    again = client.get(address, headers={"If-None-Match": tag})
    assert again.status_code == 304
    # Anyone may ask: it names nobody (a phone that never joined the table).
    assert Client().get(address).status_code == 200


def test_a_kind_no_process_has_seen_is_worked_out_from_its_address(client: Client) -> None:
    """Another process (or this one restarted) answers the address of a kind it never
    drew: the address says the kind."""
    game = start_game("call-ace", FOUR, deal="seed", renege="offender-loses-2")
    address, _ = linked(client, game)
    seen = client.get(address).content
    outcomes.kind_outcomes.cache_clear()
    outcomes._kind_results.cache_clear()
    assert client.get(address).content == seen


def test_an_address_from_before_a_change_answers_the_table_now_not_kept(client: Client) -> None:
    address, _ = linked(client, start_game(players=FIVE))
    old = re.sub(r"/[0-9a-f]{16}/$", "/0123456789abcdef/", address)
    answer = client.get(old)
    assert answer.status_code == 200
    assert answer.content == client.get(address).content
    assert answer["Cache-Control"] == "no-cache"


@pytest.mark.parametrize(
    "slug",
    [
        "call-ace.5.10.100.standard.march-or-euchre.share",
        "call-ace.9.10.100.standard.march-or-euchre.share.0",
        "call-ace.5.010.100.standard.march-or-euchre.share.0",
        "call-ace.5.1000.100.standard.march-or-euchre.share.0",
        "call-ace.5.10.1.standard.march-or-euchre.share.0",
        "poker.5.10.100.standard.march-or-euchre.share.0",
        "call-ace.5.10.100.standard.march-or-euchre.shared.0",
        "call-ace.\u0665.10.100.standard.march-or-euchre.share.0",
    ],
)
def test_an_address_that_names_no_kind_is_not_found(client: Client, slug: str) -> None:
    assert client.get(f"{OUTCOMES_PREFIX}{slug}/0123456789abcdef/").status_code == 404


def test_what_the_phone_puts_together_is_the_games_whole_table(client: Client) -> None:
    """Totals of 0, 1 and more under "offender loses 2": a penalty stops a total at 0,
    and the drawing says those points; the rest are the kind's."""
    game = start_game(players=FIVE, renege="offender-loses-2")
    record(game, maker="Ben", trump="H", called="S", partner="maker", tricks=3)
    record(game, maker="Cat", trump="H", called="S", partner="Dan", tricks=5)
    whole = outcomes_of(game)
    phone = put_together(client, fresh(game))
    assert phone["adjusted"]  # some penalties stop at 0 here
    for key in ("players", "totals", "sides", "index", "results"):
        assert phone[key] == json.loads(json.dumps(whole[key])), key


@pytest.mark.parametrize("five", [False, True])
def test_a_kind_is_read_back_from_its_address(five: bool) -> None:
    """A euchre night's lone march of five included (docs/rules.md, Euchre night 4)."""
    kind = Kind(Variant.STANDARD, 4, HouseRules(no_trump=True), five)
    assert Kind.from_slug(kind.slug) == kind


def test_a_poll_after_a_hand_brings_what_changed_and_links_the_kinds_table(
    client: Client,
) -> None:
    """A phone following the game sees the totals, the hand just recorded, who deals
    and, once another phone saves it, the call; the kind's table is not sent again."""
    game = start_game(players=FIVE, first_dealer=0)
    html = client.get(url("game_table", game)).content.decode()
    address = poll_address(html)
    record(game, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    live = client.get(address, **HTMX)
    assert live.status_code == 200
    text = live.content.decode()
    assert '<span class="score-total">1</span>' in text  # Ben and Dan: 1 point each
    assert "Hand 1 · Ben +1 · Dan +1" in text
    assert '<strong class="deal-dealer">Ben</strong>' in text
    drawn = re.search(r'<script id="hand-outcomes" type="application/json">(.*?)</script>', text)
    assert drawn is not None
    assert set(json.loads(drawn.group(1))) == {"players", "totals", "adjusted", "deals"}
    assert json.loads(drawn.group(1))["totals"] == [0, 1, 0, 1, 0]
    assert f'data-outcomes="{linked(client, game)[0]}"' in text
    # Another phone saves the call: the next poll says it.
    fresh(game).save_call(version=fresh(game).version, maker=2, trump="S", called="H")
    called = client.get(poll_address(text), **HTMX).content.decode()
    assert "Cat made ♠ spades and calls the ace of ♥ hearts" in re.sub(r"<[^>]+>", "", called)
