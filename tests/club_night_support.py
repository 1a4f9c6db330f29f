"""The club's night of issue 42, built as the app builds it: a Call-Ace night of
twelve with names of 30 letters (two words, as people's names are), check-in at
the door, one late arrival, one leaver, tables of six and five, a misdeal and a
tie for every prize (docs/rules.md, Euchre night)."""

from __future__ import annotations

from referee.engine.night import NightRules
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, Game, NightRound
from tests.game_support import our_table, record

# Thirty letters with the space: first name and surname, each unbreakable.
CLUB = (
    "Wilhelmina Fairweather-Smithso",
    "Bartholomew Wainwright-Morriso",
    "Guinevere Worthington-Macmilla",
    "Maxwell Hawthorne-Weatherbyson",
    "Mortimer Walton-Whitakermcmurr",
    "Winnifred Merriweather-Woodwar",
    "Montgomery Williamson-Whitwort",
    "Marmaduke Wetherspoon-Whittake",
    "Evangeline Thistlewaite-Fosbur",
    "Ptolemy Rutherford-Ashbyhollan",
    "Octavia Pennington-Blackwoodes",
    "Cornelius Fitzwilliam-Hargreav",
)
assert all(len(name) == 30 for name in CLUB)
LATE, LEAVER = CLUB[11], CLUB[0]


def tables_of(round_: NightRound) -> list[Game]:
    return list(Game.objects.filter(night_round=round_).with_seats().order_by("night_table"))


def play_evenly(round_: NightRound, hands: int, *, misdeal_first: bool = False) -> None:
    """``hands`` hands at every table in which every player makes the same
    (the maker calls a card out of play and goes alone, euchred each time:
    every defender scores alike), so everyone ties; a misdeal first when asked."""
    for game in tables_of(round_):
        names = [seat.player.name for seat in game.seat_list()]
        if misdeal_first:
            record(game, thrown_in=True)
        for n in range(hands):
            record(
                game, maker=names[n % len(names)], trump="H", called="S", partner="maker", tricks=1
            )


def club_night(*, rounds: int = 3, hands: int = 4, **rules: object) -> EuchreNight:
    """Check-in opened for the twelve; eleven check in (not the late one); round 1
    seated at tables of six and five."""
    night = EuchreNight.start(
        private_table=our_table(),
        variant=Variant.CALL_ACE,
        players=list(CLUB),
        rounds=rounds,
        rules=NightRules(hands_per_round=hands, **rules),  # type: ignore[arg-type]
        name="Thursday club night",
        seed=5,
        check_in=True,
    )
    for name in CLUB[:11]:
        night.check_in(token=str(night.check_in_link), name=name)
    night.refresh_from_db()
    night.seat_next_round(version=night.version)
    return night


def after_round_one(night: EuchreNight, *, misdeal: bool = True) -> EuchreNight:
    """Round 1 played (a misdeal first at each table), the leaver leaves, the
    late one checks in, round 2 seated."""
    play_evenly(
        night.rounds.get(number=1), night.night_rules.hands_per_round, misdeal_first=misdeal
    )
    night.refresh_from_db()
    leaver = night.entrants.get(player__name=LEAVER)
    night.set_present(version=night.version, number=leaver.number, present=False)
    night.check_in(token=str(night.check_in_link), name=LATE)
    night.refresh_from_db()
    night.seat_next_round(version=night.version)
    night.refresh_from_db()
    return night


def play_level(round_: NightRound) -> None:
    """Six hands at every table of a standard night after which its players are
    level on everything: each makes one lone hand (3 tricks, 1 point to the pair)
    and each pair euchres the other once (2 points, a euchre to each defender)."""
    for game in tables_of(round_):
        names = [seat.player.name for seat in game.seat_list()]
        for seat in (0, 2, 1, 3):
            record(game, maker=names[seat], trump="H", tricks=3, alone=True)
        for seat in (0, 1):
            record(game, maker=names[seat], trump="H", tricks=1)


def ladder_night() -> EuchreNight:
    """Eight of the club at a standard night moved by result (docs/rules.md,
    Euchre night 2), 3 rounds of 6 hands, a player may take every prize they lead;
    round 1 played level, so every move goes by the night's draw and every prize
    is shared by all eight."""
    night = EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=list(CLUB[:8]),
        rounds=3,
        rules=NightRules(hands_per_round=6, movement="result", one_prize_each=False),
        name="Friday ladder night",
        seed=9,
    )
    play_level(night.rounds.get(number=1))
    return night
