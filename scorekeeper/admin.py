"""The operator's admin at /admin/: private tables, games and players, to
look into a table or remove one. Phones never log in (contract.md)."""

from __future__ import annotations

from django.contrib import admin

from scorekeeper.models import Game, Player, PrivateTable


@admin.register(PrivateTable)
class PrivateTableAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "key_path", "created_at"]
    search_fields = ["name"]
    readonly_fields = ["key_path", "created_at"]
    fields = ["name", "key_path", "created_at"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["__str__", "private_table", "created_at", "finished_at"]
    list_filter = ["variant", "private_table"]
    list_select_related = ["private_table"]
    readonly_fields = ["version", "created_at", "finished_at", "watch_token"]
    raw_id_fields = ["rematch_of"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "private_table", "created_at"]
    list_filter = ["private_table"]
    list_select_related = ["private_table"]
    search_fields = ["name"]
