"""The rule text of each variant, as data, in our own words (rules.md 1-5).

Plain Python: no Django import. A rulebook is six sections in the order a hand
is played (deal, bidding, calling a partner, playing a trick, scoring, winning),
each with a stable slug for links. Paragraphs where rules.md makes a ruling
(the source sheets are silent or disagree) say so and say why. House-rule
options sit in the section they change, with their choices; ``in_force`` tells
which choice a table's ``HouseRules`` picked. ``search`` finds rules by word.

The source sheets are for facts only: nothing here repeats their sentences.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from referee.engine.variants import HouseRules, RenegeRule, Variant

SECTION_SLUGS: tuple[str, ...] = ("deal", "bidding", "partner", "trick", "scoring", "winning")


@dataclass(frozen=True, kw_only=True)
class Paragraph:
    """One rule. ``why`` is set on a ruling: why rules.md had to decide it."""

    text: str
    anchor: str = ""  # a stable id for the rules people look up by name
    why: str = ""
    source: str = ""  # the rules.md section it comes from

    @property
    def is_ruling(self) -> bool:
        return bool(self.why)


@dataclass(frozen=True, kw_only=True)
class Choice:
    value: str
    label: str
    text: str
    default: bool = False


@dataclass(frozen=True, kw_only=True)
class HouseRuleOption:
    """A house rule a table picks when it starts a game (HouseRules field ``key``)."""

    key: str
    title: str
    choices: tuple[Choice, ...]

    @property
    def anchor(self) -> str:
        return "house-" + self.key.replace("_", "-")

    @property
    def default(self) -> Choice:
        return next(c for c in self.choices if c.default)


@dataclass(frozen=True, kw_only=True)
class Section:
    slug: str
    title: str
    paragraphs: tuple[Paragraph, ...]
    options: tuple[HouseRuleOption, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Rulebook:
    variant: Variant
    summary: str
    sections: tuple[Section, ...]

    def section(self, slug: str) -> Section:
        return next(s for s in self.sections if s.slug == slug)

    @property
    def rulings(self) -> tuple[Paragraph, ...]:
        return tuple(p for s in self.sections for p in s.paragraphs if p.is_ruling)

    @property
    def options(self) -> tuple[HouseRuleOption, ...]:
        return tuple(o for s in self.sections for o in s.options)


def in_force(option: HouseRuleOption, rules: HouseRules) -> Choice:
    """The choice of ``option`` that a table's house rules have picked."""
    value = getattr(rules, option.key)
    wanted = ("on" if value else "off") if isinstance(value, bool) else str(value)
    for choice in option.choices:
        if choice.value == wanted:
            return choice
    # The target is a number with one listed choice; any other value is the table's own.
    return Choice(value=wanted, label=f"{wanted} points", text=f"This table plays to {wanted}.")


# --- Shared text -------------------------------------------------------------------

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

_STICK_THE_DEALER = HouseRuleOption(
    key="stick_the_dealer",
    title="Stick the dealer",
    choices=(
        Choice(
            value="on",
            label="On",
            default=True,
            text=(
                "If all the players pass in the second round as well, the dealer is stuck: "
                "the dealer has to name a trump suit."
            ),
        ),
        Choice(
            value="off",
            label="Off",
            text=(
                "If all the players pass in both rounds, the hand is thrown in: nobody "
                "scores, and the next player to the left deals."
            ),
        ),
    ),
)


def _target_option() -> HouseRuleOption:
    return HouseRuleOption(
        key="target",
        title="Target score",
        choices=(
            Choice(
                value="10",
                label="10 points",
                default=True,
                text="The usual target; a table may agree on any other, from 1 to 99.",
            ),
        ),
    )


_TIES = HouseRuleOption(
    key="ties",
    title="A level top",
    choices=(
        Choice(
            value="share",
            label="Share the win",
            default=True,
            text="Players level on the highest total when the game ends all win.",
        ),
        Choice(
            value="play-on",
            label="Play on",
            text=(
                "The game goes on, hand after hand, until one player alone has the highest total."
            ),
        ),
    ),
)


def _renege_option(variant: Variant) -> HouseRuleOption:
    if variant is Variant.STANDARD:
        default_text = (
            "The hand stops there. The team that kept the rules scores 2, or 4 when the "
            "hand was played alone."
        )
        other_text = (
            "The team that reneged loses 2 points (no total goes below 0), and the hand "
            "is scored on the tricks each side really took."
        )
    else:
        default_text = (
            "A defender's renege gives the maker's side a march. A renege by the maker "
            "or the partner turns the hand into a euchre: 2 to each defender."
        )
        other_text = (
            "The player who reneged loses 2 points (no total goes below 0), and the hand "
            "is scored on the tricks each side really took."
        )
    return HouseRuleOption(
        key="renege",
        title="Renege penalty",
        choices=(
            Choice(
                value=RenegeRule.MARCH_OR_EUCHRE.value,
                label="March or euchre" if variant is not Variant.STANDARD else "2 or 4",
                default=True,
                text=default_text,
            ),
            Choice(
                value=RenegeRule.OFFENDER_LOSES_2.value, label="Offender loses 2", text=other_text
            ),
        ),
    )


def _bidding(variant: Variant) -> Section:
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
                source="5",
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
                source="4",
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
            anchor="maker",
            text="The player whose bid settles trump is the maker for this hand.",
        )
    )
    options = [_STICK_THE_DEALER]
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


def _trick(variant: Variant) -> Section:
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


# --- Call-Ace (rules.md 3) -----------------------------------------------------------


def _call_ace() -> Rulebook:
    deal = Section(
        slug="deal",
        title="The deal",
        paragraphs=(
            Paragraph(
                anchor="players",
                text=(
                    "Four, five or six people play, and everyone scores alone; there are no "
                    "fixed teams. Seats stay put for the whole game, and the deal moves one "
                    "seat to the left after every hand, including a hand thrown in."
                ),
            ),
            Paragraph(
                anchor="deck",
                text=(
                    "The deck grows with the table: 24 cards (9 up to ace) for four players, "
                    "with the four 8s added for five players (28 cards), and the 8s and 7s "
                    "for six (32 cards)."
                ),
            ),
            Paragraph(
                anchor="kitty",
                text=(
                    "Each player gets five cards. What is left is the kitty: four cards at a "
                    "table of four, three at five, two at six. The dealer turns the top card "
                    "of the kitty face up; its suit is the first one offered as trump."
                ),
            ),
            Paragraph(
                anchor="ruling-deal",
                source="3.1",
                text=("Five cards each, with the deck sized to the table, is the default deal."),
                why=(
                    "The Call-Ace sheet deals six each at four players and four each at five "
                    "or six, yet it scores a hand of five tricks and turns up a card that a "
                    "six-player deal of four each cannot leave over. The usual five-card "
                    "deal makes the scoring and the turned card work; the sheet's own deal "
                    "stays available as a house rule."
                ),
            ),
        ),
        options=(
            HouseRuleOption(
                key="deal",
                title="Deal",
                choices=(
                    Choice(
                        value="standard",
                        label="Five each",
                        default=True,
                        text="Five cards each from a deck sized to the table, as above.",
                    ),
                    Choice(
                        value="seed",
                        label="The sheet's deal",
                        text=(
                            "Always 24 cards: six each at four players, four each at five or "
                            "six. A hand then has six or four tricks; the makers need more "
                            "than half of them, a march means taking them all, and the "
                            "defenders score whenever the makers come up short. At six "
                            "players no card is left to turn up, so bidding starts at the "
                            "second round with all four suits open."
                        ),
                    ),
                ),
            ),
        ),
    )
    partner = Section(
        slug="partner",
        title="Calling a partner",
        paragraphs=(
            Paragraph(
                anchor="called-ace",
                text=(
                    "As soon as trump is fixed, the maker names a suit out loud and calls "
                    "for its ace: \u201cI call the ace of spades.\u201d Any suit may be "
                    "named, trump included."
                ),
            ),
            Paragraph(
                anchor="partner-revealed",
                text=(
                    "Whoever holds the called ace is the maker's partner for this hand. "
                    "They say nothing: the table learns who it is only when that ace hits "
                    "the table, and that play reveals the partner."
                ),
            ),
            Paragraph(
                anchor="alone",
                text=(
                    "A maker who calls an ace from their own hand plays alone; that is the "
                    "way to go alone in Call-Ace. The maker is also alone when nobody holds "
                    "the called ace, because it stayed in the kitty or the dealer laid it "
                    "aside after picking up."
                ),
            ),
            Paragraph(
                anchor="ruling-dealer-partner",
                source="3.3",
                text=(
                    "A dealer who picks up the called ace with the turned card is the "
                    "maker's partner."
                ),
                why=(
                    "The sheet does not cover the turned card being the called ace. Once "
                    "picked up it sits in the dealer's hand like any other card, so the "
                    "dealer holds it; only an ace left in the kitty or laid aside leaves "
                    "the maker alone."
                ),
            ),
            Paragraph(
                anchor="partner-outcome",
                text=(
                    "So the scorer records one of three outcomes: a named partner, the maker "
                    "held the ace, or the ace was not in play. The last two score the same "
                    "(a lone hand); keeping them apart only feeds the statistics."
                ),
            ),
        ),
    )
    scoring = Section(
        slug="scoring",
        title="Scoring",
        paragraphs=(
            Paragraph(
                anchor="makers-need",
                text=(
                    "The maker's side is the maker plus the partner, if there is one. It "
                    "needs at least three of the five tricks."
                ),
            ),
            Paragraph(
                anchor="alone-points",
                text=(
                    "Alone: three or four tricks score 1 for the maker. Taking all five (a "
                    "march) scores as many points as there are players: 4, 5 or 6."
                ),
            ),
            Paragraph(
                anchor="partnership-points",
                text=(
                    "With a partner: three or four tricks score 1 each for maker and partner. "
                    "A march scores 2 each at a table of four, and 3 each at five or six."
                ),
            ),
            Paragraph(
                anchor="euchre",
                text=(
                    "Euchre: when the maker's side takes two tricks or fewer, every player "
                    "outside it scores 2."
                ),
            ),
            *_renege_rulings("Call-Ace"),
        ),
        options=(_renege_option(Variant.CALL_ACE),),
    )
    return Rulebook(
        variant=Variant.CALL_ACE,
        summary=(
            "Four to six players, each scoring alone. The maker calls an ace, and whoever "
            "holds it is a secret partner until the ace is played."
        ),
        sections=(
            deal,
            _bidding(Variant.CALL_ACE),
            partner,
            _trick(Variant.CALL_ACE),
            scoring,
            _winning_individual(),
        ),
    )


def _renege_rulings(name: str) -> tuple[Paragraph, ...]:
    return (
        Paragraph(
            anchor="ruling-renege",
            source="3.5",
            text=(
                "A proved renege ends the hand and fixes its score. By default, a defender's "
                "renege scores the hand as a march for the maker's side; a renege by the "
                "maker or the partner scores it as a euchre, 2 to each defender."
            ),
            why=(
                f"The {name} sheet says nothing about reneges. Standard euchre gives the other "
                "side 2, or 4 against a lone hand, which are exactly its march points; a "
                "march or a euchre carries that idea to any number of players."
            ),
        ),
        Paragraph(
            anchor="ruling-hidden-partner",
            source="3.5",
            text=(
                "A partner who reneges before being revealed is on the maker's side all the "
                "same, so the hand scores as a euchre."
            ),
            why=(
                "A hidden partner might say nobody knew yet which side they were on. The "
                "called card in their hand put them on the maker's side from the deal, "
                "whatever the table knew, and the penalty follows the side."
            ),
        ),
        Paragraph(
            anchor="ruling-first-renege",
            source="3.5",
            text="When more than one player reneged, the renege proved first is the one scored.",
            why=(
                "No sheet covers two reneges in one hand. A renege ends the hand when it is "
                "proved, so nothing after the first one can change the score."
            ),
        ),
    )


def _winning_individual() -> Section:
    return Section(
        slug="winning",
        title="Winning",
        paragraphs=(
            Paragraph(
                anchor="target",
                text=(
                    "Each player keeps their own total. The usual target is 10 points; a "
                    "table may agree on another."
                ),
            ),
            Paragraph(
                anchor="game-end",
                text=(
                    "The game is over at the end of the first hand after which anybody has "
                    "reached the target."
                ),
            ),
            Paragraph(
                anchor="ruling-ties",
                source="3.6",
                text=(
                    "The highest total wins. Players level on the highest total share the "
                    "win, and the result screen says which rule decided."
                ),
                why=(
                    "One hand can carry several players past the target together, and no "
                    "sheet says what happens when they finish level. Sharing the win settles "
                    "it at once; playing on is the house rule."
                ),
            ),
        ),
        options=(_target_option(), _TIES),
    )


# --- Call-Your-Partner (rules.md 4) ---------------------------------------------------


def _call_your_partner() -> Rulebook:
    deal = Section(
        slug="deal",
        title="The deal",
        paragraphs=(
            Paragraph(
                anchor="players",
                text=(
                    "Five people play, each scoring alone. The deck has 28 cards: 8 up to "
                    "ace in every suit. The deal moves one seat to the left after each hand."
                ),
            ),
            Paragraph(
                anchor="kitty",
                text=(
                    "Each player gets five cards and three are left over: that is the kitty. "
                    "The dealer turns its top card face up to offer its suit as trump."
                ),
            ),
        ),
    )
    partner = Section(
        slug="partner",
        title="Calling a partner",
        paragraphs=(
            Paragraph(
                anchor="called-card",
                text=(
                    "Once trump is made, the maker either goes alone or calls a partner by "
                    "naming one card that is not a trump. It need not be an ace: the "
                    "queen of clubs will do."
                ),
            ),
            Paragraph(
                anchor="called-after-discard",
                text=(
                    "When the dealer was ordered to pick up, the maker names the card only "
                    "after the dealer has laid one aside, so the dealer cannot bury it on "
                    "purpose."
                ),
            ),
            Paragraph(
                anchor="partner-revealed",
                text=(
                    "Whoever holds the called card is the partner. They keep it to "
                    "themselves until they play that card, which reveals them."
                ),
            ),
            Paragraph(
                anchor="alone",
                text=(
                    "If the called card is one of the three left in the kitty, the maker "
                    "has no partner and plays alone; the same if the maker holds it."
                ),
            ),
        ),
    )
    scoring = Section(
        slug="scoring",
        title="Scoring",
        paragraphs=(
            Paragraph(
                anchor="makers-need",
                text=(
                    "The maker's side (the maker, plus the partner if one turned up) needs "
                    "at least three of the five tricks."
                ),
            ),
            Paragraph(
                anchor="partnership-points",
                text=(
                    "With a partner: three or four tricks score 1 each for maker and "
                    "partner, and all five (a march) score 2 each."
                ),
            ),
            Paragraph(
                anchor="alone-points",
                text=(
                    "Alone, whether the maker chose it or the called card stayed in the "
                    "kitty: three or four tricks score 1, and a march scores 5."
                ),
            ),
            Paragraph(
                anchor="euchre",
                text=(
                    "Euchre: when the maker's side takes two tricks or fewer, each defender "
                    "scores 2."
                ),
            ),
            *_renege_rulings("Call-Your-Partner"),
        ),
        options=(_renege_option(Variant.CALL_YOUR_PARTNER),),
    )
    return Rulebook(
        variant=Variant.CALL_YOUR_PARTNER,
        summary=(
            "Five players, each scoring alone. The maker names any card that is not trump; "
            "whoever holds it is a secret partner for the hand."
        ),
        sections=(
            deal,
            _bidding(Variant.CALL_YOUR_PARTNER),
            partner,
            _trick(Variant.CALL_YOUR_PARTNER),
            scoring,
            _winning_individual(),
        ),
    )


# --- Standard euchre (rules.md 5) ------------------------------------------------------


def _standard() -> Rulebook:
    deal = Section(
        slug="deal",
        title="The deal",
        paragraphs=(
            Paragraph(
                anchor="players",
                text=(
                    "Four players in two teams; partners sit facing each other, so seats 1 "
                    "and 3 play against seats 2 and 4. The deal moves one seat to the left "
                    "after each hand."
                ),
            ),
            Paragraph(
                anchor="kitty",
                text=(
                    "The deck has 24 cards, 9 up to ace. Each player gets five; the four "
                    "left over are the kitty, and the dealer turns its top card face up."
                ),
            ),
        ),
    )
    partner = Section(
        slug="partner",
        title="Calling a partner",
        paragraphs=(
            Paragraph(
                anchor="fixed-partners",
                text=(
                    "Nothing is called: your partner is the player across the table for the "
                    "whole game, and the two of you share one score."
                ),
            ),
            Paragraph(
                anchor="alone",
                text=(
                    "Going alone: the maker, and nobody else, may say they will play the "
                    "hand without their partner, who then sits the hand out."
                ),
            ),
        ),
    )
    scoring = Section(
        slug="scoring",
        title="Scoring",
        paragraphs=(
            Paragraph(
                anchor="makers-need",
                text="The makers' team needs at least three of the five tricks.",
            ),
            Paragraph(
                anchor="team-points",
                text=("Three or four tricks score 1 for the makers; all five (a march) score 2."),
            ),
            Paragraph(
                anchor="alone-points",
                text=("A lone maker scores 1 for three or four tricks, and 4 for a march."),
            ),
            Paragraph(
                anchor="euchre",
                text=(
                    "Euchre: makers who take two tricks or fewer, alone or not, give the "
                    "other team 2."
                ),
            ),
            Paragraph(
                anchor="renege-penalty",
                text=(
                    "A renege stops the hand at once. The team that did not renege scores "
                    "2, or 4 when the hand was being played alone."
                ),
            ),
        ),
        options=(_renege_option(Variant.STANDARD),),
    )
    winning = Section(
        slug="winning",
        title="Winning",
        paragraphs=(
            Paragraph(
                anchor="target",
                text=(
                    "A team wins by getting to 10 points first. Only one team scores in any "
                    "hand, so there is never a tie. Both partners show the team's total."
                ),
            ),
        ),
        options=(_target_option(),),
    )
    return Rulebook(
        variant=Variant.STANDARD,
        summary="Four players in two fixed teams, partners sitting across from each other.",
        sections=(
            deal,
            _bidding(Variant.STANDARD),
            partner,
            _trick(Variant.STANDARD),
            scoring,
            winning,
        ),
    )


_BOOKS = {
    Variant.CALL_ACE: _call_ace(),
    Variant.CALL_YOUR_PARTNER: _call_your_partner(),
    Variant.STANDARD: _standard(),
}


def rulebook(variant: Variant) -> Rulebook:
    """The rulebook of a variant, sections in the order of play."""
    return _BOOKS[variant]


# --- Renege penalty (rules.md 3.5, 5) ---------------------------------------------------


def renege_penalty(variant: Variant, rules: HouseRules, *, players: int | None = None) -> str:
    """What a proved renege costs under a table's renege rule, in one or two sentences."""
    if rules.renege is RenegeRule.OFFENDER_LOSES_2:
        who = "The reneging team" if variant is Variant.STANDARD else "The player who reneged"
        return (
            f"{who} loses 2 points (no total goes below 0), and the hand is scored on the "
            "tricks each side really took (house rule)."
        )
    if variant is Variant.STANDARD:
        return (
            "The hand ends, and the team that did not renege scores 2, or 4 if the hand was "
            "being played alone."
        )
    if variant is Variant.CALL_YOUR_PARTNER:
        march = "2 each with a partner, 5 for a lone maker"
    elif players is None:
        march = (
            "with a partner 2 each at four players and 3 each at five or six; "
            "alone, one point per player at the table"
        )
    else:
        each = 2 if players == 4 else 3
        march = f"{each} each with a partner, {players} for a lone maker"
    return (
        f"If a defender reneged, the maker's side scores a march ({march}). If the maker "
        "or the partner reneged, revealed or not, the hand scores as a euchre: 2 to each "
        "defender."
    )


# --- Search ------------------------------------------------------------------------------

# Other names players use for the same things.
_SYNONYMS = {
    "bauer": "bower",
    "bauers": "bower",
    "revoke": "renege",
    "renig": "renege",
    "blind": "kitty",
    "widow": "kitty",
    "stuck": "stick",
    "screw": "stick",
}


@dataclass(frozen=True, kw_only=True)
class SearchHit:
    section: Section
    text: str
    anchor: str  # where to link: the paragraph's or option's anchor, else the section
    title: str  # what the hit is: the section title, or "Ruling", or the house rule
    is_ruling: bool = False


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _query_words(query: str) -> list[str]:
    return [_SYNONYMS.get(w, w) for w in _words(query)]


def _matches(words: Sequence[str], text: str) -> bool:
    # Each query word must start a word of the text: "renege" finds "reneges".
    have = _words(text)
    return all(any(h.startswith(w) for h in have) for w in words)


def search(query: str, *, variant: Variant) -> tuple[SearchHit, ...]:
    """The rules of ``variant`` that contain every word of ``query`` (in any form
    that starts with it), exact phrases first."""
    words = _query_words(query)
    if not words:
        return ()
    phrase = " ".join(words)
    hits: list[tuple[int, int, SearchHit]] = []
    book = rulebook(variant)
    for s_index, section in enumerate(book.sections):
        for paragraph in section.paragraphs:
            body = paragraph.text + (" " + paragraph.why if paragraph.why else "")
            if _matches(words, body + " " + section.title):
                hits.append(
                    (
                        0 if phrase in " ".join(_words(body)) else 1,
                        s_index,
                        SearchHit(
                            section=section,
                            text=paragraph.text,
                            anchor=paragraph.anchor or section.slug,
                            title="Ruling" if paragraph.is_ruling else section.title,
                            is_ruling=paragraph.is_ruling,
                        ),
                    )
                )
        for option in section.options:
            # One hit per house rule: the first of its choices that matches.
            for choice in option.choices:
                body = f"{option.title} {choice.label} {choice.text}"
                if _matches(words, body):
                    hits.append(
                        (
                            0 if phrase in " ".join(_words(body)) else 1,
                            s_index,
                            SearchHit(
                                section=section,
                                text=f"{choice.label}: {choice.text}",
                                anchor=option.anchor,
                                title=f"House rule: {option.title}",
                            ),
                        )
                    )
                    break
    hits.sort(key=lambda h: (h[0], h[1]))
    return tuple(h[2] for h in hits)
