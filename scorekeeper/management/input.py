"""What the import and restore commands share: reading their FILE argument."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError


def read_file_argument(file: str, options: dict[str, Any]) -> str | bytes:
    """The contents of ``file``; ``-`` reads standard input (tests hand in their
    own as ``call_command(..., stdin=stream)``). A file that cannot be read
    stops the command with one line."""
    if file == "-":
        stdin = options.get("stdin") or sys.stdin
        return stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read()
    try:
        return Path(file).read_bytes()
    except OSError as error:
        raise CommandError(f"Cannot read {file}: {error.strerror}.") from None
