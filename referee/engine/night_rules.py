"""A euchre night's house rules (docs/rules.md, Euchre night): what a round is, what
sitting out and a missed round score, the clock, the prizes; as stored and read back.
``referee.engine.night`` scores a night by them. Plain Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from referee.engine.night_prizes import PRIZE_ORDER, PrizeKind, PrizeTies
from referee.engine.seating import check_variant
from referee.engine.totals import RoundRules
from referee.engine.variants import HouseRules, RulesError, Variant, house_rules_from_dict

HANDS_PER_ROUND_RANGE = (4, 12)  # docs/rules.md, Euchre night 3
SIT_OUT_AVERAGE: Literal["average"] = "average"
SIT_OUT_RANGE = (0, 99)  # a fixed number of points, as a table's target stays under 100
# A round missed by arriving late or leaving (docs/rules.md, Euchre night 5).
MissedRounds = Literal["nothing", "average"]
MISSED_NOTHING: MissedRounds = "nothing"
MISSED_AVERAGE: MissedRounds = "average"
# How a round after the first is seated (docs/rules.md, Euchre night 2).
Movement = Literal["rotation", "result"]
MOVE_ROTATION: Movement = "rotation"
MOVE_BY_RESULT: Movement = "result"
# A round's time on the clock, when the night keeps one (docs/rules.md, Euchre night 3).
ROUND_MINUTES_RANGE = (5, 90)
NIGHT_RULE_KEYS = (
    "movement",
    "hands_per_round",
    "round_minutes",
    "lone_march_five",
    "sit_out",
    "missed",
    "table_rules",
    "prizes",
    "one_prize_each",
    "prize_ties",
)


@dataclass(frozen=True, kw_only=True)
class NightRules:
    """The house rules of a euchre night, with the defaults of docs/rules.md, Euchre night.

    ``movement``: "rotation" (partners and opponents spread) or "result" (movement
    by result: winners up a table, ``movement.move_tables``).
    ``hands_per_round``: hands at every table in a round (4 to 12, default 8).
    ``round_minutes``: a round's time on the clock, shown on the TV and the table
    screen (5 to 90; None, the default: no clock).
    ``lone_march_five``: a lone march scores 5 instead of 4 (standard euchre only).
    ``sit_out``: "average" (the round's average per player, rounded down) or a
    fixed number of points. ``missed``: what a round missed by arriving late or
    leaving scores, "nothing" or "average" (the round's average).
    ``table_rules``: the house rules every table plays by
    (stick the dealer, renege...); their target plays no part in a night.
    ``prizes``: the prizes the night gives, in the order listed (``PRIZE_ORDER``);
    ``one_prize_each``: nobody takes two (the higher prize first);
    ``prize_ties``: players level on a prize share it, or the tie is broken
    (docs/rules.md, Euchre night 6).
    """

    movement: Movement = MOVE_ROTATION
    hands_per_round: int = 8
    round_minutes: int | None = None
    lone_march_five: bool = False
    sit_out: Literal["average"] | int = SIT_OUT_AVERAGE
    missed: MissedRounds = MISSED_NOTHING
    table_rules: HouseRules = field(default_factory=HouseRules)
    prizes: tuple[PrizeKind, ...] = PRIZE_ORDER
    one_prize_each: bool = True
    prize_ties: PrizeTies = PrizeTies.SHARE

    def __post_init__(self) -> None:
        self._check_prizes()
        hands = self.hands_per_round
        low, high = HANDS_PER_ROUND_RANGE
        if isinstance(hands, bool) or not isinstance(hands, int) or not low <= hands <= high:
            raise RulesError("hands_per_round", f"a round has {low} to {high} hands")
        if not isinstance(self.lone_march_five, bool):
            raise RulesError("lone_march_five", "must be true or false")
        minutes = self.round_minutes
        low, high = ROUND_MINUTES_RANGE
        if minutes is not None and (
            isinstance(minutes, bool) or not isinstance(minutes, int) or not low <= minutes <= high
        ):
            raise RulesError("round_minutes", f"a round's clock is {low} to {high} minutes")
        if self.movement not in (MOVE_ROTATION, MOVE_BY_RESULT):
            raise RulesError("movement", f"must be '{MOVE_ROTATION}' or '{MOVE_BY_RESULT}'")
        if self.missed not in (MISSED_NOTHING, MISSED_AVERAGE):
            raise RulesError("missed", f"must be '{MISSED_NOTHING}' or '{MISSED_AVERAGE}'")
        sit_out = self.sit_out
        low, high = SIT_OUT_RANGE
        if sit_out == SIT_OUT_AVERAGE:
            return
        if isinstance(sit_out, bool) or not isinstance(sit_out, int) or not low <= sit_out <= high:
            raise RulesError(
                "sit_out",
                f"must be '{SIT_OUT_AVERAGE}' or a whole number of points from {low} to {high}",
            )

    def _check_prizes(self) -> None:
        prizes = self.prizes
        if not isinstance(prizes, tuple) or not all(isinstance(p, PrizeKind) for p in prizes):
            raise RulesError("prizes", "must be a list of the night's prizes")
        if prizes != tuple(p for p in PRIZE_ORDER if p in prizes):
            raise RulesError("prizes", "each prize once, in the order they are listed")
        if not isinstance(self.one_prize_each, bool):
            raise RulesError("one_prize_each", "must be true or false")
        if not isinstance(self.prize_ties, PrizeTies):
            raise RulesError("prize_ties", "must be 'share' or 'break'")

    def with_prizes(
        self, *, prizes: Sequence[PrizeKind], one_prize_each: bool, prize_ties: PrizeTies
    ) -> NightRules:
        """These rules with other prizes (in the order listed, whatever the order given)."""
        chosen = tuple(p for p in PRIZE_ORDER if p in prizes)
        return replace(self, prizes=chosen, one_prize_each=one_prize_each, prize_ties=prize_ties)

    @property
    def round_rules(self) -> RoundRules:
        """How every table's round ends and scores: after ``hands_per_round`` hands."""
        return RoundRules(hands=self.hands_per_round, lone_march_five=self.lone_march_five)

    def check_variant(self, variant: Variant) -> None:
        """Raise RulesError when a rule does not apply to the night's variant
        (docs/rules.md, Euchre night)."""
        check_variant(variant)
        if self.lone_march_five and variant is not Variant.STANDARD:
            raise RulesError(
                "lone_march_five", "a lone march scoring 5 is a house rule of standard euchre only"
            )

    def to_dict(self, variant: Variant) -> dict[str, Any]:
        """The night's rules as stored and exported; ``night_rules_from_dict`` reads it."""
        data: dict[str, Any] = {
            "hands_per_round": self.hands_per_round,
            "sit_out": self.sit_out,
            "table_rules": self.table_rules.to_dict(variant),
        }
        if self.movement != MOVE_ROTATION:  # as missed: an older night reads the same
            data["movement"] = self.movement
        if self.missed != MISSED_NOTHING:  # a night stored before the rule reads the same
            data["missed"] = self.missed
        if self.round_minutes is not None:
            data["round_minutes"] = self.round_minutes
        if variant is Variant.STANDARD:
            data["lone_march_five"] = self.lone_march_five
        data["prizes"] = [p.value for p in self.prizes]
        data["one_prize_each"] = self.one_prize_each
        data["prize_ties"] = self.prize_ties.value
        return data


def night_rules_from_dict(variant: Variant, data: Mapping[str, Any] | None) -> NightRules:
    """Read a night's rules: every key optional, missing keys take the defaults of
    docs/rules.md, Euchre night. Raises RulesError naming the key at fault."""
    data = dict(data or {})
    unknown = sorted(set(data) - set(NIGHT_RULE_KEYS))
    if unknown:
        raise RulesError(unknown[0], f"'{unknown[0]}' is not a rule of a euchre night")
    # NightRules checks the plain values itself; the table's rules are read like a
    # game's, the prizes by name.
    read_apart = ("table_rules", "prizes", "prize_ties")
    values: dict[str, Any] = {
        k: data[k] for k in NIGHT_RULE_KEYS if k in data and k not in read_apart
    }
    values.update(_prize_values(data))
    if "table_rules" in data:
        table_rules = data["table_rules"]
        if not isinstance(table_rules, Mapping):
            raise RulesError("table_rules", "must be an object of house rules")
        values["table_rules"] = house_rules_from_dict(variant, table_rules)
    rules = NightRules(**values)
    rules.check_variant(variant)
    return rules


def _prize_values(data: Mapping[str, Any]) -> dict[str, Any]:
    """``prizes`` and ``prize_ties`` as stored (names) read into the engine's kinds."""
    values: dict[str, Any] = {}
    if "prizes" in data:
        raw = data["prizes"]
        if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
            raise RulesError("prizes", "must be a list of the night's prizes")
        try:
            values["prizes"] = tuple(PrizeKind(p) for p in raw)
        except ValueError:
            known = ", ".join(p.value for p in PRIZE_ORDER)
            raise RulesError("prizes", f"a prize is one of {known}") from None
    if "prize_ties" in data:
        try:
            values["prize_ties"] = PrizeTies(data["prize_ties"])
        except ValueError:
            raise RulesError("prize_ties", "must be 'share' or 'break'") from None
    return values
