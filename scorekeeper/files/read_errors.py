"""The fault a file being read back is refused with: where it lies, and what is wrong."""

from __future__ import annotations


class ReadError(ValueError):
    """Part of a file that cannot be restored: ``where`` names the place ("table 1,
    night 2, round 1"), ``message`` says what is wrong; ``str()`` gives both."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message
