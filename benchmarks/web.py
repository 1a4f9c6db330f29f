"""Driving the app in-process the way a phone does: through its addresses, with
Django's test client, so the whole request cycle (middleware, CSP, templates) runs.
"""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from django.test import Client
from django.test.client import MULTIPART_CONTENT

from benchmarks import Operation, Timing, measure
from benchmarks.games import bench_table, version
from benchmarks.urls import BARE_PATH

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

HTMX = {"HX-Request": "true"}
CLIENT = Client()
_JOINED: list[bool] = []


def _joined() -> Client:
    """The benchmarks' phone, which has opened its table's key link (once)."""
    if not _JOINED:
        CLIENT.get(bench_table().key_path, HTTP_SEC_FETCH_SITE="none")
        _JOINED.append(True)
    return CLIENT


def phone_at(key_path: str) -> Client:
    """Another phone, which has opened only this table's key link."""
    phone = Client()
    phone.get(key_path, HTTP_SEC_FETCH_SITE="none")  # opened directly: joins at once
    return phone


def get(
    path: str,
    *,
    status: int = 200,
    headers: dict[str, str] | None = None,
    phone: Client | None = None,
) -> Response:
    """GET ``path`` (from the benchmarks' phone unless another is given); a
    benchmark that measures a failure measures nothing, so a wrong status
    stops the run."""
    response = (phone or _joined()).get(path, headers=headers)
    if response.status_code != status:
        raise AssertionError(f"GET {path}: {response.status_code}, expected {status}")
    return response


def page(
    name: str,
    path: str,
    *,
    iterations: int,
    warmup: int = 5,
    status: int = 200,
    goal: str = "",
    headers: dict[str, str] | None = None,
) -> Timing:
    """Time GET ``path`` (and count its queries), to compare with the bare view."""
    return measure(
        name,
        lambda: get(path, status=status, headers=headers),
        iterations=iterations,
        warmup=warmup,
        count_queries=True,
        http=True,
        goal=goal,
    )


def bare_view() -> Timing:
    """The floor every HTTP figure is divided by; the runner measures it first."""
    return page("bare Django view (same middleware)", BARE_PATH, iterations=1000)


def bare_in_turn(beside: str) -> Operation:
    """The bare view, to be timed in turn with ``beside`` (``measure_alternately``)
    for a ratio that a change in the machine's speed during the run leaves alone."""
    return Operation(f"bare view, timed in turn with {beside}", lambda: get(BARE_PATH), http=True)


def post(
    path: str, data: dict[str, Any], *, status: int, headers: dict[str, str] | None = None
) -> Response:
    response = _joined().post(path, data, content_type=MULTIPART_CONTENT, headers=headers)
    if response.status_code != status:
        raise AssertionError(
            f"POST {path}: {response.status_code}, expected {status}\n"
            + response.content.decode(errors="replace")[-2000:]
        )
    return response


def form(game_id: int, **fields: str) -> dict[str, str]:
    """A game-flow form as the phone sends it: the version it shows and a fresh token."""
    return {"version": str(version(game_id)), "token": str(uuid.uuid4()), **fields}


class HandAtTheTable:
    """One hand of a game, the browser's way: trump is made (the call), then the
    end-of-hand form is saved through htmx and the table comes back. Only the
    save is timed; the call before it and the undo after it keep the game at
    the same number of hands for every run."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        self.base = f"/games/{game_id}"
        self.makers = 0

    def call(self) -> None:
        maker = str(self.makers % 5)
        self.makers += 1
        fields = form(self.game_id, maker=maker, trump="H", called="S")
        post(f"{self.base}/hand/start/", fields, status=302)
        # The whole hand, its call as saved: the table's one way in for a hand.
        self.finish = form(
            self.game_id,
            maker=maker,
            trump="H",
            called="S",
            tricks="3",
            partner="maker",
            revealed_on_trick="",
            renege="",
            save="1",
        )

    def save(self) -> None:
        address = f"{self.base}/hand/enter/"
        post(
            address,
            self.finish,
            status=200,
            headers={**HTMX, "HX-Current-URL": f"http://testserver{address}"},
        )

    def undo(self) -> None:
        post(f"{self.base}/hand/undo/", form(self.game_id), status=302)
