"""The scorekeeper's screens: starting a game, the table, recording hands.

Thin function views (style.md 3): a form reads the taps, a model method makes
the change (``Game.start_hand``, ``Game.record_hand`` ...), and the screen is
drawn again. Every form posts without JavaScript and gets redirect-after-POST;
an htmx request gets the screen's ``screen`` partial to swap into ``<main>``
(or a smaller partial: the preview, the polled table). Invalid forms answer
422, a phone that is behind answers 409 with the game as it stands.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
    require_POST,
    require_safe,
)

from referee.engine.cards import Card, Suit, parse_trump
from referee.engine.describe import describe_call
from referee.engine.hands import Hand as EngineHand
from referee.engine.hands import HandError
from referee.engine.variants import Variant, deal_for, seats_opposite
from scorekeeper.forms import (
    SEAT_SLOTS,
    DealerForm,
    GameActionForm,
    HandForm,
    NewGameForm,
    RevealForm,
    StateForm,
    card_label,
    suit_label,
)
from scorekeeper.http import HtmxHttpRequest
from scorekeeper.models import (
    EndMovesEarlier,
    Game,
    GameOver,
    Hand,
    HandChange,
    HandInProgress,
    Player,
    StaleGame,
)

RECENT_HANDS = 5
STALE_MESSAGE = "Another phone recorded this first: here is the game as it stands now."
GAME_OVER_MESSAGE = "The game is over: no more hands can be recorded."


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    """The front page: what Bower does, and the way to a game or the referee."""
    return render(request, "home.html")


# --- Rendering ----------------------------------------------------------------------------


def _wants_partial(request: HtmxHttpRequest) -> bool:
    """An htmx request swaps a partial; a plain, boosted or history-restoring one gets the page."""
    htmx = request.htmx
    return bool(htmx) and not htmx.boosted and not htmx.history_restore_request


def _screen(
    request: HtmxHttpRequest,
    template: str,
    context: dict[str, Any],
    *,
    status: int = 200,
    url: str | None = None,
) -> HttpResponse:
    """Draw a screen: the whole page, or for htmx its ``screen`` partial, with
    the address bar moved to ``url`` (the screen's own address)."""
    partial = _wants_partial(request)
    name = f"scorekeeper/{template}" + ("#screen" if partial else "")
    response = render(request, name, {**context, "partial": partial}, status=status)
    if partial:
        url = url or request.get_full_path()
        current = urlsplit(request.htmx.current_url or "")
        here = current.path + (f"?{current.query}" if current.query else "")
        if url != here:
            response["HX-Push-Url"] = url
    return response


def _load(game_id: int) -> Game:
    return get_object_or_404(Game.objects.for_table(), pk=game_id)


def _home_of(game: Game) -> str:
    """Where a game lives: its table while it is played, its result once it is over."""
    name = "game_result" if game.is_finished else "game_table"
    return reverse(name, args=[game.pk])


def _after_change(request: HtmxHttpRequest, game_id: int, message: str = "") -> HttpResponse:
    """A change was stored: say so, and show the table (or the result)."""
    if message:
        messages.success(request, message)
    game = _load(game_id)
    url = _home_of(game)
    if not _wants_partial(request):
        return HttpResponseRedirect(url)
    if game.is_finished:
        return _screen(request, "result.html", _result_context(game), url=url)
    return _screen(request, "table.html", _table_context(game), url=url)


def _behind(request: HtmxHttpRequest, game_id: int, message: str = STALE_MESSAGE) -> HttpResponse:
    """This phone was behind (or the game is over): nothing was stored. Show
    the game as it stands; htmx gets 409 (scorekeeper.js swaps it in)."""
    messages.warning(request, message)
    game = _load(game_id)
    url = _home_of(game)
    if not _wants_partial(request):
        return HttpResponseRedirect(url)
    if game.is_finished:
        return _screen(request, "result.html", _result_context(game), status=409, url=url)
    return _screen(request, "table.html", _table_context(game), status=409, url=url)


# --- What the screens show -------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreRow:
    """One line of the scoreboard: a player, or in standard euchre a team."""

    names: str
    total: int
    ahead: bool
    deals: bool
    leads: bool
    seats: tuple[int, ...]


@dataclass(frozen=True)
class RecentHand:
    hand: Hand
    summary: str
    trump: SafeString
    scorers: list[tuple[str, int]]


def _trump_badge(trump: str) -> SafeString:
    if not trump:
        return SafeString("")
    suit = parse_trump(trump)
    if suit is None:
        return SafeString('<span class="trump-badge" title="no trump">NT</span>')
    return format_html(
        '<span class="trump-badge suit-{}" title="{} trump">{}</span>',
        suit.letter,
        suit.plural,
        suit.symbol,
    )


def _scoreboard(game: Game, dealer: int, leader: int) -> list[ScoreRow]:
    seats = game.seat_list()
    top = max((s.total for s in seats), default=0)
    # One row per side that keeps a total: a team in standard euchre (rules.md 5).
    return [
        ScoreRow(
            names=" & ".join(seats[s].player.name for s in side),
            total=seats[side[0]].total,
            ahead=top > 0 and seats[side[0]].total == top,
            deals=dealer in side,
            leads=leader in side,
            seats=side,
        )
        for side in game.table.sides()
    ]


def _ahead_line(rows: list[ScoreRow], target: int) -> str:
    leaders = [r for r in rows if r.ahead]
    if not leaders:
        return f"No points yet: first to {target} wins."
    total = leaders[0].total
    if len(leaders) == 1:
        return f"{leaders[0].names} ahead with {total} of {target}."
    names = ", ".join(r.names for r in leaders[:-1]) + " and " + leaders[-1].names
    return f"{names} level at the top with {total} of {target}."


def _with_suit(words: str, suit: Suit | None) -> SafeString:
    """The engine's words, their last word (the suit's name) with its symbol and colour."""
    if suit is None or not words.endswith(suit.plural):
        return format_html("{}", words)
    return format_html("{}{}", words.removesuffix(suit.plural), suit_label(suit, suit.plural))


def _describe_call(game: Game, current: HandInProgress) -> SafeString:
    """The hand in progress in words: "Ben made ♥ hearts and calls the ace of ♠ spades;
    partner unknown". The call is the engine's (``describe_call``), told as it stands."""
    table = game.table
    maker = current.maker or 0
    trump = parse_trump(current.trump)
    called = current.called_value()
    made, *calls = describe_call(table, EngineHand(maker=maker, trump=trump, called=called))
    text = _with_suit(made, trump)
    variant = table.variant
    if calls:
        # "called the ace of spades": the hand is still being played, so "calls".
        call = "calls" + calls[0].removeprefix("called")
        if isinstance(called, Card):
            text = format_html("{} and {} ({})", text, call, card_label(called))
        else:
            text = format_html("{} and {}", text, _with_suit(call, called))
    elif current.alone and variant is Variant.STANDARD:
        partner = table.name(seats_opposite(maker))
        text = format_html("{} and goes alone; {} sits out", text, partner)
    elif current.alone:
        text = format_html("{} and goes alone", text)
    else:
        text = format_html("{} with {}", text, table.name(seats_opposite(maker)))
    if current.partner_to_reveal(variant):
        if current.partner is None:
            text = format_html("{}; partner unknown", text)
        elif current.revealed_on_trick:
            text = format_html(
                "{}; {} revealed as partner on trick {}",
                text,
                table.name(current.partner),
                current.revealed_on_trick,
            )
        else:
            text = format_html("{}; {} revealed as partner", text, table.name(current.partner))
    if current.bidding_round:
        text = format_html("{} (round {})", text, current.bidding_round)
    return format_html("{}.", text)


def _recent(game: Game, hands: list[Hand]) -> list[RecentHand]:
    table = game.table
    names = table.players
    return [
        RecentHand(
            hand=hand,
            summary=hand.summary(table),
            trump=_trump_badge(hand.trump),
            scorers=[(names[s], p) for s, p in enumerate(hand.points) if p],
        )
        for hand in hands
    ]


def _table_context(game: Game, *, reveal_form: RevealForm | None = None) -> dict[str, Any]:
    """Everything the table screen shows, in a fixed number of queries."""
    table = game.table
    recent = game.recent_hands(RECENT_HANDS)
    last = recent[0] if recent else None
    number, dealer = game.upcoming(last)
    leader = (dealer + 1) % table.n
    current = game.current_hand
    rows = _scoreboard(game, dealer, leader)
    if reveal_form is None and current is not None and current.partner_to_reveal(table.variant):
        reveal_form = RevealForm.for_game(game, game=game)
    return {
        "game": game,
        "table": table,
        "rules": game.house_rules,
        "number": number,
        "dealer": table.name(dealer),
        "out_of_turn": game.next_dealer is not None,
        "leader": table.name(leader),
        "rows": rows,
        "ahead": _ahead_line(rows, game.target),
        "current": current,
        "call": _describe_call(game, current) if current else "",
        "reveal_form": reveal_form,
        "reveal_choices": [
            (str(seat), name)
            for seat, name in enumerate(table.players)
            if current is None or seat != current.maker
        ],
        "action_form": GameActionForm.for_game(game),
        "recent": _recent(game, recent),
        "last": last,
    }


def _result_context(game: Game) -> dict[str, Any]:
    score = game.score()
    table = game.table
    standings = sorted(
        (
            (table.names(side), score.totals[side[0]], side[0] in score.winners)
            for side in table.sides()
        ),
        key=lambda row: -row[1],
    )
    winners = [table.name(s) for s in score.winners]
    after_end = [h.number for h in score.hands if h.after_end]
    return {
        "game": game,
        "table": table,
        "score": score,
        "winners": table.names(score.winners),
        "shared": len(winners) > 1 and table.variant is not Variant.STANDARD,
        "standings": standings,
        "after_end": after_end,
        "action_form": GameActionForm.for_game(game),
    }


# --- Starting a game ---------------------------------------------------------------------------


def _new_game_context(form: NewGameForm) -> dict[str, Any]:
    variant = form.variant_value
    rules = form.shown_rules()
    deals = [(n, deal_for(variant, n, rules)) for n in variant.player_counts]
    typed = form.typed_names()
    seated = {name.casefold() for name in typed if name}
    known = [p for p in Player.objects.recent(12) if p.name.casefold() not in seated]
    slots = max(variant.player_counts)
    dealer_chips: list[tuple[Any, int | None, str]] = []
    for choice in form["first_dealer"]:
        value = str(choice.data["value"])
        if value == "random":
            dealer_chips.append((choice, None, ""))
        elif int(value) < slots:
            dealer_chips.append((choice, int(value), typed[int(value)]))
    return {
        "form": form,
        "variant": variant,
        "deals": deals,
        "filled": sum(1 for name in typed[:slots] if name),
        "known": known,
        "typed": typed,
        "dealer_chips": dealer_chips,
        "seat_slots": SEAT_SLOTS,
    }


@require_http_methods(["GET", "POST"])
def new_game(request: HtmxHttpRequest) -> HttpResponse:
    """Start a game: variant, players in seat order, first dealer, house rules.

    Tapping a known player, or changing the variant without JavaScript's help
    ("Update"), re-draws the form with what was typed; "Start" starts the game.
    """
    if request.method == "GET":
        initial: dict[str, Any] = {"token": uuid.uuid4()}
        if request.GET.get("variant") in {v.value for v in Variant}:
            initial["variant"] = request.GET["variant"]
        form = NewGameForm(initial=initial)
        return _screen(request, "new_game.html", _new_game_context(form))
    form = NewGameForm(request.POST)
    add_player = request.POST.get("add_player", "")
    if add_player or request.POST.get("action") == "refresh":
        form = form.refreshed(add_player=" ".join(add_player.split()))
        return _screen(request, "new_game.html", _new_game_context(form), url=reverse("new_game"))
    if not form.is_valid():
        return _screen(
            request, "new_game.html", _new_game_context(form), status=422, url=reverse("new_game")
        )
    game = form.start()
    first = game.seat_list()[game.first_dealer].player.name
    return _after_change(request, game.pk, f"Game started: {first} deals first.")


# --- The table screen ---------------------------------------------------------------------------


@require_GET
def game_table(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The table screen: totals, who deals and leads, the hand in progress, the last hands."""
    game = _load(game_id)
    return _screen(request, "table.html", _table_context(game))


@require_GET
def game_state(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The table screen's poll: 204 while the game is as this phone shows it,
    else the table's live part, so phones watching the same game keep up."""
    form = StateForm(request.GET)
    version = form.cleaned_data["version"] if form.is_valid() else None
    current = Game.objects.filter(pk=game_id).values_list("version", flat=True).first()
    if current is None:
        raise Http404("No such game")
    if version == current:
        return HttpResponse(status=204)
    game = _load(game_id)
    return render(request, "scorekeeper/table.html#live", {**_table_context(game), "partial": True})


@require_GET
def game_sheet(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Every hand of the game with each player's points and running totals."""
    game = _load(game_id)
    table = game.table
    hands = game.hand_list()
    rows = [
        (
            hand,
            _trump_badge(hand.trump),
            hand.summary(table),
            list(zip(hand.points, hand.totals, strict=False)),
        )
        for hand in hands
    ]
    return _screen(request, "sheet.html", {"game": game, "table": table, "rows": rows})


# --- Recording a hand -----------------------------------------------------------------------------


def _hand_screen(
    request: HtmxHttpRequest,
    game: Game,
    form: HandForm,
    *,
    status: int = 200,
    url: str | None = None,
    **extra: Any,
) -> HttpResponse:
    context = {"game": game, "table": game.table, "form": form, "stage": form.stage, **extra}
    if form.stage != "start" and form.is_bound:
        context["preview"] = form.preview_rows()
        context["score"] = form.score()
    return _screen(request, "hand.html", context, status=status, url=url)


def _preview(request: HtmxHttpRequest, game: Game, form: HandForm, **extra: Any) -> HttpResponse:
    """The live preview: every player's points and the rule, as the scorer taps."""
    context = {
        "game": game,
        "table": game.table,
        "form": form,
        "stage": form.stage,
        "preview": form.preview_rows(),
        "score": form.score(),
        "partial": True,
        **extra,
    }
    response = render(request, "scorekeeper/hand.html#preview", context)
    response["HX-Retarget"] = "#preview"
    response["HX-Reswap"] = "outerHTML"
    return response


def _prefill(request: HtmxHttpRequest, game: Game, base: dict[str, Any]) -> dict[str, Any] | None:
    """GET parameters that fill a hand form (the referee's audit sends them): the
    form is then bound, so a bad value is named beside its field."""
    keys = (
        "maker",
        "trump",
        "called",
        "alone",
        "round",
        "tricks",
        "partner",
        "renege",
        "revealed_on_trick",
    )
    given = {k: request.GET[k] for k in keys if k in request.GET}
    if not given:
        return None
    return {**base, **given, "version": game.version, "token": uuid.uuid4()}


def _open_game(request: HtmxHttpRequest, game: Game) -> HttpResponse | None:
    """No hand can be added to a finished game: send the scorer to the result."""
    if game.is_finished:
        messages.warning(request, GAME_OVER_MESSAGE)
        return (
            _after_change(request, game.pk)
            if _wants_partial(request)
            else redirect("game_result", game.pk)
        )
    return None


@require_http_methods(["GET", "POST"])
def hand_start(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Trump is made: the maker, trump and the call (and the bidding round, if noted)."""
    game = _load(game_id)
    url = reverse("hand_start", args=[game_id])
    if request.method == "GET":
        if closed := _open_game(request, game):
            return closed
        initial = {
            "version": game.version,
            "token": uuid.uuid4(),
            **HandForm.initial_from_current(game.current_hand),
        }
        form = HandForm(initial=initial, game=game, stage="start")
        return _hand_screen(request, game, form)
    form = HandForm(request.POST, game=game, stage="start")
    if not form.is_valid():
        return _hand_screen(request, game, form, status=422, url=url)
    try:
        game.start_hand(version=form.cleaned_data["version"], **form.start_kwargs)
    except StaleGame:
        return _behind(request, game_id)
    except GameOver:
        return _behind(request, game_id, GAME_OVER_MESSAGE)
    except HandError as error:
        form.add_engine_errors(error.errors)
        return _hand_screen(request, game, form, status=422, url=url)
    return _after_change(request, game_id)


@require_POST
def hand_reveal(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The called card was played: one tap records who holds it (and on which trick)."""
    game = _load(game_id)
    form = RevealForm(request.POST, game=game)
    if form.is_valid():
        trick = form.cleaned_data.get("trick")
        try:
            game.reveal_partner(
                version=form.cleaned_data["version"],
                partner=int(form.cleaned_data["partner"]),
                trick=int(trick) if trick else None,
            )
        except StaleGame:
            return _behind(request, game_id)
        except HandError as error:
            form.add_engine_errors(error.errors)
        else:
            return _after_change(request, game_id)
    context = _table_context(game, reveal_form=form)
    return _screen(
        request, "table.html", context, status=422, url=reverse("game_table", args=[game_id])
    )


@require_http_methods(["GET", "POST"])
def hand_dealer(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """A deal out of turn: who is dealing the next hand (GET asks, POST notes it).
    The hand is recorded with that dealer and the deal passes on from them."""
    game = _load(game_id)
    url = reverse("hand_dealer", args=[game_id])
    if request.method == "GET":
        if closed := _open_game(request, game):
            return closed
        return _dealer_screen(request, game, DealerForm.for_game(game, game=game), url=url)
    form = DealerForm(request.POST, game=game)
    if form.is_valid():
        dealer = int(form.cleaned_data["dealer"])
        try:
            game.set_dealer(version=form.cleaned_data["version"], dealer=dealer)
        except StaleGame:
            return _behind(request, game_id)
        except GameOver:
            return _behind(request, game_id, GAME_OVER_MESSAGE)
        except HandError as error:
            form.add_engine_errors(error.errors)
        else:
            name = game.table.name(dealer)
            turn = "" if game.next_dealer is None else " (out of turn)"
            return _after_change(request, game_id, f"{name} deals this hand{turn}.")
    return _dealer_screen(request, game, form, url=url, status=422)


def _dealer_screen(
    request: HtmxHttpRequest, game: Game, form: DealerForm, *, url: str, status: int = 200
) -> HttpResponse:
    last = game.recent_hands(1)
    number, in_turn = game.in_turn(last[0] if last else None)
    _, dealer = game.upcoming(last[0] if last else None)
    table = game.table
    context = {
        "game": game,
        "form": form,
        "number": number,
        "in_turn": table.name(in_turn),
        "dealer": table.name(dealer),
        "choices": [
            (str(seat), name, seat == dealer, seat == in_turn)
            for seat, name in enumerate(table.players)
        ],
    }
    return _screen(request, "dealer.html", context, status=status, url=url)


@require_POST
def hand_cancel(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Forget the hand in progress (trump was recorded by mistake)."""
    form = GameActionForm(request.POST)
    if not form.is_valid():
        return _behind(request, game_id, "Nothing changed: the form was incomplete.")
    game = _load(game_id)
    try:
        game.cancel_hand_in_progress(version=form.cleaned_data["version"])
    except StaleGame:
        return _behind(request, game_id)
    return _after_change(request, game_id, "The call was cancelled.")


def _record(request: HtmxHttpRequest, game: Game, form: HandForm, url: str) -> HttpResponse:
    """Store the hand the form holds, once (its token), if this phone is up to date."""
    assert form.hand is not None
    try:
        record = game.record_hand(
            version=form.cleaned_data["version"],
            token=form.cleaned_data.get("token"),
            hand=form.hand,
        )
    except StaleGame:
        return _behind(request, game.pk)
    except GameOver:
        form.add_error(None, GAME_OVER_MESSAGE)
        return _hand_screen(request, game, form, status=422, url=url)
    except HandError as error:
        form.add_engine_errors(error.errors)
        return _hand_screen(request, game, form, status=422, url=url)
    return _after_change(request, game.pk, f"Hand {record.number} recorded.")


def _hand_post(
    request: HtmxHttpRequest, game: Game, form: HandForm, url: str, **extra: Any
) -> HttpResponse | None:
    """A posted hand form that is not (yet) to be stored: the live preview, the
    no-JavaScript preview, or the form again with its errors. None: store it."""
    previewing = "preview" in request.POST
    if previewing and _wants_partial(request):
        return _preview(request, game, form, **extra)
    if not form.is_valid() or form.hand is None:
        return _hand_screen(request, game, form, status=422, url=url, **extra)
    if previewing:
        return _hand_screen(request, game, form, url=url, **extra)
    return None


@require_http_methods(["GET", "POST"])
def hand_finish(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The hand is over: tricks, the partner if not revealed, a renege. GET
    accepts ``tricks``, ``partner`` (a seat, ``maker`` or ``none``), ``renege``
    and ``revealed_on_trick`` to fill the form (the referee's hand audit)."""
    game = _load(game_id)
    current = game.current_hand
    if current is None:
        # Nothing in progress: the whole hand is entered at once, with the same values.
        query = request.GET.urlencode() if request.method == "GET" else ""
        target = reverse("hand_enter", args=[game_id]) + (f"?{query}" if query else "")
        if request.method == "POST":
            messages.warning(request, "No hand is in progress: enter the whole hand.")
        return redirect(target)
    url = reverse("hand_finish", args=[game_id])
    if request.method == "GET":
        if closed := _open_game(request, game):
            return closed
        base = HandForm.initial_from_current(current)
        data = _prefill(request, game, base)
        if data is not None:
            form = HandForm(data, game=game, stage="finish", current=current)
        else:
            initial = {"version": game.version, "token": uuid.uuid4(), **base}
            form = HandForm(initial=initial, game=game, stage="finish", current=current)
        return _hand_screen(request, game, form, call=_describe_call(game, current))
    form = HandForm(request.POST, game=game, stage="finish", current=current)
    call = _describe_call(game, current)
    return _hand_post(request, game, form, url, call=call) or _record(request, game, form, url)


@require_http_methods(["GET", "POST"])
def hand_enter(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """A whole hand at once, after the fact: the call and the end together."""
    game = _load(game_id)
    url = reverse("hand_enter", args=[game_id])
    if request.method == "GET":
        if closed := _open_game(request, game):
            return closed
        data = _prefill(request, game, {})
        if data is not None:
            form = HandForm(data, game=game, stage="whole")
        else:
            initial = {"version": game.version, "token": uuid.uuid4()}
            form = HandForm(initial=initial, game=game, stage="whole")
        return _hand_screen(request, game, form)
    form = HandForm(request.POST, game=game, stage="whole")
    return _hand_post(request, game, form, url) or _record(request, game, form, url)


@require_POST
def hand_thrown_in(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Everyone passed: the hand is thrown in, no score, the deal passes on."""
    form = GameActionForm(request.POST)
    if not form.is_valid():
        return _behind(request, game_id, "Nothing changed: the form was incomplete.")
    game = _load(game_id)
    try:
        record = game.record_hand(
            version=form.cleaned_data["version"],
            token=form.cleaned_data.get("token"),
            hand=EngineHand(thrown_in=True),
        )
    except StaleGame:
        return _behind(request, game_id)
    except GameOver:
        return _behind(request, game_id, GAME_OVER_MESSAGE)
    return _after_change(request, game_id, f"Hand {record.number} thrown in: the deal passes on.")


@require_http_methods(["GET", "POST"])
def hand_undo(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """Take back the last hand (GET asks first, POST does it)."""
    game = _load(game_id)
    if request.method == "GET":
        last = game.recent_hands(1)
        context = {
            "game": game,
            "last": last[0] if last else None,
            "summary": last[0].summary(game.table) if last else "",
            "action_form": GameActionForm.for_game(game),
        }
        return _screen(request, "undo.html", context)
    form = GameActionForm(request.POST)
    if not form.is_valid():
        return _behind(request, game_id, "Nothing changed: the form was incomplete.")
    try:
        number = game.undo_last_hand(version=form.cleaned_data["version"])
    except StaleGame:
        return _behind(request, game_id, "Nothing undone: the game changed on another phone first.")
    message = "No hand to undo." if number is None else f"Hand {number} undone."
    return _after_change(request, game_id, message)


def _record_or_404(game: Game, number: int) -> Hand:
    try:
        return game.hands.get(number=number)
    except Hand.DoesNotExist:
        raise Http404("No such hand") from None


@require_http_methods(["GET", "POST"])
def hand_edit(request: HtmxHttpRequest, game_id: int, number: int) -> HttpResponse:
    """Change a recorded hand; totals and the end of the game are recomputed.
    If the game would end earlier, the scorer confirms first."""
    game = _load(game_id)
    record = _record_or_404(game, number)
    url = reverse("hand_edit", args=[game_id, number])
    extra: dict[str, Any] = {"record": record}
    if request.method == "GET":
        initial = {
            "version": game.version,
            "token": uuid.uuid4(),
            **HandForm.initial_from_record(record),
        }
        form = HandForm(initial=initial, game=game, stage="edit")
        return _hand_screen(request, game, form, **extra)
    form = HandForm(request.POST, game=game, stage="edit")
    if response := _hand_post(request, game, form, url, **extra):
        return response
    assert form.hand is not None
    try:
        game.edit_hand(
            version=form.cleaned_data["version"],
            number=number,
            hand=form.hand,
            confirm_earlier_end=form.cleaned_data.get("confirm_earlier_end", False),
        )
    except StaleGame:
        return _behind(
            request, game_id, "Nothing changed: the game changed on another phone first."
        )
    except HandError as error:
        form.add_engine_errors(error.errors)
        return _hand_screen(request, game, form, status=422, url=url, **extra)
    except EndMovesEarlier as end:
        last = end.ended_after + end.later_hands
        later = (
            f"hand {end.ended_after + 1}"
            if end.later_hands == 1
            else f"hands {end.ended_after + 1}..{last}"
        )
        warning = (
            f"This would end the game after hand {end.ended_after}; {later} will be kept "
            "and marked as played after the end."
        )
        return _hand_screen(
            request,
            game,
            form,
            status=422,
            url=url,
            confirm_end=warning,
            confirm_after=end.ended_after,
            **extra,
        )
    return _after_change(request, game_id, f"Hand {number} changed.")


@require_GET
def hand_history(request: HtmxHttpRequest, game_id: int, number: int) -> HttpResponse:
    """What happened to one hand: recorded, edited (what changed), undone; and when."""
    game = _load(game_id)
    changes = list(HandChange.objects.filter(game=game, hand_number=number))
    record = game.hands.filter(number=number).first()
    if record is None and not changes:
        raise Http404("No such hand")
    return _screen(
        request,
        "history.html",
        {"game": game, "number": number, "record": record, "changes": changes},
    )


# --- The end of the game ------------------------------------------------------------------------


@require_GET
def game_result(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The winner(s), and the rule that decided."""
    game = _load(game_id)
    if not game.is_finished:
        return redirect("game_table", game_id)
    return _screen(request, "result.html", _result_context(game))


@require_POST
def game_rematch(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The same players and rules, with the deal passed on (once, however often tapped)."""
    game = _load(game_id)
    rematch = game.rematch()
    first = rematch.seat_list()[rematch.first_dealer].player.name
    return _after_change(request, rematch.pk, f"Rematch: {first} deals first.")
