"""Seasons (docs/formats.md, "Seasons"): a table's standings over a stretch of
game nights, their leaders and a watch link for a TV."""
