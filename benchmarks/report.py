"""The table `make bench` prints: one row per figure, with its ratio to the bare view."""

from __future__ import annotations

from collections.abc import Sequence

from benchmarks import Duration, Figure, Rate, Ratio, Size, Timing

HEADINGS = ("figure", "median", "p95", "x bare", "queries", "goal")


def row(figure: Figure, bare: Timing | None) -> tuple[str, ...]:
    """The cells of one figure: what it measured, in its own unit."""
    match figure:
        case Timing():
            versus = (
                f"{figure.median_ms / bare.median_ms:.1f}x"
                if figure.http and bare is not None and figure is not bare
                else ""
            )
            queries = "" if figure.queries is None else str(figure.queries)
            return (
                figure.name,
                f"{figure.median_ms:.2f} ms",
                f"{figure.p95_ms:.2f} ms",
                versus,
                queries,
                figure.goal,
            )
        case Rate():
            name = figure.name + (f" ({figure.errors} failed)" if figure.errors else "")
            versus = (
                f"{figure.per_second / figure.bare_per_second:.3f}x"
                if figure.bare_per_second
                else ""
            )
            return (name, f"{figure.per_second:,.1f} {figure.unit}", "", versus, "", figure.goal)
        case Size():
            return (figure.name, f"{figure.bytes:,} B {figure.encoding}", "", "", "", figure.goal)
        case Ratio():
            return (figure.name, f"{figure.value:.2f}x", "", "", "", figure.goal)
        case Duration():
            return (figure.name, f"{figure.seconds:.1f} s", "", "", "", "")


def table(figures: Sequence[Figure], bare: Timing | None) -> str:
    """A Markdown table, aligned for the terminal and pasteable into an issue."""
    rows = [HEADINGS, *(row(figure, bare) for figure in figures)]
    widths = [max(len(cells[i]) for cells in rows) for i in range(len(HEADINGS))]

    def line(cells: Sequence[str]) -> str:
        padded = (
            cell.ljust(width) if i == 0 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        )
        return "| " + " | ".join(padded) + " |"

    rule = "|" + "|".join("-" * (width + 2) for width in widths) + "|"
    return "\n".join([line(rows[0]), rule, *(line(cells) for cells in rows[1:])])
