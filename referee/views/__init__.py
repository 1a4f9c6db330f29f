"""The referee's screens: rules, card ranking, trick judge, legal play, hand audit,
score, and the JSON API.

Every tool is a GET form or a set of plain links, so the URL of a result is the
ruling itself and reopens it exactly. A plain request gets the whole page; an
htmx request gets the screen's ``tool`` partial (docs/decisions.md, D6). Invalid input
re-renders with a message beside the field: 200 for a page, 422 for htmx.
One module per screen family, each with its forms in the module of the same
name in ``referee/forms/``: ``rules``, ``tools`` (ranking, trick, legal play),
``audit`` (with ``audit_screen``, the audit as its screen shows it), ``score``
and ``api`` (JSON, no login: bad input answers 400). ``screen`` holds what
they build screens with.
"""
