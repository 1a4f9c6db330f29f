"""Floors: what a screen cannot cost less than while it is answered by Django's
request cycle, its ORM and its template engine, measured in the same run as the
bare view. They say how far a goal is from what the parts allow:

- a write: a POST whose view stores one row in a transaction (the ORM's
  UPDATE and the commit) and answers a line of text;
- the table's drawing: the table template's ``#screen`` part, as a hand saved
  through htmx gets it, drawn from a context made once (no query, no scoring).

Recording a hand is at least both: the write (and more rows), then the table.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_POST

from scorekeeper.games.screens import table_context
from scorekeeper.models import Game

_contexts: dict[int, dict[str, Any]] = {}


@require_POST
def write_one_row(request: HttpRequest, game_id: int) -> HttpResponse:
    """The least a write can do: read a posted field, update one row, commit."""
    int(request.POST["version"])
    with transaction.atomic():
        Game.objects.filter(pk=game_id).update(updated_at=timezone.now())
    return HttpResponse(b"stored", content_type="text/plain")


def table_drawing(request: HttpRequest, game_id: int) -> HttpResponse:
    """The table's ``#screen`` drawn from a context read and worked out once."""
    if game_id not in _contexts:
        _contexts[game_id] = table_context(Game.objects.for_table().get(pk=game_id))
    context = {**_contexts[game_id], "partial": True}
    return render(request, "scorekeeper/games/table.html#screen", context)
