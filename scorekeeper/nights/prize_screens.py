"""A euchre night's prizes as its screens and printed results show them
(docs/rules.md, Euchre night 6): each prize the night chose with its winners, how
a tie was broken, and the night's prize rules in a sentence. Plain functions of
a night's board (no query)."""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.night import NightRules, Prize, PrizeKind, PrizeTies
from referee.engine.night_prizes import Settled
from scorekeeper.models import NightBoard


@dataclass(frozen=True)
class PrizeLine:
    label: str
    unit: str  # "12 points", "2 lone hands"
    winners: list[str]
    # How a tie was broken, in a sentence ("" when nobody was level or it is shared).
    settled: str = ""

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


_PRIZE_UNITS = {
    PrizeKind.MOST_POINTS: ("point", "points"),
    PrizeKind.LOW_SCORE: ("point", "points"),
    PrizeKind.MOST_LONE_HANDS: ("lone hand", "lone hands"),
    PrizeKind.MOST_EUCHRES: ("euchre", "euchres"),
}


def prize_lines(board: NightBoard) -> list[PrizeLine]:
    """The night's prizes with their holders' names (nobody while it is not won),
    and how a tie was broken (docs/rules.md, Euchre night 6)."""
    lines = []
    for prize in board.standings.prizes:
        one, many = _PRIZE_UNITS[prize.kind]
        lines.append(
            PrizeLine(
                label=prize.kind.label,
                unit=f"{prize.count} {one if prize.count == 1 else many}",
                winners=[board.name(n) for n in prize.winners],
                settled=settled_text(board, prize),
            )
        )
    return lines


def settled_text(board: NightBoard, prize: Prize) -> str:
    """How a broken tie went, for the screens and the printed results: who was
    level, and whether sitting out or the night's draw decided it."""
    if prize.settled is Settled.ALONE:
        return ""
    others = [board.name(n) for n in prize.level if n not in prize.winners]
    level = f"level with {', '.join(others)}"
    if prize.settled is Settled.SAT_OUT:
        return f"{level}; sat out fewer rounds"
    return f"{level}; won the night's draw"


def prize_rule(rules: NightRules) -> str:
    """The night's prize rules in a sentence (docs/rules.md, Euchre night 6)."""
    each = (
        "One prize a person, the higher first."
        if rules.one_prize_each
        else "A player may take several prizes."
    )
    if PrizeKind.LOW_SCORE in rules.prizes:
        each += " The low score goes only to a player here for every round."
    if rules.prize_ties is PrizeTies.SHARE:
        return f"{each} Players level on a prize share it."
    return f"{each} A tie goes to who sat out fewer rounds, then to the night's draw."
