"""The euchre night's rulebook: a club's progressive tournament, in our own words
(docs/rules.md, "Euchre night").

A variant's ``Rulebook`` has the six sections of a hand (deal to winning); a
night has six of its own, in the order a night runs: who plays at which
tables, seating, a round, points, sitting out, standings. They are numbered 1
to 6 like a variant's, with slugs of their own, so a screen can cite "Euchre
night rules 5" and link to ``#sitting-out``. The paragraphs, shapes and house-rule
options are the variant books' own types (``model``); an option's ``key`` is a
field of ``NightRules`` here, and ``night_in_force`` says which choice a night
picked. Every number is asked of the night's engine (``night``, ``seating``,
``scoring``), so the text cannot drift from what the app does.

Plain Python: no Django import. The source sheets are for facts only, and none
of them covers a night: nothing here repeats their sentences.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.citing import NIGHT_BOOK_SLUG as NIGHT_BOOK_SLUG
from referee.engine.citing import NIGHT_BOOK_TITLE as NIGHT_BOOK_TITLE
from referee.engine.citing import NIGHT_SECTION_SLUGS as NIGHT_SECTION_SLUGS
from referee.engine.night import HANDS_PER_ROUND_RANGE, NightRules
from referee.engine.rulebook.euchre_night_options import (
    LONE_MARCH_FIVE,
    MISSED_ROUNDS,
    MOVEMENT,
    ONE_PRIZE_EACH,
    hands_option,
    prize_ties_option,
    round_timer_option,
    sit_out_option,
)
from referee.engine.rulebook.model import (
    Choice,
    HouseRuleOption,
    Paragraph,
    Section,
    SectionedBook,
)
from referee.engine.scoring import LONE_MARCH_HOUSE_POINTS, march_points
from referee.engine.seating import MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS
from referee.engine.variants import Variant


@dataclass(frozen=True, kw_only=True)
class NightRulebook(SectionedBook):
    """The night's rules: six sections in the order a night runs."""

    slug: str
    title: str
    summary: str
    sections: tuple[Section, ...]

    def number(self, slug: str) -> int:
        """The section's number as the book shows it (1 to 6)."""
        return next(i for i, s in enumerate(self.sections, start=1) if s.slug == slug)


_DEFAULTS = NightRules()
_LONE_MARCH = march_points(Variant.STANDARD, 4, alone=True)


def night_in_force(option: HouseRuleOption, rules: NightRules) -> Choice:
    """The choice of ``option`` that a night's rules have picked. A number none
    of the choices lists (10 hands a round, 3 points for sitting out) is the
    night's own, named with its number."""
    value = getattr(rules, option.key)
    if isinstance(value, bool):
        wanted = "on" if value else "off"
    elif option.key == "round_minutes" and isinstance(value, int):
        return Choice(
            value="minutes",
            label=f"{value} minutes",
            text=f"A round's time is up {value} minutes after it is seated.",
        )
    elif option.key == "sit_out" and isinstance(value, int):
        return Choice(
            value="fixed",
            label=f"{value} points",
            text=f"A player who sits out a round scores {value} points.",
        )
    else:
        wanted = str(value)
    for choice in option.choices:
        if choice.value == wanted:
            return choice
    return Choice(value=wanted, label=f"{wanted} hands", text=f"A round is {wanted} hands.")


def _players_section() -> Section:
    return Section(
        slug="players",
        title="Players and tables",
        paragraphs=(
            Paragraph(
                anchor="night",
                text=(
                    "A euchre night is a club's progressive tournament: several tables play "
                    "at the same time, everybody keeps a total of their own, and who sits "
                    "with whom changes from one round to the next."
                ),
            ),
            Paragraph(
                anchor="ruling-night",
                text=(
                    "Every rule of a night below is Bower's default, and each one is a house "
                    "rule of the night: the club can set it otherwise when the night starts."
                ),
                why=(
                    "None of the rule sheets Bower was built from describes a night over "
                    "several tables, so each of these rules had to be chosen; we took the "
                    "ones clubs commonly play."
                ),
            ),
            Paragraph(
                anchor="night-size",
                text=(
                    f"A night needs {MIN_PLAYERS} players or more, and is played either in "
                    "standard euchre or in Call-Ace."
                ),
            ),
            Paragraph(
                anchor="standard-tables",
                text=(
                    "In standard euchre each table holds four: two teams, partners facing "
                    "each other, seats 1 and 3 against seats 2 and 4."
                ),
            ),
            Paragraph(
                anchor="call-ace-tables",
                text=(
                    "At a Call-Ace night a table holds four, five or six. Bower sets out as "
                    "few tables as it can and keeps them as even as it can (a bigger table "
                    "meets more of the room), which seats any number of players from "
                    f"{MIN_PLAYERS} up with nobody left out."
                ),
            ),
            Paragraph(
                anchor="night-limits",
                text=(
                    f"Bower seats at most {MAX_PLAYERS} players, and plans from one round up "
                    f"to twice the number of players, never more than {MAX_ROUNDS}: limits "
                    "of the app, not of the game."
                ),
            ),
        ),
    )


def _seating_section() -> Section:
    return Section(
        slug="seating",
        title="Seating",
        paragraphs=(
            Paragraph(
                anchor="seated-each-round",
                text=(
                    "Nobody picks a seat: before each round Bower seats everyone present. "
                    "A player who leaves, comes back or arrives late is left out, or "
                    "seated, from the next round on; the rounds already played still count."
                ),
            ),
            Paragraph(
                anchor="new-partners",
                text=(
                    "In standard euchre your partner changes every round. Over the night "
                    "you team up with as many different players as possible, and nobody "
                    "gets the same partner twice before every pairing has had its turn, "
                    "as far as the numbers allow: with a multiple of four players there "
                    "all night, that holds until each has partnered every other player once."
                ),
            ),
            Paragraph(
                anchor="new-opponents",
                text=(
                    "Opponents are spread as well: each table brings together players who "
                    "have met least so far. An opponent is the other team in standard "
                    "euchre, and everyone else at the table in Call-Ace."
                ),
            ),
            Paragraph(
                anchor="sit-out-turns",
                text=(
                    "When the players do not fill the tables, as few as possible sit the "
                    "round out (in standard euchre, those left over after tables of four), "
                    "and nobody sits out a second time before everyone has sat out once."
                ),
            ),
            Paragraph(
                anchor="movement",
                text=(
                    "A night may seat its rounds by result instead: tables are numbered "
                    "from 1, the top table, and after each round the players who did best "
                    "at a table move up one and those who did worst move down (the house "
                    "rule below). Who sits out, who arrives and who leaves are still "
                    "seated as the rotation seats them."
                ),
            ),
            Paragraph(
                anchor="same-plan",
                text=(
                    "The seating follows from the night's seed: the same players, rounds "
                    "and seed always give the same plan, so the one printed by "
                    "manage.py seat_night matches the night's screens."
                ),
            ),
            Paragraph(
                anchor="next-round",
                text=(
                    "The next round is seated once every table has played its hands. "
                    "Seating it sooner is allowed after Bower has named the tables that "
                    "still have hands to play and asked."
                ),
            ),
        ),
        options=(MOVEMENT,),
    )


def _round_section() -> Section:
    low, high = HANDS_PER_ROUND_RANGE
    return Section(
        slug="round",
        title="A round",
        paragraphs=(
            Paragraph(
                anchor="round-hands",
                text=(
                    "A round is the same number of hands at every table: "
                    f"{_DEFAULTS.hands_per_round}, unless the night chose another number "
                    f"from {low} to {high} when it started."
                ),
            ),
            Paragraph(
                anchor="first-dealer",
                text=(
                    "Bower draws each table's first dealer of the round; after that the deal "
                    "moves one seat to the left after every hand, as in a game. The draw "
                    "comes from the night's seed, so the screens and a printed score card "
                    "name the same dealer."
                ),
            ),
            Paragraph(
                anchor="ruling-misdeal",
                text=(
                    "A misdeal (or a deal thrown in) is not one of the round's hands: the "
                    "deal passes on as the variant says, and the table still plays the "
                    "round's full number of hands that score."
                ),
                why=(
                    "A round is a number of hands played so that every table has the same "
                    "chances to score; a deal nobody played would cut a table's round short."
                ),
            ),
            Paragraph(
                anchor="no-target",
                text=(
                    "A round has no target and nobody wins it. A table's round is over when "
                    "its last hand is played, and its points go to the night's standings; "
                    "a hand recorded after that is kept but scores nothing."
                ),
            ),
            Paragraph(
                anchor="table-rules",
                text=(
                    "Every table plays by the house rules the night set for its tables "
                    "(stick the dealer, the renege penalty and the others of the variant); "
                    "the target among them plays no part in a night."
                ),
            ),
        ),
        options=(hands_option(), round_timer_option()),
    )


def _points_section() -> Section:
    return Section(
        slug="points",
        title="Points",
        paragraphs=(
            Paragraph(
                anchor="hand-points",
                text=(
                    "Each hand scores exactly as in a game of the night's variant: see the "
                    "scoring rules of standard euchre or of Call-Ace."
                ),
            ),
            Paragraph(
                anchor="own-total",
                text=(
                    "Everybody keeps a total of their own for the night. In standard euchre "
                    "both partners get what their team scores in a hand: a march puts "
                    f"{march_points(Variant.STANDARD, 4, alone=False)} on each partner's total."
                ),
            ),
            Paragraph(
                anchor="lone-march-five",
                text=(
                    "A house rule many clubs play: in standard euchre, a lone march scores "
                    f"{LONE_MARCH_HOUSE_POINTS} instead of {_LONE_MARCH}. It is off unless "
                    "the night turns it on."
                ),
            ),
            Paragraph(
                anchor="ruling-lone-renege",
                text=(
                    "With that house rule on, a renege against a lone hand still gives the "
                    f"other team {_LONE_MARCH}."
                ),
                why=(
                    "The house rule rewards a lone maker who plays out all the tricks. A "
                    "renege stops the hand before that, and its penalty is standard "
                    "euchre's own figure, which the night does not change."
                ),
            ),
        ),
        options=(LONE_MARCH_FIVE,),
    )


def _sitting_out_section() -> Section:
    return Section(
        slug="sitting-out",
        title="Sitting out",
        paragraphs=(
            Paragraph(
                anchor="ruling-sit-out-average",
                text=(
                    "A player who sits a round out scores that round's average: the points "
                    "of everyone who played it, divided by how many played, rounded down."
                ),
                why=(
                    "Sitting out is the seating's doing, not the player's, so they should "
                    "not fall behind the room for it; rounding down means a round on the "
                    "bench never pays better than the average player who played it."
                ),
            ),
            Paragraph(
                anchor="sit-out-shown",
                text="The standings mark a round sat out, with the points it gave.",
            ),
            Paragraph(
                anchor="ruling-missed-rounds",
                text=(
                    "A round a player misses by arriving after it was seated, or by leaving "
                    "before it, scores nothing, unless the night chose to give it the "
                    "round's average, as a round sat out scores. The standings say which "
                    "rule the night plays and mark the rounds missed."
                ),
                why=(
                    "Missing a round is the player's doing, not the seating's, so by default "
                    "it does not pay; a club that wants late arrivals to stay in the race "
                    "can give them the average."
                ),
            ),
        ),
        options=(sit_out_option(), MISSED_ROUNDS),
    )


def _standings_section() -> Section:
    return Section(
        slug="standings",
        title="Standings and prizes",
        paragraphs=(
            Paragraph(
                anchor="night-total",
                text=(
                    "A player's score for the night is the sum of their points over the "
                    "rounds played so far, rounds sat out included. The standings list "
                    "everyone by that total, highest first."
                ),
            ),
            Paragraph(
                anchor="shared-places",
                text=(
                    "Players level on total share a place, and the places after them "
                    "move down: 1, 2, 2, 4."
                ),
            ),
            Paragraph(
                anchor="prizes",
                text=(
                    "The night gives four prizes: most points (the high score), the low "
                    "score (the booby prize), most lone hands made, and most euchres "
                    "scored as a defender. A night may drop any of them when it starts, "
                    "or change them until it is over. A prize nobody has scored for yet "
                    "goes to nobody; the low score waits until somebody has points, and "
                    "goes only to a player at the night for every round (a round sat out "
                    "counts as there)."
                ),
            ),
            Paragraph(
                anchor="ruling-one-prize-each",
                text=(
                    "Nobody takes two prizes. They are given in the order listed, the "
                    "higher first, and a player who holds one is passed over for the "
                    "rest: the night's winner takes no side prize, and the next best "
                    "player takes it instead."
                ),
                why=(
                    "Club prize sheets spread the prizes over the room this way, so that "
                    "one strong player does not carry off the whole table of prizes and "
                    "more of the players go home with something."
                ),
            ),
            Paragraph(
                anchor="prize-ties",
                text=(
                    "Players level on a prize share it. A night may break ties instead: "
                    "the player who sat out fewer rounds takes the prize, and if they "
                    "are still level, the draw. The draw comes from the night's seed, so "
                    "every screen, a reload and the printed results name the same winner, "
                    "and they say that the draw decided it. The night page, the standings "
                    "and the TV say which of the two the night plays."
                ),
            ),
            Paragraph(
                anchor="what-counts",
                text=(
                    "A lone hand made: the maker played alone (going alone, or in Call-Ace "
                    "holding the called ace or calling one that was not in play) and took "
                    "the tricks to make it. A euchre as a defender: the makers fell short "
                    "and you were one of the players who scored for it. A hand that a "
                    "renege ended counts for neither, nor does a hand after a round's end."
                ),
            ),
        ),
        options=(ONE_PRIZE_EACH, prize_ties_option()),
    )


_BOOK = NightRulebook(
    slug=NIGHT_BOOK_SLUG,
    title=NIGHT_BOOK_TITLE,
    summary=(
        "A club's progressive tournament: several tables at once, everyone scoring for "
        "themselves, partners and opponents changing every round."
    ),
    sections=(
        _players_section(),
        _seating_section(),
        _round_section(),
        _points_section(),
        _sitting_out_section(),
        _standings_section(),
    ),
)


def night_rulebook() -> NightRulebook:
    """The euchre night's rulebook, sections in the order a night runs."""
    return _BOOK
