"""Players' names: the one check every way in (new game, game document, referee
tools) goes through. Plain Python: no Django import.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

NAME_MAX_LENGTH = 30
# Words the game document uses for a partner outcome
# (docs/formats.md, "Game document (import and export)"): never a name.
RESERVED_NAMES = frozenset({"maker", "none"})


class NameError_(ValueError):
    """A name that cannot be a player's; the message says why, to the scorer."""


def _is_unprintable(char: str) -> bool:
    # Cc: control characters (NUL among them); Cs: lone surrogates, which no
    # database stores; Cn: unassigned code points.
    return unicodedata.category(char) in ("Cc", "Cs", "Cn")


def clean_name(text: str) -> str:
    """``text`` as a player's name: spaces folded, at most NAME_MAX_LENGTH
    characters, printable, not a reserved word. Raises NameError_."""
    name = " ".join(text.split())
    if not name:
        raise NameError_("Every player needs a name.")
    if any(_is_unprintable(c) for c in name):
        raise NameError_("A name can hold letters, digits, spaces and punctuation only.")
    if len(name) > NAME_MAX_LENGTH:
        raise NameError_(f"'{name[:20]}…' is longer than {NAME_MAX_LENGTH} characters: shorten it.")
    if name.casefold() in RESERVED_NAMES:
        raise NameError_(f"'{name}' is a word the score sheet reserves: choose another name.")
    return name


def is_printable(text: str) -> bool:
    """No control character (NUL among them), half character or unassigned
    code point: what a name may hold (a table's too)."""
    return not any(_is_unprintable(c) for c in text)


def is_storable(text: str) -> bool:
    """No NUL and no half character (a lone surrogate): PostgreSQL stores
    neither, so no way in takes them, on SQLite either."""
    return "\x00" not in text and not any(unicodedata.category(c) == "Cs" for c in text)


def same_name(a: str, b: str) -> bool:
    """Names are one player's when they differ only in case."""
    return a.casefold() == b.casefold()


def first_repeat(names: Iterable[str]) -> int | None:
    """The index of the first name that repeats an earlier one (case aside), or None."""
    seen: set[str] = set()
    for index, name in enumerate(names):
        key = name.casefold()
        if key in seen:
            return index
        seen.add(key)
    return None
