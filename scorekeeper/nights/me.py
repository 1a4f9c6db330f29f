"""Which player of a euchre night this phone is (docs/decisions.md, D48): picked once
on the night page, kept in a signed cookie (no account, nothing stored), so the
page opens with that player's table and seat.

The cookie holds ``night:number`` pairs (an entrant's number in the night), the
night picked last first, for at most ``MAX_NIGHTS`` nights. It says nothing
secret and gives no access: a phone sees a night only through its table's key.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse

COOKIE = "bower_me"
SALT = "bower.nights.me"
MAX_AGE = 60 * 60 * 24 * 30
MAX_NIGHTS = 20


def _pairs(request: HttpRequest) -> list[tuple[int, int]]:
    raw = request.get_signed_cookie(COOKIE, default=None, salt=SALT, max_age=MAX_AGE)
    pairs = []
    for item in (raw or "").split(",")[:MAX_NIGHTS]:
        night, _, number = item.partition(":")
        if night.isdigit() and number.isdigit():
            pairs.append((int(night), int(number)))
    return pairs


def who(request: HttpRequest, night_id: int) -> int | None:
    """The number of the entrant this phone said it is at this night, if it said."""
    return dict(reversed(_pairs(request))).get(night_id)


def remember(
    response: HttpResponse, request: HttpRequest, night_id: int, number: int | None
) -> None:
    """Keep (or, with ``None``, forget) which entrant this phone is at this night."""
    pairs = [(n, e) for n, e in _pairs(request) if n != night_id]
    if number is not None:
        pairs.insert(0, (night_id, number))
    value = ",".join(f"{n}:{e}" for n, e in pairs[:MAX_NIGHTS])
    response.set_signed_cookie(
        COOKIE,
        value,
        salt=SALT,
        max_age=MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
