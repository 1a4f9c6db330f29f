"""The rule text of each variant, as data, in our own words (docs/rules.md (every variant)).

Plain Python: no Django import. A rulebook is six sections in the order a hand
is played (deal, bidding, calling a partner, playing a trick, scoring, winning),
each with a stable slug for links. Paragraphs where docs/rules.md makes a ruling
(the source sheets are silent or disagree) say so and say why. House-rule
options sit in the section they change, with their choices; ``in_force`` tells
which choice a table's ``HouseRules`` picked. ``search`` finds rules by word,
forgiving word forms and knowing the names players use; ``suggest_from_sections`` offers
close terms when nothing matches.

The source sheets are for facts only: nothing here repeats their sentences.
One module per job: ``model`` (the shapes), ``options`` (house rules), ``play``
and ``individual`` (text the variants share), one module per variant, ``books``,
``penalty`` and ``search``.
"""

from referee.engine.rulebook.books import rulebook
from referee.engine.rulebook.model import (
    SECTION_SLUGS,
    Choice,
    Section,
    in_force,
)
from referee.engine.rulebook.penalty import renege_penalty
from referee.engine.rulebook.search import (
    SearchHit,
    search,
    search_sections,
    suggest_from_sections,
)

__all__ = [
    "SECTION_SLUGS",
    "Choice",
    "SearchHit",
    "Section",
    "in_force",
    "renege_penalty",
    "rulebook",
    "search",
    "search_sections",
    "suggest_from_sections",
]
