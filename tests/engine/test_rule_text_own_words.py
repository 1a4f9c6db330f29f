"""The rule text is in our own words: no paragraph of the app's rulebooks (each
variant's and the euchre night's), none of their house-rule choices and nothing
in docs/rules.md repeats ten words in a row of the source rule sheets. The sheets
stay outside the repository; tests/engine/seed_fingerprints.txt holds a fingerprint of
each of their ten-word runs, so this check needs nothing beside the repository."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from referee.engine.rulebook import rulebook
from referee.engine.rulebook.answers import answers
from referee.engine.rulebook.euchre_night import night_rulebook
from referee.engine.rulebook.model import Section
from referee.engine.variants import Variant

TESTS = Path(__file__).resolve().parent
FINGERPRINTS = frozenset(
    line
    for line in (TESTS / "seed_fingerprints.txt").read_text().splitlines()
    if line and not line.startswith("#")
)


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", re.sub(r"<[^>]+>", " ", text.lower()))


def fingerprint(run: str) -> str:
    return hashlib.sha256(run.encode()).hexdigest()[:16]


def copied_runs(text: str, fingerprints: frozenset[str] = FINGERPRINTS) -> list[str]:
    """The runs of ten words of ``text`` that a source sheet holds."""
    w = words(text)
    runs = (" ".join(w[i : i + 10]) for i in range(len(w) - 9))
    return [run for run in runs if fingerprint(run) in fingerprints]


def book_texts(summary: str, sections: tuple[Section, ...]) -> list[str]:
    texts = [summary]
    texts += [f"{p.text} {p.why}" for s in sections for p in s.paragraphs]
    texts += [c.text for s in sections for o in s.options for c in o.choices]
    return texts


def test_the_fingerprints_are_there_to_check_against() -> None:
    assert len(FINGERPRINTS) > 3000
    assert all(re.fullmatch(r"[0-9a-f]{16}", f) for f in FINGERPRINTS)


def test_a_run_of_ten_words_found_in_a_sheet_is_caught_wherever_it_stands() -> None:
    # Sheets made up for the test: one sentence of eleven words gives two runs.
    sheet = "The dealer turns the top card of the kitty face up."
    runs = [" ".join(words(sheet)[i : i + 10]) for i in range(2)]
    prints = frozenset(fingerprint(run) for run in runs)
    text = "Then <em>the dealer turns the top card of the kitty face</em> over."
    assert copied_runs(text, prints) == [runs[0]]
    assert copied_runs("The dealer turns up the top card of the kitty.", prints) == []


@pytest.mark.parametrize("variant", list(Variant))
def test_no_variant_rulebook_repeats_ten_words_of_the_source_sheets(variant: Variant) -> None:
    book = rulebook(variant)
    for text in book_texts(book.summary, book.sections):
        assert copied_runs(text) == [], text


@pytest.mark.parametrize("variant", list(Variant))
def test_no_answer_to_a_table_question_repeats_ten_words_of_the_source_sheets(
    variant: Variant,
) -> None:
    for answer in answers(variant):
        assert copied_runs(f"{answer.title}. {answer.text}") == [], answer.title


def test_the_euchre_night_book_repeats_no_ten_words_of_the_source_sheets() -> None:
    book = night_rulebook()
    for text in book_texts(book.summary, book.sections):
        assert copied_runs(text) == [], text


def test_docs_rules_md_repeats_no_ten_words_of_the_source_sheets() -> None:
    text = (TESTS.parents[1] / "docs" / "rules.md").read_text()
    assert copied_runs(text) == []
