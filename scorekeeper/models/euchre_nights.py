"""Euchre nights: a club's progressive tournament over several tables at once
(docs/rules.md, Euchre night).

A night belongs to a private table (its phones run it) and has its players,
numbered 1 to N in the order they were entered: the engine's seating
(``referee.engine.seating``) and scoring (``referee.engine.night``) know them by
those numbers. Each round is seated by the engine from the rounds before it;
each of its tables is a ``Game`` (``Game.night_round``, ``Game.night_table``)
that ends after the night's hands per round instead of at a target, so a phone
scores a table with the same flow as any game. The standings are the engine's,
from the hands recorded, read in a fixed number of queries.
"""

from __future__ import annotations

import hmac
import random
import uuid
from collections.abc import Iterable, Sequence
from datetime import timedelta

from django.db import models, transaction
from django.db.models.functions import Coalesce
from django.utils import timezone

from referee.engine.movement import Results
from referee.engine.names import same_name
from referee.engine.night import (
    NightRules,
    PrizeKind,
    PrizeTies,
    draw_dealer,
    night_rules_from_dict,
)
from referee.engine.seating import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    NIGHT_VARIANTS,
    RoundPlan,
    SeatingError,
    check_night_size,
    plan_round,
)
from referee.engine.variants import Variant
from scorekeeper.models.game_hands import StaleGame
from scorekeeper.models.games import Game
from scorekeeper.models.night_check_ins import (
    CHECK_IN_CLOSED,
    LAST_ROUND_SEATED,
    CheckInRefused,
    PrizesClosed,
    check_expected,
)
from scorekeeper.models.night_players import NightPlayer
from scorekeeper.models.night_rounds import NightRound
from scorekeeper.models.once import AlreadyStarted, create_once
from scorekeeper.models.players import Player
from scorekeeper.models.private_tables import PrivateTable, new_watch_token
from scorekeeper.models.seats import Seat

NAME_MAX_LENGTH = 60


class EuchreNightQuerySet(models.QuerySet["EuchreNight"]):
    def for_tables(self, tables: Iterable[PrivateTable]) -> EuchreNightQuerySet:
        """The nights of these private tables (a phone's): another table's night is a 404."""
        return self.filter(private_table__in=[t.pk for t in tables])

    def for_key_digests(self, digests: Iterable[str]) -> EuchreNightQuerySet:
        """The nights of the tables whose key digests a phone's cookie holds (one query)."""
        return self.filter(private_table__key_digest__in=list(digests))

    def watched(self, token: str) -> EuchreNightQuerySet:
        """The night of a watch link: read-only, for a TV in the room."""
        return self.filter(watch_token=token)

    def checking_in(self, link: str) -> EuchreNightQuerySet:
        """The night whose check-in is open under ``link`` (``EuchreNight.check_in_link``):
        none for a link of a check-in closed or opened again since, or of a table
        whose key was replaced since (its nights' watch tokens are new)."""
        watch, _, code = str(link).partition(".")
        if not watch or not code:
            return self.none()
        return self.filter(watch_token=watch, check_in_token=code)

    def seating_today(self) -> EuchreNightQuerySet:
        """Nights started in the last day with rounds still to seat, newest first:
        a night between its rounds (a night left unfinished is not kept forever)."""
        since = timezone.now() - timedelta(days=1)
        return (
            self.filter(created_at__gte=since)
            .annotate(seated=models.Count("rounds"))
            .filter(seated__lt=models.F("rounds_planned"))
            .order_by("-created_at", "-pk")
        )

    def live_version(self) -> int | None:
        """``EuchreNight.live_version`` of the (one) night in this query, found
        and counted in one query, for the polls; None when there is none."""
        row = (
            self.order_by()
            .annotate(
                games_version=Coalesce(models.Sum("rounds__games__version"), 0),
                games=models.Count("rounds__games"),
            )
            .values_list("version", "games_version", "games", "private_table__shown_version")
            .first()
        )
        if row is None:
            return None
        return sum(int(part) for part in row)


class EuchreNight(models.Model):
    """One euchre night: its players, rules and rounds (docs/rules.md, Euchre night)."""

    private_table = models.ForeignKey(
        PrivateTable, on_delete=models.CASCADE, related_name="euchre_nights"
    )
    name = models.CharField(max_length=NAME_MAX_LENGTH, blank=True)
    variant = models.CharField(
        max_length=20,
        choices=[(v.value, v.label) for v in NIGHT_VARIANTS],
        default=Variant.STANDARD,
    )
    # The rounds planned; the night is over when they are all played.
    rounds_planned = models.PositiveSmallIntegerField()
    # ``NightRules.to_dict``: hands per round, sitting out, the tables' house rules.
    rules = models.JSONField(default=dict)
    # Every draw of the night (seating, first dealers) is seeded from this.
    seed = models.PositiveIntegerField(default=0)
    # Bumped by every change to the night itself (a round seated, a player
    # arriving or leaving); hands bump their table's game.
    version = models.PositiveIntegerField(default=0)
    # The start form's token: a double tap starts one night.
    token = models.UUIDField(null=True, blank=True, unique=True, editable=False)
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    watch_token = models.CharField(
        max_length=64, unique=True, default=new_watch_token, editable=False
    )
    created_at = models.DateTimeField(default=timezone.now)
    # The check-in link's token while check-in is open (docs/formats.md, "Check-in
    # at the door"); None when it is closed. Opening it again makes a new one.
    check_in_token = models.CharField(
        max_length=64, unique=True, null=True, blank=True, editable=False
    )

    objects = EuchreNightQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.title

    @property
    def title(self) -> str:
        return self.name or f"Euchre night of {timezone.localtime(self.created_at):%-d %B %Y}"

    @property
    def check_in_link(self) -> str | None:
        """The token of the check-in link while check-in is open: the night's watch
        token and its check-in code, so a new key for the table (new watch tokens)
        shuts it as it shuts the watch link."""
        if self.check_in_token is None:
            return None
        return f"{self.watch_token}.{self.check_in_token}"

    def check_in_refusal(self, token: str) -> str:
        """Why ``token`` cannot check anyone in to this night now ("" when it
        can): check-in closed or another link, or the night's last round already
        seated (a player checking in then could play no round)."""
        current = self.check_in_link
        if not current or not hmac.compare_digest(current.encode(), str(token).encode()):
            return CHECK_IN_CLOSED
        if self.rounds.count() >= self.rounds_planned:
            return LAST_ROUND_SEATED
        return ""

    @property
    def variant_enum(self) -> Variant:
        return Variant(self.variant)

    @property
    def night_rules(self) -> NightRules:
        return night_rules_from_dict(self.variant_enum, self.rules)

    # --- starting ----------------------------------------------------------------------

    @classmethod
    @transaction.atomic
    def start(
        cls,
        *,
        private_table: PrivateTable,
        variant: Variant,
        players: Sequence[str],
        rounds: int,
        rules: NightRules,
        name: str = "",
        token: uuid.UUID | None = None,
        seed: int | None = None,
        check_in: bool = False,
    ) -> EuchreNight:
        """Start a night of ``private_table`` with ``players`` (names, numbered
        in this order) and seat its first round; or, with ``check_in``, open its
        check-in instead: ``players`` are expected, not yet here, and round 1 is
        seated once the players have checked in. A retried request with the same
        ``token`` returns the night it already started; the same token with
        another night asked for raises AlreadyStarted and stores nothing.
        Raises SeatingError or RulesError when the night cannot be played as
        asked."""
        rules.check_variant(variant)
        if check_in:
            check_expected(players=len(players), rounds=rounds)
        else:
            check_night_size(players=len(players), rounds=rounds)
        night, new = create_once(
            cls,
            token=token,
            private_table=private_table,
            name=name,
            variant=variant,
            rounds_planned=rounds,
            rules=rules.to_dict(variant),
            seed=random.randrange(1, 1_000_000_000) if seed is None else seed,
            check_in_token=new_watch_token() if check_in else None,
        )
        if not new:
            # Found by its start form's token: the same form sent again is that night;
            # the form changed is refused (docs/formats.md, "Recording a hand, once").
            entered = list(night.entrants.order_by("number").values_list("player__name", flat=True))
            if not (
                night.private_table_id == private_table.pk
                and night.variant_enum is variant
                and night.rounds_planned == rounds
                and night.night_rules == rules
                and night.name == name
                and len(entered) == len(players)
                and all(same_name(a, b) for a, b in zip(entered, players, strict=True))
            ):
                raise AlreadyStarted(night)
            return night
        found = Player.for_names(players, private_table=private_table)
        NightPlayer.objects.bulk_create(
            NightPlayer(night=night, player=found[name], number=number, present=not check_in)
            for number, name in enumerate(players, start=1)
        )
        if not check_in:
            night.seat_next_round(version=night.version)
        return night

    # --- changing ----------------------------------------------------------------------

    def _locked(self, version: int | None) -> EuchreNight:
        """The night's row locked for this transaction, checked against the
        version the phone saw (StaleGame: another phone changed it first)."""
        night = EuchreNight.objects.select_for_update().get(pk=self.pk)
        if version is not None and night.version != version:
            raise StaleGame("the night changed on another phone")
        return night

    def _bump(self, night: EuchreNight) -> None:
        night.version += 1
        night.save(update_fields=["version"])
        self.version = night.version

    @transaction.atomic
    def seat_next_round(self, *, version: int | None, results: Results | None = None) -> NightRound:
        """Seat the next round (docs/rules.md, Euchre night 2) for the players present now, from the
        rounds already seated (and, at a night moved by result, the round before's
        ``results``, ``NightBoard.results``): its tables' games are created, each
        with the first dealer the night draws. Raises SeatingError when every
        planned round is seated or too few players are present."""
        night = self._locked(version)
        seated = list(night.rounds.order_by("number"))
        if len(seated) >= night.rounds_planned:
            raise SeatingError(f"All {night.rounds_planned} rounds of the night are seated.")
        entrants = {e.number: e for e in night.entrants.select_related("player")}
        present = [number for number, e in sorted(entrants.items()) if e.present]
        if len(present) < MIN_PLAYERS:
            raise SeatingError(
                f"A round needs at least {MIN_PLAYERS} players present, not {len(present)}."
            )
        plan = plan_round(
            present=present,
            history=night.plans(),
            variant=night.variant_enum,
            seed=night.seed,
            results=results,
        )
        number = len(seated) + 1
        round_ = NightRound.objects.create(
            night=night, number=number, sitting_out=list(plan.sitting_out)
        )
        rules = night.night_rules
        for table_number, seats in enumerate(plan.tables, start=1):
            Game.start(
                variant=night.variant_enum,
                players=[entrants[player].player.name for player in seats],
                first_dealer=draw_dealer(
                    seed=night.seed,
                    round_number=number,
                    table_number=table_number,
                    players=len(seats),
                ),
                rules=rules.table_rules,
                private_table=night.private_table,
                night_round=round_,
                night_table=table_number,
                round_rules=rules.round_rules,
            )
        self._bump(night)
        return round_

    @transaction.atomic
    def set_present(self, *, version: int | None, number: int, present: bool) -> None:
        """A player leaves (or comes back): from the next round seated on, they
        are seated only when present (docs/rules.md, Euchre night 2). Their rounds so far count."""
        night = self._locked(version)
        changed = (
            night.entrants.filter(number=number).exclude(present=present).update(present=present)
        )
        if changed:
            self._bump(night)

    @transaction.atomic
    def add_player(self, *, version: int | None, name: str) -> NightPlayer:
        """A player arrives late: numbered after the others, seated from the next
        round on (docs/rules.md, Euchre night). A name already in the night is the same player,
        present again."""
        night = self._locked(version)
        player = Player.for_name(name, private_table=night.private_table)
        entrant = night.entrants.filter(player=player).first()
        if entrant is not None:
            if not entrant.present:
                entrant.present = True
                entrant.save(update_fields=["present"])
                self._bump(night)
            return entrant
        count = night.entrants.count()
        if count >= MAX_PLAYERS:
            raise SeatingError(f"A euchre night seats at most {MAX_PLAYERS} players.")
        entrant = NightPlayer.objects.create(night=night, player=player, number=count + 1)
        self._bump(night)
        return entrant

    @transaction.atomic
    def choose_prizes(
        self,
        *,
        version: int | None,
        prizes: Sequence[PrizeKind],
        one_prize_each: bool,
        prize_ties: PrizeTies,
    ) -> None:
        """The night's prizes chosen again (docs/rules.md, Euchre night 6): which
        it gives, one a person or not, and how ties are settled. Refused
        (PrizesClosed) once the night is over: its results stand."""
        night = self._locked(version)
        playing = Game.objects.filter(night_round__night=night, finished_at__isnull=True)
        if night.rounds.count() >= night.rounds_planned and not playing.exists():
            raise PrizesClosed("The night is over: its prizes stand as they were given.")
        rules = night.night_rules.with_prizes(
            prizes=prizes, one_prize_each=one_prize_each, prize_ties=prize_ties
        )
        if rules == night.night_rules:
            return
        night.rules = rules.to_dict(night.variant_enum)
        night.save(update_fields=["rules"])
        self.rules = night.rules
        self._bump(night)

    # --- check-in at the door (scorekeeper/models/night_check_ins.py) ------------------

    @transaction.atomic
    def set_check_in(self, *, version: int | None, open_: bool) -> None:
        """Open check-in (with a new link: an old one stays shut) or close it."""
        night = self._locked(version)
        if open_ and night.check_in_token is None:
            night.check_in_token = new_watch_token()
        elif not open_ and night.check_in_token is not None:
            night.check_in_token = None
        else:
            return
        night.save(update_fields=["check_in_token"])
        self.check_in_token = night.check_in_token
        self._bump(night)

    @transaction.atomic
    def check_in(self, *, token: str, name: str) -> tuple[NightPlayer, bool]:
        """A player checks in with the night's check-in link (``token``) and their
        name (already read by ``referee.engine.names``): a name of the night is that
        player, here now; another is a new player, seated from the next round
        (docs/rules.md, Euchre night 2). Checking in twice changes nothing: the
        second answer is ``(entrant, False)``. Refused (CheckInRefused), storing
        nothing, with a wrong or old link, or once the last round is seated."""
        night = self._locked(None)
        refusal = night.check_in_refusal(token)
        if refusal:
            raise CheckInRefused(refusal)
        player = Player.for_name(name, private_table=night.private_table)
        entrant = night.entrants.filter(player=player).select_related("player").first()
        if entrant is not None and entrant.checked_in_at is not None and entrant.present:
            return entrant, False
        if entrant is None:
            count = night.entrants.count()
            if count >= MAX_PLAYERS:
                raise CheckInRefused(f"A euchre night seats at most {MAX_PLAYERS} players.")
            entrant = NightPlayer(night=night, player=player, number=count + 1)
        # A player who left and checks in again is back, from the next round.
        entrant.present = True
        entrant.checked_in_at = entrant.checked_in_at or timezone.now()
        entrant.save()
        self._bump(night)
        return entrant, True

    # --- reading -----------------------------------------------------------------------

    def plans(self) -> list[RoundPlan]:
        """Every round seated so far, as the engine's plans (players by number):
        one query for the tables' seats, whatever the night's size."""
        numbers = dict(self.entrants.values_list("player_id", "number"))
        outs = dict(self.rounds.values_list("number", "sitting_out"))
        # In round, table and seat order: each round's tables fill in turn.
        tables: dict[int, dict[int | None, list[int]]] = {number: {} for number in outs}
        for round_number, night_table, player in (
            Seat.objects.filter(game__night_round__night=self)
            .order_by("game__night_round__number", "game__night_table", "position")
            .values_list("game__night_round__number", "game__night_table", "player_id")
        ):
            tables[round_number].setdefault(night_table, []).append(numbers[player])
        return [
            RoundPlan(
                tables=tuple(tuple(seats) for seats in tables[number].values()),
                sitting_out=tuple(outs[number]),
            )
            for number in sorted(outs)
        ]

    def live_version(self) -> int:
        """A number that changes whenever anything the standings show changes:
        the night's version, every table's version and count, and its private
        table's names (``PrivateTable.shown_version``: a rename), in one query."""
        version = EuchreNight.objects.filter(pk=self.pk).live_version()
        assert version is not None
        return version
