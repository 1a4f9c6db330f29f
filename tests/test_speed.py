"""Fast at every size (docs/decisions.md, D32): the poll that finds nothing changed is one
query and no body (what every query costs as a game or a history grows is
tests/test_queries_flat.py's; timing is `make load`'s), pages go out
compressed, and the figures cached to get there (the totals a hand is added
to, each seat's statistics, the game's hand count) stay what a count from
scratch gives."""

from __future__ import annotations

import gzip
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.db import models
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.hands import GameSetup, HandError, PartnerOutcome
from referee.engine.scoring import EUCHRE_RULES, MAKE_RULES, MARCH_RULES, RENEGE_RULES
from referee.engine.variants import Variant
from scorekeeper.models import Game, Player, Seat, SeatPair
from scorekeeper.models.game_hands import GameOver
from scorekeeper.models.records import PAIR_FIGURES, RESULT_FIGURES, SEAT_FIGURES, pair_figures
from tests.engine.test_engine_properties import game_setups, hands
from tests.game_support import FIVE, HTMX, fresh, our_table, record, start_game, url

pytestmark = pytest.mark.django_db

CAT_MAKES = {"maker": "Cat", "trump": "H", "called": "S", "partner": "Ann", "tricks": 3}
DAN_EUCHRED = {"maker": "Dan", "trump": "C", "called": "H", "partner": "Eve", "tricks": 1}


def game_with(hands_before: int) -> Game:
    """A five-player Call-Ace game, far from its end, after ``hands_before``
    hands: each made by the next player with a partner (a point each)."""
    game = start_game(target=99)
    for number in range(hands_before):
        maker, partner = FIVE[number % 5], FIVE[(number + 2) % 5]
        record(game, maker=maker, trump="H", called="S", partner=partner, tricks=3)
    return fresh(game)


# --- Recording a hand ----------------------------------------------------------------------------


def test_a_hand_added_to_the_cached_totals_scores_as_the_whole_game_rescored() -> None:
    game = start_game(target=10, ties="play-on")
    for document in (CAT_MAKES, DAN_EUCHRED, CAT_MAKES, CAT_MAKES, DAN_EUCHRED, CAT_MAKES):
        record(game, **document)
    game = fresh(game)
    cached = [(h.points, h.totals, h.rule, h.after_end) for h in game.hand_list()]
    totals = [s.total for s in game.seat_list()]
    state = (game.finished_at is not None, game.hands_played, game.played_on)
    with game._changing(None) as locked:
        assert locked is not None
        locked.recompute()
    game = fresh(game)
    assert [(h.points, h.totals, h.rule, h.after_end) for h in game.hand_list()] == cached
    assert [s.total for s in game.seat_list()] == totals
    assert (game.finished_at is not None, game.hands_played, game.played_on) == state


# --- The poll -------------------------------------------------------------------------------------


def test_the_poll_when_nothing_changed_is_one_query_and_no_body(
    client: Client, django_assert_num_queries: Callable[..., Any]
) -> None:
    game = game_with(3)
    with django_assert_num_queries(1):
        response = client.get(url("table_poll", game), {"version": game.version}, **HTMX)
    assert response.status_code == 204
    assert response.content == b""


# --- On the wire ----------------------------------------------------------------------------------


def test_pages_are_gzipped_for_a_phone_that_accepts_it(client: Client) -> None:
    game = game_with(3)
    response = client.get(url("game_table", game), HTTP_ACCEPT_ENCODING="gzip, br")
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    html = gzip.decompress(response.content).decode()
    assert "Cat" in html
    assert len(response.content) < len(html.encode()) / 2


def test_the_csrf_token_in_a_compressed_page_differs_on_every_response(client: Client) -> None:
    # BREACH guesses a secret repeated in compressed pages; Django masks it afresh each time.
    game = game_with(1)

    def token() -> str:
        response = client.get(url("game_table", game), HTTP_ACCEPT_ENCODING="gzip")
        found = re.search(r'"X-CSRFToken": "([^"]+)"', gzip.decompress(response.content).decode())
        assert found is not None
        return found.group(1)

    assert token() != token()


# --- Each seat's statistics, cached, against a count from scratch ---------------------------------


def records_from_every_hand() -> dict[str, dict[str, int]]:
    """Each player's hand figures counted over every hand of every game: how the
    records were counted before the seats kept them (the reference here)."""

    def hand(path: str) -> str:
        return f"seats__game__hands__{path}"

    position = models.F("seats__position")
    counted = models.Q(**{hand("after_end"): False, hand("thrown_in"): False})
    as_maker = counted & models.Q(**{hand("maker"): position})
    partnered = counted & (
        models.Q(**{hand("outcome"): PartnerOutcome.REVEALED, hand("partner"): position})
        | models.Q(
            **{hand("outcome"): PartnerOutcome.TEAM},
            seats__position=(models.F(hand("maker")) + 2) % 4,
        )
    )

    def rules(group: frozenset[str]) -> models.Q:
        return as_maker & models.Q(**{hand("rule__in"): sorted(group)})

    alone = (PartnerOutcome.MAKER_HELD, PartnerOutcome.ALONE)
    conditions = {
        "hands_made": as_maker,
        "makes": rules(MAKE_RULES),
        "marches": rules(MARCH_RULES),
        "euchred": rules(EUCHRE_RULES),
        "decided_by_renege": rules(RENEGE_RULES),
        "alone_calls": as_maker & models.Q(**{hand("outcome__in"): alone}),
        "alone_not_in_play": as_maker & models.Q(**{hand("outcome"): PartnerOutcome.NOT_IN_PLAY}),
        "partnered": partnered,
        "reneges": counted & models.Q(**{hand("renege"): position}),
    }
    rows = Player.objects.annotate(
        **{name: models.Count(hand("pk"), filter=where) for name, where in conditions.items()}
    )
    return {p.name: {name: getattr(p, name) for name in conditions} for p in rows}


def cached_records() -> dict[str, dict[str, int]]:
    return {
        p.name: {name: getattr(p, name) for name in SEAT_FIGURES}
        for p in Player.objects.with_records()
    }


def cached_pairs(game: Game) -> dict[tuple[int, int], dict[str, int]]:
    """Each ordered pair of ``game``'s seats' cached figures, by positions."""
    pairs = SeatPair.objects.filter(seat__game=game).select_related("seat", "other")
    return {
        (pair.seat.position, pair.other.position): {f: getattr(pair, f) for f in PAIR_FIGURES}
        for pair in pairs
    }


@st.composite
def histories(draw: st.DrawFn) -> tuple[GameSetup, int, list[tuple[str, Any]]]:
    """A table, its first dealer and what the scorer did: hands recorded,
    edited, undone, a dealer noted out of turn."""
    setup = draw(game_setups())
    steps = st.one_of(
        st.tuples(st.just("record"), hands(setup)),
        st.tuples(st.just("edit"), st.tuples(st.integers(1, 8), hands(setup))),
        st.tuples(st.just("undo"), st.none()),
        st.tuples(st.just("dealer"), st.integers(0, setup.n - 1)),
    )
    first_dealer = draw(st.integers(0, setup.n - 1))
    return setup, first_dealer, draw(st.lists(steps, max_size=10))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(histories())
@pytest.mark.postgres
def test_each_seats_cached_statistics_match_a_count_over_every_hand(
    history: tuple[GameSetup, int, list[tuple[str, Any]]],
) -> None:
    setup, first_dealer, steps = history
    game = Game.start(
        variant=setup.variant,
        players=setup.players,
        first_dealer=first_dealer,
        rules=setup.rules,
        private_table=our_table(),
    )
    for kind, value in steps:
        game = fresh(game)
        try:
            if kind == "record":
                game.record_hand(token=None, hand=value)
            elif kind == "edit" and value[0] <= game.hands.count():
                number, hand = value
                game.edit_hand(
                    version=game.version, number=number, hand=hand, confirm_earlier_end=True
                )
            elif kind == "undo":
                game.undo_last_hand(version=game.version)
            elif kind == "dealer":
                game.set_dealer(version=game.version, dealer=value)
        except (GameOver, HandError):
            pass  # refused, as the screen would: nothing stored
    assert cached_records() == records_from_every_hand()
    game = fresh(game)
    assert cached_pairs(game) == pair_figures(game.hand_list(), setup.n)
    score = game.score()
    shared = setup.variant != Variant.STANDARD and len(score.winners) > 1
    assert [(s.finished, s.won, s.shared_win) for s in game.seat_list()] == [
        (score.finished, p in score.winners, p in score.winners and shared) for p in range(setup.n)
    ]
    assert [s.total for s in game.seat_list()] == list(score.totals)
    assert game.hands_played == len(score.counted_hands)
    assert game.is_finished == score.finished
    assert kept_results() == counted_results()


def kept_results() -> dict[str, tuple[int, ...]]:
    """Each player's results as the players list reads them (kept on the player)."""
    players = Player.objects.with_results()
    return {p.name: tuple(getattr(p, name) for name in RESULT_FIGURES) for p in players}


def counted_results() -> dict[str, tuple[int, ...]]:
    """Each player's results counted from their seats afresh (``with_records``)."""
    players = Player.objects.with_records()
    return {p.name: tuple(getattr(p, name) for name in RESULT_FIGURES) for p in players}


@pytest.mark.postgres
def test_players_results_follow_a_game_ended_taken_back_ended_again_and_a_merge() -> None:
    game = start_game(target=2)
    start_game(players=("Ann", "Ben", "Cat", "Zed"), variant="standard")
    assert kept_results()["Ann"] == (2, 0, 0, 0, 0)
    record(game, **CAT_MAKES)
    record(game, maker="Cat", trump="H", called="S", partner="Dan", tricks=3)
    assert kept_results()["Cat"] == (2, 1, 1, 0, 0)
    assert kept_results()["Ben"] == (2, 1, 0, 0, 0)
    game = fresh(game)
    game.undo_last_hand(version=game.version)
    assert kept_results()["Cat"] == (2, 0, 0, 0, 0)
    # Ben and Eve march: two points each, level on 2, a shared win (docs/rules.md, Call-Ace 6).
    record(game, maker="Ben", trump="H", called="S", partner="Eve", tricks=5)
    assert kept_results()["Eve"] == (1, 1, 1, 1, 0)
    assert kept_results() == counted_results()
    zed, eve = Player.objects.get(name="Zed"), Player.objects.get(name="Eve")
    zed.merge_into(eve)
    assert kept_results()["Eve"] == (2, 1, 1, 1, 0)
    assert kept_results() == counted_results()


def test_a_nights_tables_count_as_rounds_at_a_table_in_the_kept_results() -> None:
    from tests.night_support import a_played_night

    a_played_night()
    kept = kept_results()
    assert kept == counted_results()
    assert {results[4] for results in kept.values()} == {1, 2}  # Ivy arrived for round 2
    assert {results[0] for results in kept.values()} == {0}


@pytest.mark.postgres
def test_a_players_record_sums_their_seats(client: Client) -> None:
    game = start_game()
    record(game, **CAT_MAKES)
    record(game, **DAN_EUCHRED)
    cat = Player.objects.with_records().get(name="Cat")
    assert (cat.hands_made, cat.makes, cat.euchred) == (1, 1, 0)
    dan_seat = Seat.objects.get(game=game, player__name="Dan")
    assert (dan_seat.hands_made, dan_seat.euchred) == (1, 1)
    assert Player.objects.with_records().get(name="Ann").partnered == 1
    assert set(FIVE) <= {p.name for p in Player.objects.all()}


@pytest.mark.postgres
def test_the_migration_counts_the_figures_of_games_stored_before_it() -> None:
    import importlib

    from django.apps import apps

    migration = importlib.import_module("scorekeeper.migrations.0008_fast_cached_figures")
    game = game_with(4)
    record(game, **DAN_EUCHRED)
    game = fresh(game)
    cached = cached_records()
    hands_played = game.hands_played
    # As stored before the figures were kept: zeros.
    Seat.objects.update(**dict.fromkeys(SEAT_FIGURES, 0))
    Game.objects.update(hands_played=0)
    migration.cache_figures(apps, None)
    assert cached_records() == cached == records_from_every_hand()
    assert fresh(game).hands_played == hands_played == 5


@pytest.mark.postgres
def test_the_migration_counts_the_results_of_players_stored_before_it() -> None:
    import importlib

    from django.apps import apps

    from tests.night_support import a_played_night

    migration = importlib.import_module("scorekeeper.migrations.0012_player_results")
    a_played_night()
    game = start_game(target=1)
    record(game, **CAT_MAKES)
    kept = kept_results()
    Player.objects.update(**{f"results_{name}": 0 for name in RESULT_FIGURES})
    assert kept_results() != kept
    migration.count_results(apps, None)
    assert kept_results() == kept == counted_results()


@pytest.mark.postgres
def test_the_migration_counts_the_pairs_of_seats_of_games_stored_before_it() -> None:
    import importlib

    from django.apps import apps

    migration = importlib.import_module("scorekeeper.migrations.0010_seat_pairs")
    game = game_with(4)
    record(game, **DAN_EUCHRED)
    cached = cached_pairs(game)
    assert cached[2, 4]["called"] == 1  # Cat called Eve (game_with's third hand)
    assert cached[3, 4]["together_euchred"] == 1  # Dan called Eve and was euchred
    shared = start_game(target=1)
    record(shared, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    results = list(Seat.objects.values_list("finished", "won", "shared_win"))
    assert results.count((True, True, True)) == 2  # Ben and Dan share the win
    # As stored before the pairs and the results were kept:
    SeatPair.objects.all().delete()
    Seat.objects.update(finished=False, shared_win=False)
    migration.count_pairs(apps, None)
    assert cached_pairs(game) == cached
    assert list(Seat.objects.values_list("finished", "won", "shared_win")) == results


@pytest.mark.postgres
def test_a_seat_knows_it_is_at_a_nights_table_and_the_migration_marks_those_stored_before() -> None:
    import importlib

    from django.apps import apps

    from tests.night_support import a_played_night

    a_played_night()
    game_with(1)
    rounds = dict(Seat.objects.values_list("pk", "game__night_round"))
    assert None in rounds.values()  # a game's seats, and a night's
    assert len(set(rounds.values())) > 1
    marked = dict(Seat.objects.values_list("pk", "at_night"))
    assert marked == {pk: night_round is not None for pk, night_round in rounds.items()}
    migration = importlib.import_module("scorekeeper.migrations.0011_seat_at_night")
    Seat.objects.update(at_night=False)  # as stored before the field
    migration.mark_night_seats(apps, None)
    assert dict(Seat.objects.values_list("pk", "at_night")) == marked
