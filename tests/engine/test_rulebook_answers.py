"""The referee's words (issue 24): questions asked the way a table asks them find a straight
answer in the right section of the rulebook, and a house rule Bower does not play is said
to be one, with what it is (referee/engine/rulebook/answers.py; docs/decisions.md, D47)."""

from __future__ import annotations

import pytest

from referee.engine.rulebook import rulebook, search
from referee.engine.rulebook.answers import answers
from referee.engine.rulebook.search import answer_hits
from referee.engine.variants import Variant

CALL_ACE, CALL_YOUR_PARTNER, STANDARD = (
    Variant.CALL_ACE,
    Variant.CALL_YOUR_PARTNER,
    Variant.STANDARD,
)
EVERY = tuple(Variant)

# Real table questions, in the players' words: (question, the variants asked about, the
# section of the rulebook the answer rests on).
TABLE_QUESTIONS: list[tuple[str, tuple[Variant, ...], str]] = [
    ("can the dealer pick up and go alone", EVERY, "partner"),
    ("what if nobody has the called ace", (CALL_ACE,), "partner"),
    ("what if nobody has the called card", (CALL_YOUR_PARTNER,), "partner"),
    ("farmer's hand", EVERY, "deal"),
    ("going under", EVERY, "deal"),
    ("ace no face", EVERY, "deal"),
    ("stick the dealer name the turned down suit", EVERY, "bidding"),
    ("can you name the turned down suit in the second round", EVERY, "bidding"),
    ("renege penalty", EVERY, "scoring"),
    ("who leads when going alone", EVERY, "trick"),
    ("can you trump if you can follow suit", EVERY, "trick"),
    ("do I have to trump", EVERY, "trick"),
    ("is the left bower a trump", EVERY, "trick"),
    ("how many points for a euchre", EVERY, "scoring"),
    ("how many points for going alone", EVERY, "scoring"),
    ("what is a march", EVERY, "scoring"),
    ("everyone passes twice", EVERY, "bidding"),
    ("what does the dealer discard", EVERY, "bidding"),
    ("who made trump when the dealer picks up", EVERY, "bidding"),
    ("a card was exposed during the deal", EVERY, "bidding"),
    ("can my partner go alone", (STANDARD,), "partner"),
    ("defending alone", EVERY, "partner"),
    ("can you call your own ace", (CALL_ACE,), "partner"),
    ("can you call the ace of trump", (CALL_ACE,), "partner"),
    ("dealer picked up the called ace", (CALL_ACE,), "partner"),
    ("can you call the left bower", (CALL_YOUR_PARTNER,), "partner"),
    ("how do you prove a renege", EVERY, "trick"),
    ("two players renege", (CALL_ACE, CALL_YOUR_PARTNER), "scoring"),
    ("what if two players tie", EVERY, "winning"),
    ("how many points to win", EVERY, "winning"),
    ("canadian loner", EVERY, "partner"),
    ("can you order up your partner", (STANDARD,), "partner"),
    ("no trump", EVERY, "bidding"),
    ("who wins the trick", EVERY, "trick"),
    ("euchre a loner", EVERY, "scoring"),
    ("how many tricks do you need", EVERY, "scoring"),
    ("joker", EVERY, "trick"),
    ("screw the dealer", EVERY, "bidding"),
    ("who deals next", EVERY, "deal"),
    ("how many cards in the kitty", EVERY, "deal"),
    ("when is the partner revealed", (CALL_ACE, CALL_YOUR_PARTNER), "partner"),
]

ASKED = [(q, v, slug) for q, variants, slug in TABLE_QUESTIONS for v in variants]


def test_the_list_holds_at_least_thirty_table_questions() -> None:
    assert len(TABLE_QUESTIONS) >= 30
    assert len({q for q, _, _ in TABLE_QUESTIONS}) == len(TABLE_QUESTIONS)


@pytest.mark.parametrize(("question", "variant", "slug"), ASKED)
def test_a_table_question_finds_its_answer_in_the_first_three_results(
    question: str, variant: Variant, slug: str
) -> None:
    top = search(question, variant=variant)[:3]
    assert slug in [hit.section.slug for hit in top], [(h.section.slug, h.title) for h in top]


@pytest.mark.parametrize("variant", EVERY)
@pytest.mark.parametrize("phrase", ["farmer's hand", "going under", "joker", "defending alone"])
def test_a_house_rule_bower_does_not_play_is_said_to_be_one_with_what_it_is(
    variant: Variant, phrase: str
) -> None:
    first = search(phrase, variant=variant)[0]
    assert first.is_answer
    assert first.title.startswith("Not played by Bower: ")
    assert "house rule Bower does not play" in first.text
    # ... and what Bower does instead, rather than nothing or a neighbour's rule.
    assert "In Bower" in first.text or "Bower's deck" in first.text


def test_going_under_no_longer_suggests_going_alone() -> None:
    hits = search("going under", variant=STANDARD)
    assert hits[0].title == "Not played by Bower: Farmer's hand, or going under"
    assert "alone" not in hits[0].text


@pytest.mark.parametrize("variant", EVERY)
def test_a_stuck_dealer_is_told_the_turned_down_suit_is_out_in_one_answer(
    variant: Variant,
) -> None:
    first = search("stick the dealer name the turned down suit", variant=variant)[0]
    assert first.text.startswith("No. ")
    assert "other three suits" in first.text
    assert first.anchor == "stick-the-dealer"


def test_the_canadian_loner_is_standard_euchres_and_not_played_elsewhere() -> None:
    standard = search("canadian loner", variant=STANDARD)[0]
    assert standard.anchor == "house-canadian-loner"
    assert not standard.title.startswith("Not played")
    other = search("canadian loner", variant=CALL_ACE)[0]
    assert other.title == "Not played by Bower: The Canadian loner"


def test_the_answers_scores_are_the_scoring_rules() -> None:
    assert "4 for all five" in search("points for going alone", variant=STANDARD)[0].text
    assert "5 for all five" in (search("points for going alone", variant=CALL_YOUR_PARTNER)[0].text)
    assert "2 to each defender" in search("points for a euchre", variant=CALL_ACE)[0].text
    assert "2 to the other team" in search("points for a euchre", variant=STANDARD)[0].text


@pytest.mark.parametrize("variant", EVERY)
def test_every_answer_links_to_a_rule_of_its_own_section_on_the_rules_page(
    variant: Variant,
) -> None:
    book = rulebook(variant)
    for answer in answers(variant):
        section = book.section(answer.section)
        anchors = {section.slug}
        anchors |= {p.anchor for p in section.paragraphs if p.anchor}
        anchors |= {o.anchor for o in section.options}
        assert answer.anchor in anchors, (variant, answer.title)


def test_a_question_about_nothing_in_the_rules_still_finds_nothing() -> None:
    assert search("croquet mallet", variant=STANDARD) == ()
    assert answer_hits("the", variant=STANDARD) == ()
    assert answer_hits("what is the", variant=STANDARD) == ()
