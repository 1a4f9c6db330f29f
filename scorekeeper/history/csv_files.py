"""The history as spreadsheets (docs/formats.md, "History out and back in"): a
game's hands (``hands.csv``) and the players' statistics (``players.csv``),
UTF-8 with a header row.

Names are typed by people, and a spreadsheet may split a cell on any
separator it is told to (comma, semicolon, tab, space, a line break, other
punctuation). So every cell of text is quoted, and a formula start (= + - @,
a tab or a carriage return: OWASP's "CSV injection") at the start of a cell
or after any character that is not a letter or digit gets a ``'`` before it:
no piece of any cell, however split, is read as a formula. Numbers (points
and totals, negative ones too) are written bare, as numbers: a number holds
no separator and no formula, and stays a number even in a spreadsheet set to
read quoted cells as text.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal

from referee.engine.variants import Variant
from scorekeeper.history.sheet_rows import sheet_rows
from scorekeeper.models import Game, Hand, Player, Rating
from scorekeeper.models.called_aces import CALLS, SUITS, CallRecord, Ends

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A formula start not right after a letter or digit: where a piece may begin.
_PIECE_START = re.compile(r"(?<![^\W_])(?=[=+\-@\t\r])")

# players.csv: the column, and the figure of ``record_aggregates`` it holds.
PLAYER_COLUMNS: tuple[tuple[str, str], ...] = (
    ("games", "games"),
    ("finished games", "finished"),
    ("wins", "wins"),
    ("shared wins", "shared_wins"),
    ("made trump", "hands_made"),
    ("made it", "makes"),
    ("marched", "marches"),
    ("euchred", "euchred"),
    ("ended by a renege", "decided_by_renege"),
    ("alone by choice", "alone_calls"),
    ("alone: called card not in play", "alone_not_in_play"),
    ("maker's partner", "partnered"),
    ("reneges", "reneges"),
)
# After the win rate (added later: the columns before keep their places).
# Euchre nights (docs/rules.md, Euchre night): their tables are not among the games above.
NIGHT_COLUMNS: tuple[tuple[str, str], ...] = (
    ("euchre nights", "euchre_nights"),
    ("rounds at a night's table", "night_tables"),
)
# After those (added later): what the called ace tells, Call-Ace only (docs/formats.md).
ENDS = ("made", "marched", "euchred")
CALL_COLUMNS: tuple[str, ...] = (
    *(c for _, label in CALLS for c in (f"called: {label}", *(f"{label}: {e}" for e in ENDS))),
    *(c for _, suit in SUITS for c in (f"called {suit}", *(f"{suit}: {e}" for e in ENDS))),
    "as called partner",
    *(f"as called partner: {e}" for e in ENDS),
    "best pair",
    "best pair: hands",
    "best pair: won",
)
RATING_HEADER = ("player", "variant", "games", "mu", "sigma", "rating")


def safe_cell(value: object) -> object:
    """``value`` as a spreadsheet may show it: in text, each formula start
    that could begin a piece (at the start, or after anything but a letter or
    digit) gets a ``'`` before it; numbers stay numbers."""
    if isinstance(value, str):
        return _PIECE_START.sub("'", value)
    return value


def to_csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    out = io.StringIO()
    # Text quoted, numbers bare (QUOTE_NONNUMERIC): see the module's docstring.
    writer = csv.writer(out, quoting=csv.QUOTE_NONNUMERIC, lineterminator="\r\n")
    writer.writerow([safe_cell(cell) for cell in header])
    for row in rows:
        writer.writerow([safe_cell(cell) for cell in row])
    return out.getvalue()


def hands_csv(game: Game, hands: Iterable[Hand]) -> str:
    """One row a hand: number, dealer, maker, trump, called, partner, tricks,
    renege, every player's points, every player's running total, and the rule
    applied (with its section of the rulebook, "Call-Ace rules 5") and whether it came
    after the end."""
    names = [seat.player.name for seat in game.seat_list()]
    header = [
        "hand",
        "dealer",
        "maker",
        "trump",
        "called",
        "partner",
        "tricks",
        "renege",
        *(f"{name} points" for name in names),
        *(f"{name} total" for name in names),
        "rule applied",
        "Bower rulebook section",
        "after the end",
    ]
    rows = (
        [
            row.number,
            row.dealer,
            row.maker,
            row.trump,
            row.called,
            row.partner,
            "" if row.hand.tricks is None else row.hand.tricks,  # a number, as the points
            row.renege,
            *row.points,
            *row.totals,
            row.rule,
            row.citation.short if row.citation else "",
            "yes" if row.after_end else "no",
        ]
        for row in sheet_rows(game, hands)
    )
    return to_csv(header, rows)


def win_rate(player: Player) -> str:
    """Wins out of finished games, as the players' pages show it."""
    finished = getattr(player, "finished", 0)
    return f"{round(100 * player.wins / finished)}%" if finished else ""  # type: ignore[attr-defined]


def players_csv(players: Iterable[Player], calls: Mapping[int, CallRecord]) -> str:
    """One row a player (annotated ``with_records`` and ``with_night_count``): every figure the
    players' pages show, win rate included, and their Call-Ace calls (``calls``, by id)."""
    header = [
        "player",
        *(column for column, _ in PLAYER_COLUMNS),
        "win rate",
        *(column for column, _ in NIGHT_COLUMNS),
        *CALL_COLUMNS,
    ]
    rows = (
        [
            player.name,
            *(getattr(player, figure) for _, figure in PLAYER_COLUMNS),
            win_rate(player),
            *(getattr(player, figure) for _, figure in NIGHT_COLUMNS),
            *call_cells(calls.get(player.pk) or CallRecord()),
        ]
        for player in players
    )
    return to_csv(header, rows)


def _ends(ends: Ends) -> list[object]:
    return [ends.hands, ends.made, ends.marched, ends.euchred]


def call_cells(record: CallRecord) -> list[object]:
    """A player's ``CALL_COLUMNS``: each call's and each suit's hands and ends,
    as the called partner, and their best pair ("Ann called Ben"; blank, of 0 hands,
    without one)."""
    best = record.pairs[0] if record.pairs else None
    return [
        *(cell for call, _ in CALLS for cell in _ends(record.by_call[call])),
        *(cell for suit, _ in SUITS for cell in _ends(record.by_suit[suit])),
        *_ends(record.as_partner),
        f"{best.caller.name} called {best.called.name}" if best else "",
        best.ends.hands if best else 0,
        best.ends.won if best else 0,
    ]


def ratings_csv(names: Mapping[int, str], ratings: Iterable[Rating]) -> str:
    """``/ratings.csv``: one row a player and variant (docs/formats.md,
    "Ratings"), by variant, then rating highest first (then by name)."""
    order = list(Variant)
    rows = sorted(
        (r for r in ratings if r.player_id in names),
        key=lambda r: (order.index(Variant(r.variant)), -r.ordinal, names[r.player_id].lower()),
    )
    return to_csv(
        RATING_HEADER,
        (
            [
                names[r.player_id],
                r.variant,
                r.games,
                _decimal(r.mu, 4),
                _decimal(r.sigma, 4),
                _decimal(r.ordinal, 2),
            ]
            for r in rows
        ),
    )


def _decimal(value: float, places: int) -> Decimal:
    # A Decimal is a number to the csv module (written bare) and keeps its places: 25.0000.
    rounded = Decimal(value).quantize(Decimal(1).scaleb(-places))
    return rounded.copy_abs() if rounded == 0 else rounded  # never "-0.00"
