"""A game's score sheet, hand by hand and a page at a time with the score
chart, and the same hands as a spreadsheet (``hands.csv``)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_GET

from scorekeeper.history.csv_files import hands_csv
from scorekeeper.history.sheet_pages import NoSuchPage, SheetPageForm, sheet_page
from scorekeeper.models import Game
from scorekeeper.models.game_documents import export_filename
from scorekeeper.web.charts import score_chart
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.phone_tables import load_game, tables_of
from scorekeeper.web.rendering import screen


@require_GET
def game_sheet(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The game hand by hand (dealer, maker, trump, the call, partner, tricks,
    renege, the rule applied) with each player's points and running totals, a
    page at a time: it opens on the latest hands (``?page=N`` for the others);
    the score chart covers the whole game. A page past either end leads to the
    nearest one; a page that is not a number is not found."""
    game = load_game(request, game_id)
    form = SheetPageForm(request.GET)
    if not form.is_valid():
        raise Http404("No such page of the score sheet")
    address = reverse("game_sheet", args=[game.pk])
    try:
        sheet = sheet_page(game, form.cleaned_data["page"])
    except NoSuchPage as missing:
        return redirect(f"{address}?page={missing.nearest}")
    setup = game.setup
    context = {
        "game": game,
        "setup": setup,
        "sheet": sheet,
        "rows": sheet.lines,
        "address": address,
        "chart": score_chart(setup, sheet.progress),
        "chart_id": f"score-chart-{game.pk}",
    }
    return screen(request, "history/sheet.html", context)


@require_GET
def game_hands_csv(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """``/games/<id>/hands.csv``: one row a hand with every player's points
    and running total and the rule applied
    (docs/formats.md, "History out and back in")."""
    games = Game.objects.for_tables(tables_of(request))
    game = get_object_or_404(games.with_seats().prefetch_related("hands"), pk=game_id)
    response = HttpResponse(
        hands_csv(game, game.hand_list()), content_type="text/csv; charset=utf-8"
    )
    filename = export_filename(game).removesuffix(".json") + "-hands.csv"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
