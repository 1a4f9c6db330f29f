"""The game screens through Django's whole request cycle, in-process (docs/decisions.md, D27):
recording a hand, the table screen, its poll, the score sheet, bytes on the wire."""

from __future__ import annotations

import re

from benchmarks import Figure, Operation, Ratio, Size, Timing, measure, measure_alternately
from benchmarks.games import game_in_play, poll_address
from benchmarks.urls import FLOOR_TABLE_PATH, FLOOR_WRITE_PATH
from benchmarks.web import HTMX, HandAtTheTable, bare_in_turn, form, get, page, post


def bench_home_page() -> Timing:
    return page("home page", "/", iterations=200)


def _recording(hands_before: int, goal: str = "") -> Operation:
    hand = HandAtTheTable(game_in_play(hands_before))
    return Operation(
        f"record a hand at hand {hands_before + 1} (save, table back)",
        hand.save,
        setup=hand.call,
        after=hand.undo,
        count_queries=True,
        http=True,
        goal=goal,
    )


def bench_record_a_hand() -> list[Figure]:
    """The scorer saves the end-of-hand form: the form, the engine, the store,
    the recomputed totals and the table screen that comes back (htmx). The
    three games are recorded in turn (``measure_alternately``): their ratio is
    the curve."""
    first, sixty_first, three_hundredth = measure_alternately(
        [_recording(0), _recording(60), _recording(299)],
        iterations=30,
        warmup=3,
    )
    return [
        first,
        sixty_first,
        three_hundredth,
        Ratio(
            "record a hand: hand 300 / hand 1",
            three_hundredth.median_ms / first.median_ms,
            goal="<= 1.10x",
        ),
    ]


def bench_floors_of_recording() -> list[Figure]:
    """What recording a hand cannot cost less than with Django's ORM and
    templates (benchmarks/floors.py): a write of one row, and the table's
    drawing alone. Recording a hand is both and more."""
    game_id = game_in_play(60)
    fields = form(game_id)
    return [
        measure(
            "floor: a POST storing one row",
            lambda: post(f"{FLOOR_WRITE_PATH}{game_id}/", fields, status=200, headers=HTMX),
            iterations=200,
            count_queries=True,
            http=True,
        ),
        page(
            "floor: the table's drawing alone (context ready)",
            f"{FLOOR_TABLE_PATH}{game_id}/",
            iterations=200,
            headers=HTMX,
        ),
    ]


def bench_table_screen() -> list[Figure]:
    """The table as the phones of a table ask for it, the whole page and htmx's partial."""
    address = f"/games/{game_in_play(60)}/"
    return [
        page("table screen at hand 61, full page", address, iterations=100),
        page("table screen at hand 61, htmx partial", address, iterations=100, headers=HTMX),
    ]


def bench_poll_nothing_changed() -> list[Figure]:
    """The table's poll every 4 s from each phone, with the version and names it
    shows: 204. Its goal is a ratio to the bare view, so the two are also timed
    in turn (``measure_alternately``), fifty requests at a time."""
    address = poll_address(game_in_play(60))
    poll, bare = measure_alternately(
        [
            Operation(
                "poll, nothing changed (204)",
                lambda: get(address, status=204, headers=HTMX),
                count_queries=True,
                http=True,
            ),
            bare_in_turn("the poll"),
        ],
        iterations=500,
        block=50,
    )
    return [
        poll,
        bare,
        Ratio(
            "poll, nothing changed / bare view, in turn",
            poll.median_ms / bare.median_ms,
            goal="<= 1.5x bare",
        ),
    ]


def _sheet(hands: int, *, iterations: int) -> Timing:
    address = f"/games/{game_in_play(hands)}/sheet/"
    return page(f"score sheet, {hands} hands", address, iterations=iterations)


def bench_score_sheet() -> list[Figure]:
    sixty = _sheet(60, iterations=50)
    long = _sheet(299, iterations=20)
    return [
        sixty,
        long,
        Ratio("score sheet: 299 hands / 60", long.median_ms / sixty.median_ms, goal="<= 1.5x"),
    ]


def bench_table_bytes_on_the_wire() -> Size:
    """The table screen as a phone asks for it (it accepts gzip and brotli)."""
    response = get(f"/games/{game_in_play(60)}/", headers={"Accept-Encoding": "gzip, br"})
    encoding = response.get("Content-Encoding", "identity")
    html = response.content
    assert re.search(rb"<html", html) or encoding != "identity"
    return Size(
        "table screen HTML on the wire (gzip, br asked)",
        len(html),
        encoding,
        goal="compressed (about 2.5 KB)",
    )
