"""Seasons for the season tests (docs/formats.md, "Seasons"): games played on
given game nights, and many finished games made at once for the size tests."""

from __future__ import annotations

import calendar
import uuid
from datetime import date, datetime, timedelta
from typing import Any

from django.test import Client
from django.urls import reverse

from scorekeeper.models import Game, Hand, Player, PrivateTable, Season, Seat
from tests.documents import document, import_document, local
from tests.game_support import our_table

FOUR = ["Ann", "Ben", "Cat", "Dan"]


def march(maker: str, partner: str) -> dict[str, Any]:
    """A Call-Ace hand: ``maker`` calls the ace of spades, ``partner`` held it, they march."""
    return {"maker": maker, "trump": "H", "called": "S", "partner": partner, "tricks": 5}


def game_on(night: date, winner: str, partner: str, *, hour: int = 20) -> Game:
    """A Call-Ace game of five to 4 points on game night ``night``, started at
    ``hour`` (an hour after midnight belongs to the night before) and finished
    20 minutes later: ``winner`` and ``partner`` march twice."""
    players = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    data = document("call-ace", players, [march(winner, partner)] * 2, target=4)
    started = local(night.year, night.month, night.day, hour) + (
        timedelta(days=1) if hour < 6 else timedelta()
    )
    game = import_document(data, at=started)
    Game.objects.filter(pk=game.pk).update(finished_at=started + timedelta(minutes=20))
    game.refresh_from_db()
    return game


def month_end(day: date) -> date:
    """The last day of ``day``'s month (a season of "this month" holds today, the 31st too)."""
    return day.replace(day=calendar.monthrange(day.year, day.month)[1])


def season(
    name: str, starts: date, ends: date, private_table: PrivateTable | None = None
) -> Season:
    return Season.name_season(
        private_table=private_table or our_table(),
        name=name,
        starts=starts,
        ends=ends,
        token=uuid.uuid4(),
    )


def name_form(**fields: str) -> dict[str, str]:
    """The season form as a phone sends it, with a fresh token."""
    return {"token": str(uuid.uuid4()), "name": "Autumn", **fields}


def post_season(phone: Client, **fields: str) -> Any:
    return phone.post(reverse("season_list"), name_form(**fields))


def many_games(count: int, *, start: datetime, private_table: PrivateTable | None = None) -> None:
    """``count`` finished Call-Ace games of five, one every 30 minutes from
    ``start``, stored at once (their seats' cached totals and wins as scoring
    leaves them, and three called aces each): for the size tests, not the rules."""
    private_table = private_table or our_table()
    players = [
        Player.objects.get_or_create(private_table=private_table, name=n)[0] for n in [*FOUR, "Eve"]
    ]
    games = Game.objects.bulk_create(
        Game(
            private_table=private_table,
            variant="call-ace",
            created_at=start + timedelta(minutes=30 * n),
            finished_at=start + timedelta(minutes=30 * n + 20),
            hands_played=3,
        )
        for n in range(count)
    )
    Seat.objects.bulk_create(
        Seat(
            game=game,
            player=player,
            position=position,
            total=(position + n) % 5 * 2 + (n % 3),
            won=(position + n) % 5 == 4,
            finished=True,
        )
        for n, game in enumerate(games)
        for position, player in enumerate(players)
    )
    # Three called aces a game, made or euchred by turns: the called-ace figures to count.
    Hand.objects.bulk_create(
        Hand(
            game=game,
            number=k + 1,
            maker=(n + k) % 5,
            trump="H",
            called="SDC"[k],
            partner=(n + k + 1) % 5,
            outcome="revealed",
            tricks=3 if (n + k) % 2 else 1,
            rule="make" if (n + k) % 2 else "euchre",
        )
        for n, game in enumerate(games)
        for k in range(3)
    )


# Thirty letters each, words apart: a name may break between its words, never inside one.
CLUB = [
    "Wilhelmina Wadsworth Montgomer",
    "Bartholomew Wainwright Morriso",
    "Guinevere Worthington Macmilla",
    "Maxwell Hawthorne Weatherbymoo",
    "Mortimer Walton Whitaker Murro",
    "Winnifred Merriweather Woodwar",
]
assert all(len(name) == 30 for name in CLUB)


def a_club_season(night: date) -> Season:
    """A season on game night ``night`` of two Call-Ace games, a Call-Your-Partner
    game and a standard one, six players of thirty letters: four level on
    points and wins at the top (every lead shared), a rating column for each
    variant."""
    a, b, c, d, e, f = CLUB
    at = local(night.year, night.month, night.day, 19)
    games = [
        document("call-ace", [a, b, c, d, e], [march(a, b)] * 2, target=4),
        document("call-ace", [c, d, a, b, f], [march(c, d)] * 2, target=4),
        document(
            "call-your-partner",
            [e, f, a, b, c],
            [{"maker": e, "trump": "S", "alone": True, "tricks": 5}],
            target=4,
        ),
        document("standard", [f, a, e, b], [{"maker": f, "trump": "S", "tricks": 5}] * 2, target=4),
    ]
    for n, data in enumerate(games):
        game = import_document(data, at=at + timedelta(minutes=30 * n))
        Game.objects.filter(pk=game.pk).update(finished_at=at + timedelta(minutes=30 * n + 20))
    return season("Autumn league of the club", night, night)
