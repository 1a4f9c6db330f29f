"""What a page the server sent says, read as the phone's browser reads it: its
forms (what each would send), and on the table screen the poll's address and
the hand form (templates/scorekeeper/games/table.html)."""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser

# The poll's address in what the server sent: the version and the names it shows.
POLL_ADDRESS = re.compile(r"/state/\?version=(\d+)&amp;names=(\d+)")
# The CSRF token htmx sends with each of its requests (base.html's <body hx-headers>).
HTMX_CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')
# The hand a drawing's form is for, or a poll's answer moves a kept form on to.
SHOWN_HAND = re.compile(r'<(?:form id="table-hand"|div id="live-patch")[^>]*\bdata-hand="(\d+)"')
# A poll's answer (or the call's) for a form the phone keeps: what moves it on.
LIVE_PATCH = re.compile(r'<div id="live-patch"([^>]*)>')
PATCH_DATA = re.compile(r'\bdata-([a-z-]+)="([^"]*)"')
HAND_CALL = re.compile(r'<script id="hand-call" type="application/json">(.*?)</script>', re.S)
# Where the table screen's hand form starts: read alone, not the whole page.
SAVE_CALL_VERSION = re.compile(r'<button type="submit" name="version" value="(\d+)"')
HAND_FORM_START = re.compile(r'<form\b[^>]*\bclass="[^"]*\btable-hand\b')


@dataclass
class Form:
    """A form that posts: its attributes and what a browser sends for it (its
    hidden fields, the chips checked)."""

    attributes: dict[str, str]
    fields: dict[str, str] = field(default_factory=dict)


class Forms(HTMLParser):
    """The page's forms that post, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self.inside: Form | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.inside = None
            if given.get("method", "").lower() == "post":
                self.inside = Form(given)
                self.forms.append(self.inside)
        elif self.inside is not None and tag == "input":
            name, kind = given.get("name"), given.get("type", "text")
            checked = kind in ("radio", "checkbox") and "checked" in given
            if name and (kind == "hidden" or checked):
                self.inside.fields[name] = given.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = None


def forms(page: str) -> list[Form]:
    parser = Forms()
    parser.feed(page)
    parser.close()
    return parser.forms


@dataclass
class HandForm:
    """The table screen's hand form as drawn: where its two buttons post, the
    hand it is for, whether its call is saved, and what it sends untouched
    (CSRF token, version, token, the chips the server checked)."""

    action: str
    save_call: str
    hand: int
    call_saved: bool
    fields: dict[str, str]


def hand_form(page: str) -> HandForm | None:
    """The hand form of a drawing of the table screen (the whole page, its
    htmx partial or a poll's live part); None on any other page."""
    start = HAND_FORM_START.search(page)
    end = page.find("</form>", start.end()) if start else -1
    if start is None or end < 0:
        return None
    found = forms(page[start.start() : end + len("</form>")])
    if not found:
        return None
    form = found[0]
    given = form.attributes
    # The version is Save the call's button's value (a hand is not asked it).
    if version := SAVE_CALL_VERSION.search(page, start.start(), end):
        form.fields["version"] = version[1]
    try:
        hand = int(given.get("data-hand", ""))
    except ValueError:
        return None
    return HandForm(
        action=given.get("action", ""),
        save_call=given.get("data-save-call", ""),
        hand=hand,
        call_saved=given.get("data-call-saved") == "yes",
        fields=form.fields,
    )


def moved_on(form: HandForm, page: str) -> HandForm | None:
    """``form`` as static/js/hand.js's moveOn leaves it after a live patch (docs/
    formats.md, "Polls"): its hand, ``after``, version and token, and the call saved
    in its fields; None when ``page`` is no live patch."""
    found = LIVE_PATCH.match(page)
    call = HAND_CALL.search(page)
    if found is None or call is None:
        return None
    given = {name: html.unescape(value) for name, value in PATCH_DATA.findall(found[1])}
    fields = {name: value for name, value in form.fields.items() if name not in CALL_FIELDS}
    chosen = {name: value for name, value in json.loads(call[1]).items() if value}
    moved = {"version": given["version"], "after": given["after"], "token": given["token"]}
    return replace(
        form,
        hand=int(given["hand"]),
        call_saved=given.get("call-saved") == "yes",
        fields=fields | moved | chosen,
    )


# The fields a saved call fills in (a poll's answer says them, "" for none).
CALL_FIELDS = ("maker", "trump", "called", "alone", "round")
