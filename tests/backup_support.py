"""The operator's backup and restore as the tests run them: `manage.py backup` and
`manage.py restore FILE` (docs/formats.md, "History out and back in")."""

from __future__ import annotations

import io
from pathlib import Path

from django.core.management import call_command


def backup() -> str:
    out = io.StringIO()
    call_command("backup", stdout=out)
    return out.getvalue()


def restore(text: str, tmp_path: Path, *, merge: bool = False) -> str:
    """What ``manage.py restore`` says (``--merge``: into the tables already stored)."""
    path = tmp_path / "backup.json"
    path.write_text(text)
    out = io.StringIO()
    call_command("restore", str(path), *(["--merge"] if merge else []), stdout=out)
    return out.getvalue()
