import pytest
from django.db import connection

pytestmark = pytest.mark.postgres


@pytest.mark.django_db
def test_the_postgresql_pass_really_talks_to_postgresql() -> None:
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        (version,) = cursor.fetchone()
    assert version.startswith("PostgreSQL")
