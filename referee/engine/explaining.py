"""What the engine says of a hand, as parts: words, and the seats whose players'
names a screen puts in. Plain Python: no Django import.

The engine reads a hand by seats and explains it by seats: "Euchre: ", seat 2,
" took 2 tricks, 2 each to ", seats (0, 1, 3), "." A screen, the score sheet, a
CSV or the game document fills the names in (``Explanation.text``); the table
screen's phone does the same in JavaScript from the parts as JSON
(``Explanation.as_json``; docs/formats.md, "The table screen's hand outcomes").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Seat:
    """Where one player's name goes."""

    seat: int


@dataclass(frozen=True)
class Seats:
    """Where several players' names go, joined as ``join_names`` joins them."""

    seats: tuple[int, ...]


Part = str | Seat | Seats
# A part as JSON: words as a string, a seat as its number, seats as a list of numbers.
JsonPart = str | int | list[int]


def join_names(names: Sequence[str]) -> str:
    """Names in a sentence: "Ann", "Ann and Ben", "Ann, Ben and Cat"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True)
class Explanation:
    """A sentence of the engine's, in parts (words run together into one part)."""

    parts: tuple[Part, ...]

    def text(self, players: Sequence[str]) -> str:
        """The sentence with each seat's name from ``players`` (names by seat)."""
        return "".join(_said(part, players) for part in self.parts)

    def as_json(self) -> list[JsonPart]:
        """The parts as the table screen's JSON carries them."""
        return [_json(part) for part in self.parts]

    @property
    def seats(self) -> tuple[int, ...]:
        """Every seat the sentence names, in order (repeats kept)."""
        found: list[int] = []
        for part in self.parts:
            if isinstance(part, Seat):
                found.append(part.seat)
            elif isinstance(part, Seats):
                found.extend(part.seats)
        return tuple(found)


def explain(*pieces: Part | Explanation) -> Explanation:
    """A sentence from words, seats and other sentences, in order."""
    parts: list[Part] = []
    for piece in pieces:
        for part in piece.parts if isinstance(piece, Explanation) else (piece,):
            if isinstance(part, str) and parts and isinstance(parts[-1], str):
                parts[-1] += part
            elif part != "":
                parts.append(part)
    return Explanation(tuple(parts))


def _said(part: Part, players: Sequence[str]) -> str:
    if isinstance(part, Seat):
        return players[part.seat]
    if isinstance(part, Seats):
        return join_names([players[s] for s in part.seats])
    return part


def _json(part: Part) -> JsonPart:
    if isinstance(part, Seat):
        return part.seat
    if isinstance(part, Seats):
        return list(part.seats)
    return part
