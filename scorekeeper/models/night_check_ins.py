"""Check-in at the door of a euchre night (docs/formats.md, "Check-in at the door"):
what a night started with check-in expects, and what a refusal says.
``EuchreNight.check_in`` and ``EuchreNight.set_check_in`` make the changes;
``EuchreNight.check_in_refusal`` says when a check-in is refused.

A night's check-in link (``/nights/check-in/<token>/``, the token being
``EuchreNight.check_in_link``) is shown as a QR code on
the organiser's phone and the TV; a player's phone that scans it checks in by
name. The link is all the access it needs: a phone without it (a wrong token,
or the link of a check-in closed since) is refused and nothing is stored.
"""

from __future__ import annotations

from referee.engine.seating import MAX_PLAYERS, MAX_ROUNDS, SeatingError

CHECK_IN_CLOSED = (
    "This check-in link is closed or is not the night's: scan the QR code the "
    "organiser shows now. Nothing was stored."
)
LAST_ROUND_SEATED = (
    "Every round of this night is seated: there is no round left to play in. Nothing was stored."
)


class CheckInRefused(Exception):
    """A check-in that cannot be taken; the message says why, to the player."""


class PrizesClosed(Exception):
    """The prizes of a night that is over stand as they were given."""


def check_expected(*, players: int, rounds: int) -> None:
    """A night opening with check-in may start with fewer than 8 names (the rest
    check in), but not with more than a night seats, nor with rounds it never
    plans (docs/rules.md, Euchre night 1). Raises SeatingError."""
    if players > MAX_PLAYERS:
        raise SeatingError(f"A euchre night seats at most {MAX_PLAYERS} players, not {players}.")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise SeatingError(f"A night has 1 to {MAX_ROUNDS} rounds, not {rounds}.")
