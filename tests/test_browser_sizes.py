"""Every screen on the smallest phone (320x568), with names of 30 letters and no
space (nicknames, pasted text): no page wider than the screen, no text under
14 px (the chart's labels under 12), no tap target standing alone under 44 px
high, no word of the app's own broken in two, axe clean (issue 24, "Sizes").

One walk over every screen (lean: browser tests share CI's budget). Which
screens: every route of the site is either walked here or named in NOT_SCREENS
with the reason (the URL walk of tests/test_strangers.py), so a screen added
later is measured too, or this test says so.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.urls import resolve
from playwright.sync_api import Page

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, GameNight, Player, Season
from tests.game_support import our_table, record, start_game
from tests.night_support import play_round
from tests.test_strangers import every_route

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL_PHONE = {"width": 320, "height": 568}
TEXT_FLOOR, CHART_FLOOR, TARGET_FLOOR = 14, 12, 44
# Thirty letters, no space: as wide as a name can be. Nine, so one sits out.
LONG = (
    "Wolfgangmaximilianwhitmorewest",
    "Bartholomewwainwrightmorrisonm",
    "Guinevereworthingtonmacmillanw",
    "Maxwellhawthorneweatherbymoore",
    "Wilhelminawadsworthmontgomeryw",
    "Mortimerwaltonwhitakermcmurrow",
    "Winnifredmerriweatherwoodwardm",
    "Montgomerywilliamsonwhitworthm",
    "Marmadukewetherspoonwhittakerw",
)
assert all(len(name) == 30 for name in LONG)

# Routes that are not a screen of their own, and why.
NOT_SCREENS = {
    "manifest": "the installable app's manifest",
    "service_worker": "the service worker's script",
    "healthz": "the health check's 'ok'",
    "table_poll": "a poll: its answer is a part of the table screen, walked",
    "watch_poll": "a poll of the watch page, walked",
    "night_state": "a poll of the night page, walked",
    "night_standings_state": "a poll of the standings, walked",
    "night_watch_state": "a poll of the night's watch page, walked",
    "season_watch_state": "a poll of the season's watch page, walked",
    "hand_cancel": "a form's POST",
    "hand_redo": "a form's POST (Undo's answer offers it: tests/games/test_browser_fixes.py)",
    "game_rematch": "a form's POST",
    "player_rename": "a form's POST",
    "player_merge": "a form's POST",
    "table_forget": "a form's POST",
    "night_seat_next": "a form's POST (its question: tests/nights/test_browser_night_page.py)",
    "night_players": "a form's POST",
    "night_me": "a form's POST",
    "night_prizes": "a form's POST (the night page's prizes, walked there)",
    "night_check_in_switch": "a form's POST (the night page's check-in, walked there)",
    "night_check_in_state": "a poll of the check-in page, walked",
    "game_hands_csv": "a CSV file",
    "player_list_csv": "a CSV file",
    "ratings_csv": "a CSV file",
    "game_export": "a game document (JSON)",
    "hand_outcomes": "a kind of table's outcomes (JSON), fetched by the table screen",
    "backup_download": "the operator's backup (JSON)",
    "api-trick": "the referee's JSON API",
    "api-legal": "the referee's JSON API",
    "table_join": "a key link: it joins the table and goes on to the game list",
    "table_join_confirm": "only for a key link opened from another site (tests/private_tables)",
}

# What a person sees and taps, measured in the page (tests/sizes_support.js).
MEASURE = (Path(__file__).parent / "sizes_support.js").read_text()


def seed() -> dict[str, Any]:
    """A table with long names everywhere: a game with a hand recorded, one with
    a hand in play, a finished standard game, a named game night, and a euchre
    night of nine in its second round (one sits out)."""
    private_table = our_table()
    five = LONG[:5]
    in_play = start_game(players=five)
    record(in_play, maker=five[1], trump="H", called="S", partner=five[3], tricks=3)
    record(in_play, maker=five[2], trump="D", called="C", partner=five[0], tricks=1)
    in_play.refresh_from_db()
    in_play.save_call(version=in_play.version, maker=1, trump="S", called="H")
    game = start_game(players=five)
    record(game, maker=five[0], trump="C", called="H", partner=five[2], tricks=4)
    finished = start_game("standard", players=LONG[4:8], target=5)
    for _ in range(3):
        record(finished, maker=LONG[4], trump="S", tricks=5)
    GameNight.objects.create(
        private_table=private_table, date=in_play.game_night, name=LONG[0], place=LONG[1]
    )
    night = EuchreNight.start(
        private_table=private_table,
        variant=Variant.STANDARD,
        players=list(LONG),
        rounds=3,
        rules=NightRules(hands_per_round=4),
        name=LONG[2],
        seed=7,
    )
    play_round(night.rounds.get(number=1), 4, alone_first=True)
    night.refresh_from_db()
    play_round(night.seat_next_round(version=night.version), 2)
    door = EuchreNight.start(
        private_table=private_table,
        variant=Variant.STANDARD,
        players=list(LONG[:4]),
        rounds=2,
        rules=NightRules(hands_per_round=4),
        name=LONG[1],
        seed=7,
        check_in=True,
    )
    season = Season.name_season(
        private_table=private_table,
        name=LONG[3],
        starts=in_play.game_night,
        ends=in_play.game_night,
    )
    return {
        "game": game.pk,
        "in_play": in_play.pk,
        "finished": finished.pk,
        "date": in_play.game_night.isoformat(),
        "night": night.pk,
        "player": Player.objects.get(name=LONG[0]).pk,
        "table": private_table.pk,
        "game_watch": in_play.watch_token,
        "night_watch": night.watch_token,
        "door": door.pk,
        "check_in": door.check_in_link,
        "season": season.pk,
        "season_watch": season.watch_token,
    }


def screens(ids: dict[str, Any]) -> list[str]:
    game, in_play, done, night = ids["game"], ids["in_play"], ids["finished"], ids["night"]
    return [
        "/",
        "/games/",
        "/games/new/",
        "/games/import/",
        f"/games/{game}/",
        f"/games/{game}/hand/start/",
        f"/games/{game}/hand/dealer/",
        f"/games/{game}/hand/enter/",
        f"/games/{game}/hand/undo/",
        f"/games/{game}/hands/1/edit/",
        f"/games/{game}/hands/1/history/",
        f"/games/{in_play}/",
        f"/games/{in_play}/hand/finish/?tricks=3",
        f"/games/{in_play}/sheet/",
        f"/games/{done}/",
        f"/games/{done}/result/",
        f"/games/{done}/sheet/",
        f"/games/nights/{ids['date']}/",
        f"/w/{ids['game_watch']}/",
        "/players/",
        f"/players/{ids['player']}/",
        "/tables/",
        f"/tables/{ids['table']}/key/",
        "/nights/",
        "/nights/new/",
        f"/nights/{night}/",
        f"/nights/{night}/rounds/1/",
        f"/nights/{night}/standings/",
        f"/nights/{night}/rounds/2/tables/1/card/",
        f"/nights/{night}/seating/",
        f"/nights/watch/{ids['night_watch']}/",
        f"/nights/{ids['door']}/",
        f"/nights/check-in/{ids['check_in']}/",
        "/seasons/",
        f"/seasons/{ids['season']}/",
        f"/seasons/watch/{ids['season_watch']}/",
        "/referee/",
        "/referee/rules/",
        "/referee/rules/standard/",
        "/referee/ranking/?trump=D&deck=32",
        "/referee/trick/?trump=H&cards=JD,AS,9S,KH",
        "/referee/legal/?trump=H&led=AH&hand=JD,9S&played=9S",
        "/referee/score/?variant=call-ace&maker=2&trump=H&called=S&partner=4&tricks=5",
        "/referee/audit/?players=Ann,Ben,Cat,Dan,Eve",
    ]


def test_every_route_is_walked_or_said_not_to_be_a_screen() -> None:
    walked = {resolve(address.split("?")[0]).url_name for address in screens(FAKE_IDS)}
    routes = {
        route.pattern.name
        for route in every_route()
        if route.pattern.name and not route.text.startswith("admin/")
    }
    assert routes - walked - set(NOT_SCREENS) == set()
    assert walked & set(NOT_SCREENS) == set()


FAKE_IDS = dict.fromkeys(
    ("game", "in_play", "finished", "night", "door", "player", "table", "season"), 1
) | {
    "date": "2026-01-02",
    "game_watch": "token",
    "night_watch": "token",
    "season_watch": "token",
    "check_in": "token.code",
}


def test_every_screen_fits_a_320_px_phone_with_30_letter_names(
    page: Page, axe: Callable[..., None]
) -> None:
    ids = seed()
    page.set_viewport_size(SMALL_PHONE)
    floors = {"text": TEXT_FLOOR, "chart": CHART_FLOOR, "target": TARGET_FLOOR}
    problems: list[str] = []
    for address in screens(ids):
        page.goto(address)
        found = page.evaluate(MEASURE, floors)
        if found["width"] > SMALL_PHONE["width"]:
            problems.append(f"{address} is {found['width']} px wide")
        problems += [f"{address}: text {small}" for small in found["small"]]
        problems += [f"{address}: target {target}" for target in found["targets"]]
        problems += [f"{address}: broken word {word}" for word in found["broken"]]
        try:
            axe(page)
        except AssertionError as error:
            problems.append(str(error).split("\nassert")[0])
    assert problems == []
