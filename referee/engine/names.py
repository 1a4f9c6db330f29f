"""Players' names: the one check every way in (new game, euchre night, rename,
game document, backup, referee tools) goes through, and the one way two names
are compared. Plain Python: no Django import.

A name is read in Unicode's compatibility form (NFKC: "Ann" typed in full-width
letters is "Ann"), its spaces folded; a name holding a character that does not show or
that turns the text around (format characters such as a zero-width joiner, a
word joiner or a right-to-left override, control characters) is refused, so no
name can pass for another player's (docs/formats.md, "Game document (import and
export)": players' names).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

NAME_MAX_LENGTH = 30
# Words the game document uses for a partner outcome
# (docs/formats.md, "Game document (import and export)"): never a name.
RESERVED_NAMES = frozenset({"maker", "none"})

# Characters Unicode says to draw as nothing (Default_Ignorable_Code_Point) that
# are not format characters (Cf): Hangul fillers, the combining grapheme joiner,
# variation selectors. Each would let "Ann" and "Ann" plus one of them be two names.
_INVISIBLE_RANGES = (
    (0x034F, 0x034F),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFFA0, 0xFFA0),
    (0xE0100, 0xE01EF),
)


class NameError_(ValueError):
    """A name that cannot be a player's; the message says why, to the scorer."""


def _is_unprintable(char: str) -> bool:
    # Cc: control characters (NUL among them); Cs: lone surrogates, which no
    # database stores; Cn: unassigned code points.
    return unicodedata.category(char) in ("Cc", "Cs", "Cn")


def _is_hidden(char: str) -> bool:
    """A character that shows nothing or changes the text's direction: a format
    character (Cf: U+200B-U+200F, U+202A-U+202E, U+2060-U+2064, U+2066-U+2069,
    U+FEFF and the rest) or another character drawn as nothing."""
    if unicodedata.category(char) == "Cf":
        return True
    point = ord(char)
    return any(low <= point <= high for low, high in _INVISIBLE_RANGES)


def _described(char: str) -> str:
    """A character that does not show, named so the scorer can find it: "U+2060 WORD JOINER"."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" {name}" if name else "")


def holds_hidden(text: str) -> bool:
    """Whether ``text`` holds a character that does not show or turns the text
    around (what ``clean_name`` refuses so no name passes for another)."""
    return any(_is_hidden(c) for c in unicodedata.normalize("NFKC", text))


def clean_name(text: str) -> str:
    """``text`` as a player's name: in NFKC form, spaces folded, at most
    NAME_MAX_LENGTH characters, printable, with no hidden or direction-changing
    character, not a reserved word. Raises NameError_ saying why. Cleaning a
    clean name gives it back unchanged."""
    name = " ".join(unicodedata.normalize("NFKC", text).split())
    if not name:
        raise NameError_("Every player needs a name.")
    if any(_is_unprintable(c) for c in name):
        raise NameError_("A name can hold letters, digits, spaces and punctuation only.")
    hidden = next((c for c in name if _is_hidden(c)), None)
    if hidden is not None:
        # The name itself is not echoed: the hidden character would act on the message.
        raise NameError_(
            f"This name holds a hidden character ({_described(hidden)}) that could make it"
            " pass for another player's name: type the name again without it."
        )
    if len(name) > NAME_MAX_LENGTH:
        raise NameError_(f"'{name[:20]}…' is longer than {NAME_MAX_LENGTH} characters: shorten it.")
    if name_key(name) in RESERVED_NAMES:
        raise NameError_(f"'{name}' is a word the score sheet reserves: choose another name.")
    return name


def name_key(name: str) -> str:
    """What two names are compared by: NFKC, spaces folded, case folded (and
    NFKC again, as case folding can undo it). Names with one key are one name."""
    folded = " ".join(unicodedata.normalize("NFKC", name).split()).casefold()
    return unicodedata.normalize("NFKC", folded)


def is_printable(text: str) -> bool:
    """No control character (NUL among them), half character or unassigned
    code point: what a table's name may hold."""
    return not any(_is_unprintable(c) for c in text)


def is_storable(text: str) -> bool:
    """No NUL and no half character (a lone surrogate): PostgreSQL stores
    neither, so no way in takes them, on SQLite either."""
    return "\x00" not in text and not any(unicodedata.category(c) == "Cs" for c in text)


def same_name(a: str, b: str) -> bool:
    """Names are one player's when their keys (``name_key``) are equal: they
    differ only in case, spacing or compatibility form (a full-width "Ann" is "ann")."""
    return name_key(a) == name_key(b)


def index_of(name: str, names: Sequence[str]) -> int | None:
    """Where ``name`` stands among ``names`` (``same_name``), or None."""
    key = name_key(name)
    return next((i for i, other in enumerate(names) if name_key(other) == key), None)


def first_repeat(names: Iterable[str]) -> int | None:
    """The index of the first name that repeats an earlier one (``same_name``), or None."""
    seen: set[str] = set()
    for index, name in enumerate(names):
        key = name_key(name)
        if key in seen:
            return index
        seen.add(key)
    return None
