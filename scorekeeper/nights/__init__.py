"""The euchre night (docs/rules.md, Euchre night), a progressive tournament over several
tables: starting one, its seating and players (``views/night.py``, built by
``screens.py``), its live standings, the night's watch link for a TV and the
printable score cards (``views/live.py``, built by ``live_screens.py``).
``forms.py`` reads the night's forms; ``urls.py`` holds ``/nights/...``.
Each table of a night is a game, played on the game's own screens
(``scorekeeper.games``). Not the dated game night of the history
(``scorekeeper.models.game_nights``).
"""
