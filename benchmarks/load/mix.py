"""The table's traffic that `make load` drives (docs/decisions.md, D26), in one place.

Each simulated card table has four phones on its table screen. Every phone
polls the game every 4 s, as the screen's htmx poller does (static/js/live.js:
``/games/<id>/state/?version=V&names=N&form=H``, 204 while nothing changed,
else the parts of the table's live part that changed around the hand form the
phone keeps, docs/formats.md "Polls", with no further request). One of them
records a hand a minute on the table screen's hand form, which static/js/hand.js
shows a stage at a time with no request (docs/decisions.md, D50): a hand is
two requests. "Save the call" posts the form (maker, trump, the called ace)
to ``hand/start/?form=H&names=N`` as hand.js's fetch does, to tell the other
phones; its answer is the call saved around the form (the live patch). At the
end of the hand "Save hand" puts the hand in the phone's outbox, which clears the
form for the next hand and posts the page's form with ``after`` and its token to
``hand/enter/?form=H+1&names=N`` (static/js/outbox_store.js); its answer is the
table brought up around the cleared form (the live patch, D73). The other three
phones see the call, then the hand, at their next poll. The seeded games are
mid-hand (the call saved), so each table's minute starts with the end of a hand,
at a moment of its own.
"""

from __future__ import annotations

PHONES_PER_TABLE = 4
POLL_EVERY = 4.0  # seconds, the table screen's hx-trigger="every 4s"
HAND_EVERY = 60.0  # one hand a minute per table, from Save hand to Save hand
# When, after a hand is saved, the next one's call is: dealt, bid, and the maker,
# trump and the called ace tapped.
CALL_SAVED_AFTER = 12.0
# What a phone's browser waits at most before it reports the request failed.
TIMEOUT = 10.0
# Seconds the phones added at a step have to join and open their table, from the
# moment the last of them starts (at --spawn-rate); the step is measured then,
# ready or not (a server that cannot keep up shows).
READY_WITHIN = 25

# Request names in the figures.
POLL = "poll"  # answered 204: nothing changed
TABLE_SCREEN = "table screen"  # a poll that saw a change
CALL = "save the call"
RECORD = "record a hand"  # Save hand: the outbox's post, the hand stored and drawn
OPEN_TABLE = "open the table"  # the whole page: after joining, or a request that failed
JOIN = "join (key link)"
CEILING = "ceiling (/healthz)"
SHOWN = (POLL, TABLE_SCREEN, CALL, RECORD)

# The scorer's two requests a hand: the call and the hand. Each answer draws a new
# poller, whose 4 s start again (on
# average half a poll later than the one it replaced).
HAND_REQUESTS = 2
NEW_POLLERS = 2


def offered_per_second(tables: int) -> float:
    """Requests a second the tables send when every answer is instant: four
    polls every 4 s (the other phones see the call and the hand in a poll, no
    request more), less the polls the scorer's new pollers put off, and the
    hand's two requests."""
    put_off = NEW_POLLERS * (POLL_EVERY / 2) / POLL_EVERY / HAND_EVERY
    polls = PHONES_PER_TABLE / POLL_EVERY - put_off
    return tables * (polls + HAND_REQUESTS / HAND_EVERY)
