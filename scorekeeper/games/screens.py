"""What the game screens show: the scoreboard, the call in words, the last
hands, the result's standings, the new game's deal table. Plain functions of
a game (no request): the views in ``scorekeeper/games/views/`` draw them."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

from referee.chips import card_label, suit_label
from referee.engine.cards import Card, Suit, parse_trump
from referee.engine.describe import describe_call
from referee.engine.explaining import join_names
from referee.engine.hands import Hand as EngineHand
from referee.engine.hands import PartnerOutcome
from referee.engine.variants import Variant, deal_for, seats_opposite
from scorekeeper.games.forms.actions import GameActionForm
from scorekeeper.games.forms.hands import HandForm, TableHandForm
from scorekeeper.games.forms.new_game import NewGameForm
from scorekeeper.games.outcomes import Kind, deal_order, drawing_outcomes, kind_outcomes
from scorekeeper.models import Game, Hand, HandInProgress, Player
from scorekeeper.models.ratings import game_rating_changes
from scorekeeper.web.display import trump_badge
from scorekeeper.web.forms import PrivateTableChoiceForm
from scorekeeper.web.house_rules import house_rule_names

RECENT_HANDS = 5


@dataclass(frozen=True)
class ScoreRow:
    """One line of the scoreboard: a player, or in standard euchre a team."""

    names: str
    total: int
    # The side's first seat: the seat whose total the row shows (the table screen's
    # phone adds the points of hands waiting in its outbox to it).
    seat: int
    # The top of the board's mark, alike for every side level with it: "ahead"
    # (alone at the top), "level" (sharing the top), "winner", "shares the win"; "" unmarked.
    standing: str
    deals: bool
    # In the hand in play: "maker" for the maker's side, else "".
    role: str = ""


@dataclass(frozen=True)
class NightTableHeading:
    """A euchre night's table as its screens name it (docs/rules.md, Euchre night): "Club night
    · Round 2 · Table 3", and the round's hands instead of a target."""

    night_id: int
    title: str
    round: int
    night_table: int
    hands: int
    hand_now: int  # the round's hand being played: a misdeal is not one (rules.md, Euchre night 3)
    time_up: datetime | None = None  # the round timer's end, on a night that keeps one
    moved: str = ""  # movement by result, before the round's first hand: who came from where

    def __str__(self) -> str:
        return f"{self.title} · Round {self.round} · Table {self.night_table}"


def night_heading(game: Game, *, played: int = 0) -> NightTableHeading | None:
    """The night, round and table of a night's table (``for_table`` selects
    them: no query), and the hand of the round being played after ``played``
    hands that count (a misdeal does not); None for a game."""
    night_round = game.night_round
    if night_round is None:
        return None
    return NightTableHeading(
        night_id=night_round.night_id,
        title=night_round.night.title,
        round=night_round.number,
        night_table=game.night_table or 1,
        hands=game.round_hands or 0,
        hand_now=played + 1,
        time_up=night_round.time_up(night_round.night.night_rules.round_minutes),
        moved=""
        if played or game.is_finished
        else night_round.moved_line(
            game.night_table or 1, {s.player_id: s.player.name for s in game.seat_list()}
        ),
    )


@dataclass(frozen=True)
class RecentHand:
    """One of the table's last hands, as its row shows it (flat: each name
    the template reads is one lookup)."""

    number: int
    after_end: bool
    explanation: str
    summary: str
    trump: SafeString
    scorers: list[tuple[str, int]]
    # Each seat's points, for the phone (a hand another phone recorded in the same
    # place as one waiting on this phone is not counted until the scorer chooses).
    points: list[int]
    edit_url: str
    history_url: str


def scoreboard(game: Game, dealer: int, current: HandInProgress | None) -> list[ScoreRow]:
    """One row per side that keeps a total (docs/rules.md, Call-Ace 6 and Standard 6), with
    who deals and, in the hand in play ``current``, the maker's side (the partner is told
    with the whole hand). A finished game marks its winners (the cached ``Seat.won``: no
    query; a shared win when several sides won, Call-Ace 6), else the side alone at the
    top ("ahead") or every side level there ("level")."""
    seats = game.seat_list()
    sides = game.setup.sides()
    marked: dict[tuple[int, ...], str] = {}
    if game.is_finished and not game.is_night_table:
        won = [side for side in sides if any(seats[s].won for s in side)]
        marked = dict.fromkeys(won, "winner" if len(won) == 1 else "shares the win")
    if not marked:
        top = max(seats[side[0]].total for side in sides)
        level = [side for side in sides if top > 0 and seats[side[0]].total == top]
        marked = dict.fromkeys(level, "ahead" if len(level) == 1 else "level")
    return [
        ScoreRow(
            names=" & ".join(seats[s].player.name for s in side),
            total=seats[side[0]].total,
            seat=side[0],
            standing=marked.get(side, ""),
            deals=dealer in side,
            role="maker" if current is not None and current.maker in side else "",
        )
        for side in sides
    ]


def winner_words(rows: list[ScoreRow], *, teams: bool) -> str:
    """The winners of a finished game as a title says it: "Dan wins", "Ann & Cat
    win" (``teams``: standard euchre's), "Ann and Ben share the win"; "" while
    nobody has won."""
    winners = [r for r in rows if r.standing in ("winner", "shares the win")]
    if not winners:
        return ""
    if len(winners) > 1:
        return f"{join_names([r.names for r in winners])} share the win"
    return f"{winners[0].names} {'win' if teams else 'wins'}"


def ahead_line(rows: list[ScoreRow], target: int | None, *, over: bool = False) -> str:
    """Where the game stands, in a sentence, alike for every side level with
    another: "Cat ahead with 5 of 10.", "Ann and Cat level at the top with 5
    of 10.", "Everyone level at 5 of 10."; once it is over "Dan won with 11."
    or "Ann and Ben shared the win with 10.". Without a target (a euchre
    night's table, docs/rules.md, Euchre night) "Cat ahead with 5.", and ``over``:
    "Round over: Cat has the most, 5."."""
    leaders = [r for r in rows if r.standing]
    if not leaders:
        return "No points yet." if target is None else f"No points yet: first to {target} wins."
    total = leaders[0].total
    of = "" if target is None else f" of {target}"
    names = join_names([r.names for r in leaders])
    if leaders[0].standing == "winner":
        return f"{names} won with {total}."
    if leaders[0].standing == "shares the win":
        return f"{names} shared the win with {total}."
    if over:
        return f"Round over: {names} {'has' if len(leaders) == 1 else 'have'} the most, {total}."
    if len(leaders) == 1:
        return f"{names} ahead with {total}{of}."
    if len(leaders) == len(rows):
        return f"Everyone level at {total}{of}."
    return f"{names} level at the top with {total}{of}."


def _with_suit(words: str, suit: Suit | None) -> SafeString:
    """The engine's words, their last word (the suit's name) with its symbol and colour."""
    if suit is None or not words.endswith(suit.plural):
        return format_html("{}", words)
    return format_html("{}{}", words.removesuffix(suit.plural), suit_label(suit, suit.plural))


def describe_current_call(game: Game, current: HandInProgress) -> SafeString:
    """The hand in progress in words: "Ben made ♥ hearts and calls the ace of ♠ spades;
    partner unknown". The call is the engine's (``describe_call``), told as it stands."""
    setup = game.setup
    maker = current.maker or 0
    trump = parse_trump(current.trump)
    called = current.called_value()
    made, *calls = describe_call(setup, EngineHand(maker=maker, trump=trump, called=called))
    text = _with_suit(made, trump)
    variant = setup.variant
    if calls and current.alone and isinstance(called, Suit):
        # A Call-Ace maker goes alone by calling an ace they hold (docs/rules.md, Call-Ace 3).
        call = "calling" + calls[0].removeprefix("called")
        text = format_html("{} and goes alone, {}", text, _with_suit(call, called))
    elif calls:
        # "called the ace of spades": the hand is still being played, so "calls".
        call = "calls" + calls[0].removeprefix("called")
        if isinstance(called, Card):
            text = format_html("{} and {} ({})", text, call, card_label(called))
        else:
            text = format_html("{} and {}", text, _with_suit(call, called))
    elif current.alone:
        # In standard euchre the lone maker's partner sits out (docs/rules.md, Standard 4).
        sits_out = setup.sits_out(EngineHand(maker=maker, outcome=PartnerOutcome.ALONE))
        if sits_out is None:
            text = format_html("{} and goes alone", text)
        else:
            text = format_html("{} and goes alone; {} sits out", text, setup.name(sits_out))
    else:
        text = format_html("{} with {}", text, setup.name(seats_opposite(maker)))
    if current.partner_to_reveal(variant):
        # Who held the called card is told with the whole hand, at its end.
        text = format_html("{}; partner unknown", text)
    if current.bidding_round:
        text = format_html("{} (round {})", text, current.bidding_round)
    return format_html("{}.", text)


def recent_lines(game: Game, hands: list[Hand]) -> list[RecentHand]:
    """The last hands as the table screen lists them: summary, trump, who scored."""
    setup = game.setup
    names = setup.players
    return [
        RecentHand(
            number=hand.number,
            after_end=hand.after_end,
            explanation=hand.explanation,
            summary=hand.summary(setup),
            trump=trump_badge(hand.trump),
            scorers=[(names[s], p) for s, p in enumerate(hand.points) if p],
            points=list(hand.points),
            edit_url=reverse("hand_edit", args=[game.pk, hand.number]),
            history_url=reverse("hand_history", args=[game.pk, hand.number]),
        )
        for hand in hands
    ]


def table_context(game: Game, *, keeps_form: bool = False) -> dict[str, Any]:
    """Everything the table screen shows, in a fixed number of queries. ``keeps_form``:
    for a poll's answer to a phone that keeps the hand form it shows (``live_patch``):
    no form is built, only what moves that form on (``kept_form``)."""
    setup = game.setup
    # A night's table reads its round's every hand (a round is short), in the same
    # query, to number the hand being played without its misdeals.
    at_night = game.night_round_id is not None
    hands = game.recent_hands(game.hands_played if at_night else RECENT_HANDS)
    recent = hands[:RECENT_HANDS]
    last = recent[0] if recent else None
    number, dealer = game.upcoming(last)
    leader = (dealer + 1) % setup.n
    current = game.current_hand
    rows = scoreboard(game, dealer, current)
    night = night_heading(game, played=sum(1 for hand in hands if not hand.thrown_in))
    hand_form, kept_form, outcomes, outcomes_address = None, None, None, ""
    if not game.is_finished:
        token = uuid.uuid4()
        if keeps_form:
            call = HandForm.call_values(current)
            kept_form = {"token": token, "after": game.hands_played, "call": call}
        else:
            # The whole hand, taken on the phone a stage at a time (static/js/hand.js).
            initial = {"version": game.version, "token": token}
            hand_form = TableHandForm(
                initial={**initial, **HandForm.initial_from_current(current)}, game=game
            )
        # What every table of this kind shares, the phone fetches once from its address.
        outcomes = {**drawing_outcomes(game), "deals": deal_order(setup, dealer)}
        outcomes_address = kind_outcomes(Kind.of(game)).address
    return {
        "game": game,
        # Each reversed once a page: its forms and links name them many times.
        "to": {
            name: reverse(name, args=[game.pk])
            for name in [
                "table_poll",
                "game_sheet",
                "game_result",
                "hand_start",
                "hand_enter",
                "hand_cancel",
                "hand_dealer",
                "hand_undo",
            ]
        },
        "setup": setup,
        "rules": game.house_rules,
        "rule_names": house_rule_names(game.house_rules, setup.variant),
        "number": number,
        "dealer": setup.name(dealer),
        "out_of_turn": game.next_dealer is not None,
        "leader": setup.name(leader),
        "rows": rows,
        "ahead": ahead_line(rows, None if night else game.target, over=game.is_finished),
        "winners": winner_words(rows, teams=setup.variant is Variant.STANDARD),
        "night": night,
        "current": current,
        "call": describe_current_call(game, current) if current else "",
        "action_form": GameActionForm.for_game(game),
        "hand_form": hand_form,
        "kept_form": kept_form,
        "outcomes": outcomes,
        "outcomes_address": outcomes_address,
        "recent": recent_lines(game, recent),
        "last": last,
    }


def result_context(game: Game) -> dict[str, Any]:
    """Everything the result screen shows: the winners, the standings by side,
    and the hands played after the end (docs/rules.md, Call-Ace 6)."""
    score = game.score()
    setup = game.setup
    standings = sorted(
        (
            (setup.names(side), score.totals[side[0]], side[0] in score.winners)
            for side in setup.sides()
        ),
        key=lambda row: -row[1],
    )
    after_end = [h.number for h in score.hands if h.after_end]
    changes = game_rating_changes(game)
    rated = [
        (setup.name(seat.position), changes[seat.player_id])
        for seat in game.seat_list()
        if seat.player_id in changes
    ]
    return {
        "game": game,
        "setup": setup,
        "night": night_heading(game),
        "score": score,
        "winners": setup.names(score.winners),
        "shared": len(score.winners) > 1 and setup.variant is not Variant.STANDARD,
        "standings": standings,
        "after_end": after_end,
        "rated": rated,
    }


def new_game_context(form: NewGameForm, table_choice: PrivateTableChoiceForm) -> dict[str, Any]:
    """Everything the new game screen shows: the form, the deal for each number
    of players under the deal chosen (docs/rules.md 1 (every variant)), the table it goes to
    (``table_choice``) and that table's known players."""
    variant = form.variant_value
    rules = form.shown_rules()
    deals = [(n, deal_for(variant, n, rules)) for n in variant.player_counts]
    typed = form.typed_names()
    seated = {name.casefold() for name in typed if name}
    chosen = table_choice.chosen_private_table()
    players = Player.objects.for_tables([chosen] if chosen else [])
    known = [p for p in players.recent(12) if p.name.casefold() not in seated]
    slots = max(variant.player_counts)
    dealer_chips: list[tuple[Any, int | None, str]] = []
    for choice in form["first_dealer"]:
        value = str(choice.data["value"])
        if value == "random":
            dealer_chips.append((choice, None, ""))
        elif int(value) < slots:
            dealer_chips.append((choice, int(value), typed[int(value)]))
    return {
        "form": form,
        "table_choice": table_choice,
        "variant": variant,
        "deals": deals,
        "filled": sum(1 for name in typed[:slots] if name),
        "known": known,
        "typed": typed,
        "dealer_chips": dealer_chips,
    }
