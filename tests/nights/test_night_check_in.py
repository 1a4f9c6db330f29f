"""Check-in at the door of a euchre night (issue 33, item 5; docs/formats.md, "Check-in at the
door"): a night opened with check-in seats nobody until the organiser seats round 1
from those who checked in; a phone with the night's link checks in by name, once,
and then knows who it is; a wrong or old link, a name that cannot be, or a check-in
after the last round is seated is refused with a message and stores nothing."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, NightPlayer, NightRound, Player
from scorekeeper.nights.me import who
from tests.game_support import our_table
from tests.night_support import EIGHT, play_round, start_night

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def check_in_night(players: tuple[str, ...] = ("Ann", "Ben"), rounds: int = 2) -> EuchreNight:
    return EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=list(players),
        rounds=rounds,
        rules=NightRules(hands_per_round=4),
        seed=7,
        check_in=True,
    )


def check_in(phone: Client, night: EuchreNight, **data: str) -> Any:
    night.refresh_from_db()
    token = night.check_in_link or "closed"
    return phone.post(reverse("night_check_in", args=[token]), data)


def stored() -> tuple[int, int, int]:
    return NightPlayer.objects.count(), Player.objects.count(), NightRound.objects.count()


@pytest.mark.postgres
def test_a_night_started_with_check_in_from_the_form_seats_nobody_yet(client: Client) -> None:
    response = client.post(
        reverse("night_new"),
        {
            "token": uuid.uuid4(),
            "new_names": "Ann\nBen",
            "variant": "standard",
            "rounds": 3,
            "hands_per_round": 4,
            "opening": "check-in",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    night = EuchreNight.objects.get()
    assert night.check_in_token
    assert night.rounds.count() == 0
    assert [(e.player.name, e.present) for e in night.entrants.order_by("number")] == [
        ("Ann", False),
        ("Ben", False),
    ]
    page = client.get(response["Location"]).content.decode()
    assert "Check-in at the door" in page
    assert reverse("night_check_in", args=[night.check_in_link]) in page
    assert "QR code of the check-in link of this night" in page
    assert "Expected, not here yet:</strong> Ann, Ben" in page


def test_without_check_in_a_night_of_two_players_is_refused_as_before(client: Client) -> None:
    response = client.post(
        reverse("night_new"),
        {
            "token": uuid.uuid4(),
            "new_names": "Ann\nBen",
            "variant": "standard",
            "rounds": 3,
            "hands_per_round": 4,
        },
    )
    assert response.status_code == 422
    assert "needs 8 or more players" in response.content.decode()
    assert not EuchreNight.objects.exists()


def test_a_player_checks_in_by_tapping_or_typing_and_the_phone_knows_who_it_is(
    stranger: Client, client: Client
) -> None:
    night = check_in_night()
    page = stranger.get(reverse("night_check_in", args=[night.check_in_link]))
    assert page.status_code == 200
    assert 'value="Ann"' in page.content.decode()
    response = check_in(stranger, night, pick="Ann")
    assert response.status_code == 302
    ann = night.entrants.get(player__name="Ann")
    assert ann.present
    assert ann.checked_in_at is not None
    after = stranger.get(response["Location"]).content.decode()
    assert "You're checked in, Ann" in after
    assert "Wait for round 1" in after
    request = stranger.get(reverse("night_check_in", args=[night.check_in_link])).wsgi_request
    assert who(request, night.pk) == ann.number
    # A new name typed is a new player of the night, here.
    other = Client()
    assert check_in(other, night, name="  zoe   quinn ").status_code == 302
    zoe = night.entrants.get(player__name="zoe quinn")
    assert (zoe.number, zoe.present) == (3, True)
    # The organiser sees them, in the order they came, on the night page and its poll.
    poll = client.get(reverse("night_state", args=[night.pk]), headers=HTMX).content.decode()
    here = poll.split('class="checked-in"')[1].split("</ol>")[0]
    assert here.index("Ann") < here.index("zoe quinn")
    assert "Here: 2 players" in poll


def test_a_double_tap_checks_in_once(stranger: Client) -> None:
    night = check_in_night()
    check_in(stranger, night, pick="Ann")
    before, version = stored(), EuchreNight.objects.get().version
    again = check_in(stranger, night, pick="ann")
    assert again.status_code == 302
    assert stored() == before
    assert EuchreNight.objects.get().version == version
    page = stranger.get(again["Location"]).content.decode()
    assert "already checked in: nothing changed" in page


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"name": ""}, "Type your name, or tap it in the list."),
        ({"name": "   "}, "Type your name, or tap it in the list."),
        ({"name": "A\u200bnn"}, "hidden character"),
        ({"name": "x" * 150}, "longer than 30 characters"),
        ({"pick": "\x00"}, "Null characters are not allowed"),
        ({"pick": "Ann\x07"}, "letters, digits, spaces and punctuation only"),
    ],
)
@pytest.mark.postgres
def test_a_name_that_cannot_be_is_refused_beside_the_field(
    stranger: Client, data: dict[str, str], said: str
) -> None:
    night = check_in_night()
    before = stored()
    response = check_in(stranger, night, **data)
    assert response.status_code == 422
    page = response.content.decode()
    assert 'class="form-errors" role="alert"' in page
    assert said in page
    assert stored() == before


@pytest.mark.postgres
def test_a_wrong_or_old_link_is_refused_and_nothing_is_stored(stranger: Client) -> None:
    night = check_in_night()
    old = night.check_in_link
    assert old is not None
    before = stored()
    code = str(night.check_in_token)
    for token in ("nope", old[:-1], "x" * 300, code, f".{code}", f"{night.watch_token}."):
        response = stranger.post(reverse("night_check_in", args=[token]), {"name": "Eve"})
        assert response.status_code == 404
        assert "This check-in link is closed or is not the night" in response.content.decode()
    # Closed, then opened again: the old link stays shut.
    night.set_check_in(version=None, open_=False)
    night.set_check_in(version=None, open_=True)
    night.refresh_from_db()
    assert night.check_in_link not in (None, old)
    response = stranger.post(reverse("night_check_in", args=[old]), {"name": "Eve"})
    assert response.status_code == 404
    assert stranger.get(reverse("night_check_in", args=[old])).status_code == 404
    assert stored() == before
    # Its poll stops (286) rather than failing every few seconds.
    poll = stranger.get(reverse("night_check_in_state", args=[old]), headers=HTMX)
    assert poll.status_code == 286
    assert "closed" in poll.content.decode()


@pytest.mark.postgres
def test_the_organiser_seats_round_1_from_those_who_checked_in(client: Client) -> None:
    night = check_in_night(players=("Ann", "Ben", "Ivy"))
    for name in EIGHT:
        assert check_in(Client(), night, name=name).status_code == 302
    night.refresh_from_db()
    response = client.post(
        reverse("night_seat_next", args=[night.pk]), {"version": night.version, "round": 1}
    )
    assert response.status_code == 302
    first = night.rounds.get(number=1)
    seated = {seat.player.name for game in first.games.all() for seat in game.seat_list()}
    # Ivy was expected and never came: she is not seated.
    assert seated == set(EIGHT)


@pytest.mark.postgres
def test_fewer_than_8_checked_in_cannot_be_seated(client: Client) -> None:
    night = check_in_night()
    check_in(Client(), night, pick="Ann")
    night.refresh_from_db()
    response = client.post(
        reverse("night_seat_next", args=[night.pk]),
        {"version": night.version, "round": 1},
        headers=HTMX,
    )
    assert response.status_code == 422
    assert "at least 8 players present, not 1" in response.content.decode()
    assert not night.rounds.exists()


def test_a_late_check_in_plays_from_the_next_round(client: Client) -> None:
    night = start_night(rounds=3)
    night.set_check_in(version=None, open_=True)
    phone = Client()
    assert check_in(phone, night, name="Ivy").status_code == 302
    page = phone.get(reverse("night_check_in", args=[night.check_in_link])).content.decode()
    assert "you play from the next round" in page
    play_round(night.rounds.get(number=1), 4)
    night.refresh_from_db()
    night.seat_next_round(version=night.version)
    second = night.rounds.get(number=2)
    players = {s.player.name for g in second.games.all() for s in g.seat_list()}
    assert "Ivy" in players or night.entrants.get(player__name="Ivy").number in (second.sitting_out)
    page = phone.get(reverse("night_check_in", args=[night.check_in_link])).content.decode()
    assert "Round 2:" in page


def test_a_check_in_once_the_last_round_is_seated_is_refused(stranger: Client) -> None:
    night = start_night(rounds=1)
    night.set_check_in(version=None, open_=True)
    night.refresh_from_db()
    before = stored()
    response = check_in(stranger, night, name="Ivy")
    assert response.status_code == 422
    assert "Every round of this night is seated" in response.content.decode()
    assert stored() == before
    # The page says so before anyone types.
    page = stranger.get(reverse("night_check_in", args=[night.check_in_link])).content.decode()
    assert "Every round of this night is seated" in page
    assert 'name="name"' not in page


def test_only_the_nights_phones_open_or_close_check_in(stranger: Client, client: Client) -> None:
    night = start_night()
    data = {"version": night.version, "open": "open"}
    assert stranger.post(reverse("night_check_in_switch", args=[night.pk]), data).status_code == (
        404
    )
    night.refresh_from_db()
    assert night.check_in_token is None
    response = client.post(reverse("night_check_in_switch", args=[night.pk]), data)
    assert response.status_code == 302
    night.refresh_from_db()
    assert night.check_in_token
    # A stale phone's tap changes nothing.
    stale = client.post(
        reverse("night_check_in_switch", args=[night.pk]),
        {"version": 0, "open": "close"},
        headers=HTMX,
    )
    assert stale.status_code == 409
    night.refresh_from_db()
    assert night.check_in_token
    bad = client.post(
        reverse("night_check_in_switch", args=[night.pk]), {"version": night.version, "open": "x"}
    )
    assert bad.status_code in (302, 409)
    night.refresh_from_db()
    assert night.check_in_token


def test_the_check_in_poll_is_one_query_while_nothing_changed(
    stranger: Client, django_assert_max_num_queries: Any
) -> None:
    night = check_in_night()
    check_in(stranger, night, pick="Ann")
    page = stranger.get(reverse("night_check_in", args=[night.check_in_link])).content.decode()
    address = page.split('hx-get="')[1].split('"')[0].replace("&amp;", "&")
    with django_assert_max_num_queries(1):
        assert stranger.get(address, headers=HTMX).status_code == 204
    check_in(Client(), night, name="Eve")
    changed = stranger.get(address, headers=HTMX)
    assert changed.status_code == 200
    assert "2 players here." in changed.content.decode()


@pytest.mark.parametrize("expected", [3, 60])
def test_the_check_in_page_and_the_organisers_list_read_a_fixed_number_of_queries(
    client: Client, stranger: Client, expected: int, django_assert_max_num_queries: Any
) -> None:
    night = check_in_night(players=tuple(f"Player {n}" for n in range(1, expected + 1)))
    for n in range(1, expected + 1, 2):
        night.check_in(token=str(night.check_in_link), name=f"Player {n}")
    night.refresh_from_db()
    with django_assert_max_num_queries(6):
        page = stranger.get(reverse("night_check_in", args=[night.check_in_link]))
    assert page.status_code == 200
    with django_assert_max_num_queries(9):
        page = client.get(reverse("night_detail", args=[night.pk]))
    assert "Player 1</li>" in page.content.decode()


@pytest.mark.postgres
def test_before_round_1_the_lists_say_so_and_the_organiser_may_tick_someone_here(
    client: Client,
) -> None:
    night = check_in_night()
    listed = client.get(reverse("night_list")).content.decode()
    assert "round 1 not seated yet: check-in open" in listed
    page = client.get(reverse("night_detail", args=[night.pk])).content.decode()
    assert ">Is here<" in page
    ann = night.entrants.get(player__name="Ann")
    response = client.post(
        reverse("night_players", args=[night.pk]),
        {"version": night.version, "number": ann.number, "action": "back"},
    )
    assert response.status_code == 302
    ann.refresh_from_db()
    assert ann.present
    assert ann.checked_in_at is None


def test_a_new_key_for_the_table_shuts_the_old_check_in_link(stranger: Client) -> None:
    night = check_in_night()
    old = night.check_in_link
    night.private_table.replace_key()
    before = stored()
    response = stranger.post(reverse("night_check_in", args=[old]), {"name": "Eve"})
    assert response.status_code == 404
    assert stored() == before
    night.refresh_from_db()
    # Check-in stays open, under the night's new watch token.
    assert night.check_in_link not in (None, old)
    assert check_in(stranger, night, name="Eve").status_code == 302


def test_a_player_who_left_and_checks_in_again_is_back(stranger: Client) -> None:
    night = check_in_night()
    check_in(stranger, night, pick="Ann")
    ann = night.entrants.get(player__name="Ann")
    night.set_present(version=None, number=ann.number, present=False)
    response = check_in(stranger, night, pick="Ann")
    assert response.status_code == 302
    ann.refresh_from_db()
    assert ann.present
    assert "in, Ann: your table shows here" in stranger.get(response["Location"]).content.decode()
