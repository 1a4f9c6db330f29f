"""The referee's screens: rules, card ranking, trick judge, legal play, hand audit, score.

Every tool is a GET form or a set of plain links, so the URL of a result is the
ruling itself and reopens it exactly. A plain request gets the whole page; an
htmx request gets the screen's ``tool`` partial (docs/decisions.md, D6; the rule is
``referee.http.wants_partial``, the answer says ``Vary: HX-Request``). Invalid input
re-renders with a message beside the field: 200 for a page, 422 for htmx.
One module per screen family; ``screen`` holds what they build screens with.
"""
