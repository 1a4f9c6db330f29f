"""How a screen, a document or a comment cites a rule: the book and the section
number the in-app rulebook shows (docs/rules.md is numbered the same way).

A player reads "Call-Ace rules 5" beside a score and finds section 5 of the
Call-Ace rules page, anchor ``#scoring``; code comments write the same place as
"docs/rules.md, Call-Ace 5". ``cite`` and ``cite_night`` number a section by
the order ``referee.engine.citing`` declares, which every book follows (its tests
check it), so a citation cannot point at a section the page does not show. The
engine's explanations write ``short`` ("... (house rule, Call-Ace rules 5)"); a screen finds
them again with ``citations_in`` and links each to its section. Plain Python: no
Django import (a view builds the page's address from ``book_slug``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.engine.citing import BOOK_NAMES as BOOK_NAMES
from referee.engine.citing import NIGHT_BOOK_TITLE, cite_numbered
from referee.engine.citing import Citation as Citation
from referee.engine.citing import cite as cite
from referee.engine.citing import cite_night as cite_night
from referee.engine.variants import Variant


def cite_section(variant: Variant, slug: str) -> Citation | None:
    """``cite``, or None for a slug the variant's book does not have (a hand stored
    before sections were named by slug): a screen then shows no citation rather
    than a wrong one."""
    try:
        return cite(variant, slug)
    except ValueError:
        return None


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
    found = []
    for match in _CITED.finditer(text):
        citation = cite_numbered(match.group(1), int(match.group(2)))
        if citation is not None:
            found.append(CitedSpan(start=match.start(), end=match.end(), citation=citation))
    return tuple(found)
