"""``python manage.py seat_night`` (docs/formats.md, "Euchre night seating"): a night's
seating plan as JSON on standard output; impossible arguments refused with a
one-line message."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

ROOT = Path(__file__).resolve().parents[2]


def seat_night(*args: str) -> tuple[Any, str]:
    """The plan the command prints, parsed, and what it wrote to standard error."""
    out, err = io.StringIO(), io.StringIO()
    call_command("seat_night", *args, stdout=out, stderr=err)
    return json.loads(out.getvalue()), err.getvalue()


def test_it_prints_a_standard_night_as_the_contract_says() -> None:
    plan, err = seat_night("--players", "10", "--rounds", "3")
    assert err == ""
    assert list(plan) == ["variant", "players", "rounds"]
    assert plan["variant"] == "standard"
    assert plan["players"] == 10
    assert len(plan["rounds"]) == 3
    for entry in plan["rounds"]:
        assert list(entry) == ["tables", "sitting_out"]
        assert all(len(night_table) == 4 for night_table in entry["tables"])
        assert len(entry["sitting_out"]) == 2
        seated = [player for night_table in entry["tables"] for player in night_table]
        assert sorted(seated + entry["sitting_out"]) == list(range(1, 11))


def test_it_prints_a_call_ace_night_with_nobody_out() -> None:
    plan, _ = seat_night("--players", "13", "--rounds", "2", "--variant", "call-ace")
    assert plan["variant"] == "call-ace"
    for entry in plan["rounds"]:
        assert sorted(map(len, entry["tables"])) == [4, 4, 5]
        assert entry["sitting_out"] == []


def test_partners_in_standard_euchre_sit_opposite_and_change_each_round() -> None:
    plan, _ = seat_night("--players", "8", "--rounds", "7")
    partnerships = [
        frozenset(pair)
        for entry in plan["rounds"]
        for night_table in entry["tables"]
        for pair in ((night_table[0], night_table[2]), (night_table[1], night_table[3]))
    ]
    # 8 players, 7 rounds: every two players partner exactly once.
    assert len(partnerships) == len(set(partnerships)) == 28


def test_the_same_arguments_print_the_same_plan_and_the_seed_changes_it() -> None:
    first = seat_night("--players", "12", "--rounds", "4")
    assert seat_night("--players", "12", "--rounds", "4", "--seed", "0") == first
    assert seat_night("--players", "12", "--rounds", "4", "--seed", "1") != first


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "7", "--rounds", "3"], "A euchre night needs at least 8 players, not 7."),
        (["--players", "8", "--rounds", "0"], "A night of 8 players has 1 to 16 rounds, not 0."),
        (["--players", "8", "--rounds", "17"], "A night of 8 players has 1 to 16 rounds, not 17."),
        (["--players", "60", "--rounds", "500"], "A night of 60 players has 1 to 100 rounds"),
        (["--players", "9", "--rounds", "2", "--variant", "rook"], "invalid choice: 'rook'"),
        (["--players", "nine", "--rounds", "2"], "invalid int value: 'nine'"),
        (["--players", "9"], "the following arguments are required: --rounds"),
    ],
)
def test_impossible_arguments_are_refused_with_a_reason(args: list[str], message: str) -> None:
    out = io.StringIO()
    with pytest.raises(CommandError, match=message.replace(".", r"\.")):
        call_command("seat_night", *args, stdout=out)
    assert out.getvalue() == ""


def test_from_the_shell_an_impossible_night_exits_non_zero_with_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", "seat_night", "--players", "5", "--rounds", "2"],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings_test"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode != 0
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "CommandError: A euchre night needs at least 8 players, not 5."
    ]
