"""Whatever a phone, a script or a broken proxy sends, the scorekeeper answers
without a server error, and a request it refuses stores nothing (docs/decisions.md, D19).

Every POST form of the game flow and the import, and every query-string
filter, is sent a valid request with some of its fields replaced, dropped or
doubled by hostile values: text where a number goes, unicode digits, lone
surrogates, NUL, bytes that are not UTF-8, huge and negative numbers; the
import also gets deep, huge and odd JSON. Bodies are sent raw, so nothing is
cleaned up on the way.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.models import Game, Hand, HandChange, HandInProgress, Player, Seat
from tests.documents import long_game
from tests.game_support import record, start_game

pytestmark = pytest.mark.django_db

FORM = "application/x-www-form-urlencoded"
EXAMPLES = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

# Percent-encoded already: sent byte for byte.
HOSTILE_RAW = [
    "",
    "%00",
    "3%00",
    "%ED%A0%80",  # a lone surrogate, as UTF-8 would spell it
    "%FF%FE%FD",  # not UTF-8 at all
    "%C2%B2",  # superscript two: isdigit() yes, int() no
    "%D9%A3",  # Arabic-Indic three
    "%EF%BC%94",  # full-width four
    "-1",
    "-99999999999999999999",
    "99999999999999999999999999999999999999",
    "1" * 5000,
    "1e400",
    "NaN",
    "4.5",
    "0x10",
    "%20%203%20",
    "true",
    "on",
    "None",
    "null",
    "H",
    "NT",
    "AS",
    "maker",
    "none",
    "random",
    "00000000-0000-0000-0000-000000000000",
    "not-a-uuid",
    "a" * 3000,
    "%F0%9F%82%A1",  # a playing card emoji
    "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "%7B%22a%22%3A1%7D",
]


def encoded(text: str) -> str:
    """Any text, lone surrogates included, as the bytes a client could send."""
    return quote(text.encode("utf-8", "surrogatepass"), safe="")


HOSTILE = st.one_of(st.sampled_from(HOSTILE_RAW), st.text(max_size=40).map(encoded))


@dataclass(frozen=True)
class Tables:
    """Two games: one with a hand in progress (a call made), one between hands."""

    playing: Game
    between: Game


@pytest.fixture
def tables() -> Tables:
    playing = start_game(players=("Ann", "Ben", "Cat", "Dan", "Eve"))
    record(playing, maker="Ben", trump="H", called="S", partner="Dan", tricks=3)
    playing.refresh_from_db()
    playing.save_call(version=playing.version, maker=1, trump="H", called="S")
    between = start_game(players=("Fay", "Gus", "Hal", "Ivy", "Jon"))
    record(between, maker="Gus", trump="C", called="D", partner="Ivy", tricks=3)
    record(between, maker="Hal", trump="D", called="S", partner="none", tricks=4)
    for game in (playing, between):
        game.refresh_from_db()
    return Tables(playing, between)


def forms(tables: Tables) -> dict[str, tuple[str, dict[str, str]]]:
    """Every POST form, by name: its address and a valid submission."""
    playing, between = tables.playing, tables.between

    def action(game: Game, **fields: str) -> dict[str, str]:
        return {
            "version": str(game.version),
            "token": "4b1c7d3e-0c6e-4b8a-9f59-1b2d3c4e5f60",
            **fields,
        }

    def hand_of(game: Game, **fields: str) -> dict[str, str]:
        """A hand is posted with the hands the phone saw, not the version."""
        return {
            "after": str(game.hands.count()),
            "token": "4b1c7d3e-0c6e-4b8a-9f59-1b2d3c4e5f60",
            **fields,
        }

    hand = {"maker": "1", "trump": "H", "called": "S", "partner": "3", "tricks": "3"}
    return {
        "new game": (
            "/games/new/",
            {
                "token": "9a3f0f8e-2b1c-4d5e-8f70-112233445566",
                "variant": "call-ace",
                **{
                    f"player_{seat}": name
                    for seat, name in enumerate(["Kim", "Lee", "Mo", "Ned", "Oz"])
                },
                "first_dealer": "0",
                "target": "10",
                "stick_the_dealer": "on",
                "deal": "standard",
                "renege": "march-or-euchre",
                "ties": "share",
                "action": "start",
            },
        ),
        "start": (
            f"/games/{between.pk}/hand/start/",
            action(between, maker="1", trump="H", called="S", round="1"),
        ),
        "dealer": (f"/games/{between.pk}/hand/dealer/", action(between, dealer="3")),
        "cancel": (f"/games/{playing.pk}/hand/cancel/", action(playing)),
        # The hand over: the whole hand, its call as in play.
        "finish": (
            f"/games/{playing.pk}/hand/enter/",
            hand_of(playing, **hand, renege=""),
        ),
        "enter": (f"/games/{between.pk}/hand/enter/", hand_of(between, **hand)),
        "thrown in": (f"/games/{between.pk}/hand/enter/", hand_of(between, thrown_in="yes")),
        "undo": (f"/games/{between.pk}/hand/undo/", action(between)),
        "edit": (
            f"/games/{between.pk}/hands/1/edit/",
            action(between, **hand, thrown_in="", dealer="0", confirm_earlier_end="on"),
        ),
        "rematch": (f"/games/{between.pk}/rematch/", {}),
        "import": ("/games/import/", {"text": json.dumps(long_game(12))}),
    }


EXTRA_KEYS = ["preview", "action", "add_player", "alone", "round", "revealed_on_trick", "page"]


@st.composite
def hostile_pairs(draw: st.DrawFn, valid: dict[str, str]) -> list[tuple[str, str]]:
    """The valid fields, some replaced by, doubled with or dropped for hostile values."""
    pairs = [(key, quote(value, safe="")) for key, value in valid.items()]
    keys = [*valid, *EXTRA_KEYS]
    for _ in range(draw(st.integers(1, 4))):
        key = draw(st.sampled_from(keys))
        how = draw(st.sampled_from(["replace", "double", "drop"]))
        value = draw(HOSTILE)
        if how == "drop":
            pairs = [pair for pair in pairs if pair[0] != key]
        elif how == "double":
            pairs.append((key, value))
        else:
            pairs = [pair for pair in pairs if pair[0] != key] + [(key, value)]
    return pairs


def stored() -> tuple[Any, ...]:
    """All the scorebook holds, as far as a refused request could have touched it."""
    return (
        list(
            Game.objects.order_by("pk").values_list("pk", "version", "next_dealer", "finished_at")
        ),
        Player.objects.count(),
        Seat.objects.count(),
        list(Hand.objects.order_by("pk").values_list("pk", "tricks", "updated_at")),
        list(HandInProgress.objects.values_list("pk", "maker", "trump", "called", "alone")),
        HandChange.objects.count(),
    )


@contextmanager
def rolled_back() -> Iterator[None]:
    """Each example starts from the same tables: what it stored is undone after."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def answer(client: Client, method: str, address: str, **kwargs: Any) -> tuple[int, bool]:
    """The status of one request, and whether the scorebook changed."""
    with rolled_back():
        before = stored()
        response = client.generic(method, address, **kwargs)
        return response.status_code, stored() != before


FORM_NAMES = [
    "new game",
    "start",
    "dealer",
    "cancel",
    "finish",
    "enter",
    "thrown in",
    "undo",
    "edit",
    "rematch",
    "import",
]


def test_every_form_is_listed(tables: Tables) -> None:
    assert sorted(forms(tables)) == sorted(FORM_NAMES)


@pytest.mark.parametrize("name", FORM_NAMES)
@pytest.mark.postgres
def test_each_valid_submission_is_stored(client: Client, tables: Tables, name: str) -> None:
    """The hostile test starts from these: each changes the scorebook as it is."""
    address, valid = forms(tables)[name]
    body = "&".join(f"{key}={quote(value, safe='')}" for key, value in valid.items())
    status, changed = answer(client, "POST", address, data=body, content_type=FORM)
    assert status == (303 if address.endswith("/hand/enter/") else 302)  # a hand: see the table
    assert changed


@pytest.mark.parametrize("name", FORM_NAMES)
@EXAMPLES
@given(data=st.data())
@pytest.mark.postgres
def test_a_hostile_form_gets_an_answer_and_a_refused_one_stores_nothing(
    client: Client, tables: Tables, name: str, data: st.DataObject
) -> None:
    address, valid = forms(tables)[name]
    pairs = data.draw(hostile_pairs(valid))
    body = "&".join(f"{key}={value}" for key, value in pairs)
    status, changed = answer(client, "POST", address, data=body, content_type=FORM)
    assert status < 500, (name, body[:200], status)
    if status not in (302, 303):  # refused, or the form shown again: nothing stored
        assert not changed, (name, body[:200], status)


# --- The import: odd JSON anywhere in a valid document -----------------------------

JSON_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**80), max_value=2**80),
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from(["\ud800", "Ann\x00", "\uff11", "\u00b2", "Ann", "maker", "H", "AS"]),
        st.text(max_size=12),
    ),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=10,
)
PLACES = [
    "format",
    "variant",
    "rules",
    "players",
    "first_dealer",
    "hands",
    "rules.target",
    "rules.stick_the_dealer",
    "rules.deal",
    "rules.renege",
    "rules.ties",
    "players.0",
    "players.4",
    "hands.0",
    "hands.1.maker",
    "hands.1.trump",
    "hands.1.called",
    "hands.1.partner",
    "hands.1.tricks",
    "hands.1.renege",
    "hands.1.alone",
    "hands.1.round",
    "hands.1.revealed_on_trick",
    "hands.1.dealer",
    "hands.1.thrown_in",
]


@st.composite
def hostile_documents(draw: st.DrawFn) -> str:
    """A valid document with one place given an odd value (or taken away)."""
    document: Any = long_game(6)
    *path, last = draw(st.sampled_from(PLACES)).split(".")
    container = document
    for step in path:
        container = container[int(step)] if isinstance(container, list) else container[step]
    key: Any = int(last) if isinstance(container, list) else last
    if isinstance(container, dict) and draw(st.booleans()):
        container.pop(key, None)
    else:
        container[key] = draw(JSON_VALUES)
    return json.dumps(document)


# The odd values most likely to get past a reader: each is put in every place.
ODD_VALUES: list[Any] = [
    "\ud800",  # a lone surrogate: no database stores one
    "Ann\x00",
    "\uff11",  # a full-width one
    "\u00b2",  # superscript two
    "a" * 5000,
    -1,
    2**70,
    1e308 * 10,  # infinity
    1.5,
    True,
    None,
    [],
    {},
    [[[[["Ann"]]]]],
]


@pytest.mark.parametrize("place", PLACES)
def test_each_odd_value_in_each_place_of_a_document_is_refused_or_imported(
    client: Client, place: str
) -> None:
    *path, last = place.split(".")
    for value in ODD_VALUES:
        document: Any = long_game(6)
        container = document
        for step in path:
            container = container[int(step)] if isinstance(container, list) else container[step]
        container[int(last) if isinstance(container, list) else last] = value
        body = "text=" + encoded(json.dumps(document))
        with rolled_back():
            before = stored()
            response = client.generic("POST", "/games/import/", body, content_type=FORM)
            changed = stored() != before
        assert response.status_code in (302, 422), (place, value, response.status_code)
        assert changed == (response.status_code == 302), (place, value)


RAW_DOCUMENTS = [
    "[" * 100_000,
    '{"a":' * 50_000,
    "1" * 5_000,
    "-" + "9" * 4_000,
    "1e999999",
    "NaN",
    '"\\ud800"',
    "\x00",
    "",
    "   ",
    "\ufeff",
    "{}",
    "[]",
    "null",
]


@settings(EXAMPLES, max_examples=60)
@given(
    text=st.one_of(hostile_documents(), st.sampled_from(RAW_DOCUMENTS)),
    as_file=st.booleans(),
)
def test_a_hostile_import_gets_an_answer_and_a_refused_one_stores_nothing(
    client: Client, text: str, as_file: bool
) -> None:
    with rolled_back():
        before = stored()
        if as_file:
            upload = SimpleUploadedFile("game.json", text.encode("utf-8", "surrogatepass"))
            response = client.post("/games/import/", {"file": upload})
        else:
            body = "text=" + encoded(text)
            response = client.generic("POST", "/games/import/", body, content_type=FORM)
        changed = stored() != before
    assert response.status_code in (302, 422), (text[:200], response.status_code)
    assert changed == (response.status_code == 302), text[:200]


@pytest.mark.parametrize(
    "content", [b"\xff\xfe\x00{", b"\xed\xa0\x80", b"\x00" * 100, b"{" * 200_000]
)
def test_an_uploaded_file_that_is_not_a_document_is_refused_beside_the_field(
    client: Client, content: bytes
) -> None:
    response = client.post("/games/import/", {"file": SimpleUploadedFile("game.json", content)})
    assert response.status_code == 422
    assert response.context["form"].errors["file"]
    assert not Game.objects.exists()


# --- Query strings and addresses -------------------------------------------------------


def pages(tables: Tables) -> dict[str, tuple[str, list[str]]]:
    """Every page that reads its query string, with the keys it reads."""
    playing, between = tables.playing.pk, tables.between.pk
    hand_keys = ["maker", "trump", "called", "alone", "round", "tricks", "partner", "renege"]
    return {
        "games": ("/games/", ["variant", "player", "page"]),
        "night": ("/games/nights/2025-11-21/", ["variant", "player", "page"]),
        "players": ("/players/", ["order"]),
        "poll": (f"/games/{playing}/state/", ["version", "names"]),
        "new game": ("/games/new/", ["variant"]),
        "enter": (f"/games/{between}/hand/enter/", [*hand_keys, "revealed_on_trick"]),
        "finish": (f"/games/{playing}/hand/finish/", [*hand_keys, "revealed_on_trick"]),
        "start": (f"/games/{between}/hand/start/", hand_keys),
        "edit": (f"/games/{between}/hands/1/edit/", hand_keys),
    }


PAGE_NAMES = ["games", "night", "players", "poll", "new game", "enter", "finish", "start", "edit"]


def test_every_page_is_listed(tables: Tables) -> None:
    assert sorted(pages(tables)) == sorted(PAGE_NAMES)


@pytest.mark.parametrize("name", PAGE_NAMES)
@EXAMPLES
@given(data=st.data())
def test_a_hostile_query_string_gets_a_page_and_stores_nothing(
    client: Client, tables: Tables, name: str, data: st.DataObject
) -> None:
    address, keys = pages(tables)[name]
    pairs = data.draw(st.lists(st.tuples(st.sampled_from(keys), HOSTILE), max_size=5))
    query = "&".join(f"{key}={value}" for key, value in pairs)
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        status, changed = answer(client, "GET", f"{address}?{query}", **headers)
        assert status < 500, (name, query[:200], status)
        assert not changed


@pytest.mark.parametrize(
    "address",
    [
        "/games/99999999999999999999999/",
        "/games/99999999999999999999999/state/?version=1",
        "/games/9223372036854775808/sheet/",
        "/games/1/hands/99999999999999999999/edit/",
        "/games/1/hands/40000/history/",
        "/games/nights/0000-00-00/",
        "/games/nights/9999-12-31/",
        "/players/99999999999999999999999/",
        "/games/99999999999999999999999/export/",
    ],
)
def test_an_address_with_a_number_out_of_range_is_not_found(client: Client, address: str) -> None:
    assert client.get(address).status_code == 404


@pytest.mark.parametrize(
    "address",
    ["/games/99999999999999999999999/hand/enter/", "/games/99999999999999999999999/rematch/"],
)
def test_a_form_posted_to_a_game_out_of_range_is_not_found(client: Client, address: str) -> None:
    assert client.post(address, {"version": "0"}).status_code == 404
