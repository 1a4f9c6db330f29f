"""The players: one person across every game they sit in."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import IntegrityError, models, transaction
from django.db.models.functions import Coalesce, Lower
from django.utils import timezone

from referee.engine.names import LookAlike, NameError_, clean_name, look_alike, name_key
from scorekeeper.models.night_players import NightPlayer
from scorekeeper.models.private_tables import PrivateTable
from scorekeeper.models.records import RESULT_FIGURES, record_aggregates
from scorekeeper.models.seats import Seat, SeatPair


class PlayerQuerySet(models.QuerySet["Player"]):
    def for_tables(self, tables: Iterable[PrivateTable]) -> PlayerQuerySet:
        """The players of these private tables (a phone's): no other is shown."""
        return self.filter(private_table__in=[t.pk for t in tables])

    def named(self, name: str) -> Player | None:
        """The player called ``name`` as the engine compares names (``same_name``:
        any case, any compatibility form): "Émile" is "émile" on every database.
        One query when the database's own case-insensitive match finds them (it
        folds ASCII letters only on SQLite); else the names with a letter beyond
        ASCII are compared by the engine's key."""
        name = _as_read(name)
        key = name_key(name)
        matches = self.filter(models.Q(name__iexact=name) | models.Q(name__iexact=key))
        found = next((p for p in matches.order_by("pk") if name_key(p.name) == key), None)
        if found is not None:
            return found
        # Only each name is read to compare (a table may hold many such names).
        beyond_ascii = self.filter(name__regex=r"[^ -~]").order_by("pk")
        names = beyond_ascii.values_list("pk", "name")
        pk = next((pk for pk, stored in names if name_key(stored) == key), None)
        return None if pk is None else self.get(pk=pk)

    def look_alike(self, name: str) -> str | None:
        """The name of a player ``name`` passes for without being them
        (``referee.engine.names.look_alike``), or None. Every
        name is read, in one query: a table holds tens of players, not thousands."""
        return look_alike(name, self.values_list("name", flat=True))

    def recent(self, limit: int = 12) -> PlayerQuerySet:
        """The players who sat down most recently, to pick for a new game."""
        return self.annotate(last_played=models.Max("seats__game__created_at")).order_by(
            models.F("last_played").desc(nulls_last=True), "name"
        )[:limit]

    def with_records(self, *, games: models.QuerySet[Any] | None = None) -> PlayerQuerySet:
        """Each player's record across all their games, or only across
        ``games`` (one night's, say), counted by the database in one query:
        see ``record_aggregates`` for the figures."""
        return self.annotate(**record_aggregates(seat="seats__", games=games))

    def with_night_count(self) -> PlayerQuerySet:
        """Each player's number of euchre nights (``euchre_nights``; docs/rules.md
        7), in the same query."""
        return self.annotate(
            euchre_nights=Coalesce(
                models.Subquery(
                    NightPlayer.objects.filter(player=models.OuterRef("pk"))
                    .order_by()
                    .values("player")
                    .annotate(n=models.Count("pk"))
                    .values("n")
                ),
                0,
            )
        )

    def with_results(self) -> PlayerQuerySet:
        """Each player's games, finished games, wins, shared wins and rounds at
        a night's table (the first figures of ``with_records``) as the player
        keeps them (``recount_results``): no seat is read, so the players
        list costs the same with 200 games as with 2,000."""
        return self.annotate(**{name: models.F(f"results_{name}") for name in RESULT_FIGURES})

    def recount_results(self) -> int:
        """Count these players' results afresh from their seats, as
        ``with_records`` counts them, and keep them (``Player.results_*``):
        one UPDATE. Called when a game's seats are made or moved, and when a
        change finishes a game, or changes or takes back its end."""
        record = record_aggregates(seat="")

        def counted(name: str) -> Coalesce:
            seats = Seat.objects.filter(player=models.OuterRef("pk")).order_by().values("player")
            return Coalesce(models.Subquery(seats.annotate(n=record[name]).values("n")), 0)

        # The players locked first, always in one order, in a statement of its
        # own: on PostgreSQL the count then sees the seats of a change that
        # held them meanwhile (a statement counts from when it began), and two
        # changes sharing players never wait for each other in a circle.
        ids = list(self.select_for_update().order_by("pk").values_list("pk", flat=True))
        players = Player.objects.filter(pk__in=ids)
        return players.update(**{f"results_{name}": counted(name) for name in RESULT_FIGURES})


def _as_read(name: str) -> str:
    """``name`` as ``clean_name`` reads it; a name it refuses (a player's stored
    before names were checked) with its spaces folded, as it is stored."""
    try:
        return clean_name(name)
    except NameError_:
        return " ".join(name.split())


class Player(models.Model):
    """A person who plays: one player across every game they sit in at one
    private table (the same name at another table is another player)."""

    name = models.CharField(max_length=30)
    private_table = models.ForeignKey(
        "scorekeeper.PrivateTable", on_delete=models.CASCADE, related_name="players"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Their results, counted from their seats (``recount_results``), for the
    # players list: games, finished games, wins, shared wins (docs/rules.md, Call-Ace 6)
    # and rounds at a euchre night's table (docs/rules.md, Euchre night).
    results_games = models.PositiveIntegerField(default=0, editable=False)
    results_finished = models.PositiveIntegerField(default=0, editable=False)
    results_wins = models.PositiveIntegerField(default=0, editable=False)
    results_shared_wins = models.PositiveIntegerField(default=0, editable=False)
    results_night_tables = models.PositiveIntegerField(default=0, editable=False)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                "private_table", Lower("name"), name="player_name_unique_per_table_ci"
            )
        ]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def for_name(cls, name: str, *, private_table: PrivateTable) -> Player:
        """The player of that name (any case) at ``table``, created if new. Safe
        when two games name the same new player at the same moment: one creates
        the player, the other finds it (never an error, never two players).
        ``name`` goes through the engine's one name check (``clean_name``:
        NameError_ for a name no player can have; the forms said so first); a
        new name that looks like a player's of the table is refused (LookAlike)."""
        players = cls.objects.filter(private_table=private_table)
        try:
            name = clean_name(name)
        except NameError_:
            # A player stored before names were checked keeps the name they have.
            known = players.filter(name=name).first()
            if known is None:
                raise
            return known
        existing = players.named(name)
        if existing is not None:
            return existing
        looks_like = players.look_alike(name)
        if looks_like is not None:
            raise LookAlike(name, looks_like, "at this table")
        try:
            # A savepoint: the insert that loses a race rolls back alone, and
            # the caller's transaction (Game.start) goes on.
            with transaction.atomic():
                return cls.objects.create(name=name, private_table=private_table)
        except IntegrityError:
            # The name's constraint says the player exists now: read it the
            # way the constraint compares names.
            return players.alias(folded=Lower("name")).get(folded=Lower(models.Value(name)))

    @classmethod
    def for_names(cls, names: Iterable[str], *, private_table: PrivateTable) -> dict[str, Player]:
        """Each of ``names`` as ``for_name`` finds or makes it, by name. In one
        order (by name), whatever the seats: two games or nights naming the same
        new players never wait for each other in a circle."""
        return {
            name: cls.for_name(name, private_table=private_table)
            for name in sorted(names, key=str.casefold)
        }

    @transaction.atomic
    def rename(self, name: str) -> PlayerChange | None:
        """Give the player a new name (``name`` already checked by
        ``referee.engine.names.clean_name``), noted in their changes; None
        when the name is unchanged. Raises PlayerChangeRefused when another
        player has that name (merge them instead)."""
        name = clean_name(name)
        if name == self.name:
            return None
        # Locked and read again: another phone may have merged them meanwhile.
        if not Player.objects.select_for_update().filter(pk=self.pk).exists():
            raise PlayerChangeRefused(gone(self.name))
        other = Player.objects.filter(private_table_id=self.private_table_id).named(name)
        if other is not None and other.pk != self.pk:
            raise PlayerChangeRefused(
                f"{other.name} is another player: to make them one, merge {self.name} into them."
            )
        known = Player.objects.filter(private_table_id=self.private_table_id).exclude(pk=self.pk)
        if (looks_like := known.look_alike(name)) is not None:
            raise PlayerChangeRefused(str(LookAlike(name, looks_like, "at this table")))
        old_name = self.name
        self.name = name
        try:
            # A savepoint: a rename racing another to the same name is refused,
            # never an error page (the table's names are unique, any case).
            with transaction.atomic():
                self.save(update_fields=["name"])
        except IntegrityError:
            self.name = old_name
            raise PlayerChangeRefused(
                f"Another player is called {name} now: to make them one, merge "
                f"{old_name} into them."
            ) from None
        PrivateTable.shown_anew(self.private_table_id)
        return PlayerChange.objects.create(
            player=self, kind=PlayerChange.Kind.RENAMED, old_name=old_name, new_name=name
        )

    @transaction.atomic
    def merge_into(self, keeper: Player) -> PlayerChange:
        """Make this player and ``keeper`` one person: every seat of this
        player moves to ``keeper`` (their statistics follow, as they are
        counted from the seats), this player's own changes move too, the merge
        is noted on ``keeper`` and this player is deleted, their euchre nights
        moving too. Refused (PlayerChangeRefused) when both sat in the same
        game or played the same euchre night: one person cannot hold two
        seats, nor two lines of a night's standings."""
        if keeper.pk == self.pk or keeper.private_table_id != self.private_table_id:
            raise PlayerChangeRefused("Choose another player of this table to merge into.")
        # Both locked, in one order (by pk, as every change locking players),
        # and read again: another phone may have merged either of them, or into
        # either of them, meanwhile. What is checked below is then what stands.
        pair = Player.objects.select_for_update().filter(pk__in=[self.pk, keeper.pk])
        locked = {player.pk: player for player in pair.order_by("pk")}
        for player in (self, keeper):
            if player.pk not in locked:
                raise PlayerChangeRefused(gone(player.name))
        self.name, keeper.name = locked[self.pk].name, locked[keeper.pk].name
        both = Seat.objects.filter(player=keeper, game__seats__player=self).count()
        if both:
            raise PlayerChangeRefused(
                f"{self.name} and {keeper.name} both sat in {both} game{'s' if both != 1 else ''}:"
                " one person cannot hold two seats, so they are two players."
            )
        nights = NightPlayer.objects.filter(player=keeper, night__entrants__player=self).count()
        if nights:
            raise PlayerChangeRefused(
                f"{self.name} and {keeper.name} both played {nights} euchre"
                f" night{'s' if nights != 1 else ''}: one person cannot have two places"
                " in a night's standings, so they are two players."
            )
        PrivateTable.shown_anew(self.private_table_id)
        Seat.objects.filter(player=self).update(player=keeper)
        NightPlayer.objects.filter(player=self).update(player=keeper)
        SeatPair.objects.filter(player=self).update(player=keeper)
        SeatPair.objects.filter(other_player=self).update(other_player=keeper)
        PlayerChange.objects.filter(player=self).update(player=keeper)
        Player.objects.filter(pk=keeper.pk).recount_results()
        change = PlayerChange.objects.create(
            player=keeper, kind=PlayerChange.Kind.MERGED, old_name=self.name, new_name=keeper.name
        )
        self.delete()
        return change


class PlayerChangeRefused(ValueError):
    """A rename or merge that cannot be made; the message says why, to the scorer."""


def gone(name: str) -> str:
    """Why a rename or merge of a player another phone merged meanwhile is refused."""
    return (
        f"{name} is no longer a player of this table: another phone merged them a moment"
        " ago. Nothing was changed."
    )


class PlayerChange(models.Model):
    """A rename or a merge, kept so the change can be seen afterwards on the
    player's page: "Danny merged into Dan on 21 November 2025"."""

    class Kind(models.TextChoices):
        RENAMED = "renamed", "renamed"
        MERGED = "merged", "merged"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="changes")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    old_name = models.CharField(max_length=30)
    new_name = models.CharField(max_length=30)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        if self.kind == self.Kind.MERGED:
            return f"{self.old_name} merged into {self.new_name}"
        return f"{self.old_name} renamed {self.new_name}"
