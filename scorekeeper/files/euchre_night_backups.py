"""Euchre nights in the backup (docs/formats.md, "History out and back in";
docs/rules.md, Euchre night): ``scorekeeper.files.backups`` writes each private table's
nights beside its games and reads them back through here.

A night is written with its rules, seed and players (by number), and each of
its rounds with who sat out and its tables, each night table's game as a game
document. A night's tables are not among the private table's ``games``: read back as
games, they would end at a target instead of after the round's hands. Reading
checks the whole night before anything is stored; restoring recreates the night
with its tables' games scored by the round's rules, hand for hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any
from uuid import UUID

from django.utils import timezone

from referee.engine.document import (
    DocumentError,
    GameDocument,
    read_document,
    read_id,
    read_moment,
    write_document,
)
from referee.engine.names import NameError_, clean_name, is_storable, same_name
from referee.engine.night import NightRules, night_rules_from_dict
from referee.engine.seating import MAX_ROUNDS, SeatingError, check_night_size, check_variant
from referee.engine.variants import RulesError, Variant, parse_variant
from scorekeeper.files.read_errors import ReadError
from scorekeeper.models import EuchreNight, Game, NightPlayer, NightRound, Player, PrivateTable
from scorekeeper.models.euchre_nights import NAME_MAX_LENGTH
from scorekeeper.models.game_documents import import_game
from scorekeeper.models.night_check_ins import check_expected
from scorekeeper.models.private_tables import new_watch_token

# The seed is stored in a PositiveIntegerField: 0 to 2**31 - 1 on every database.
MAX_SEED = 2**31 - 1


class NightError(ReadError):
    """A night of a backup that cannot be restored; ``where`` names the place
    within the night ("round 2, table 1, hand 3, tricks")."""


@dataclass(frozen=True)
class NightPlayerBackup:
    number: int
    name: str
    present: bool
    # The name as the backup wrote it, when it is read in another form
    # (full-width letters read as plain ones); "" when it is read as written.
    given: str = ""
    # When they checked in at the door (None: entered by the organiser).
    checked_in_at: datetime | None = None


@dataclass(frozen=True)
class NightRoundBackup:
    number: int
    sitting_out: tuple[int, ...]
    created_at: datetime | None
    # Each table's game, table 1 first (scored by the round's rules).
    tables: tuple[GameDocument, ...]


@dataclass(frozen=True)
class NightBackup:
    id: UUID
    name: str
    variant: Variant
    rounds_planned: int
    rules: NightRules
    seed: int
    created_at: datetime | None
    players: tuple[NightPlayerBackup, ...]
    rounds: tuple[NightRoundBackup, ...]
    # None: the night never used check-in at the door; else whether it is open.
    check_in: bool | None = None


# --- writing ---------------------------------------------------------------------------


def night_backups(tables: Sequence[PrivateTable]) -> dict[int, list[dict[str, Any]]]:
    """Every night of ``tables`` as the backup writes it, by private table: four
    queries whatever the number of nights, rounds and hands."""
    nights = list(
        EuchreNight.objects.filter(private_table__in=[t.pk for t in tables]).order_by(
            "created_at", "pk"
        )
    )
    ids = [n.pk for n in nights]
    players: dict[int, list[dict[str, Any]]] = {pk: [] for pk in ids}
    for entrant in (
        NightPlayer.objects.filter(night__in=ids).select_related("player").order_by("number")
    ):
        player = {"number": entrant.number, "name": entrant.player.name, "present": entrant.present}
        if entrant.checked_in_at is not None:
            player["checked_in_at"] = _moment(entrant.checked_in_at)
        players[entrant.night_id].append(player)
    tables_of: dict[int, list[dict[str, Any]]] = {}
    for game in (
        Game.objects.filter(night_round__night__in=ids)
        .with_seats()
        .prefetch_related("hands")
        .order_by("night_table")
    ):
        assert game.night_round_id is not None
        tables_of.setdefault(game.night_round_id, []).append(
            {"table": game.night_table, "game": write_document(game.to_document())}
        )
    rounds: dict[int, list[dict[str, Any]]] = {pk: [] for pk in ids}
    for r in NightRound.objects.filter(night__in=ids).order_by("number"):
        rounds[r.night_id].append(
            {
                "number": r.number,
                "sitting_out": list(r.sitting_out),
                "created_at": _moment(r.created_at),
                "tables": tables_of.get(r.pk, []),
            }
        )
    by_table: dict[int, list[dict[str, Any]]] = {t.pk: [] for t in tables}
    for night in nights:
        # "check_in" (open or not) only for a night that used check-in at the door:
        # open now, or a player checked in.
        is_open = night.check_in_token is not None
        used = is_open or any("checked_in_at" in p for p in players[night.pk])
        by_table[night.private_table_id].append(
            {
                **({"check_in": is_open} if used else {}),
                "id": str(night.uid),
                "name": night.name,
                "variant": night.variant,
                "rounds_planned": night.rounds_planned,
                "rules": night.night_rules.to_dict(night.variant_enum),
                "seed": night.seed,
                "created_at": _moment(night.created_at),
                "players": players[night.pk],
                "rounds": rounds[night.pk],
            }
        )
    return by_table


def _moment(moment: datetime) -> str:
    return timezone.localtime(moment).isoformat()


# --- reading ---------------------------------------------------------------------------


def read_nights(data: Any) -> tuple[NightBackup, ...]:
    """A private table's ``nights`` (absent in a backup written before nights: none),
    each read whole, or NightError naming the first fault ("night 2, ...")."""
    if data is None:
        return ()
    if not _is_list(data):
        raise NightError("nights", "give the euchre nights as a list")
    nights = []
    for number, night in enumerate(data, start=1):
        try:
            nights.append(read_night(night))
        except NightError as error:
            raise NightError(f"night {number}, {error.where}", error.message) from None
    return tuple(nights)


def read_night(data: Any) -> NightBackup:
    """One night of a backup, checked whole: its rules, its players, and every
    round's sit-outs and tables, each table's game a game document of the
    night's players scored by the round's rules (docs/rules.md, Euchre night)."""
    if not isinstance(data, Mapping):
        raise NightError("night", "a euchre night is a JSON object")
    try:
        uid = read_id(data.get("id"))
        created_at = read_moment(data, "created_at")
    except DocumentError as error:
        raise NightError(error.where, error.message) from None
    if uid is None:
        raise NightError("id", "every night needs its id, as the backup writes it")
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > NAME_MAX_LENGTH:
        raise NightError("name", f"a name of at most {NAME_MAX_LENGTH} characters")
    if not is_storable(name):
        raise NightError("name", "holds a NUL or half a character (a lone surrogate)")
    variant, rules = _read_rules(data)
    rounds_planned, seed = _whole(data.get("rounds_planned")), _whole(data.get("seed", 0))
    if rounds_planned is None or not 1 <= rounds_planned <= MAX_ROUNDS:
        raise NightError("rounds_planned", f"a night has 1 to {MAX_ROUNDS} rounds")
    if seed is None or not 0 <= seed <= MAX_SEED:
        raise NightError("seed", f"a whole number from 0 to {MAX_SEED}")
    players = _read_players(data.get("players"))
    check_in = _read_check_in(data, players, rounds_planned)
    rounds = _read_rounds(data.get("rounds", []), rounds_planned, players, variant, rules)
    return NightBackup(
        id=uid,
        name=name,
        variant=variant,
        rounds_planned=rounds_planned,
        rules=rules,
        seed=seed,
        created_at=created_at,
        players=players,
        rounds=rounds,
        check_in=check_in,
    )


def _read_check_in(
    data: Mapping[str, Any], players: Sequence[NightPlayerBackup], rounds_planned: int
) -> bool | None:
    """The night's ``check_in`` (optional: whether check-in is open), and its
    players checked against its size: a night that opened with check-in may hold
    fewer than 8 before its first round (docs/formats.md, "Check-in at the door")."""
    check_in = data.get("check_in")
    if check_in is not None and not isinstance(check_in, bool):
        raise NightError("check_in", "must be true or false")
    try:
        if check_in is not None and not data.get("rounds"):
            check_expected(players=len(players), rounds=rounds_planned)
        else:
            check_night_size(players=len(players), rounds=rounds_planned)
    except SeatingError as error:
        raise NightError("players", str(error)) from None
    return check_in


def _read_rounds(
    data: Any,
    planned: int,
    players: Sequence[NightPlayerBackup],
    variant: Variant,
    rules: NightRules,
) -> tuple[NightRoundBackup, ...]:
    """The rounds seated so far, no more than were ``planned``."""
    if not _is_list(data):
        raise NightError("rounds", "give the rounds as a list")
    if len(data) > planned:
        raise NightError("rounds", f"{len(data)} rounds of the {planned} planned")
    rounds = []
    for number, raw in enumerate(data, start=1):
        try:
            rounds.append(_read_round(number, raw, players, variant, rules))
        except NightError as error:
            raise NightError(f"round {number}, {error.where}", error.message) from None
    return tuple(rounds)


def _read_rules(data: Mapping[str, Any]) -> tuple[Variant, NightRules]:
    """The night's variant and rules (docs/rules.md, Euchre night)."""
    try:
        variant = check_variant(parse_variant(_text(data.get("variant"))))
        rules_data = data.get("rules", {})
        if not isinstance(rules_data, Mapping):
            raise RulesError("rules", "must be an object of the night's rules")
        return variant, night_rules_from_dict(variant, rules_data)
    except SeatingError as error:
        raise NightError("variant", str(error)) from None
    except RulesError as error:
        where = error.field if error.field in ("variant", "rules") else f"rules, {error.field}"
        raise NightError(where, error.message) from None


def _read_players(data: Any) -> tuple[NightPlayerBackup, ...]:
    if not _is_list(data):
        raise NightError("players", "give the night's players as a list")
    players: list[NightPlayerBackup] = []
    for number, raw in enumerate(data, start=1):
        where = f"player {number}"
        if not isinstance(raw, Mapping):
            raise NightError(where, "a player is an object with a number, a name and present")
        if raw.get("number") != number or not _is_int(raw.get("number")):
            raise NightError(f"{where}, number", f"the players are numbered 1, 2 ...: {number}")
        given = _text(raw.get("name"))
        try:
            name = clean_name(given)
        except NameError_ as error:
            raise NightError(f"{where}, name", str(error)) from None
        if any(same_name(name, p.name) for p in players):
            raise NightError(f"{where}, name", f"'{name}' appears twice in the night")
        present = raw.get("present", True)
        if not isinstance(present, bool):
            raise NightError(f"{where}, present", "must be true or false")
        try:
            checked_in_at = read_moment(raw, "checked_in_at")
        except DocumentError as error:
            raise NightError(f"{where}, {error.where}", error.message) from None
        players.append(
            NightPlayerBackup(
                number=number,
                name=name,
                present=present,
                given=given if given != name else "",
                checked_in_at=checked_in_at,
            )
        )
    return tuple(players)


def _read_round(
    number: int,
    data: Any,
    players: Sequence[NightPlayerBackup],
    variant: Variant,
    rules: NightRules,
) -> NightRoundBackup:
    if not isinstance(data, Mapping):
        raise NightError("round", "a round is an object with its sit-outs and tables")
    if data.get("number", number) != number:
        raise NightError("number", f"the rounds are numbered 1, 2 ... in order: {number}")
    try:
        created_at = read_moment(data, "created_at")
    except DocumentError as error:
        raise NightError(error.where, error.message) from None
    sitting_out = data.get("sitting_out", [])
    if not _is_list(sitting_out) or not all(
        _is_int(p) and 1 <= p <= len(players) for p in sitting_out
    ):
        raise NightError("sitting_out", "the numbers of the night's players who sat out")
    raw_tables = data.get("tables")
    if not _is_list(raw_tables) or not raw_tables:
        raise NightError("tables", "give the round's tables as a list")
    placed = list(sitting_out)
    tables = []
    for night_table, raw in enumerate(raw_tables, start=1):
        document, seated = _read_night_table(night_table, raw, players, variant)
        placed += seated
        tables.append(replace(document, round_rules=rules.round_rules))
    twice = next((p for p in placed if placed.count(p) > 1), None)
    if twice is not None:
        raise NightError("tables", f"player {twice} is in two places in the round")
    return NightRoundBackup(
        number=number, sitting_out=tuple(sitting_out), created_at=created_at, tables=tuple(tables)
    )


def _read_night_table(
    night_table: int, data: Any, players: Sequence[NightPlayerBackup], variant: Variant
) -> tuple[GameDocument, list[int]]:
    """Night table ``night_table`` of a round: its game document, and the numbers of the
    night's players seated at it."""
    where = f"table {night_table}"
    if not isinstance(data, Mapping) or data.get("table") != night_table:
        raise NightError(where, f"the tables are numbered 1, 2 ... in order: {night_table}")
    try:
        document = read_document(data.get("game"))
    except DocumentError as error:
        raise NightError(f"{where}, game, {error.where}", error.message) from None
    if document.setup.variant is not variant:
        raise NightError(f"{where}, game, variant", f"the night plays {variant.value}")
    seated = []
    for name in document.setup.players:
        entrant = next((p for p in players if same_name(p.name, name)), None)
        if entrant is None:
            raise NightError(f"{where}, game, players", f"'{name}' is not a player of the night")
        seated.append(entrant.number)
    return document, seated


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _whole(value: Any) -> int | None:
    """``value`` when it is a whole number (not true or false), else None."""
    return value if _is_int(value) else None


def _is_list(value: Any) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str)


# --- restoring -------------------------------------------------------------------------


def restore_nights(
    nights: Iterable[NightBackup], *, private_table: PrivateTable
) -> tuple[int, int]:
    """Store the nights not stored yet (found by ``id``) at ``table``, each with
    its players, rounds and tables' games. Returns (nights added, skipped). The
    caller's transaction makes it all or nothing."""
    added = skipped = 0
    for backup in nights:
        if EuchreNight.objects.filter(uid=backup.id).exists():
            skipped += 1
        else:
            restore_night(backup, private_table=private_table)
            added += 1
    return added, skipped


def restore_night(backup: NightBackup, *, private_table: PrivateTable) -> EuchreNight:
    """One night of a backup stored at ``table`` as it was: its tables are
    games of their round (``Game.night_round``), scored by the round's rules."""
    night = EuchreNight.objects.create(
        private_table=private_table,
        uid=backup.id,
        name=backup.name,
        variant=backup.variant,
        rounds_planned=backup.rounds_planned,
        rules=backup.rules.to_dict(backup.variant),
        seed=backup.seed,
        created_at=backup.created_at or timezone.now(),
        check_in_token=new_watch_token() if backup.check_in else None,
    )
    found = {
        p.name: Player.for_name(p.name, private_table=private_table)
        for p in sorted(backup.players, key=lambda p: p.name.casefold())
    }
    NightPlayer.objects.bulk_create(
        NightPlayer(
            night=night,
            player=found[p.name],
            number=p.number,
            present=p.present,
            checked_in_at=p.checked_in_at,
        )
        for p in backup.players
    )
    for round_ in backup.rounds:
        record = NightRound.objects.create(
            night=night,
            number=round_.number,
            sitting_out=list(round_.sitting_out),
            created_at=round_.created_at or night.created_at,
        )
        for number, document in enumerate(round_.tables, start=1):
            # A table's game stored apart from its night (imported as a game):
            # the night's table is stored as a copy, under a new id.
            copy = document.id is not None and Game.objects.filter(uid=document.id).exists()
            import_game(
                Game,
                document,
                private_table=private_table,
                copy=copy,
                night_round=record,
                night_table=number,
            )
    return night
