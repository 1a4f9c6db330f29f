"""One phone of `make load`: a locust user (FastHttpUser, on gevent) on its
table's screen, doing what benchmarks/load/mix.py describes; the first phone of
each table is its scorer. Its requests are the browser's: the forms' own
fields and tokens, htmx's headers. Run by benchmarks/load/phones.py."""

from __future__ import annotations

import contextlib
import itertools
import random
import time
from collections.abc import Callable
from http.cookiejar import Cookie, DefaultCookiePolicy
from typing import Any
from urllib.parse import urlencode, urlsplit

import gevent  # type: ignore[import-untyped]
import gevent.event  # type: ignore[import-untyped]
from locust import FastHttpUser, task

from benchmarks.load import mix, pages
from benchmarks.load.plan import Plan
from benchmarks.load.tally import TALLY, WrongPage

# Cookies a key link's answers set that are not the table's membership.
NOT_MEMBERSHIP = {"csrftoken", "messages", "sessionid"}
# What is wrong with an answer's page ("" when it is the page the flow leads to).
Check = Callable[[str], str]


class Run:
    """The plan, and the phones started so far (each takes the next seat)."""

    plan: Plan
    seats = itertools.count()
    ready = 0
    scheme = "http"
    origin = ""
    turn: Any = contextlib.nullcontext()  # one request at a time, when the plan says so
    memberships: dict[int, Any] = {}  # by table: the cookie its key link gave


class OverHttps(DefaultCookiePolicy):
    """A phone behind docs/hosting.md's https proxy speaks https: its Secure
    cookies (the table's, the CSRF token's) go back with every request."""

    def return_ok_secure(self, cookie: Cookie, request: Any) -> bool:
        return True


def urlencoded(fields: dict[str, str]) -> tuple[str, str]:
    """A form as htmx posts it (and a browser without JavaScript, and hand.js's
    fetch of the call)."""
    return "application/x-www-form-urlencoded", urlencode(fields)


class Phone(FastHttpUser):
    """A phone on its table's screen (benchmarks/load/mix.py)."""

    network_timeout = mix.TIMEOUT
    connection_timeout = mix.TIMEOUT
    concurrency = 1  # one request at a time, as one screen sends them

    def on_start(self) -> None:
        # A phone that failed to start is replaced by the runner: its seat goes round.
        seat = next(Run.seats) % (len(Run.plan["tables"]) * mix.PHONES_PER_TABLE)
        private_table = Run.plan["tables"][seat // mix.PHONES_PER_TABLE]
        self.scorer = seat % mix.PHONES_PER_TABLE == 0
        self.players = private_table["players"]
        self.key_path = private_table["key_path"]
        self.member = False  # whether its key link (or its table's first phone's) let it in
        self.table_path = f"/games/{private_table['game']}/"
        self.version = self.names = 0
        self.form: pages.HandForm | None = None  # the scorer's hand form, as last drawn
        self.hand: int | None = None  # the hand its form is for (a follower's poll says it)
        # The chips the scorer tapped for a hand: a drawing of the same hand keeps
        # them (hand.js), the next hand's starts bare.
        self.taps: dict[str, str] = {}
        self.tapped_hand = 0
        self.here = self.table_path  # the address the browser shows
        self.htmx_csrf = ""  # the whole page's CSRF token, which htmx sends as a header
        self.location = ""  # where the last answer redirected to
        # The last answer's Retry-After, in seconds: Bower put the request off (503,
        # nothing stored) when there is one.
        self.retry_after = 0.0
        proxy = {"X-Forwarded-Proto": "https"} if Run.plan["behind_tls_proxy"] else {}
        self.sent = {"Accept-Language": "en-US", **proxy}
        if Run.plan["behind_tls_proxy"]:
            self.client.cookiejar.set_policy(OverHttps())
        self._take_a_seat(seat // mix.PHONES_PER_TABLE)
        if self.member:  # else it scans the key link again at its first poll
            self.open_table()
        Run.ready += 1

    def _take_a_seat(self, number: int) -> None:
        given = Run.memberships.setdefault(number, gevent.event.AsyncResult())
        if self.scorer:
            given.set(self.join(self.key_path))
            return
        # The table's other phones take the membership its key link gave the
        # first (its cookies, as if each had scanned the same QR code).
        try:
            membership = given.get(timeout=mix.READY_WITHIN)
        except gevent.Timeout:
            membership = []  # the first phone is still joining: join alone
        for cookie in membership:
            self.client.cookiejar.set_cookie(cookie)
        self.member = bool(membership) or bool(self.join(self.key_path))

    @task
    def sit_at_the_table(self) -> None:
        """Poll every 4 s; the scorer also saves a call and a hand every minute."""
        pace = Run.plan["pace"]
        now = time.monotonic()
        next_poll = now + random.uniform(0, mix.POLL_EVERY) * pace
        # The seeded game is mid-hand (its call saved): the scorer saves that hand
        # first, at a moment of the minute of its own (the tables' hands spread
        # evenly over time).
        start = random.uniform(0, mix.HAND_EVERY) if Run.plan["stagger"] else 0.0
        next_hand = now + start * pace if self.scorer else float("inf")
        next_call = float("inf")
        while True:
            upcoming = min(next_poll, next_call, next_hand)
            gevent.sleep(max(0.0, upcoming - time.monotonic()))
            if upcoming in (next_hand, next_call):
                if upcoming == next_hand:
                    if not self.save_hand():
                        # Put off (503, nothing stored): the phone's outbox keeps the
                        # hand and sends it again after the Retry-After (outbox.js).
                        next_hand = time.monotonic() + max(self.retry_after, 1.0) * pace
                        continue
                    next_call = upcoming + mix.CALL_SAVED_AFTER * pace
                    next_hand = upcoming + mix.HAND_EVERY * pace
                else:
                    self.save_call()
                    next_call = float("inf")
                # Its answer drew the table anew, with a new poller: its 4 s start again.
                next_poll = time.monotonic() + mix.POLL_EVERY * pace
            elif self.poll():
                next_poll = time.monotonic() + mix.POLL_EVERY * pace  # swapped in anew
            else:
                # htmx's timer goes on; a tick while the poll was out is dropped.
                while next_poll <= time.monotonic():
                    next_poll += mix.POLL_EVERY * pace

    # -- what the phone asks -------------------------------------------------------------

    def join(self, key_path: str) -> list[Cookie]:
        """Open the table's key link, as scanned from its QR code; where it
        leads to a page with a Join button, tap it. The cookies it gave (the
        membership; not the CSRF token's or the messages'), once it led to the
        games; none when a step failed."""
        before = {cookie.name for cookie in self.client.cookiejar}
        # A scanned link is opened "directly": said over https, not over plain http.
        scanned = {"Sec-Fetch-Site": "none"} if Run.plan["behind_tls_proxy"] else {}
        answered = self._send("GET", key_path, mix.JOIN, expect=(302,), extra=scanned)
        leads_to = urlsplit(self.location).path
        if answered is not None and leads_to and not leads_to.startswith("/games/"):
            page = self._send("GET", leads_to, mix.JOIN, expect=(200,))
            found = pages.forms(page or "")
            answered = None
            if found:
                self.here = leads_to
                action = urlsplit(found[0].attributes.get("action", "")).path or leads_to
                form = urlencoded(found[0].fields)
                answered = self._send("POST", action, mix.JOIN, expect=(302,), form=form)
        given = [
            cookie
            for cookie in self.client.cookiejar
            if cookie.name not in before and cookie.name not in NOT_MEMBERSHIP
        ]
        self.member = answered is not None and bool(given)
        return given if self.member else []

    def open_table(self) -> None:
        """The table screen, the whole page (the browser's navigation)."""
        self.here = self.table_path
        page = self._send("GET", self.table_path, mix.OPEN_TABLE, expect=(200,))
        if page is not None:
            self._shown(page)
            if found := pages.HTMX_CSRF.search(page):
                self.htmx_csrf = found[1]

    def poll(self) -> bool:
        """The poller's request; True when the live part came back (swapped in,
        no request more: live.js): the call or a hand saved on another phone."""
        if not self.member:
            # Its key link failed (a server too busy): scan the QR code again.
            self.join(self.key_path)
            self.open_table()
            return True
        path = self._poll_path()
        page = self._send(
            "GET",
            path,
            mix.POLL,
            expect=(200, 204),
            extra=self._htmx("live"),
            renamed={200: mix.TABLE_SCREEN},
        )
        if not page:
            return False
        self._shown(page)
        return True

    def _poll_path(self) -> str:
        """The poller's address; with its form kept (live.js), the answer is what
        changed around it (the scorer's too, which keeps the form it taps on)."""
        path = f"{self.table_path}state/?version={self.version}&names={self.names}"
        return path if self.hand is None else f"{path}&form={self.hand}"

    def save_call(self) -> None:
        """The maker, trump and the called ace tapped (hand.js shows each stage,
        no request); "Save the call" tells the other phones, and the table
        comes back with the call saved."""
        form = self._hand_form()
        if form is None or form.call_saved:
            return  # the call is on the table already (its hand's Save failed): play on
        self._tap_call(form)
        hand = form.hand
        # hand.js's fetch says the form it keeps: the call saved comes back around it.
        saved = self._send(
            "POST",
            f"{form.save_call}?form={hand}&names={self.names}",
            mix.CALL,
            expect=(200,),
            extra=self._htmx(),
            form=urlencoded(form.fields | self.taps),
            check=lambda page: self._drawn(page, hand, call_saved=True),
        )
        # Put off (Retry-After: busy, nothing stored): hand.js says the other phones
        # were not told, and the hand goes on.
        if saved is None and not self.retry_after:
            self.open_table()  # out of step: the scorer opens the table again

    def save_hand(self) -> bool:
        """The partner and the tricks tapped (hand.js shows the points from the
        page's table of outcomes, no request); Save hand puts the hand in the
        outbox, which clears the form for the next hand and posts the page's form
        (static/js/outbox_store.js: its fields, ``after`` and its token, no version)
        saying the form it keeps (``?form=``): the answer is the table brought up to
        date around it (outbox.js, live.js), one request. False when Bower put it off
        (503 busy): it is to be sent again, as drawn and tapped."""
        form = self._hand_form()
        if form is None:
            return True
        self._tap(form)
        if "maker" not in form.fields | self.taps:  # no call was saved: tap it now
            self._tap_call(form)
        maker = (form.fields | self.taps)["maker"]
        others = [str(s) for s in range(self.players) if str(s) != maker]
        partner = self.taps.get("partner") or random.choice(others)  # as sent before, if put off
        self._tap(form, partner=partner, tricks="3")
        hand = form.hand
        sent = {k: v for k, v in (form.fields | self.taps).items() if k != "version"}
        saved = self._send(
            "POST",
            f"{form.action}?form={hand + 1}&names={self.names}",
            mix.RECORD,
            expect=(200,),
            extra=self._htmx(),
            form=urlencoded(sent),
            check=lambda page: self._drawn(page, hand + 1, call_saved=False),
        )
        if saved is None:
            if self.retry_after:
                return False
            self.open_table()
            return True
        TALLY.hand_recorded()
        return True

    def _tap(self, form: pages.HandForm, **chips: str) -> None:
        """Tap ``chips`` on ``form``; the taps of another hand are gone."""
        if self.tapped_hand != form.hand:
            self.taps, self.tapped_hand = {}, form.hand
        self.taps |= chips

    def _hand_form(self) -> pages.HandForm | None:
        """The hand form on the scorer's screen (the table opened again if none)."""
        if self.form is None:
            self.open_table()
        return self.form

    def _drawn(self, page: str, hand: int, *, call_saved: bool) -> str:
        """Show a hand request's answer; what is wrong unless it is the table
        for ``hand`` with its call saved or not (a refused hand is the hand
        screen with the problem beside its chip)."""
        self._shown(page)
        form = self.form
        if form is not None and form.hand == hand and form.call_saved == call_saved:
            return ""
        saved = "with" if call_saved else "without"
        return f"not the table for hand {hand} {saved} its call"

    def _shown(self, page: str) -> None:
        """Note what the screen now shows: the poll's version and names, and on
        the scorer's the hand form."""
        if found := pages.POLL_ADDRESS.search(page):
            self.version, self.names = int(found[1]), int(found[2])
        if found := pages.SHOWN_HAND.search(page):
            self.hand = int(found[1])
        if self.scorer:
            kept = self.form and pages.moved_on(self.form, page)
            self.form = kept or pages.hand_form(page)

    def _tap_call(self, form: pages.HandForm) -> None:
        """A maker at random, hearts trump, the ace of spades called."""
        self._tap(form, maker=str(random.randrange(self.players)), trump="H", called="S")

    def _htmx(self, target: str = "") -> dict[str, str]:
        """What htmx adds to a request; with no target, what hand.js's fetch of
        the call sends (no CSRF header either: the form's field is in its body)."""
        headers = {"HX-Request": "true", "HX-Current-URL": Run.origin + self.here}
        if target:
            headers["HX-Target"] = target
            if self.htmx_csrf:
                headers["X-CSRFToken"] = self.htmx_csrf
        return headers

    def _send(
        self,
        method: str,
        path: str,
        name: str,
        *,
        expect: tuple[int, ...],
        extra: dict[str, str] | None = None,
        form: tuple[str, str] | None = None,
        check: Check | None = None,
        renamed: dict[int, str] | None = None,
    ) -> str | None:
        """One request as the phone's browser sends it; its text ("" for 204),
        or None when it failed (counted by kind in the tally). ``form``: its
        content type and body; ``check``: what is wrong with the page answered;
        ``renamed``: the name its figure goes under, by status. A redirect's
        address is kept in ``location``."""
        headers = self.sent | (extra or {})
        body = None
        if form is not None:
            headers |= {
                "Content-Type": form[0],
                "Origin": Run.origin,
                "Referer": Run.origin + self.here,
            }
            body = form[1]
        with Run.turn:
            return self._sent(method, path, name, expect, headers, body, check, renamed or {})

    def _sent(
        self,
        method: str,
        path: str,
        name: str,
        expect: tuple[int, ...],
        headers: dict[str, str],
        body: str | None,
        check: Check | None,
        renamed: dict[int, str],
    ) -> str | None:
        with self.client.request(
            method,
            path,
            name=name,
            data=body,
            headers=headers,
            catch_response=True,
            allow_redirects=False,
        ) as response:
            status = response.status_code
            self.location = (response.headers or {}).get("Location", "")
            self.retry_after = _seconds((response.headers or {}).get("Retry-After", ""))
            if status == 404 and path.startswith(self.table_path):
                self.member = False  # not (or no longer) one of the table's phones
            if status not in expect:
                response.failure(f"{method} {name}: {status}")
                return None
            page = "" if status == 204 else (response.text or "")
            if problem := (check(page) if check else ""):
                response.failure(WrongPage(f"{method} {name}: {problem}"))
                return None
            response.success()
            if status in renamed:
                response.request_meta["name"] = renamed[status]
            return page


def _seconds(header: str) -> float:
    """A Retry-After header's seconds (0 when there is none)."""
    try:
        return max(0.0, float(header))
    except ValueError:
        return 0.0
