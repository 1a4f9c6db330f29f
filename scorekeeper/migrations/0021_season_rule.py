# Issue 42: a season's standings rule (docs/rules.md, "Season standings"):
# total points, average a game, places on each night or the best N nights.

from django.db import migrations, models

KINDS = [("points", "points"), ("average", "average"), ("places", "places"), ("best", "best")]


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0020_night_prizes_check_in"),
    ]

    operations = [
        migrations.AddField(
            model_name="season",
            name="rule",
            field=models.CharField(choices=KINDS, default="points", max_length=8),
        ),
        migrations.AddField(
            model_name="season",
            name="best",
            field=models.PositiveSmallIntegerField(default=0),
        ),
    ]
