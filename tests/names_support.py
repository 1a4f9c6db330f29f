"""Names that would pass for another player's, for the name tests
(docs/formats.md, "Game document (import and export)": players' names)."""

from __future__ import annotations

import pytest

from scorekeeper.models import EuchreNight, Game, NightPlayer, Player, Seat

WORD_JOINER = "Ann\u2060"
ZERO_WIDTH_JOINER = "A\u200dnn"
RIGHT_TO_LEFT = "\u202eAnn"


def wide(text: str) -> str:
    """``text`` in full-width letters (U+FF01-U+FF5E, and the ideographic space)."""
    return "".join(
        "\u3000" if c == " " else chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text
    )


FULL_WIDTH = wide("Ann")

SPOOFS = [
    pytest.param(WORD_JOINER, "U+2060", id="word-joiner"),
    pytest.param(ZERO_WIDTH_JOINER, "U+200D", id="zero-width-joiner"),
    pytest.param(RIGHT_TO_LEFT, "U+202E", id="right-to-left-override"),
    pytest.param("Ann\u200b", "U+200B", id="zero-width-space"),
    pytest.param("\u2066Ann\u2069", "U+2066", id="isolate"),
    pytest.param("Ann\u3164", "U+1160", id="hangul-filler"),
    pytest.param("Ann\ufe0f", "U+FE0F", id="variation-selector"),
    pytest.param("Ann\u2800", "U+2800", id="braille-blank"),
    pytest.param("Ann\U0001d159", "U+1D159", id="null-notehead"),
    pytest.param("Ann\ufffc", "U+FFFC", id="object-replacement"),
]

# Names drawn as "Ann" from other letters (UTS #39 confusables): Cyrillic A,
# Greek Alpha, all Cyrillic (A, pe, pe), a Latin small capital A.
LOOK_ALIKES = [
    pytest.param("\u0410nn", id="cyrillic-a"),
    pytest.param("\u0391nn", id="greek-alpha"),
    pytest.param("\u0410\u043f\u043f", id="all-cyrillic"),
    pytest.param("\u1d00nn", id="small-capital-a"),
]
CYRILLIC_ANN = "\u0410nn"


def stored() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (Game, Seat, Player, EuchreNight, NightPlayer))
