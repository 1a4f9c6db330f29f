"""A euchre night's screens (docs/rules.md, Euchre night 2): starting a night, its seating board and
each player's line, seating the next round, players leaving and arriving, a past
round, the list of nights; another phone's night is a 404."""

from __future__ import annotations

import html
import io
import json
import re
import uuid
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, Game, Player, PrivateTable
from scorekeeper.nights.screens import COMPASS
from scorekeeper.web.phone_tables import key_digests
from tests.game_support import our_table, record

pytestmark = pytest.mark.django_db

EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def names(count: int) -> tuple[str, ...]:
    return tuple(f"Player {n:02d}" for n in range(1, count + 1))


def start_night(
    players: tuple[str, ...] = EIGHT,
    rounds: int = 3,
    hands: int = 4,
    variant: Variant = Variant.STANDARD,
    private_table: PrivateTable | None = None,
) -> EuchreNight:
    return EuchreNight.start(
        private_table=private_table or our_table(),
        variant=variant,
        players=players,
        rounds=rounds,
        rules=NightRules(hands_per_round=hands),
        seed=11,
    )


def tables_of_round(night: EuchreNight, number: int) -> list[Game]:
    return list(
        Game.objects.filter(night_round__night=night, night_round__number=number)
        .with_seats()
        .order_by("night_table")
    )


def play_out(game: Game, hands: int) -> None:
    """Record ``hands`` hands at a night table: the first seat makes hearts and takes 3."""
    for _ in range(hands):
        game.refresh_from_db()
        maker = game.seat_list()[0].player.name
        record(game, maker=maker, trump="H", tricks=3)


def play_round(night: EuchreNight, number: int, hands: int = 4) -> None:
    for game in tables_of_round(night, number):
        play_out(game, hands)


def start_data(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "token": str(uuid.uuid4()),
        "name": "Club night",
        "new_names": "\n".join(EIGHT),
        "variant": "standard",
        "rounds": "3",
        "hands_per_round": "8",
        "lone_march_five": "off",
        "sit_out": "average",
        "stick_the_dealer": "on",
        "no_trump": "off",
        "deal": "standard",
        "renege": "march-or-euchre",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def detail(client: Client, night: EuchreNight, **extra: Any) -> Any:
    return client.get(reverse("night_detail", args=[night.pk]), **extra)


def text_of(response: Any) -> str:
    """The page's text, tags dropped and spaces folded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


# --- starting a night ---------------------------------------------------------------------


def test_the_form_offers_the_tables_players_and_the_defaults(client: Client) -> None:
    Player.for_name("Zoe", private_table=our_table())
    response = client.get(reverse("night_new"))
    assert response.status_code == 200
    form = response.context["form"]
    assert form["hands_per_round"].value() == 8
    assert form["rounds"].value() == 6
    assert form["sit_out"].value() == "average"
    assert "Zoe" in response.content.decode()


@pytest.mark.postgres
def test_starting_a_night_seats_round_one_and_shows_the_night(client: Client) -> None:
    zoe = Player.for_name("Zoe", private_table=our_table())
    data = start_data(new_names="\n".join(EIGHT[:7]), known=[str(zoe.pk)], hands_per_round="6")
    response = client.post(reverse("night_new"), data)
    night = EuchreNight.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("night_detail", args=[night.pk])
    assert night.name == "Club night"
    assert night.private_table == our_table()
    assert night.rounds_planned == 3
    assert night.night_rules.hands_per_round == 6
    assert sorted(e.player.name for e in night.entrants.all()) == sorted([*EIGHT[:7], "Zoe"])
    assert len(night.plans()) == 1
    assert Player.objects.filter(name="Zoe").count() == 1  # the table's own Zoe, not a new one
    page = client.get(response["Location"])
    assert "round 1 of 3" in text_of(page)


def test_a_call_ace_night_keeps_its_deal_and_ignores_the_standard_only_rules(
    client: Client,
) -> None:
    data = start_data(variant="call-ace", deal="seed", no_trump="on", lone_march_five="on")
    assert client.post(reverse("night_new"), data).status_code == 302
    night = EuchreNight.objects.get()
    rules = night.night_rules
    assert night.variant == "call-ace"
    assert rules.table_rules.deal.value == "seed"
    assert rules.table_rules.no_trump is False
    assert rules.lone_march_five is False


def test_standard_rules_and_a_fixed_sit_out_are_kept(client: Client) -> None:
    data = start_data(
        new_names="\n".join(names(9)),
        lone_march_five="on",
        no_trump="on",
        sit_out="fixed",
        sit_out_points="5",
        renege="offender-loses-2",
        stick_the_dealer="off",
    )
    assert client.post(reverse("night_new"), data).status_code == 302
    rules = EuchreNight.objects.get().night_rules
    assert rules.lone_march_five is True
    assert rules.sit_out == 5
    assert rules.table_rules.no_trump is True
    assert rules.table_rules.stick_the_dealer is False
    assert rules.table_rules.renege.value == "offender-loses-2"


def test_a_night_of_fewer_than_8_players_is_refused_beside_the_players(client: Client) -> None:
    response = client.post(reverse("night_new"), start_data(new_names="Ann\nBen\nCat"))
    assert response.status_code == 422
    assert "needs 8 or more players: 3 are chosen" in response.content.decode()
    assert response.context["form"].errors["new_names"]
    assert not EuchreNight.objects.exists()


def test_more_rounds_than_the_players_can_fill_are_refused_beside_the_rounds(
    client: Client, stranger: Client
) -> None:
    # seat_night plans at most twice the players' rounds: the app asks the same.
    response = client.post(reverse("night_new"), start_data(rounds="17"))
    assert response.status_code == 422
    assert "A night of 8 players has 1 to 16 rounds, not 17." in response.content.decode()
    assert response.context["form"].errors["rounds"]
    assert not EuchreNight.objects.exists()
    # A phone with no table yet gets none made for a night refused.
    tables = PrivateTable.objects.count()
    assert stranger.post(reverse("night_new"), start_data(rounds="17")).status_code == 422
    assert PrivateTable.objects.count() == tables


def test_a_name_given_twice_is_refused_with_its_line(client: Client) -> None:
    response = client.post(reverse("night_new"), start_data(new_names="\n".join([*EIGHT, "ann"])))
    assert response.status_code == 422
    assert "Line 9: ann is already among the players" in response.content.decode()
    assert not EuchreNight.objects.exists()


def test_a_ticked_player_typed_again_is_refused(client: Client) -> None:
    ann = Player.for_name("Ann", private_table=our_table())
    response = client.post(reverse("night_new"), start_data(known=[str(ann.pk)]))
    assert response.status_code == 422
    assert "Ann is already among the players" in response.content.decode()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("rounds", "0"),
        ("rounds", "101"),
        ("rounds", "9" * 5000),
        ("rounds", "two"),
        ("hands_per_round", "3"),
        ("hands_per_round", "13"),
        ("hands_per_round", "8\x00"),
        ("sit_out_points", "100"),
        ("variant", "call-your-partner"),
        ("renege", "never"),
        ("token", "not-a-token"),
        ("known", "1\x00"),
        ("new_names", "Ann\x00"),
        ("name", "x" * 61),
    ],
)
def test_bad_input_is_refused_and_nothing_is_stored(client: Client, field: str, value: str) -> None:
    data = start_data(**{field: value})
    if field == "sit_out_points":
        data["sit_out"] = "fixed"
    response = client.post(reverse("night_new"), data)
    assert response.status_code == 422
    assert not EuchreNight.objects.exists()
    assert not Player.objects.exists()


def test_a_fixed_sit_out_needs_its_points(client: Client) -> None:
    response = client.post(reverse("night_new"), start_data(sit_out="fixed"))
    assert response.status_code == 422
    assert "Give the points for sitting out" in response.content.decode()


def test_a_double_tap_starts_one_night(client: Client) -> None:
    data = start_data()
    first = client.post(reverse("night_new"), data)
    second = client.post(reverse("night_new"), data)
    assert EuchreNight.objects.count() == 1
    assert first["Location"] == second["Location"]


def test_a_phone_with_no_table_gets_one_named_for_the_club_not_the_night(
    stranger: Client,
) -> None:
    response = stranger.post(reverse("night_new"), start_data(name="Club night 1"))
    assert response.status_code == 302
    night = EuchreNight.objects.get()
    assert night.private_table.name == "Euchre club"
    assert stranger.get(response["Location"]).status_code == 200  # remembered


# --- the night page: the seating board ------------------------------------------------------


def test_the_board_shows_every_table_by_seat_as_the_night_seated_it(client: Client) -> None:
    night = start_night()
    response = detail(client, night)
    assert response.status_code == 200
    page = text_of(response)
    (plan,) = night.plans()
    names_by_number = {e.number: e.player.name for e in night.entrants.select_related("player")}
    for number, seats in enumerate(plan.tables, start=1):
        assert f"Table {number}" in page
        clockwise = "".join(
            f"{COMPASS[i]} {re.escape(names_by_number[p])} (?:deals first )?"
            for i, p in enumerate(seats)
        )
        assert re.search(rf"Table {number} .*? {clockwise}", page)
        partners = f"North & South: {names_by_number[seats[0]]} & {names_by_number[seats[2]]}"
        assert partners in page


def test_each_player_has_a_line_with_table_seat_and_partner(client: Client) -> None:
    night = start_night()
    (plan,) = night.plans()
    names_by_number = {e.number: e.player.name for e in night.entrants.select_related("player")}
    lines = {}
    for night_table, seats in enumerate(plan.tables, start=1):
        for position, player in enumerate(seats):
            partner = names_by_number[seats[(position + 2) % 4]]
            lines[names_by_number[player]] = (
                f"Round 1: table {night_table}, seat {COMPASS[position]}, partner {partner}"
            )
    page = text_of(detail(client, night))
    for name, line in lines.items():
        assert f"{name} {line}" in page
    # Sorted by name.
    order = [page.index(f"{name} Round 1:") for name in sorted(lines)]
    assert order == sorted(order)


def test_a_call_ace_night_numbers_the_seats_and_names_who_sits_out(client: Client) -> None:
    night = start_night(players=names(9), variant=Variant.CALL_ACE)
    page = text_of(detail(client, night))
    assert "partner" not in page.split("Where everyone sits")[1].split("Round 2")[0]
    assert re.search(r"Player \d\d Round 1: table 1, seat 1\b", page)


def test_a_standard_night_of_9_names_who_sits_out(client: Client) -> None:
    night = start_night(players=names(9))
    (plan,) = night.plans()
    (out,) = plan.sitting_out
    page = text_of(detail(client, night))
    assert f"Sitting out: Player {out:02d}" in page
    assert f"Player {out:02d} Round 1: sits out" in page


def test_the_first_dealer_is_marked_at_every_table(client: Client) -> None:
    night = start_night()
    page = detail(client, night).content.decode()
    assert page.count("deals first") == 2


def test_score_links_go_to_each_tables_game(client: Client) -> None:
    night = start_night()
    page = detail(client, night).content.decode()
    for number, game in enumerate(tables_of_round(night, 1), start=1):
        link = f'href="{reverse("game_table", args=[game.pk])}">Score table {number}<'
        assert link in page
        card = reverse("night_score_card", args=[night.pk, 1, number])
        assert f'href="{card}"' in page
    assert reverse("night_standings", args=[night.pk]) in page
    assert reverse("night_watch", args=[night.watch_token]) in page


def test_a_tables_progress_and_points_show(client: Client) -> None:
    night = start_night()
    first, _second = tables_of_round(night, 1)
    play_out(first, 2)
    page = text_of(detail(client, night))
    assert "Hand 3 of 4" in page
    assert "Not started: 4 hands" in page
    north_south = f"{first.seat_list()[0].player.name} & {first.seat_list()[2].player.name} 2"
    assert north_south in page


def test_the_poll_answers_204_in_one_query_until_a_table_records_a_hand(
    client: Client, django_assert_num_queries: Any
) -> None:
    night = start_night()
    version = night.live_version()
    address = reverse("night_state", args=[night.pk])
    with django_assert_num_queries(1):
        assert client.get(address, {"version": version}, htmx=True).status_code == 204
    play_out(tables_of_round(night, 1)[0], 1)
    changed = client.get(address, {"version": version}, htmx=True)
    assert changed.status_code == 200
    assert "Hand 2 of 4" in text_of(changed)
    assert f"version={night.live_version()}" in changed.content.decode()


def test_the_polls_version_is_the_nights_live_version(client: Client) -> None:
    night = start_night()
    play_out(tables_of_round(night, 1)[0], 2)
    response = detail(client, night)
    assert (
        EuchreNight.objects.for_key_digests(key_digests(response.wsgi_request))
        .filter(pk=night.pk)
        .live_version()
        == night.live_version()
    )
    assert response.context["live_version"] == night.live_version()


# --- seating the next round ---------------------------------------------------------------


def seat_next(client: Client, night: EuchreNight, *, htmx: bool = False, **data: Any) -> Any:
    night.refresh_from_db()
    fields = {"version": night.version, **data}
    headers = {"HX-Request": "true"} if htmx else None
    return client.post(reverse("night_seat_next", args=[night.pk]), fields, headers=headers)


def test_a_complete_round_lets_the_next_be_seated(client: Client) -> None:
    night = start_night()
    play_round(night, 1)
    response = seat_next(client, night)
    assert response.status_code == 302
    assert len(night.plans()) == 2
    page = text_of(client.get(response["Location"]))
    assert "Round 2 is seated" in page
    assert "round 2 of 3" in page


def test_an_unfinished_round_asks_first_naming_the_tables_with_hands_left(client: Client) -> None:
    night = start_night()
    first, _second = tables_of_round(night, 1)
    play_out(first, 4)
    asked = seat_next(client, night)
    assert asked.status_code == 200
    assert "Table 2 has 4 hands left" in text_of(asked)
    assert len(night.plans()) == 1
    confirmed = seat_next(client, night, confirm="1")
    assert confirmed.status_code == 302
    assert len(night.plans()) == 2


def test_a_stale_version_stores_nothing_and_says_so(client: Client) -> None:
    night = start_night()
    play_round(night, 1)
    response = seat_next(client, night, version=night.version - 1, htmx=True)
    assert response.status_code == 409
    assert "Another phone changed the night" in response.content.decode()
    assert len(night.plans()) == 1


@pytest.mark.postgres
def test_a_double_tap_seats_one_round(client: Client) -> None:
    night = start_night()
    play_round(night, 1)
    version = night.version
    first = seat_next(client, night, version=version, round="2")
    second = seat_next(client, night, version=version, round="2", htmx=True)
    assert first.status_code == 302
    assert second.status_code == 409
    assert "Round 2 is already seated: here it is." in second.content.decode()
    assert len(night.plans()) == 2


def test_when_every_round_is_played_the_night_is_over(client: Client) -> None:
    night = start_night(rounds=1)
    page = text_of(detail(client, night))
    assert "Last round" in page
    assert "Seat round" not in page
    play_round(night, 1)
    page = text_of(detail(client, night))
    assert "The night is over" in page
    assert "See the standings" in page
    response = seat_next(client, night, confirm="1")
    assert len(night.plans()) == 1
    assert response.status_code == 302


def test_the_htmx_answer_is_the_night_as_it_stands(client: Client) -> None:
    night = start_night()
    play_round(night, 1)
    response = seat_next(client, night, htmx=True)
    assert response.status_code == 200
    assert response["HX-Push-Url"] == reverse("night_detail", args=[night.pk])
    assert "Round 2: table" in text_of(response)


# --- players leave and arrive -------------------------------------------------------------


def players_post(client: Client, night: EuchreNight, *, htmx: bool = False, **data: Any) -> Any:
    night.refresh_from_db()
    fields = {"version": night.version, **data}
    headers = {"HX-Request": "true"} if htmx else None
    return client.post(reverse("night_players", args=[night.pk]), fields, headers=headers)


def test_a_player_who_leaves_is_not_seated_next_round(client: Client) -> None:
    night = start_night(players=names(9))
    response = players_post(client, night, action="leave", number="3")
    assert response.status_code == 302
    page = text_of(client.get(response["Location"]))
    assert "Not present: Player 03" in page
    night.refresh_from_db()
    play_round(night, 1)
    night.seat_next_round(version=None)
    assert 3 not in night.plans()[1].seated
    assert 3 not in night.plans()[1].sitting_out


def test_a_player_who_comes_back_is_seated_again(client: Client) -> None:
    night = start_night(players=names(9))
    players_post(client, night, action="leave", number="3")
    players_post(client, night, action="back", number="3")
    night.refresh_from_db()
    night.seat_next_round(version=None)
    assert 3 in night.plans()[1].seated + night.plans()[1].sitting_out


def test_leaving_below_8_players_is_refused(client: Client) -> None:
    night = start_night()
    response = players_post(client, night, action="leave", number="1", htmx=True)
    assert response.status_code == 422
    assert "needs at least 8 players present" in response.content.decode()
    assert night.entrants.filter(present=True).count() == 8


def test_a_late_arrival_is_seated_from_the_next_round(client: Client) -> None:
    night = start_night()
    response = players_post(client, night, action="arrive", name="  Ivy  ")
    assert response.status_code == 302
    page = text_of(client.get(response["Location"]))
    assert "Ivy Round 1: not playing (arrived since)" in page
    night.refresh_from_db()
    night.seat_next_round(version=None)
    ivy = night.entrants.get(player__name="Ivy").number
    assert ivy in night.plans()[1].seated + night.plans()[1].sitting_out


def test_a_known_player_of_the_table_can_be_tapped_in(client: Client) -> None:
    zoe = Player.for_name("Zoe", private_table=our_table())
    night = start_night()
    assert "Zoe" in detail(client, night).content.decode()
    players_post(client, night, action="arrive", pick="Zoe", name="")
    assert night.entrants.filter(player=zoe).exists()


@pytest.mark.parametrize(
    "data",
    [
        {"action": "arrive", "name": ""},
        {"action": "arrive", "name": "Ivy\x00"},
        {"action": "arrive", "name": "x" * 500},
        {"action": "shout"},
        {"action": "leave"},
        {"action": "leave", "number": "99999999999999999999"},
    ],
)
def test_bad_player_changes_store_nothing(client: Client, data: dict[str, Any]) -> None:
    night = start_night()
    version = night.version
    response = players_post(client, night, **data)
    assert response.status_code in (302, 404, 422)
    night.refresh_from_db()
    assert night.version == version
    assert night.entrants.count() == 8


@pytest.mark.postgres
def test_a_stale_player_change_stores_nothing(client: Client) -> None:
    night = start_night(players=names(9))
    response = players_post(client, night, action="leave", number="1", version="0", htmx=True)
    assert response.status_code == 409
    assert night.entrants.filter(present=True).count() == 9


# --- a past round, the list -----------------------------------------------------------------


def test_a_past_round_shows_its_seating_and_points(client: Client) -> None:
    night = start_night()
    play_round(night, 1)
    night.seat_next_round(version=None)
    response = client.get(reverse("night_round", args=[night.pk, 1]))
    assert response.status_code == 200
    page = text_of(response)
    assert "Round 1 of 3" in page
    assert "Finished: all 4 hands" in page
    first = tables_of_round(night, 1)[0].seat_list()[0].player.name
    assert re.search(rf"{first} Table 1, seat North, partner \w+ 4", page)


def test_a_round_not_seated_is_a_404(client: Client) -> None:
    night = start_night()
    assert client.get(reverse("night_round", args=[night.pk, 2])).status_code == 404
    assert client.get(reverse("night_round", args=[night.pk, 10**30])).status_code == 404


def test_the_list_shows_this_phones_nights_newest_first(client: Client) -> None:
    older = start_night(rounds=1)
    play_round(older, 1)
    newer = start_night(players=names(12), rounds=4)
    elsewhere = start_night(private_table=PrivateTable.objects.create(name="Elsewhere"))
    response = client.get(reverse("night_list"))
    page = text_of(response)
    assert "Start a euchre night" in page
    assert list(response.context["nights"]) == [newer, older]
    assert "12 players · round 1 of 4" in page
    assert "8 players · over" in page
    assert reverse("night_detail", args=[elsewhere.pk]) not in response.content.decode()


def test_home_leads_to_the_euchre_nights(client: Client) -> None:
    assert reverse("night_list") in client.get("/").content.decode()


# --- privacy --------------------------------------------------------------------------------


def test_a_stranger_sees_nothing_of_the_night_and_changes_nothing(stranger: Client) -> None:
    night = start_night(players=names(9))
    play_round(night, 1)
    version = night.version
    reads = [
        reverse("night_detail", args=[night.pk]),
        reverse("night_state", args=[night.pk]) + "?version=0",
        reverse("night_round", args=[night.pk, 1]),
    ]
    for address in reads:
        assert stranger.get(address).status_code == 404
    writes = [
        (reverse("night_seat_next", args=[night.pk]), {"version": version, "confirm": "1"}),
        (
            reverse("night_players", args=[night.pk]),
            {"version": version, "action": "leave", "number": "1"},
        ),
        (
            reverse("night_players", args=[night.pk]),
            {"version": version, "action": "arrive", "name": "Mallory"},
        ),
    ]
    for address, data in writes:
        assert stranger.post(address, data).status_code == 404
    night.refresh_from_db()
    assert night.version == version
    assert len(night.plans()) == 1
    assert not Player.objects.filter(name="Mallory").exists()
    assert night.pk not in [n.pk for n in stranger.get(reverse("night_list")).context["nights"]]


@pytest.mark.postgres
def test_the_admin_names_the_seat_night_command_that_prints_its_plan_and_players_never_see_it(
    client: Client, admin_client: Client
) -> None:
    # docs/formats.md, "Euchre night seating": "The app's nights use the same plans" as seat_night.
    night = EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=[f"P{n}" for n in range(1, 10)],
        rounds=3,
        rules=NightRules(hands_per_round=4),
        seed=4242,
    )
    player_page = client.get(f"/nights/{night.pk}/").content.decode()
    assert "seat_night" not in player_page
    assert "4242" not in player_page
    admin_page = admin_client.get(f"/admin/scorekeeper/euchrenight/{night.pk}/change/")
    command = "seat_night --players 9 --rounds 3 --variant standard --seed 4242"
    assert command in admin_page.content.decode()
    out = io.StringIO()
    call_command(*command.split(), stdout=out)
    printed = json.loads(out.getvalue())["rounds"][0]
    first = night.plans()[0]
    assert printed == {
        "tables": [list(t) for t in first.tables],
        "sitting_out": list(first.sitting_out),
    }
