"""Private tables (docs/formats.md, "Tables: private by link, no accounts"): a table's key
link (``/t/<key>/``) and joining by it, the tables a phone has
(``/tables/``), replacing a table's key and forgetting a table. The cookie
that holds a phone's tables is every screen's (``scorekeeper.web.phone_tables``);
the table itself is a model (``scorekeeper.models.private_tables``).
"""
