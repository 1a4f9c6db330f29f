"""Private tables: the key link, the tables a phone has, replacing a key and
forgetting a table (scorekeeper/private_tables/views.py)."""

from django.urls import URLPattern, path

from scorekeeper.private_tables import views

urlpatterns: list[URLPattern] = [
    path("t/<str:key>/", views.table_join, name="table_join"),
    path("tables/", views.table_list, name="table_list"),
    # The Join button of a key link opened from another site (PENDING_PATH).
    path("tables/join/", views.table_join_confirm, name="table_join_confirm"),
    path("tables/<int:table_id>/key/", views.table_replace_key, name="table_replace_key"),
    path("tables/<int:table_id>/forget/", views.table_forget, name="table_forget"),
]
