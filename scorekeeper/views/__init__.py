"""The scorekeeper's screens, one module per family: ``home``, ``new_game``,
``game`` (table, sheet, result), ``hands`` (recording the next hand),
``hand_edit`` (fixing a recorded hand and its change log), ``history``,
``players`` and ``import_export``. ``rendering`` is how every screen answers;
what the screens show is built in ``scorekeeper/screens.py``.

Thin function views (style.md 3): a form reads the taps, a model method makes
the change (``Game.start_hand``, ``Game.record_hand`` ...), and the screen is
drawn again. Every form posts without JavaScript and gets redirect-after-POST;
an htmx request gets the screen's ``screen`` partial to swap into ``<main>``
(or a smaller partial: the preview, the polled table), by the rule both apps
share (``referee.http.wants_partial``), with ``Vary: HX-Request``. Invalid forms answer
422, a phone that is behind answers 409 with the game as it stands.
"""
