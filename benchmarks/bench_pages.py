"""Page rendering through Django's full request cycle (middleware, CSP, templates)."""

from django.test import Client

from benchmarks import Timing, measure


def bench_home_page() -> Timing:
    client = Client()

    def get_home() -> None:
        response = client.get("/")
        assert response.status_code == 200

    return measure("home page, GET / via test Client", get_home, iterations=300)
