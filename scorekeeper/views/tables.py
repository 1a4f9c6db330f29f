"""Private tables: joining by the key link, the tables a phone has, replacing
a key, and forgetting a table on this phone (contract.md, "Tables: private by
link")."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper.http import HtmxHttpRequest
from scorekeeper.models import PrivateTable
from scorekeeper.table_forms import ReplaceKeyForm
from scorekeeper.tables import forget, remember, tables_of


def _mine(request: HtmxHttpRequest, table_id: int) -> PrivateTable:
    """One of this phone's tables, or 404."""
    for table in tables_of(request):
        if table.pk == table_id:
            return table
    raise Http404("No such table on this phone.")


@require_GET
def table_join(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The key link: remember the table on this phone and go on to its games
    at a clean address, so the key stays out of the address bar and history."""
    table = get_object_or_404(PrivateTable, key=key)
    remember(request, table)
    messages.success(request, f"This phone now keeps the score at {table.name}.")
    response = redirect("game_list")
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def table_list(request: HtmxHttpRequest) -> HttpResponse:
    """The tables this phone has, each with its key link to invite a phone."""
    return render(request, "scorekeeper/tables/list.html", {"tables": tables_of(request)})


@require_http_methods(["GET", "POST"])
def table_replace_key(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """Replace a table's key after a confirm step: the old link stops working
    and every other phone loses the table; this phone keeps it."""
    table = _mine(request, table_id)
    form = ReplaceKeyForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        table.replace_key()
        remember(request, table)
        messages.success(request, f"{table.name} has a new key: invite the other phones again.")
        return redirect("table_list")
    status = 422 if form.is_bound else 200
    context = {"table": table, "form": form}
    return render(request, "scorekeeper/tables/replace_key.html", context, status=status)


@require_POST
def table_forget(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """This phone stops keeping the table (its key link joins it again)."""
    table = _mine(request, table_id)
    forget(request, table)
    messages.success(request, f"This phone no longer keeps {table.name}.")
    return redirect("table_list")
