"""Players' names: the one check every way in (new game, euchre night, rename,
game document, backup, referee tools) goes through, and the one way two names
are compared. Plain Python: no Django import.

A name is read in Unicode's compatibility form (NFKC: "Ann" typed in full-width
letters is "Ann"), its spaces folded; a name holding a character that does not show or
that turns the text around (format characters such as a zero-width joiner, a
word joiner or a right-to-left override, control characters, a Braille blank),
or a letter carrying more than two combining marks, is refused. Two names that
differ but draw alike ("Ann" with a Cyrillic A, U+0410, and "Ann") share a skeleton (UTS #39,
``skeleton``): where one is known, the other is refused as its look-alike. So no
name can pass for another player's (docs/formats.md, "Game document (import and
export)": players' names).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from importlib.resources import files

NAME_MAX_LENGTH = 30
# Words the game document uses for a partner outcome
# (docs/formats.md, "Game document (import and export)"): never a name.
RESERVED_NAMES = frozenset({"maker", "none"})

# Characters drawn as nothing that are not format characters (Cf): those Unicode
# says to ignore (Default_Ignorable_Code_Point: Hangul fillers, the combining
# grapheme joiner, variation selectors), and blanks it does not (the Braille
# blank, the object replacement character, the musical null notehead). Each would
# let "Ann" and "Ann" plus one of them be two names.
_INVISIBLE_RANGES = (
    (0x034F, 0x034F),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFFA0, 0xFFA0),
    (0xFFFC, 0xFFFC),
    (0x1D159, 0x1D159),
    (0xE0100, 0xE01EF),
)
# Accents one letter may carry (Vietnamese "ệ" carries two); a stack of more
# spills over the names around it.
MOST_MARKS = 2


class NameError_(ValueError):
    """A name that cannot be a player's; the message says why, to the scorer."""


class LookAlike(NameError_):
    """A name that draws as a known one but is another (``look_alike``):
    ``name`` passes for ``known``, found ``where`` ("at this table")."""

    def __init__(self, name: str, known: str, where: str) -> None:
        self.name, self.known = name, known
        super().__init__(
            f"{name} looks like {known}, already {where}: if it is them, type {known};"
            " if not, tell them apart (add an initial)."
        )


def _read_look_alikes() -> dict[str, str]:
    """Each character that passes for another, and what it reads as (look_alikes.txt,
    derived from Unicode's confusables.txt by scripts/look-alikes)."""
    text = files("referee.engine").joinpath("look_alikes.txt").read_text(encoding="utf-8")
    table: dict[str, str] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            char, reads_as = line.split("\t")
            table[chr(int(char, 16))] = "".join(chr(int(p, 16)) for p in reads_as.split())
    return table


_LOOK_ALIKES = _read_look_alikes()


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
    marks = _most_marks(name)
    if marks > MOST_MARKS:
        raise NameError_(
            f"A letter of this name carries {marks} accents or marks: at most {MOST_MARKS}"
            " can be read, so type the name again with fewer."
        )
    if len(name) > NAME_MAX_LENGTH:
        raise NameError_(f"'{name[:20]}…' is longer than {NAME_MAX_LENGTH} characters: shorten it.")
    if name_key(name) in RESERVED_NAMES:
        raise NameError_(f"'{name}' is a word the score sheet reserves: choose another name.")
    return name


def _most_marks(name: str) -> int:
    """The most combining marks (Mn, Me) on one letter of ``name``, decomposed."""
    run = most = 0
    for char in unicodedata.normalize("NFD", name):
        run = run + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        most = max(most, run)
    return most


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


def skeleton(name: str) -> str:
    """What ``name`` draws as: its key (``name_key``) decomposed, each character
    read as the one it passes for (UTS #39's skeleton: Cyrillic a, U+0430, as "a";
    "0" as "o"). Names with one skeleton and two keys are look-alikes."""
    key = unicodedata.normalize("NFD", name_key(name))
    return "".join(_LOOK_ALIKES.get(char, char) for char in key)


def look_alike(name: str, names: Iterable[str]) -> str | None:
    """The first of ``names`` that ``name`` passes for without being it (one
    skeleton, two keys: "Ann" with a Cyrillic A for "Ann"), or None."""
    key, drawn = name_key(name), skeleton(name)
    return next((n for n in names if skeleton(n) == drawn and name_key(n) != key), None)
