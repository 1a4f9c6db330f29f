"""The hand audit: replay a hand trick by trick, tapping each card."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from referee.engine.audit import HandAudit
from referee.engine.cards import Card
from referee.engine.hands import GameSetup
from referee.engine.variants import RULE_KEYS, Variant
from referee.forms.audit import AuditForm, is_trick_field
from referee.forms.fields import MAX_TRICKS, VARIANT_CHOICES
from referee.http import HtmxHttpRequest
from referee.views.audit_screen import (
    audit_rows,
    audit_state,
    finish_url,
    tricks_query,
)
from referee.views.screen import (
    Chip,
    SuitRow,
    called_card_choices,
    picker,
    render_tool,
    tool_url,
    trump_chips,
    unseen_errors,
)

# Parameters that are not the hand: ``edit`` reopens the setup; an old ``game`` is ignored.
_NOT_THE_HAND = ("edit", "game")
# The fields the audit draws with their messages; the tricks' go above the picker.
_DRAWN = (
    *("variant", "players", "maker", "trump", "called", "alone", "leader", "finish"),
    *(f"t{n}" for n in range(1, MAX_TRICKS + 1)),
)


@require_GET
def audit(request: HtmxHttpRequest) -> HttpResponse:
    """Replay a hand trick by trick: winners, partner, maker's tricks, reneges, the score.
    A game sends its table and call in the query string, and ``finish``: the way back."""
    params = request.GET.copy()
    for key in _NOT_THE_HAND:
        params.pop(key, None)
    bound = bool(params)
    form = AuditForm(params if bound else None)
    valid = form.is_valid() if bound else False
    data: dict[str, Any] = form.cleaned_data if bound else {}
    setup = data.get("setup")
    result: HandAudit | None = data.get("audit")
    stage = "players"
    if setup is not None:
        stage = "tricks" if data.get("ready") and request.GET.get("edit") != "1" else "setup"
    state = audit_state(data)
    tricks = [[p.card for p in t.plays] for t in result.tricks] if result else []

    def link(new_tricks: list[list[Card]]) -> str:
        return tool_url("referee:audit", {**state, **tricks_query(new_tricks)})

    cards: tuple[SuitRow, ...] = ()
    undo_url = ""
    if stage == "tricks" and result is not None and setup is not None:
        cards, undo_url = _card_picker(setup, result, tricks, link)
    names: tuple[str, ...] = data.get("names", ())
    context = {
        "form": form,
        "stage": stage,
        "setup": setup,
        "audit": result,
        "names": names,
        "name_choices": [(n, n) for n in names],
        "variant_choices": VARIANT_CHOICES,
        "trick_errors": [e for k, errs in form.errors.items() if is_trick_field(k) for e in errs],
        "trump_choices": trump_chips(
            form,
            no_trump=bool(setup and setup.variant is Variant.STANDARD and setup.rules.no_trump),
        ),
        "called_cards": called_card_choices(setup.variant, setup.n) if setup is not None else [],
        "picker": cards,
        "undo_url": undo_url,
        "unseen_errors": unseen_errors(form, _DRAWN),
        "edit_url": tool_url("referee:audit", {**state, **tricks_query(tricks), "edit": "1"}),
        "tricks_query": tricks_query(tricks),
        # Without a table yet, keep the house rules as they came, and the way back as checked.
        "rule_params": {k: v for k in RULE_KEYS if (v := (state if setup else params).get(k))}
        | ({"finish": data["finish"]} if data.get("finish") else {}),
        **audit_rows(result),
        "finish_url": finish_url(data.get("finish", ""), result),
    }
    share = link(tricks) if result is not None and tricks else ""
    return render_tool(
        request, "referee/audit.html", context, invalid=bound and not valid, share=share
    )


def _card_picker(
    setup: GameSetup,
    result: HandAudit,
    tricks: list[list[Card]],
    link: Callable[[list[list[Card]]], str],
) -> tuple[tuple[SuitRow, ...], str]:
    """The cards to tap for the next play (each a link to the audit with it
    played; those played already, or all once the hand is over, not links),
    and the link that takes back the last card played ("" before the first)."""
    played = result.played

    def add(card: Card) -> str | None:
        if result.complete or card in played:
            return None
        if result.trick_under_way is None:
            return link([*tricks, [card]])
        return link([*tricks[:-1], [*tricks[-1], card]])

    cards = picker(
        setup.deal.lowest_rank,
        lambda c: Chip(card=c, href=add(c), state="played" if c in played else ""),
    )
    undo_url = ""
    if tricks:
        shorter = [*tricks[:-1], tricks[-1][:-1]]
        undo_url = link([t for t in shorter if t])
    return cards, undo_url
