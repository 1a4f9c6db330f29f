"""Citing a rule (referee/engine/rulebook/citations.py): the number a player reads
beside a score is the number the rules page shows over that section, and the
anchor is that section's."""

from __future__ import annotations

import pytest

from referee.engine.rulebook import SECTION_SLUGS, rulebook
from referee.engine.rulebook.citations import BOOK_NAMES, cite, cite_night
from referee.engine.rulebook.euchre_night import NIGHT_SECTION_SLUGS, night_rulebook
from referee.engine.variants import Variant


def test_call_ace_scoring_is_cited_as_section_5_of_the_call_ace_rules() -> None:
    citation = cite(Variant.CALL_ACE, "scoring")
    assert citation.short == "Call-Ace rules 5"
    assert citation.in_docs == "docs/rules.md, Call-Ace 5"
    assert (citation.book_slug, citation.slug, citation.title) == ("call-ace", "scoring", "Scoring")


@pytest.mark.parametrize("variant", list(Variant))
def test_each_section_is_cited_by_the_number_its_rules_page_shows(variant: Variant) -> None:
    # The rules page numbers its sections 1 to 6 in the book's order (forloop.counter).
    for number, section in enumerate(rulebook(variant).sections, start=1):
        citation = cite(variant, section.slug)
        assert (citation.number, citation.slug, citation.title) == (
            number,
            section.slug,
            section.title,
        )
        assert citation.short == f"{BOOK_NAMES[variant]} rules {number}"
        assert citation.book_slug == variant.value


def test_the_same_section_has_the_same_number_in_every_variant() -> None:
    for number, slug in enumerate(SECTION_SLUGS, start=1):
        assert {cite(v, slug).number for v in Variant} == {number}


def test_a_section_of_the_euchre_night_is_cited_by_its_number() -> None:
    for number, slug in enumerate(NIGHT_SECTION_SLUGS, start=1):
        citation = cite_night(slug)
        assert citation.number == number == night_rulebook().number(slug)
        section = night_rulebook().sections[number - 1]
        assert (section.slug, section.title) == (slug, citation.title)
        assert citation.book_slug == "euchre-night"
    assert cite_night("sitting-out").short == "Euchre night rules 5"
    assert cite_night("sitting-out").in_docs == "docs/rules.md, Euchre night 5"


def test_a_section_no_book_has_is_refused_with_the_ones_it_has() -> None:
    with pytest.raises(ValueError, match=r"no section 'standings'.*deal, bidding"):
        cite(Variant.STANDARD, "standings")
    with pytest.raises(ValueError, match="no section 'scoring'"):
        cite_night("scoring")
