"""Private tables (docs/decisions.md, D13): the table model, and each game's and player's
table and each game's watch token, empty until 0005 fills them."""

import django.db.models.deletion
from django.db import migrations, models

import scorekeeper.models.private_tables


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0003_game_next_dealer"),
    ]

    operations = [
        migrations.CreateModel(
            name="PrivateTable",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(default="Our table", max_length=60)),
                (
                    "key",
                    models.CharField(
                        default=scorekeeper.models.private_tables.new_key,
                        editable=False,
                        max_length=64,
                        unique=True,
                    ),
                ),
                ("key_digest", models.CharField(editable=False, max_length=32, unique=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
            ],
            options={
                "db_table": "scorekeeper_private_table",
                "ordering": ["name", "pk"],
            },
        ),
        migrations.AddField(
            model_name="game",
            name="private_table",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="games",
                to="scorekeeper.privatetable",
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="watch_token",
            field=models.CharField(editable=False, max_length=64, null=True),
        ),
        migrations.AddField(
            model_name="player",
            name="private_table",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="players",
                to="scorekeeper.privatetable",
            ),
        ),
        migrations.RemoveConstraint(
            model_name="player",
            name="player_name_unique_ci",
        ),
    ]
