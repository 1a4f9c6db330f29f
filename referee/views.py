"""The referee's screens: rules, card ranking, trick judge, legal play, hand audit, score.

Every tool is a GET form or a set of plain links, so the URL of a result is the
ruling itself and reopens it exactly. A plain request gets the whole page; an
htmx request gets the screen's ``tool`` partial (style.md 4). Invalid input
re-renders with a message beside the field: 200 for a page, 422 for htmx.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from referee.engine.audit import HandAudit
from referee.engine.cards import (
    SUITS,
    Card,
    CardError,
    Rank,
    Suit,
    format_cards,
    is_left_bower,
    is_right_bower,
    make_deck,
    parse_card,
    parse_trump,
    suit_order,
    trump_name,
)
from referee.engine.hands import PartnerOutcome
from referee.engine.rulebook import Choice, Rulebook, in_force, renege_penalty, rulebook, search
from referee.engine.variants import (
    RULE_KEYS,
    RulesError,
    Variant,
    deal_for,
    house_rules_from_dict,
    parse_variant,
)
from referee.forms import (
    DECK_CHOICES,
    RENEGE_CHOICES,
    VARIANT_CHOICES,
    AuditForm,
    LegalForm,
    RankingForm,
    RulesIndexForm,
    RulesSearchForm,
    ScoreForm,
    TrickForm,
    is_trick_field,
    lowest_rank_for,
)
from scorekeeper.http import HtmxHttpRequest
from scorekeeper.models import Game

# Suits in the pickers alternate colours, so neighbouring rows never look alike.
PICKER_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def _render(
    request: HtmxHttpRequest,
    template: str,
    context: dict[str, Any],
    *,
    invalid: bool = False,
) -> HttpResponse:
    """The whole page, or its ``tool`` partial for htmx (never for a history restore)."""
    partial = request.htmx and not request.htmx.history_restore_request
    response = render(
        request,
        f"{template}#tool" if partial else template,
        context,
        status=422 if invalid and partial else 200,
    )
    patch_vary_headers(response, ("HX-Request",))
    return response


def _url(name: str, params: Mapping[str, Any] | None = None, *, args: Iterable[Any] = ()) -> str:
    query = urlencode({k: v for k, v in (params or {}).items() if v not in (None, "")}, safe=",")
    return reverse(name, args=list(args)) + (f"?{query}" if query else "")


def _share(request: HtmxHttpRequest, url: str) -> str:
    return request.build_absolute_uri(url)


def _has_input(request: HtmxHttpRequest, ignore: Iterable[str] = ("game",)) -> bool:
    return any(k not in ignore for k in request.GET)


# --- Card pickers -----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Chip:
    card: Card
    href: str | None  # None: a card shown but not tapped (played already, or a form's input)
    state: str = ""  # "played" (struck out) or "picked" (checked in a form)


@dataclass(frozen=True, kw_only=True)
class SuitRow:
    suit: Suit
    chips: tuple[Chip, ...]


def _picker(lowest: Rank, chip: Callable[[Card], Chip]) -> tuple[SuitRow, ...]:
    """Every card of the deck, one row per suit, highest first."""
    deck = make_deck(lowest)
    return tuple(
        SuitRow(
            suit=suit,
            chips=tuple(chip(c) for c in sorted((c for c in deck if c.suit == suit), reverse=True)),
        )
        for suit in PICKER_SUITS
    )


@dataclass(frozen=True, kw_only=True)
class TrumpLink:
    value: str
    label: str
    symbol: str
    href: str
    current: bool


def _trump_links(
    current: str, href: Callable[[str], str], *, no_trump: bool = True
) -> list[TrumpLink]:
    links = [
        TrumpLink(
            value=s.letter,
            label=s.plural.capitalize(),
            symbol=s.symbol,
            href=href(s.letter),
            current=current == s.letter,
        )
        for s in SUITS
    ]
    if no_trump:
        links.append(
            TrumpLink(
                value="NT", label="No trump", symbol="", href=href("NT"), current=current == "NT"
            )
        )
    return links


# --- Index and rules ----------------------------------------------------------------------


@require_GET
def index(request: HtmxHttpRequest) -> HttpResponse:
    """The referee's tools, as big buttons; ``?game=<id>`` passes the game on."""
    form = RulesIndexForm(request.GET)
    game = form.cleaned_data.get("game") if form.is_valid() else None
    keep = {"game": game.pk} if game else {}
    tools = [
        ("Trick judge", "Who won the trick, and why.", _url("referee:trick")),
        (
            "Legal play and renege",
            "May this card be played? Was that a renege?",
            _url("referee:legal", keep),
        ),
        (
            "Hand audit",
            "Replay a hand trick by trick to find a renege.",
            _url("referee:audit", keep),
        ),
        ("Score calculator", "What would this hand score?", _url("referee:score", keep)),
        ("Card ranking", "Every suit in order once trump is named.", _url("referee:ranking")),
        ("Rules", "The rules of each variant, and our rulings.", _url("referee:rules", keep)),
    ]
    return render(request, "referee/index.html", {"form": form, "game": game, "tools": tools})


@require_GET
def rules_index(request: HtmxHttpRequest) -> HttpResponse:
    """Pick a variant; ``?game=<id>`` goes straight to that game's rules in force."""
    form = RulesIndexForm(request.GET)
    if form.is_valid() and form.cleaned_data["game"] is not None:
        game: Game = form.cleaned_data["game"]
        return HttpResponseRedirect(
            _url("referee:rules-variant", {"game": game.pk}, args=[game.variant])
        )
    books = [rulebook(v) for v in Variant]
    return render(request, "referee/rules_index.html", {"form": form, "books": books})


@dataclass(frozen=True, kw_only=True)
class OptionView:
    title: str
    anchor: str
    choices: tuple[tuple[Choice, bool], ...]  # (choice, in force at this table)
    own: Choice | None  # a table's own value that is none of the choices (a target of 15)


@require_GET
def rules(request: HtmxHttpRequest, variant: str) -> HttpResponse:
    """A variant's rules in the order of play, with search and a game's house rules."""
    try:
        chosen = parse_variant(variant)
    except RulesError:
        raise Http404("no such variant") from None
    book: Rulebook = rulebook(chosen)
    form = RulesSearchForm(request.GET)
    valid = form.is_valid()
    game: Game | None = form.cleaned_data.get("game") if valid else None
    query = form.cleaned_data.get("q", "") if valid else ""
    hits = search(query, variant=chosen) if query else ()
    other_variant = game is not None and game.variant_enum is not chosen
    house = game.house_rules if game is not None and not other_variant else None
    sections = []
    for section in book.sections:
        options = []
        for option in section.options:
            force = in_force(option, house) if house is not None else None
            choices = tuple(
                (c, force is not None and force.value == c.value) for c in option.choices
            )
            options.append(
                OptionView(
                    title=option.title,
                    anchor=option.anchor,
                    choices=choices,
                    own=force if force is not None and not any(f for _, f in choices) else None,
                )
            )
        sections.append((section, options))
    share = _url(
        "referee:rules-variant",
        {"game": game.pk if game else None, "q": query},
        args=[chosen.value],
    )
    context = {
        "book": book,
        "form": form,
        "game": game,
        "other_variant": other_variant,
        "query": query,
        "hits": hits,
        "sections": sections,
        "variants": [rulebook(v) for v in Variant],
        "share_url": _share(request, share) if query else "",
    }
    return _render(request, "referee/rules.html", context, invalid=not valid)


# --- Card ranking -------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class RankedCard:
    card: Card
    label: str  # "right bower", "left bower" or ""


@require_GET
def ranking(request: HtmxHttpRequest) -> HttpResponse:
    """Every suit from highest to lowest under a trump, bowers moved into trump (rules.md 1)."""
    form = RankingForm(request.GET)
    valid = form.is_valid()
    trump_text = form.cleaned_data.get("trump", "") if valid else ""
    deck = (form.cleaned_data.get("deck") if valid else "") or "24"
    lowest = lowest_rank_for(deck, [])
    rows = []
    if trump_text:
        trump = parse_trump(trump_text)
        suits = list(SUITS)
        if trump is not None:
            suits.sort(key=lambda s: (s != trump, s != trump.partner_suit))
        for suit in suits:
            cards = suit_order(suit, trump, lowest=lowest)
            ranked = [
                RankedCard(
                    card=c,
                    label="right bower"
                    if is_right_bower(c, trump)
                    else "left bower"
                    if is_left_bower(c, trump)
                    else "",
                )
                for c in cards
            ]
            note = ""
            if trump is not None and suit == trump:
                note = "Trump: the two jacks of this colour lead, then the ace."
            elif trump is not None and suit == trump.partner_suit:
                note = (
                    f"No jack: the jack of {suit.plural} is the left bower, "
                    f"one of the {trump.plural}."
                )
            rows.append(
                {
                    "suit": suit,
                    "cards": ranked,
                    "note": note,
                    "is_trump": trump is not None and suit == trump,
                }
            )
    links = _trump_links(
        trump_text, lambda t: _url("referee:ranking", {"trump": t, "deck": _deck_param(deck)})
    )
    deck_links = [
        {
            "label": label,
            "href": _url("referee:ranking", {"trump": trump_text, "deck": _deck_param(value)}),
            "current": value == deck,
        }
        for value, label in DECK_CHOICES
    ]
    share = _url("referee:ranking", {"trump": trump_text, "deck": _deck_param(deck)})
    context = {
        "form": form,
        "trump": trump_text,
        "trump_name": trump_name(parse_trump(trump_text)) if trump_text else "",
        "trump_links": links,
        "deck_links": deck_links,
        "rows": rows,
        "share_url": _share(request, share) if trump_text else "",
    }
    return _render(request, "referee/ranking.html", context, invalid=not valid)


def _deck_param(deck: str) -> str:
    return "" if deck in ("", "24") else deck


# --- Trick judge --------------------------------------------------------------------------


@require_GET
def trick(request: HtmxHttpRequest) -> HttpResponse:
    """Tap the cards of a trick in the order played: who won, and why (rules.md 2)."""
    form = TrickForm(request.GET)
    valid = form.is_valid()
    # What passed keeps its place in the links even when another field is at fault.
    data = form.cleaned_data
    trump: str = data.get("trump", "")
    cards: list[Card] = data.get("cards", [])
    deck: str = data.get("deck", "")
    result = data.get("result") if valid else None

    def link(**change: Any) -> str:
        params = {"trump": trump, "cards": format_cards(cards), "deck": _deck_param(deck)}
        params.update(change)
        return _url("referee:trick", params)

    full = len(cards) >= 6
    picker = _picker(
        lowest_rank_for(deck, cards),
        lambda c: Chip(
            card=c,
            href=None if c in cards or full else link(cards=format_cards([*cards, c])),
            state="played" if c in cards else "",
        ),
    )
    context = {
        "form": form,
        "trump": trump,
        "trump_label": trump_name(parse_trump(trump)) if trump else "",
        "cards": cards,
        "result": result,
        "full": full,
        "picker": picker,
        "trump_links": _trump_links(trump, lambda t: link(trump=t)),
        "undo_url": link(cards=format_cards(cards[:-1])) if cards else "",
        "clear_url": link(cards="") if cards else "",
        "deck_links": [
            {
                "label": label,
                "href": link(deck=_deck_param(value)),
                "current": value == (deck or "24"),
            }
            for value, label in DECK_CHOICES
        ],
        "share_url": _share(request, link()) if result else "",
    }
    return _render(request, "referee/trick.html", context, invalid=not valid)


# --- Legal play and renege ----------------------------------------------------------------

_LOWEST_FOR_PLAYERS = {4: Rank.NINE, 5: Rank.EIGHT, 6: Rank.SEVEN}


@require_GET
def legal(request: HtmxHttpRequest) -> HttpResponse:
    """Which cards may be played on the led card, and was the card played a renege?"""
    bound = _has_input(request)
    game = _game_param(request)
    form = LegalForm(request.GET if bound else None, game=game)
    valid = form.is_valid() if bound else False
    data: dict[str, Any] = form.cleaned_data if valid else {}
    options, check = data.get("options"), data.get("check")
    hand: list[Card] = data.get("hand", [])
    led_chosen, hand_chosen = _chosen(form, "led"), _chosen(form, "hand")
    if game is not None:
        lowest = deal_for(game.variant_enum, len(game.seat_list()), game.house_rules).lowest_rank
    else:
        lowest = _LOWEST_FOR_PLAYERS.get(data.get("players") or 4, Rank.NINE)
    lowest = min([lowest, *(parse_card(c).rank for c in led_chosen | hand_chosen)])

    def link(**change: Any) -> str:
        params: dict[str, Any] = {
            "trump": data.get("trump"),
            "led": str(data["led"]) if data.get("led") else "",
            # In the pickers' order, so the same hand always makes the same link.
            "hand": format_cards(sorted(hand, key=_picker_order)),
        }
        params.update(form.rules_query())
        if data.get("players") and game is None:
            params["players"] = data["players"]
        if params.get("variant") == Variant.CALL_ACE.value:
            del params["variant"]  # the default: keep the shared link short
        params.update(change)
        return _url("referee:legal", params)

    plays = []
    if options is not None:
        plays = [
            {
                "card": card,
                "legal": card in options.legal,
                "href": link(played=str(card)),
                "current": check is not None and data.get("played") == card,
            }
            for card in hand
        ]
    penalty = ""
    if check is not None and not check.legal:
        penalty = renege_penalty(data["variant"], data["rules"], players=data.get("players"))
    context = {
        "form": form,
        "game": game,
        "options": options,
        "check": check,
        "plays": plays,
        "penalty": penalty,
        "rules_label": _rules_label(data) if valid else "",
        "trump_choices": _trump_links(_raw_upper(form, "trump"), lambda t: t),
        "led_picker": _picker(lowest, lambda c: _picked(c, led_chosen)),
        "hand_picker": _picker(lowest, lambda c: _picked(c, hand_chosen)),
        "led_none": bound and not led_chosen,
        "variant_choices": VARIANT_CHOICES,
        "player_choices": [("", "Any"), ("4", "4"), ("5", "5"), ("6", "6")],
        "renege_choices": RENEGE_CHOICES,
        "share_url": _share(request, link(played=str(data["played"]) if check else ""))
        if options is not None
        else "",
    }
    return _render(request, "referee/legal.html", context, invalid=bound and not valid)


def _picker_order(card: Card) -> tuple[int, int]:
    return PICKER_SUITS.index(card.suit), -card.rank


def _picked(card: Card, chosen: set[str]) -> Chip:
    return Chip(card=card, href=None, state="picked" if str(card) in chosen else "")


def _chosen(form: Any, name: str) -> set[str]:
    """The cards a bound field holds, valid or not, in canonical notation."""
    if not form.is_bound:
        return set()
    chosen = set()
    for part in str(form[name].value() or "").split(","):
        try:
            chosen.add(str(parse_card(part)))
        except CardError:
            continue
    return chosen


def _raw_upper(form: Any, name: str) -> str:
    return str(form[name].value() or "").strip().upper() if form.is_bound else ""


def _rules_label(data: Mapping[str, Any]) -> str:
    game: Game | None = data.get("game")
    if game is not None:
        return f"the house rules of game #{game.pk}"
    variant: Variant = data["variant"]
    label = variant.label
    if data.get("players"):
        label += f", {data['players']} players"
    return label


def _game_param(request: HtmxHttpRequest) -> Game | None:
    text = request.GET.get("game", "")
    if not text.isdigit():
        return None
    return Game.objects.for_table().filter(pk=int(text)).first()


# --- Score calculator ------------------------------------------------------------------------

_SCORE_SETUP = ("game", "variant", "players")


@require_GET
def score(request: HtmxHttpRequest) -> HttpResponse:
    """What would this hand score, with the explanation the scorekeeper uses?"""
    game = _game_param(request)
    if game is not None:
        variant = game.variant_enum
        names = tuple(s.player.name for s in game.seat_list())
    else:
        try:
            variant = parse_variant(request.GET.get("variant") or Variant.CALL_ACE.value)
        except RulesError:
            variant = Variant.CALL_ACE
        count = request.GET.get("players", "")
        n = int(count) if count.isdigit() and int(count) in variant.player_counts else 0
        n = n or variant.player_counts[0]
        names = tuple(f"Player {i}" for i in range(1, n + 1))
    bound = any(k not in _SCORE_SETUP for k in request.GET)
    form = ScoreForm(request.GET if bound else None, game=game)
    valid = form.is_valid() if bound else False
    data: dict[str, Any] = form.cleaned_data if valid else {}
    result, table = data.get("score"), data.get("table")
    points = []
    if result is not None and table is not None:
        points = [
            {"name": table.name(s), "points": result.points[s], "penalty": result.penalties[s]}
            for s in range(table.n)
        ]

    def setup_link(**change: Any) -> str:
        params: dict[str, Any] = {"variant": variant.value, "players": len(names)}
        params.update(change)
        return _url("referee:score", params)

    seats = [(str(i + 1), name) for i, name in enumerate(names)]
    deal = request.GET.get("deal", "")
    try:
        rules = house_rules_from_dict(variant, {"deal": deal} if deal else {})
        tricks = deal_for(variant, len(names), rules).tricks
    except RulesError:
        tricks = 5
    context = {
        "form": form,
        "game": game,
        "variant": variant,
        "names": names,
        "seats": seats,
        "partner_choices": [*seats, ("maker", "The maker held it"), ("none", "Not in play")],
        "trick_choices": [(str(i), str(i)) for i in range(tricks + 1)],
        "renege_choices": [("", "Nobody"), *seats],
        "renege_rule_choices": [("", RENEGE_CHOICES[0][1]), *RENEGE_CHOICES[1:]],
        "deal_choices": [("", "Five each"), ("seed", "The sheet's deal")],
        "no_trump_choices": [("", "Not allowed"), ("on", "Allowed")],
        "variant_links": []
        if game
        else [
            {
                "label": v.label,
                "href": setup_link(variant=v.value, players=v.player_counts[0]),
                "current": v is variant,
            }
            for v in Variant
        ],
        "player_links": []
        if game or len(variant.player_counts) == 1
        else [
            {"label": str(n), "href": setup_link(players=n), "current": n == len(names)}
            for n in variant.player_counts
        ],
        "trump_choices": _trump_links(
            _raw_upper(form, "trump"), lambda t: t, no_trump=variant is Variant.STANDARD
        ),
        "called_cards": _called_card_choices(variant, len(names)),
        "result": result,
        "points": points,
        "share_url": _share(request, request.get_full_path()) if result else "",
    }
    return _render(request, "referee/score.html", context, invalid=bound and not valid)


def _called_card_choices(variant: Variant, players: int) -> list[tuple[Suit, list[Card]]]:
    if variant is not Variant.CALL_YOUR_PARTNER:
        return []
    lowest = deal_for(variant, players).lowest_rank
    return [
        (s, sorted((c for c in make_deck(lowest) if c.suit == s), reverse=True))
        for s in PICKER_SUITS
    ]


# --- Hand audit ----------------------------------------------------------------------------


@require_GET
def audit(request: HtmxHttpRequest) -> HttpResponse:
    """Replay a hand trick by trick: winners, partner, maker's tricks, reneges, the score."""
    params = request.GET.copy()
    params.pop("edit", None)
    game = _game_param(request)
    if game is not None:
        _prefill_from_game(params, game)
    bound = bool(params)
    form = AuditForm(params if bound else None, game=game)
    valid = form.is_valid() if bound else False
    data: dict[str, Any] = form.cleaned_data if bound else {}
    table = data.get("table")
    result: HandAudit | None = data.get("audit")
    stage = "players"
    if table is not None:
        stage = "tricks" if data.get("ready") and request.GET.get("edit") != "1" else "setup"
    state = _audit_state(data, game)
    tricks = [[p.card for p in t.plays] for t in result.tricks] if result else []

    def link(new_tricks: list[list[Card]]) -> str:
        query = dict(state)
        for number, cards in enumerate(new_tricks, start=1):
            query[f"t{number}"] = format_cards(cards)
        return _url("referee:audit", query)

    picker: tuple[SuitRow, ...] = ()
    undo_url = ""
    if stage == "tricks" and result is not None and table is not None:
        played = result.played

        def add(card: Card) -> str | None:
            if result.complete or card in played:
                return None
            if result.trick_under_way is None:
                return link([*tricks, [card]])
            return link([*tricks[:-1], [*tricks[-1], card]])

        picker = _picker(
            table.deal.lowest_rank,
            lambda c: Chip(card=c, href=add(c), state="played" if c in played else ""),
        )
        if tricks:
            shorter = [*tricks[:-1], tricks[-1][:-1]]
            undo_url = link([t for t in shorter if t])
    context = {
        "form": form,
        "game": game,
        "stage": stage,
        "table": table,
        "audit": result,
        "names": data.get("names", ()),
        "name_choices": [(n, n) for n in data.get("names", ())],
        "variant_choices": VARIANT_CHOICES,
        "trick_errors": [
            e for k, errors in form.errors.items() if is_trick_field(k) for e in errors
        ]
        if bound
        else [],
        "trump_choices": _trump_links(
            _raw_upper(form, "trump"),
            lambda t: t,
            no_trump=bool(table and table.variant is Variant.STANDARD and table.rules.no_trump),
        ),
        "called_cards": _called_card_choices(table.variant, table.n) if table is not None else [],
        "picker": picker,
        "undo_url": undo_url,
        "edit_url": _url("referee:audit", {**state, **_tricks_query(tricks), "edit": "1"}),
        "tricks_query": _tricks_query(tricks),
        # Without a table yet, keep the house rules as they came, to check them later.
        "rule_params": {k: v for k in RULE_KEYS if (v := (state if table else params).get(k))},
        **_audit_rows(result),
        "finish_url": _finish_url(game, result),
        "share_url": _share(request, link(tricks)) if result is not None and tricks else "",
    }
    return _render(request, "referee/audit.html", context, invalid=bound and not valid)


def _tricks_query(tricks: list[list[Card]]) -> dict[str, str]:
    return {f"t{n}": format_cards(cards) for n, cards in enumerate(tricks, start=1)}


def _prefill_from_game(params: Any, game: Game) -> None:
    """A hand in progress gives the maker, trump and call; the next deal gives the leader."""
    current = game.current_hand
    names = [s.player.name for s in game.seat_list()]
    if current is not None:
        if "maker" not in params and current.maker is not None:
            params["maker"] = names[current.maker]
        if "trump" not in params and current.trump:
            params["trump"] = current.trump
        if "called" not in params and current.called:
            params["called"] = current.called
        if "alone" not in params and current.alone:
            params["alone"] = "on"
    if "leader" not in params:
        params["leader"] = names[game.score().leader]


def _audit_state(data: Mapping[str, Any], game: Game | None) -> dict[str, str]:
    """The setup part of an audit's query string, canonical; a game's id stands for its table."""
    state: dict[str, str] = {}
    table = data.get("table")
    if table is None:
        return state
    if game is not None:
        state["game"] = str(game.pk)
    else:
        if table.variant is not Variant.CALL_ACE:
            state["variant"] = table.variant.value
        state["players"] = ",".join(table.players)
        for key, value in table.rules.differences(table.variant).items():
            state[key] = ("on" if value else "off") if isinstance(value, bool) else str(value)
    if data.get("maker_seat") is not None:
        state["maker"] = table.name(data["maker_seat"])
    if data.get("trump"):
        state["trump"] = data["trump"]
    if data.get("called_value") is not None:
        state["called"] = str(data["called_value"])
    if data.get("alone"):
        state["alone"] = "on"
    if data.get("leader_seat") is not None:
        state["leader"] = table.name(data["leader_seat"])
    return state


def _audit_rows(result: HandAudit | None) -> dict[str, Any]:
    """The audit as the screen shows it: finished tricks, the one under way, the summary."""
    if result is None:
        return {"finished_rows": [], "under_way": None, "summary": "", "next_name": ""}
    table = result.table
    reneges = {(f.renege.trick, f.renege.player) for f in result.reneges}
    proofs = {(f.renege.proved_on, f.renege.player) for f in result.reneges}
    rows = []
    for trick in result.tricks:
        plays = [
            {
                "name": table.name(p.player),
                "card": p.card,
                "won": trick.complete and p.player == trick.winner,
                "renege": (trick.number, p.player) in reneges,
                "proof": (trick.number, p.player) in proofs,
                "called": result.called_card == p.card,
            }
            for p in trick.plays
        ]
        rows.append(
            {
                "trick": trick,
                "leader": table.name(trick.leader),
                "winner": table.name(trick.winner) if trick.winner is not None else "",
                "maker_side": trick.winner in result.maker_side,
                "plays": plays,
            }
        )
    under_way = rows.pop() if result.trick_under_way is not None else None
    next_seat = result.next_player
    return {
        "finished_rows": rows,
        "under_way": under_way,
        "summary": _audit_summary(result),
        "next_name": table.name(next_seat) if next_seat is not None else "",
        "next_trick": len(rows) + 1,
        "maker_name": table.name(result.maker),
        "partner_name": table.name(result.partner) if result.partner is not None else "",
        "side_names": table.names(result.maker_side),
        "sits_out_name": table.name(result.sits_out) if result.sits_out is not None else "",
        "points": [
            {
                "name": table.name(s),
                "points": result.score.points[s],
                "penalty": result.score.penalties[s],
            }
            for s in range(table.n)
        ]
        if result.score is not None
        else [],
    }


def _audit_summary(result: HandAudit) -> str:
    table = result.table
    maker = table.name(result.maker)
    made = "no trump" if result.trump is None else result.trump.plural
    parts = [f"{maker} made {made}"]
    if isinstance(result.called, Suit):
        parts.append(f"called the ace of {result.called.plural}")
    elif isinstance(result.called, Card):
        parts.append(f"called the {result.called.name}")
    elif result.alone:
        parts.append("went alone")
    return ", ".join(parts) + f"; {table.name(result.first_leader)} led first."


def finish_query(result: HandAudit) -> dict[str, str]:
    """What a finished audit tells the scorekeeper's end-of-hand form (its GET prefill)."""
    query = {"tricks": str(result.maker_tricks)}
    if result.table.variant is not Variant.STANDARD:
        if result.outcome is PartnerOutcome.REVEALED and result.partner is not None:
            query["partner"] = str(result.partner)
            query["revealed_on_trick"] = str(result.revealed_on_trick)
        elif result.outcome is PartnerOutcome.MAKER_HELD:
            query["partner"] = "maker"
        elif result.outcome is PartnerOutcome.NOT_IN_PLAY:
            query["partner"] = "none"
    if result.first_renege is not None:
        query["renege"] = str(result.first_renege.renege.player)
    return query


def _finish_url(game: Game | None, result: HandAudit | None) -> str:
    if game is None or result is None or not result.complete:
        return ""
    try:
        return _url("hand_finish", finish_query(result), args=[game.pk])
    except NoReverseMatch:
        return ""  # the scorekeeper's end-of-hand form is not there (yet)
