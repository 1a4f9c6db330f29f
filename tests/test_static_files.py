"""What `make serve` gives a phone on slow Wi-Fi: hashed static files, compressed
with brotli and gzip by collectstatic, served by whitenoise from static/ (no CDN)."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

PRODUCTION_STORAGES = {
    **settings.STORAGES,
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}


@pytest.fixture(scope="module")
def collected(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("staticfiles")
    with override_settings(STATIC_ROOT=root, STORAGES=PRODUCTION_STORAGES):
        call_command("collectstatic", interactive=False, verbosity=0, stdout=StringIO())
    return root


@pytest.mark.parametrize("name", ["css/bower.css", "js/bower.js", "django_htmx/htmx-2.min.js"])
def test_collectstatic_writes_each_asset_hashed_and_compressed_for_the_phone(
    collected: Path, name: str
) -> None:
    folder, _, file = name.rpartition("/")
    stem, _, ext = file.rpartition(".")
    hashed = [p for p in (collected / folder).glob(f"{stem}.*.{ext}") if p.name.count(".") >= 2]
    assert hashed, f"no hashed copy of {name}"
    original = hashed[0]
    for encoding in ("gz", "br"):
        compressed = original.with_name(original.name + f".{encoding}")
        assert compressed.exists(), f"{compressed.name} missing"
        assert compressed.stat().st_size < original.stat().st_size
