"""The shapes of rule text: paragraphs, house-rule options and their choices,
sections and a variant's rulebook (docs/rules.md (every variant)). Plain Python: no Django import.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.citing import SECTION_SLUGS as SECTION_SLUGS
from referee.engine.variants import HouseRules, Variant, rule_text


@dataclass(frozen=True, kw_only=True)
class Paragraph:
    """One rule. ``why`` is set on a ruling: why docs/rules.md had to decide it. A
    rule is cited by the section it sits in (``citations.cite``), so it carries no
    number of its own."""

    text: str
    anchor: str = ""  # a stable id for the rules people look up by name
    why: str = ""

    @property
    def is_ruling(self) -> bool:
        return bool(self.why)


@dataclass(frozen=True, kw_only=True)
class Choice:
    value: str
    label: str
    text: str
    default: bool = False


@dataclass(frozen=True, kw_only=True)
class HouseRuleOption:
    """A house rule a table picks when it starts a game (HouseRules field ``key``)."""

    key: str
    title: str
    choices: tuple[Choice, ...]

    @property
    def anchor(self) -> str:
        return "house-" + self.key.replace("_", "-")

    @property
    def default(self) -> Choice:
        return next(c for c in self.choices if c.default)


@dataclass(frozen=True, kw_only=True)
class Section:
    slug: str
    title: str
    paragraphs: tuple[Paragraph, ...]
    options: tuple[HouseRuleOption, ...] = ()


def deal_section(*paragraphs: Paragraph, options: tuple[HouseRuleOption, ...] = ()) -> Section:
    """A variant's first section: who plays, the deck and the deal."""
    return Section(slug="deal", title="The deal", paragraphs=paragraphs, options=options)


def winning_section(*paragraphs: Paragraph, options: tuple[HouseRuleOption, ...]) -> Section:
    """A variant's last section: the target, and who has won."""
    return Section(slug="winning", title="Winning", paragraphs=paragraphs, options=options)


class SectionedBook:
    """What a variant's rulebook and the euchre night's share: their sections, a
    section by slug, the rulings and the house-rule options in them."""

    sections: tuple[Section, ...]

    def section(self, slug: str) -> Section:
        return next(s for s in self.sections if s.slug == slug)

    @property
    def rulings(self) -> tuple[Paragraph, ...]:
        return tuple(p for s in self.sections for p in s.paragraphs if p.is_ruling)

    @property
    def options(self) -> tuple[HouseRuleOption, ...]:
        return tuple(o for s in self.sections for o in s.options)


@dataclass(frozen=True, kw_only=True)
class Rulebook(SectionedBook):
    variant: Variant
    summary: str
    sections: tuple[Section, ...]


def in_force(option: HouseRuleOption, rules: HouseRules) -> Choice:
    """The choice of ``option`` that a table's house rules have picked."""
    wanted = rule_text(getattr(rules, option.key))
    for choice in option.choices:
        if choice.value == wanted:
            return choice
    # The target is a number with one listed choice; any other value is the table's own.
    return Choice(value=wanted, label=f"{wanted} points", text=f"This table plays to {wanted}.")


@dataclass(frozen=True, kw_only=True)
class Answer:
    """One question's answer for ``variants``: ``phrases`` are ways players put it (a
    query holding every word of one, in some form, finds it), ``section`` the slug of the
    section it rests on and ``anchor`` the rule there it links to. ``not_played``: the
    phrase names a house rule Bower does not play, and ``text`` says what it is."""

    title: str
    phrases: tuple[str, ...]
    text: str
    section: str
    anchor: str
    variants: frozenset[Variant] = frozenset(Variant)
    not_played: bool = False
