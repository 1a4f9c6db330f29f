"""Installable and offline: the web app manifest and the service worker, as the
phone's browser fetches them (scorekeeper/web/pwa.py); the pages that point at them."""

from __future__ import annotations

import json
import re
import struct
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse

from scorekeeper.web.pwa import APP_SHELL
from tests.game_support import start_game

STATIC = settings.STATIC_URL if settings.STATIC_URL.startswith("/") else "/" + settings.STATIC_URL


def static_file(url: str) -> Path:
    """The file behind a /static/ URL of the test settings (no hashing)."""
    assert url.startswith(STATIC), url
    found = finders.find(url.removeprefix(STATIC))
    assert found, f"{url} is not a static file"
    return Path(str(found))


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


@pytest.fixture
def manifest(client: Client) -> dict[str, Any]:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    result: dict[str, Any] = json.loads(response.content)
    return result


def test_the_manifest_installs_bower_full_screen_from_the_home_page(
    manifest: dict[str, Any],
) -> None:
    assert (manifest["name"], manifest["short_name"]) == ("Bower", "Bower")
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
        "/",
        "/",
        "standalone",
    )
    # bower.css's light palette: the page background and the accent green.
    css = static_file(f"{STATIC}css/bower.css").read_text()
    assert f"--bg: {manifest['background_color']};" in css
    assert f"--accent: {manifest['theme_color']};" in css


def test_each_icon_of_the_manifest_is_a_static_file_of_the_size_it_claims(
    manifest: dict[str, Any],
) -> None:
    kinds = set()
    for icon in manifest["icons"]:
        path = static_file(icon["src"])
        if icon["type"] == "image/png":
            width, height = (int(n) for n in icon["sizes"].split("x"))
            assert png_size(path) == (width, height), icon["src"]
        else:
            assert icon["type"] == "image/svg+xml"
            assert path.read_text().startswith("<svg")
        kinds.add((icon["type"], icon["sizes"], icon["purpose"]))
    for purpose in ("any", "maskable"):
        assert ("image/svg+xml", "any", purpose) in kinds
        assert ("image/png", "192x192", purpose) in kinds
        assert ("image/png", "512x512", purpose) in kinds


def test_the_service_worker_is_served_from_the_root_for_the_whole_site(client: Client) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"


def test_the_service_worker_answers_get_only(client: Client) -> None:
    assert client.post("/sw.js").status_code == 405
    assert client.post("/manifest.webmanifest").status_code == 405


def precached(script: str) -> list[str]:
    match = re.search(r"^const SHELL = (\[.*\]);$", script, re.MULTILINE)
    assert match, "no SHELL list in the worker"
    shell: list[str] = json.loads(match.group(1))
    return shell


def test_every_file_the_worker_precaches_exists(client: Client) -> None:
    shell = precached(client.get("/sw.js").content.decode())
    assert len(shell) == len(APP_SHELL)
    for url in shell:
        assert static_file(url).stat().st_size > 0


def test_the_worker_leaves_writes_to_the_network(client: Client) -> None:
    """Nothing is queued offline: a POST never reaches the worker's caches."""
    script = client.get("/sw.js").content.decode()
    assert 'if (request.method !== "GET") return;' in script
    assert "respondWith" in script.split('if (request.method !== "GET") return;')[1]


def test_in_production_the_worker_precaches_the_hashed_static_files(
    client: Client, tmp_path: Path
) -> None:
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages):
        call_command("collectstatic", interactive=False, verbosity=0, stdout=StringIO())
        script = client.get("/sw.js").content.decode()
        manifest = json.loads(client.get("/manifest.webmanifest").content)
    shell = precached(script)
    for url in shell + [icon["src"] for icon in manifest["icons"]]:
        name = url.removeprefix(STATIC)
        assert re.search(r"\.[0-9a-f]{12}\.", name), f"{name} is not hashed"
        assert (tmp_path / name).exists()
    # Other file names, another cache version: the worker drops the caches of the old.
    version = re.compile(r'^const VERSION = "([0-9a-f]{12})";$', re.MULTILINE)
    before = version.search(client.get("/sw.js").content.decode())
    after = version.search(script)
    assert before
    assert after
    assert before.group(1) != after.group(1)


@pytest.mark.django_db
def test_every_page_links_the_manifest_and_the_home_screen_icon(client: Client) -> None:
    text = client.get(reverse("home")).content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in text
    assert f'<link rel="apple-touch-icon" href="{STATIC}img/apple-touch-icon.png">' in text
    assert png_size(static_file(f"{STATIC}img/apple-touch-icon.png")) == (180, 180)
    for scheme in ("light", "dark"):
        assert f'media="(prefers-color-scheme: {scheme})"' in text
    assert 'data-service-worker="/sw.js"' in text


@pytest.mark.django_db
def test_the_keep_screen_on_switch_waits_hidden_for_a_game_screen(client: Client) -> None:
    home = client.get(reverse("home")).content.decode()
    assert re.search(r'<footer id="keep-awake"[^>]* hidden', home)
    assert "table-screen" not in home
    # awake.js shows the switch where the page has a game screen: the table has one.
    game = start_game()
    table_screen = client.get(reverse("game_table", args=[game.pk])).content.decode()
    assert 'class="screen table-screen"' in table_screen
