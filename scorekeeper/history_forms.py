"""Forms of the history screens: the game list's filter, the players' order,
and importing a game document (contract.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from referee.engine.document import DocumentError
from referee.engine.variants import Variant
from scorekeeper.game_files import MAX_DOCUMENT_BYTES, parse_document
from scorekeeper.models import Game, Player, PrivateTable


class GameFilterForm(forms.Form):
    """The game list's query string: ``?variant=call-ace&player=3``."""

    variant = forms.ChoiceField(
        choices=[("", "All variants"), *((v.value, v.label) for v in Variant)],
        required=False,
    )
    player = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False, empty_label="All players"
    )

    def __init__(self, *args: Any, tables: Sequence[PrivateTable], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tables = list(tables)
        field = self.fields["player"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Player.objects.for_tables(self.tables)

    def games(self) -> Any:
        """The games of this phone's ``tables`` the filter lets through, for
        the lists (``for_history``); a value that did not validate filters nothing."""
        games = Game.objects.for_tables(self.tables).for_history()
        data = self.cleaned_data if self.is_valid() else {}
        if variant := data.get("variant"):
            games = games.filter(variant=variant)
        if player := data.get("player"):
            games = games.with_player(player)
        return games

    @property
    def active(self) -> bool:
        return self.is_valid() and any(self.cleaned_data.values())


class PlayerOrderForm(forms.Form):
    """The player list's query string: ``?order=wins``."""

    ORDERINGS = {
        "name": ("name",),
        "wins": ("-wins", "-games", "name"),
        "games": ("-games", "-wins", "name"),
    }
    order = forms.ChoiceField(
        choices=[("name", "Name"), ("wins", "Most wins"), ("games", "Most games")],
        required=False,
    )

    def ordering(self) -> tuple[str, ...]:
        order = self.cleaned_data.get("order") if self.is_valid() else None
        return self.ORDERINGS[order or "name"]


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

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        upload = cleaned.get("file")
        text = cleaned.get("text") or ""
        if self.errors:
            return cleaned
        if upload and text.strip():
            self.add_error("text", "Choose a file or paste a document, not both.")
            return cleaned
        if upload:
            field = "file"
            if upload.size is not None and upload.size > MAX_DOCUMENT_BYTES:
                self.add_error(field, "This file is too big to be a game document.")
                return cleaned
            raw: str | bytes = upload.read()
        elif text.strip():
            field, raw = "text", text
        else:
            self.add_error("file", "Choose a game file, or paste a game document below.")
            return cleaned
        try:
            cleaned["document"] = parse_document(raw)
        except DocumentError as error:
            self.add_error(field, f"{error.where[:1].upper()}{error.where[1:]}: {error.message}")
        return cleaned
