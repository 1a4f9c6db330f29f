"""The score-progression chart: one line per side, drawn as SVG on the server.

Plain Python, no queries: ``score_chart`` takes the engine's ``GameSetup`` and the
game's ``Progress`` (the running totals after each counted hand, and its end:
from the engine's ``GameScore``, or from the totals the hands cache) and returns
the geometry a template draws. Names never go into
the numbers built here; the template prints them, escaped.

A side is who keeps one total (docs/rules.md 6 (every variant)): a player in Call-Ace and
Call-Your-Partner, a team in standard euchre.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.engine.explaining import join_names
from referee.engine.hands import GameSetup
from referee.engine.totals import GameScore

# The drawing's own units (the viewBox): about a phone's width, and the chart
# scales with the screen. Its type is 16 units, so it reads at 12px or more on
# the narrowest phone (320px wide: about 283px of chart, 0.79px a unit) and at
# 15px on most phones; the chart scales up on a laptop.
WIDTH = 360
HEIGHT = 240
FONT = 16  # every word and number on the chart, in the drawing's units
PLOT_LEFT = 42
PLOT_TOP = 30
PLOT_BOTTOM = HEIGHT - 46
LABEL_GAP = 19  # the least distance between two end labels
CHAR_WIDTH = 9.6  # generously, at FONT units of type: "<" and "W" are wide
NAME_CHARS = 10  # a longer name is shortened on the chart (the sentence has it whole)
LABEL_ROOM = 165  # the most the end labels take from the plot's width
DENSE_HANDS = 60  # past this, thinner lines
SLOTS = 6  # colours and dash patterns; the most players at a table is 6

# Colours with a luminance between 0.14 and 0.30 stand out (3:1 or more) both on
# the light and on the dark surface, so the chart reads even before chart.css
# loads (an htmx swap brings no <head>). chart.css refines them per scheme.
COLOURS = ("#2f6fcf", "#d0561b", "#218a4f", "#9b59d0", "#c53d76", "#7d7d7d")
# Colour-blind readers tell the lines apart by their dashes and end markers.
DASHES = ("", "7 3", "2 3", "9 3 2 3", "4 4", "12 3 3 3")
MARKERS = ("circle", "square", "triangle", "diamond", "down", "circle")


@dataclass(frozen=True, kw_only=True)
class Progress:
    """What the chart and its sentence draw of a game: every seat's running
    totals after each counted hand, in order (hand 1 first; hands recorded after
    the end are not counted), whether the game is over, and who won."""

    totals: tuple[tuple[int, ...], ...]
    finished: bool
    winners: tuple[int, ...]

    @classmethod
    def of(cls, score: GameScore) -> Progress:
        """The progress of a game the engine scored."""
        return cls(
            totals=tuple(hand.totals for hand in score.counted_hands),
            finished=score.finished,
            winners=score.winners,
        )


@dataclass(frozen=True, kw_only=True)
class Tick:
    value: int
    at: float  # x or y in the drawing's units


@dataclass(frozen=True, kw_only=True)
class ChartLine:
    slot: int  # 1-based: picks the colour, dash and marker
    name: str  # "Ann", or a team "Ann & Cat"
    short_name: str  # what fits at the line's end
    total: int
    points: str  # "x,y x,y ...": the start at 0, then one point per counted hand
    end_x: float
    end_y: float
    leader_x: float  # where the leader line from the end marker starts
    label_y: float  # nudged away from the other labels
    colour: str
    dash: str
    marker: str  # "circle", or polygon points for the other shapes


@dataclass(frozen=True, kw_only=True)
class ScoreChart:
    width: int
    height: int
    font: int  # the chart's type, in the drawing's units
    plot_left: float
    plot_right: float
    plot_top: float
    plot_bottom: float
    label_x: float  # where the end labels start
    leader_x: float  # where a label's leader line ends
    tick_end: float  # the x-axis tick marks' lower end
    tick_text_x: float  # the points' labels, right-aligned here
    tick_text_y: float  # the hands' labels' baseline
    hands: int  # counted hands
    target: int
    target_y: float
    target_text_y: float
    lines: tuple[ChartLine, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    dense: bool
    summary: str


def side_name(setup: GameSetup, side: Sequence[int]) -> str:
    """A side in words: "Ann", or a standard-euchre team "Ann & Cat" (docs/rules.md, Standard 1)."""
    return " & ".join(setup.name(seat) for seat in side)


def score_chart(setup: GameSetup, score: GameScore | Progress) -> ScoreChart:
    """The chart of a game's running totals after each counted hand, with the
    target marked (docs/rules.md 6 (every variant): the first side to the target wins).
    Hands recorded after the end score nothing and are left out."""
    progress = score if isinstance(score, Progress) else Progress.of(score)
    sides = setup.sides()
    counted = progress.totals
    series = [[0, *(totals[side[0]] for totals in counted)] for side in sides]
    target = setup.rules.target
    top = max([1, target, *(max(s) for s in series)])
    y_step = _step(top, most=6)
    y_max = -(-top // y_step) * y_step
    hands = len(counted)

    short_names = [_short(setup, side) for side in sides]
    totals = [s[-1] for s in series]
    widest = max(len(f"{n} {t}") for n, t in zip(short_names, totals, strict=True))
    label_room = min(float(LABEL_ROOM), 20 + widest * CHAR_WIDTH)
    plot_right = WIDTH - label_room

    scale = _Scale(plot_right=plot_right, hands=hands, y_max=y_max)
    x, y = scale.x, scale.y
    lines = _lines(setup, series, short_names, scale)
    x_step = _step(max(hands, 1), most=7)
    return ScoreChart(
        width=WIDTH,
        height=HEIGHT,
        font=FONT,
        plot_left=PLOT_LEFT,
        plot_right=_n(plot_right),
        plot_top=PLOT_TOP,
        plot_bottom=PLOT_BOTTOM,
        label_x=_n(plot_right + 12),
        leader_x=_n(plot_right + 9),
        tick_end=PLOT_BOTTOM + 4,
        tick_text_x=PLOT_LEFT - 5,
        tick_text_y=PLOT_BOTTOM + FONT + 4,
        hands=hands,
        target=target,
        target_y=_n(y(target)),
        # Above the target line, or below it when "Points" is in the way at the top.
        target_text_y=_n(y(target) - 5 if y(target) - PLOT_TOP >= FONT else y(target) + FONT + 2),
        lines=lines,
        x_ticks=tuple(Tick(value=h, at=_n(x(h))) for h in range(0, hands + 1, x_step)),
        y_ticks=tuple(Tick(value=p, at=_n(y(p))) for p in range(0, y_max + 1, y_step)),
        dense=hands > DENSE_HANDS,
        summary=summary(setup, progress),
    )


@dataclass(frozen=True)
class _Scale:
    """Where a hand (across) and a total (up) fall on the chart."""

    plot_right: float
    hands: int
    y_max: int

    def x(self, hand: int) -> float:
        return PLOT_LEFT + (self.plot_right - PLOT_LEFT) * hand / max(self.hands, 1)

    def y(self, points: int) -> float:
        return PLOT_BOTTOM - (PLOT_BOTTOM - PLOT_TOP) * points / self.y_max


def _lines(
    setup: GameSetup, series: list[list[int]], short_names: list[str], scale: _Scale
) -> tuple[ChartLine, ...]:
    """One line per side through its running totals (``series``), its name at its end."""
    x, y, hands = scale.x, scale.y, scale.hands
    # Each hand's x and each total's y written once for every line: a long game
    # has hundreds of points a line, a handful of distinct totals.
    xs = [f"{_n(x(hand))}," for hand in range(hands + 1)]
    ys = {total: str(_n(y(total))) for total in {t for s in series for t in s}}
    ends = [y(s[-1]) for s in series]
    labels = _spread(ends, low=PLOT_TOP, high=PLOT_BOTTOM, gap=LABEL_GAP)
    return tuple(
        ChartLine(
            slot=index + 1,
            name=side_name(setup, side),
            short_name=short_names[index],
            total=series[index][-1],
            points=" ".join([at + ys[total] for at, total in zip(xs, series[index], strict=True)]),
            end_x=_n(x(hands)),
            end_y=_n(ends[index]),
            leader_x=_n(x(hands) + 5),
            label_y=_n(labels[index]),
            colour=COLOURS[index % SLOTS],
            dash=DASHES[index % SLOTS],
            marker=_marker(MARKERS[index % SLOTS], x(hands), ends[index]),
        )
        for index, side in enumerate(setup.sides())
    )


def summary(setup: GameSetup, score: GameScore | Progress) -> str:
    """The chart in a sentence, its text alternative: who won or leads, since
    when, and every side's total. "Ann led from hand 4 and won with 11. Then
    Ben 8 and Cat 5." """
    progress = score if isinstance(score, Progress) else Progress.of(score)
    sides = setup.sides()
    counted = progress.totals
    if not counted:
        return f"No hands counted yet. The target is {setup.rules.target}."
    totals = [counted[-1][side[0]] for side in sides]
    names = [side_name(setup, side) for side in sides]
    order = sorted(range(len(sides)), key=lambda i: -totals[i])
    best = totals[order[0]]
    # A euchre night's round ends after its hands and nobody wins it
    # (docs/rules.md, Euchre night 3).
    round_over = progress.finished and not progress.winners
    if progress.finished and not round_over:
        won = [i for i, side in enumerate(sides) if set(side) & set(progress.winners)]
    else:
        won = [i for i in order if totals[i] == best]
    rest = [i for i in order if i not in won]
    since = _alone_on_top_since(progress, [side[0] for side in sides], won)
    first = join_names([names[i] for i in won])
    count = f"{len(counted)} hand{'s' if len(counted) != 1 else ''}"
    if round_over:
        ended = f"ended ahead with {best}" if len(won) == 1 else f"ended level on {best}"
        opening = f"The round is over after {count}: {first} {ended}."
    elif progress.finished and len(won) == 1:
        opening = f"{first} {_led(since, len(counted))}won with {totals[won[0]]}."
    elif progress.finished:
        opening = f"{first} shared the win with {best} each."
    elif len(won) == 1:
        opening = f"After {count} {first} leads with {best}"
        if since is not None:
            opening += ", ahead since " + ("the first hand" if since == 1 else f"hand {since}")
        opening += "."
    else:
        opening = f"After {count} {first} are level on {best}."
    parts = [opening]
    if rest:
        parts.append("Then " + join_names([f"{names[i]} {totals[i]}" for i in rest]) + ".")
    if not progress.finished:
        parts.append(f"The target is {setup.rules.target}.")
    return " ".join(parts)


def _led(since: int | None, hands: int) -> str:
    """How the winner came to win: since which of the ``hands`` they led alone."""
    if since is None:
        return ""
    if since == 1:
        return "led from the first hand and "
    if since == hands:
        return "took the lead in the last hand and "
    return f"led from hand {since} and "


def _alone_on_top_since(progress: Progress, seats: Sequence[int], won: Sequence[int]) -> int | None:
    """The hand from which the one side in ``won`` stayed alone on top to the end
    (counted hands are numbered from 1: hands after the end come last)."""
    if len(won) != 1:
        return None
    mine = seats[won[0]]
    since = None
    for number in range(len(progress.totals), 0, -1):
        totals = progress.totals[number - 1]
        others = [totals[s] for s in seats if s != mine]
        if others and totals[mine] <= max(others):
            break
        since = number
    return since


def _short(setup: GameSetup, side: Sequence[int]) -> str:
    """A side's name cut to fit beside the chart: each name of a team gets half."""
    room = NAME_CHARS if len(side) == 1 else NAME_CHARS // 2
    return " & ".join(_cut(setup.name(seat), room) for seat in side)


def _cut(name: str, room: int) -> str:
    return name if len(name) <= room else name[: room - 1].rstrip() + "\N{HORIZONTAL ELLIPSIS}"


def _step(top: int, *, most: int) -> int:
    """The smallest round step that puts at most ``most`` ticks past 0 up to ``top``."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if top / step <= most:
            return step
    return -(-top // most)


def _spread(wanted: Sequence[float], *, low: float, high: float, gap: float) -> list[float]:
    """Label positions as near ``wanted`` as they can be while ``gap`` apart and
    inside [low, high]: pushed down past each other, then back up from the bottom."""
    order = sorted(range(len(wanted)), key=lambda i: (wanted[i], i))
    placed = [max(low, min(high, wanted[i])) for i in order]
    for k in range(1, len(placed)):
        placed[k] = max(placed[k], placed[k - 1] + gap)
    if placed and placed[-1] > high:
        placed[-1] = high
        for k in range(len(placed) - 2, -1, -1):
            placed[k] = min(placed[k], placed[k + 1] - gap)
    result = [0.0] * len(wanted)
    for k, i in enumerate(order):
        result[i] = placed[k]
    return result


def _marker(shape: str, x: float, y: float, r: float = 4.5) -> str:
    """Polygon points for an end marker, or "circle" (the template draws that)."""
    corners = {
        "square": ((-0.85, -0.85), (0.85, -0.85), (0.85, 0.85), (-0.85, 0.85)),
        "triangle": ((0, -1.1), (1, 0.75), (-1, 0.75)),
        "down": ((0, 1.1), (1, -0.75), (-1, -0.75)),
        "diamond": ((0, -1.2), (1.2, 0), (0, 1.2), (-1.2, 0)),
    }.get(shape)
    if corners is None:
        return "circle"
    return " ".join(f"{_n(x + dx * r)},{_n(y + dy * r)}" for dx, dy in corners)


def _n(value: float) -> float:
    return round(value, 1)
