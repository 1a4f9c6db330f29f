"""The hand forms: trump made (``CallForm``, Save the call), a whole hand
(``WholeHandForm``, and ``TableHandForm`` as the table screen draws it) and a
recorded hand changed (``EditHandForm``), sharing ``HandForm``.

Each variant asks only for what it needs (docs/formats.md, "What a hand record holds"). The forms
check what each field is (a chip, a whole number) and translate the taps into the game
document's words, players by seat (``referee.engine.reading.read_hand_by_seat``). No rule
is checked here: the hand is checked once, where it is stored (``Game.take_hand``, the
edit of a hand), and the engine's messages land beside the fields they name.
"""

from __future__ import annotations

import functools
import uuid
from dataclasses import dataclass, replace
from typing import Any

from django import forms

from referee.chips import ChipField
from referee.engine.checking import check_hand
from referee.engine.hands import Hand as EngineHand
from referee.engine.hands import HandError
from referee.engine.reading import read_hand_by_seat
from referee.engine.scoring import HandScore, score_hand
from referee.engine.totals import add_hand_points
from referee.engine.variants import Variant, no_score_hand_name
from scorekeeper.games.forms.actions import GameActionForm, given, screen_number, seat_choices
from scorekeeper.games.forms.hand_fields import call_fields, end_fields
from scorekeeper.models import Game, Hand, HandInProgress


@dataclass(frozen=True)
class PreviewRow:
    name: str
    points: int
    total: int | None  # the total after the hand (not shown when editing)


class HandForm(GameActionForm):
    """What every hand form shares: the game, reading the hand with the
    engine, and its preview (the fields are ``hand_fields.py``'s).
    ``stage`` names the form for the hand screen (``start``, ``finish``,
    ``whole``, ``edit``)."""

    stage = ""
    adds_a_hand = True  # an edit changes a hand recorded

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.setup = game.setup
        self.variant = self.setup.variant
        self.hand: EngineHand | None = None

    # -- initial values ---------------------------------------------------------------------

    @staticmethod
    def initial_from_current(current: HandInProgress | None) -> dict[str, Any]:
        """What the table already told while the hand was played."""
        if current is None:
            return {}
        return {
            "maker": str(current.maker),
            "trump": current.trump,
            "called": current.called or ("alone" if current.alone else ""),
            "alone": "yes" if current.alone else "",
            "round": "" if current.bidding_round is None else str(current.bidding_round),
        }

    # The fields a call saved fills in (``initial_from_current``).
    CALL_FIELDS = ("maker", "trump", "called", "alone", "round")

    @classmethod
    def call_values(cls, current: HandInProgress | None) -> dict[str, str]:
        """Every field a call fills in, with its value for ``current`` ("" for none): what
        a table screen that keeps its form takes from a poll (static/js/hand.js)."""
        return {**dict.fromkeys(cls.CALL_FIELDS, ""), **cls.initial_from_current(current)}

    # -- validation -------------------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if not self.errors:
            self._clean_hand(data)
        return data

    def _clean_hand(self, data: dict[str, Any]) -> None:
        """Read the whole hand from the taps (``self.hand``), or name what is wrong."""
        self._missing(data, "tricks", "Tap how many tricks the maker's side took.")
        if self.errors:
            return
        document = self._document(data)
        partner = data.get("partner") or ""
        card = "ace" if self.variant is Variant.CALL_ACE else "card"
        if card == "ace" and data.get("alone") == "yes" and partner not in ("", "maker"):
            # Alone is the ace held (docs/rules.md, Call-Ace 3): two taps that disagree.
            message = 'The maker went alone: leave the partner out, or tap "With a partner".'
            self.add_error("partner", message)
        elif "partner" in self.fields and "partner" not in document and not document.get("alone"):
            message = (
                f"Tap the partner, or whether the maker held the {card} or it was not in play."
            )
            self.add_error("partner", message)
        else:
            try:  # each field read (a seat, a suit, a number); the rules are the storing's
                self.hand = read_hand_by_seat(self.setup, document)
            except HandError as error:
                self.add_engine_errors(error.errors)

    def _missing(self, data: dict[str, Any], name: str, message: str) -> None:
        if name in self.fields and not given(data.get(name)):
            self.add_error(name, message)

    def _require_call(self, data: dict[str, Any]) -> None:
        self._missing(data, "maker", "Tap who made trump.")
        self._missing(data, "trump", "Tap the trump suit.")
        ace = self.variant is Variant.CALL_ACE
        word = "the suit of the called ace" if ace else "the called card, or Alone"
        self._missing(data, "called", f"Tap {word}.")

    def _document(self, data: dict[str, Any]) -> dict[str, Any]:
        """The hand in the game document's words
        (docs/formats.md, "Game document (import and export)") with players by seat,
        for the engine to read (``read_hand_by_seat``: no name read back into a seat)."""
        doc: dict[str, Any] = {
            "maker": int(data["maker"]),
            "trump": data["trump"],
            "tricks": int(data["tricks"]),
        }
        called = data.get("called") or ""
        if self.variant is Variant.CALL_ACE:
            doc["called"] = called
            if data.get("alone") == "yes":
                # Alone by calling an ace the maker holds (docs/rules.md, Call-Ace 3).
                doc["partner"] = "maker"
        elif called == "alone" or data.get("alone") == "yes":
            doc["alone"] = True
        elif called:
            doc["called"] = called
        partner = data.get("partner") or ""
        if partner and "partner" not in doc and not doc.get("alone"):
            doc["partner"] = partner if partner in ("maker", "none") else int(partner)
        for name in ("renege", "round", "revealed_on_trick"):
            if given(data.get(name)):
                doc[name] = int(data[name])
        return doc

    def dealer(self) -> int | None:
        """Who deals the next hand, for the rule that asks it (the Canadian loner,
        docs/rules.md, Standard 3), read only at a table that plays it."""
        if not self.game.canadian_loner:
            return None
        last = self.game.recent_hands(1)
        return self.game.upcoming(last[0] if last else None)[1]

    # -- the preview ------------------------------------------------------------------------

    def score(self) -> HandScore | None:
        """The engine's score of the hand for the preview (it stores nothing), once
        the form holds a hand the engine accepts; else its messages beside the fields."""
        return self._scored

    @functools.cached_property
    def _scored(self) -> HandScore | None:
        if not self.is_valid() or self.hand is None:
            return None
        errors = check_hand(self.setup, self.hand, dealer=self.dealer())
        if errors:
            self.add_engine_errors(errors)
            return None
        # As the hand will be recorded: a euchre night's house rule too (docs/rules.md,
        # Euchre night 4).
        rules = self.game.round_rules
        return score_hand(
            self.setup, self.hand, lone_march_five=rules is not None and rules.lone_march_five
        )

    def preview_rows(self) -> list[PreviewRow]:
        """Every player's points for this hand and their total after it (the
        engine's running totals: no total below 0 because of a penalty). A changed
        hand's totals depend on the hands after it: none is shown."""
        score = self.score()
        if score is None:
            return []
        if not self.adds_a_hand:
            points = zip(self.setup.players, score.points, score.penalties, strict=True)
            return [PreviewRow(name, won - lost, None) for name, won, lost in points]
        totals = [seat.total for seat in self.game.seat_list()]
        after = add_hand_points(totals, score)
        return [
            PreviewRow(name, after[seat] - totals[seat], after[seat])
            for seat, name in enumerate(self.setup.players)
        ]

    def chip_fields(self) -> list[forms.BoundField]:
        """The fields the scorer taps, in order (the confirmation is asked separately)."""
        return [
            self[name]
            for name in self.fields
            if name not in ("version", "after", "token", "confirm_earlier_end")
        ]

    def common_fields(self) -> list[forms.BoundField]:
        """The fields most hands need: on screen at once."""
        return [field for field in self.chip_fields() if field.name not in RARE_FIELDS]

    def rare_fields(self) -> list[forms.BoundField]:
        """The fields few hands need (a renege, the trick of the reveal, the
        bidding round): one tap away, so Save stays in view."""
        return [field for field in self.chip_fields() if field.name in RARE_FIELDS]

    def rare_fields_open(self) -> bool:
        """Show the rare fields at once when one holds a value or an error."""
        return any(given(field.value()) or field.errors for field in self.rare_fields())


RARE_FIELDS = ("round", "renege", "revealed_on_trick")
_NO_SCORE = {"Misdeal": "Misdeal (no score)", "Thrown in": "Thrown in (all passed)"}


class CallForm(HandForm):
    """Trump is made: the maker, trump, the call and the bidding round."""

    stage = "start"

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, game=game, **kwargs)
        self.start_kwargs: dict[str, Any] = {}
        self.fields.update(call_fields(game))
        self.order_fields(["version", "token"])

    def _clean_hand(self, data: dict[str, Any]) -> None:
        """The call as ``Game.save_call`` takes it (``start_kwargs``), which checks it."""
        self._require_call(data)
        if self.errors:
            return
        called = data.get("called", "")
        self.start_kwargs = {
            "maker": int(data["maker"]),
            "trump": data["trump"],
            "called": "" if called == "alone" else called,
            "alone": data.get("alone") == "yes" or called == "alone",
            "bidding_round": data.get("round"),
        }


class WholeHandForm(HandForm):
    """A whole hand at once, or a misdeal (``thrown_in``: a kind of hand), stored
    as hand ``after + 1`` once by its token (``after``: the hands the phone saw;
    both required; docs/formats.md, "Recording a hand, once")."""

    stage = "whole"

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, game=game, **kwargs)
        if self.adds_a_hand:
            del self.fields["version"]
            self.fields["token"].required = True
            # While the game is on, its hands all count: ``hands_played`` is their number.
            self.fields["after"] = screen_number(
                initial=self.initial.get("after", game.hands_played)
            )
        # docs/rules.md 2 (every variant): under stick the dealer a hand with no score is a
        # misdeal.
        self.fields["thrown_in"] = ChipField(
            label="The hand",
            choices=[("", "Played"), ("yes", _NO_SCORE[no_score_hand_name(game.house_rules)])],
            initial="",
            layout="chips-wide",
        )
        self.fields.update(call_fields(game))
        self.fields.update(
            end_fields(self.setup, calls_partner=self.variant is not Variant.STANDARD)
        )
        self.order_fields(["version", "after", "token", "thrown_in"])

    def _clean_hand(self, data: dict[str, Any]) -> None:
        if data.get("thrown_in") == "yes":
            self.hand = EngineHand(thrown_in=True)
            return
        self._require_call(data)
        super()._clean_hand(data)


class EditHandForm(WholeHandForm):
    """A recorded hand changed: all of it, which may also be marked thrown in,
    and who dealt it (a deal out of turn)."""

    stage = "edit"
    adds_a_hand = False

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, game=game, **kwargs)
        fields = self.fields
        fields["version"].required = True  # an edit changes a hand the phone saw
        fields["dealer"] = ChipField(
            label="Dealer",
            choices=seat_choices(self.setup),
            help_text="Who dealt this hand. Changed for a deal out of turn, the deal "
            "passes on from the new dealer.",
        )
        fields["confirm_earlier_end"] = forms.BooleanField(
            required=False,
            label="Yes, end the game earlier and keep the later hands",
        )
        self.order_fields(["version", "token", "thrown_in"])

    @staticmethod
    def initial_from_record(record: Any) -> dict[str, Any]:
        """A recorded hand's values as the form's (for editing it)."""
        if record.thrown_in:
            return {"thrown_in": "yes", "dealer": str(record.dealer)}
        numbers = {
            "dealer": record.dealer,
            "maker": record.maker,
            "tricks": record.tricks,
            "renege": record.renege,
            "round": record.bidding_round,
            "revealed_on_trick": record.revealed_on_trick,
        }
        data = {name: "" if value is None else str(value) for name, value in numbers.items()}
        data["trump"] = record.trump
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

    def dealer(self) -> int | None:
        """Who dealt the hand being changed: the dealer tapped."""
        return self.hand.dealer if self.hand is not None else None

    @classmethod
    def data_for(cls, game: Game, hand: EngineHand, *, dealer: int) -> dict[str, str]:
        """What this form posts to store ``hand`` as the change of a recorded
        hand that ``dealer`` dealt, with the game's version: the one tap a
        changed resubmission offers (docs/formats.md, "Recording a hand, once")."""
        record = Hand(game=game, dealer=dealer)
        record.set_from_engine(hand)
        token = str(uuid.uuid4())  # the one tap, sent twice, changes the hand once
        data = {"version": str(game.version), "token": token, **cls.initial_from_record(record)}
        return {name: value for name, value in data.items() if value != ""}

    def _clean_hand(self, data: dict[str, Any]) -> None:
        super()._clean_hand(data)
        if self.hand is not None and given(data.get("dealer")):
            self.hand = replace(self.hand, dealer=int(data["dealer"]))


class TableHandForm(WholeHandForm):
    """The whole hand as the table screen draws it, for ``hand_enter`` to read (a
    ``WholeHandForm``), its chips grouped by the stage the phone shows them at
    (static/js/hand.js); without JavaScript all of it is one page."""

    stage = "table"
    STAGES = {
        "call": ("trump", "called", "alone"),
        "call_rare": ("round",),
        "play": ("partner", "tricks"),
        "renege": ("renege",),
        "reveal": ("revealed_on_trick",),
    }

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, game=game, **kwargs)
        # One line on a phone's screen.
        self.fields["tricks"].label = "Tricks for the maker's side"

    def stage_fields(self) -> dict[str, list[forms.BoundField]]:
        return {
            stage: [self[name] for name in names if name in self.fields]
            for stage, names in self.STAGES.items()
        }
