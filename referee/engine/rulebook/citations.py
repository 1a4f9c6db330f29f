"""How a screen, a document or a comment cites a rule: the book and the section
number the in-app rulebook shows (docs/rules.md is numbered the same way).

A player reads "Call-Ace rules 5" beside a score and finds section 5 of the
Call-Ace rules page, anchor ``#scoring``; code comments write the same place as
"docs/rules.md, Call-Ace 5". Numbers are counted from the books themselves, so
a citation cannot point at a section the page does not show. The engine's
explanations write ``short`` ("... (house rule, Call-Ace rules 5)"); a screen finds
them again with ``citations_in`` and links each to its section. Plain Python: no
Django import (a view builds the page's address from ``book_slug``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.engine.rulebook.books import rulebook
from referee.engine.rulebook.euchre_night import NIGHT_BOOK_SLUG, NIGHT_BOOK_TITLE, night_rulebook
from referee.engine.rulebook.model import Section
from referee.engine.variants import Variant

# The book's name in a citation: short, and the same in docs/rules.md's headings.
BOOK_NAMES: dict[Variant, str] = {
    Variant.CALL_ACE: "Call-Ace",
    Variant.CALL_YOUR_PARTNER: "Call-Your-Partner",
    Variant.STANDARD: "Standard",
}


@dataclass(frozen=True, kw_only=True)
class Citation:
    """One section of one book: ``number`` as the rules page shows it, ``slug``
    its anchor there, ``book_slug`` the page's (``/referee/rules/<book_slug>/``)."""

    book: str
    book_slug: str
    number: int
    slug: str
    title: str

    @property
    def short(self) -> str:
        """What a player reads: "Call-Ace rules 5"."""
        return f"{self.book} rules {self.number}"

    @property
    def in_docs(self) -> str:
        """What code and documents write: "docs/rules.md, Call-Ace 5"."""
        return f"docs/rules.md, {self.book} {self.number}"


def _find(book: str, book_slug: str, sections: tuple[Section, ...], slug: str) -> Citation:
    for number, section in enumerate(sections, start=1):
        if section.slug == slug:
            return Citation(
                book=book, book_slug=book_slug, number=number, slug=slug, title=section.title
            )
    known = ", ".join(s.slug for s in sections)
    raise ValueError(f"the {book} rules have no section '{slug}' (they have {known})")


def cite(variant: Variant, slug: str) -> Citation:
    """The citation of a variant's section (``deal``, ``bidding``, ``partner``,
    ``trick``, ``scoring``, ``winning``). Raises ValueError for another slug."""
    return _find(BOOK_NAMES[variant], variant.value, rulebook(variant).sections, slug)


def cite_night(slug: str) -> Citation:
    """The citation of a section of the euchre night's rules (``players``,
    ``seating``, ``round``, ``points``, ``sitting-out``, ``standings``)."""
    return _find(NIGHT_BOOK_TITLE, NIGHT_BOOK_SLUG, night_rulebook().sections, slug)


def cite_section(variant: Variant, slug: str) -> Citation | None:
    """``cite``, or None for a slug the variant's book does not have (a hand stored
    before sections were named by slug): a screen then shows no citation rather
    than a wrong one."""
    try:
        return cite(variant, slug)
    except ValueError:
        return None


def _books() -> dict[str, tuple[str, tuple[Section, ...]]]:
    """Each book by the name a citation gives it: its page's slug and its sections."""
    books = {BOOK_NAMES[v]: (v.value, rulebook(v).sections) for v in Variant}
    books[NIGHT_BOOK_TITLE] = (NIGHT_BOOK_SLUG, night_rulebook().sections)
    return books


# A citation as ``Citation.short`` writes it: "Call-Ace rules 5", "Euchre night rules 3".
_CITED = re.compile(
    r"\b(" + "|".join(re.escape(b) for b in (*BOOK_NAMES.values(), NIGHT_BOOK_TITLE)) + r")"
    r" rules (\d+)\b"
)


@dataclass(frozen=True, kw_only=True)
class CitedSpan:
    """Where a citation stands in a text (``text[start:end]``) and what it cites."""

    start: int
    end: int
    citation: Citation


def citations_in(text: str) -> tuple[CitedSpan, ...]:
    """The citations a text (an explanation, a help text) holds, in order, so a
    screen can link each to its section. A number the book has no section for is
    no citation."""
    books = _books()
    found = []
    for match in _CITED.finditer(text):
        book, number = match.group(1), int(match.group(2))
        book_slug, sections = books[book]
        if 1 <= number <= len(sections):
            citation = _find(book, book_slug, sections, sections[number - 1].slug)
            found.append(CitedSpan(start=match.start(), end=match.end(), citation=citation))
    return tuple(found)
