"""A name drawn as a player's, typed at the door on a small phone (320x568;
conftest.py: `page` failing on console errors, `axe`): refused beside the name
box, naming the player it passes for, nobody checked in; tapping that player's
own name then checks them in (docs/formats.md, "Game document (import and
export)": players' names)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, NightPlayer, Player
from tests.game_support import our_table
from tests.names_support import CYRILLIC_ANN

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL_PHONE = {"width": 320, "height": 568}
# Whether the middle of an element is the element itself (where a finger lands).
HIT = """(el) => {
  const r = el.getBoundingClientRect();
  return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
}"""


def tap(target: Locator) -> None:
    target.scroll_into_view_if_needed()
    assert target.evaluate(HIT)
    target.tap()


def test_a_look_alike_of_a_player_is_refused_at_the_door_naming_them(
    page: Page, axe: Callable[..., None]
) -> None:
    night = EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=["Ann", "Ben", "Cat"],
        rounds=2,
        rules=NightRules(hands_per_round=4),
        seed=3,
        check_in=True,
    )
    page.set_viewport_size(SMALL_PHONE)
    page.goto(f"/nights/check-in/{night.check_in_link}/")
    box = page.get_by_label("Not in the list? Type your name")
    box.fill(CYRILLIC_ANN)
    tap(page.get_by_role("button", name="Check in"))

    field_error = page.locator(".field .form-errors")
    expect(field_error).to_contain_text(f"{CYRILLIC_ANN} looks like Ann, already at this table")
    expect(box).to_have_attribute("aria-invalid", "true")
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    axe(page)
    assert not NightPlayer.objects.filter(checked_in_at__isnull=False).exists()
    assert Player.objects.count() == 3

    # Ann is in the list: her own name checks her in.
    tap(page.get_by_role("button", name="Ann", exact=True))
    expect(page.get_by_role("heading", name="You're checked in, Ann")).to_be_visible()
    assert NightPlayer.objects.filter(checked_in_at__isnull=False).get().player.name == "Ann"
    assert Player.objects.count() == 3
