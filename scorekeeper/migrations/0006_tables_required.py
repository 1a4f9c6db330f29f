"""Every game and player now belongs to a private table; player names are
unique per table (any case) instead of across the whole site."""

import django.db.models.deletion
import django.db.models.functions.text
from django.db import migrations, models

import scorekeeper.models.private_tables


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0005_tables_move_existing"),
    ]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="private_table",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="games",
                to="scorekeeper.privatetable",
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="watch_token",
            field=models.CharField(
                default=scorekeeper.models.private_tables.new_watch_token,
                editable=False,
                max_length=64,
                unique=True,
            ),
        ),
        migrations.AlterField(
            model_name="player",
            name="private_table",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="players",
                to="scorekeeper.privatetable",
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                models.F("private_table"),
                django.db.models.functions.text.Lower("name"),
                name="player_name_unique_per_table_ci",
            ),
        ),
    ]
