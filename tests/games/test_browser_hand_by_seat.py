"""The table screen's phone says the engine's explanations and messages, sent by seat
(docs/formats.md, "The table screen's hand outcomes"), with this table's names: in
standard euchre, where teams are named together ("Ann and Cat") and a lone hand's
partner who cannot renege is named first in the message, as the server says them."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.game_support import fresh, start_game
from tests.hand_support import UNSCORED, as_recorded, outcomes_of, posted, read, refused

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Names as players type them: lower case first, an apostrophe, letters beyond ASCII.
PLAYERS = ("zoë", "Ben", "Cat O'Hara", "Dan")

EVERY_STANDARD_ENTRY = """(expected) => {
  const form = document.querySelector(".table-hand");
  form.dataset.stage = "play";
  const set = (name, value) => {
    for (const input of form.querySelectorAll(`input[name="${name}"]`)) {
      input.checked = input.value === value;
    }
  };
  const shown = [];
  for (const [maker, side, tricks, renege] of expected.map((e) => e.key)) {
    set("maker", maker);
    set("alone", side === "alone" ? "yes" : "");
    set("tricks", String(tricks));
    set("renege", renege ? String(renege - 1) : "");
    const tapped = form.querySelector('input[name="tricks"]:checked');
    tapped.dispatchEvent(new Event("change", { bubbles: true }));
    const preview = form.querySelector("#preview");
    const wait = preview.querySelector(".preview-wait");
    shown.push({
      rule: preview.querySelector(".rule-line").textContent,
      wait: wait.hidden ? "" : wait.textContent,
      save: !form.querySelector(".save-hand").disabled,
    });
  }
  return shown;
}"""


def test_the_phone_names_each_seat_as_the_server_does_for_every_standard_hand(
    page: Page,
) -> None:
    game = fresh(start_game("standard", PLAYERS))
    expected: list[dict[str, Any]] = []
    for maker, sides in outcomes_of(game)["index"].items():
        for side, by_tricks in sides.items():
            for tricks, by_renege in enumerate(by_tricks):
                for renege in range(len(by_renege)):
                    data = posted(game, maker, side, tricks, renege)
                    key = [maker, side, tricks, renege]
                    if refused(game, data):
                        # No points, and Save: the server says why (the one check).
                        expected.append({"key": key, "wait": UNSCORED, "save": True})
                    else:
                        _, explanation, section, _ = as_recorded(game, read(game, data))
                        rule = f"{explanation} ({section})" if section else explanation
                        expected.append({"key": key, "rule": rule, "wait": "", "save": True})
    page.goto(f"/games/{game.pk}/")
    expect(page.locator(".table-hand[data-ready]")).to_have_count(1)
    shown = page.evaluate(EVERY_STANDARD_ENTRY, expected)
    assert len(shown) == len(expected) == 4 * 2 * 6 * 5
    for want, got in zip(expected, shown, strict=True):
        for field in ("rule", "wait", "save"):
            if field in want:
                assert got[field] == want[field], (want["key"], field, got[field])
    # A team named together; a sitting-out partner, named first, is the server's to say.
    rules = {got["rule"] for got in shown}
    assert "Alone march: Ben alone took all 5 tricks, 4 to Ben and Dan. (Standard rules 5)" in rules
    assert refused(game, posted(game, "0", "alone", 3, 2 + 1)) == [
        ["renege", "Cat O'Hara sits out a lone hand and plays no cards, so cannot renege"]
    ]
