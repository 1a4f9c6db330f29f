"""Importing a game document (docs/formats.md, "Game document (import and export)"), uploaded or
pasted."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html

from referee.engine.document import DocumentError
from scorekeeper.files.game_files import MAX_DOCUMENT_BYTES, parse_document
from scorekeeper.models import Game, GameBase, PrivateTable

# Beside the file or the paste box alike: both are held to MAX_DOCUMENT_BYTES.
TOO_BIG = (
    "This is too big to be a game document: at most 1 MB (a long evening's game is a few"
    " kilobytes)."
)


class ImportForm(forms.Form):
    """A game document, uploaded as a file or pasted as text. Cleaning reads
    it whole: ``cleaned_data["document"]`` is the GameDocument, and a bad
    document's error (naming the hand and field) sits beside the field it
    came from."""

    file = forms.FileField(
        required=False,
        label="Game file",
        help_text="A .json game document, as Bower's download saves it.",
        widget=forms.FileInput(attrs={"accept": ".json,application/json"}),
    )
    text = forms.CharField(
        required=False,
        label="Or paste the game document",
        strip=False,
        widget=forms.Textarea(
            attrs={"rows": 8, "spellcheck": "false", "autocapitalize": "off", "class": "code"}
        ),
    )
    copy = forms.BooleanField(
        required=False,
        label="Import as a copy",
        help_text=(
            "For a game already stored: store it again as a new game (choose the file again)."
        ),
    )

    stored_game: GameBase | None = None

    def __init__(
        self,
        *args: Any,
        tables: Sequence[PrivateTable] = (),
        too_big: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.tables = tables  # the phone's tables: only their games are named to it
        # A paste past the request's own limit: nothing of the form could be read.
        self.too_big = too_big

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.too_big:
            self.add_error("text", TOO_BIG)
            return cleaned
        upload = cleaned.get("file")
        text = cleaned.get("text") or ""
        if self.errors:
            return cleaned
        given = self._given(upload, text)
        if given is None:
            return cleaned
        field, raw = given
        try:
            cleaned["document"] = document = parse_document(raw)
        except DocumentError as error:
            self.add_error(field, f"{error.where[:1].upper()}{error.where[1:]}: {error.message}")
            return cleaned
        if document.id is not None and not cleaned.get("copy"):
            stored = Game.objects.filter(uid=document.id).first()
            if stored is not None:
                self.already_stored(stored, field=field)
        return cleaned

    def _given(self, upload: Any, text: str) -> tuple[str, str | bytes] | None:
        """The field the document came in and what it holds: the file or the
        pasted text, within the size a game document may have (None, with the
        fault beside its field, when there is none to read)."""
        if upload and text.strip():
            self.add_error("text", "Choose a file or paste a document, not both.")
            return None
        if upload:
            if upload.size is not None and upload.size > MAX_DOCUMENT_BYTES:
                self.add_error("file", TOO_BIG)
                return None
            return "file", upload.read()
        if text.strip():
            # Pasted text is held to the file's limit, counted in the same bytes: a
            # browser sends a paste's line ends as CRLF, read as the file's one byte.
            text = text.replace("\r\n", "\n")
            if len(text.encode("utf-8", "surrogatepass")) > MAX_DOCUMENT_BYTES:
                self.add_error("text", TOO_BIG)
                return None
            return "text", text
        self.add_error("file", "Choose a game file, or paste a game document below.")
        return None

    def already_stored(self, game: GameBase, *, field: str | None = None) -> None:
        """Refuse a document whose ``id`` is stored
        (docs/formats.md, "Game document (import and export)"): the error, beside the field, names
        the game with a link when it is one of this phone's tables (never another table's game); the
        form then offers importing it as a copy."""
        self.stored_game = game
        again = (
            "Importing it again would count it twice; tick “Import as a copy” to store"
            " it again as a new game."
        )
        if game.private_table_id in {t.pk for t in self.tables}:
            message = format_html(
                'This game is already stored: <a href="{}">{}, started {}</a>. {}',
                reverse("game_table", args=[game.pk]),
                game,
                date_format(timezone.localtime(game.created_at), "j F Y, H:i"),
                again,
            )
        else:
            message = format_html(
                "This game is already stored on this server, in a table this phone has not"
                " joined. {}",
                again,
            )
        self.add_error(field or ("text" if self.data.get("text", "").strip() else "file"), message)
