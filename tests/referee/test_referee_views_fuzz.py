"""Whatever a shared link or a typo puts in the query string, a referee page answers
with a page (a message beside the field at worst), never a server error."""

import html
import re

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

TOOLS = {
    "/referee/": ["game"],
    "/referee/rules/call-ace/": ["q", "game"],
    "/referee/rules/euchre-night/": ["q", "game", "players", "ties"],
    "/referee/ranking/": ["trump", "deck"],
    "/referee/trick/": ["trump", "cards", "deck"],
    "/referee/legal/": ["trump", "led", "hand", "played", "variant", "players", "renege", "game"],
    "/referee/score/": [
        "variant",
        "players",
        "maker",
        "trump",
        "called",
        "partner",
        "alone",
        "tricks",
        "renege",
        "renege_rule",
        "deal",
        "no_trump",
        "target",
        "game",
    ],
    "/referee/audit/": [
        "variant",
        "players",
        "maker",
        "trump",
        "called",
        "alone",
        "leader",
        "deal",
        "renege",
        "t1",
        "t2",
        "t3",
        "t4",
        "t5",
        "t6",
        "edit",
        "game",
    ],
}

TOKENS = st.sampled_from(
    [
        "",
        "H",
        "S",
        "NT",
        "X",
        "AS",
        "JD",
        "10H",
        "T9",
        "9S,KC",
        "AS,AS",
        "JD,9S,KC",
        "AC,10D,8C,10C,QC",
        "7C,8C,9C,10C",
        "Ann,Ben,Cat,Dan",
        "Ann,Ben,Cat,Dan,Eve",
        "Ben",
        "Zed",
        "maker",
        "none",
        "on",
        "off",
        "0",
        "1",
        "3",
        "5",
        "7",
        "-1",
        "99999999999999",
        "call-ace",
        "standard",
        "call-your-partner",
        "seed",
        "offender-loses-2",
        "♠",
        "J♦",
        "\uff21\uff33",  # full-width letters
        "\x00",
        "a" * 300,
    ]
)


@pytest.mark.parametrize("url", list(TOOLS))
@pytest.mark.django_db
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_any_query_string_gets_a_page_never_a_server_error(
    client: Client, url: str, data: st.DataObject
) -> None:
    keys = TOOLS[url]
    params = data.draw(st.dictionaries(st.sampled_from(keys), TOKENS, max_size=len(keys)))
    for htmx in (False, True):
        headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        response = client.get(url, params, **headers)
        assert response.status_code in (200, 302, 422), (url, params, response.status_code)


# --- Hostile values, sent as raw query strings (docs/decisions.md, D19) ---------------------------

RULES = ["variant", "target", "stick_the_dealer", "no_trump", "deal", "renege", "ties"]
EVERY_PAGE = {
    **{url: [*keys, "finish", "players", *RULES] for url, keys in TOOLS.items()},
    "/referee/rules/": ["game", "variant"],
    "/referee/rules/standard/": ["q", "game", "players", *RULES],
}
API = {
    "/referee/api/trick": ["trump", "cards"],
    "/referee/api/legal": ["trump", "led", "hand"],
}
# Already percent-encoded, so the test client sends the bytes as they are.
HOSTILE = st.sampled_from(
    [
        "%C2%B2",  # superscript two: str.isdigit() says yes, int() says no
        "%D9%A3",  # an Arabic-Indic three
        "%EF%BC%94",  # a full-width four
        "%00",  # NUL
        "AS%00",
        "%ED%A0%80",  # a lone surrogate
        "%FF%FE",  # not UTF-8 at all
        "-1",
        "-99999999999999999999",
        "99999999999999999999999999999",
        "1e9",
        "4.5",
        "%20%20",
        "Ann%2CAnn",
        "%2F%2Fevil.example%2F",
        "https%3A%2F%2Fevil.example%2F",
        "4",
        "H",
        "AS%2CJD",
    ]
)


def _raw_query(pairs: list[tuple[str, str]]) -> str:
    return "&".join(f"{key}={value}" for key, value in pairs)


@pytest.mark.parametrize("url", [*EVERY_PAGE, *API])
@pytest.mark.django_db
@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_hostile_values_get_a_message_never_a_server_error(
    client: Client, url: str, data: st.DataObject
) -> None:
    keys = EVERY_PAGE.get(url) or API[url]
    # A list, not a dict: the same parameter may come twice.
    pairs = data.draw(st.lists(st.tuples(st.sampled_from(keys), HOSTILE), max_size=6))
    query = _raw_query(pairs)
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = client.get(f"{url}?{query}", **headers)
        allowed = (200, 400) if url in API else (200, 302, 422)
        assert response.status_code in allowed, (url, query, response.status_code)


@pytest.mark.parametrize(
    ("url", "query", "message"),
    [
        ("/referee/score/", "players=%C2%B2", "is played by 4, 5 or 6 players"),
        ("/referee/audit/", "players=Ann%2CB%01n", "A name can hold letters"),
        ("/referee/score/", "players=4&maker=%C2%B2", "is not one of the choices"),
        ("/referee/score/", "target=-1", "greater than or equal to 1"),
        ("/referee/score/", "target=%C2%B2", "Enter a whole number"),
        ("/referee/audit/", "players=Ann%2CBen%2CCat%2CDan&leader=%00", "Null characters"),
        ("/referee/audit/", "players=Ann%2CBen%2CCat%2CDan&finish=%2F%2Fevil.example", "this site"),
        ("/referee/legal/", "trump=H&hand=JD&players=%C2%B2", "is not one of the choices"),
        ("/referee/trick/", "trump=H&cards=AS%00", "is not a card"),
    ],
)
@pytest.mark.django_db
def test_a_hostile_value_is_named_beside_its_field(
    client: Client, url: str, query: str, message: str
) -> None:
    response = client.get(f"{url}?{query}")
    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    errors = " ".join(re.findall(r'<ul class="errorlist"[^>]*>(.*?)</ul>', page, re.S))
    assert message in errors, errors


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url", ["/referee/score/", "/referee/audit/", "/referee/legal/", "/referee/"]
)
def test_an_old_game_link_with_a_unicode_digit_opens_the_page(client: Client, url: str) -> None:
    assert client.get(f"{url}?game=%C2%B2").status_code == 200


@pytest.mark.parametrize(
    ("url", "query"),
    [
        ("/referee/api/trick", "trump=%C2%B2&cards=AS%2CJD"),
        ("/referee/api/trick", "trump=H&cards=AS%00%2CJD"),
        ("/referee/api/legal", "trump=H&hand=%ED%A0%80"),
        ("/referee/api/legal", "trump=H&led=%C2%B2&hand=JD"),
    ],
)
def test_the_api_answers_hostile_values_with_a_400(client: Client, url: str, query: str) -> None:
    response = client.get(f"{url}?{query}")
    assert response.status_code == 400
    assert list(response.json()) == ["error"]
