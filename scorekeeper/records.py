"""Players' records: the statistics the history screens show, counted by the
database from the hands' cached figures (``Hand.rule``, ``Hand.outcome`` ...).
The rule groups counted (makes, marches, euchres, reneges) are the engine's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import models

from referee.engine.hands import PartnerOutcome
from referee.engine.scoring import EUCHRE_RULES, MAKE_RULES, MARCH_RULES, RENEGE_RULES
from referee.engine.variants import Variant

if TYPE_CHECKING:
    from scorekeeper.models import Game


def record_aggregates(
    *, seat: str, games: models.QuerySet[Game] | None = None
) -> dict[str, models.Aggregate]:
    """A player's record as aggregates over their seats; ``seat`` is the path
    to a seat ("seats__" from Player, "" from Seat); ``games``, when given,
    limits the record to those games.

    Games: ``games`` sat in, ``finished`` of them, ``wins`` (a standard team's
    win counts for both partners) and ``shared_wins`` (level on the top total,
    rules.md 3.6). Hands, from the cached hands that count (not thrown in, not
    after the end): ``hands_made`` as maker, of which ``makes``, ``marches``,
    ``euchred`` and ``decided_by_renege``; ``alone_calls`` (by choice: holding the called card or
    calling alone) and ``alone_not_in_play`` (the called card was not in
    play, rules.md 3.3); ``partnered``, on the maker's side as the revealed
    partner or, in standard euchre, the maker's teammate when not alone; and
    ``reneges``.
    """

    # The models count with these figures: imported here, when the models are loaded.
    from scorekeeper.models import Seat

    def at(path: str) -> str:
        return f"{seat}{path}"

    def hand(path: str) -> str:
        return at(f"game__hands__{path}")

    position = models.F(at("position"))
    won = models.Q(**{at("won"): True})
    shared = (
        won
        & ~models.Q(**{at("game__variant"): Variant.STANDARD})
        & models.Q(
            models.Exists(
                Seat.objects.filter(game=models.OuterRef(at("game")), won=True).exclude(
                    pk=models.OuterRef(at("pk"))
                )
            )
        )
    )
    counted = models.Q(**{hand("after_end"): False, hand("thrown_in"): False})
    as_maker = counted & models.Q(**{hand("maker"): position})
    teammate_of_maker = (models.F(hand("maker")) + 2) % 4  # seats_opposite (rules.md 5)
    partnered = counted & (
        models.Q(**{hand("outcome"): PartnerOutcome.REVEALED, hand("partner"): position})
        | models.Q(**{hand("outcome"): PartnerOutcome.TEAM, at("position"): teammate_of_maker})
    )

    scope = models.Q() if games is None else models.Q(**{at("game__in"): games})

    def seats(condition: models.Q | None = None) -> models.Aggregate:
        # Seats repeat once per hand of their game in the join: count each once.
        where = scope & condition if condition is not None else scope
        return models.Count(at("pk"), filter=where or None, distinct=True)

    def hands(condition: models.Q) -> models.Aggregate:
        # A player has one seat per game, so each hand meets them once.
        return models.Count(hand("pk"), filter=scope & condition)

    return {
        "games": seats(),
        "finished": seats(models.Q(**{at("game__finished_at__isnull"): False})),
        "wins": seats(won),
        "shared_wins": seats(shared),
        "hands_made": hands(as_maker),
        "makes": hands(as_maker & models.Q(**{hand("rule__in"): sorted(MAKE_RULES)})),
        "marches": hands(as_maker & models.Q(**{hand("rule__in"): sorted(MARCH_RULES)})),
        "euchred": hands(as_maker & models.Q(**{hand("rule__in"): sorted(EUCHRE_RULES)})),
        "decided_by_renege": hands(as_maker & models.Q(**{hand("rule__in"): sorted(RENEGE_RULES)})),
        "alone_calls": hands(
            as_maker
            & models.Q(**{hand("outcome__in"): (PartnerOutcome.MAKER_HELD, PartnerOutcome.ALONE)})
        ),
        "alone_not_in_play": hands(
            as_maker & models.Q(**{hand("outcome"): PartnerOutcome.NOT_IN_PLAY})
        ),
        "partnered": hands(partnered),
        "reneges": hands(counted & models.Q(**{hand("renege"): position})),
    }
