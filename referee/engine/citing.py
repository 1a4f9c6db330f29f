"""How the engine cites a rule: a book and a section number as the in-app rulebook
shows them ("Call-Ace rules 5"; docs/rules.md is numbered the same way).

The order of each book's sections is declared here, below the scoring rules, so
scoring a hand never imports the rulebook (whose text is written from the
scoring rules' points): the engine's modules import one another in no circle
(pyproject.toml, the import-linter contract on the engine). The rulebook's books
have these sections, titles and order (its tests check every book against them),
so a citation cannot point at a section the page does not show. Plain
Python: no Django import.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.variants import Variant

# A variant's book: six sections (slug, title) in the order a hand is played.
_SECTIONS: tuple[tuple[str, str], ...] = (
    ("deal", "The deal"),
    ("bidding", "Bidding"),
    ("partner", "Calling a partner"),
    ("trick", "Playing a trick"),
    ("scoring", "Scoring"),
    ("winning", "Winning"),
)
# The euchre night's book: six sections in the order a night runs.
_NIGHT_SECTIONS: tuple[tuple[str, str], ...] = (
    ("players", "Players and tables"),
    ("seating", "Seating"),
    ("round", "A round"),
    ("points", "Points"),
    ("sitting-out", "Sitting out"),
    ("standings", "Standings and prizes"),
)
SECTION_SLUGS: tuple[str, ...] = tuple(slug for slug, _ in _SECTIONS)
NIGHT_SECTION_SLUGS: tuple[str, ...] = tuple(slug for slug, _ in _NIGHT_SECTIONS)
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
    title: str

    @property
    def short(self) -> str:
        """What a player reads: "Call-Ace rules 5"."""
        return f"{self.book} rules {self.number}"

    @property
    def in_docs(self) -> str:
        """What code and documents write: "docs/rules.md, Call-Ace 5"."""
        return f"docs/rules.md, {self.book} {self.number}"


def _find(book: str, book_slug: str, sections: tuple[tuple[str, str], ...], slug: str) -> Citation:
    """The citation of section ``slug`` of a book of ``sections`` (slug, title), in order."""
    for number, (known, title) in enumerate(sections, start=1):
        if known == slug:
            return Citation(book=book, book_slug=book_slug, number=number, slug=slug, title=title)
    slugs = ", ".join(known for known, _ in sections)
    raise ValueError(f"the {book} rules have no section '{slug}' (they have {slugs})")


def cite(variant: Variant, slug: str) -> Citation:
    """The citation of a variant's section (``deal``, ``bidding``, ``partner``,
    ``trick``, ``scoring``, ``winning``). Raises ValueError for another slug."""
    return _find(BOOK_NAMES[variant], variant.value, _SECTIONS, slug)


def cite_night(slug: str) -> Citation:
    """The citation of a section of the euchre night's rules (``players``,
    ``seating``, ``round``, ``points``, ``sitting-out``, ``standings``)."""
    return _find(NIGHT_BOOK_TITLE, NIGHT_BOOK_SLUG, _NIGHT_SECTIONS, slug)


def cite_numbered(book: str, number: int) -> Citation | None:
    """The citation of section ``number`` of the book named ``book`` ("Call-Ace",
    "Euchre night"), or None when it has no such section."""
    if book == NIGHT_BOOK_TITLE:
        return _numbered(book, NIGHT_BOOK_SLUG, _NIGHT_SECTIONS, number)
    for variant, name in BOOK_NAMES.items():
        if name == book:
            return _numbered(book, variant.value, _SECTIONS, number)
    return None


def _numbered(
    book: str, book_slug: str, sections: tuple[tuple[str, str], ...], number: int
) -> Citation | None:
    if not 1 <= number <= len(sections):
        return None
    return _find(book, book_slug, sections, sections[number - 1][0])
