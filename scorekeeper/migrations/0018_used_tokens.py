# Placeholder for issue 31: tokens remembered for good; its operations are added with the models.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0017_canadian_loner"),
    ]

    operations = []
