"""Forms for the referee's tools: every query-string value is read through one of these.

The tools are GET forms, so the URL of a result is the ruling itself. Each form
turns text into engine values (cards, trump, seats, house rules) with a message
a player can act on beside the field at fault, and runs the engine in ``clean``
so that an engine refusal lands beside the right field too. One module per
screen family: ``fields`` (shared fields and choices), ``house_rules`` (a
game's setup: variant, players and house rules), ``rules`` (the rules pages),
``tools`` (ranking, trick, legal play), ``score``, ``audit`` and ``api`` (the
JSON API).
"""
