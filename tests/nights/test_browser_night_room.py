"""A standard euchre night in the room (docs/decisions.md, D40, docs/rules.md, Euchre night): three
phones, no cookie shared. Phone A starts an 8-player night through the form; B and C join
by its key link. A and B each score a table for 2 rounds of 4 hands by tapping;
B sees round 2 seated by the poll; C's standings match the points worked out
here from the hands, by the rules of section 3, and the database's."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from scorekeeper.models import EuchreNight, Game
from scorekeeper.models.night_boards import read_board
from tests.conftest import BrowserProblems

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Axe = Callable[..., None]
# Another phone's change shows by the poll (every 4 s); room for a loaded machine.
POLLED = 10_000
EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


@dataclass(frozen=True)
class Hand:
    """A hand as the table tells it, with its points by docs/rules.md 5 (every variant) (standard
    euchre): both players of a side score the side's points."""

    maker: int  # the seat (0 to 3); seats 0 and 2 are partners, as are 1 and 3
    trump: str
    tricks: int
    makers: int  # points to each of the makers' side
    defenders: int  # points to each of the defenders
    alone: bool = False


MAKE, MARCH, LONE_MARCH, EUCHRE = 1, 2, 4, 2
# Round by round, table by table: makes, marches, euchres and lone hands.
HANDS: dict[tuple[int, int], list[Hand]] = {
    (1, 1): [
        Hand(maker=0, trump="Hearts", tricks=3, makers=MAKE, defenders=0),
        Hand(maker=1, trump="Spades", tricks=5, makers=MARCH, defenders=0),
        Hand(maker=2, trump="Clubs", tricks=2, makers=0, defenders=EUCHRE),
        Hand(maker=3, trump="Diamonds", tricks=5, makers=LONE_MARCH, defenders=0, alone=True),
    ],
    (1, 2): [
        Hand(maker=1, trump="Clubs", tricks=5, makers=LONE_MARCH, defenders=0, alone=True),
        Hand(maker=0, trump="Hearts", tricks=4, makers=MAKE, defenders=0),
        Hand(maker=3, trump="Spades", tricks=1, makers=0, defenders=EUCHRE),
        Hand(maker=2, trump="Diamonds", tricks=5, makers=MARCH, defenders=0),
    ],
    (2, 1): [
        Hand(maker=2, trump="Spades", tricks=0, makers=0, defenders=EUCHRE),
        # A lone hand of 3 tricks is made, not marched: 1 point.
        Hand(maker=0, trump="Clubs", tricks=3, makers=MAKE, defenders=0, alone=True),
        Hand(maker=1, trump="Hearts", tricks=4, makers=MAKE, defenders=0),
        Hand(maker=3, trump="Diamonds", tricks=5, makers=MARCH, defenders=0),
    ],
    (2, 2): [
        Hand(maker=3, trump="Hearts", tricks=3, makers=MAKE, defenders=0),
        Hand(maker=1, trump="Diamonds", tricks=0, makers=0, defenders=EUCHRE),
        Hand(maker=0, trump="Spades", tricks=4, makers=MAKE, defenders=0, alone=True),
        Hand(maker=2, trump="Clubs", tricks=5, makers=MARCH, defenders=0),
    ],
}


def phone(new_context: Callable[..., BrowserContext], problems: BrowserProblems) -> Page:
    """A phone of its own: no table remembered, watched for console errors."""
    context = new_context()
    problems.watch(context)
    return context.new_page()


def tap(page: Page, group_name: str, chip: str) -> None:
    """Tap a chip (a big radio button) in a labelled group."""
    page.get_by_role("group", name=group_name, exact=True).get_by_role(
        "radio", name=chip, exact=True
    ).tap()


def seats_of(night: EuchreNight, round_number: int, night_table: int) -> list[str]:
    game = Game.objects.with_seats().get(
        night_round__night=night, night_round__number=round_number, night_table=night_table
    )
    return [seat.player.name for seat in game.seat_list()]


def play(page: Page, number: int, hand: Hand, seats: list[str]) -> None:
    """One hand by taps on the table: the maker's name, trump (alone?), Save the
    call, the tricks, Save hand (static/js/hand.js)."""
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Hand {number} of 4")
    tap(page, "Who made trump?", seats[hand.maker])
    tap(page, "Trump", hand.trump)
    if hand.alone:
        tap(page, "Partner", "Maker goes alone")
    page.get_by_role("button", name="Save the call").tap()
    expect(page.locator(".table-hand")).to_have_attribute("data-call-saved", "yes")
    tap(page, "Tricks for the maker's side", str(hand.tricks))
    expect(page.locator("#preview")).to_contain_text(seats[hand.maker])
    page.get_by_role("button", name="Save hand").tap()
    expect(page.locator("#messages")).to_contain_text(f"Hand {number} recorded.")


def points(hand: Hand, seats: list[str]) -> dict[str, int]:
    """Each player's points for the hand: the makers' side and the defenders."""
    makers = {seats[hand.maker], seats[(hand.maker + 2) % 4]}
    return {name: hand.makers if name in makers else hand.defenders for name in seats}


def round_over(page: Page) -> None:
    """After the 4th hand the phone's table shows its round over, not a winner
    (the table screen stays, as after any hand sent from the outbox)."""
    expect(page.get_by_role("heading", level=1)).to_have_text("Round over")
    expect(
        page.get_by_role(
            "heading", name=re.compile(r"^The round is over at table \d+: 4 hands played$")
        )
    ).to_be_visible()


def standings_row(page: Page, name: str) -> Locator:
    return page.locator("table.standings tbody tr").filter(
        has=page.get_by_role("rowheader", name=name, exact=True)
    )


def test_an_eight_player_night_scored_on_two_phones_and_read_on_a_third(
    new_context: Callable[..., BrowserContext],
    browser_problems: BrowserProblems,
    axe: Axe,
    live_server: Any,
) -> None:
    a, b, c = (phone(new_context, browser_problems) for _ in range(3))

    # Phone A starts the night: 8 players, 2 rounds of 4 hands, standard euchre.
    a.goto("/nights/new/")
    a.get_by_label("Name of the night (optional)").fill("Club night")
    a.get_by_label("New players, one name a line").fill("\n".join(EIGHT))
    a.get_by_label("Rounds", exact=True).fill("2")
    a.get_by_label("Hands per round").fill("4")
    a.get_by_role("button", name="Start the night").tap()
    expect(a.get_by_role("heading", level=1)).to_have_text("Club night")
    expect(a.get_by_text("Standard euchre · round 1 of 2 · 4 hands a round")).to_be_visible()
    night = EuchreNight.objects.get()
    night_url = f"/nights/{night.pk}/"
    assert a.url == f"{live_server.url}{night_url}"
    axe(a)

    # B and C join by the key link the night page shows.
    a.get_by_text("Invite a phone or a TV").tap()
    join = a.locator(".share-url").first.inner_text()
    assert join == f"{live_server.url}/t/{night.private_table.key}/"
    for other in (b, c):
        other.goto(join)
        expect(other.locator("#messages")).to_contain_text("This phone now keeps the score at")
        other.goto("/nights/")
        other.get_by_role("link", name="Club night").tap()
        expect(other.get_by_role("heading", level=1)).to_have_text("Club night")

    totals = dict.fromkeys(EIGHT, 0)
    by_round: dict[str, list[int]] = {name: [] for name in EIGHT}
    for round_number in (1, 2):
        scorers = {1: a, 2: b}
        seats = {night_table: seats_of(night, round_number, night_table) for night_table in (1, 2)}
        assert sorted(seats[1] + seats[2]) == sorted(EIGHT)
        for night_table, page in scorers.items():
            expect(page.locator("#round-heading")).to_have_text(
                re.compile(rf"^Round {round_number}\b"), timeout=POLLED
            )
            card = page.locator(f"#table-{night_table}")
            expect(card.locator(".table-seat").first).to_contain_text(
                f"North {seats[night_table][0]}"
            )
            card.get_by_role("link", name=f"Score table {night_table}").tap()
        # The two tables play at once: a hand here, a hand there.
        for number in range(1, 5):
            for night_table, page in scorers.items():
                play(page, number, HANDS[round_number, night_table][number - 1], seats[night_table])
        this_round = dict.fromkeys(EIGHT, 0)
        for night_table, page in scorers.items():
            round_over(page)
            for hand in HANDS[round_number, night_table]:
                for name, got in points(hand, seats[night_table]).items():
                    this_round[name] += got
        for name in EIGHT:
            totals[name] += this_round[name]
            by_round[name].append(this_round[name])

        # B goes back to the night first; A then seats the next round (both
        # tables finished: no confirm) and B's night page shows it by the poll.
        b.get_by_role("link", name="Back to the night").first.tap()
        expect(b.locator("#round-heading")).to_have_text(f"Round {round_number} played")
        a.get_by_role("link", name="Back to the night").first.tap()
        if round_number == 1:
            expect(a.get_by_text("Every table has finished: seat the next round.")).to_be_visible()
            a.get_by_role("button", name="Seat round 2").tap()
            expect(a.locator("#messages")).to_contain_text("Round 2 is seated: find your table.")
            expect(a.locator("#round-heading")).to_have_text("Round 2")
            # C watches the standings from here on.
            c.goto(f"/nights/{night.pk}/standings/")
            for name in EIGHT:
                expect(standings_row(c, name).locator(".total")).to_have_text(str(totals[name]))

    expect(a.get_by_role("heading", name="The night is over")).to_be_visible()

    # C's standings have followed the hands (the poll, no reload): every total.
    expect(c.locator(".night-status")).to_contain_text("The night is over", timeout=POLLED)
    for name in EIGHT:
        expect(standings_row(c, name).locator(".total")).to_have_text(
            str(totals[name]), timeout=POLLED
        )
    standings = read_board(night).standings
    assert {row.name: row.total for row in standings.rows} == totals
    assert {row.name: list(row.rounds) for row in standings.rows} == by_round

    # Places: level totals share one ("=2"); the rows run in place order.
    rows = c.locator("table.standings tbody tr")
    expect(rows).to_have_count(8)
    seen = [
        (
            row.locator(".place").inner_text(),
            row.get_by_role("rowheader").inner_text(),
            int(row.locator(".total").inner_text()),
        )
        for row in rows.all()
    ]
    assert [name for _, name, _ in seen] == [row.name for row in standings.rows]
    for place, name, total in seen:
        better = sum(1 for t in totals.values() if t > total)
        level = sum(1 for t in totals.values() if t == total)
        assert place == (f"={better + 1}" if level > 1 else str(better + 1)), (name, place)
    for row in standings.rows:
        assert row.place == 1 + sum(1 for t in totals.values() if t > row.total)
        cells = standings_row(c, row.name).locator("td.round-cell")
        expect(cells.nth(0)).to_have_text(str(by_round[row.name][0]))
        expect(cells.nth(1)).to_have_text(str(by_round[row.name][1]))

    # The prize for the most points: whoever has the best total, shared when level.
    best = max(totals.values())
    winners = {name for name, total in totals.items() if total == best}
    prize = c.locator(".prize", has_text="Most points").locator("dd")
    expect(prize).to_contain_text(f"{best} points")
    shown = prize.inner_text().split(" · ")[0]
    assert set(shown.split(", ")) == winners
    axe(c)

    for page in (a, b, c):
        page.evaluate("0")  # console events still in flight arrive
    assert browser_problems.unexpected() == []
