"""A game at the table: starting one, the table screen and its poll,
recording a hand and changing or undoing one, the result and the rematch,
and the game's watch link (``/w/``). Its addresses are in ``urls.py``
(``/games/new/``, ``/games/<id>/...``, ``/w/<token>/``); the screens are
built in ``screens.py`` and drawn by ``views/``; ``forms/`` reads the taps.
"""
