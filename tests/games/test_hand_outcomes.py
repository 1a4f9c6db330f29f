"""The table screen's table of outcomes (scorekeeper/games/outcomes.py, docs/decisions.md, D50):
what the phone shows for a hand, before any round trip, is what the server's form reads
and the game records, for every hand of the game's space (every maker, partner, alone,
tricks and renege), and every call the phone lets through is one the server takes."""

from __future__ import annotations

import gzip
import itertools
import json
import uuid
from typing import Any

import pytest
from django.test import Client

from referee.engine.hands import GameSetup
from referee.engine.reading import read_hand
from referee.engine.totals import GameState, RoundRules, continue_game
from referee.engine.variants import HouseRules, Variant
from scorekeeper.games import outcomes
from scorekeeper.games.forms.hands import CallForm, TableHandForm, WholeHandForm
from scorekeeper.games.outcomes import call_space
from scorekeeper.models import Game
from tests.game_support import FIVE, FOUR, fresh, our_table, record, start_game, url
from tests.hand_support import as_recorded, outcomes_of, posted, read, shown_errors

pytestmark = pytest.mark.django_db

SIX = (*FIVE, "Fay")


def said(parts: Any, players: list[str]) -> str:
    """An explanation or message of the table in words, as static/js/hand.js says it:
    a string is words, a number a seat's name, a list of numbers those seats' names."""
    if isinstance(parts, str):
        return parts
    words = []
    for part in parts:
        if isinstance(part, int):
            words.append(players[part])
        elif isinstance(part, list):
            names = [players[seat] for seat in part]
            words.append(
                names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
            )
        else:
            words.append(part)
    return "".join(words)


def shown(entry: list[Any], players: list[str]) -> list[Any]:
    """An entry of ``r`` as the phone shows it: its explanation or messages in words."""
    if entry[0] is None:
        messages = [[field, said(message, players)] for field, message in entry[1]]
        # The phone begins a message with a capital, as the forms do, a name too.
        return [None, [[field, text[:1].upper() + text[1:]] for field, text in messages]]
    points, explanation, citation, link = entry
    return [points, said(explanation, players), citation, link]


def a_night_table() -> Game:
    """A euchre night's standard table, where a lone march scores 5 (docs/rules.md,
    Euchre night 4)."""
    return Game.start(
        variant=Variant.STANDARD,
        players=FOUR,
        first_dealer=0,
        rules=start_game("standard", FOUR).house_rules,
        private_table=our_table(),
        round_rules=RoundRules(hands=8, lone_march_five=True),
    )


def a_game_near_zero_under_offender_loses_2() -> Game:
    """Totals of 0, 1 and more: a renege's penalty takes a total to 0, never below."""
    game = start_game(players=FIVE, renege="offender-loses-2")
    record(game, maker="Ben", trump="H", called="S", partner="maker", tricks=3)
    record(game, maker="Cat", trump="H", called="S", partner="Dan", tricks=5)
    return fresh(game)


GAMES = {
    "call-ace, 4 players": lambda: start_game(players=FOUR),
    "call-ace, 5 players": lambda: start_game(players=FIVE),
    "call-ace, 6 players": lambda: start_game(players=SIX),
    "call-ace, offender loses 2": a_game_near_zero_under_offender_loses_2,
    "call-your-partner": lambda: start_game("call-your-partner", FIVE),
    "standard": lambda: start_game("standard", FOUR),
    "a night's standard table": a_night_table,
}


@pytest.mark.parametrize("kind", GAMES)
def test_every_hand_the_phone_scores_is_scored_as_the_server_reads_and_records_it(
    kind: str,
) -> None:
    game = fresh(GAMES[kind]())
    outcome_table = outcomes_of(game)
    form = TableHandForm(game=game)
    partners = [str(v) for v, _ in getattr(form.fields.get("partner"), "choices", [])]
    checked = 0
    for maker in range(game.setup.n):
        sides = outcome_table["index"][str(maker)]
        # Every side the form offers, the maker never their own partner.
        expected = {p for p in partners if p != str(maker)}
        expected |= {"alone"} if outcome_table["sides"]["alone"] == "alone" else set()
        expected |= {"team"} if outcome_table["sides"]["other"] == "team" else set()
        assert set(sides) == expected
        for side, by_tricks in sides.items():
            assert len(by_tricks) == game.setup.deal.tricks + 1
            for tricks, by_renege in enumerate(by_tricks):
                assert len(by_renege) == game.setup.n + 1
                for renege, index in enumerate(by_renege):
                    data = posted(game, str(maker), side, tricks, renege)
                    form = read(game, data)
                    entry = shown(outcome_table["results"][index], outcome_table["players"])
                    if form.is_valid():
                        assert entry == as_recorded(game, form), data
                    else:
                        assert entry == [None, shown_errors(form)], data
                    checked += 1
    assert checked == sum(
        len(t) * len(t[0]) for s in outcome_table["index"].values() for t in s.values()
    )


@pytest.mark.postgres
def test_the_points_shown_are_the_ones_a_hand_saved_from_the_table_records(
    client: Client,
) -> None:
    game = a_game_near_zero_under_offender_loses_2()
    outcome_table = outcomes_of(game)
    # Cat made it alone with 3 tricks; Ben (1 point) reneged and loses 2, down to 0.
    entry = shown(
        outcome_table["results"][outcome_table["index"]["2"]["maker"][3][1 + 1]],
        outcome_table["players"],
    )
    before = [seat.total for seat in game.seat_list()]
    data = posted(game, "2", "maker", 3, 1 + 1)
    response = client.post(
        url("hand_enter", game), {**data, "after": game.hands_played, "token": uuid.uuid4()}
    )
    assert response.status_code == 303
    after = [seat.total for seat in fresh(game).seat_list()]
    assert [a - b for a, b in zip(after, before, strict=True)] == entry[0] == [0, -1, 1, 0, 0]
    assert fresh(game).hands.last().explanation == entry[1]


CALL_GAMES = {
    "call-ace, the seed deal at six (no card turned up)": lambda: start_game(
        players=SIX, deal="seed"
    ),
    "call-your-partner": lambda: start_game("call-your-partner", FIVE),
    "standard with no trump": lambda: start_game("standard", FOUR, no_trump=True),
}


@pytest.mark.parametrize("kind", CALL_GAMES)
def test_every_call_the_phone_refuses_the_server_refuses_with_the_same_words(kind: str) -> None:
    game = fresh(CALL_GAMES[kind]())
    outcome_table = outcomes_of(game)
    space = call_space(TableHandForm(game=game))
    names = [name for name, _ in space]
    asks_called = dict(space)["called"] != ("",)
    refused = 0
    for values in itertools.product(*(values for _, values in space)):
        call = {name: value for name, value in zip(names, values, strict=True) if value}
        if not call.get("trump") or (asks_called and not call.get("called")):
            continue
        alone = call.get("alone") == "yes" or call.get("called") == "alone"
        end = {"tricks": "3"} if alone or not asks_called else {"tricks": "3", "partner": "none"}
        base = {"maker": "1", "after": game.hands_played, "token": uuid.uuid4()}
        saved = CallForm({**base, **call, "version": game.version}, game=game)
        whole = WholeHandForm({**base, **call, **end}, game=game)
        key = "|".join(values)
        if key in outcome_table["calls"]:
            refused += 1
            assert not saved.is_valid(), key
            assert not whole.is_valid(), key
            assert outcome_table["calls"][key] == shown_errors(saved), key
            assert all(isinstance(message, str) for _, message in outcome_table["calls"][key])
            assert set(map(tuple, outcome_table["calls"][key])) <= set(
                map(tuple, shown_errors(whole))
            )
        else:
            assert saved.is_valid(), (key, saved.errors)
            assert whole.is_valid(), (key, whole.errors)
    assert refused  # each of these games refuses some calls


def test_the_table_of_a_five_player_game_is_small_on_the_wire() -> None:
    game = start_game(players=FIVE)
    outcome_table = outcomes_of(game)
    assert len(gzip.compress(json.dumps(outcome_table).encode())) < 6_000


def test_a_room_of_tables_shares_one_table_of_outcomes_and_each_names_its_own_players() -> None:
    """More tables than the kept tables of outcomes hold (64), each with a player of its
    own: the scores are worked out once for them all (docs/decisions.md, D54); the
    table names nobody, so each drawing is the same but for its names and totals,
    and the phone says every explanation with its own players' names, a name with
    a backslash, a dollar or braces taken as it is written."""
    outcomes._kind_results.cache_clear()
    first = None
    for number in range(70):
        guest = f"Guest {number} \\1 $0 {{1}}"
        players = (*FIVE[:4], guest)
        outcome_table = outcomes_of(start_game(players=players))
        assert outcome_table["players"] == list(players)
        names_nobody = {key: value for key, value in outcome_table.items() if key != "players"}
        first = first or names_nobody
        assert names_nobody == first
        assert not any(name in json.dumps(names_nobody) for name in players)
        explanations = [
            said(entry[1], outcome_table["players"])
            for entry in outcome_table["results"]
            if entry[0]
        ]
        assert any(f"Renege by {guest}, a defender" in text for text in explanations)
        for other in (f"Guest {number - 1} ", "Fay"):
            assert all(other not in explanation for explanation in explanations)
    assert outcomes._kind_results.cache_info().misses == 1


def test_an_explanation_and_a_message_that_name_players_name_them_by_seat() -> None:
    # A lone hand in standard euchre: the maker's partner sits out and cannot renege.
    outcome_table = outcomes_of(start_game("standard", FOUR))
    lone_march = outcome_table["results"][outcome_table["index"]["1"]["alone"][5][0]]
    assert lone_march[1] == ["Alone march: ", 1, " alone took all 5 tricks, 4 to ", [1, 3], "."]
    assert said(lone_march[1], outcome_table["players"]) == (
        "Alone march: Ben alone took all 5 tricks, 4 to Ben and Dan."
    )
    refused = outcome_table["results"][outcome_table["index"]["1"]["alone"][3][3 + 1]]
    assert refused[0] is None
    assert refused[1] == [
        ["renege", [3, " sits out a lone hand and plays no cards, so cannot renege"]]
    ]


# Every kind of hand, in the game document's words, at a standard table with the
# Canadian loner and a five-player Call-Ace table: each passes the deal on.
STANDARD_KINDS = [
    {"maker": "Ben", "trump": "H", "tricks": 3},
    {"maker": "Cat", "trump": "H", "tricks": 5, "round": 1, "alone": True},  # Canadian loner
    {"maker": "Dan", "trump": "S", "tricks": 1},
    {"thrown_in": True},  # a misdeal
]
CALL_ACE_KINDS = [
    {"maker": "Ben", "trump": "H", "called": "S", "partner": "Dan", "tricks": 5},
    {"maker": "Cat", "trump": "S", "called": "S", "partner": "maker", "tricks": 4},
    {"maker": "Dan", "trump": "C", "called": "H", "partner": "none", "tricks": 1},
    {"maker": "Eve", "trump": "D", "called": "D", "partner": "Ann", "tricks": 3, "renege": "Ann"},
    {"thrown_in": True},
]


@pytest.mark.parametrize(
    ("variant", "players", "rules", "kinds"),
    [
        (Variant.STANDARD, FOUR, {"canadian_loner": True}, STANDARD_KINDS),
        (Variant.CALL_ACE, FIVE, {}, CALL_ACE_KINDS),
    ],
)
@pytest.mark.parametrize("first_dealer", [0, 2])
def test_the_deal_order_sent_with_the_page_is_the_engines_after_every_kind_of_hand(
    variant: Variant,
    players: tuple[str, ...],
    rules: dict[str, bool],
    kinds: list[dict[str, Any]],
    first_dealer: int,
) -> None:
    """The phone names the dealer after the hands waiting on it from ``deals`` (outbox.js):
    after any kind of hand, a misdeal and a Canadian loner's included, it is the engine's."""
    setup = GameSetup(variant=variant, players=players, rules=HouseRules(**rules))
    order = outcomes.deal_order(setup, first_dealer)
    assert len(order) == setup.n
    for kinds_in_turn in itertools.permutations(kinds, 3):
        state = GameState(number=0, dealer=first_dealer, totals=(0,) * setup.n)
        for waiting, kind in enumerate(kinds_in_turn):
            shown = order[waiting % len(order)]
            assert shown["deals"] == setup.name(state.dealer)
            assert shown["leads"] == setup.name((state.dealer + 1) % setup.n)
            hand = read_hand(setup, kind, dealer=state.dealer)
            _, state = continue_game(setup, state, hand)
        assert order[3 % len(order)]["deals"] == setup.name(state.dealer)
    # The scoreboard row that carries the dealer's tag: the dealer's side's first seat.
    assert [entry["row"] for entry in order][:2] == [
        next(side[0] for side in setup.sides() if seat in side)
        for seat in (first_dealer, (first_dealer + 1) % setup.n)
    ]
