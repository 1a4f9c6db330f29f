"""Games and the whole history as files (docs/formats.md, "Game document (import and export)",
"History out and back in"): a game's document as a download and importing
one, uploaded or pasted (``views.py``, ``forms.py``, read and written by
``game_files.py``), and the backup and restore of everything
(``backups.py``, with the euchre nights' part in ``euchre_night_backups.py``)
that ``manage.py backup``/``restore`` and the admin's download use.
"""
