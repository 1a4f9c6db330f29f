"""A game's screens, one module per family: ``new_game``, ``game`` (the
table and its poll, the result, the rematch), ``hands`` (recording the next
hand), ``hand_edit`` (fixing a recorded hand and its change log), ``undo``
(Undo and Redo), ``watch`` (the watch link). ``answers`` is how a game's
screens answer after a change (``scorekeeper.web.rendering`` draws any
screen); what they show is built in ``scorekeeper/games/screens.py``.

Thin function views (docs/decisions.md, D5): a form reads the taps, a model method makes
the change (``Game.save_call``, ``Game.record_hand`` ...), and the screen is
drawn again. Every form posts without JavaScript and gets redirect-after-POST;
an htmx request gets the screen's ``screen`` partial to swap into ``<main>``
(or a smaller partial: the preview, the polled table). Invalid forms answer
422, a phone that is behind answers 409 with the game as it stands.
"""
