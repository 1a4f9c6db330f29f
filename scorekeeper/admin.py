"""The operator's admin at /admin/: private tables, games, players,
euchre nights and seasons, to look into a table or remove one. Phones never log in
(docs/formats.md, "Tables: private by link, no accounts")."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest

from referee.engine.names import LookAlike, NameError_, clean_name
from scorekeeper.models import (
    EuchreNight,
    Game,
    NightPlayer,
    NightRound,
    Player,
    PrivateTable,
    Season,
)


class RedrawnOnSave(admin.ModelAdmin):  # type: ignore[type-arg]
    """An operator's edit reaches the phones at their next poll: the table's
    screens are drawn again (``PrivateTable.shown_anew``)."""

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        PrivateTable.shown_anew(obj.private_table_id)


class RecountedOnDelete(RedrawnOnSave):
    """Deleting games (a night deletes its tables) takes their seats away: the
    players who sat in them have their results counted afresh."""

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        self.delete_queryset(request, type(obj).objects.filter(pk=obj.pk))

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        if queryset.model is EuchreNight:
            games = Game.objects.filter(night_round__night__in=queryset.values("pk"))
        else:
            games = Game.objects.filter(pk__in=queryset.values("pk"))
        with transaction.atomic():
            seated = Player.objects.filter(seats__game__in=games)
            players = list(seated.values_list("pk", flat=True))
            super().delete_queryset(request, queryset)
            Player.objects.filter(pk__in=players).recount_results()


@admin.register(PrivateTable)
class PrivateTableAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "key_path", "created_at"]
    search_fields = ["name"]
    readonly_fields = ["key_path", "created_at"]
    fields = ["name", "key_path", "created_at"]


@admin.register(Game)
class GameAdmin(RecountedOnDelete):
    list_display = ["__str__", "private_table", "created_at", "finished_at"]
    list_filter = ["variant", "private_table"]
    list_select_related = ["private_table"]
    readonly_fields = ["version", "created_at", "finished_at", "watch_token"]
    raw_id_fields = ["rematch_of"]


class PlayerAdminForm(forms.ModelForm):  # type: ignore[type-arg]
    """A name the operator gives goes through the engine's one check, as a
    phone's does (docs/formats.md, "Game document (import and export)":
    players' names), and may not be another player's of the table."""

    class Meta:
        model = Player
        fields = ["name", "private_table"]

    def clean_name(self) -> str:
        try:
            return clean_name(self.cleaned_data["name"])
        except NameError_ as error:
            raise forms.ValidationError(str(error)) from None

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        private_table, name = data.get("private_table"), data.get("name")
        if private_table is not None and name:
            other = Player.objects.filter(private_table=private_table).named(name)
            if other is not None and other.pk != self.instance.pk:
                self.add_error(
                    "name",
                    f"{other.name} is another player of this table: to make them one,"
                    " merge them on the player's page.",
                )
            others = Player.objects.filter(private_table=private_table)
            known = others.exclude(pk=self.instance.pk).look_alike(name)
            if other is None and known is not None:
                self.add_error("name", str(LookAlike(name, known, "at this table")))
        return data


@admin.register(Player)
class PlayerAdmin(RedrawnOnSave):
    form = PlayerAdminForm
    list_display = ["name", "private_table", "created_at"]
    list_filter = ["private_table"]
    list_select_related = ["private_table"]
    search_fields = ["name"]


class NightPlayerInline(admin.TabularInline):  # type: ignore[type-arg]
    model = NightPlayer
    fields = ["number", "player", "present"]
    readonly_fields = ["number", "player"]
    extra = 0
    can_delete = False


class NightRoundInline(admin.TabularInline):  # type: ignore[type-arg]
    model = NightRound
    fields = ["number", "sitting_out", "created_at"]
    readonly_fields = ["number", "sitting_out", "created_at"]
    extra = 0
    can_delete = False


_NIGHT_FIELDS = (
    "private_table",
    "name",
    "variant",
    "rounds_planned",
    "rules",
    "seed",
    "seat_night_command",
    "created_at",
)


@admin.register(EuchreNight)
class EuchreNightAdmin(RecountedOnDelete):
    """A night to look into (docs/rules.md, Euchre night): its players and rounds are read-only
    (the phones change them through the night's own screens); its tables are
    games, in the games' admin. Deleting a night deletes its tables."""

    list_display = ["__str__", "private_table", "variant", "rounds_planned", "created_at"]
    list_filter = ["variant", "private_table"]
    list_select_related = ["private_table"]
    search_fields = ["name"]
    fields = _NIGHT_FIELDS
    # Only the name may be corrected here; the rest is the night as its phones set it up.
    readonly_fields = tuple(f for f in _NIGHT_FIELDS if f != "name")
    inlines = [NightPlayerInline, NightRoundInline]

    @admin.display(description="Seating plan")
    def seat_night_command(self, night: EuchreNight) -> str:
        """For whoever runs the server (never on a player's page): the command that
        prints this night's plan while nobody leaves or arrives (docs/formats.md,
        "Euchre night seating"), players numbered in the order they were entered."""
        players = night.entrants.count()
        return (
            f"manage.py seat_night --players {players} --rounds {night.rounds_planned} "
            f"--variant {night.variant} --seed {night.seed}"
        )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # a night is started by a table's phones, seated by the engine


@admin.register(Season)
class SeasonAdmin(RedrawnOnSave):
    """A table's season (docs/formats.md, "Seasons"): its name may be corrected
    and a season named by mistake removed; its dates stay as the phone named
    them (a change here would skip the check that seasons never overlap)."""

    list_display = ["name", "private_table", "starts", "ends"]
    list_filter = ["private_table"]
    list_select_related = ["private_table"]
    search_fields = ["name"]
    fields = ["private_table", "name", "starts", "ends", "created_at"]
    readonly_fields = ["private_table", "starts", "ends", "created_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # a season is named on a phone of its table, checked there
