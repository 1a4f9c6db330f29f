"""Game files: reading an uploaded or pasted game document, and writing the
download (docs/formats.md, "Game document (import and export)").

The engine (``referee.engine.document``) reads and writes the document's
content; this module turns text into a GameDocument and a game into text,
for the management commands (``import_game``, ``export_game``) and the web
upload and download alike.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from referee.engine.document import DocumentError, GameDocument, read_document, write_document
from scorekeeper.models import Game

# A long evening's game is a few kilobytes; anything near this is not a game document.
MAX_DOCUMENT_BYTES = 1_000_000
TOO_BIG = "it is too big to be a game document (at most 1 MB)"


def parse_document(raw: str | bytes) -> GameDocument:
    """Read a game document from JSON text, or raise DocumentError naming
    where it is wrong ("document" for text that is not JSON at all)."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_DOCUMENT_BYTES:
            raise DocumentError("document", TOO_BIG)
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise DocumentError(
                "document", "the file is not text (a game document is UTF-8 JSON)"
            ) from None
    elif (
        len(raw) > MAX_DOCUMENT_BYTES
        or len(raw.encode("utf-8", "surrogatepass")) > MAX_DOCUMENT_BYTES
    ):
        raise DocumentError("document", TOO_BIG)  # pasted or piped in: held to the same limit
    raw = raw.removeprefix("\ufeff")
    if not raw.strip():
        raise DocumentError("document", "it is empty: a game document is a JSON object")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise DocumentError(
            "document",
            f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}",
        ) from None
    except ValueError:
        # Python refuses to read an integer of more than 4,300 digits (int-string limit).
        raise DocumentError("document", "not a game document: a number in it is too long") from None
    except RecursionError:
        raise DocumentError("document", "not a game document: it is nested too deeply") from None
    if _holds_a_lone_surrogate(data):
        # JSON can spell half a character ("\ud800"); no database stores one, and
        # an error message quoting it could not even be sent back.
        raise DocumentError(
            "document", 'not a game document: it holds half a character (an escape like "\\ud800")'
        )
    return read_document(data)


def _holds_a_lone_surrogate(data: Any) -> bool:
    try:
        json.dumps(data, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        return True
    except RecursionError:
        # json.loads read it, so it is deep but not endless; the reader refuses it.
        return False
    return False


def export_text(game: Game) -> str:
    """The game document of ``game`` with its points and totals, as JSON text
    laid out like the example in docs/formats.md, "Game document (import and export)": one line per
    field, one per hand."""
    return format_document(write_document(game.to_document()))


def format_document(data: Mapping[str, Any]) -> str:
    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    fields = []
    for key, value in data.items():
        if key == "hands" and value:
            hands = ",\n".join(f"    {dump(hand)}" for hand in value)
            fields.append(f"  {dump(key)}: [\n{hands}\n  ]")
        else:
            fields.append(f"  {dump(key)}: {dump(value)}")
    return "{\n" + ",\n".join(fields) + "\n}\n"
