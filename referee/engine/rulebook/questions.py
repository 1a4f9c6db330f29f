"""The answers that hold for one variant or two (``answers.py`` has those every variant
asks): calling an ace or a card, the Canadian loner and no trump outside standard euchre,
fixed partners (docs/rules.md, Call-Ace 3, Call-Your-Partner 3, Standard 3; docs/decisions.md,
D47). Plain Python: no Django import; every sentence in our own words.
"""

from __future__ import annotations

from referee.engine.rulebook.model import Answer
from referee.engine.variants import Variant

STANDARD = frozenset({Variant.STANDARD})
CALL_ACE = frozenset({Variant.CALL_ACE})
CALL_YOUR_PARTNER = frozenset({Variant.CALL_YOUR_PARTNER})
INDIVIDUAL = frozenset({Variant.CALL_ACE, Variant.CALL_YOUR_PARTNER})


CALL_ACE_ANSWERS = (
    Answer(
        title="Nobody holds the called ace",
        phrases=(
            "nobody has called ace",
            "no one has called ace",
            "called ace kitty",
            "called ace buried",
            "called ace discarded",
            "nobody has ace",
            "ace not in play",
        ),
        text=(
            "Then the maker plays alone: the ace stayed in the kitty or the dealer laid it "
            "aside. The hand scores as a lone hand; record it as 'ace not in play'. A "
            "dealer who took the called ace up as the turned card is the partner."
        ),
        section="partner",
        anchor="alone",
        variants=CALL_ACE,
    ),
    Answer(
        title="Calling an ace you hold",
        phrases=("call own ace", "call ace hold", "call ace in hand", "call my ace"),
        text=(
            "Allowed, and it is how a Call-Ace maker goes alone: nobody else can be the "
            "partner, so the hand is scored as a lone hand."
        ),
        section="partner",
        anchor="alone",
        variants=CALL_ACE,
    ),
    Answer(
        title="Calling the ace of trump",
        phrases=("call ace trump", "call trump ace", "ace of trump"),
        text="Allowed: any of the four aces may be called, the ace of trump included.",
        section="partner",
        anchor="called-ace",
        variants=CALL_ACE,
    ),
    Answer(
        title="The dealer picked up the called ace",
        phrases=("dealer picked up called ace", "dealer has called ace", "turned card ace"),
        text=(
            "Then the dealer is the maker's partner: once taken into hand the turned card "
            "is the dealer's like any other. Only an ace in the kitty or laid aside leaves "
            "the maker alone."
        ),
        section="partner",
        anchor="ruling-dealer-partner",
        variants=CALL_ACE,
    ),
)

CALL_YOUR_PARTNER_ANSWERS = (
    Answer(
        title="Calling a trump as your partner's card",
        phrases=("call left bower", "called card trump", "call trump card", "trump as called card"),
        text=(
            "Not allowed: the called card must not be a trump, and the left bower is one. "
            "Any other card of the deck may be called, an ace or not."
        ),
        section="partner",
        anchor="called-card",
        variants=CALL_YOUR_PARTNER,
    ),
    Answer(
        title="Nobody holds the called card",
        phrases=(
            "nobody has called card",
            "called card kitty",
            "no one has called card",
            "nobody has called",
            "nobody has called ace",
        ),
        text=(
            "The maker plays alone: the card is among the three left in the kitty. The same "
            "goes when the maker holds it. The hand scores as a lone hand."
        ),
        section="partner",
        anchor="alone",
        variants=CALL_YOUR_PARTNER,
    ),
)

INDIVIDUAL_ANSWERS = (
    Answer(
        title="Two reneges in one hand",
        phrases=("two reneges", "both renege", "renege twice", "two players renege"),
        text=(
            "Only the renege proved first counts: it ends the hand, so nothing after it "
            "changes the score."
        ),
        section="scoring",
        anchor="ruling-first-renege",
        variants=INDIVIDUAL,
    ),
    Answer(
        title="When the partner is known",
        phrases=("partner revealed", "when partner known", "secret partner", "hidden partner"),
        text=(
            "The partner keeps quiet until the called card is played; that is when the "
            "table learns who it is. They were on the maker's side from the deal all the "
            "same."
        ),
        section="partner",
        anchor="partner-revealed",
        variants=INDIVIDUAL,
    ),
    Answer(
        title="The Canadian loner",
        phrases=("canadian loner", "canadian"),
        text=(
            "A house rule of standard euchre (the dealer's partner who orders up must go "
            "alone). With no fixed partners here there is no dealer's partner to hold to "
            "it: Bower does not play it in this variant."
        ),
        section="partner",
        anchor="partner",
        variants=INDIVIDUAL,
        not_played=True,
    ),
    Answer(
        title="No trump",
        phrases=("no trump", "notrump", "call no trump"),
        text=(
            "A house rule Bower plays in standard euchre only. Here every hand has a trump "
            "suit, and the bowers always rank on top."
        ),
        section="bidding",
        anchor="second-round",
        variants=INDIVIDUAL,
        not_played=True,
    ),
)

STANDARD_ANSWERS = (
    Answer(
        title="Going alone is the maker's call",
        phrases=("partner alone", "partner go alone", "my partner alone"),
        text=(
            "Only the maker may go alone. The maker's partner cannot choose it, and a "
            "defender never plays alone (defending alone is a house rule Bower does not "
            "play)."
        ),
        section="partner",
        anchor="alone",
        variants=STANDARD,
    ),
    Answer(
        title="Ordering up your partner",
        phrases=("order up partner", "order partner", "dealer partner order"),
        text=(
            "Allowed: in round 1 any player may order the dealer up, the dealer's partner "
            "included, and becomes the maker. Under the Canadian loner house rule (off "
            "unless the table chose it) that partner must then play alone."
        ),
        section="partner",
        anchor="house-canadian-loner",
        variants=STANDARD,
    ),
    Answer(
        title="Calling an ace",
        phrases=("called ace", "call ace", "call partner"),
        text=(
            "Nothing is called in standard euchre: your partner is the player across the "
            "table for the whole game."
        ),
        section="partner",
        anchor="fixed-partners",
        variants=STANDARD,
    ),
)


# Every answer of this module, each with the variants it holds for.
VARIANT_ANSWERS: tuple[Answer, ...] = (
    *CALL_ACE_ANSWERS,
    *CALL_YOUR_PARTNER_ANSWERS,
    *INDIVIDUAL_ANSWERS,
    *STANDARD_ANSWERS,
)
