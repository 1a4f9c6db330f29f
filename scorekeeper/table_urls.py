"""Private tables: the key link, the tables a phone has, replacing a key and
forgetting a table (scorekeeper/views/tables.py)."""

from django.urls import URLPattern, path

from scorekeeper.views import tables

urlpatterns: list[URLPattern] = [
    path("t/<str:key>/", tables.table_join, name="table_join"),
    path("tables/", tables.table_list, name="table_list"),
    # The Join button of a key link opened from another site (PENDING_PATH).
    path("tables/join/", tables.table_join_confirm, name="table_join_confirm"),
    path("tables/<int:table_id>/key/", tables.table_replace_key, name="table_replace_key"),
    path("tables/<int:table_id>/forget/", tables.table_forget, name="table_forget"),
]
