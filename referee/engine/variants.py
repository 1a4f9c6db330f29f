"""The three variants, their house rules and their deals (docs/rules.md 1 (every variant)).

Plain Python: no Django import.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from referee.engine.cards import Rank


class RulesError(ValueError):
    """A house-rule setting is not possible; ``field`` names the setting."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class Variant(enum.StrEnum):
    CALL_ACE = "call-ace"
    CALL_YOUR_PARTNER = "call-your-partner"
    STANDARD = "standard"

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def player_counts(self) -> tuple[int, ...]:
        """How many players the variant is played with."""
        return _PLAYER_COUNTS[self]

    @property
    def player_counts_text(self) -> str:
        """ "4, 5 or 6" """
        counts = [str(n) for n in self.player_counts]
        return counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " or " + counts[-1]


_LABELS = {
    Variant.CALL_ACE: "Call-Ace Euchre",
    Variant.CALL_YOUR_PARTNER: "Call-Your-Partner Euchre",
    Variant.STANDARD: "Standard euchre",
}
_PLAYER_COUNTS = {
    Variant.CALL_ACE: (4, 5, 6),
    Variant.CALL_YOUR_PARTNER: (5,),
    Variant.STANDARD: (4,),
}


def parse_variant(text: str) -> Variant:
    try:
        return Variant(text)
    except ValueError:
        choices = ", ".join(v.value for v in Variant)
        raise RulesError("variant", f"'{text}' is not a variant: use one of {choices}") from None


class Deal(enum.StrEnum):
    STANDARD = "standard"
    SEED = "seed"


class RenegeRule(enum.StrEnum):
    MARCH_OR_EUCHRE = "march-or-euchre"
    OFFENDER_LOSES_2 = "offender-loses-2"


class TieRule(enum.StrEnum):
    SHARE = "share"
    PLAY_ON = "play-on"


@dataclass(frozen=True, kw_only=True)
class HouseRules:
    """The table's choices, with the defaults of docs/rules.md."""

    target: int = 10
    stick_the_dealer: bool = True
    no_trump: bool = False
    # The dealer's partner who orders up goes alone (docs/rules.md, Standard 3).
    canadian_loner: bool = False
    deal: Deal = Deal.STANDARD
    renege: RenegeRule = RenegeRule.MARCH_OR_EUCHRE
    ties: TieRule = TieRule.SHARE

    def to_dict(self, variant: Variant) -> dict[str, Any]:
        """The settings that apply to ``variant``, as in the game document."""
        data: dict[str, Any] = {
            k: (str(v) if isinstance(v, enum.Enum) else v) for k, v in asdict(self).items()
        }
        if variant is not Variant.STANDARD:
            for key in STANDARD_ONLY_RULES:
                data.pop(key)
        if variant is not Variant.CALL_ACE:
            data.pop("deal")
        return data

    def differences(self, variant: Variant) -> dict[str, Any]:
        """The settings that differ from the defaults (the table's house rules)."""
        default = HouseRules().to_dict(variant)
        return {k: v for k, v in self.to_dict(variant).items() if default[k] != v}

    def query(self, variant: Variant) -> dict[str, str]:
        """``differences`` as a link's parameters: a switch is "on" or "off"."""
        return {k: rule_text(v) for k, v in self.differences(variant).items()}


def rule_text(value: Any) -> str:
    """A house rule's value as a link or a form carries it: "on", "off", "15"."""
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


TARGET_RANGE = (1, 99)
RULE_KEYS = tuple(f.name for f in fields(HouseRules))
# The house rules of standard euchre alone: a game document of another variant
# leaves them out (docs/formats.md, "Game document (import and export)").
STANDARD_ONLY_RULES = {
    "no_trump": "no trump is a house rule of standard euchre only",
    "canadian_loner": "the Canadian loner is a house rule of standard euchre only",
}


def house_rules_from_dict(variant: Variant, data: Mapping[str, Any] | None) -> HouseRules:
    """Read the ``rules`` object of a game document: every key optional,
    missing keys take the defaults. Raises RulesError naming the key."""
    data = dict(data or {})
    unknown = sorted(set(data) - set(RULE_KEYS))
    if unknown:
        raise RulesError(unknown[0], f"'{unknown[0]}' is not a house rule")
    values: dict[str, Any] = {}
    if "target" in data:
        values["target"] = _read_target(data["target"])
    values.update(_read_switches(variant, data))
    for key, kind in (("deal", Deal), ("renege", RenegeRule), ("ties", TieRule)):
        if key in data:
            values[key] = _read_choice(key, kind, data[key])
    if values.get("deal") is Deal.SEED and variant is not Variant.CALL_ACE:
        raise RulesError("deal", "the seed deal is a house rule of Call-Ace Euchre only")
    return HouseRules(**values)


def _read_switches(variant: Variant, data: Mapping[str, Any]) -> dict[str, bool]:
    """The house rules that are on or off (stick the dealer; no trump and the
    Canadian loner, standard euchre's own)."""
    values: dict[str, bool] = {}
    for key in ("stick_the_dealer", *STANDARD_ONLY_RULES):
        if key in data:
            if not isinstance(data[key], bool):
                raise RulesError(key, "must be true or false")
            values[key] = data[key]
    for key, message in STANDARD_ONLY_RULES.items():
        if values.get(key) and variant is not Variant.STANDARD:
            raise RulesError(key, message)
    return values


def _read_target(target: Any) -> int:
    """The ``target`` house rule: a whole number of points in ``TARGET_RANGE``."""
    if isinstance(target, bool) or not isinstance(target, int):
        raise RulesError("target", "the target must be a whole number of points")
    low, high = TARGET_RANGE
    if not low <= target <= high:
        raise RulesError("target", f"the target must be from {low} to {high} points")
    return target


def _read_choice[E: enum.StrEnum](key: str, kind: type[E], value: Any) -> E:
    """A house rule that is one of ``kind``'s values (the deal, renege, ties)."""
    try:
        return kind(value)
    except ValueError:
        choices = " or ".join(f"'{m.value}'" for m in kind)
        raise RulesError(key, f"must be {choices}") from None


@dataclass(frozen=True, kw_only=True)
class DealInfo:
    """What one deal looks like for a variant and a number of players."""

    deck_size: int
    lowest_rank: Rank
    cards_each: int
    kitty: int

    @property
    def tricks(self) -> int:
        """A hand has as many tricks as each player holds cards
        (docs/rules.md 4 (every variant))."""
        return self.cards_each

    @property
    def tricks_to_make(self) -> int:
        """The makers need more than half the tricks (3 of 5, 3 of 4, 4 of 6)."""
        return self.tricks // 2 + 1

    @property
    def turn_up(self) -> bool:
        """Whether a card is left to turn up; without one, bidding starts at round 2."""
        return self.kitty > 0

    @property
    def deck_description(self) -> str:
        return f"{self.deck_size} cards ({self.lowest_rank.text} to ace)"


# Five cards each whatever the number of players: the deck grows with the table
# (docs/rules.md, Call-Ace 1): 9s up for 4 players, 8s up for 5, 7s up for 6.
_LOWEST_RANK_FOR_PLAYERS = {4: Rank.NINE, 5: Rank.EIGHT, 6: Rank.SEVEN}
DECK_SIZES = (24, 28, 32)


def deck_size_from(lowest: Rank) -> int:
    """Cards in a deck of four suits from ``lowest`` up to the ace."""
    return 4 * (Rank.ACE - lowest + 1)


def lowest_rank_of_deck(size: int) -> Rank:
    """The lowest rank of a 24, 28 or 32-card deck (docs/rules.md 1 (every variant)). Raises
    RulesError."""
    for rank in _LOWEST_RANK_FOR_PLAYERS.values():
        if deck_size_from(rank) == size:
            return rank
    raise RulesError("deck", f"a euchre deck has {', '.join(map(str, DECK_SIZES))} cards")


def deal_for(variant: Variant, players: int, rules: HouseRules | None = None) -> DealInfo:
    """The deal for a variant and player count (docs/rules.md 1 (every variant))."""
    rules = rules or HouseRules()
    if players not in variant.player_counts:
        counts = variant.player_counts_text
        raise RulesError("players", f"{variant.label} is played by {counts} players")
    if variant is Variant.CALL_ACE and rules.deal is Deal.SEED:
        each = 6 if players == 4 else 4
        return DealInfo(
            deck_size=24, lowest_rank=Rank.NINE, cards_each=each, kitty=24 - each * players
        )
    lowest = _LOWEST_RANK_FOR_PLAYERS[players]
    deck_size = deck_size_from(lowest)
    return DealInfo(
        deck_size=deck_size, lowest_rank=lowest, cards_each=5, kitty=deck_size - 5 * players
    )


def seats_opposite(seat: int) -> int:
    """Standard euchre: seats 1 and 3 (0 and 2) are a team, 2 and 4 (1 and 3) the other."""
    return (seat + 2) % 4


def no_score_hand_name(rules: HouseRules) -> str:
    """What a hand nobody scores is called at this table (docs/rules.md 2 (every variant)).

    Without stick the dealer, a hand where everyone passes twice is "Thrown in".
    With it, passing can never end a hand, so a hand scored as nothing is a
    "Misdeal" (the deal went wrong); a record marked thrown in under stick the
    dealer is read as one.
    """
    return "Misdeal" if rules.stick_the_dealer else "Thrown in"
