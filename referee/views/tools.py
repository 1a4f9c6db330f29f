"""The quick tools: card ranking, the trick judge, legal play and renege."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from referee.engine.cards import (
    SUITS,
    Card,
    format_cards,
    parse_card,
    parse_trump,
    power_in_suit,
    suit_order,
    trump_name,
)
from referee.engine.rulebook import renege_penalty
from referee.engine.variants import (
    DECK_SIZES,
    Variant,
    deal_for,
    lowest_rank_of_deck,
)
from referee.forms.fields import (
    DECK_CHOICES,
    PLAYER_COUNT_CHOICES,
    RENEGE_CHOICES,
    VARIANT_CHOICES,
)
from referee.forms.tools import LegalForm, RankingForm, TrickForm
from referee.http import HtmxHttpRequest
from referee.views.screen import (
    Chip,
    chosen_cards,
    picked,
    picker,
    picker_order,
    render_tool,
    tool_url,
    trump_chips,
    trump_links,
    unseen_errors,
)

_STANDARD_DECK = DECK_SIZES[0]


def _deck_param(deck: int) -> str:
    """The deck as a link carries it: nothing for the usual 24 cards."""
    return "" if deck == _STANDARD_DECK else str(deck)


def _deck_links(current: int, href: Any) -> list[dict[str, Any]]:
    return [
        {"label": label, "href": href(_deck_param(int(value))), "current": int(value) == current}
        for value, label in DECK_CHOICES
    ]


# --- Card ranking -------------------------------------------------------------------------


# A bower's power in its suit (``power_in_suit``), and what the ranking calls it.
_BOWERS = {16: "right bower", 15: "left bower"}


@dataclass(frozen=True, kw_only=True)
class RankedCard:
    card: Card
    label: str  # "right bower", "left bower" or ""


@require_GET
def ranking(request: HtmxHttpRequest) -> HttpResponse:
    """Every suit from highest to lowest under a trump, bowers moved into trump
    (docs/rules.md 4 (every variant))."""
    form = RankingForm(request.GET)
    valid = form.is_valid()
    trump_text = form.cleaned_data.get("trump", "") if valid else ""
    deck: int = (form.cleaned_data.get("deck") if valid else None) or _STANDARD_DECK
    lowest = lowest_rank_of_deck(deck)
    rows = []
    if trump_text:
        trump = parse_trump(trump_text)
        suits = list(SUITS)
        if trump is not None:
            suits.sort(key=lambda s: (s != trump, s != trump.partner_suit))
        for suit in suits:
            ranked = [
                RankedCard(card=c, label=_BOWERS.get(power_in_suit(c, trump), ""))
                for c in suit_order(suit, trump, lowest=lowest)
            ]
            is_trump = trump is not None and suit == trump
            note = ""
            if is_trump:
                note = "Trump: the two jacks of this colour lead, then the ace."
            elif trump is not None and suit == trump.partner_suit:
                note = (
                    f"No jack: the jack of {suit.plural} is the left bower, "
                    f"one of the {trump.plural}."
                )
            rows.append({"suit": suit, "cards": ranked, "note": note, "is_trump": is_trump})

    def link(trump: str, deck_param: str) -> str:
        return tool_url("referee:ranking", {"trump": trump, "deck": deck_param})

    context = {
        "form": form,
        "trump": trump_text,
        "trump_name": trump_name(parse_trump(trump_text)) if trump_text else "",
        "trump_links": trump_links(trump_text, lambda t: link(t, _deck_param(deck))),
        "deck_links": _deck_links(deck, lambda d: link(trump_text, d)),
        "rows": rows,
    }
    share = link(trump_text, _deck_param(deck)) if trump_text else ""
    return render_tool(request, "referee/ranking.html", context, invalid=not valid, share=share)


# --- Trick judge --------------------------------------------------------------------------


@require_GET
def trick(request: HtmxHttpRequest) -> HttpResponse:
    """Tap the cards of a trick in the order played: who won, and why
    (docs/rules.md 4 (every variant))."""
    form = TrickForm(request.GET)
    valid = form.is_valid()
    # What passed keeps its place in the links even when another field is at fault.
    data = form.cleaned_data
    trump: str = data.get("trump", "")
    cards: list[Card] = data.get("cards", [])
    deck: int = data.get("deck") or _STANDARD_DECK
    result = data.get("result") if valid else None

    def link(**change: Any) -> str:
        params = {"trump": trump, "cards": format_cards(cards), "deck": _deck_param(deck)}
        params.update(change)
        return tool_url("referee:trick", params)

    full = len(cards) >= 6
    # The chosen deck, widened to any card already played.
    lowest = min([lowest_rank_of_deck(deck), *(c.rank for c in cards)])
    context = {
        "form": form,
        "trump": trump,
        "trump_label": trump_name(parse_trump(trump)) if trump else "",
        "cards": cards,
        "result": result,
        "full": full,
        "picker": picker(
            lowest,
            lambda c: Chip(
                card=c,
                href=None if c in cards or full else link(cards=format_cards([*cards, c])),
                state="played" if c in cards else "",
            ),
        ),
        "trump_links": trump_links(trump, lambda t: link(trump=t)),
        "undo_url": link(cards=format_cards(cards[:-1])) if cards else "",
        "clear_url": link(cards="") if cards else "",
        "deck_links": _deck_links(deck, lambda d: link(deck=d)),
    }
    share = link() if result else ""
    return render_tool(request, "referee/trick.html", context, invalid=not valid, share=share)


# --- Legal play and renege ----------------------------------------------------------------


@require_GET
def legal(request: HtmxHttpRequest) -> HttpResponse:
    """Which cards may be played on the led card, and was the card played a renege?"""
    # An old ``?game=`` link alone is no input: the empty form.
    bound = any(k != "game" for k in request.GET)
    form = LegalForm(request.GET if bound else None)
    valid = form.is_valid() if bound else False
    data: dict[str, Any] = form.cleaned_data if valid else {}
    options, check = data.get("options"), data.get("check")
    hand: list[Card] = data.get("hand", [])
    led_chosen, hand_chosen = chosen_cards(form, "led"), chosen_cards(form, "hand")
    variant: Variant = data.get("variant", Variant.CALL_ACE)
    players: int = data.get("players") or variant.player_counts[0]
    lowest = deal_for(variant, players, data.get("rules")).lowest_rank
    lowest = min([lowest, *(parse_card(c).rank for c in led_chosen | hand_chosen)])

    def link(**change: Any) -> str:
        return _legal_link(form, data, hand, **change)

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
        "options": options,
        "check": check,
        "plays": plays,
        "penalty": penalty,
        "rules_label": _rules_label(data) if valid else "",
        "unseen_errors": unseen_errors(
            form, ("trump", "led", "hand", "played", "variant", "players", "renege")
        ),
        "trump_choices": trump_chips(form),
        "led_picker": picker(lowest, lambda c: picked(c, led_chosen)),
        "hand_picker": picker(lowest, lambda c: picked(c, hand_chosen)),
        "led_none": bound and not led_chosen,
        "variant_choices": VARIANT_CHOICES,
        "player_choices": [("", "Any"), *PLAYER_COUNT_CHOICES],
        "renege_choices": RENEGE_CHOICES,
    }
    share = link(played=str(data["played"]) if check else "") if options is not None else ""
    return render_tool(
        request, "referee/legal.html", context, invalid=bound and not valid, share=share
    )


def _legal_link(form: LegalForm, data: dict[str, Any], hand: list[Card], **change: Any) -> str:
    """The legal-play checker's link for this question, with ``change`` made to it."""
    params: dict[str, Any] = {
        "trump": data.get("trump"),
        "led": str(data["led"]) if data.get("led") else "",
        # In the pickers' order, so the same hand always makes the same link.
        "hand": format_cards(sorted(hand, key=picker_order)),
    }
    params.update(form.rules_query())
    if data.get("players"):
        params["players"] = data["players"]
    if params.get("variant") == Variant.CALL_ACE.value:
        del params["variant"]  # the default: keep the shared link short
    params.update(change)
    return tool_url("referee:legal", params)


def _rules_label(data: dict[str, Any]) -> str:
    variant: Variant = data["variant"]
    label = variant.label
    if data.get("players"):
        label += f", {data['players']} players"
    if data["rules"].differences(variant):
        label += ", with these house rules"
    return label
