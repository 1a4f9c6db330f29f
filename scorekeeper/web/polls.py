"""What a poll says its screen shows: a screen that polls (the table, a
watch link, a euchre night's screens) sends the version it was drawn at, and
is answered 204 while nothing changed."""

from __future__ import annotations

from django.http import HttpRequest


def polled_version(request: HttpRequest, name: str = "version") -> int | None:
    """The version a poll says its screen shows (``?version=``; the table's
    poll also says which players' names it shows, ``?names=``), or None when
    it says none or no whole number: then whatever there is is news to it.
    A poll comes every few seconds from every phone: no form is built for it."""
    text = request.GET.get(name, "")
    return int(text) if 0 < len(text) <= 18 and text.isascii() and text.isdigit() else None


def poll_is_current(request: HttpRequest, version: int, names: int) -> bool:
    """Whether a game's poll shows the game at ``version`` with its table's
    names at ``names`` (``PrivateTable.shown_version``). A page drawn before
    the polls said names says nothing of them: they are not checked."""
    names_said = "names" in request.GET
    return polled_version(request) == version and (
        not names_said or polled_version(request, "names") == names
    )
