"""Every number the documents, scripts and code comments give for a setting is the
setting's (issue 34: scripts/serve-app said `BOWER_ACTIVE_REQUESTS (4)` once the
default was 2). A mention reads `BOWER_X (N)`, "`BOWER_X` (N)" or "`BOWER_X`, N,":
N, in the setting's unit or in seconds for a setting in milliseconds, is its default
in scorekeeper/settings.py, or the value scripts/serve-app sets for it. So is the
default a settings table gives (| `BOWER_X` | `N` |)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = (ROOT / "scorekeeper" / "settings.py").read_text()
SERVE_APP = (ROOT / "scripts" / "serve-app").read_text()

# `BOWER_X` (N ...), BOWER_X (N ...), `BOWER_X`, N: the number and the word after it.
MENTION = re.compile(r"\b(BOWER_[A-Z_]*[A-Z])`?(?: \(|, | \| `)(\d[\d,_]*)(?: ?(s|ms)\b)?")


def defaults() -> dict[str, set[int]]:
    """Each whole-number setting's default, and the value serve-app sets for it."""
    found: dict[str, set[int]] = {}
    for name, value in re.findall(r'env_int\(\s*"(BOWER_\w+)",\s*([\d_]+)\)', SETTINGS):
        found.setdefault(name, set()).add(int(value))
    for name, value in re.findall(r"export (BOWER_\w+)=\$\{\1:-(\d+)\}", SERVE_APP):
        found.setdefault(name, set()).add(int(value))
    return found


def places() -> list[Path]:
    """The documents, the scripts, and the project's Python (comments and docstrings)."""
    found = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    found.append(ROOT / "benchmarks" / "NOTES.md")
    found += sorted(p for p in (ROOT / "scripts").iterdir() if p.is_file())
    for package in ("scorekeeper", "referee", "benchmarks", "tests"):
        found += sorted(p for p in (ROOT / package).rglob("*.py") if "migrations" not in p.parts)
    return [p for p in found if p != Path(__file__).resolve()]  # its examples are not mentions


def mentions(text: str) -> list[tuple[str, int, str]]:
    return [
        (name, int(number.replace(",", "").replace("_", "")), unit)
        for name, number, unit in MENTION.findall(text)
    ]


def test_the_mentions_are_found_as_people_write_them() -> None:
    # The pattern itself: a test that finds nothing would pass for ever.
    assert mentions("only BOWER_ACTIVE_REQUESTS (4) of them") == [("BOWER_ACTIVE_REQUESTS", 4, "")]
    assert mentions("after `BOWER_BODY_WAIT_MS` (10 s) is") == [("BOWER_BODY_WAIT_MS", 10, "s")]
    assert mentions("`BOWER_SHED_POLLS_AT`, 16, polls") == [("BOWER_SHED_POLLS_AT", 16, "")]
    assert mentions("`BOWER_TABLE_MAX_HANDS` (20,000) hands") == [
        ("BOWER_TABLE_MAX_HANDS", 20_000, "")
    ]
    assert mentions("| `BOWER_TURN_WAIT_MS` | `1000` | milliseconds") == [
        ("BOWER_TURN_WAIT_MS", 1000, "")
    ]
    assert {"BOWER_LOCK_TIMEOUT", "BOWER_IMPORTS_PER_MINUTE"} <= set(defaults())


def _in_setting_unit(name: str, number: int, unit: str) -> int:
    return number * 1000 if name.endswith("_MS") and unit == "s" else number


@pytest.mark.parametrize("path", places(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_number_given_for_a_setting_is_the_settings(path: Path) -> None:
    known = defaults()
    for name, number, unit in mentions(path.read_text()):
        if name not in known:
            continue  # a yes/no setting, or a variable that is not a setting
        assert _in_setting_unit(name, number, unit) in known[name], (name, number, unit)


def test_the_documents_give_the_numbers_of_the_settings_that_matter() -> None:
    # The mentions this test guards are there: the README's move into docs/ kept them.
    text = "\n".join(p.read_text() for p in places() if p.suffix == ".md")
    named = {name for name, _, _ in mentions(text)}
    assert {"BOWER_LOCK_TIMEOUT", "BOWER_IMPORTS_PER_MINUTE", "BOWER_TABLE_MAX_HANDS"} <= named
    assert set(defaults()) <= named  # every whole-number setting has its row
