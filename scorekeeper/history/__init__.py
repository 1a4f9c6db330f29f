"""The history: the game list by game night and a game night's page
(``/games/``, ``/games/nights/<date>/``), players with their statistics,
partners and rivals (``/players/``, ``/players.csv``), and a game's score
sheet with its chart and its hands as a spreadsheet (``/games/<id>/sheet/``,
``/games/<id>/hands.csv``). Addresses in ``urls.py``, screens in ``views/``
(``game_list``, ``players``, ``sheet``), forms in ``forms.py``; the sheet is
built by ``sheet_rows.py`` and ``sheet_pages.py``, the CSVs by
``csv_files.py``, a player's partners by ``partnerships.py`` and their euchre
nights by ``euchre_night_results.py``.
"""
