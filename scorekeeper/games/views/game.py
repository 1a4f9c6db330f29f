"""One game's screens: the table (and its poll), the result, and the rematch.
The score sheet is the history's (scorekeeper/history/views/sheet.py)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from scorekeeper.games.outcomes import Kind, kind_outcomes
from scorekeeper.games.screens import result_context, table_context
from scorekeeper.games.views.answers import after_change, drawn_patch, live_patch
from scorekeeper.games.views.undo import redo_offer_in_address
from scorekeeper.models import RematchRefused, shown_versions
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.phone_tables import key_digests, load_game
from scorekeeper.web.polls import poll_is_current
from scorekeeper.web.rendering import screen


@require_GET
def game_table(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The table screen: totals, who deals and leads, the hand in progress, the
    last hands; after an undo without JavaScript (``?undone=&version=``), the
    hand taken back with Redo, until the game changes again."""
    game = load_game(request, game_id)
    context = table_context(game)
    if "undone" in request.GET:
        context["taken_back"] = redo_offer_in_address(game, request.GET)
    return screen(request, "games/table.html", context)


@require_GET
def table_poll(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The table screen's poll: 204 while the game is as this phone shows it,
    else the table's live part, so phones watching the same game keep up. A
    player renamed (or merged) changes the table's names (``shown_version``),
    not the game: the poll says which names it shows, when it says so. A phone
    that keeps its hand form (``?form=``, live.js) is sent the rest of the live
    part and what moves its form on, not the form again (docs/formats.md, "Polls")."""
    # One query: the game's versions, if this phone's cookie holds its table's key.
    shown = shown_versions(game_id, key_digests(request))
    if shown is None:
        raise Http404("No such game")
    if poll_is_current(request, shown.version, shown.names):
        return HttpResponse(status=204)
    drawn = drawn_patch(request, game_id, shown)
    if drawn is not None:
        return drawn
    game = load_game(request, game_id)
    patch = live_patch(request, game, names=shown.names)
    if patch is not None:
        return patch
    context = {**table_context(game), "partial": True, "live_alone": True}
    return render(request, "scorekeeper/games/table.html#live", context)


@require_GET
def hand_outcomes(request: HttpRequest, kind: str, digest: str) -> HttpResponse:
    """The table of outcomes every table of a kind shares (docs/formats.md, "The
    table screen's hand outcomes"): it names nobody, so it is anyone's to ask. Its
    address carries a digest of what it answers: kept for good, by every cache. An
    address from before a change of Bower's answers the table as it is now, not kept."""
    found = Kind.from_slug(kind)
    if found is None:
        raise Http404("No such kind of table")
    outcomes = kind_outcomes(found)
    tag = f'"{outcomes.digest}"'
    current = digest == outcomes.digest
    if current and tag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(outcomes.body, content_type="application/json")
    response["ETag"] = tag
    response["Cache-Control"] = "public, max-age=31536000, immutable" if current else "no-cache"
    return response


@require_GET
def game_result(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The winner(s), and the rule that decided."""
    game = load_game(request, game_id)
    if not game.is_finished:
        return redirect("game_table", game_id)
    return screen(request, "games/result.html", result_context(game))


@require_POST
def game_rematch(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The same players and rules, with the deal passed on (once, however often tapped)."""
    game = load_game(request, game_id)
    try:
        rematch = game.rematch()
    except RematchRefused as refused:
        messages.warning(request, str(refused))
        return after_change(request, game.pk)
    first = rematch.seat_list()[rematch.first_dealer].player.name
    return after_change(request, rematch.pk, f"Rematch: {first} deals first.")
