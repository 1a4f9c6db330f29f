"""How the engine cites a rule: a book and a section number as the in-app rulebook
shows them ("Call-Ace rules 5"; docs/rules.md is numbered the same way).

The order of each book's sections is declared here, below the scoring rules, so
scoring a hand never imports the rulebook (whose text is written from the
scoring rules' points): the engine's modules import one another one way only
(pyproject.toml, the import-linter contract on the engine's layers). The
rulebook builds its books in this order, and its tests check every book against
it, so a citation cannot point at a section the page does not show. Plain
Python: no Django import.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.variants import Variant

# A variant's book: six sections in the order a hand is played.
SECTION_SLUGS: tuple[str, ...] = ("deal", "bidding", "partner", "trick", "scoring", "winning")
# The euchre night's book: six sections in the order a night runs.
NIGHT_SECTION_SLUGS: tuple[str, ...] = (
    "players",
    "seating",
    "round",
    "points",
    "sitting-out",
    "standings",
)
NIGHT_BOOK_SLUG = "euchre-night"
NIGHT_BOOK_TITLE = "Euchre night"

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

    @property
    def short(self) -> str:
        """What a player reads: "Call-Ace rules 5"."""
        return f"{self.book} rules {self.number}"

    @property
    def in_docs(self) -> str:
        """What code and documents write: "docs/rules.md, Call-Ace 5"."""
        return f"docs/rules.md, {self.book} {self.number}"


def find(book: str, book_slug: str, slugs: tuple[str, ...], slug: str) -> Citation:
    """The citation of section ``slug`` of a book whose sections are ``slugs``, in order."""
    if slug not in slugs:
        raise ValueError(
            f"the {book} rules have no section '{slug}' (they have {', '.join(slugs)})"
        )
    return Citation(book=book, book_slug=book_slug, number=slugs.index(slug) + 1, slug=slug)


def cite(variant: Variant, slug: str) -> Citation:
    """The citation of a variant's section (``deal``, ``bidding``, ``partner``,
    ``trick``, ``scoring``, ``winning``). Raises ValueError for another slug."""
    return find(BOOK_NAMES[variant], variant.value, SECTION_SLUGS, slug)


def cite_night(slug: str) -> Citation:
    """The citation of a section of the euchre night's rules (``players``,
    ``seating``, ``round``, ``points``, ``sitting-out``, ``standings``)."""
    return find(NIGHT_BOOK_TITLE, NIGHT_BOOK_SLUG, NIGHT_SECTION_SLUGS, slug)
