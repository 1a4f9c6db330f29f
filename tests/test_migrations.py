from typing import Any

import pytest
from django.apps import apps as django_apps
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.game_support import FOUR, record, start_game
from tests.night_support import start_night, tables_of


@pytest.mark.django_db
@pytest.mark.postgres
def test_no_model_change_is_missing_its_migration() -> None:
    # Exits non-zero (SystemExit) when makemigrations would write anything.
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


# --- 0016: stored hands cite the in-app rulebook (docs/decisions.md, D45) ---------------------

BEFORE_CITATIONS = [("scorekeeper", "0015_table_start")]
WITH_CITATIONS = [("scorekeeper", "0016_citations_docs_numbers")]


def _stored(apps: Any) -> dict[int, tuple[str, str]]:
    hand_model = apps.get_model("scorekeeper", "Hand")
    return {h.pk: (h.section, h.explanation) for h in hand_model.objects.order_by("pk")}


def _games_citing_every_rule() -> None:
    """A misdeal and a renege penalty in Call-Ace, a renege penalty in standard euchre,
    a lone march under a night's house rule: each hand whose words cite a rule."""
    ace = start_game("call-ace", renege="offender-loses-2")
    record(ace, thrown_in=True)
    record(ace, maker="Ann", trump="H", called="S", partner="Ben", tricks=1, renege="Dan")
    standard = start_game("standard", FOUR, renege="offender-loses-2")
    record(standard, maker="Ann", trump="H", tricks=3, renege="Ben")
    night = start_night(lone_march_five=True)
    night_table = tables_of(night.rounds.get(number=1))[0]
    maker = night_table.seat_list()[0].player.name
    record(night_table, maker=maker, trump="H", tricks=5, alone=True)


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_hands_stored_with_the_old_sheets_numbers_read_with_the_rulebooks_after_migrating() -> None:
    _games_citing_every_rule()
    engine_writes = _stored(django_apps)  # what the engine writes today
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE_CITATIONS)
    old = _stored(executor.loader.project_state(BEFORE_CITATIONS).apps)
    # As the app stored them before: the old sheet's numbers, word for word.
    *games, night = old.values()
    assert games == [
        ("3.2", "Misdeal: no score; the deal passes on (rules 3.2)."),
        (
            "3.4",
            "Euchre: Ann with Ben took 1 trick, 2 each to Cat, Dan and Eve; "
            "Dan reneged and loses 2 (house rule, 3.5).",
        ),
        (
            "5",
            "Made it: Ann and Cat took 3 tricks, 1 to Ann and Cat; "
            "Ben reneged and their team loses 2 (house rule, 3.5).",
        ),
    ]
    assert night[0] == "5"
    assert night[1].endswith(" (house rule of the night: a lone march scores 5, rules 7).")
    executor = MigrationExecutor(connection)
    executor.migrate(WITH_CITATIONS)
    assert _stored(executor.loader.project_state(WITH_CITATIONS).apps) == engine_writes
    assert [section for section, _ in engine_writes.values()] == [
        "bidding",
        "scoring",
        "scoring",
        "scoring",
    ]
    assert "(Call-Ace rules 2)" in engine_writes[min(engine_writes)][1]
    assert "Euchre night rules 4)" in engine_writes[max(engine_writes)][1]
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
