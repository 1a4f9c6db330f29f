"""Check-in at the door of a euchre night (docs/formats.md, "Check-in at the door"):
a player's phone scans the night's QR code, finds or types their name and is in;
the phone then knows who it is (``scorekeeper.nights.me``, as "Which player are
you?" does) and shows the player's table once the round is seated.

The check-in link is all the access this needs: the night is found by its
token alone, and nothing else of the table is shown. A wrong or old token (a
check-in closed or opened again since) is refused and stores nothing. The form
is a plain POST answered by a redirect: a double tap checks in once."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from referee.engine.names import LookAlike
from scorekeeper.models import EuchreNight, NightBoard, Player
from scorekeeper.models.night_boards import read_board
from scorekeeper.models.night_check_ins import CHECK_IN_CLOSED, CheckInRefused
from scorekeeper.nights.me import remember as remember_me
from scorekeeper.nights.me import who
from scorekeeper.nights.player_forms import CheckInForm
from scorekeeper.nights.screens import board_version, round_view
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.limits import check_in_wait, check_ins_too_often
from scorekeeper.web.polls import polled_version
from scorekeeper.web.rendering import screen

CHECK_IN_PAGE = "nights/check_in.html"
# A poll answered 286 stops polling (htmx): the check-in has closed.
STOP_POLLING = 286


def _night(token: str) -> EuchreNight | None:
    return EuchreNight.objects.checking_in(token).select_related("private_table").first()


def check_in_context(board: NightBoard, token: str, me: int | None) -> dict[str, Any]:
    """The check-in page: the names the night expects (to tap), or, for a phone
    that checked in, the player and where they sit now."""
    night = board.night
    mine = next((e for e in board.entrants if e.number == me and e.checked_in_at is not None), None)
    current = board.current
    line = round_view(board, current).line_of(me) if current and mine else None
    return {
        "night": night,
        "token": token,
        "me": mine,
        "line": line,
        "current": current,
        "refusal": night.check_in_refusal(token),
        "names": sorted(
            (e.player.name for e in board.entrants if e.checked_in_at is None),
            key=str.casefold,
        ),
        "here": sum(1 for e in board.entrants if e.present),
        "live_version": board_version(board),
    }


def _on_the_list(night: EuchreNight, name: str) -> bool:
    """Whether ``name`` is a player the night already lists (any case)."""
    player = Player.objects.filter(private_table_id=night.private_table_id).named(name)
    return player is not None and night.entrants.filter(player=player).exists()


@require_http_methods(["GET", "POST"])
def night_check_in(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The check-in page, and checking in (docs/formats.md, "Check-in at the door")."""
    night = _night(token)
    if night is None:  # no night checks in with this link (wrong, or closed since)
        return screen(request, CHECK_IN_PAGE, {"closed": CHECK_IN_CLOSED}, status=404)
    if request.method == "GET":
        context = check_in_context(read_board(night), token, who(request, night.pk))
        return screen(request, CHECK_IN_PAGE, {**context, "form": CheckInForm()})
    form = CheckInForm(request.POST)
    if (
        form.is_valid()
        and not _on_the_list(night, form.cleaned_data["arriving"])
        and (wait := check_in_wait(request, night.pk))
    ):
        # A new name is held to a rate per address and per night (D71): a flood of
        # invented players never fills the night before the real ones come in, and a
        # player on the list (a hall's phones may share one address) never waits.
        form.add_error(None, check_ins_too_often(wait))
        context = check_in_context(read_board(night), token, who(request, night.pk))
        response = screen(request, CHECK_IN_PAGE, {**context, "form": form}, status=429)
        response["Retry-After"] = str(wait)
        return response
    if form.is_valid():
        try:
            entrant, new = night.check_in(token=token, name=form.cleaned_data["arriving"])
        except CheckInRefused as error:
            form.add_error(None, str(error))
        except LookAlike as error:
            form.add_error("name", str(error))
        else:
            name = entrant.player.name
            if new:
                messages.success(request, f"You're in, {name}: your table shows here.")
            else:
                messages.info(request, f"{name} is already checked in: nothing changed.")
            page = reverse("night_check_in", args=[token])
            response = HttpResponseRedirect(f"{page}#top")
            remember_me(response, request, night.pk, entrant.number)
            return response
    context = check_in_context(read_board(night), token, who(request, night.pk))
    return screen(request, CHECK_IN_PAGE, {**context, "form": form}, status=422)


@require_GET
def night_check_in_state(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The check-in page's poll: 204 (one query) while nothing changed, else its
    live part; once check-in has closed, a last answer that stops the poll."""
    current = EuchreNight.objects.checking_in(token).live_version()
    if current is not None and current == polled_version(request):
        return HttpResponse(status=204)
    night = None if current is None else _night(token)
    if night is None:
        return render(
            request,
            f"scorekeeper/{CHECK_IN_PAGE}#live",
            {"closed": CHECK_IN_CLOSED, "partial": True},
            status=STOP_POLLING,
        )
    context = check_in_context(read_board(night), token, who(request, night.pk))
    return render(request, f"scorekeeper/{CHECK_IN_PAGE}#live", {**context, "partial": True})
