"""Existing games and players move into one private table (docs/decisions.md, D13), whose
key link ``manage.py tables`` prints; every game gets its watch token."""

import hashlib
import secrets

from django.db import migrations


def _key() -> str:
    # As scorekeeper.models.private_tables.new_key; copied so this migration never changes.
    return secrets.token_urlsafe(24)


def move_into_one_table(apps, schema_editor):  # type: ignore[no-untyped-def]
    PrivateTable = apps.get_model("scorekeeper", "PrivateTable")
    Game = apps.get_model("scorekeeper", "Game")
    Player = apps.get_model("scorekeeper", "Player")
    if not Game.objects.exists() and not Player.objects.exists():
        return
    key = _key()
    table = PrivateTable.objects.create(
        name="Our table", key=key, key_digest=hashlib.sha256(key.encode()).hexdigest()[:32]
    )
    Game.objects.update(private_table=table)
    Player.objects.update(private_table=table)
    for game in Game.objects.only("pk"):
        Game.objects.filter(pk=game.pk).update(watch_token=_key())


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0004_tables_private_table"),
    ]

    operations = [
        migrations.RunPython(move_into_one_table, migrations.RunPython.noop),
    ]
