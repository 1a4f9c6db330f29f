# Issue 33: a table's seasons (scorekeeper/models/seasons.py).

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models

import scorekeeper.models.private_tables


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0018_used_tokens"),
    ]

    operations = [
        migrations.CreateModel(
            name="Season",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=60)),
                ("starts", models.DateField()),
                ("ends", models.DateField()),
                ("token", models.UUIDField(blank=True, editable=False, null=True, unique=True)),
                (
                    "watch_token",
                    models.CharField(
                        default=scorekeeper.models.private_tables.new_watch_token,
                        editable=False,
                        max_length=64,
                        unique=True,
                    ),
                ),
                ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                (
                    "private_table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seasons",
                        to="scorekeeper.privatetable",
                    ),
                ),
            ],
            options={
                "ordering": ["-starts", "-pk"],
                "indexes": [
                    models.Index(fields=["private_table", "starts"], name="season_table_starts")
                ],
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("ends__gte", models.F("starts"))),
                        name="season_ends_after_start",
                    )
                ],
            },
        ),
    ]
