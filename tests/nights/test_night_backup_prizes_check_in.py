"""A night's prize choice and its check-ins in the backup (issue 33; docs/formats.md,
"Euchre nights in the backup"): optional keys, read back as they were written, so
backup, restore and backup again give the same file; a bad value is refused,
naming the night and field, and nothing is stored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import CommandError

from referee.engine.night import NightRules, PrizeKind, PrizeTies
from referee.engine.variants import Variant
from scorekeeper.models import EuchreNight, Game, NightPlayer, Player, PrivateTable
from tests.backup_support import backup, restore
from tests.game_support import our_table
from tests.night_support import start_night

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def empty_the_database() -> None:
    for model in (EuchreNight, Game, Player, PrivateTable):
        model.objects.all().delete()


def a_check_in_night() -> EuchreNight:
    night = EuchreNight.start(
        private_table=our_table(),
        variant=Variant.STANDARD,
        players=["Ann", "Ben"],
        rounds=3,
        rules=NightRules(
            hands_per_round=4,
            prizes=(PrizeKind.MOST_POINTS, PrizeKind.LOW_SCORE),
            one_prize_each=False,
            prize_ties=PrizeTies.BREAK,
        ),
        seed=5,
        check_in=True,
    )
    night.check_in(token=str(night.check_in_link), name="Ann")
    night.check_in(token=str(night.check_in_link), name="Zoe")
    return night


def test_the_backup_carries_the_prizes_and_the_check_ins() -> None:
    a_check_in_night()
    start_night(seed=9)  # a night that never used check-in
    (private_table,) = json.loads(backup())["tables"]
    checked, plain = private_table["nights"]
    assert checked["rules"]["prizes"] == ["most-points", "low-score"]
    assert (checked["rules"]["one_prize_each"], checked["rules"]["prize_ties"]) == (False, "break")
    assert checked["check_in"] is True
    by_name = {p["name"]: p for p in checked["players"]}
    assert "checked_in_at" not in by_name["Ben"]
    assert by_name["Ann"]["checked_in_at"]
    assert by_name["Zoe"]["checked_in_at"]
    assert "check_in" not in plain
    assert all("checked_in_at" not in p for p in plain["players"])


def test_backup_restore_backup_again_is_the_same_file(tmp_path: Path) -> None:
    night = a_check_in_night()
    start_night(seed=9)
    first = backup()
    old_token = night.check_in_token
    empty_the_database()
    assert "2 euchre nights added" in restore(first, tmp_path)
    assert backup() == first
    restored = EuchreNight.objects.get(uid=night.uid)
    # Check-in is open again, under a link of its own: the old one stays shut.
    assert restored.check_in_token not in (None, old_token)
    assert restored.night_rules.prize_ties is PrizeTies.BREAK
    assert NightPlayer.objects.filter(night=restored, checked_in_at__isnull=False).count() == 2


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"check_in": "yes"}, "check_in: must be true or false"),
        ({"players": [{"number": 1, "name": "Ann", "checked_in_at": "today"}]}, "checked_in_at"),
        ({"rules": {"prizes": ["booby"]}}, "rules, prizes"),
        ({"rules": {"prize_ties": "coin"}}, "rules, prize_ties"),
        ({"check_in": None, "players": [{"number": 1, "name": "Ann"}]}, "at least 8 players"),
    ],
)
def test_a_bad_prize_or_check_in_in_a_backup_is_refused_and_nothing_is_stored(
    tmp_path: Path, change: dict[str, object], said: str
) -> None:
    a_check_in_night()
    data = json.loads(backup())
    night = data["tables"][0]["nights"][0]
    night.update(change)
    if night.get("check_in", "absent") is None:
        del night["check_in"]
    empty_the_database()
    with pytest.raises(CommandError, match=said):
        restore(json.dumps(data), tmp_path)
    assert not EuchreNight.objects.exists()
    assert not Player.objects.exists()
