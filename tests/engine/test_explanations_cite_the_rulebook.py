"""Every rule an explanation cites is a section of the in-app rulebook, about that rule
(docs/decisions.md, D45; referee/engine/rulebook/citations.py).

The walk scores every hand the engine can be given at every table (each variant and
number of players, each house rule, each way the maker's side was made up, every
count of tricks, a renege by nobody, the maker, the partner or a defender, a night's
lone march) and ends a game every way one can end (the target, a shared win, play
on, a night's round). Each citation found in a line must name a section that the
variant's (or the night's) rules page shows under that number, and that section must
hold the rule the line is about: the misdeal's "(Call-Ace rules 2)" is the bidding
section with stick the dealer in it, a renege penalty's "(house rule, Standard rules
5)" the section offering the renege house rule.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from referee.engine.cards import Card, Rank, Suit
from referee.engine.checking import check_hand
from referee.engine.hands import GameSetup, Hand, PartnerOutcome
from referee.engine.rulebook import rulebook
from referee.engine.rulebook.citations import BOOK_NAMES, Citation, citations_in
from referee.engine.rulebook.euchre_night import NIGHT_BOOK_SLUG, night_rulebook
from referee.engine.rulebook.model import Section
from referee.engine.scoring import score_hand
from referee.engine.totals import GameState, RoundRules, continue_game
from referee.engine.variants import Deal, HouseRules, RenegeRule, TieRule, Variant

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")

# What the words before a citation say it is about, and the rule (a paragraph's or a
# house rule's anchor) the cited section must hold for it.
SUBJECTS = (
    (re.compile(r"the deal passes on \($"), "ruling-misdeal"),
    (re.compile(r"\(house rule, $"), "house-renege"),
    (re.compile(r"a lone march scores \d+, $"), "lone-march-five"),
    (re.compile(r"the night's standings \($"), "no-target"),
    (re.compile(r"\(play-on house rule, $"), "house-ties"),
    (re.compile(r"they share the win \($"), "ruling-ties"),
    (re.compile(r"wins \($"), "target"),
)


@dataclass(frozen=True)
class Line:
    """One line the engine wrote, at a table of ``variant``."""

    variant: Variant
    text: str
    cited: Citation | None = None  # the section a hand's score names as its rule
    rule: str = ""  # the hand's rule key ("thrown-in", "euchre" ...)


def game_setups() -> Iterator[GameSetup]:
    for variant in Variant:
        for n in variant.player_counts:
            deals = (Deal.STANDARD, Deal.SEED) if variant is Variant.CALL_ACE else (Deal.STANDARD,)
            for deal, stick, renege in itertools.product(deals, (True, False), RenegeRule):
                rules = HouseRules(deal=deal, stick_the_dealer=stick, renege=renege)
                yield GameSetup(variant=variant, players=NAMES[:n], rules=rules)


def sides(setup: GameSetup) -> list[tuple[PartnerOutcome, int | None]]:
    """Each way the maker's side can be made up, with Ben or the last seat as partner."""
    if setup.variant is Variant.STANDARD:
        return [(PartnerOutcome.TEAM, None), (PartnerOutcome.ALONE, None)]
    found = [(PartnerOutcome.REVEALED, p) for p in (1, setup.n - 1)]
    found += [(PartnerOutcome.MAKER_HELD, None), (PartnerOutcome.NOT_IN_PLAY, None)]
    if setup.variant is Variant.CALL_YOUR_PARTNER:
        found.append((PartnerOutcome.ALONE, None))
    return found


def hands(setup: GameSetup) -> Iterator[Hand]:
    """Every hand worth telling apart: Ann makes, any count of tricks, a renege by
    nobody or by any seat."""
    yield Hand(thrown_in=True)
    called: Suit | Card | None = None
    if setup.variant is Variant.CALL_ACE:
        called = Suit.SPADES
    elif setup.variant is Variant.CALL_YOUR_PARTNER:
        called = Card(Rank.QUEEN, Suit.SPADES)
    tricks = range(setup.deal.tricks + 1)
    reneges = (None, *range(setup.n))
    for (outcome, partner), took, renege in itertools.product(sides(setup), tricks, reneges):
        hand = Hand(
            maker=0,
            trump=Suit.HEARTS,
            called=None if outcome is PartnerOutcome.ALONE else called,
            outcome=outcome,
            partner=partner,
            tricks=took,
            renege=renege,
        )
        if not check_hand(setup, hand):
            yield hand


def hand_lines() -> Iterator[Line]:
    for setup in game_setups():
        for hand in hands(setup):
            five = (False, True) if setup.variant is Variant.STANDARD else (False,)
            for lone_march_five in five:
                score = score_hand(setup, hand, lone_march_five=lone_march_five)
                yield Line(setup.variant, score.explanation, score.citation, score.rule)


def _make(setup: GameSetup, *, partner: int | None = None) -> Hand:
    """Ann makes three tricks: with ``partner`` revealed, or alone holding the ace."""
    if setup.variant is Variant.STANDARD:
        return Hand(maker=0, trump=Suit.HEARTS, tricks=3)
    called: Suit | Card = Suit.SPADES
    if setup.variant is Variant.CALL_YOUR_PARTNER:
        called = Card(Rank.QUEEN, Suit.SPADES)
    if partner is None:
        return Hand(
            maker=0, trump=Suit.HEARTS, called=called, outcome=PartnerOutcome.MAKER_HELD, tricks=3
        )
    return Hand(
        maker=0,
        trump=Suit.HEARTS,
        called=called,
        outcome=PartnerOutcome.REVEALED,
        partner=partner,
        tricks=3,
    )


def end_lines() -> Iterator[Line]:
    """How a game ends, every way: one reaching the target, two level on it (shared,
    or played on until one leads), a night's round over after its hands."""
    for variant in Variant:
        n = variant.player_counts[0]
        for ties in TieRule:
            setup = GameSetup(variant=variant, players=NAMES[:n], rules=HouseRules(ties=ties))
            near = GameState(number=3, dealer=0, totals=(9,) * n)
            _, alone = continue_game(setup, near, _make(setup))
            _, level = continue_game(setup, near, _make(setup, partner=1))
            texts = [alone.decided_by, level.decided_by]
            if level.played_on:
                _, after = continue_game(setup, level, _make(setup))
                texts.append(after.decided_by)
            yield from (Line(variant, t) for t in texts if t)
        setup = GameSetup(variant=variant, players=NAMES[:n])
        start = GameState.start(setup, first_dealer=0)
        _, over = continue_game(setup, start, _make(setup), round_rules=RoundRules(hands=1))
        yield Line(variant, over.decided_by)


LINES = [*hand_lines(), *end_lines()]


def sections_of(citation: Citation, variant: Variant) -> tuple[Section, ...]:
    """The sections of the book the citation names: the variant's or the night's."""
    if citation.book_slug == NIGHT_BOOK_SLUG:
        return night_rulebook().sections
    assert (citation.book, citation.book_slug) == (BOOK_NAMES[variant], variant.value)
    return rulebook(variant).sections


def anchors(section: Section) -> set[str]:
    return {p.anchor for p in section.paragraphs} | {o.anchor for o in section.options}


def subject(text: str, start: int) -> str:
    before = text[:start]
    for pattern, anchor in SUBJECTS:
        if pattern.search(before):
            return anchor
    raise AssertionError(f"a citation with no known subject: {text!r}")


def test_the_walk_meets_every_outcome_renege_and_end() -> None:
    rules = {line.rule for line in LINES if line.rule}
    assert rules == {
        "thrown-in",
        "euchre",
        "make",
        "march",
        "alone-make",
        "alone-march",
        "partnership-make",
        "partnership-march",
        "renege",
        "renege-euchre",
        "renege-march",
    }
    cited = {subject(line.text, s.start) for line in LINES for s in citations_in(line.text)}
    assert cited == {anchor for _, anchor in SUBJECTS}
    assert len(LINES) > 2000


def test_every_citation_in_an_explanation_is_a_section_of_its_rulebook_about_that_rule() -> None:
    for line in LINES:
        for span in citations_in(line.text):
            citation = span.citation
            sections = sections_of(citation, line.variant)
            section = sections[citation.number - 1]
            assert (section.slug, section.title) == (citation.slug, citation.title)
            assert subject(line.text, span.start) in anchors(section), line.text


def test_no_explanation_cites_a_rule_but_by_the_rulebooks_numbers() -> None:
    # Every "rules N" is a citation of a book; no old sheet number ("3.5") is left.
    for line in LINES:
        assert len(re.findall(r"\brules \d", line.text)) == len(citations_in(line.text)), line
        assert not re.search(r"\d\.\d", line.text), line.text


def test_each_hand_names_as_its_rule_the_section_that_scored_it() -> None:
    # A hand nobody scored: bidding, where the misdeal is ruled; a renege: scoring,
    # which offers the renege house rule; any other hand: scoring.
    for line in LINES:
        if line.cited is None:
            continue
        section = sections_of(line.cited, line.variant)[line.cited.number - 1]
        assert (section.slug, section.title) == (line.cited.slug, line.cited.title)
        if line.rule == "thrown-in":
            assert "ruling-misdeal" in anchors(section), line
        elif "renege" in line.rule:
            assert "house-renege" in anchors(section), line
        else:
            assert {"makers-need", "euchre"} <= anchors(section), line
