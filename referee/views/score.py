"""The score calculator: what would this hand score, with the scorekeeper's explanation."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from referee.engine.hands import GameSetup
from referee.engine.variants import Variant
from referee.forms.fields import DEAL_CHOICES, RENEGE_CHOICES, default_first
from referee.forms.score import ScoreForm
from referee.http import HtmxHttpRequest
from referee.views.screen import (
    called_card_choices,
    points_rows,
    render_tool,
    tool_url,
    trump_chips,
    unseen_errors,
)

_HAND_DRAWN = ("variant", "players", "maker", "trump", "called", "partner", "alone", "tricks")


def _drawn(variant: Variant, *, named: bool) -> tuple[str, ...]:
    """The fields the calculator draws, each with its messages beside it."""
    drawn = (*_HAND_DRAWN, "renege")
    if named:  # a game's table: its house rules travel in hidden fields
        return drawn
    by_variant = {Variant.CALL_ACE: ("deal",), Variant.STANDARD: ("no_trump",)}
    return (*drawn, "renege_rule", *by_variant.get(variant, ()))


@require_GET
def score(request: HtmxHttpRequest) -> HttpResponse:
    """What would this hand score (docs/formats.md, "What a hand record holds")? The table comes
    from the query string: ``variant``, ``players`` (a count, or the names in seat order), the house
    rules."""
    form = ScoreForm(request.GET)
    valid = form.is_valid()
    data = form.cleaned_data
    setup: GameSetup | None = data.get("setup")
    result = data.get("score") if valid else None
    variant: Variant = data["variant"]
    named: bool = data.get("named", False)
    seats = [(str(i + 1), name) for i, name in enumerate(setup.players)] if setup else []
    context = {
        "form": form,
        "setup": setup,
        "variant": variant,
        "named": named,
        # A table that came with its names (from a game) keeps its setup as it came.
        "setup_params": {"variant": variant.value, "players": ",".join(setup.players)}
        | form.rules_query(with_variant=False)
        if named and setup
        else {},
        "seats": seats,
        "partner_choices": [*seats, ("maker", "The maker held it"), ("none", "Not in play")],
        "trick_choices": [(str(i), str(i)) for i in range(setup.deal.tricks + 1)] if setup else [],
        "renege_choices": [("", "Nobody"), *seats],
        "renege_rule_choices": default_first(RENEGE_CHOICES),
        "deal_choices": default_first(DEAL_CHOICES),
        "no_trump_choices": [("", "Not allowed"), ("on", "Allowed")],
        **_setup_links(variant, setup),
        "trump_choices": trump_chips(form, no_trump=variant is Variant.STANDARD),
        "called_cards": called_card_choices(variant, setup.n) if setup else [],
        "result": result,
        "points": points_rows(setup, result) if setup else [],
        "unseen_errors": unseen_errors(form, _drawn(variant, named=named)),
    }
    share = request.get_full_path() if result else ""
    return render_tool(request, "referee/score.html", context, invalid=not valid, share=share)


def _setup_links(variant: Variant, setup: GameSetup | None) -> dict[str, list[dict[str, Any]]]:
    """The links that set the calculator up for another variant or number of players."""

    def setup_link(**change: Any) -> str:
        params: dict[str, Any] = {"variant": variant.value, "players": setup.n if setup else ""}
        params.update(change)
        return tool_url("referee:score", params)

    return {
        "variant_links": [
            {
                "label": v.label,
                "href": setup_link(variant=v.value, players=v.player_counts[0]),
                "current": v is variant,
            }
            for v in Variant
        ],
        "player_links": []
        if len(variant.player_counts) == 1
        else [
            {"label": str(n), "href": setup_link(players=n), "current": setup and n == setup.n}
            for n in variant.player_counts
        ],
    }
