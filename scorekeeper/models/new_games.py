"""Starting a game (the body of ``Game.start``) and its rematch (``Game.rematch``):
the game row, found once whatever the retries, then its seats and pairs of seats."""

from __future__ import annotations

import random
import uuid
from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.db import transaction

from referee.engine.hands import GameSetup
from referee.engine.names import same_name
from referee.engine.totals import RoundRules
from referee.engine.variants import HouseRules, Variant
from scorekeeper.models.once import AlreadyStarted, create_once
from scorekeeper.models.players import Player
from scorekeeper.models.seats import Seat, SeatPair

if TYPE_CHECKING:
    from scorekeeper.models.game_base import GameBase
    from scorekeeper.models.night_rounds import NightRound
    from scorekeeper.models.private_tables import PrivateTable


class RematchRefused(Exception):
    """A euchre night's table has no rematch (docs/rules.md, Euchre night 3): nothing was
    created."""


@transaction.atomic
def start_game[G: GameBase](
    cls: type[G],
    *,
    variant: Variant,
    players: Sequence[str],
    first_dealer: int | None,
    rules: HouseRules,
    private_table: PrivateTable,
    rematch_of: GameBase | None,
    token: uuid.UUID | None,
    night_round: NightRound | None,
    night_table: int | None,
    round_rules: RoundRules | None,
) -> G:
    """``Game.start``: see there."""
    GameSetup(variant=variant, players=tuple(players), rules=rules)  # raises RulesError
    game, new = create_once(
        cls,
        token=token,
        variant=variant,
        target=rules.target,
        stick_the_dealer=rules.stick_the_dealer,
        no_trump=rules.no_trump,
        canadian_loner=rules.canadian_loner,
        deal=rules.deal,
        renege_rule=rules.renege,
        tie_rule=rules.ties,
        first_dealer=random.randrange(len(players)) if first_dealer is None else first_dealer,
        rematch_of=rematch_of,
        private_table=private_table,
        night_round=night_round,
        night_table=night_table,
        round_hands=None if round_rules is None else round_rules.hands,
        lone_march_five=round_rules is not None and round_rules.lone_march_five,
    )
    if not new:
        if not _started_as(game, variant, players, first_dealer, rules, private_table):
            raise AlreadyStarted(game)
        return game
    found = Player.for_names(players, private_table=private_table)
    seats = Seat.objects.bulk_create(
        Seat(game_id=game.pk, position=i, player=found[name], at_night=night_round is not None)
        for i, name in enumerate(players)
    )
    SeatPair.objects.bulk_create(SeatPair.for_seats(seats))
    Player.objects.filter(pk__in=[seat.player_id for seat in seats]).recount_results()
    return game


def _started_as(
    game: GameBase,
    variant: Variant,
    players: Sequence[str],
    first_dealer: int | None,
    rules: HouseRules,
    private_table: PrivateTable,
) -> bool:
    """Whether ``game``, found by its token, is the game asked for again: a
    retry of the same form (the dealer it drew, if it was left to chance),
    not the form changed (docs/formats.md, "Recording a hand, once")."""
    seated = list(game.seats.order_by("position").values_list("player__name", flat=True))
    return (
        game.variant_enum is variant
        and game.private_table_id == private_table.pk
        and game.house_rules == rules
        and first_dealer in (None, game.first_dealer)
        and len(seated) == len(players)
        and all(same_name(a, b) for a, b in zip(seated, players, strict=True))
    )


@transaction.atomic
def rematch_game[G: GameBase](game: G) -> G:
    """``Game.rematch``: see there."""
    if game.is_night_table:
        raise RematchRefused(
            "A table of a euchre night has no rematch: the night seats the next round."
        )
    games = type(game)._default_manager
    games.select_for_update().get(pk=game.pk)
    existing = games.filter(rematch_of=game.pk).order_by("pk").first()  # ``Game.rematches``
    if existing is not None:
        return existing
    seats = game.seat_list()
    first = (game.first_dealer + 1) % len(seats)
    if game.hands.exists():
        first = game.score().next_dealer
    return start_game(
        type(game),
        variant=game.variant_enum,
        players=[s.player.name for s in seats],
        first_dealer=first,
        rules=game.house_rules,
        private_table=game.private_table,
        rematch_of=game,
        token=None,
        night_round=None,
        night_table=None,
        round_rules=None,
    )
