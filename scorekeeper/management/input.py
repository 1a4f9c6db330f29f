"""What the import and restore commands share: reading their FILE argument,
and saying what is wrong on one line."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import CommandError


def read_file_argument(
    file: str, options: dict[str, Any], *, limit: int | None = None
) -> str | bytes:
    """The contents of ``file``; ``-`` reads standard input (tests hand in their
    own as ``call_command(..., stdin=stream)``). With ``limit``, at most one
    byte more than it is read (the caller refuses the rest), so a device that
    never ends (/dev/zero) is not read forever. A file that cannot be read
    stops the command with one line."""
    size = -1 if limit is None else limit + 1
    if file == "-":
        stdin = options.get("stdin") or sys.stdin
        return stdin.buffer.read(size) if hasattr(stdin, "buffer") else stdin.read(size)
    try:
        with open(file, "rb") as opened:
            return opened.read(size)
    except OSError as error:
        raise CommandError(f"Cannot read {one_line(file)}: {error.strerror}.") from None
    except ValueError:  # a NUL in the name: no file has one
        raise CommandError(f"Cannot read {one_line(file)}: no file name holds a NUL.") from None


def one_line(text: str) -> str:
    """``text`` with every character a line cannot show written as its escape
    (a NUL as \\x00, a line break as \\n, half a character as \\udc80): a
    message quoting what a file holds stays one line."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)
