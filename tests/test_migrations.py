import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_no_model_change_is_missing_its_migration() -> None:
    # Exits non-zero (SystemExit) when makemigrations would write anything.
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
