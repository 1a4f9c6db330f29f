# Issue 31: tokens remembered for good (scorekeeper/models/used_tokens.py), with
# the tokens of the hands already stored.

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models

# As scorekeeper.models.used_tokens.CONTENT_FIELDS (a migration keeps its own copy).
CONTENT_FIELDS = (
    "thrown_in",
    "maker",
    "trump",
    "called",
    "alone",
    "outcome",
    "partner",
    "tricks",
    "renege",
    "bidding_round",
    "revealed_on_trick",
)


def keep_stored_tokens(apps, schema_editor):  # type: ignore[no-untyped-def]
    """Each stored hand's token keeps what it recorded."""
    Hand = apps.get_model("scorekeeper", "Hand")
    UsedToken = apps.get_model("scorekeeper", "UsedToken")
    kept = [
        UsedToken(
            game_id=hand.game_id,
            token=hand.token,
            kind="recorded",
            hand_number=hand.number,
            content={name: getattr(hand, name) for name in CONTENT_FIELDS},
        )
        for hand in Hand.objects.exclude(token=None).iterator()
    ]
    UsedToken.objects.bulk_create(kept, batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0017_canadian_loner"),
    ]

    operations = [
        migrations.CreateModel(
            name="UsedToken",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("token", models.UUIDField()),
                (
                    "kind",
                    models.CharField(
                        choices=[("recorded", "Recorded"), ("edited", "Edited")], max_length=10
                    ),
                ),
                ("hand_number", models.PositiveSmallIntegerField()),
                ("content", models.JSONField(default=dict)),
                ("at", models.DateTimeField(default=django.utils.timezone.now)),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="used_tokens",
                        to="scorekeeper.game",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("game", "token"), name="used_token_once")
                ],
            },
        ),
        migrations.RunPython(keep_stored_tokens, migrations.RunPython.noop),
    ]
