"""No page of Bower sends a person to an address taken from the request.

Every page a phone can GET (every route of the URL resolver, filled with a seeded
table's ids, and the referee's hand audit with a finished hand, the page that links
back to a game) is asked again with each of its query parameters set to an address
an attacker would like Bower to link to: another table's key link (a tapped link
from Bower itself joins a phone at once), another site, and the forms browsers read
as another site. None of them may come back in a link, a form's action, a redirect
or an htmx header.
"""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit

import pytest
from django.test import Client
from django.urls import resolve, reverse

from scorekeeper.models import Game, PrivateTable
from tests.conftest import joined_client
from tests.game_support import start_game
from tests.referee.test_referee_views_audit import SETUP, TRICKS
from tests.test_strangers import Seeded, every_address, seeded

__all__ = ["seeded"]  # the fixture, shared with the strangers' walk

pytestmark = pytest.mark.django_db

# Names under which sites commonly take an address to go to next: tried on every page,
# whether or not the page names them, so a route that starts reading one is caught.
REDIRECT_NAMES = ("next", "finish", "return", "return_to", "redirect", "url", "back")
ATTRIBUTES = re.compile(
    r"\b(?:href|src|action|formaction|hx-get|hx-post|hx-push-url|hx-replace-url|data-url)"
    r'="([^"]*)"'
)
REFRESH = re.compile(r'http-equiv="refresh"\s+content="[^"]*url=([^"]*)"', re.IGNORECASE)
HEADERS = ("Location", "HX-Redirect", "HX-Location", "HX-Push-Url", "HX-Replace-Url", "Refresh")


def hostile_addresses(key: str) -> list[str]:
    return [
        f"/t/{key}/",
        "//other.site/",
        "https://other.site/",
        "/\\other.site/",
    ]


def parameters_of(page: str, html: str) -> set[str]:
    """The query parameters ``page`` reads: its forms' fields and its links' keys,
    and the common redirect names."""
    names = set(REDIRECT_NAMES) | set(
        re.findall(r'<(?:input|select|textarea)[^>]*\bname="([^"]+)"', html)
    )
    path = urlsplit(page).path
    for link in ATTRIBUTES.findall(html):
        parts = urlsplit(unescape(link))
        if parts.path in ("", path):
            names.update(k for k, _ in parse_qsl(parts.query, keep_blank_values=True))
    names.discard("csrfmiddlewaretoken")
    return names


HIDDEN = re.compile(r'<input[^>]*type="hidden"[^>]*>')
HIDDEN_NAME = re.compile(r'\bname="([^"]*)"')
HIDDEN_VALUE = re.compile(r'\bvalue="([^"]*)"')


def addresses_in(response) -> list[str]:  # type: ignore[no-untyped-def]
    """Every address the answer sends a person to, or keeps to send them to after a
    form (a hidden field named as a way to go next, as a sign-in's ``next``)."""
    body = response.content.decode(errors="replace") if not response.streaming else ""
    found = [unescape(a) for a in ATTRIBUTES.findall(body) + REFRESH.findall(body)]
    found += [response[h] for h in HEADERS if response.has_header(h)]
    for field in HIDDEN.findall(body):
        name, value = HIDDEN_NAME.search(field), HIDDEN_VALUE.search(field)
        if name and value and name.group(1) in REDIRECT_NAMES:
            found.append(unescape(value.group(1)))
    return found


def points_to(address: str, hostile: str) -> bool:
    """Whether following ``address`` leads off this site or to ``hostile``'s page (a
    value carried in a query string is not followed here: the page it leads to is
    asked with it in turn)."""
    parts = urlsplit(address.replace("\\", "/"))
    target = urlsplit(hostile.replace("\\", "/"))
    if parts.netloc not in ("", "testserver") or parts.path.startswith("//"):
        return True
    return bool(target.path) and unquote(parts.path) == target.path and not target.netloc


def pages(seeded: Seeded) -> list[str]:
    audit = reverse("referee:audit")
    finish = reverse("hand_finish", args=[seeded.in_play.pk])
    finished_audit = (
        audit + "?" + "&".join(f"{k}={v}" for k, v in {**SETUP, **TRICKS, "finish": finish}.items())
    )
    # One address a route: what a page does with its parameters does not depend on
    # which of the table's games or players it shows.
    routes: dict[object, str] = {}
    for address in every_address(seeded):
        routes.setdefault(resolve(address.split("?")[0]).route, address)
    return [*routes.values(), finished_audit]


def test_no_page_links_or_redirects_to_an_address_from_its_query_string(seeded: Seeded) -> None:
    attacker = PrivateTable.objects.create(name="Mallory's table")
    start_game(players=("Mallory", "Trent", "Cat", "Dan", "Eve"), private_table=attacker)
    phone: Client = joined_client(seeded.private_table.key)
    found: list[str] = []
    for page in pages(seeded):
        plain = phone.get(page)
        if plain.status_code != 200 or plain.streaming:
            continue
        html = plain.content.decode(errors="replace")
        base = page.split("?")[0]
        query = dict(parse_qsl(urlsplit(page).query))
        for name in sorted(parameters_of(page, html)):
            for hostile in hostile_addresses(attacker.key):
                response = phone.get(base, {**query, name: hostile})
                assert response.status_code < 500, (page, name, hostile)
                for address in addresses_in(response):
                    if points_to(address, hostile):
                        found.append(f"{page} ?{name}={hostile} -> {address}")
    assert not found, "\n".join(found[:20])


def test_a_finished_audit_from_a_game_still_returns_to_that_game(seeded: Seeded) -> None:
    game: Game = seeded.in_play
    finish = reverse("hand_finish", args=[game.pk])
    response = Client().get(reverse("referee:audit"), {**SETUP, **TRICKS, "finish": finish})
    links = [a for a in addresses_in(response) if a.startswith(finish + "?")]
    assert links, "the audit should offer to record the hand in the game"


@pytest.mark.parametrize(
    "finish",
    [
        "/t/{key}/",
        "/t/{key}/?next=/",
        "/games/{game}/",
        "/games/{game}/hand/finish/../../../t/{key}/",
        "/admin/",
    ],
)
def test_the_audit_returns_only_to_a_games_end_of_hand_form(seeded: Seeded, finish: str) -> None:
    address = finish.format(key=seeded.private_table.key, game=seeded.in_play.pk)
    response = Client().get(reverse("referee:audit"), {**SETUP, **TRICKS, "finish": address})
    text = response.content.decode()
    assert response.status_code == 200
    assert "The way back must be a page of this site: a game&#x27;s screen for the hand." in text
    assert "Record this hand in the game" not in text
    assert not [a for a in addresses_in(response) if points_to(a, address)]
    assert "Record this hand in the game" not in text
    assert not [a for a in addresses_in(response) if points_to(a, address)]


def test_the_admins_sign_in_goes_on_only_to_a_page_of_the_admin(
    seeded: Seeded, django_user_model
) -> None:  # type: ignore[no-untyped-def]
    django_user_model.objects.create_superuser("operator", password="a long pass phrase")
    key_link = f"/t/{seeded.private_table.key}/"
    browser = Client()
    form = browser.get("/admin/login/", {"next": key_link})
    assert key_link not in form.content.decode()
    answer = browser.post(
        "/admin/login/?next=" + key_link,
        {"username": "operator", "password": "a long pass phrase", "next": key_link},
    )
    assert answer.status_code == 302
    assert answer["Location"] == reverse("admin:index")
    browser.logout()
    users = reverse("admin:auth_user_changelist")
    answer = browser.post(
        "/admin/login/?next=" + users,
        {"username": "operator", "password": "a long pass phrase", "next": users},
    )
    assert answer["Location"] == users


@pytest.mark.parametrize(
    "next_page",
    [
        "/admin/../t/{key}/",
        "/admin/%2e%2e/t/{key}/",
        "/admin/%2E%2E/t/{key}/",
        "/admin/x/../../t/{key}/",
        "/admin/./../t/{key}/",
        "/admin/..%2ft/{key}/",
        "/admin/..\\t/{key}/",
        "/admin//../t/{key}/",
        "/admin/.\t./t/{key}/",
        "http://testserver/admin/../t/{key}/",
    ],
)
def test_the_admins_sign_in_resolves_dot_segments_before_it_trusts_next(
    seeded: Seeded, django_user_model, next_page: str
) -> None:  # type: ignore[no-untyped-def]
    """A `next` that a browser would read as a path outside the admin, once its dot
    segments, percent-encoding and backslashes are resolved, goes to the admin's
    index, on the form and after signing in."""
    django_user_model.objects.create_superuser("operator", password="a long pass phrase")
    key = seeded.private_table.key
    address = next_page.format(key=key)
    browser = Client()
    form = browser.get("/admin/login/", {"next": address})
    kept = [a for a in addresses_in(form) if "login" not in a and key in a]
    assert not kept
    assert 'name="next" value="/admin/"' in form.content.decode()
    answer = browser.post(
        "/admin/login/?" + urlencode({"next": address}),
        {"username": "operator", "password": "a long pass phrase", "next": address},
    )
    assert answer.status_code == 302
    assert answer["Location"] == reverse("admin:index")


def test_the_admins_sign_in_still_goes_on_to_an_admin_page_with_its_query(
    django_user_model,
) -> None:  # type: ignore[no-untyped-def]
    django_user_model.objects.create_superuser("operator", password="a long pass phrase")
    games = reverse("admin:scorekeeper_game_changelist") + "?q=Ann"
    answer = Client().post(
        "/admin/login/",
        {"username": "operator", "password": "a long pass phrase", "next": games},
    )
    assert answer["Location"] == games
