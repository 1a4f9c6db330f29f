"""A euchre night's screens (docs/rules.md, Euchre night 2): the list, starting one, its seating
board and players' lines, seating the next round, players leaving and arriving,
and a past round.

Everything is read through ``EuchreNight.objects.for_tables(tables_of(request))``:
another table's night is a 404 and nothing of it is changed."""

from __future__ import annotations

import uuid
from typing import Any, cast

from django.contrib import messages
from django.db import transaction
from django.db.models import Count, Max, Q
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from referee.engine.names import LookAlike
from referee.engine.seating import MIN_PLAYERS, SeatingError
from referee.engine.variants import RulesError
from referee.http import varies_on_htmx, wants_partial
from scorekeeper.models import (
    AlreadyStarted,
    EuchreNight,
    Player,
    PrivateTable,
    PrivateTableKeyReplaced,
    TableStart,
)
from scorekeeper.models.game_hands import StaleGame
from scorekeeper.models.night_boards import read_board
from scorekeeper.models.night_check_ins import PrizesClosed
from scorekeeper.nights.forms import (
    CheckInSwitchForm,
    NightPlayersForm,
    NightPrizesForm,
    NightStartForm,
    SeatNextForm,
)
from scorekeeper.nights.me import remember as remember_me
from scorekeeper.nights.me import who
from scorekeeper.nights.player_forms import NightMeForm
from scorekeeper.nights.screens import arrival_choices, night_context, round_view
from scorekeeper.web.forms import PrivateTableChoiceForm, with_new_token
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.phone_tables import key_digests, remember, tables_of
from scorekeeper.web.polls import polled_version
from scorekeeper.web.rendering import screen

NIGHT_PAGE = "nights/night.html"
# The parts of the night page a question or an error is shown in (their ids).
NEXT_ROUND, PEOPLE, ME, PRIZES = "next-round", "people", "me", "night-prizes"
STALE_NIGHT = "Another phone changed the night first: here it is as it stands now."
# The name of the private table a phone's first night makes.
NIGHT_TABLE_NAME = "Euchre club"
# The most of a table's players the start form offers to tick.
KNOWN_PLAYERS = 200
# The start form of a phone's first night, sent again after its table's key was
# replaced: the new key shuts that form out as it shuts out every old link.
KEY_REPLACED = (
    "This form started a night at a table whose key was replaced since: open the "
    "table's new key link to join it. Nothing new was started."
)


def load_night(request: HtmxHttpRequest, night_id: int) -> EuchreNight:
    """The night, or 404 when it is not one of this phone's tables' nights."""
    nights = EuchreNight.objects.for_tables(tables_of(request)).select_related("private_table")
    return get_object_or_404(nights, pk=night_id)


@require_GET
def night_list(request: HtmxHttpRequest) -> HttpResponse:
    """This phone's tables' nights, newest first: players, round X of Y, over or not."""
    nights = (
        EuchreNight.objects.for_tables(tables_of(request))
        .select_related("private_table")
        .annotate(
            players=Count("entrants", distinct=True),
            seated=Max("rounds__number"),
            open_tables=Count(
                "rounds__games", filter=Q(rounds__games__finished_at__isnull=True), distinct=True
            ),
        )
        .order_by("-created_at", "-pk")
    )
    return screen(request, "nights/night_list.html", {"nights": nights})


def _known_players(private_table: PrivateTable | None) -> list[Player]:
    if private_table is None:
        return []
    return list(Player.objects.for_tables([private_table]).order_by("name")[:KNOWN_PLAYERS])


@require_http_methods(["GET", "POST"])
def night_new(request: HtmxHttpRequest) -> HttpResponse:
    """Start a night (docs/rules.md, Euchre night 2): the table it goes to, the players present,
    the variant, rounds, hands per round and house rules. The first round is
    seated at once; a double tap starts one night (the form's token)."""
    tables = tables_of(request)
    if request.method == "GET":
        choice = PrivateTableChoiceForm(tables=tables)
        form = NightStartForm(
            initial={"token": uuid.uuid4()}, known=_known_players(choice.chosen_private_table())
        )
        return screen(request, "nights/night_new.html", {"form": form, "table_choice": choice})
    choice = PrivateTableChoiceForm(request.POST, tables=tables)
    form = NightStartForm(request.POST, known=_known_players(choice.chosen_private_table()))
    if form.is_valid():
        token = form.cleaned_data["token"]
        try:
            # One transaction: a night refused stores nothing, not even the table
            # a phone with no table yet gets (named for the club, not after this
            # night: its later nights and seasons are held there too). That table
            # is made once per form: the form sent again (a double tap, a lost
            # answer) finds it, and its night.
            with transaction.atomic():
                private_table = choice.chosen_private_table() or TableStart.private_table_for(
                    token, named_for=[NIGHT_TABLE_NAME]
                )
                night = form.start(private_table=private_table)
        except (SeatingError, RulesError, LookAlike) as error:
            form.add_error(None, str(error))
        except PrivateTableKeyReplaced:
            return _night_form_used(request, form, choice, KEY_REPLACED)
        except AlreadyStarted as started:
            return _started_already(request, form, cast(EuchreNight, started.row), token)
        else:
            remember(request, private_table)
            if night.rounds.exists():
                messages.success(request, f"{night.title}: round 1 is seated.")
            else:
                messages.success(
                    request, f"{night.title}: check-in is open. Seat round 1 when they are in."
                )
            return HttpResponseRedirect(reverse("night_detail", args=[night.pk]))
    context = {"form": form, "table_choice": choice}
    return screen(request, "nights/night_new.html", context, status=422, url=reverse("night_new"))


def _started_already(
    request: HtmxHttpRequest, form: NightStartForm, night: EuchreNight, token: uuid.UUID
) -> HttpResponse:
    """409: this form's token started ``night``, and the form sent now asks
    for another night (docs/formats.md, "Recording a hand, once"). The phone gets
    the night's table when its form made it (the first answer was lost)."""
    private_table = night.private_table
    # A phone with no table gets the one its form made (the answer that gave
    # it was lost); another phone's default table is never changed unasked.
    tables = tables_of(request)
    shown = private_table in tables or (not tables and TableStart.made(token, private_table))
    if not shown:
        error = (
            "This form already started a night at a table this phone has not joined. "
            "Nothing new was started: tap Start to start this one as a new night."
        )
        return _night_form_used(request, form, PrivateTableChoiceForm(tables=tables), error)
    if not tables:
        remember(request, private_table)
    error = (
        f"This form already started {night.title}. Nothing new was started: open that "
        "night, or tap Start to start this one as another night."
    )
    choice = PrivateTableChoiceForm(tables=tables_of(request))
    return _night_form_used(request, form, choice, error, already_started=night)


def _night_form_used(
    request: HtmxHttpRequest,
    form: NightStartForm,
    choice: PrivateTableChoiceForm,
    error: str,
    *,
    already_started: EuchreNight | None = None,
) -> HttpResponse:
    """409: the start form back as it was sent, with a new token and ``error``."""
    again = NightStartForm(
        with_new_token(form.data), known=_known_players(choice.chosen_private_table())
    )
    again.is_valid()
    again.add_error(None, error)
    context = {"form": again, "table_choice": choice, "already_started": already_started}
    return screen(request, "nights/night_new.html", context, status=409, url=reverse("night_new"))


def _page(
    request: HtmxHttpRequest,
    night: EuchreNight,
    *,
    status: int = 200,
    landing: str = "",
    **extra: Any,
) -> HttpResponse:
    """The night page for this phone (its player first, when it said who it is).
    ``landing``: the id of the part of the page that holds a question or an
    error, where the phone is taken (an htmx swap shows it; the form's action
    carries it as a fragment for a phone without JavaScript)."""
    board = read_board(night)
    extra.setdefault("me", who(request, night.pk))
    context = night_context(board, arrivals=arrival_choices(night), **extra)
    url = reverse("night_detail", args=[night.pk])
    response = screen(request, NIGHT_PAGE, context, status=status, url=url)
    if landing and wants_partial(request):
        response["HX-Reswap"] = f"innerHTML show:#{landing}:top"
    return response


@require_GET
def night_detail(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """The night page: the current round's seating board, each player's line,
    seating the next round and who is present (docs/rules.md, Euchre night 2)."""
    return _page(request, load_night(request, night_id))


@require_GET
def night_state(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """The night page's poll: 204 while the night is as this phone shows it
    (one query), else the page's live part."""
    version = polled_version(request)
    nights = EuchreNight.objects.for_key_digests(key_digests(request)).filter(pk=night_id)
    current = nights.live_version()
    if current is None:
        raise Http404("No such night")
    if version == current:
        return HttpResponse(status=204)
    night = load_night(request, night_id)
    context = night_context(read_board(night), me=who(request, night_id), partial=True)
    return render(request, f"scorekeeper/{NIGHT_PAGE}#live", context)


@require_GET
def night_round(request: HtmxHttpRequest, night_id: int, number: int) -> HttpResponse:
    """A round seated so far: its seating, each table's points, who sat out."""
    night = load_night(request, night_id)
    board = read_board(night)
    found = [r for r in board.rounds if r.number == number]
    if not found:
        raise Http404("That round is not seated")
    context = {
        "night": night,
        "board": board,
        "round": round_view(board, found[0]),
        "rules": night.night_rules,
    }
    return screen(request, "nights/night_round.html", context)


def _as_it_stands(
    request: HtmxHttpRequest, night: EuchreNight, *, status: int = 200, **extra: Any
) -> HttpResponse:
    """After a change (or a stale one): the night page, redirected to without
    htmx, drawn with ``status`` (and ``extra``) for htmx; the top of the page, where
    the message says what happened (``#top``: not the fragment of the form's action)."""
    if not wants_partial(request):
        page = reverse("night_detail", args=[night.pk])
        return varies_on_htmx(HttpResponseRedirect(f"{page}#top"))
    return _page(request, night, status=status, **extra)


def _stale(request: HtmxHttpRequest, night: EuchreNight) -> HttpResponse:
    messages.warning(request, STALE_NIGHT)
    return _as_it_stands(request, night, status=409)


@require_POST
def night_seat_next(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """Seat the next round (docs/rules.md, Euchre night 2). While a table still has hands to play
    the scorer confirms first (a club may need to move on)."""
    night = load_night(request, night_id)
    form = SeatNextForm(request.POST)
    if not form.is_valid() or form.cleaned_data["version"] != night.version:
        asked = form.cleaned_data.get("round") if form.is_valid() else None
        if asked is not None and night.rounds.filter(number=asked).exists():
            # A second tap (or another phone) seated it already: nothing more is seated.
            messages.info(request, f"Round {asked} is already seated: here it is.")
            return _as_it_stands(request, night, status=409)
        return _stale(request, night)
    board = read_board(night)
    current = board.current
    if current is not None and not current.complete and not form.cleaned_data["confirm"]:
        # The question is asked where the button was (#next-round).
        unfinished = round_view(board, current).unfinished
        return _page(request, night, confirm=unfinished, landing=NEXT_ROUND)
    try:
        seated = night.seat_next_round(version=form.cleaned_data["version"], results=board.results)
    except StaleGame:
        return _stale(request, night)
    except SeatingError as error:
        return _not_seated(request, night, str(error))
    messages.success(request, f"Round {seated.number} is seated: find your table.")
    return _as_it_stands(request, night)


def _not_seated(request: HtmxHttpRequest, night: EuchreNight, error: str) -> HttpResponse:
    """422: the next round could not be seated. Said beside the button
    (#next-round), or at the top once every round is seated (no button is left)."""
    if night.rounds.count() >= night.rounds_planned:
        messages.warning(request, error)
        return _as_it_stands(request, night, status=422)
    return _page(request, night, status=422, seat_error=error, landing=NEXT_ROUND)


@require_POST
def night_players(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """A player leaves or comes back, or arrives late: from the next round
    seated on (docs/rules.md, Euchre night 2). Fewer than 8 present for the next round is
    refused."""
    night = load_night(request, night_id)
    form = NightPlayersForm(request.POST)
    if not form.is_valid():
        if "version" in form.errors:
            return _stale(request, night)
        said = [str(error) for errors in form.errors.values() for error in errors]
        return _refused(request, night, said)
    data = form.cleaned_data
    if data["version"] != night.version:
        return _stale(request, night)
    try:
        if data["action"] == "arrive":
            entrant = night.add_player(version=data["version"], name=data["arriving"])
            message = f"{entrant.player.name} plays from the next round on."
        else:
            message = _leave_or_come_back(night, data)
    except StaleGame:
        return _stale(request, night)
    except (SeatingError, LookAlike) as error:
        return _refused(request, night, [str(error)])
    messages.success(request, message)
    return _as_it_stands(request, night)


def _refused(request: HtmxHttpRequest, night: EuchreNight, errors: list[str]) -> HttpResponse:
    """422: a change of players refused, said where it was asked (#people)."""
    return _page(request, night, status=422, people_errors=errors, landing=PEOPLE)


def _leave_or_come_back(night: EuchreNight, data: dict[str, Any]) -> str:
    """A player leaves the night's seating or comes back (``data["action"]``),
    from the next round on; what to tell the table. SeatingError when leaving
    would leave fewer than 8 present for the next round (docs/rules.md, Euchre night 1)."""
    entrants = {e.number: e for e in night.entrants.select_related("player")}
    if data["number"] not in entrants:
        raise Http404("No such player in the night")
    entrant = entrants[data["number"]]
    leaving = data["action"] == "leave"
    present = sum(1 for e in entrants.values() if e.present)
    if leaving and entrant.present and present - 1 < MIN_PLAYERS:
        raise SeatingError(
            f"{entrant.player.name} cannot leave the night's seating: the next "
            f"round needs at least {MIN_PLAYERS} players present. Add a late "
            "arrival first."
        )
    night.set_present(version=data["version"], number=entrant.number, present=not leaving)
    name = entrant.player.name
    if leaving:
        return f"{name} leaves: not seated from the next round on."
    return f"{name} is back: seated from the next round on."


@require_POST
def night_me(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """This phone says which player of the night it is (or forgets it): the
    night page then opens with that player's table and seat (docs/decisions.md,
    D48). Kept in a cookie; nothing is stored."""
    night = load_night(request, night_id)
    entrants = night.entrants.select_related("player").order_by("player__name", "number")
    form = NightMeForm(request.POST, entrants=[(e.number, e.player.name) for e in entrants])
    if not form.is_valid():
        return _page(request, night, status=422, me_form=form, landing=ME)
    number = form.cleaned_data["number"]
    # The cookie is only read from the next request: this page is drawn for ``number``.
    response = _as_it_stands(request, night, me=number)
    remember_me(response, request, night.pk, number)
    return response


@require_POST
def night_prizes(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """The night's prizes chosen again, until it is over (docs/rules.md, Euchre
    night 6): which it gives, one a person or not, how ties are settled."""
    night = load_night(request, night_id)
    form = NightPrizesForm(request.POST)
    if not form.is_valid():
        if "version" in form.errors:
            return _stale(request, night)
        return _page(request, night, status=422, prizes_form=form, landing=PRIZES)
    data = form.cleaned_data
    if data["version"] != night.version:
        return _stale(request, night)
    chosen = form.prize_rules(night.night_rules)
    try:
        night.choose_prizes(
            version=data["version"],
            prizes=chosen.prizes,
            one_prize_each=chosen.one_prize_each,
            prize_ties=chosen.prize_ties,
        )
    except StaleGame:
        return _stale(request, night)
    except PrizesClosed as error:
        messages.warning(request, str(error))
        return _as_it_stands(request, night, status=409)
    messages.success(request, "The prizes are changed: the standings give them so now.")
    return _as_it_stands(request, night)


@require_POST
def night_check_in_switch(request: HtmxHttpRequest, night_id: int) -> HttpResponse:
    """The organiser opens check-in at the door (a new link: any old one stays
    shut) or closes it (docs/formats.md, "Check-in at the door")."""
    night = load_night(request, night_id)
    form = CheckInSwitchForm(request.POST)
    if not form.is_valid() or form.cleaned_data["version"] != night.version:
        return _stale(request, night)
    opening = form.cleaned_data["open"] == "open"
    if opening and night.rounds.count() >= night.rounds_planned:
        return _refused(request, night, ["Every round is seated: nobody more can check in."])
    try:
        night.set_check_in(version=form.cleaned_data["version"], open_=opening)
    except StaleGame:
        return _stale(request, night)
    messages.success(
        request,
        "Check-in is open: players scan the QR code." if opening else "Check-in is closed.",
    )
    return _as_it_stands(request, night)
