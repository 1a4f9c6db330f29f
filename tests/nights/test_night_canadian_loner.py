"""The Canadian loner at a euchre night (docs/rules.md, Standard 3 and Euchre night 3): chosen
on the new night form for standard nights only, played at every table of every round, shown
on the table's score card, and carried by the backup."""

from __future__ import annotations

import html
import io
import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from referee.engine.hands import HandError
from referee.engine.variants import HouseRules
from scorekeeper.models import EuchreNight, Game, Player, PrivateTable
from tests.game_support import record
from tests.night_support import EIGHT, start_night, tables_of

pytestmark = pytest.mark.django_db


def start_data(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "token": str(uuid.uuid4()),
        "name": "Ontario night",
        "new_names": "\n".join(EIGHT),
        "variant": "standard",
        "rounds": "3",
        "hands_per_round": "8",
        "lone_march_five": "off",
        "sit_out": "average",
        "stick_the_dealer": "on",
        "no_trump": "off",
        "canadian_loner": "on",
        "deal": "standard",
        "renege": "march-or-euchre",
    }
    data.update(changes)
    return data


def text_of(response: Any) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def test_the_night_form_offers_it_marked_as_standard_euchres_own(client: Client) -> None:
    page = client.get(reverse("night_new")).content.decode()
    standard_only = r'<div class="rule-standard">\s*<fieldset[^>]*id="id_canadian_loner_group"'
    assert re.search(standard_only, page)
    assert "Canadian loner (standard euchre)" in page


def test_a_standard_night_started_with_it_plays_it_at_every_table(client: Client) -> None:
    response = client.post(reverse("night_new"), start_data())
    assert response.status_code == 302
    night = EuchreNight.objects.get()
    assert night.night_rules.table_rules.canadian_loner is True
    tables = tables_of(night.rounds.get(number=1))
    assert len(tables) == 2
    assert all(game.canadian_loner for game in tables)
    # Held to at the table: the first dealer's partner orders up, not alone.
    game = tables[0]
    dealer = game.first_dealer
    partner = game.setup.name((dealer + 2) % 4)
    with pytest.raises(HandError) as error:
        record(game, maker=partner, trump="H", tricks=3, round=1)
    assert "Canadian loner" in error.value.errors["alone"]
    card = client.get(reverse("night_score_card", args=[night.pk, 1, game.night_table]))
    assert "Canadian loner: the dealer's partner who orders up in round 1 goes alone." in (
        text_of(card)
    )


def test_a_call_ace_night_ignores_it(client: Client) -> None:
    response = client.post(reverse("night_new"), start_data(variant="call-ace"))
    assert response.status_code == 302
    night = EuchreNight.objects.get()
    assert night.night_rules.table_rules.canadian_loner is False
    assert not any(game.canadian_loner for game in tables_of(night.rounds.get(number=1)))


def test_a_night_without_it_leaves_the_partner_free() -> None:
    night = start_night()
    game = tables_of(night.rounds.get(number=1))[0]
    partner = game.setup.name((game.first_dealer + 2) % 4)
    record(game, maker=partner, trump="H", tricks=3, round=1)
    assert game.hands.count() == 1


def test_the_backup_carries_it_in_the_nights_rules_and_its_tables(tmp_path: Path) -> None:
    night = start_night(table_rules=HouseRules(canadian_loner=True))
    game = tables_of(night.rounds.get(number=1))[0]
    partner = game.setup.name((game.first_dealer + 2) % 4)
    record(game, maker=partner, trump="H", tricks=5, round=1, alone=True)
    out = io.StringIO()
    call_command("backup", stdout=out)
    first = out.getvalue()
    (written,) = json.loads(first)["tables"][0]["nights"]
    assert written["rules"]["table_rules"]["canadian_loner"] is True
    table_game = written["rounds"][0]["tables"][0]["game"]
    assert table_game["rules"]["canadian_loner"] is True
    for model in (EuchreNight, Game, Player, PrivateTable):
        model.objects.all().delete()
    path = tmp_path / "backup.json"
    path.write_text(first)
    call_command("restore", str(path), stdout=io.StringIO())
    restored = EuchreNight.objects.get()
    assert restored.night_rules.table_rules.canadian_loner is True
    assert all(g.canadian_loner for g in tables_of(restored.rounds.get(number=1)))
    again = io.StringIO()
    call_command("backup", stdout=again)
    assert again.getvalue() == first
