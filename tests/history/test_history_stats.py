"""Partners and rivals, and the wording of a player's statistics, against
values worked out by hand for the fixed history of tests/history/test_players.py:

A. Call-Ace, five (Ann Ben Cat Dan Eve): Ben calls Dan and they make it; Cat
   holds the called ace and marches alone.
B. Call-Ace, four (Ann Ben Cat Dan): Ann calls Ben and they march, twice; a
   third hand, after the end, counts for nobody.
C. Standard (Ann+Cat against Ben+Dan): Ann with Cat make it; Ben alone is
   euchred; Dan with Ben, and Ann reneges.
D. Call-Your-Partner, five: Eve alone makes it; Ann's card is not in play and
   she is euchred alone; a hand thrown in.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.history.partnerships import partners_and_rivals
from scorekeeper.models import Player
from tests.history.test_players import EXPECTED
from tests.history.test_players import games as games  # the fixed history

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("games")]


def partners_of(name: str) -> list[tuple[str, int, int, int, int, int, int, int]]:
    """(partner, hands, made, marched, euchred, renege, called, called by)."""
    partners, _ = partners_and_rivals(Player.objects.get(name=name))
    return [
        (
            p.other.name,
            p.tally.hands,
            p.tally.made,
            p.tally.marched,
            p.tally.euchred,
            p.tally.renege,
            p.called,
            p.called_by,
        )
        for p in partners
    ]


def rivals_of(name: str) -> list[tuple[str, int, int]]:
    """(rival, euchred them, hands defended against them)."""
    _, rivals = partners_and_rivals(Player.objects.get(name=name))
    return [(r.other.name, r.euchred, r.faced) for r in rivals]


def page_text(client: Client, name: str) -> str:
    player = Player.objects.get(name=name)
    html = client.get(reverse("player_detail", args=[player.pk])).content.decode()
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_anns_partners_are_ben_called_twice_and_cat_her_standard_teammate() -> None:
    # B 1 and 2: Ann called Ben, two marches; C 1: Ann with Cat made it.
    assert partners_of("Ann") == [
        ("Ben", 2, 0, 2, 0, 0, 2, 0),
        ("Cat", 1, 1, 0, 0, 0, 0, 0),
    ]


def test_bens_partners_count_who_called_whom() -> None:
    # Called by Ann twice (B); called Dan once (A 1, made it); with Dan in
    # standard (C 3, ended by Ann's renege). Ben alone (C 2) partners nobody.
    assert partners_of("Ben") == [
        ("Ann", 2, 0, 2, 0, 0, 0, 2),
        ("Dan", 2, 1, 0, 0, 1, 1, 0),
    ]


def test_a_hand_after_the_end_or_alone_makes_no_partner() -> None:
    # Cat: only C 1 with Ann (B 3, after the end, is not counted; A 2 was alone).
    assert partners_of("Cat") == [("Ann", 1, 1, 0, 0, 0, 0, 0)]
    assert partners_of("Eve") == []


def test_anns_rivals_are_everyone_who_euchred_her_fewest_hands_defended_first() -> None:
    # D 2: Ann alone euchred by Ben, Cat, Dan and Eve. Hands they defended
    # against Ann's side: Eve D 2; Ben C 1, D 2; Cat B 1, B 2, D 2; Dan B 1,
    # B 2, C 1, D 2.
    assert rivals_of("Ann") == [("Eve", 1, 1), ("Ben", 1, 2), ("Cat", 1, 3), ("Dan", 1, 4)]


def test_bens_rivals_leave_out_who_never_euchred_him() -> None:
    # C 2: Ben alone euchred by Ann, Cat and Dan; Eve (A 1) never euchred him.
    assert rivals_of("Ben") == [("Ann", 1, 3), ("Dan", 1, 3), ("Cat", 1, 5)]
    assert rivals_of("Eve") == []


def test_the_page_says_partners_and_rivals_in_words(client: Client) -> None:
    ben = page_text(client, "Ben")
    assert "With Ann : 2 hands: made it 0, marched 2, euchred 0 (called by Ann 2 times)" in ben
    assert (
        "With Dan : 2 hands: made it 1, marched 0, euchred 0, ended by a renege 1"
        " (called Dan 1 time)" in ben
    )
    assert "Ann : euchred them 1 time in 3 hands defending" in ben
    assert "Nobody has euchred Eve yet." in page_text(client, "Eve")


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_making_trump_line_has_parts_that_add_up_to_the_whole(
    client: Client, name: str
) -> None:
    (_, _, _, _, made_trump, makes, marches, euchred, renege, *_) = EXPECTED[name]
    assert makes + marches + euchred + renege == made_trump
    text = page_text(client, name)
    ending = f", ended by a renege {renege}" if renege else ""
    times = "time" if made_trump == 1 else "times"
    assert (
        f"Made trump {made_trump} {times} : made it {makes}, marched {marches},"
        f" euchred {euchred}{ending}." in text
    )
    won = makes + marches
    assert f"Won the hand (made it or marched) {won} time" in text
    assert f"of {made_trump} (" in text
    # The table's rows are the same parts, with the whole as their total.
    for label, value in (
        ("Made it (3 or 4 tricks)", makes),
        ("Marched (all 5 tricks)", marches),
        ("Euchred", euchred),
        ("Ended by a renege", renege),
        ("Made trump, in all", made_trump),
    ):
        assert f"{label} {value}" in text


def test_the_win_line_names_its_denominator(client: Client) -> None:
    # Ann: 1 win (shared) of 2 finished games, 4 games in all.
    text = page_text(client, "Ann")
    assert "Won 1 of 2 finished games, 1 of those wins shared" in text
    assert "2 of the 4 games finished" in text
