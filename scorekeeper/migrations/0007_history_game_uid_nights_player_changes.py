"""Games get their lasting id (the game document's ``id``,
docs/formats.md, "Game document (import and export)"): every stored game a unique UUID of its own.
Game nights can be named; players' renames and merges are kept."""

import uuid
from typing import Any

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models


def give_each_game_its_id(apps: Any, schema_editor: Any) -> None:
    Game = apps.get_model("scorekeeper", "Game")
    games = list(Game.objects.filter(uid__isnull=True).only("pk"))
    for game in games:
        game.uid = uuid.uuid4()
    Game.objects.bulk_update(games, ["uid"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0006_tables_required"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="uid",
            field=models.UUIDField(editable=False, null=True),
        ),
        migrations.RunPython(give_each_game_its_id, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="game",
            name="uid",
            field=models.UUIDField(default=uuid.uuid4, editable=False, unique=True),
        ),
        migrations.CreateModel(
            name="GameNight",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("date", models.DateField()),
                ("name", models.CharField(blank=True, max_length=60)),
                ("place", models.CharField(blank=True, max_length=60)),
                (
                    "private_table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="nights",
                        to="scorekeeper.privatetable",
                    ),
                ),
            ],
            options={
                "ordering": ["-date"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("private_table", "date"), name="night_unique_per_table"
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="PlayerChange",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("kind", models.CharField(choices=[("renamed", "renamed"), ("merged", "merged")], max_length=10)),
                ("old_name", models.CharField(max_length=30)),
                ("new_name", models.CharField(max_length=30)),
                ("at", models.DateTimeField(default=django.utils.timezone.now)),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="changes",
                        to="scorekeeper.player",
                    ),
                ),
            ],
            options={"ordering": ["-at", "-pk"]},
        ),
    ]
