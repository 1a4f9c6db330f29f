"""A euchre night's live standings, its watch link for a TV and its printable
score cards (docs/rules.md, Euchre night 3), read by the table's phones, by anyone with the watch
link, and by nobody else."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from referee.engine.night import NightRules, PrizeKind
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, Game, Hand, NightRound, Player
from tests.game_support import HTMX, our_table, poll_address, record
from tests.race_support import phone

pytestmark = pytest.mark.django_db

EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
NINE = (*EIGHT, "Ivy")


def start_night(
    players: tuple[str, ...] = EIGHT,
    rounds: int = 2,
    hands: int = 4,
    variant: Variant = Variant.STANDARD,
    **rules: Any,
) -> EuchreNight:
    return EuchreNight.start(
        private_table=our_table(),
        variant=variant,
        players=players,
        rounds=rounds,
        rules=NightRules(hands_per_round=hands, **rules),
        seed=7,
    )


def tables(night: EuchreNight, number: int = 1) -> list[Game]:
    return list(
        Game.objects.filter(night_round__night=night, night_round__number=number)
        .with_seats()
        .order_by("night_table")
    )


def seated(game: Game) -> list[str]:
    return [s.player.name for s in game.seat_list()]


def play_first_table(night: EuchreNight) -> list[str]:
    """Four hands at table 1 of round 1: North-South make it twice (2 points),
    East-West march alone once and euchre once (6 points). Returns the seats."""
    game = tables(night)[0]
    north, east, _, _ = names = seated(game)
    record(game, maker=north, trump="H", tricks=3)  # N-S +1
    record(game, maker=east, trump="S", tricks=5, alone=True)  # E-W +4, a lone hand
    record(game, maker=north, trump="D", tricks=2)  # euchred: E-W +2
    record(game, maker=north, trump="C", tricks=4)  # N-S +1
    return names


def standings(client: Client, night: EuchreNight, **extra: Any) -> Any:
    return client.get(reverse("night_standings", args=[night.pk]), **extra)


# --- The standings ------------------------------------------------------------------------


def test_the_standings_add_up_the_hands_with_shared_places_and_prizes(client: Client) -> None:
    # A night whose players may take several prizes, shared when level.
    night = start_night(
        prizes=(PrizeKind.MOST_POINTS, PrizeKind.MOST_LONE_HANDS, PrizeKind.MOST_EUCHRES),
        one_prize_each=False,
    )
    north, east, south, west = play_first_table(night)
    response = standings(client, night)
    assert response.status_code == 200
    lines = [(line.place, line.name, line.total) for line in response.context["lines"]]
    top = sorted([east, west])
    second = sorted([north, south])
    assert lines[:4] == [
        ("=1", top[0], 6),
        ("=1", top[1], 6),
        ("=3", second[0], 2),
        ("=3", second[1], 2),
    ]
    assert {place for place, _, _ in lines[4:]} == {"=5"}
    by_name = {line.name: line for line in response.context["lines"]}
    assert by_name[east].lone_hands_made == 1
    assert (by_name[east].defender_euchres, by_name[west].defender_euchres) == (1, 1)
    assert by_name[north].defender_euchres == 0
    prizes = {p.label: (p.winners, p.unit) for p in response.context["prizes"]}
    assert prizes == {
        "Most points": (top, "6 points"),
        "Most lone hands made": ([east], "1 lone hand"),
        "Most euchres as a defender": (top, "1 euchre"),
    }
    html = response.content.decode()
    assert "Round 1 of 2" in html
    assert "Table 1: done" in html
    assert "Table 2: 0 of 4" in html
    # Nobody sat out or missed a round: only the rules that apply are said.
    assert "rounded down" not in html
    assert "A round missed by arriving late or leaving scores nothing." in html


def test_by_default_nobody_takes_two_prizes_the_higher_first(client: Client) -> None:
    night = start_night()
    _north, east, _south, west = play_first_table(night)
    response = standings(client, night)
    top = sorted([east, west])
    lowest = sorted(line.name for line in response.context["lines"] if line.total == 0)
    prizes = {p.label: (p.winners, p.unit) for p in response.context["prizes"]}
    # East and West share the high score, so the lone hand and the euchres they
    # lead go to nobody else (nobody else made one); the four yet to play share
    # the low score.
    assert prizes == {
        "Most points": (top, "6 points"),
        "Low score": (lowest, "0 points"),
        "Most lone hands made": ([], "0 lone hands"),
        "Most euchres as a defender": ([], "0 euchres"),
    }
    assert len(lowest) == 4
    html = response.content.decode()
    assert (
        "One prize a person, the higher first. The low score goes only to a player here "
        "for every round. Players level on a prize share it." in html
    )


def test_prizes_are_nobody_yet_before_a_hand(client: Client) -> None:
    night = start_night()
    html = standings(client, night).content.decode()
    assert html.count("nobody yet") == 4


def test_a_player_sitting_out_scores_the_rounds_average_rounded_down(client: Client) -> None:
    night = start_night(players=NINE)
    play_first_table(night)  # 16 points among the 8 who played: 2 each on average
    out = night.rounds.get(number=1).sitting_out
    response = standings(client, night)
    line = next(line for line in response.context["lines"] if line.player == out[0])
    assert (line.total, line.rounds[0].points, line.rounds[0].sat_out) == (2, 2, True)
    html = response.content.decode()
    assert '2 <span class="sat-out-mark">sat out</span>' in html
    assert f"Sitting out: {line.name} (2 points each so far)" in html


def test_a_fixed_sit_out_is_said_and_scored(client: Client) -> None:
    night = start_night(players=NINE, sit_out=3)
    response = standings(client, night)
    assert "scores 3 points (house rule)" in response.content.decode()
    out = night.rounds.get(number=1).sitting_out[0]
    assert next(line.total for line in response.context["lines"] if line.player == out) == 3


def test_the_night_over_says_so(client: Client) -> None:
    night = start_night(rounds=1)
    for game in tables(night):
        for _ in range(4):
            record(game, maker=seated(game)[0], trump="H", tricks=3)
    html = standings(client, night).content.decode()
    assert "The night is over" in html


def test_the_standings_poll_is_204_in_one_query_until_a_hand_is_recorded(
    client: Client, django_assert_num_queries: Any
) -> None:
    night = start_night()
    state = reverse("night_standings_state", args=[night.pk])
    version = standings(client, night).context["version"]
    assert version == night.live_version()
    with django_assert_num_queries(1):
        unchanged = client.get(state, {"version": version})
    assert unchanged.status_code == 204
    play_first_table(night)
    changed = client.get(state, {"version": version})
    assert changed.status_code == 200
    html = changed.content.decode()
    assert html.lstrip().startswith('<div id="live"')
    assert f"?version={night.live_version()}" in html
    assert "Table 1: done" in html


def test_the_polls_version_is_the_nights_live_version() -> None:
    night = start_night(players=NINE)
    play_first_table(night)
    assert EuchreNight.objects.filter(pk=night.pk).live_version() == night.live_version()
    assert EuchreNight.objects.filter(pk=night.pk + 1).live_version() is None


def big_night(players: int, rounds: int) -> EuchreNight:
    names = tuple(f"Player {n:02d}" for n in range(1, players + 1))
    night = start_night(players=names, rounds=rounds)
    for _ in range(2, rounds + 1):
        night.seat_next_round(version=night.version)
    for number in range(1, rounds + 1):
        for game in tables(night, number)[:2]:
            record(game, maker=seated(game)[0], trump="H", tricks=5, alone=True)
            record(game, maker=seated(game)[1], trump="S", tricks=2)
    return night


def test_a_phone_without_the_table_sees_nothing_of_the_night(stranger: Client) -> None:
    night = start_night()
    assert standings(stranger, night).status_code == 404
    state = reverse("night_standings_state", args=[night.pk])
    assert stranger.get(state, {"version": 0}).status_code == 404
    card = reverse("night_score_card", args=[night.pk, 1, 1])
    assert stranger.get(card).status_code == 404


# --- The watch link -----------------------------------------------------------------------


def test_the_watch_link_shows_standings_seating_and_prizes_with_nothing_that_writes(
    stranger: Client,
) -> None:
    night = start_night()
    north, east, south, west = play_first_table(night)
    response = stranger.get(reverse("night_watch", args=[night.watch_token]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<form" not in html
    assert [line.total for line in response.context["lines"][:3]] == [6, 6, 2]
    night_table = response.context["seating"][0]
    assert [(s.label, s.name, s.points) for s in night_table.seats] == [
        ("North", north, 2),
        ("East", east, 6),
        ("South", south, 2),
        ("West", west, 6),
    ]
    assert "Most lone hands made" in html
    assert f"/nights/watch/{night.watch_token}/state/?version={night.live_version()}" in html


def test_the_watch_page_draws_every_standing_alike_and_marks_every_leader(
    stranger: Client,
) -> None:
    night = start_night()
    play_first_table(night)
    html = stranger.get(reverse("night_watch", args=[night.watch_token])).content.decode()
    rows = re.findall(r'<li class="(night-standing[^"]*)"><span class="watch-place">([^<]*)<', html)
    assert [place for _, place in rows] == ["=1", "=1", "=3", "=3", "=5", "=5", "=5", "=5"]
    assert {row for row, place in rows if place == "=1"} == {"night-standing is-ahead"}
    assert {row for row, place in rows if place != "=1"} == {"night-standing"}


def test_a_night_bigger_than_a_tv_shows_everyone_in_pages(stranger: Client) -> None:
    """More than 24 players: the standings come in pages (a TV shows them in
    turn, static/js/watch_pages.js); every player is on one, and without the
    script the page shows them all."""
    night = start_night(players=tuple(f"Player {n:02d}" for n in range(1, 31)))
    html = stranger.get(reverse("night_watch", args=[night.watch_token])).content.decode()
    assert "Places 1 to 24 of 30" in html
    assert "Places 25 to 30 of 30" in html
    standings = re.findall(r'class="night-standing-name">([^<]*)<', html)
    assert sorted(standings) == [f"Player {n:02d}" for n in range(1, 31)]
    assert html.count('class="night-table-card"') == 7  # 28 seated, two sit out
    assert "is-resting" not in html  # only the script puts a page aside
    assert "js/watch_pages.js" in html


def test_a_write_with_only_the_watch_link_is_refused_and_stores_nothing(stranger: Client) -> None:
    night = start_night()
    before = (night.live_version(), Game.objects.count(), Hand.objects.count())
    watch = reverse("night_watch", args=[night.watch_token])
    state = reverse("night_watch_state", args=[night.watch_token])
    assert stranger.post(watch, {"version": 0}).status_code == 403
    assert stranger.post(state, {"version": 0}).status_code == 403
    assert (night.live_version(), Game.objects.count(), Hand.objects.count()) == before
    assert NightRound.objects.filter(night=night).count() == 1


@pytest.mark.postgres
def test_the_watch_poll_is_204_in_one_query_until_a_hand_is_recorded(
    stranger: Client, django_assert_num_queries: Any
) -> None:
    night = start_night()
    state = reverse("night_watch_state", args=[night.watch_token])
    version = night.live_version()
    with django_assert_num_queries(1):
        assert stranger.get(state, {"version": version}).status_code == 204
    play_first_table(night)
    changed = stranger.get(state, {"version": 0})
    assert changed.status_code == 200
    assert changed.content.decode().lstrip().startswith('<div id="live"')


def test_an_unknown_watch_token_is_a_404(stranger: Client) -> None:
    start_night()
    assert stranger.get(reverse("night_watch", args=["nope"])).status_code == 404
    assert stranger.get(reverse("night_watch_state", args=["nope"])).status_code == 404


# --- The score card -----------------------------------------------------------------------


@pytest.mark.postgres
def test_the_score_card_names_the_seats_and_deals_in_turn_from_the_drawn_dealer(
    client: Client,
) -> None:
    night = start_night(hands=6)
    game = tables(night)[1]
    names = seated(game)
    response = client.get(reverse("night_score_card", args=[night.pk, 1, 2]))
    assert response.status_code == 200
    context = response.context
    assert context["players"] == list(zip(("North", "East", "South", "West"), names, strict=True))
    assert context["first_dealer"] == names[game.first_dealer]
    assert context["rows"] == [names[(game.first_dealer + i) % 4] for i in range(6)]
    html = response.content.decode()
    assert "Round 1 · Table 2" in html
    assert f"{names[0]} &amp; {names[2]} (North\u2011South)" in html  # kept whole
    assert "data-print hidden" in html
    assert "use your browser's Print" in html
    assert "<script>" not in html


def test_a_call_ace_score_card_numbers_its_seats_and_has_a_column_per_player(
    client: Client,
) -> None:
    night = start_night(players=tuple(f"P{n}" for n in range(1, 11)), variant=Variant.CALL_ACE)
    game = tables(night)[0]
    response = client.get(reverse("night_score_card", args=[night.pk, 1, 1]))
    names = seated(game)
    assert [seat for seat, _ in response.context["players"]] == [
        f"Seat {n}" for n in range(1, len(names) + 1)
    ]
    assert response.context["point_columns"] == names
    assert "Partner" in response.content.decode()


def test_a_score_card_for_a_round_or_table_that_does_not_exist_is_a_404(client: Client) -> None:
    night = start_night()
    assert client.get(reverse("night_score_card", args=[night.pk, 2, 1])).status_code == 404
    assert client.get(reverse("night_score_card", args=[night.pk, 1, 3])).status_code == 404


def test_the_score_card_says_the_nights_house_rules(client: Client) -> None:
    night = start_night(lone_march_five=True, sit_out=2)
    response = client.get(reverse("night_score_card", args=[night.pk, 1, 1]))
    key = dict(response.context["key"])
    assert key["Lone march"] == "alone, all 5 tricks: 5 to the team (house rule)"
    assert key["Euchred"] == "makers under 3: 2 to the defenders"
    rules = response.context["house_rules"]
    assert rules[0] == "4 hands in the round, dealt in turn to the left."
    assert "scores 2 points (house rule)" in rules[-1]


@pytest.mark.parametrize("screen", ["night_detail", "night_standings", "night_watch"])
def test_a_following_screen_of_the_night_shows_a_players_new_name_at_its_next_poll(
    client: Client, screen: str
) -> None:
    night = start_night()
    follower = phone(our_table())
    page = reverse(screen, args=[night.watch_token if screen == "night_watch" else night.pk])
    html = follower.get(page).content.decode()
    assert "Danny" not in html
    address = poll_address(html)
    assert follower.get(address, **HTMX).status_code == 204
    dan = Player.objects.get(name="Dan")
    assert (
        client.post(reverse("player_rename", args=[dan.pk]), {"name": "Danny"}).status_code == 302
    )
    live = follower.get(address, **HTMX)
    assert live.status_code == 200
    assert "Danny" in live.content.decode()
    # The live part drawn says the new names: quiet again until the next change.
    assert follower.get(poll_address(live.content.decode()), **HTMX).status_code == 204
