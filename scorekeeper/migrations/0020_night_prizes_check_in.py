# Placeholder for issue 33: a night's prizes and check-in; its operations are added with the models.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0019_seasons"),
    ]

    operations = []
