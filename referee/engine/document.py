"""The game document for import and export (docs/formats.md, "Game document (import and export)",
format bower.game/1).

Plain Python: no Django import. Reading a document validates all of it and
names the hand and field at fault; writing one scores every hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from referee.engine.hands import GameSetup, Hand, HandError
from referee.engine.names import LookAlike, NameError_, clean_name, look_alike, same_name
from referee.engine.reading import hand_to_dict, name_fault, read_hand, seat_named
from referee.engine.totals import GameScore, RoundRules, score_game
from referee.engine.variants import RulesError, Variant, house_rules_from_dict, parse_variant

FORMAT = "bower.game/1"
# A game is a few dozen hands; a document of more is not a game we kept.
MAX_HANDS = 1000
# The years a date may fall in once in UTC (docs/formats.md, "Game document (import and export)"):
# every database stores them, and every screen can move them by a time zone and a night's
# six hours without leaving the years Python can count.
FIRST_YEAR, LAST_YEAR = 1900, 2999


class DocumentError(ValueError):
    """A game document that cannot be imported. ``where`` names the place
    ("hand 3, partner" or "players"); ``message`` says what is wrong."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


@dataclass(frozen=True, kw_only=True)
class GameDocument:
    setup: GameSetup
    first_dealer: int
    hands: tuple[Hand, ...]
    # The game's lasting identity and dates (docs/formats.md, "Game document (import and export)"):
    # None when a document written by hand leaves them out.
    id: UUID | None = None
    started_at: datetime | None = None
    finished_at: datetime | None = None
    # A euchre night's table (docs/rules.md, Euchre night 3): how its round ends and scores. Not
    # written in the document itself: a backup's night gives it to its tables.
    round_rules: RoundRules | None = None
    # The players' names the document wrote in another form than they are read
    # (as written, as read: a full-width "Ann" read as "Ann"), for whoever imports it to be told.
    folded: tuple[tuple[str, str], ...] = ()

    def score(self) -> GameScore:
        return score_game(
            self.setup,
            first_dealer=self.first_dealer,
            hands=self.hands,
            round_rules=self.round_rules,
        )


def clean_player_names(variant: Variant, names: Any, *, where: str = "players") -> tuple[str, ...]:
    """Names through the one name check (``clean_name``), distinct case aside, as
    many as the variant seats (docs/formats.md, "Game document (import and export)",
    docs/rules.md 1 (every variant))."""
    if not isinstance(names, Sequence) or isinstance(names, str):
        raise DocumentError(where, "give the players' names as a list, in seat order")
    cleaned: list[str] = []
    for seat, name in enumerate(names, start=1):
        if not isinstance(name, str):
            raise DocumentError(where, "every player needs a name")
        try:
            name = clean_name(name)
        except NameError_ as error:
            raise DocumentError(where, f"seat {seat}: {error}") from None
        if any(same_name(name, other) for other in cleaned):
            raise DocumentError(where, f"'{name}' appears twice: every player needs their own name")
        if (known := look_alike(name, cleaned)) is not None:
            raise DocumentError(where, f"seat {seat}: {LookAlike(name, known, 'in this game')}")
        cleaned.append(name)
    if len(cleaned) not in variant.player_counts:
        counts = variant.player_counts_text
        raise DocumentError(
            where, f"{variant.label} is played by {counts} players, not {len(cleaned)}"
        )
    return tuple(cleaned)


def read_document(data: Any) -> GameDocument:
    """Read a whole game document, or raise DocumentError at the first fault."""
    if not isinstance(data, Mapping):
        raise DocumentError("document", "a game document is a JSON object")
    if data.get("format") != FORMAT:
        raise DocumentError("format", f'must be "{FORMAT}"')
    setup = _read_table(data)
    first = data.get("first_dealer")
    if not isinstance(first, str):
        raise DocumentError("first_dealer", "give the name of the player who dealt first")
    first_seat = seat_named(setup, first)
    if first_seat is None:
        raise DocumentError("first_dealer", _not_a_player(first))
    hands = _read_hands(setup, data.get("hands", []), first_dealer=first_seat)
    started_at = read_moment(data, "started_at")
    finished_at = read_moment(data, "finished_at")
    if finished_at is not None:
        if started_at is None:
            # The game would start at the import, after it had ended.
            raise DocumentError("finished_at", "comes with started_at, when the game began")
        if finished_at < started_at:
            raise DocumentError("finished_at", "must not be before started_at")
    return GameDocument(
        setup=setup,
        first_dealer=first_seat,
        hands=hands,
        id=read_id(data.get("id")),
        started_at=started_at,
        finished_at=finished_at,
        folded=tuple(
            (given, read)
            for given, read in zip(data["players"], setup.players, strict=True)
            if given != read
        ),
    )


def _not_a_player(name: str) -> str:
    return name_fault(name) or f"'{name}' is not one of the players"


def _read_table(data: Mapping[str, Any]) -> GameSetup:
    """The document's variant, house rules and players."""
    if not isinstance(data.get("variant", ""), str):
        raise DocumentError("variant", "name the variant as text: " + ", ".join(Variant))
    try:
        variant = parse_variant(data.get("variant", ""))
    except RulesError as error:
        raise DocumentError("variant", error.message) from None
    rules_data = data.get("rules", {})
    if not isinstance(rules_data, Mapping):
        raise DocumentError("rules", "must be an object of house rules")
    try:
        rules = house_rules_from_dict(variant, rules_data)
    except RulesError as error:
        raise DocumentError(f"rules, {error.field}", error.message) from None
    players = clean_player_names(variant, data.get("players"))
    return GameSetup(variant=variant, players=players, rules=rules)


def _read_hands(setup: GameSetup, raw_hands: Any, *, first_dealer: int) -> tuple[Hand, ...]:
    """The document's hands, each read with ``setup`` and the dealer the rotation from
    ``first_dealer`` gives it (the first fault named by its number)."""
    if not isinstance(raw_hands, list):
        raise DocumentError("hands", "must be a list of hands")
    if len(raw_hands) > MAX_HANDS:
        raise DocumentError(
            "hands", f"{len(raw_hands)} hands is more than one game holds (at most {MAX_HANDS})"
        )
    hands: list[Hand] = []
    dealer = first_dealer
    for number, raw in enumerate(raw_hands, start=1):
        try:
            hand = read_hand(setup, raw, dealer=dealer)
        except HandError as error:
            field, message = next(iter(error.errors.items()))
            raise DocumentError(f"hand {number}, {field}", message) from None
        hands.append(hand)
        # The deal passes to the left after every hand (docs/rules.md 1 (every variant)).
        dealer = ((dealer if hand.dealer is None else hand.dealer) + 1) % setup.n
    return tuple(hands)


def read_id(value: Any) -> UUID | None:
    """The game's ``id``: a UUID in its usual text form, or absent (null)."""
    if value is None:
        return None
    try:
        if not isinstance(value, str):
            raise ValueError
        return UUID(value)
    except ValueError:
        raise DocumentError("id", "must be the game's UUID, as export writes it") from None


def read_moment(data: Mapping[str, Any], field: str) -> datetime | None:
    """``started_at`` or ``finished_at`` (a night's ``created_at`` too): ISO 8601
    with its offset, in the years FIRST_YEAR to LAST_YEAR once in UTC, or absent
    (null)."""
    value = data.get(field)
    if value is None:
        return None
    try:
        if not isinstance(value, str):
            raise ValueError
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise DocumentError(
            field, "must be a date and time in ISO 8601, such as 2025-11-21T19:30:00+00:00"
        ) from None
    if moment.utcoffset() is None:
        raise DocumentError(field, "needs its offset from UTC, such as +00:00")
    try:
        year = moment.astimezone(UTC).year
    except OverflowError:  # before year 1 or after 9999 once in UTC
        year = 0
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise DocumentError(
            field, f"must fall in the years {FIRST_YEAR} to {LAST_YEAR} (in UTC): {value}"
        )
    return moment


def write_document(document: GameDocument) -> dict[str, Any]:
    """The game document with what export adds: each hand's dealer, points and
    explanation, and the totals, whether the game is finished and its winners."""
    setup = document.setup
    game = document.score()
    hands = []
    for scored in game.hands:
        data = hand_to_dict(setup, scored.hand)
        data["dealer"] = setup.name(scored.dealer)
        data["points"] = dict(zip(setup.players, scored.points, strict=True))
        data["explanation"] = scored.score.explanation
        if scored.after_end:
            data["explanation"] += " (Recorded after the game had ended: not counted.)"
        hands.append(data)
    return {
        "format": FORMAT,
        "id": str(document.id) if document.id is not None else None,
        "started_at": moment_text(document.started_at),
        "finished_at": moment_text(document.finished_at),
        "variant": setup.variant.value,
        "rules": setup.rules.to_dict(setup.variant),
        "players": list(setup.players),
        "first_dealer": setup.name(document.first_dealer),
        "hands": hands,
        "totals": dict(zip(setup.players, game.totals, strict=True)),
        "finished": game.finished,
        "winners": [setup.name(s) for s in game.winners],
    }


def moment_text(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None
