"""The score sheet a page at a time: a long game's sheet opens on its latest
hands (what a table looks at mid-game), ``HANDS_PER_PAGE`` to a page, with links
to every other page; the chart above still covers the whole game.

A page costs the same whatever the game's length: its hands are read whole,
the others only for their cached running totals (the chart and the pages'
ranges), and nothing is rescored: the totals each hand caches are the
engine's (``Game.recompute``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from django import forms
from django.core.paginator import EmptyPage, Paginator
from django.utils.safestring import SafeString

from referee.forms.numbers import WholeNumberField
from scorekeeper.history.sheet_rows import SheetRow, sheet_rows
from scorekeeper.models import Game
from scorekeeper.web.charts import Progress
from scorekeeper.web.display import trump_badge

HANDS_PER_PAGE = 50
# A last page of this many hands or fewer joins the page before it: the sheet
# opens on at least 11 of the latest hands, and a 60-hand game is one page.
ORPHANS = 10


class SheetPageForm(forms.Form):
    """The sheet's query string: ``?page=N`` (none: the page with the latest hands)."""

    page = WholeNumberField(required=False)


class NoSuchPage(Exception):
    """A page number past either end (hands were undone since the link was
    made, or it was typed): ``nearest`` is the page to show instead."""

    def __init__(self, nearest: int) -> None:
        super().__init__(f"no such page of the sheet: the nearest is {nearest}")
        self.nearest = nearest


class SheetLine(NamedTuple):
    """A hand as the page draws it: its facts, its trump's badge, and its cells."""

    row: SheetRow
    trump: SafeString
    cells: SafeString  # a <td> a player: the points (bold), the running total below


def sheet_lines(rows: list[SheetRow]) -> list[SheetLine]:
    """The page's hands ready to draw. Each player's cells are built here, not
    in the template: fifty rows of five cells cost the template engine more than
    the rest of the page. A trump's badge is drawn once, not once a hand."""
    badges = {trump: trump_badge(trump) for trump in {row.trump for row in rows}}
    return [SheetLine(row=row, trump=badges[row.trump], cells=_cells(row)) for row in rows]


def _cells(row: SheetRow) -> SafeString:
    # Only numbers go in (``int``): nothing here needs escaping.
    return SafeString(
        "".join(
            f'<td class="num">{_points(points)}<br><span class="running">{int(total)}</span></td>'
            for points, total in zip(row.points, row.totals, strict=False)
        )
    )


def _points(points: int) -> str:
    return f"<strong>{int(points):+d}</strong>" if points else '<span class="muted">0</span>'


@dataclass(frozen=True, kw_only=True)
class PageLink:
    """A page of the sheet by the hands it holds: "Hands 51-100"."""

    number: int
    first: int  # the first hand's number
    last: int
    current: bool


@dataclass(frozen=True, kw_only=True)
class SheetPage:
    lines: list[SheetLine]  # this page's hands, in order
    links: list[PageLink]  # every page, the first hands first
    current: PageLink | None  # None: no hands yet
    hands: int  # every hand recorded, after the end included
    progress: Progress  # the whole game's, for the chart

    @property
    def previous(self) -> PageLink | None:
        return self._step(-1)

    @property
    def next(self) -> PageLink | None:
        return self._step(1)

    def _step(self, by: int) -> PageLink | None:
        if self.current is None:
            return None
        index = self.current.number - 1 + by
        return self.links[index] if 0 <= index < len(self.links) else None


def sheet_page(game: Game, number: int | None = None) -> SheetPage:
    """Page ``number`` of ``game``'s sheet (None: the last), in two queries
    whatever the game's length: every hand's cached running totals, then the
    page's hands. ``game``'s seats with their players should be prefetched.
    Raises ``NoSuchPage`` for a number past either end."""
    series = list(game.hands.order_by("number").values_list("totals", "after_end"))
    pages = Paginator(series, HANDS_PER_PAGE, orphans=ORPHANS)
    if number is None:
        number = pages.num_pages
    try:
        page = pages.page(number)
    except EmptyPage:
        raise NoSuchPage(max(1, min(number, pages.num_pages))) from None
    links = [
        PageLink(
            number=n,
            first=(n - 1) * HANDS_PER_PAGE + 1,
            last=len(series) if n == pages.num_pages else n * HANDS_PER_PAGE,
            current=n == number,
        )
        for n in pages.page_range
    ]
    hands = (
        list(game.hands.order_by("number")[page.start_index() - 1 : page.end_index()])
        if series
        else []
    )
    progress = Progress(
        totals=tuple(tuple(totals) for totals, after_end in series if not after_end),
        finished=game.is_finished,
        winners=tuple(seat.position for seat in game.winner_seats()),
    )
    return SheetPage(
        lines=sheet_lines(sheet_rows(game, hands)),
        links=links if series else [],
        current=links[number - 1] if series else None,
        hands=len(series),
        progress=progress,
    )
