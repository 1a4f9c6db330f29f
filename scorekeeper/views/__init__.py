"""What is left of the old ``scorekeeper/views/`` package: ``drawn``, the
table screen's drawing kept per game version (used by
``scorekeeper/games/views/answers.py``). Every screen now lives with its
feature (``scorekeeper/games/``, ``history/``, ``private_tables/``,
``nights/``, ``files/``) or in ``scorekeeper/web/``.
"""
