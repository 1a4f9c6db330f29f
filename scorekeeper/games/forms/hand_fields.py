"""The chips a hand asks for, by variant (docs/formats.md, "What a hand record holds"): the call
(who made trump, trump, the called ace or card, or alone; the bidding round) and the
end of the hand (the tricks, the partner, a renege). The hand forms
(``scorekeeper/games/forms/hands.py``) put together the ones their stage needs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms

from referee.chips import ChipField, ChipNumberField, card_label, suit_chip_label, suit_label
from referee.engine.cards import SUITS, make_deck
from referee.engine.hands import GameSetup
from referee.engine.rulebook.citations import cite
from referee.engine.variants import Variant
from scorekeeper.games.forms.actions import seat_choices

if TYPE_CHECKING:
    from scorekeeper.models import Game

# The renege box on a hand cites its variant's scoring section, where a renege's
# penalty is ("Call-Ace rules 5"; the screen links it to the section).
RENEGE_HELP = {v: f"Who reneged ({cite(v, 'scoring').short}), if anyone." for v in Variant}

CANADIAN_LONER_HELP = (
    "Canadian loner (house rule): the dealer's partner who orders up in round 1 goes alone."
)


def call_fields(game: Game) -> dict[str, forms.Field]:
    """Who made trump, trump, the call and the bidding round (docs/rules.md 2 (every variant))."""
    setup = game.setup
    variant = setup.variant
    fields: dict[str, forms.Field] = {}
    fields["maker"] = ChipField(
        label="Who made trump?",
        choices=seat_choices(setup),
        help_text="The maker: the player who ordered up or named trump.",
    )
    trumps = [(s.letter, suit_chip_label(s)) for s in SUITS] + [("NT", "No trump")]
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
        # docs/rules.md, Call-Ace 3: the maker goes alone by calling an ace they hold
        # (recorded as "maker held the ace"; docs/decisions.md, D51).
        fields["alone"] = ChipField(
            label="Alone?",
            choices=[("", "With a partner"), ("yes", "Alone")],
            initial="",
            layout="chips-wide",
        )
    elif variant is Variant.CALL_YOUR_PARTNER:
        low = setup.deal.lowest_rank
        # One row per rank, one column per suit: the ace of spades first.
        cards = sorted(make_deck(low), key=lambda c: (-int(c.rank), SUITS.index(c.suit)))
        fields["called"] = ChipField(
            label="Called card",
            choices=[("alone", "Alone: no card called")] + [(str(c), card_label(c)) for c in cards],
            layout="chips-cards",
            help_text="Any card that is not a trump (the left bower is a trump), or alone.",
        )
    else:
        fields["alone"] = ChipField(
            label="Partner",
            choices=[("", "Partner plays"), ("yes", "Maker goes alone")],
            initial="",
            layout="chips-wide",
            # docs/rules.md, Standard 3: the house rule that decides it for one maker.
            help_text=CANADIAN_LONER_HELP if game.canadian_loner else "",
        )
    round_choices = [("", "Not noted"), ("1", "1: ordered up"), ("2", "2: named")]
    fields["round"] = ChipNumberField(
        label="Bidding round (optional)",
        choices=round_choices,
        initial="",
        layout="chips-wide",
    )
    return fields


def end_fields(setup: GameSetup, *, calls_partner: bool) -> dict[str, forms.Field]:
    """The tricks, the partner the called card revealed, and a renege
    (docs/formats.md, "What a hand record holds")."""
    variant = setup.variant
    fields: dict[str, forms.Field] = {}
    seats = seat_choices(setup)
    tricks = setup.deal.tricks
    card_word = "ace" if variant is Variant.CALL_ACE else "card"
    fields["tricks"] = ChipNumberField(
        label="Tricks taken by the maker's side",
        choices=[(str(t), str(t)) for t in range(tricks + 1)],
        help_text=f"{setup.deal.tricks_to_make} or more make it; all {tricks} is a march.",
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
    return fields
