"""A player's rating over time (docs/formats.md, "Ratings"): one line per
variant, the rating (mu - 3 sigma) after each of their rated games in it, drawn
as SVG on the server with the score chart's measures, colours and marks
(``scorekeeper.web.charts``, ``static/css/chart.css``). Plain Python, no queries.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from referee.engine.variants import Variant
from scorekeeper.web import charts

# A line has at most this many points: a long history keeps every few games and
# the last (the chart is ~300 px wide on a phone; more points draw nothing new).
MOST_POINTS = 120


@dataclass(frozen=True, kw_only=True)
class RatingLine:
    slot: int
    variant: str
    label: str  # "Call-Ace Euchre", in the legend under the chart
    games: int
    last: float  # the rating after the last game
    best: float
    points: str  # "x,y x,y ..."
    end_x: float
    end_y: float
    label_y: float
    colour: str
    dash: str
    marker: str


@dataclass(frozen=True, kw_only=True)
class RatingChart:
    width: int
    height: int
    font: int
    plot_left: float
    plot_right: float
    plot_top: float
    plot_bottom: float
    label_x: float
    tick_end: float
    tick_text_x: float
    tick_text_y: float
    zero_y: float
    lines: tuple[RatingLine, ...]
    x_ticks: tuple[charts.Tick, ...]
    y_ticks: tuple[charts.Tick, ...]
    summary: str


def rating_chart(series: dict[str, list[float]]) -> RatingChart | None:
    """The chart of each variant's rating after every rated game, or None before any."""
    variants = [v for v in Variant if series.get(v)]
    if not variants:
        return None
    values = [0.0, *(r for v in variants for r in series[v])]
    step = charts._step(max(1, math.ceil(max(values) - min(values))), most=5)
    low = math.floor(min(values) / step) * step
    high = max(low + step, math.ceil(max(values) / step) * step)
    games = max(len(series[v]) for v in variants)
    plot_right = charts.WIDTH - 64  # room for "-12.3" at the end of each line (the legend names it)

    def x(game: int) -> float:
        return charts.PLOT_LEFT + (plot_right - charts.PLOT_LEFT) * game / max(games, 1)

    def y(rating: float) -> float:
        span = charts.PLOT_BOTTOM - charts.PLOT_TOP
        return charts.PLOT_BOTTOM - span * (rating - low) / (high - low)

    ends = [y(series[v][-1]) for v in variants]
    labels = charts._spread(
        ends, low=charts.PLOT_TOP, high=charts.PLOT_BOTTOM, gap=charts.LABEL_GAP
    )
    lines = []
    for index, variant in enumerate(variants):
        ratings = series[variant]
        kept = _kept(len(ratings))
        lines.append(
            RatingLine(
                slot=index + 1,
                variant=variant,
                label=Variant(variant).label,
                games=len(ratings),
                last=ratings[-1],
                best=max(ratings),
                points=" ".join(
                    f"{charts._n(x(n))},{charts._n(y(0 if n == 0 else ratings[n - 1]))}"
                    for n in (0, *kept)
                ),
                end_x=charts._n(x(len(ratings))),
                end_y=charts._n(ends[index]),
                label_y=charts._n(labels[index]),
                colour=charts.COLOURS[index],
                dash=charts.DASHES[index],
                marker=charts._marker(charts.MARKERS[index], x(len(ratings)), ends[index]),
            )
        )
    x_step = charts._step(games, most=5)
    return RatingChart(
        width=charts.WIDTH,
        height=charts.HEIGHT,
        font=charts.FONT,
        plot_left=charts.PLOT_LEFT,
        plot_right=charts._n(plot_right),
        plot_top=charts.PLOT_TOP,
        plot_bottom=charts.PLOT_BOTTOM,
        label_x=charts._n(plot_right + 12),
        tick_end=charts.PLOT_BOTTOM + 4,
        tick_text_x=charts.PLOT_LEFT - 5,
        tick_text_y=charts.PLOT_BOTTOM + charts.FONT + 4,
        zero_y=charts._n(y(0)),
        lines=tuple(lines),
        x_ticks=tuple(
            charts.Tick(value=g, at=charts._n(x(g))) for g in range(0, games + 1, x_step)
        ),
        y_ticks=tuple(charts.Tick(value=r, at=charts._n(y(r))) for r in range(low, high + 1, step)),
        summary=_summary(lines),
    )


def _kept(games: int) -> list[int]:
    """The games a line passes through after its start at 0 (numbered from 1):
    every one, or every few and always the last when there are more than
    ``MOST_POINTS``."""
    every = max(1, math.ceil(games / MOST_POINTS))
    kept = list(range(1, games + 1, every))
    if kept[-1] != games:
        kept.append(games)
    return kept


def _summary(lines: Sequence[RatingLine]) -> str:
    """The chart in words, its text alternative."""
    return " ".join(
        f"{line.label}: {line.last:.1f} after {line.games} game{'s' if line.games != 1 else ''}"
        f", the best {line.best:.1f}."
        for line in lines
    )
