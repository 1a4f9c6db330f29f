# Placeholder for issue 33: seasons; its operations are added with the models.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0018_used_tokens"),
    ]

    operations = []
