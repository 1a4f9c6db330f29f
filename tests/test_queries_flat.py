"""What a screen or a change costs the database does not grow with the game
or with the history: each is counted at two sizes (a game at hand 2 and at
hand 62; a history of a few games or nights and of many) and the counts
compared. Exact counts are kept only where the number is the promise: a poll
that finds nothing changed asks one query (test_game_table, test_tables,
test_night_screens, test_night_live)."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.client import MULTIPART_CONTENT
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, Game, Player, ratings
from tests.documents import document, import_document, local, long_game
from tests.game_support import HTMX, fresh, our_table, record, url
from tests.night_support import a_played_night, play_round, start_night

pytestmark = pytest.mark.django_db

SHORT, LONG = 1, 61
BEN_CALLS = {"maker": "1", "trump": "H", "called": "S"}
BEN_WITH_DAN = {**BEN_CALLS, "partner": "3", "tricks": "3"}


def queries(ask: Callable[[], Any]) -> int:
    """The queries ``ask`` makes; it must be answered without an error."""
    with CaptureQueriesContext(connection) as captured:
        response = ask()
    assert response.status_code < 400, response.status_code
    return len(captured)


def a_game(hands: int, *, target: int = 99) -> Game:
    """A Call-Ace game of five after ``hands`` hands of every kind."""
    return fresh(import_document(long_game(hands, target=target)))


def with_a_call(game: Game) -> Game:
    """``game`` with Ben's call in progress (he calls the ace of spades)."""
    game.save_call(version=None, maker=1, trump="H", called="S")
    return fresh(game)


def posted(client: Client, name: str, game: Game, fields: dict[str, str], *args: Any) -> Any:
    """A form of the table posted by htmx, up to date, with a fresh token (a hand
    with the hands the phone saw, any other change with the version)."""
    seen = fresh(game)
    place = {"after": seen.hands_played} if name == "hand_enter" else {"version": seen.version}
    data = {**place, "token": str(uuid.uuid4()), **fields}
    return client.post(url(name, game, *args), data, content_type=MULTIPART_CONTENT, **HTMX)


# --- A game: its screens and changes at hand 2 and at hand 62 ------------------------------------

SCREENS: dict[str, Callable[[Client, Game], Any]] = {
    "the table": lambda client, game: client.get(url("game_table", game)),
    "the table for htmx": lambda client, game: client.get(url("game_table", game), **HTMX),
    "the table's poll when the game changed": lambda client, game: client.get(
        url("table_poll", game), {"version": "none"}, **HTMX
    ),
    # The answer to a phone that keeps its hand form: the parts that changed, no form.
    "the table's poll when the game changed, to a phone keeping its form": lambda client, game: (
        client.get(
            url("table_poll", game),
            {"version": "none", "names": game.private_table.shown_version, "form": "1"},
            **HTMX,
        )
    ),
    "the score sheet": lambda client, game: client.get(url("game_sheet", game)),
    "the score sheet's first page": lambda client, game: client.get(
        url("game_sheet", game), {"page": 1}
    ),
    "trump is made": lambda client, game: client.get(url("hand_start", game)),
    "a hand entered whole": lambda client, game: client.get(url("hand_enter", game)),
    "the deal out of turn": lambda client, game: client.get(url("hand_dealer", game)),
    "the first hand's edit": lambda client, game: client.get(url("hand_edit", game, 1)),
    "the first hand's history": lambda client, game: client.get(url("hand_history", game, 1)),
    "the watch link": lambda client, game: client.get(
        reverse("game_watch", args=[game.watch_token])
    ),
    "the watch link's poll when the game changed": lambda client, game: client.get(
        reverse("watch_poll", args=[game.watch_token]), {"version": "none"}
    ),
    "the game file": lambda client, game: client.get(url("game_export", game)),
    "the hands as CSV": lambda client, game: client.get(url("game_hands_csv", game)),
}


@pytest.mark.parametrize("screen", SCREENS)
def test_a_game_screen_costs_the_same_queries_at_hand_2_and_at_hand_62(
    client: Client, screen: str
) -> None:
    ask = SCREENS[screen]
    # Each game is asked for before the next is started: a watch link moves on
    # to the game its players start next (docs/decisions.md, D47).
    long = a_game(LONG)
    asked_long = queries(lambda: ask(client, long))
    short = a_game(SHORT)
    assert asked_long == queries(lambda: ask(client, short))


def test_the_hand_over_screen_costs_the_same_queries_at_hand_2_and_at_hand_62(
    client: Client,
) -> None:
    short, long = with_a_call(a_game(SHORT)), with_a_call(a_game(LONG))
    finish = [queries(lambda g=game: client.get(url("hand_finish", g))) for game in (short, long)]
    assert finish[0] == finish[1]


def test_the_result_costs_the_same_queries_for_a_short_game_and_a_long_one(
    client: Client,
) -> None:
    long = a_game(LONG, target=10)  # over before hand 61: the hands after it are kept
    assert long.is_finished
    short = a_game(long.hands_played, target=10)
    assert short.is_finished
    asked = []
    for game in (short, long):
        ratings._KEPT.clear()  # each counted with its table's games rated afresh (D57)
        asked.append(queries(lambda g=game: client.get(url("game_result", g))))
    assert asked[0] == asked[1]


# Each change as the table sends it: (the action, its fields, whether a call is in progress).
CHANGES: dict[str, tuple[str, dict[str, str], bool]] = {
    "trump made": ("hand_start", BEN_CALLS, False),
    "another call replacing one": ("hand_start", {**BEN_CALLS, "maker": "2"}, True),
    "a deal out of turn": ("hand_dealer", {"dealer": "3"}, False),
    "the call cancelled": ("hand_cancel", {}, True),
    "the hand over": ("hand_enter", {**BEN_CALLS, "partner": "3", "tricks": "3"}, True),
    "a hand entered whole": ("hand_enter", BEN_WITH_DAN, False),
    "a hand thrown in": ("hand_enter", {"thrown_in": "yes"}, False),
    "the last hand taken back": ("hand_undo", {}, False),
    "the hand before last edited": ("hand_edit", BEN_WITH_DAN, False),
}


@pytest.mark.parametrize("change", CHANGES)
def test_a_change_costs_the_same_queries_at_hand_2_and_at_hand_62(
    client: Client, change: str
) -> None:
    action, fields, in_progress = CHANGES[change]
    counts = []
    for hands in (SHORT, LONG):
        game = a_game(hands)
        if in_progress:
            game = with_a_call(game)
        args = (hands,) if action == "hand_edit" else ()
        counts.append(queries(lambda g=game, a=args: posted(client, action, g, fields, *a)))
    assert counts[0] == counts[1]


def test_a_hand_sent_again_costs_the_same_queries_at_hand_2_and_at_hand_62(
    client: Client,
) -> None:
    counts = []
    for hands in (SHORT, LONG):
        game = a_game(hands)
        data = {"after": game.hands_played, "token": str(uuid.uuid4()), **BEN_WITH_DAN}
        client.post(url("hand_enter", game), data, **HTMX)
        counts.append(queries(lambda g=game, d=data: client.post(url("hand_enter", g), d, **HTMX)))
    assert counts[0] == counts[1]


def test_a_euchre_nights_table_costs_no_more_queries_than_a_game(client: Client) -> None:
    night = EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"],
        rounds=2,
        rules=NightRules(hands_per_round=4),
        name="Club night",
        seed=7,
    )
    night_table = fresh(Game.objects.get(night_round__night=night, night_table=2))
    record(night_table, maker=night_table.seat_list()[0].player.name, trump="H", tricks=3)
    game = a_game(SHORT)
    at_night = queries(lambda: client.get(url("game_table", night_table)))
    assert at_night <= queries(lambda: client.get(url("game_table", game)))


# --- The history: a few games or nights, then many -----------------------------------------------


def finished_games(count: int, *, at: Any = None) -> None:
    """``count`` finished games: Cat marches alone to a target of 5, or Ann and
    Ben share a win, seated by ever new players."""
    for number in range(count):
        names = [f"P{(number + seat) % 9}" for seat in range(4)]
        hands = [{"maker": names[0], "trump": "S", "called": "S", "partner": "maker", "tricks": 5}]
        import_document(document("call-ace", names, hands, target=5), at=at)


HISTORY: dict[str, Callable[[Client], Any]] = {
    "the game list": lambda client: client.get(reverse("game_list")),
    "the game list for htmx": lambda client: client.get(reverse("game_list"), **HTMX),
    "the game list filtered": lambda client: client.get(
        reverse("game_list"),
        {"player": Player.objects.get(name="P2").pk, "variant": "call-ace"},
    ),
    "the game night": lambda client: client.get(reverse("game_night", args=[date(2025, 11, 21)])),
    "the player list": lambda client: client.get(reverse("player_list")),
    "the players as CSV": lambda client: client.get(reverse("player_list_csv")),
    "a player's page": lambda client: client.get(
        reverse("player_detail", args=[Player.objects.get(name="P3").pk])
    ),
    "home": lambda client: client.get(reverse("home")),
}


def test_each_history_screen_costs_the_same_queries_with_a_few_games_or_thirty(
    client: Client,
) -> None:
    # Every screen asked in the same order both times, on one history built once.
    night = local(2025, 11, 21, 20, 0)
    finished_games(4, at=night)
    few = {screen: queries(lambda ask=ask: ask(client)) for screen, ask in HISTORY.items()}
    finished_games(26, at=night)
    many = {screen: queries(lambda ask=ask: ask(client)) for screen, ask in HISTORY.items()}
    assert many == few


@pytest.mark.postgres
def test_a_players_page_costs_the_same_queries_with_one_euchre_night_or_three(
    client: Client,
) -> None:
    # A round played at each size: its tables are rated (counted afresh each time, D57).
    play_round(start_night().rounds.get(), 4)
    ben = Player.objects.get(name="Ben")
    ratings._KEPT.clear()
    one = queries(lambda: client.get(reverse("player_detail", args=[ben.pk])))
    for seed in (8, 9):
        play_round(start_night(seed=seed).rounds.get(), 4)
    ratings._KEPT.clear()
    assert queries(lambda: client.get(reverse("player_detail", args=[ben.pk]))) == one


@pytest.mark.parametrize("address", ["game_list", "game_night"])
def test_the_game_lists_cost_the_same_queries_with_euchre_nights_or_without(
    client: Client, address: str
) -> None:
    ben_wins = [{"maker": "Ben", "trump": "S", "tricks": 5, "alone": True}] * 3
    game = import_document(document("standard", ["Ben", "Cat", "Dan", "Eve"], ben_wins))
    where = reverse(address, args=[game.game_night] if address == "game_night" else [])
    without = queries(lambda: client.get(where))
    a_played_night()
    play_round(start_night(seed=3).rounds.get(), 4)
    assert queries(lambda: client.get(where)) == without


def big_night(players: int, rounds: int) -> EuchreNight:
    """A euchre night of ``players`` seated for ``rounds`` rounds, two tables
    of each round with two hands played."""
    night = EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=[f"Player {n:02d}" for n in range(1, players + 1)],
        rounds=rounds,
        rules=NightRules(hands_per_round=4),
        seed=7,
    )
    for _ in range(2, rounds + 1):
        night.seat_next_round(version=None)
    for game in Game.objects.filter(night_round__night=night, night_table__lte=2):
        maker = fresh(game).seat_list()[0].player.name
        record(game, maker=maker, trump="H", tricks=5, alone=True)
        record(game, maker=maker, trump="S", tricks=2)
    return EuchreNight.objects.get(pk=night.pk)


NIGHT_SCREENS: dict[str, Callable[[Client, EuchreNight], Any]] = {
    "the night": lambda client, night: client.get(reverse("night_detail", args=[night.pk])),
    "the night's poll when it changed": lambda client, night: client.get(
        reverse("night_state", args=[night.pk]), {"version": "none"}, **HTMX
    ),
    "the first round": lambda client, night: client.get(reverse("night_round", args=[night.pk, 1])),
    "the standings": lambda client, night: client.get(reverse("night_standings", args=[night.pk])),
    "the night's watch link": lambda client, night: client.get(
        reverse("night_watch", args=[night.watch_token])
    ),
    "the night list": lambda client, night: client.get(reverse("night_list")),
}


@pytest.mark.parametrize("screen", NIGHT_SCREENS)
@pytest.mark.postgres
def test_a_euchre_night_screen_costs_the_same_queries_for_8_players_or_24_over_4_rounds(
    client: Client, screen: str
) -> None:
    ask = NIGHT_SCREENS[screen]
    small, big = big_night(8, 1), big_night(24, 4)
    assert queries(lambda: ask(client, big)) == queries(lambda: ask(client, small))


def test_the_scorers_call_and_own_hand_answered_as_a_poll_cost_the_same_at_hand_2_and_62(
    client: Client,
) -> None:
    """Save the call answered with the live patch (``?form=&names=``, hand.js), and
    the outbox's hand (the table drawn) with the patch poll that brings the table up after it."""
    calls, hands = [], []
    for played in (SHORT, LONG):
        game = a_game(played)
        keeps = f"?form={played + 1}&names={game.private_table.shown_version}"
        data = {"version": game.version, "token": str(uuid.uuid4()), **BEN_CALLS}
        start = f"{url('hand_start', game)}{keeps}"
        calls.append(queries(lambda s=start, d=data: client.post(s, d, **HTMX)))
        poll = f"{url('table_poll', game)}{keeps}&version={fresh(game).version}"
        entry = {**BEN_WITH_DAN, "after": str(played), "token": str(uuid.uuid4())}
        enter = url("hand_enter", game)
        sent = queries(lambda e=enter, d=entry: client.post(e, d, **HTMX))
        hands.append(sent + queries(lambda p=poll: client.get(p, **HTMX)))
    assert calls[0] == calls[1]
    assert hands[0] == hands[1]
