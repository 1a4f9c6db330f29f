"""Ratings follow from the games alone (docs/formats.md, "Ratings"): on a
random history, after each edit, merge, import and a restore, every rating is
what rating the games afresh gives, worked out here with the openskill package
from each game scored by the engine. Runs on SQLite and, in the PostgreSQL
pass, on PostgreSQL."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from openskill.models import PlackettLuce

from scorekeeper.files.backups import backup_text, read_backup, restore
from scorekeeper.models import Game, Player, PrivateTable, table_ratings
from tests.documents import document, import_document
from tests.game_support import TEST_TABLE_KEY, our_table

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Danny"]
SUITS = "SHDC"


def call_ace_hand(rng: random.Random, players: list[str]) -> dict[str, Any]:
    maker = rng.choice(players)
    partner = rng.choice(["maker", "none", *(p for p in players if p != maker)])
    return {
        "maker": maker,
        "trump": rng.choice(SUITS),
        "called": rng.choice(SUITS),
        "partner": partner,
        "tricks": rng.choice([0, 1, 2, 3, 3, 4, 5, 5]),
    }


def standard_hand(rng: random.Random, players: list[str]) -> dict[str, Any]:
    return {
        "maker": rng.choice(players),
        "trump": rng.choice(SUITS),
        "alone": rng.random() < 0.2,
        "tricks": rng.choice([1, 2, 3, 3, 4, 5, 5]),
    }


def lone_hand(rng: random.Random, players: list[str]) -> dict[str, Any]:
    return {"maker": rng.choice(players), "trump": rng.choice(SUITS), "alone": True, "tricks": 5}


def random_game(rng: random.Random, *, without: str = "Danny") -> Game:
    """A game of a random variant and players (never ``without`` with Danny:
    they are merged later), played to its end most of the time."""
    variant = rng.choice(["call-ace", "call-ace", "standard", "call-your-partner"])
    size = {"standard": 4, "call-your-partner": 5}.get(variant, rng.choice([4, 5, 6]))
    pool = [n for n in NAMES if n != without]
    players = rng.sample(pool, size)
    if "Danny" in players and without != "Danny" and "Dan" in players:
        players.remove("Dan")
        players.append(next(n for n in pool if n not in players and n != "Dan"))
    hand = {"call-ace": call_ace_hand, "standard": standard_hand}.get(variant, lone_hand)
    hands = [hand(rng, players) for _ in range(rng.randrange(3, 14))]
    return import_document(document(variant, players, hands, target=rng.choice([5, 7])))


def afresh() -> dict[tuple[str, str], tuple[float, float, int]]:
    """Every player's rating per variant, by name, worked out here: each
    finished game of the table scored by the engine, rated in the order the
    games finished with the openskill package's defaults."""
    model = PlackettLuce()
    current: dict[tuple[str, str], Any] = {}
    games: dict[tuple[str, str], int] = {}
    finished = Game.objects.filter(private_table=our_table(), finished_at__isnull=False).order_by(
        "finished_at", "pk"
    )
    for game in finished:
        score = game.score()
        assert score.finished
        names = [seat.player.name for seat in game.seat_list()]
        if game.variant == "standard":
            teams = [[names[0], names[2]], [names[1], names[3]]]
            ranks = [1 if set(score.winners) & {side, side + 2} else 2 for side in (0, 1)]
        else:
            teams = [[name] for name in names]
            ranks = [1 + sum(t > total for t in score.totals) for total in score.totals]
        before = [
            [current.get((name, game.variant)) or model.rating() for name in team] for team in teams
        ]
        after = model.rate(before, ranks=ranks)
        for team, rated in zip(teams, after, strict=True):
            for name, rating in zip(team, rated, strict=True):
                current[name, game.variant] = rating
                games[name, game.variant] = games.get((name, game.variant), 0) + 1
    return {key: (r.mu, r.sigma, games[key]) for key, r in current.items()}


def shown() -> dict[tuple[str, str], tuple[float, float, int]]:
    names = dict(Player.objects.values_list("pk", "name"))
    return {
        (names[player], variant): (r.mu, r.sigma, r.games)
        for (player, variant), r in table_ratings(our_table()).items()
    }


def assert_afresh() -> dict[tuple[str, str], tuple[float, float, int]]:
    got, want = shown(), afresh()
    assert got.keys() == want.keys()
    for key, (mu, sigma, games) in want.items():
        assert got[key] == pytest.approx((mu, sigma, games), rel=1e-9), key
    return got


def edit_a_finished_game(rng: random.Random) -> None:
    """Change the tricks of a finished game's first hand that is not thrown in:
    who wins may change, and the game may even go on again."""
    game = rng.choice(list(Game.objects.filter(finished_at__isnull=False)))
    record = next(h for h in game.hand_list() if not h.thrown_in)
    hand = record.to_engine()
    edited = replace(hand, tricks=5 if hand.tricks != 5 else 1)
    game.edit_hand(version=None, number=record.number, hand=edited, confirm_earlier_end=True)


@pytest.mark.parametrize("seed", [11, 23])
def test_ratings_follow_the_games_through_edits_a_merge_an_import_and_a_restore(
    seed: int,
) -> None:
    rng = random.Random(seed)
    # Dan and Danny never sit at one game: they are one person, merged below.
    for number in range(14):
        random_game(rng, without="Dan" if number % 3 == 0 else "Danny")
    first = assert_afresh()
    assert len(first) >= 8
    edited, edits = first, 0
    while edited == first or edits < 3:  # until an edit changed who placed where
        edit_a_finished_game(rng)
        edited, edits = assert_afresh(), edits + 1
        assert edits < 12
    danny, dan = Player.objects.get(name="Danny"), Player.objects.get(name="Dan")
    danny.merge_into(dan)
    merged = assert_afresh()
    assert not any(name == "Danny" for name, _ in merged)
    random_game(rng)
    before_restore = assert_afresh()

    text = backup_text()
    Game.objects.all().delete()
    Player.objects.all().delete()
    PrivateTable.objects.filter(key=TEST_TABLE_KEY).delete()
    assert table_ratings(our_table()) == {}
    our_table().delete()
    restore(read_backup(text))
    restored = assert_afresh()
    assert restored.keys() == before_restore.keys()
    for key, figures in before_restore.items():
        assert restored[key] == pytest.approx(figures, rel=1e-9), key
