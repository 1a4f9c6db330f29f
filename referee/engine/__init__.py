"""The rules engine: cards, tricks, the three variants, scoring, the game document,
the hand audit and the rule text (docs/rules.md). Plain Python: no Django import, and
nothing outside this package; the Django apps ask it, never the other way round.
"""
