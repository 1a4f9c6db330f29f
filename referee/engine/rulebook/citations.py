"""How a screen, a document or a comment cites a rule: the book and the section
number the in-app rulebook shows (docs/rules.md is numbered the same way).

A player reads "Call-Ace rules 5" beside a score and finds section 5 of the
Call-Ace rules page, anchor ``#scoring``; code comments write the same place as
"docs/rules.md, Call-Ace 5". Numbers are counted from the books themselves, so
a citation cannot point at a section the page does not show. Plain Python: no
Django import (a view builds the page's address from ``book_slug``).
"""

from __future__ import annotations

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
