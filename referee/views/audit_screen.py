"""The hand audit as its screen shows it: the canonical query string, the rows, the
summary, and what a finished audit tells the scorekeeper."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from referee.engine.audit import HandAudit
from referee.engine.cards import Card, format_cards
from referee.engine.describe import describe_call
from referee.engine.hands import Hand, PartnerOutcome
from referee.engine.variants import Variant
from referee.views.screen import points_rows


def tricks_query(tricks: list[list[Card]]) -> dict[str, str]:
    return {f"t{n}": format_cards(cards) for n, cards in enumerate(tricks, start=1)}


def audit_state(data: Mapping[str, Any]) -> dict[str, str]:
    """The setup part of an audit's query string, canonical: the table, the call,
    and the way back to the game (``finish``) when one sent the hand."""
    state: dict[str, str] = {}
    setup = data.get("setup")
    if setup is None:
        return state
    if setup.variant is not Variant.CALL_ACE:
        state["variant"] = setup.variant.value
    state["players"] = ",".join(setup.players)
    state.update(setup.rules.query(setup.variant))
    if data.get("maker_seat") is not None:
        state["maker"] = setup.name(data["maker_seat"])
    if data.get("trump"):
        state["trump"] = data["trump"]
    if data.get("called_value") is not None:
        state["called"] = str(data["called_value"])
    if data.get("alone"):
        state["alone"] = "on"
    if data.get("leader_seat") is not None:
        state["leader"] = setup.name(data["leader_seat"])
    if data.get("finish"):
        state["finish"] = data["finish"]
    return state


def audit_rows(result: HandAudit | None) -> dict[str, Any]:
    """The audit as the screen shows it: finished tricks, the one under way, the summary."""
    if result is None:
        return {"finished_rows": [], "under_way": None, "summary": "", "next_name": ""}
    setup = result.setup
    reneges = {(f.renege.trick, f.renege.player) for f in result.reneges}
    proofs = {(f.renege.proved_on, f.renege.player) for f in result.reneges}
    rows = []
    for trick in result.tricks:
        plays = [
            {
                "name": setup.name(p.player),
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
                "leader": setup.name(trick.leader),
                "winner": setup.name(trick.winner) if trick.winner is not None else "",
                "maker_side": trick.winner in result.maker_side,
                "plays": plays,
            }
        )
    under_way = rows.pop() if result.trick_under_way is not None else None
    next_seat = result.next_player
    return {
        "finished_rows": rows,
        "under_way": under_way,
        "summary": audit_summary(result),
        "next_name": setup.name(next_seat) if next_seat is not None else "",
        "next_trick": len(rows) + 1,
        "maker_name": setup.name(result.maker),
        "partner_name": setup.name(result.partner) if result.partner is not None else "",
        "side_names": setup.names(result.maker_side),
        "sits_out_name": setup.name(result.sits_out) if result.sits_out is not None else "",
        "points": points_rows(setup, result.score),
    }


def audit_summary(result: HandAudit) -> str:
    """ "Ann made hearts, called the ace of spades; Ben led first." (the one describer)."""
    setup = result.setup
    call = Hand(maker=result.maker, trump=result.trump, called=result.called)
    parts = describe_call(setup, call)
    if result.alone and result.called is None:
        parts.append("went alone")
    return ", ".join(parts) + f"; {setup.name(result.first_leader)} led first."


def finish_query(result: HandAudit) -> dict[str, str]:
    """What a finished audit tells the scorekeeper's end-of-hand form (its GET prefill)."""
    query = {"tricks": str(result.maker_tricks)}
    if result.setup.variant is not Variant.STANDARD:
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


def finish_url(finish: str, result: HandAudit | None) -> str:
    """The way back to the game, carrying the finished hand; "" until the hand is done."""
    if not finish or result is None or not result.complete:
        return ""
    return finish + ("&" if "?" in finish else "?") + urlencode(finish_query(result))
