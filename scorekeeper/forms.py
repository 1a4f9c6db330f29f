"""Forms of the game flow: starting a game and recording its hands.

Every choice is a tap on a big radio chip (players in seat order, suits with
their symbol and colour). The forms only translate taps into the rules
engine's terms; whether a hand is possible, and what it scores, is the engine's
call (``referee.engine.reading.read_hand``), and its messages land beside the fields
they name.
"""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass, replace
from typing import Any, Self

from django import forms
from django.utils.html import format_html
from django.utils.safestring import SafeString

from referee.engine.cards import SUITS, Card, Suit, make_deck
from referee.engine.hands import Hand as EngineHand
from referee.engine.hands import HandError, Table
from referee.engine.names import NAME_MAX_LENGTH, NameError_, clean_name, first_repeat, same_name
from referee.engine.reading import read_hand
from referee.engine.scoring import HandScore, add_hand_points, score_hand
from referee.engine.variants import (
    TARGET_RANGE,
    Deal,
    HouseRules,
    RenegeRule,
    RulesError,
    TieRule,
    Variant,
    house_rules_from_dict,
)
from scorekeeper.models import Game, HandInProgress

SEAT_SLOTS = 6  # the most players any variant seats (Call-Ace with 6)

# The engine names fields as the game document does; the forms use the same names.
HAND_FIELDS = (
    "maker",
    "trump",
    "called",
    "alone",
    "round",
    "tricks",
    "partner",
    "renege",
    "revealed_on_trick",
    "thrown_in",
)


def suit_label(suit: Suit, text: str | None = None) -> SafeString:
    """A suit as the table says it: its symbol in its colour, then its name."""
    return format_html(
        '<span class="suit-{} suit-symbol" aria-hidden="true">{}</span> {}',
        suit.letter,
        suit.symbol,
        text if text is not None else suit.plural.capitalize(),
    )


def card_label(card: Card) -> SafeString:
    """A card chip: rank and symbol for the eye, its name for a screen reader."""
    return format_html(
        '<span class="suit-{}" aria-hidden="true">{}{}</span>'
        '<span class="visually-hidden">{}</span>',
        card.suit.letter,
        card.rank.text,
        card.suit.symbol,
        card.name,
    )


class ChipField(forms.ChoiceField):
    """A choice shown as a row of big radio chips; ``layout`` picks the grid
    (``chips-wide`` for long labels, ``chips-cards`` for the card grid)."""

    widget = forms.RadioSelect

    def __init__(
        self, *, layout: str = "", hidden_values: tuple[str, ...] = (), **kwargs: Any
    ) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.layout = layout
        # Accepted, so the engine can say why they are refused, but not offered.
        self.hidden_values = hidden_values


class ChipNumberField(forms.IntegerField):
    """A number tapped on chips (tricks, a trick, a round). Any whole number is
    read, so the engine can say what the range is when one is out of it."""

    def __init__(self, *, choices: list[tuple[str, str]], layout: str = "", **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("error_messages", {"invalid": "Tap one of the numbers."})
        super().__init__(widget=forms.RadioSelect(choices=choices), **kwargs)
        self.choices = choices
        self.layout = layout
        self.hidden_values: tuple[str, ...] = ()


def _given(value: Any) -> bool:
    return value is not None and value != ""


def _seat_choices(table: Table) -> list[tuple[str, str]]:
    return [(str(seat), name) for seat, name in enumerate(table.players)]


# --- Starting a game ------------------------------------------------------------------------

ON_OFF = [("on", "On"), ("off", "Off")]

RULE_HELP = {
    "target": "Points a player (a team, in standard euchre) needs to win. Default 10.",
    "stick_the_dealer": (
        "On: if everyone passes twice, the dealer must name trump. "
        "Off: the hand is thrown in and the deal passes on."
    ),
    "deal": (
        "Common: 5 cards each (8s added for 5 players, 7s and 8s for 6). "
        "Seed sheet: 24 cards, 6 each for 4 players or 4 each for 5 or 6; "
        "the makers need more than half the tricks."
    ),
    "renege": (
        "March or euchre: a defender's renege gives the makers a march, a maker's "
        "side renege scores as a euchre. Offender loses 2: the hand counts as played."
    ),
    "ties": (
        "Share: players level on the top total when someone reaches the target "
        "share the win. Play on: keep playing until one player alone is highest."
    ),
    "no_trump": "On: a maker may call no trump in round 2 (no bowers; the led suit's "
    "highest card wins).",
}

# The renege box on a hand: each variant cites its own section of rules.md.
RENEGE_HELP = {
    Variant.CALL_ACE: "Who reneged (rules 3.5), if anyone.",
    Variant.CALL_YOUR_PARTNER: "Who reneged (rules 4, as 3.5), if anyone.",
    Variant.STANDARD: "Who reneged (rules 5), if anyone.",
}


class NewGameForm(forms.Form):
    """Variant, players in seat order, the first dealer and the house rules
    (defaults of rules.md)."""

    token = forms.UUIDField(
        widget=forms.HiddenInput,
        error_messages=dict.fromkeys(
            ("required", "invalid"),
            "This form is out of date: open a new game form and try again.",
        ),
    )
    variant = ChipField(
        label="Variant",
        choices=[(v.value, v.label) for v in Variant],
        initial=Variant.CALL_ACE.value,
        required=True,
        layout="chips-wide",
        error_messages={"required": "Tap the variant you are playing."},
    )
    first_dealer = ChipField(
        label="First dealer",
        choices=[("random", "Pick for me")]
        + [(str(i), f"Seat {i + 1}") for i in range(SEAT_SLOTS)],
        initial="random",
        required=True,
    )
    target = forms.IntegerField(
        label="Target",
        min_value=TARGET_RANGE[0],
        max_value=TARGET_RANGE[1],
        initial=10,
        help_text=RULE_HELP["target"],
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    stick_the_dealer = ChipField(
        label="Stick the dealer",
        choices=ON_OFF,
        initial="on",
        help_text=RULE_HELP["stick_the_dealer"],
    )
    deal = ChipField(
        label="Call-Ace deal",
        choices=[(Deal.STANDARD.value, "Common: 5 each"), (Deal.SEED.value, "Seed sheet")],
        initial=Deal.STANDARD.value,
        help_text=RULE_HELP["deal"],
        layout="chips-wide",
    )
    renege = ChipField(
        label="Renege",
        choices=[
            (RenegeRule.MARCH_OR_EUCHRE.value, "March or euchre"),
            (RenegeRule.OFFENDER_LOSES_2.value, "Offender loses 2"),
        ],
        initial=RenegeRule.MARCH_OR_EUCHRE.value,
        help_text=RULE_HELP["renege"],
        layout="chips-wide",
    )
    ties = ChipField(
        label="Tie at the top",
        choices=[(TieRule.SHARE.value, "Share the win"), (TieRule.PLAY_ON.value, "Play on")],
        initial=TieRule.SHARE.value,
        help_text=RULE_HELP["ties"],
        layout="chips-wide",
    )
    no_trump = ChipField(
        label="No trump", choices=ON_OFF, initial="off", help_text=RULE_HELP["no_trump"]
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for slot in range(SEAT_SLOTS):
            self.fields[f"player_{slot}"] = forms.CharField(
                label=f"Seat {slot + 1}",
                max_length=NAME_MAX_LENGTH,
                required=False,
                widget=forms.TextInput(
                    attrs={"autocomplete": "off", "autocapitalize": "words", "spellcheck": "false"}
                ),
            )
        self.players: tuple[str, ...] = ()
        self.rules = HouseRules()

    # What the screen shows for the variant currently chosen (bound or initial).

    @property
    def variant_value(self) -> Variant:
        raw = self["variant"].value()
        try:
            return Variant(raw)
        except ValueError:
            return Variant.CALL_ACE

    def shown_rules(self) -> HouseRules:
        """The house rules the deal table shows: the deal chosen so far (rules.md 3.1),
        the common deal while none (or a value no deal has) is chosen."""
        try:
            deal = Deal(self["deal"].value() or Deal.STANDARD.value)
        except ValueError:
            deal = Deal.STANDARD
        if self.variant_value is not Variant.CALL_ACE:
            deal = Deal.STANDARD
        return HouseRules(deal=deal)

    def seat_fields(self) -> list[forms.BoundField]:
        """One name box per seat the chosen variant can have."""
        return [self[f"player_{slot}"] for slot in range(max(self.variant_value.player_counts))]

    def rule_fields(self) -> list[forms.BoundField]:
        """The house rules that apply to the chosen variant."""
        names = ["stick_the_dealer", "renege"]
        if self.variant_value is Variant.CALL_ACE:
            names.insert(1, "deal")
        if self.variant_value is Variant.STANDARD:
            names.insert(1, "no_trump")
        else:
            names.append("ties")
        return [self[name] for name in names]

    def typed_names(self) -> list[str]:
        """The names typed so far, in their slots ('' for an empty slot)."""
        return [" ".join(str(self[f"player_{s}"].value() or "").split()) for s in range(SEAT_SLOTS)]

    def refreshed(self, *, add_player: str = "") -> NewGameForm:
        """The same form, unbound, with what was typed (and a picked player put
        in the first empty seat): the screen re-drawn for a new variant or a
        picked player, with no errors shown yet."""
        initial = {name: self[name].value() for name in self.fields}
        if add_player:
            names = self.typed_names()
            slots = range(max(self.variant_value.player_counts))
            already = {n.casefold() for n in names if n}
            if add_player.casefold() not in already:
                for slot in slots:
                    if not names[slot]:
                        initial[f"player_{slot}"] = add_player
                        break
        return NewGameForm(initial=initial)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        try:
            variant = Variant(data.get("variant", ""))
        except ValueError:
            return data
        counts = variant.player_counts
        slots = range(max(counts))
        players: list[str] = []
        slot_of_seat: list[int] = []
        for slot in slots:
            raw = data.get(f"player_{slot}") or ""
            if not raw.strip():
                continue
            try:
                name = clean_name(raw)
            except NameError_ as error:
                self.add_error(f"player_{slot}", str(error))
                continue
            repeat = first_repeat([*players, name])
            if repeat is not None:
                earlier = next(i for i, p in enumerate(players) if same_name(p, name))
                self.add_error(
                    f"player_{slot}",
                    f"{name} already sits in seat {slot_of_seat[earlier] + 1}: "
                    "one person is one player",
                )
                continue
            slot_of_seat.append(slot)
            players.append(name)
        seat_of_slot = {slot: seat for seat, slot in enumerate(slot_of_seat)}
        if len(players) not in counts:
            allowed = " or ".join(str(n) for n in counts).replace(" or ", ", ", len(counts) - 2)
            self.add_error(
                "player_0",
                f"{variant.label} is played by {allowed} players: "
                f"{len(players)} {'seat is' if len(players) == 1 else 'seats are'} filled",
            )
        dealer = data.get("first_dealer")
        if dealer and dealer != "random" and int(dealer) not in seat_of_slot:
            self.add_error(
                "first_dealer", f"Seat {int(dealer) + 1} is empty: tap a seat with a player"
            )
        elif dealer and dealer != "random":
            data["first_dealer_seat"] = seat_of_slot[int(dealer)]
        rules: dict[str, Any] = {
            "stick_the_dealer": data.get("stick_the_dealer", "on") != "off",
            "renege": data.get("renege") or RenegeRule.MARCH_OR_EUCHRE.value,
        }
        if data.get("target") is not None:
            rules["target"] = data["target"]
        if variant is Variant.CALL_ACE:
            rules["deal"] = data.get("deal") or Deal.STANDARD.value
        if variant is Variant.STANDARD:
            rules["no_trump"] = data.get("no_trump") == "on"
        else:
            rules["ties"] = data.get("ties") or TieRule.SHARE.value
        try:
            self.rules = house_rules_from_dict(variant, rules)
        except RulesError as error:
            self.add_error(error.field if error.field in self.fields else None, error.message)
        self.players = tuple(players)
        return data

    def start(self) -> Game:
        """Start the game (once per form token); "pick for me" draws the first dealer."""
        data = self.cleaned_data
        first = data.get("first_dealer_seat")
        if first is None:
            first = random.randrange(len(self.players))
        return Game.start(
            variant=Variant(data["variant"]),
            players=self.players,
            first_dealer=first,
            rules=self.rules,
            token=data["token"],
        )


# --- Recording a hand ------------------------------------------------------------------------


class GameActionForm(forms.Form):
    """Every change carries the version the scorer saw and a token made when
    the form was drawn: a stale phone is caught, a retried tap counts once."""

    version = forms.IntegerField(
        min_value=0,
        widget=forms.HiddenInput,
        error_messages=dict.fromkeys(
            ("required", "invalid", "min_value"),
            "This screen is out of date: go back to the table and try again.",
        ),
    )
    token = forms.UUIDField(widget=forms.HiddenInput, required=False)

    @classmethod
    def for_game(cls, current: Game, **kwargs: Any) -> Self:
        """A fresh form for the game as it stands: its version and a new token."""
        return cls(initial={"version": current.version, "token": uuid.uuid4()}, **kwargs)

    def add_engine_errors(self, errors: dict[str, str]) -> None:
        """Put the engine's messages beside the fields of the same names."""
        for key, message in errors.items():
            field = "called" if key == "alone" and "alone" not in self.fields else key
            self.add_error(field if field in self.fields else None, _sentence(message))


def _sentence(message: str) -> str:
    return message[:1].upper() + message[1:] if message else message


class RevealForm(GameActionForm):
    """The called card was played: who holds it, and on which trick."""

    partner = ChipField(
        label="Who played the called card?",
        required=True,
        error_messages={"required": "Tap who played the called card."},
    )
    trick = ChipField(label="On trick (optional)")

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        table = game.table
        partner, trick = self.fields["partner"], self.fields["trick"]
        assert isinstance(partner, ChipField)
        assert isinstance(trick, ChipField)
        partner.choices = _seat_choices(table)
        trick.choices = [("", "Not noted")] + [
            (str(t), str(t)) for t in range(1, table.deal.tricks + 1)
        ]
        trick.initial = ""


class DealerForm(GameActionForm):
    """Someone other than the rotation's dealer is dealing the next hand."""

    dealer = ChipField(
        label="Who is dealing?",
        required=True,
        error_messages={
            "required": "Tap who is dealing.",
            "invalid_choice": "Tap one of the players.",
        },
    )

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        dealer = self.fields["dealer"]
        assert isinstance(dealer, ChipField)
        dealer.choices = _seat_choices(game.table)


@dataclass(frozen=True)
class PreviewRow:
    seat: int
    name: str
    points: int
    total: int | None  # the total after the hand (not shown when editing)


class HandForm(GameActionForm):
    """A hand, or part of one, the way the table plays it.

    ``stage`` is what the scorer is telling: ``start`` (trump is made: maker,
    trump, the call, the round), ``finish`` (the hand is over: tricks, partner,
    renege), ``whole`` (all of it at once) or ``edit`` (all of it, for a hand
    already recorded, which may also be marked thrown in). Each variant asks
    only for what it needs (rules.md 6).
    """

    def __init__(
        self,
        *args: Any,
        game: Game,
        stage: str,
        current: HandInProgress | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.stage = stage
        self.current = current
        self.table = table = game.table
        self.variant = variant = table.variant
        self.hand: EngineHand | None = None
        self.start_kwargs: dict[str, Any] = {}
        seats = _seat_choices(table)
        tricks = table.deal.tricks
        asks_call = stage in ("start", "whole", "edit")
        asks_end = stage in ("finish", "whole", "edit")
        calls_partner = variant is not Variant.STANDARD and not (
            stage == "finish" and current is not None and current.alone
        )
        card_word = "ace" if variant is Variant.CALL_ACE else "card"
        fields = self.fields

        if stage == "edit":
            fields["thrown_in"] = ChipField(
                label="The hand",
                choices=[("", "Played"), ("yes", "Thrown in (all passed)")],
                initial="",
                layout="chips-wide",
            )
        if asks_call:
            fields["maker"] = ChipField(
                label="Who made trump?",
                choices=seats,
                help_text="The maker: the player who ordered up or named trump.",
            )
            trumps = [(s.letter, suit_label(s)) for s in SUITS] + [("NT", "No trump")]
            no_trump = variant is Variant.STANDARD and game.no_trump
            fields["trump"] = ChipField(
                label="Trump",
                choices=trumps,
                layout="chips-suits",
                hidden_values=() if no_trump else ("NT",),
            )
            if variant is Variant.CALL_ACE:
                fields["called"] = ChipField(
                    label="Called ace",
                    choices=[(s.letter, suit_label(s, f"Ace of {s.plural}")) for s in SUITS],
                    layout="chips-wide",
                    help_text="Calling an ace you hold is how a maker goes alone.",
                )
            elif variant is Variant.CALL_YOUR_PARTNER:
                low = table.deal.lowest_rank
                # One row per rank, one column per suit: the ace of spades first.
                cards = sorted(make_deck(low), key=lambda c: (-int(c.rank), SUITS.index(c.suit)))
                fields["called"] = ChipField(
                    label="Called card",
                    choices=[("alone", "Alone: no card called")]
                    + [(str(c), card_label(c)) for c in cards],
                    layout="chips-cards",
                    help_text="Any card that is not a trump (the left bower is a trump), or alone.",
                )
            else:
                fields["alone"] = ChipField(
                    label="Partner",
                    choices=[("", "Partner plays"), ("yes", "Maker goes alone")],
                    initial="",
                    layout="chips-wide",
                )
            round_choices = [("", "Not noted"), ("1", "1: ordered up"), ("2", "2: named")]
            fields["round"] = ChipNumberField(
                label="Bidding round (optional)",
                choices=round_choices,
                initial="",
                layout="chips-wide",
            )
        if asks_end:
            fields["tricks"] = ChipNumberField(
                label="Tricks taken by the maker's side",
                choices=[(str(t), str(t)) for t in range(tricks + 1)],
                help_text=f"{table.deal.tricks_to_make} or more make it; all {tricks} is a march.",
            )
            if calls_partner:
                fields["partner"] = ChipField(
                    label="Partner",
                    choices=[
                        *seats,
                        ("maker", f"Maker held the {card_word}"),
                        ("none", f"{card_word.capitalize()} not in play"),
                    ],
                    layout="chips-wide" if len(seats) < 5 else "",
                    help_text=f"Who held the called {card_word}. Not in play: in the kitty "
                    "or buried; the maker plays alone.",
                )
                fields["revealed_on_trick"] = ChipNumberField(
                    label="Partner revealed on trick (optional)",
                    choices=[("", "Not noted")] + [(str(t), str(t)) for t in range(1, tricks + 1)],
                    initial="",
                )
            fields["renege"] = ChipField(
                label="Renege",
                choices=[("", "No renege"), *seats],
                initial="",
                help_text=RENEGE_HELP[variant],
            )
        if stage == "edit":
            fields["dealer"] = ChipField(
                label="Dealer",
                choices=seats,
                help_text="Who dealt this hand. Changed for a deal out of turn, the deal "
                "passes on from the new dealer.",
            )
            fields["confirm_earlier_end"] = forms.BooleanField(
                required=False,
                label="Yes, end the game earlier and keep the later hands",
            )
        # The version and token first, then the hand's fields in the order the table plays.
        self.order_fields(["version", "token"])

    # -- initial values -------------------------------------------------------------------

    @staticmethod
    def initial_from_record(record: Any) -> dict[str, Any]:
        """A recorded hand's values as the form's (for editing it)."""
        if record.thrown_in:
            return {"thrown_in": "yes", "dealer": str(record.dealer)}
        data: dict[str, Any] = {
            "dealer": str(record.dealer),
            "maker": str(record.maker),
            "trump": record.trump,
            "tricks": str(record.tricks),
            "renege": "" if record.renege is None else str(record.renege),
            "round": "" if record.bidding_round is None else str(record.bidding_round),
            "revealed_on_trick": ""
            if record.revealed_on_trick is None
            else str(record.revealed_on_trick),
        }
        if record.outcome == "alone" and record.game.variant == Variant.CALL_YOUR_PARTNER:
            data["called"] = "alone"
        elif record.called:
            data["called"] = record.called
        data["alone"] = "yes" if record.alone else ""
        if record.outcome == "revealed":
            data["partner"] = str(record.partner)
        elif record.outcome in ("maker", "none"):
            data["partner"] = record.outcome
        return data

    @staticmethod
    def initial_from_current(current: HandInProgress | None) -> dict[str, Any]:
        """What the table already told while the hand was played."""
        if current is None:
            return {}
        data: dict[str, Any] = {
            "maker": str(current.maker),
            "trump": current.trump,
            "called": current.called or ("alone" if current.alone else ""),
            "alone": "yes" if current.alone else "",
            "round": "" if current.bidding_round is None else str(current.bidding_round),
        }
        if current.partner is not None:
            data["partner"] = str(current.partner)
        if current.revealed_on_trick is not None:
            data["revealed_on_trick"] = str(current.revealed_on_trick)
        return data

    # -- validation -------------------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.stage in ("start", "finish", "whole") and self.game.is_finished:
            raise forms.ValidationError(
                "The game is over: no more hands can be recorded. Edit an earlier hand, "
                "or start a rematch.",
                code="game_over",
            )
        if self.errors:
            return data
        if self.stage == "start":
            self._clean_start(data)
        else:
            self._clean_hand(data)
        if self.hand is not None and _given(data.get("dealer")):
            self.hand = replace(self.hand, dealer=int(data["dealer"]))
        return data

    def _missing(self, data: dict[str, Any], name: str, message: str) -> bool:
        if name in self.fields and not _given(data.get(name)):
            self.add_error(name, message)
            return True
        return False

    def _require_call(self, data: dict[str, Any]) -> None:
        self._missing(data, "maker", "Tap who made trump.")
        self._missing(data, "trump", "Tap the trump suit.")
        word = (
            "the suit of the called ace"
            if self.variant is Variant.CALL_ACE
            else ("the called card, or Alone")
        )
        self._missing(data, "called", f"Tap {word}.")

    def _clean_start(self, data: dict[str, Any]) -> None:
        self._require_call(data)
        if self.errors:
            return
        called = data.get("called", "")
        alone = data.get("alone") == "yes" or called == "alone"
        kwargs = {
            "maker": int(data["maker"]),
            "trump": data["trump"],
            "called": "" if called == "alone" else called,
            "alone": alone,
            "bidding_round": data.get("round"),
        }
        probe = HandInProgress(game=self.game, **kwargs)
        problems = probe.problems()
        if problems:
            self.add_engine_errors(problems)
            return
        self.start_kwargs = kwargs

    def _clean_hand(self, data: dict[str, Any]) -> None:
        if self.stage == "edit" and data.get("thrown_in") == "yes":
            self._read({"thrown_in": True})
            return
        if self.stage != "finish":
            self._require_call(data)
        self._missing(data, "tricks", "Tap how many tricks the maker's side took.")
        if self.errors:
            return
        document = self._document(data)
        if "partner" in self.fields and "partner" not in document and not document.get("alone"):
            card = "ace" if self.variant is Variant.CALL_ACE else "card"
            self.add_error(
                "partner",
                f"Tap the partner, or whether the maker held the {card} or it was not in play.",
            )
            return
        self._read(document)

    def _document(self, data: dict[str, Any]) -> dict[str, Any]:
        """The hand in the game document's words (contract.md), for the engine to read."""
        table = self.table
        source = dict(data)
        if self.stage == "finish":
            call = self.initial_from_current(self.current)
            for key in ("maker", "trump", "called", "alone", "round"):
                source[key] = call.get(key, "")
        doc: dict[str, Any] = {
            "maker": table.name(int(source["maker"])),
            "trump": source["trump"],
            "tricks": int(source["tricks"]),
        }
        called = source.get("called") or ""
        if self.variant is Variant.CALL_ACE:
            doc["called"] = called
        elif self.variant is Variant.CALL_YOUR_PARTNER:
            if called == "alone":
                doc["alone"] = True
            else:
                doc["called"] = called
        elif source.get("alone") == "yes":
            doc["alone"] = True
        partner = source.get("partner") or ""
        if partner and not doc.get("alone") and self.variant is not Variant.STANDARD:
            doc["partner"] = partner if partner in ("maker", "none") else table.name(int(partner))
        if source.get("renege"):
            doc["renege"] = table.name(int(source["renege"]))
        if _given(source.get("round")):
            doc["round"] = int(source["round"])
        if _given(source.get("revealed_on_trick")):
            doc["revealed_on_trick"] = int(source["revealed_on_trick"])
        return doc

    def _read(self, document: dict[str, Any]) -> None:
        try:
            self.hand = read_hand(self.table, document)
        except HandError as error:
            self.add_engine_errors(error.errors)

    # -- the preview ------------------------------------------------------------------------

    def score(self) -> HandScore | None:
        """The engine's score of the hand, once the form holds a whole valid hand."""
        if self.stage == "start" or not self.is_valid() or self.hand is None:
            return None
        return score_hand(self.table, self.hand)

    def preview_rows(self) -> list[PreviewRow]:
        """Every player's points for this hand and, for a new hand, their total after it."""
        score = self.score()
        if score is None:
            return []
        totals = [seat.total for seat in self.game.seat_list()]
        after = add_hand_points(totals, score)
        rows = []
        for seat, name in enumerate(self.table.players):
            if self.stage == "edit":
                # The totals after an edited hand depend on the hands after it: not shown.
                points = score.points[seat] - score.penalties[seat]
                rows.append(PreviewRow(seat=seat, name=name, points=points, total=None))
            else:
                points = after[seat] - totals[seat]
                rows.append(PreviewRow(seat=seat, name=name, points=points, total=after[seat]))
        return rows

    def chip_fields(self) -> list[forms.BoundField]:
        """The fields the scorer taps, in order (the confirmation is asked separately)."""
        return [
            self[name]
            for name in self.fields
            if name not in ("version", "token", "confirm_earlier_end")
        ]


class StateForm(forms.Form):
    """The table screen's poll: the version it shows."""

    version = forms.IntegerField(min_value=0)
