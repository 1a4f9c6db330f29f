"""Straight answers to the questions tables argue about, and the house rules Bower does
not play, found the way players ask them (docs/rules.md (every variant); docs/decisions.md,
D47).

An answer rests on the rules of one section of a variant's rulebook and links to the
rule it rests on, so it never says more than the rulebook: it puts together what a
question needs (a stuck dealer and the turned-down suit take two rules) in a sentence
or three. A house rule Bower does not play is said to be one, with what it is at the
tables that play it and what Bower does instead. Plain Python: no Django import. Every
sentence is our own words (tests/engine/test_rule_text_own_words.py checks them).
"""

from __future__ import annotations

from referee.engine.rulebook.model import Answer
from referee.engine.rulebook.penalty import renege_penalty
from referee.engine.rulebook.questions import STANDARD, VARIANT_ANSWERS
from referee.engine.scoring import EUCHRE_POINTS, MAKE_POINTS, march_points
from referee.engine.variants import HouseRules, Variant, deal_for


def _kitties(variant: Variant) -> str:
    """ "four at a table of four, three at five, two at six" (the usual deal)."""
    words = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    counts = [(words[deal_for(variant, n).kitty], words[n]) for n in variant.player_counts]
    if len(counts) == 1:
        return f"{counts[0][0]} cards"
    first, *rest = counts
    return ", ".join([f"{first[0]} at a table of {first[1]}", *(f"{k} at {n}" for k, n in rest)])


def _euchre_to(variant: Variant) -> str:
    if variant is Variant.STANDARD:
        return f"{EUCHRE_POINTS} to the other team"
    return f"{EUCHRE_POINTS} to each defender"


def _lone_points(variant: Variant) -> str:
    if variant is Variant.CALL_ACE:
        marches = ", ".join(str(march_points(variant, n, alone=True)) for n in (4, 5, 6))
        march = f"one point per player at the table ({marches} at four, five or six)"
    else:
        players = variant.player_counts[0]
        march = str(march_points(variant, players, alone=True))
    how = {
        Variant.STANDARD: "A maker who goes alone",
        Variant.CALL_ACE: "A lone maker (one who called an ace they hold, or whose ace is "
        "not in play)",
        Variant.CALL_YOUR_PARTNER: "A lone maker (by choice, or with the called card in the "
        "kitty or in the maker's own hand)",
    }[variant]
    return (
        f"{how} scores {MAKE_POINTS} for three or four tricks and {march} for all five; "
        f"euchred, alone or not, the makers give {_euchre_to(variant)}."
    )


def _march(variant: Variant) -> str:
    if variant is Variant.CALL_ACE:
        pair = f"{march_points(variant, 4, alone=False)} each at four players, "
        pair += f"{march_points(variant, 5, alone=False)} each at five or six"
    else:
        pair = f"{march_points(variant, variant.player_counts[0], alone=False)}"
        pair += " to the team" if variant is Variant.STANDARD else " each"
    return (
        f"A march is the makers taking all five tricks. With a partner it scores {pair}; "
        "played alone, see the points for going alone in the same section."
    )


def _dealer_alone(variant: Variant) -> str:
    first = (
        "Only the maker may go alone, and the dealer is the maker only when the bid was "
        "theirs: taking the turned card up when the other players all passed, or naming "
        "trump in round 2 (stuck or not). When someone else ordered the dealer up, that "
        "player is the maker; the dealer still takes the card but cannot go alone."
    )
    how = {
        Variant.STANDARD: " A dealer who is the maker says so and their partner sits out.",
        Variant.CALL_ACE: " A dealer who is the maker goes alone the Call-Ace way, by calling "
        "an ace they hold.",
        Variant.CALL_YOUR_PARTNER: " A dealer who is the maker goes alone by calling no card.",
    }[variant]
    return first + how


def _lead_alone(variant: Variant) -> Answer:
    phrases = ("who leads alone", "lead alone", "first lead alone", "leads loner")
    if variant is Variant.STANDARD:
        return Answer(
            title="Who leads against a lone hand",
            phrases=phrases,
            text=(
                "The player on the dealer's left leads the first trick, as in every hand. "
                "When that seat belongs to the lone maker's partner, who sits the hand out, "
                "the lead passes on to the next player on the left."
            ),
            section="trick",
            anchor="sit-out",
            variants=STANDARD,
        )
    return Answer(
        title="Who leads against a lone hand",
        phrases=phrases,
        text=(
            f"Nobody sits out in {variant.label}: whether or not the maker is alone, the "
            "player on the dealer's left leads the first trick."
        ),
        section="trick",
        anchor="lead",
        variants=frozenset({variant}),
    )


def _answers_for_every_variant(variant: Variant) -> list[Answer]:
    others = "one of the other three suits"
    if variant is Variant.STANDARD:
        others += " (or no trump, at a table that allows it)"
    only = frozenset({variant})
    return [
        Answer(
            title="Farmer's hand, or going under",
            phrases=(
                "farmer hand",
                "farmer",
                "farmers hand",
                "going under",
                "go under",
                "nine ten hand",
                "nines tens",
                "ace no face",
                "no face cards",
                "swap kitty",
                "trade kitty",
            ),
            text=(
                "A house rule Bower does not play. At the tables that use it, a player "
                "dealt a very poor hand (usually nothing but 9s and 10s, or three of them; "
                "some call a hand with no face card and one ace the same) may show it and "
                "trade those cards for the kitty's, or have the hand dealt again. In Bower "
                "every deal stands and bidding goes on. If your table redeals anyway, "
                "record nothing for the hand given back: the same dealer deals again."
            ),
            section="deal",
            anchor="kitty",
            variants=only,
            not_played=True,
        ),
        Answer(
            title="The joker, or best bower",
            phrases=("joker", "benny", "best bower", "jokers"),
            text=(
                "A house rule Bower does not play: some tables add a joker that ranks above "
                "the right bower. Bower's deck has no joker, and the right bower is the "
                "highest card of every hand."
            ),
            section="trick",
            anchor="right-bower",
            variants=only,
            not_played=True,
        ),
        Answer(
            title="Who deals next",
            phrases=("who deals next", "deals next", "next dealer", "deal passes"),
            text=(
                "The deal moves one seat to the left after every hand, a thrown-in hand "
                "or a misdeal included."
            ),
            section="deal",
            anchor="players",
            variants=only,
        ),
        Answer(
            title="Cards in the kitty",
            phrases=("how many cards kitty", "cards in kitty", "kitty size"),
            text=(
                f"What is left once everyone has their cards: {_kitties(variant)}. The "
                "dealer turns its top card face up."
            ),
            section="deal",
            anchor="kitty",
            variants=only,
        ),
        Answer(
            title="A stuck dealer and the turned-down suit",
            phrases=(
                "stick dealer turned down suit",
                "stick dealer turn down",
                "stuck dealer turned down",
                "dealer name turned down suit",
                "turned down suit",
                "turn down suit",
                "suit turned down",
                "name same suit second round",
                "call suit turned down",
            ),
            text=(
                "No. Once the turned card goes face down, its suit cannot be named for the "
                "rest of that hand's bidding, and stick the dealer changes nothing there: "
                f"a stuck dealer must name {others}. Two rules make this answer: the second "
                "round of bidding, and stick the dealer."
            ),
            section="bidding",
            anchor="stick-the-dealer",
            variants=only,
        ),
        Answer(
            title="Everyone passes twice",
            phrases=(
                "everyone passes twice",
                "all pass",
                "everybody passes",
                "nobody orders",
                "nobody calls trump",
                "no one calls trump",
            ),
            text=(
                f"With stick the dealer on (Bower's default) the dealer must name trump, "
                f"{others}. With it off, the hand is thrown in: nobody scores and the deal "
                "moves one seat to the left."
            ),
            section="bidding",
            anchor="stick-the-dealer",
            variants=only,
        ),
        Answer(
            title="What the dealer lays aside",
            phrases=("dealer discard", "dealer discards", "dealer pick up discard"),
            text=(
                "A dealer who takes the turned card keeps it and lays any one card of their "
                "hand face down instead; that card is out of play for the hand."
            ),
            section="bidding",
            anchor="order-up",
            variants=only,
        ),
        Answer(
            title="Who the maker is",
            phrases=("who made trump", "maker ordered up", "maker dealer", "who is the maker"),
            text=(
                "The player whose bid fixed trump: in round 1, whoever ordered the dealer "
                "up (the dealer, if they took the card when all the others passed); in "
                "round 2, whoever named the suit. Picking up the card does not make the "
                "dealer the maker."
            ),
            section="bidding",
            anchor="maker",
            variants=only,
        ),
        Answer(
            title="A card shown or a wrong count in the deal",
            phrases=(
                "card exposed",
                "exposed card",
                "card shown deal",
                "card flipped deal",
                "wrong number cards",
                "too many cards",
                "too few cards",
                "redeal",
            ),
            text=(
                "That deal is a misdeal: nobody scores and the deal moves on as after any "
                "hand. Bower records it with the misdeal button (thrown in, when stick the "
                "dealer is off)."
            ),
            section="bidding",
            anchor="ruling-misdeal",
            variants=only,
        ),
        Answer(
            title="Can the dealer pick up and go alone",
            phrases=("dealer alone", "dealer pick up alone", "dealer picks up alone"),
            text=_dealer_alone(variant),
            section="partner",
            anchor="alone",
            variants=only,
        ),
        _lead_alone(variant),
        Answer(
            title="Trumping while you can follow suit",
            phrases=(
                "trump when follow suit",
                "trump instead follow",
                "have to trump",
                "must trump",
                "need to trump",
                "forced to trump",
                "trump if follow",
            ),
            text=(
                "No. Holding a card of the suit led, you must play one (the left bower "
                "belongs to trump, not to its printed suit). Only with none of that suit "
                "may you trump, and even then you need not: any card will do."
            ),
            section="trick",
            anchor="follow-suit",
            variants=only,
        ),
        Answer(
            title="The left bower's suit",
            phrases=(
                "left bower trump",
                "left bower suit",
                "left bower led",
                "left bower follow",
                "jack same colour",
                "jack same color",
            ),
            text=(
                "For the whole hand the left bower is a trump and only a trump. Led, it "
                "calls for trump; when its printed suit is led it is not one of them, so it "
                "neither has to follow that suit nor counts as following it."
            ),
            section="trick",
            anchor="left-bower",
            variants=only,
        ),
        Answer(
            title="Proving a renege",
            phrases=("prove renege", "renege proved", "renege caught", "catch renege"),
            text=(
                "A renege is proved when the player who failed to follow later plays or "
                "shows a card of the suit led that was in their hand at the time. The "
                "referee's hand audit replays the tricks to find it."
            ),
            section="trick",
            anchor="renege",
            variants=only,
        ),
        Answer(
            title="Who takes the trick",
            phrases=("who wins trick", "who takes trick", "off suit ace", "highest card"),
            text=(
                "The best trump in it; with no trump in it, the best card of the suit led. "
                "A card of any other suit never takes a trick, not even an ace."
            ),
            section="trick",
            anchor="who-wins",
            variants=only,
        ),
        Answer(
            title="What a renege costs",
            phrases=("renege penalty", "renege points", "renege cost", "penalty renege"),
            text=(
                f"{renege_penalty(variant, HouseRules())} A table may play the house rule "
                "where the offender loses 2 instead; the app scores whichever the game "
                "was started with."
            ),
            section="scoring",
            anchor="house-renege",
            variants=only,
        ),
        Answer(
            title="Points for a euchre",
            phrases=("points euchre", "euchre worth", "euchre score", "euchred points"),
            text=(
                "Makers who take fewer than three tricks are euchred, alone or not: "
                f"{_euchre_to(variant)}."
            ),
            section="scoring",
            anchor="euchre",
            variants=only,
        ),
        Answer(
            title="Points for going alone",
            phrases=("points alone", "alone worth", "alone score", "alone march points"),
            text=_lone_points(variant),
            section="scoring",
            anchor="alone-points",
            variants=only,
        ),
        Answer(
            title="A march",
            phrases=("march", "all five tricks", "take all tricks", "all tricks"),
            text=_march(variant),
            section="scoring",
            anchor="alone-points",
            variants=only,
        ),
        Answer(
            title="Euchring a lone hand",
            phrases=("euchre alone", "alone euchred", "euchred alone", "euchre loner"),
            text=(
                f"A lone maker who is euchred gives the usual {_euchre_to(variant)}. Some "
                "tables score more for stopping a lone hand; that is a house rule Bower "
                "does not play."
            ),
            section="scoring",
            anchor="euchre",
            variants=only,
        ),
        Answer(
            title="Defending alone",
            phrases=("defend alone", "defending alone", "defender alone", "alone against"),
            text=(
                "A house rule Bower does not play: at some tables a defender facing a lone "
                "maker may play alone too, and a euchre won that way scores extra. In Bower "
                "the defenders always play together, and a euchre scores "
                f"{_euchre_to(variant)}."
            ),
            section="partner",
            anchor="alone",
            variants=only,
            not_played=True,
        ),
        Answer(
            title="Tricks the makers need",
            phrases=("how many tricks need", "tricks needed", "tricks to make"),
            text=(
                "Three of the five. Three or four score the make; all five are a march; "
                "fewer than three is a euchre."
            ),
            section="scoring",
            anchor="makers-need",
            variants=only,
        ),
        Answer(
            title="Points to win",
            phrases=("points to win", "how many points win", "target score"),
            text=(
                "10, unless the table agreed on another target (1 to 99) when it started "
                "the game. The game ends after the first hand in which "
                + ("a team" if variant is Variant.STANDARD else "anybody")
                + " reaches it."
            ),
            section="winning",
            anchor="target",
            variants=only,
        ),
    ]


def _tie(variant: Variant) -> Answer:
    phrases = ("tie", "tied", "both reach", "same score", "level top", "two players tie")
    if variant is Variant.STANDARD:
        return Answer(
            title="A tie",
            phrases=phrases,
            text=(
                "It cannot happen in standard euchre: only one team scores in any hand, so "
                "the first team to reach the target wins alone."
            ),
            section="winning",
            anchor="target",
            variants=STANDARD,
        )
    return Answer(
        title="A tie at the top",
        phrases=phrases,
        text=(
            "Players level on the highest total when the game ends share the win. A table "
            "may play on instead, hand after hand, until one player alone is highest."
        ),
        section="winning",
        anchor="ruling-ties",
        variants=frozenset({variant}),
    )


def _build(variant: Variant) -> tuple[Answer, ...]:
    own = [*_answers_for_every_variant(variant), _tie(variant)]
    return (*own, *(a for a in VARIANT_ANSWERS if variant in a.variants))


_ANSWERS = {variant: _build(variant) for variant in Variant}


def answers(variant: Variant) -> tuple[Answer, ...]:
    """The answers that hold for ``variant``."""
    return _ANSWERS[variant]
