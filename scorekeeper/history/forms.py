"""Forms of the history screens: the game list's filter, the players' order,
renaming and merging players, and naming a game night."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from referee.engine.names import NAME_MAX_LENGTH, NameError_, clean_name
from referee.engine.variants import Variant
from scorekeeper.models import Game, GameNight, Player, PrivateTable


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
        the lists (``for_history``), each euchre night once (``in_lists``); a
        value that did not validate filters nothing."""
        games = Game.objects.for_tables(self.tables).in_lists().for_history()
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
    """The player list's query string: ``?order=wins&variant=standard``: the
    order, and the variant whose ratings are shown (docs/formats.md, "Ratings")."""

    ORDERINGS = {
        "name": ("name",),
        "wins": ("-wins", "-games", "name"),
        "games": ("-games", "-wins", "name"),
        "rating": ("name",),  # then by rating, worked out apart (``by_rating``)
    }
    order = forms.ChoiceField(
        choices=[
            ("name", "Name"),
            ("wins", "Most wins"),
            ("games", "Most games"),
            ("rating", "Best rating"),
        ],
        required=False,
    )
    variant = forms.ChoiceField(
        label="Ratings in",
        choices=[("", "The most played variant"), *((v.value, v.label) for v in Variant)],
        required=False,
    )

    def ordering(self) -> tuple[str, ...]:
        return self.ORDERINGS[self._valid("order") or "name"]

    @property
    def by_rating(self) -> bool:
        return self._valid("order") == "rating"

    def rating_variant(self, played: dict[str, int]) -> str:
        """The variant chosen, or the one with the most rated games (``played``:
        games by variant), Call-Ace when none is."""
        if chosen := self._valid("variant"):
            return chosen
        return max(Variant, key=lambda v: (played.get(v, 0), v == Variant.CALL_ACE))

    def _valid(self, name: str) -> str:
        # A value that does not validate is left out, as if not given (its error is shown).
        self.is_valid()
        value: str = self.cleaned_data.get(name) or ""
        return value


class RenameForm(forms.Form):
    """A player's new name, checked as every name is (``clean_name``)."""

    name = forms.CharField(label="New name", max_length=NAME_MAX_LENGTH * 2, strip=False)

    def clean_name(self) -> str:
        try:
            return clean_name(self.cleaned_data["name"])
        except NameError_ as error:
            raise forms.ValidationError(str(error)) from None


class MergeForm(forms.Form):
    """Which player to merge into; ``confirm`` is set by the confirm step."""

    into = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        label="Merge into",
        empty_label="Choose a player",
        help_text="Every game of this player moves to the one you choose.",
        error_messages={
            # A player chosen on the page may be merged by another phone before Merge.
            "invalid_choice": "That player is no longer a player of this table (another"
            " phone may have merged them a moment ago): choose one from the list.",
        },
    )
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, player: Player, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        into = self.fields["into"]
        assert isinstance(into, forms.ModelChoiceField)
        # Only a player of the same table: a table's players are its own.
        into.queryset = Player.objects.filter(private_table_id=player.private_table_id).exclude(
            pk=player.pk
        )


class NightForm(forms.ModelForm):  # type: ignore[type-arg]
    """A game night's name and place, both optional."""

    class Meta:
        model = GameNight
        fields = ["name", "place"]
        labels = {"name": "Name of the night", "place": "Place"}
