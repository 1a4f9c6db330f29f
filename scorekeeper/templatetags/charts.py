"""The score chart on a page: ``{% load charts %}`` then ``{% score_chart game %}``."""

from __future__ import annotations

from typing import Any

from django import template

from scorekeeper.charts import score_chart as build_chart
from scorekeeper.models import Game

register = template.Library()


@register.inclusion_tag("scorekeeper/score_chart.html")
def score_chart(game: Game) -> dict[str, Any]:
    """The game's score-progression chart (rules.md 3.6, 4, 5) with its sentence:
    the game's hands are read (one query, none when prefetched). Seats should be
    prefetched (``Game.objects.for_table()``)."""
    score = game.score()
    return {"chart": build_chart(game.table, score), "chart_id": f"score-chart-{game.pk}"}
