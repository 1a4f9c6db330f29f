import re

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db  # home looks for the game in progress


@pytest.fixture
def home(client: Client):
    return client.get(reverse("home"))


def test_home_page_answers_with_the_home_template(home) -> None:
    assert home.status_code == 200
    assert [t.name for t in home.templates][:2] == ["home.html", "base.html"]


def test_home_page_names_the_three_variants(home) -> None:
    text = home.content.decode()
    for variant in ("Call-Ace", "Call-Your-Partner", "standard euchre"):
        assert variant in text


def test_home_page_links_to_a_new_game_the_referee_and_past_games(home) -> None:
    text = home.content.decode()
    for label, href in [
        ("Start a game", "/games/new/"),
        ("Referee", "/referee/"),
        ("Past games", "/games/"),
    ]:
        assert re.search(rf'href="{re.escape(href)}"[^>]*>{label}</a>', text), label


def test_home_page_scripts_carry_the_nonce_of_its_csp_header(home) -> None:
    policy = home.headers["Content-Security-Policy"]
    nonce = re.search(r"'nonce-([^']+)'", policy)
    assert nonce, policy
    assert "style-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    scripts = re.findall(r"<script [^>]*>", home.content.decode())
    assert scripts
    assert all(f'nonce="{nonce.group(1)}"' in tag for tag in scripts), scripts


def test_home_page_sends_the_csrf_token_with_every_htmx_request(home) -> None:
    token = str(home.context["csrf_token"])
    assert f'hx-headers=\'{{"X-CSRFToken": "{token}"}}\'' in home.content.decode()


def test_home_page_refuses_a_post(client: Client) -> None:
    assert client.post(reverse("home")).status_code == 405


def test_home_page_answers_a_head_request_for_uptime_checks(client: Client) -> None:
    assert client.head(reverse("home")).status_code == 200
