"""Rule text every variant shares: bidding and playing a trick
(docs/rules.md 2 and 4 (every variant))."""

from __future__ import annotations

from referee.engine.rulebook.model import Choice, HouseRuleOption, Paragraph, Section
from referee.engine.rulebook.options import STICK_THE_DEALER
from referee.engine.variants import Variant

_FIVE_TRICKS = Paragraph(
    text=("A hand has as many tricks as each player holds cards: five with the usual deal."),
)

_FIRST_LEAD = Paragraph(
    anchor="lead",
    text=(
        "The player sitting to the dealer's left opens the first trick with any card they "
        "like. Each player then adds one card, going round to the left. Whoever takes a "
        "trick opens the next one."
    ),
)
_FOLLOW_SUIT = Paragraph(
    anchor="follow-suit",
    text=(
        "Following suit: when you hold at least one card of the suit that was led, you "
        "must play one of them. Only a player with none of that suit may play something "
        "else, and then anything goes: you may trump, but nothing forces you to."
    ),
)
_RIGHT_BOWER = Paragraph(
    anchor="right-bower",
    text=("The jack of the trump suit is the right bower. It beats every other card in the hand."),
)
_LEFT_BOWER = Paragraph(
    anchor="left-bower",
    text=(
        "The left bower is the second jack of trump's colour (with hearts trump, the "
        "jack of diamonds). It ranks just under the right bower, and it changes suit: "
        "for the whole hand it is a trump and nothing else. With diamonds trump, the "
        "jack of hearts counts as a diamond. Someone whose only heart is that jack may "
        "play anything on a heart lead, since the jack is not a heart any more; on a "
        "diamond lead it is one of their diamonds and follows suit."
    ),
)
_TRUMP_ORDER = Paragraph(
    anchor="card-ranking",
    text=(
        "Trump, best first: right bower, left bower, ace, king, queen, 10, 9 (and below "
        "them the 8 and the 7 when the deck holds them). The other suit of trump's colour "
        "has no jack while this trump lasts, so it runs ace, king, queen, 10, 9. The two "
        "suits of the opposite colour keep the plain order: ace, king, queen, jack, 10, 9."
    ),
)
_WINNING_A_TRICK = Paragraph(
    anchor="who-wins",
    text=(
        "Who takes the trick: the best trump in it. With no trump in the trick, the best "
        "card of the led suit takes it. A card of a third suit is thrown away: however "
        "high it is, it cannot take the trick."
    ),
)
_RENEGE = Paragraph(
    anchor="renege",
    text=(
        "A renege is failing to follow suit when you could: playing another suit while a "
        "card of the led suit is in your hand. The table proves it when that player later "
        "plays or shows a card of the led suit that was in their hand at the time."
    ),
)


def bidding_section(variant: Variant) -> Section:
    first_round = Paragraph(
        anchor="order-up",
        text=(
            "Bidding begins with the player on the dealer's left and goes round to the left, "
            "the dealer speaking last. In the first round each player either passes or "
            "orders the dealer to take the turned card, which makes its suit trump. The "
            "dealer then takes that card into hand and puts one card face down in its place."
        ),
    )
    if variant is Variant.CALL_ACE:
        first_round = Paragraph(
            anchor="order-up",
            text=(
                "Bidding begins with the player on the dealer's left and goes round to the "
                "left, the dealer speaking last. In the first round each player either "
                "passes or orders the dealer to take the turned card, which makes its suit "
                "trump; the dealer takes that card into hand and lays one card aside. (With "
                "the seed deal at six players nothing is turned up, so bidding opens at the "
                "second round.)"
            ),
        )
    paragraphs = [
        first_round,
        Paragraph(
            anchor="second-round",
            text=(
                "If everybody passed, the turned card goes face down and a second round "
                "follows in the same order. Now each player may pass or name one of the "
                "other three suits as trump."
            ),
        ),
        Paragraph(
            anchor="stick-the-dealer",
            text=(
                "Stick the dealer: when the second round also goes round without a bid, "
                "the dealer must choose trump. The table can switch this off, and then a "
                "hand with no bid is thrown in instead."
            ),
        ),
    ]
    if variant is Variant.STANDARD:
        paragraphs.append(
            Paragraph(
                anchor="stick-the-dealer-default",
                text="Stick the dealer is on unless the table turns it off.",
                why=(
                    "The standard-euchre sheets do not agree: two of them make the dealer "
                    "choose, one throws the hand in. We follow the two, and the other way "
                    "is a house rule."
                ),
            )
        )
    elif variant is Variant.CALL_YOUR_PARTNER:
        paragraphs.append(
            Paragraph(
                anchor="stick-the-dealer-default",
                text="Stick the dealer is on unless the table turns it off, as in Call-Ace.",
                why=(
                    "The Call-Your-Partner sheet only says trump is made the usual way, and "
                    "euchre tables differ on a stuck dealer; we use the same default as "
                    "Call-Ace so one table's habit carries across."
                ),
            )
        )
    paragraphs.append(
        Paragraph(
            anchor="ruling-misdeal",
            text=(
                "Misdeal: while stick the dealer is on, a round of passes can never end a "
                "hand, so a hand that has to be abandoned (a card shown by accident, a "
                "wrong count of cards) is a misdeal. Nobody scores and the next player "
                "deals, as after any hand. A hand recorded as thrown in at such a table is "
                "read as a misdeal."
            ),
            why=(
                "A stuck dealer always ends up naming trump, so a hand where everybody "
                "passed cannot happen, yet a deal still goes wrong now and then and has to "
                "be recorded somehow; we give it its usual name instead of a thrown-in hand."
            ),
        )
    )
    paragraphs.append(
        Paragraph(
            anchor="maker",
            text="The player whose bid settles trump is the maker for this hand.",
        )
    )
    options = [STICK_THE_DEALER]
    if variant is Variant.STANDARD:
        options.append(
            HouseRuleOption(
                key="no_trump",
                title="No trump",
                choices=(
                    Choice(
                        value="off",
                        label="Not allowed",
                        default=True,
                        text="Every hand is played with a trump suit.",
                    ),
                    Choice(
                        value="on",
                        label="Allowed",
                        text=(
                            "In the second round a player may call no trump instead of a "
                            "suit. Then there are no bowers, every suit runs ace, king, "
                            "queen, jack, 10, 9, and the best card of the led suit takes "
                            "each trick."
                        ),
                    ),
                ),
            )
        )
    return Section(
        slug="bidding", title="Bidding", paragraphs=tuple(paragraphs), options=tuple(options)
    )


def trick_section(variant: Variant) -> Section:
    paragraphs = [
        _FIRST_LEAD,
        _FOLLOW_SUIT,
        _RIGHT_BOWER,
        _LEFT_BOWER,
        _TRUMP_ORDER,
        _WINNING_A_TRICK,
        _RENEGE,
        _FIVE_TRICKS,
    ]
    if variant is Variant.STANDARD:
        paragraphs.insert(
            -1,
            Paragraph(
                anchor="sit-out",
                text=(
                    "When a maker goes alone, the partner across the table puts their "
                    "cards down and plays no part in the hand, so each trick has three "
                    "cards and the lone partner can never renege."
                ),
            ),
        )
        paragraphs.insert(
            -1,
            Paragraph(
                anchor="no-trump-play",
                text=(
                    "In a no-trump hand (a house rule) nothing is trump and the jacks stay "
                    "in their own suits; the best card of the led suit takes the trick."
                ),
            ),
        )
    return Section(slug="trick", title="Playing a trick", paragraphs=tuple(paragraphs))


# --- Call-Ace (docs/rules.md, Call-Ace) -----------------------------------------------------------
