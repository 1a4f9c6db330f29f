# Issue 33: a euchre night's check-in at the door (its link's token, and when each
# player checked in). The night's prizes live in its rules (NightRules.to_dict).

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0019_seasons"),
    ]

    operations = [
        migrations.AddField(
            model_name="euchrenight",
            name="check_in_token",
            field=models.CharField(
                blank=True, editable=False, max_length=64, null=True, unique=True
            ),
        ),
        migrations.AddField(
            model_name="nightplayer",
            name="checked_in_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
