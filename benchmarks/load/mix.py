"""The table's traffic that `make load` drives (docs/decisions.md, D26), in one place.

Each simulated card table has four phones on its table screen. Every phone
polls the game every 4 s, as the screen's htmx poller does (static/js/live.js:
``/games/<id>/state/?version=V&names=N``, 204 while nothing changed). One of
them records a hand a minute through the hand forms, as the one-thumb flow
sends them: a maker's chip opens "Trump is made", the call is saved; later a
tricks chip opens "Hand over", the partner tapped previews the points, Save
records it. After a hand every other phone, seeing it at its poll, opens the
table screen again. The seeded games are mid-hand (trump made), so each
table's minute starts with the end of a hand, at a moment of its own.
"""

from __future__ import annotations

PHONES_PER_TABLE = 4
POLL_EVERY = 4.0  # seconds, the table screen's hx-trigger="every 4s"
HAND_EVERY = 60.0  # one hand a minute per table
# When, within a hand's minute, the scorer taps (seconds after the maker's chip).
CALL_SAVED_AFTER = 2.0
HAND_OVER_AFTER = 50.0
PARTNER_TAPPED_AFTER = 2.0  # after "Hand over" opens
SAVED_AFTER = 1.0  # after the partner's tap
# What a phone's browser waits at most before it reports the request failed.
TIMEOUT = 10.0
# Seconds the phones added at a step have to join and open their table; the
# step is measured then, ready or not (a server that cannot keep up shows).
READY_WITHIN = 25

# Request names in the figures.
POLL = "poll"
TABLE_SCREEN = "table screen"
RECORD = "record a hand"  # the Save that stores the hand
CALL = "save the call"
OPEN_CALL = "open trump is made"
OPEN_HAND_OVER = "open hand over"
PREVIEW = "preview the points"
JOIN = "join (key link)"
CEILING = "ceiling (/healthz)"
SHOWN = (POLL, TABLE_SCREEN, RECORD)


def offered_per_second(tables: int) -> float:
    """Requests a second the tables send when every answer is instant: four
    polls every 4 s (the scorer's screen shows no poller for the few seconds
    of its two hand screens), and per hand five requests of the hand's flow
    and three table screens."""
    hand_screens = CALL_SAVED_AFTER + PARTNER_TAPPED_AFTER + SAVED_AFTER
    polls = PHONES_PER_TABLE / POLL_EVERY - hand_screens / POLL_EVERY / HAND_EVERY
    per_hand = 5 + (PHONES_PER_TABLE - 1)
    return tables * (polls + per_hand / HAND_EVERY)
