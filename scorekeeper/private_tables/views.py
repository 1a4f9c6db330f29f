"""Private tables: joining by the key link, the tables a phone has, replacing
a key, and forgetting a table on this phone
(docs/formats.md, "Tables: private by link, no accounts")."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import Resolver404, resolve
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper.models import EuchreNight, Game, PrivateTable
from scorekeeper.models.private_tables import KeyAlreadyReplaced, new_key
from scorekeeper.private_tables.forms import JoinForm, ReplaceKeyForm
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.phone_tables import (
    clear_pending,
    cookie_digests,
    forget,
    forget_digest,
    holds,
    is_full,
    join,
    pending_digest,
    replaced,
    set_pending,
    tables_of,
)

# Bower's pages that show a key link (the table screen's invite, the tables list,
# the night's invite): a tap there comes with one of them as its referrer. A
# redirect keeps the referrer of the page it started from, so a key link reached
# through any redirect of Bower's (a sign-in's ``next``) is not taken as a tap.
KEY_LINK_PAGES = {"game_table", "table_list", "night_detail"}


def _opened_here(request: HtmxHttpRequest) -> bool:
    """Whether the browser says the link was opened directly (typed, scanned, from
    another app: ``Sec-Fetch-Site: none``) or tapped on a page of Bower that shows a
    key link. Another site, a redirect, or a browser that says nothing (plain http
    sends no Sec-Fetch-* header) gets the Join button instead."""
    site = request.headers.get("Sec-Fetch-Site")
    if site == "none":
        return True
    if site != "same-origin":
        return False
    referrer = urlsplit(request.headers.get("Referer", ""))
    if referrer.netloc != request.get_host():
        return False
    try:
        return resolve(referrer.path).url_name in KEY_LINK_PAGES
    except Resolver404:
        return False


def _mine(request: HtmxHttpRequest, table_id: int) -> PrivateTable:
    """One of this phone's tables, or 404."""
    for private_table in tables_of(request):
        if private_table.pk == table_id:
            return private_table
    raise Http404("No such table on this phone.")


def _joined_message(
    request: HtmxHttpRequest,
    private_table: PrivateTable,
    before: PrivateTable | None,
    dropped: PrivateTable | None = None,
) -> str:
    """What joining did, and where new games go now (``before``: where they
    went): said every time, so a table joined never takes them unsaid."""
    default = tables_of(request)[0]
    said = [f"This phone now keeps the score at {private_table.name}."]
    if dropped is not None:
        said.append(f"It no longer keeps {dropped.name}.")
    if before is not None and default.pk == before.pk:
        said.append(f"New games on this phone still go to {default.name}.")
    else:
        said.append(f"New games on this phone go to {default.name}.")
    return " ".join(said)


def _landing(private_table: PrivateTable) -> HttpResponse:
    """Where a phone goes once it keeps ``table``: the game in play there (the
    one played last, as home's "Back to the game" picks it), or its euchre
    night's page when that game is a night's table or a night started today has
    rounds still to seat; the table's games when nothing is in play. An address
    without the key, either way."""
    in_play = Game.objects.for_tables([private_table]).in_play()
    found = in_play.values_list("pk", "night_round__night_id").first()
    if found is None:
        # Between a night's rounds (or before its first) no table is in play:
        # the night still is, as the guide says.
        night = EuchreNight.objects.for_tables([private_table]).seating_today().first()
        return redirect("night_detail", night.pk) if night else redirect("game_list")
    game_id, night_id = found
    if night_id is not None:
        return redirect("night_detail", night_id)
    return redirect("game_table", game_id)


def _no_store(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def table_join(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The key link. Opened directly or tapped on a page of Bower's that shows it
    (``_opened_here``), it remembers the table on this phone at once and opens the
    game in play there (``_landing``); from another site, a redirect or with no
    word from the browser, or on a phone that keeps all the tables it can, it
    leaves the table to join on the Join page. Either
    way it goes on at an address without the key, so the key stays out of the
    address bar and history."""
    private_table = get_object_or_404(PrivateTable, key=key)
    if holds(request, private_table):
        messages.info(request, f"This phone already keeps the score at {private_table.name}.")
        return _no_store(_landing(private_table))
    if _opened_here(request) and not is_full(request):
        before = next(iter(tables_of(request)), None)
        join(request, private_table)
        messages.success(request, _joined_message(request, private_table, before))
        return _no_store(_landing(private_table))
    response = redirect("table_join_confirm")
    set_pending(response, private_table)
    return _no_store(response)


@require_http_methods(["GET", "POST"])
def table_join_confirm(request: HtmxHttpRequest) -> HttpResponse:
    """The Join page: the name of the table a key link left to join, and one
    Join button (a POST). A phone keeping all the tables it can picks one to
    forget; new games go to the table joined only when the phone ticks it."""
    digest = pending_digest(request)
    joining = PrivateTable.objects.with_digests([digest]).first() if digest else None
    if joining is None:
        # Nothing left to join (joined already, an hour passed, or the key was replaced).
        status = 409 if request.method == "POST" else 200
        page = render(
            request, "scorekeeper/private_tables/join.html", {"joining": None}, status=status
        )
        return _no_store(page)
    if holds(request, joining):
        messages.info(request, f"This phone already keeps the score at {joining.name}.")
        response = _landing(joining)
        clear_pending(response)
        return _no_store(response)
    tables = tables_of(request)
    if request.method == "POST":
        form = JoinForm(request.POST, joining=joining, tables=tables)
        if form.is_valid():
            dropped = form.dropped()
            as_default = bool(form.cleaned_data.get("as_default"))
            join(request, joining, as_default=as_default, instead_of=dropped)
            before = tables[0] if tables else None
            messages.success(request, _joined_message(request, joining, before, dropped))
            response = _landing(joining)
            clear_pending(response)
            return _no_store(response)
    else:
        form = JoinForm(joining=joining, tables=tables, initial={"shown": joining.key_digest})
    context = {"joining": joining, "form": form, "default": tables[0] if tables else None}
    page = render(
        request,
        "scorekeeper/private_tables/join.html",
        context,
        status=422 if form.is_bound else 200,
    )
    return _no_store(page)


@require_GET
def table_list(request: HtmxHttpRequest) -> HttpResponse:
    """The tables this phone has, each with its key link to invite a phone."""
    return render(request, "scorekeeper/private_tables/list.html", {"tables": tables_of(request)})


@require_http_methods(["GET", "POST"])
def table_replace_key(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """Replace a table's key after a confirm step: the old link and the watch
    links stop working and every other phone loses the table; this phone keeps
    it. Only the key the form was drawn for is replaced: a phone whose form is
    older than another phone's replacement is told so, and no longer claims
    the old key."""
    if request.method == "GET":
        private_table = _mine(request, table_id)
        form = ReplaceKeyForm(initial={"shown": private_table.key_digest, "token": new_key()})
        return _replace_page(request, private_table, form)
    held = next((t for t in tables_of(request) if t.pk == table_id), None)
    form = ReplaceKeyForm(request.POST)
    shown = request.POST.get("shown", "")
    # A key this phone had that is no longer any table's: replaced since.
    stale = shown in cookie_digests(request) and not any(
        t.key_digest == shown for t in tables_of(request)
    )
    if held is None and not stale:
        raise Http404("No such table on this phone.")
    if not form.is_valid():
        if held is None:
            return _replaced_elsewhere(request, shown, None)
        return _replace_page(request, held, form, status=422)
    try:
        private_table = PrivateTable.replace_shown_key(
            table_id, shown_digest=shown, token=form.cleaned_data["token"]
        )
    except PrivateTable.DoesNotExist:
        raise Http404("No such table on this phone.") from None
    except KeyAlreadyReplaced:
        return _replaced_elsewhere(request, shown, held)
    replaced(request, shown, private_table)
    messages.success(request, f"{private_table.name} has a new key: invite the other phones again.")
    return redirect("table_list")


def _replace_page(
    request: HtmxHttpRequest,
    private_table: PrivateTable,
    form: ReplaceKeyForm,
    *,
    status: int = 200,
) -> HttpResponse:
    context = {"private_table": private_table, "form": form}
    page = render(request, "scorekeeper/private_tables/replace_key.html", context, status=status)
    return _no_store(page)


def _replaced_elsewhere(
    request: HtmxHttpRequest, shown: str, held: PrivateTable | None
) -> HttpResponse:
    """The key this form was drawn for was replaced since, from another phone
    (or another tab): nothing was changed. A phone that has no newer key stops
    claiming the old one (its cookie is written without it); one that has the
    new key (``held``, with another digest) keeps the table and is told so."""
    still_held = held if held is not None and held.key_digest != shown else None
    if still_held is None:
        forget_digest(request, shown)
    context = {"private_table": still_held}
    return _no_store(
        render(request, "scorekeeper/private_tables/key_replaced.html", context, status=409)
    )


@require_POST
def table_forget(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """This phone stops keeping the table (its key link joins it again)."""
    private_table = _mine(request, table_id)
    forget(request, private_table)
    messages.success(request, f"This phone no longer keeps {private_table.name}.")
    return redirect("table_list")
