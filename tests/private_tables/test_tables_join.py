"""Joining a table by its key link (docs/formats.md, "Tables: private by link, no accounts";
docs/decisions.md, D15): opened from another site, or by a browser that does not say where it was
opened, the link only shows the table's name and a Join button; joining never drops
another of the phone's tables unasked, and never moves where new games go
without saying so."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Game, PrivateTable
from scorekeeper.web import phone_tables
from tests.conftest import joined_client
from tests.game_support import TEST_TABLE_KEY, our_table, start_game
from tests.table_support import CROSS_SITE, DIRECT

pytestmark = pytest.mark.django_db

JOIN_PAGE = "/tables/join/"


def text_of(response: Any) -> str:
    """The page's words, tags and runs of spaces gone."""
    words = " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())
    return re.sub(r" ([,.;:?!])", r"\1", words)


def csrf_of(response: Any) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', response.content.decode())
    assert found is not None
    return found.group(1)


def shown_of(response: Any) -> str:
    found = re.search(r'name="shown" value="([0-9a-f]+)"', response.content.decode())
    assert found is not None
    return found.group(1)


def new_games_go_to(phone: Client) -> int:
    """The table the new game form offers first (its default)."""
    form = phone.get(reverse("new_game"))
    value: int = form.context["table_choice"]["private_table"].value()
    return value


def phone_with(*names: str) -> tuple[Client, list[PrivateTable]]:
    """A phone that has joined a table of each name, the first where new games go."""
    made = [PrivateTable.objects.create(name=name) for name in names]
    return joined_client(*(t.key for t in made)), made


# --- Where the link was opened -----------------------------------------------------


@pytest.mark.parametrize(
    "opened_from",
    [CROSS_SITE, {"HTTP_SEC_FETCH_SITE": "same-site"}, {}],
    ids=["another site", "a sibling site", "no word from the browser"],
)
def test_a_key_link_not_opened_directly_shows_the_table_and_a_join_button_and_joins_nothing(
    opened_from: dict[str, str],
) -> None:
    game = start_game()
    phone = Client(enforce_csrf_checks=True)
    response = phone.get(our_table().key_path, **opened_from)
    assert response.status_code == 302
    assert response.url == JOIN_PAGE  # the key leaves the address bar at once
    assert response["Cache-Control"] == "no-store"
    assert phone_tables.COOKIE not in response.cookies
    page = phone.get(JOIN_PAGE)
    assert page.status_code == 200
    html = page.content.decode()
    assert "Join Tests?" in text_of(page)
    assert html.count("<form") == 1
    assert re.search(r'<form [^>]*method="post" action="/tables/join/"', html)
    assert re.findall(r"<button[^>]*>([^<]*)</button>", html) == ["Join"]
    assert TEST_TABLE_KEY not in html
    assert phone.get(reverse("game_table", args=[game.pk])).status_code == 404


@pytest.mark.parametrize(
    "headers",
    [
        DIRECT,
        {"HTTP_SEC_FETCH_SITE": "same-origin", "HTTP_REFERER": "http://testserver/tables/"},
    ],
    ids=["opened-directly", "tapped-on-bowers-tables-page"],
)
def test_a_key_link_opened_directly_or_from_bower_joins_at_once(headers: dict[str, str]) -> None:
    game = start_game()
    phone = Client()
    response = phone.get(our_table().key_path, **headers)
    assert response.status_code == 302
    assert response.url == reverse("game_table", args=[game.pk])  # the game in play
    assert phone_tables.COOKIE in response.cookies
    assert phone.get(reverse("game_table", args=[game.pk])).status_code == 200


@pytest.mark.parametrize(
    "referrer",
    [
        "",
        "http://testserver/admin/login/?next=/admin/../t/key/",
        "http://testserver/games/",
        "http://other.site/tables/",
        "http://testserver/no/such/page/",
    ],
)
def test_a_key_link_reached_by_a_redirect_of_bowers_asks_before_joining(referrer: str) -> None:
    """A same-origin request that no page showing a key link started (a redirect
    keeps the referrer of the page it began at: the admin's sign-in, say) gets the
    Join step, whatever that referrer is."""
    start_game()
    phone = Client()
    headers = {"HTTP_SEC_FETCH_SITE": "same-origin"}
    if referrer:
        headers["HTTP_REFERER"] = referrer
    response = phone.get(our_table().key_path, **headers)
    assert response.status_code == 302
    assert response.url == JOIN_PAGE
    assert phone_tables.COOKIE not in response.cookies


def test_the_join_button_joins_and_leads_to_an_address_without_the_key() -> None:
    game = start_game()
    phone = Client(enforce_csrf_checks=True)
    page = phone.get(our_table().key_path, follow=True, **CROSS_SITE)
    response = phone.post(
        JOIN_PAGE, {"csrfmiddlewaretoken": csrf_of(page), "shown": shown_of(page)}
    )
    assert response.status_code == 302
    assert response.url == reverse("game_table", args=[game.pk])  # the game in play
    assert response["Cache-Control"] == "no-store"
    assert phone_tables.COOKIE in response.cookies
    assert response.cookies[phone_tables.PENDING_COOKIE].value == ""  # nothing left to join
    games = phone.get(reverse("game_list"))
    assert "This phone now keeps the score at Tests." in text_of(games)
    assert "New games on this phone go to Tests." in text_of(games)
    assert phone.get(reverse("game_table", args=[game.pk])).status_code == 200
    assert "Nothing to join" in text_of(phone.get(JOIN_PAGE))


def test_the_join_button_without_the_csrf_token_is_refused_and_joins_nothing() -> None:
    game = start_game()
    phone = Client(enforce_csrf_checks=True)
    page = phone.get(our_table().key_path, follow=True, **CROSS_SITE)
    response = phone.post(JOIN_PAGE, {"shown": shown_of(page)})
    assert response.status_code == 403
    assert phone_tables.COOKIE not in response.cookies
    assert phone.get(reverse("game_table", args=[game.pk])).status_code == 404


def test_twenty_key_links_from_another_site_leave_the_phones_tables_as_they_were(
    client: Client,
) -> None:
    mine = our_table()
    before = client.cookies[phone_tables.COOKIE].value
    strangers = [PrivateTable.objects.create(name=f"Lure {i}") for i in range(20)]
    for private_table in strangers:
        response = client.get(private_table.key_path, **CROSS_SITE)
        assert response.url == JOIN_PAGE
        assert phone_tables.COOKIE not in response.cookies
    assert client.cookies[phone_tables.COOKIE].value == before
    assert [t.name for t in client.get(reverse("table_list")).context["tables"]] == ["Tests"]
    # The phone's next game lands at its own table.
    assert new_games_go_to(client) == mine.pk
    client.post(
        reverse("new_game"),
        {
            "token": "3f1c2b9e-0000-4000-8000-000000000001",
            "variant": "call-ace",
            "first_dealer": "0",
            **{f"player_{i}": name for i, name in enumerate(["Ann", "Ben", "Cat", "Dan", "Eve"])},
            "target": "10",
            "action": "start",
        },
    )
    assert Game.objects.get().private_table == mine


def test_a_key_link_of_a_table_the_phone_has_changes_nothing(client: Client) -> None:
    response = client.get(our_table().key_path, **CROSS_SITE)
    assert response.status_code == 302
    assert response.url == reverse("game_list")
    assert phone_tables.COOKIE not in response.cookies
    assert phone_tables.PENDING_COOKIE not in response.cookies


# --- A full phone --------------------------------------------------------------------


def test_a_full_phone_asks_which_table_to_forget_before_joining_another() -> None:
    names = [f"T{i}" for i in range(phone_tables.MAX_TABLES)]
    phone, made = phone_with(*names)
    newcomer = PrivateTable.objects.create(name="Newcomer")
    # Even opened directly, the link only asks: joining would drop a table.
    response = phone.get(newcomer.key_path, **DIRECT)
    assert response.url == JOIN_PAGE
    assert phone_tables.COOKIE not in response.cookies
    page = phone.get(JOIN_PAGE)
    assert "This phone keeps 20 tables, the most it can." in text_of(page)
    assert page.content.decode().count('type="radio" name="instead_of"') == phone_tables.MAX_TABLES

    unpicked = phone.post(JOIN_PAGE, {"shown": newcomer.key_digest})
    assert unpicked.status_code == 422
    assert "Pick the table this phone forgets to make room." in text_of(unpicked)
    assert phone_tables.COOKIE not in unpicked.cookies

    foreign = PrivateTable.objects.create(name="Not on this phone")
    wrong = phone.post(JOIN_PAGE, {"shown": newcomer.key_digest, "instead_of": foreign.pk})
    assert wrong.status_code == 422
    assert phone_tables.COOKIE not in wrong.cookies

    joined = phone.post(JOIN_PAGE, {"shown": newcomer.key_digest, "instead_of": made[5].pk})
    assert joined.status_code == 302
    said = text_of(phone.get(reverse("game_list")))
    assert "It no longer keeps T5." in said
    assert "New games on this phone still go to T0." in said
    kept = phone.get(reverse("table_list")).context["tables"]
    assert len(kept) == phone_tables.MAX_TABLES
    assert {t.name for t in kept} == {*names, "Newcomer"} - {"T5"}
    assert kept[0].name == "T0"  # new games still go to the same table


def test_a_full_phone_forgetting_the_table_new_games_went_to_is_told_where_they_go_now() -> None:
    phone, made = phone_with(*(f"T{i}" for i in range(phone_tables.MAX_TABLES)))
    newcomer = PrivateTable.objects.create(name="Newcomer")
    phone.get(newcomer.key_path, **CROSS_SITE)
    phone.post(JOIN_PAGE, {"shown": newcomer.key_digest, "instead_of": made[0].pk})
    said = text_of(phone.get(reverse("game_list")))
    assert "It no longer keeps T0. New games on this phone go to T1." in said
    assert new_games_go_to(phone) == made[1].pk


# --- Where new games go ------------------------------------------------------------


def test_joining_by_a_link_opened_directly_keeps_where_new_games_go_and_says_so() -> None:
    phone, (home,) = phone_with("Home")
    club = PrivateTable.objects.create(name="Club")
    phone.get(club.key_path, **DIRECT)
    said = text_of(phone.get(reverse("game_list")))
    assert "This phone now keeps the score at Club." in said
    assert "New games on this phone still go to Home." in said
    assert new_games_go_to(phone) == home.pk
    listed = phone.get(reverse("table_list"))
    assert [t.name for t in listed.context["tables"]] == ["Home", "Club"]
    assert "Home new games go here" in text_of(listed)


def test_the_join_page_says_where_new_games_go_and_moves_them_only_when_ticked() -> None:
    phone, (home,) = phone_with("Home")
    club, pub = PrivateTable.objects.create(name="Club"), PrivateTable.objects.create(name="Pub")
    page = phone.get(club.key_path, follow=True, **CROSS_SITE)
    assert "New games on this phone go to Home, unless you tick the box below." in text_of(page)
    assert "Start new games at Club from now on" in text_of(page)
    phone.post(JOIN_PAGE, {"shown": club.key_digest})
    assert new_games_go_to(phone) == home.pk

    phone.get(pub.key_path, **CROSS_SITE)
    phone.post(JOIN_PAGE, {"shown": pub.key_digest, "as_default": "on"})
    assert "New games on this phone go to Pub." in text_of(phone.get(reverse("game_list")))
    assert new_games_go_to(phone) == pub.pk


# --- The Join page ----------------------------------------------------------------


def test_a_join_page_left_open_joins_only_the_table_it_named() -> None:
    first, second = (
        PrivateTable.objects.create(name="First"),
        PrivateTable.objects.create(name="Second"),
    )
    phone = Client()
    phone.get(first.key_path, **CROSS_SITE)
    # Another link, opened since in another tab, leaves another table to join.
    phone.get(second.key_path, **CROSS_SITE)
    stale = phone.post(JOIN_PAGE, {"shown": first.key_digest})
    assert stale.status_code == 422
    assert phone_tables.COOKIE not in stale.cookies
    assert "this page is now for Second" in text_of(stale)
    assert "Join Second?" in text_of(stale)
    assert phone.post(JOIN_PAGE, {"shown": shown_of(stale)}).status_code == 302
    assert [t.name for t in phone.get(reverse("table_list")).context["tables"]] == ["Second"]


def test_the_join_page_with_nothing_to_join_says_so_and_stores_nothing() -> None:
    phone = Client()
    assert "Nothing to join" in text_of(phone.get(JOIN_PAGE))
    private_table = PrivateTable.objects.create(name="Gone")
    response = phone.post(JOIN_PAGE, {"shown": private_table.key_digest})
    assert response.status_code == 409
    assert phone_tables.COOKIE not in response.cookies
    # A key replaced after its link was opened: nothing to join either.
    phone.get(private_table.key_path, **CROSS_SITE)
    private_table.replace_key()
    assert "Nothing to join" in text_of(phone.get(JOIN_PAGE))
    assert phone.post(JOIN_PAGE, {"shown": private_table.key_digest}).status_code == 409
    assert not phone.get(reverse("table_list")).context["tables"]


@pytest.mark.parametrize("shown", ["", "x" * 32, "0" * 33, "\x00"])
def test_a_bad_join_form_stores_nothing(shown: str) -> None:
    private_table = PrivateTable.objects.create(name="Club")
    phone = Client()
    phone.get(private_table.key_path, **CROSS_SITE)
    response = phone.post(JOIN_PAGE, {"shown": shown})
    assert response.status_code == 422
    assert phone_tables.COOKIE not in response.cookies
