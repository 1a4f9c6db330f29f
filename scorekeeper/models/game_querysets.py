"""The ways the screens read games: for the table, for the history lists,
by player and by game night (``Game.objects``)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, NamedTuple, Self

from django.db import models
from django.db.models.functions import Coalesce
from django.utils import timezone

from scorekeeper.models.game_base import NIGHT_STARTS
from scorekeeper.models.night_players import NightPlayer
from scorekeeper.models.night_rounds import NightRound
from scorekeeper.models.seats import Seat

if TYPE_CHECKING:
    from scorekeeper.models.game_base import GameBase
    from scorekeeper.models.players import Player
    from scorekeeper.models.private_tables import PrivateTable


# How many games on a watch link moves in one go (``GameQuerySet.followed``): a
# link opened long after its game moves on from there at the next poll.
WATCH_MOVES = 20


class WatchStamp(NamedTuple):
    """What a watch link's poll compares (``GameQuerySet.watch_stamp``): the game
    it shows, its version and its table's names, and whether a game follows it."""

    game_id: int
    version: int
    names: int
    moved_on: bool


def seats_with_players() -> models.Prefetch[str, models.QuerySet[Seat], str]:
    """A game's seats in order, with their players, in one query (ordered by
    position alone: the seats' default order would join the games again)."""
    seats = Seat.objects.select_related("player").order_by("position")
    return models.Prefetch("seats", queryset=seats)


class GameQuerySet[G: GameBase](models.QuerySet[G]):
    """``Game.objects``: typed by the game it reads (``Game``), which it names
    only through ``GameBase``."""

    def for_tables(self, tables: Iterable[PrivateTable]) -> Self:
        """The games of these private tables (a phone's): every screen and
        change reads games through this, so another table's games are a 404."""
        return self.filter(private_table__in=[t.pk for t in tables])

    def for_key_digests(self, digests: Iterable[str]) -> Self:
        """The games of the tables whose key digests a phone's cookie holds, in
        the same query (the poll's one query: ``scorekeeper.web.phone_tables.key_digests``)."""
        return self.filter(private_table__key_digest__in=list(digests))

    def watched(self, token: str) -> Self:
        """The game of a watch link (``/w/<token>/``): read-only, for anyone
        who has the link, whatever their tables."""
        return self.filter(watch_token=token)

    def after(self, game: GameBase) -> Self:
        """The games a watch link moves on to from ``game``, best first
        (docs/decisions.md, D44): at its private table, never a euchre night's
        table, either its rematch or a game started with one of its players
        after it ended (after its last change, if it never ended: its players
        left it). Its rematch first, then the most players in common, then the
        first started. A night's table moves on to nothing: its night has a
        watch link of its own."""
        if game.night_round_id is not None:
            return self.none()
        since = game.finished_at or game.updated_at
        players = Seat.objects.filter(game=game.pk).values("player")
        in_common = (
            Seat.objects.filter(game=models.OuterRef("pk"), player__in=players)
            .order_by()
            .values("game")
            .annotate(n=models.Count("pk"))
            .values("n")
        )
        return (
            self.filter(private_table=game.private_table_id, night_round__isnull=True)
            .exclude(pk=game.pk)
            .annotate(
                in_common=Coalesce(models.Subquery(in_common), 0),
                is_rematch=models.Case(
                    models.When(rematch_of=game.pk, then=models.Value(1)),
                    default=models.Value(0),
                ),
            )
            .filter(models.Q(rematch_of=game.pk) | models.Q(created_at__gte=since, in_common__gt=0))
            .order_by("-is_rematch", "-in_common", "created_at", "pk")
        )

    def followed(self, game: G) -> G:
        """The game a watch link of ``game`` shows: ``game``, or where its players
        went next and next again (``after``), up to WATCH_MOVES games on."""
        for _ in range(WATCH_MOVES):
            later = self.after(game).first()
            if later is None:
                break
            game = later
        return game

    def watch_stamp(self, token: str, game_id: int | None) -> WatchStamp | None:
        """The game ``game_id`` that watch link ``token`` shows (its own game when
        None), if it is at that link's private table, with whether a game follows
        it (``after``): the watch poll's one query (docs/decisions.md, D28)."""
        if game_id is None:
            games = self.filter(watch_token=token)
        else:
            games = self.filter(pk=game_id, private_table__games__watch_token=token)
        later = (
            self.model._default_manager.filter(
                private_table=models.OuterRef("private_table"), night_round__isnull=True
            )
            .exclude(pk=models.OuterRef("pk"))
            .filter(
                models.Q(rematch_of=models.OuterRef("pk"))
                | models.Q(
                    created_at__gte=models.OuterRef("since"),
                    seats__player__in=Seat.objects.filter(
                        game=models.OuterRef(models.OuterRef("pk"))
                    ).values("player"),
                )
            )
        )
        row = (
            games.annotate(
                since=Coalesce("finished_at", "updated_at"),
                later=models.Exists(later),
            )
            .values_list("pk", "version", "private_table__shown_version", "later", "night_round_id")
            .order_by()
            .first()
        )
        if row is None:
            return None
        pk, version, names, later_game, night_round = row
        return WatchStamp(pk, version, names, later_game and night_round is None)

    def with_seats(self) -> Self:
        """Each game's seats in order, with their players (``Game.seat_list``):
        one query for all the games."""
        return self.prefetch_related(seats_with_players())

    def finished(self) -> Self:
        return self.filter(finished_at__isnull=False)

    def in_play(self) -> Self:
        """Games not over yet, the one played last first (home's "resume")."""
        return self.filter(finished_at__isnull=True).order_by("-updated_at", "-pk")

    def for_table(self) -> Self:
        """What the table screen reads, in a fixed number of queries whatever
        the number of hands: seats and players, the hand in progress, and for a
        euchre night's table its round and night (two joins, no extra query)."""
        return self.with_seats().select_related(
            "in_progress", "private_table", "night_round__night"
        )

    def for_history(self) -> Self:
        """Newest first, with seats and players prefetched: what the game
        lists show (the counted hands are cached, ``Game.hands_played``)."""
        return self.with_seats().order_by("-created_at", "-pk")

    def games_only(self) -> Self:
        """Games, not the tables of a euchre night (docs/rules.md, Euchre night)."""
        return self.filter(night_round__isnull=True)

    def in_lists(self) -> Self:
        """What the history lists show: the games, and each euchre night once,
        as its first table (round 1, table 1) with the night, its number of
        players and its rounds seated: its other tables are not games."""

        def count(model: type[NightPlayer | NightRound]) -> models.Subquery:
            return models.Subquery(
                model._default_manager.filter(night=models.OuterRef("night_round__night"))
                .order_by()
                .values("night")
                .annotate(n=models.Count("pk"))
                .values("n")
            )

        return (
            self.filter(
                models.Q(night_round__isnull=True) | models.Q(night_round__number=1, night_table=1)
            )
            .select_related("night_round__night")
            .annotate(night_players=count(NightPlayer), night_rounds=count(NightRound))
        )

    def with_player(self, player: Player) -> Self:
        """The games ``player`` sat in, and the tables of the euchre nights
        they played (``in_lists`` keeps one a night)."""
        return self.filter(
            models.Exists(Seat.objects.filter(game=models.OuterRef("pk"), player=player))
            | models.Exists(
                NightPlayer.objects.filter(
                    night=models.OuterRef("night_round__night"), player=player
                )
            )
        )

    def on_game_night(self, night: date) -> Self:
        """The games of one game night: from 6 a.m. that day to 6 a.m. the next
        (``Game.game_night``)."""
        try:
            morning_after = night + timedelta(days=1)
        except OverflowError:  # the last date there is: no game was started that night
            return self.none()
        start = timezone.make_aware(datetime.combine(night, NIGHT_STARTS))
        end = timezone.make_aware(datetime.combine(morning_after, NIGHT_STARTS))
        return self.filter(created_at__gte=start, created_at__lt=end)
