"""Safe to host for strangers: a phone without a table's key sees nothing of it.

Every page a phone can GET is walked: the links from the front page, followed
as far as they go (bounded), and every address of the URL resolver filled with
the real ids of a seeded table (games, hands, nights, players, rounds, tables),
so a route added later is walked too, or this test says how to fill it. A
parameter that is itself the secret (the key link, a watch link's token) gets
a wrong value: having the real one is having access.

Also here: a NUL in an address is a 404, never a 500 (PostgreSQL refuses NUL
in a string); and a 404 reads the same whether the thing is another table's or
does not exist, and points to the key link.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter, deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from html import unescape
from typing import Any
from urllib.parse import quote, urljoin, urlsplit

import pytest
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.urls.exceptions import Resolver404
from django.urls.resolvers import RegexPattern, RoutePattern

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.games.outcomes import Kind, kind_outcomes
from scorekeeper.models import EuchreNight, Game, GameNight, Player, PrivateTable, Season
from tests.conftest import joined_client
from tests.game_support import record, start_game
from tests.night_support import play_round

pytestmark = pytest.mark.django_db

# Names no page says by itself, so finding one means the table's data got out.
TABLE_NAME = "Hollowmere Lodge"
NAMES = (
    "Zorbalina",
    "Quetzalind",
    "Xerxandra",
    "Wolfgangus",
    "Yvainette",
    "Thaddeumo",
    "Perpetuax",
    "Oswinella",
)
NIGHT_NAME, NIGHT_PLACE = "Marzipan Jubilee", "Bellwether Tavern"
EUCHRE_NIGHT_NAME = "Quasar Cup"
SEASON_NAME = "Vermilion Circuit"
OTHER_TABLE_NAME = "Brambleton Annex"
OTHER_NAMES = ("Gildermoor", "Halvardine", "Ignatiusz", "Jessamyne", "Korvillian")

# Pages a crawl fetches at most, per phone.
CRAWL_LIMIT = 300
QUERIES_PER_PAGE = 4
# Addresses one route may be filled into at most: a route with many parameters
# is walked over every combination of the seeded values, within reason.
FILLS_PER_ROUTE = 60
WRONG_SECRET = "not-a-secret-anyone-has-0123456789"
# Parameters that are themselves the secret: filled with a wrong value only.
SECRETS = {"key", "token"}


@dataclass
class Seeded:
    """A table with a game in play, a finished game, a named game night, a
    euchre night and players with records; and another table with its own game."""

    private_table: PrivateTable
    other: PrivateTable
    in_play: Game
    finished: Game
    night: EuchreNight
    other_game: Game
    # What must not reach a phone without the table: names, and its secrets.
    secrets: list[str] = field(default_factory=list)

    def fills(self) -> dict[str, list[Any]]:
        """Values for every route parameter, by its name: the seeded ids."""
        night_table = Game.objects.filter(night_round__night=self.night).first()
        assert night_table is not None
        games = [self.in_play, self.finished, night_table, self.other_game]
        players = list(Player.objects.order_by("pk").values_list("pk", flat=True))
        objects = sorted(
            {
                self.private_table.pk,
                self.other.pk,
                self.night.pk,
                players[0],
                *[g.pk for g in games],
            }
        )
        models = (PrivateTable, Game, Player, EuchreNight)
        return {
            # The scorekeeper's routes.
            "game_id": [g.pk for g in games],
            "number": [1, 2],  # a hand's number, a round's number
            "night": [self.in_play.game_night],
            "player_id": players,
            "night_id": [self.night.pk],
            "season_id": list(Season.objects.order_by("pk").values_list("pk", flat=True)),
            "night_table": [1, 2],  # a euchre night's table number
            "table_id": [self.private_table.pk, self.other.pk],
            "key": [WRONG_SECRET],
            "token": [WRONG_SECRET],
            # The referee's.
            "variant": [v.value for v in Variant],
            # The operator's admin (a stranger is sent to its sign-in).
            "app_label": ["scorekeeper", "auth"],
            "object_id": objects,
            "id": objects,
            "content_type_id": [ContentType.objects.get_for_model(m).pk for m in models],
            "url": ["no-such-page/"],
            # A kind of table's table of outcomes (it names nobody: anyone's to ask).
            "kind": [Kind.of(self.in_play).slug],
            "digest": [kind_outcomes(Kind.of(self.in_play)).digest],
        }


@pytest.fixture
def seeded() -> Seeded:
    # The other table's game first: this table's is the one played last.
    other = PrivateTable.objects.create(name=OTHER_TABLE_NAME)
    other_game = start_game(players=OTHER_NAMES, private_table=other)
    record(
        other_game, maker=OTHER_NAMES[0], trump="C", called="D", partner=OTHER_NAMES[2], tricks=4
    )
    private_table = PrivateTable.objects.create(name=TABLE_NAME)
    five = NAMES[:5]
    in_play = start_game(players=five, private_table=private_table)
    record(in_play, maker=five[1], trump="H", called="S", partner=five[3], tricks=3)
    record(in_play, maker=five[2], trump="D", called="C", partner=five[0], tricks=1)
    in_play.refresh_from_db()
    in_play.save_call(version=None, maker=1, trump="S", called="H")  # a hand in progress
    finished = start_game(players=five, private_table=private_table, target=5)
    record(finished, maker=five[4], trump="S", called="S", partner="maker", tricks=5)
    finished.refresh_from_db()
    assert finished.finished_at is not None
    GameNight.objects.create(
        private_table=private_table, date=in_play.game_night, name=NIGHT_NAME, place=NIGHT_PLACE
    )
    night = EuchreNight.start(
        private_table=private_table,
        variant=Variant.STANDARD,
        players=list(NAMES),
        rounds=2,
        rules=NightRules(hands_per_round=4),
        name=EUCHRE_NIGHT_NAME,
        seed=7,
    )
    play_round(night.rounds.get(number=1), 4)
    night.refresh_from_db()
    night.seat_next_round(version=night.version)
    night.refresh_from_db()
    in_play.refresh_from_db()
    season = Season.name_season(
        private_table=private_table,
        name=SEASON_NAME,
        starts=finished.game_night,
        ends=finished.game_night,
    )
    return Seeded(
        private_table=private_table,
        other=other,
        in_play=in_play,
        finished=finished,
        night=night,
        other_game=other_game,
        secrets=[
            TABLE_NAME,
            *NAMES,
            NIGHT_NAME,
            NIGHT_PLACE,
            EUCHRE_NIGHT_NAME,
            private_table.key,
            private_table.key_digest,
            in_play.watch_token,
            finished.watch_token,
            night.watch_token,
            SEASON_NAME,
            season.watch_token,
        ],
    )


# --- Walking the URL resolver ---------------------------------------------------------


@dataclass(frozen=True)
class Route:
    """One address pattern of the site, with the prefixes of its includes."""

    parts: tuple[Any, ...]  # RoutePattern | RegexPattern
    pattern: URLPattern

    @property
    def text(self) -> str:
        return "".join(str(part) for part in self.parts)

    @property
    def parameters(self) -> list[str]:
        return [name for part in self.parts for name in part.regex.groupindex]

    def address(self, values: dict[str, Any], *, check: bool = True) -> str:
        """The address with ``values`` put in, each made URL-safe; checked: it
        must lead back to this route."""
        address = "/" + "".join(_filled(part, values) for part in self.parts)
        if not check:
            return address
        try:
            found = resolve(address.split("?")[0])
        except Resolver404:
            found = None
        wrong = f"{self.text} filled as {address} leads elsewhere: fix Seeded.fills"
        assert found is not None, wrong
        assert found.func == self.pattern.callback, wrong
        return address


def _filled(part: RoutePattern | RegexPattern, values: dict[str, Any]) -> str:
    if isinstance(part, RoutePattern):
        converters = part.converters

        def route_value(match: re.Match[str]) -> str:
            name = match.group("name")
            value = values[name]
            text = value if isinstance(value, str) else str(converters[name].to_url(value))
            return quote(text, safe="/")

        return re.sub(r"<(?:[^>:]+:)?(?P<name>[^>]+)>", route_value, str(part))
    # A regex route: each named group becomes its value, the anchors go.
    text = str(part).removeprefix("^").removesuffix("$")
    for name in part.regex.groupindex:
        start = text.index(f"(?P<{name}>")
        depth, end = 0, start
        for end in range(start, len(text)):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            if depth == 0:
                break
        text = text[:start] + quote(str(values[name]), safe="/") + text[end + 1 :]
    assert not re.search(r"[\\()\[\]^$*+?|]", text), f"cannot fill the regex route {part}"
    return text


def every_route() -> list[Route]:
    def walk(
        patterns: Sequence[URLPattern | URLResolver], parts: tuple[Any, ...]
    ) -> Iterator[Route]:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, (*parts, pattern.pattern))
            else:
                yield Route((*parts, pattern.pattern), pattern)

    return list(walk(get_resolver().url_patterns, ()))


def filled(route: Route, fills: dict[str, list[Any]]) -> list[str]:
    """Every address of ``route`` with the seeded values (each combination, bounded)."""
    names = route.parameters
    missing = [name for name in names if name not in fills]
    if missing:
        pytest.fail(
            f"The route {route.text!r} has parameters {missing} that this test "
            "cannot fill: add their seeded values to Seeded.fills (a secret, such "
            "as a key or token, to SECRETS with a wrong value).",
            pytrace=False,
        )
    combinations = list(itertools.product(*(fills[name] for name in names)))
    assert len(combinations) <= FILLS_PER_ROUTE, f"{route.text}: too many combinations"
    return [route.address(dict(zip(names, values, strict=True))) for values in combinations]


def every_address(seeded: Seeded) -> list[str]:
    fills = seeded.fills()
    return [address for route in every_route() for address in filled(route, fills)]


# --- Fetching ------------------------------------------------------------------------


@dataclass
class Answer:
    address: str
    status: int
    text: str  # the body and the headers


def fetch(client: Client, address: str, *, htmx: bool = False) -> Answer:
    response = client.get(address, headers={"HX-Request": "true"} if htmx else None)
    streamed = response.streaming and response.streaming_content  # type: ignore[attr-defined]
    body = b"".join(streamed) if streamed else response.content
    headers = "\n".join(f"{k}: {v}" for k, v in response.items())
    return Answer(address, response.status_code, headers + "\n" + body.decode(errors="replace"))


LINK = re.compile(r'\b(?:href|hx-get|src|action)="([^"]*)"')


def crawl(client: Client, start: str = "/") -> list[Answer]:
    """The pages reachable from ``start`` by the site's own links (same site,
    not static files), breadth first, at most CRAWL_LIMIT."""
    seen, queue = {start}, deque([start])
    answers: list[Answer] = []
    queries: Counter[str] = Counter()
    while queue and len(answers) < CRAWL_LIMIT:
        address = queue.popleft()
        answer = fetch(client, address)
        answers.append(answer)
        for link in LINK.findall(answer.text):
            parts = urlsplit(urljoin(address, unescape(link)))
            if parts.scheme not in ("", "http") or parts.netloc not in ("", "testserver"):
                continue
            found = parts.path + (f"?{parts.query}" if parts.query else "")
            if found.startswith("/static/") or found in seen:
                continue
            seen.add(found)
            # A few query strings of a page (the referee's links have many):
            # the budget goes to other pages.
            queries[parts.path] += 1
            if queries[parts.path] <= QUERIES_PER_PAGE:
                queue.append(found)
    return answers


def walk_everything(client: Client, seeded: Seeded) -> list[Answer]:
    """The crawl from the front page, then every route filled, plain and as htmx asks."""
    answers = crawl(client)
    for address in every_address(seeded):
        answers.append(fetch(client, address))
        answers.append(fetch(client, address, htmx=True))
    return answers


def leaks(answers: list[Answer], secrets: Sequence[str]) -> list[str]:
    found = []
    for answer in answers:
        text = answer.text.lower()
        said = [secret for secret in secrets if secret.lower() in text]
        if said:
            found.append(f"{answer.address} ({answer.status}) says {said}")
    return found


def server_errors(answers: list[Answer]) -> list[str]:
    return [f"{a.address}: {a.status}" for a in answers if a.status >= 500]


# --- Item 1: nothing of a table reaches a phone without its key -------------------------


def test_a_phone_without_any_table_sees_nothing_of_a_table_on_any_page(
    stranger: Client, seeded: Seeded
) -> None:
    answers = walk_everything(stranger, seeded)
    assert len(answers) > 300  # the walk went everywhere (plain and htmx)
    assert not server_errors(answers)
    assert not leaks(answers, [*seeded.secrets, OTHER_TABLE_NAME, *OTHER_NAMES])


@pytest.mark.postgres
def test_a_phone_of_another_table_sees_nothing_of_this_table_on_any_page(
    seeded: Seeded,
) -> None:
    phone = joined_client(seeded.other.key)
    answers = walk_everything(phone, seeded)
    assert not server_errors(answers)
    assert not leaks(answers, seeded.secrets)
    # The walk did see this phone's own table: its names are on its pages.
    assert leaks(answers, OTHER_NAMES)


def test_the_tables_own_phone_finds_its_names_on_the_pages_the_walk_fills(
    seeded: Seeded,
) -> None:
    """The seeded ids open the pages that show the table's names, so the walks
    above would catch them if a stranger were shown them."""
    phone = joined_client(seeded.private_table.key)
    answers = [fetch(phone, address) for address in every_address(seeded)]
    assert not server_errors(answers)
    said = " ".join(leaks(answers, seeded.secrets))
    for secret in [TABLE_NAME, *NAMES, NIGHT_NAME, NIGHT_PLACE, EUCHRE_NIGHT_NAME, SEASON_NAME]:
        assert secret in said, secret
    for page in [
        f"/games/{seeded.in_play.pk}/ ",
        f"/games/{seeded.in_play.pk}/hands/1/history/",
        f"/games/{seeded.finished.pk}/result/",
        f"/games/nights/{seeded.in_play.game_night.isoformat()}/",
        f"/nights/{seeded.night.pk}/rounds/2/",
        f"/nights/{seeded.night.pk}/rounds/1/tables/1/card/",
        "/players/ ",
    ]:
        assert page in said, page


def test_home_offers_only_the_game_in_play_of_this_phones_tables(seeded: Seeded) -> None:
    resume = 'class="btn btn-primary btn-block btn-resume"'
    assert resume not in Client().get("/").content.decode()
    other = joined_client(seeded.other.key).get("/").content.decode()
    assert resume in other
    assert f"/games/{seeded.other_game.pk}/" in other
    assert ", ".join(OTHER_NAMES) in other
    own = joined_client(seeded.private_table.key).get("/").content.decode()
    assert resume in own
    assert any(name in own for name in NAMES)


# --- Item 8: a NUL in an address is a 404 ------------------------------------------------

NUL_PATHS = [
    "/t/%00/",
    "/w/%00/",
    "/w/%00/state/",
    "/nights/watch/%00/",
    "/nights/watch/%00/state/",
    "/t/a%00b/",
    "/w/a%00b/state/",
]


@pytest.mark.parametrize("phone", ["stranger", "the table's"])
def test_a_nul_in_an_address_is_a_404(seeded: Seeded, phone: str) -> None:
    client = Client() if phone == "stranger" else joined_client(seeded.private_table.key)
    for address in NUL_PATHS:
        response = client.get(address)
        assert response.status_code == 404, address
        assert "key link" in response.content.decode(), address  # the app's own 404 page


@pytest.mark.postgres
def test_a_nul_in_any_parameter_of_any_route_is_a_404(seeded: Seeded) -> None:
    """Each parameter of each route in turn gets a NUL, the others their real
    values, fetched by a phone that has the table (so every lookup is made)."""
    phone = joined_client(seeded.private_table.key)
    fills = seeded.fills()
    answers: list[Answer] = []
    for route in every_route():
        for name in route.parameters:
            # Seeded values elsewhere, one combination (the first) is enough.
            values = {n: fills[n][0] for n in route.parameters if n in fills}
            values[name] = "a\x00b"
            answers.append(fetch(phone, route.address(values, check=False)))
    assert answers  # the watch links, the key link at least
    assert [a.address for a in answers if a.status != 404] == []


def test_a_nul_in_a_query_string_is_never_a_server_error(seeded: Seeded) -> None:
    """The lists, filters, polls and the referee read their query strings:
    a NUL in any value is a 4xx or the page, never a 500."""
    phone = joined_client(seeded.private_table.key)
    query = "&".join(
        f"{name}=a%00b"
        for name in ("player", "variant", "order", "page", "version", "names", "maker", "q")
    )
    answers = [fetch(phone, f"{address}?{query}") for address in every_address(seeded)]
    answers += [fetch(phone, f"{address}?{query}") for address in ("/games/", "/players/")]
    assert not server_errors(answers)


# --- Item 13: a 404 says nothing of whether the thing exists ------------------------------


def _page_only(html: str) -> str:
    """The page without what changes on every answer (CSRF token, CSP nonce)."""
    html = re.sub(r'"X-CSRFToken": "[^"]+"', "", html)
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    return re.sub(r'nonce="[^"]+"', "", html)


def test_a_404_reads_the_same_for_another_tables_page_and_one_that_never_was(
    stranger: Client, seeded: Seeded
) -> None:
    hidden: dict[str, Callable[[Seeded], str]] = {
        "/games/{}/": lambda s: str(s.in_play.pk),
        "/games/{}/sheet/": lambda s: str(s.finished.pk),
        "/nights/{}/": lambda s: str(s.night.pk),
        "/players/{}/": lambda s: str(Player.objects.get(name=NAMES[0]).pk),
        "/games/nights/{}/": lambda s: s.in_play.game_night.isoformat(),
    }
    nowhere = {"/games/nights/{}/": "1999-01-01"}
    for template, real in hidden.items():
        there = stranger.get(template.format(real(seeded)))
        never = stranger.get(template.format(nowhere.get(template, "987654321")))
        assert there.status_code == never.status_code == 404, template
        page = _page_only(there.content.decode())
        assert page == _page_only(never.content.decode()), template
        assert "key link" in page, template
        assert "deleted" not in page, template
