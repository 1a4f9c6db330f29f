"""Games in and out: the game document as a download, importing one
(uploaded or pasted), scored by the rules engine
(docs/formats.md, "Game document (import and export)"), and the whole history as one file for the
operator ("History out and back in"). A game's hands as a spreadsheet are the history's
(scorekeeper/history/views/sheet.py)."""

from __future__ import annotations

import threading

from django.conf import settings
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import RequestDataTooBig
from django.forms.utils import ErrorDict
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views import defaults
from django.views.decorators.http import require_GET, require_http_methods

from referee.engine.names import LookAlike
from scorekeeper.files.backups import backup_text
from scorekeeper.files.forms import ImportForm
from scorekeeper.files.game_files import export_text
from scorekeeper.models import Game, GameAlreadyStored, Hand, PrivateTable
from scorekeeper.models.game_documents import export_filename
from scorekeeper.web.forms import PrivateTableChoiceForm
from scorekeeper.web.http import HtmxHttpRequest
from scorekeeper.web.limits import import_wait, new_table_wait, no_table_yet, too_often
from scorekeeper.web.phone_tables import remember, tables_of


@require_GET
def game_export(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The game document as a JSON download
    (docs/formats.md, "Game document (import and export)")."""
    games = Game.objects.for_tables(tables_of(request))
    game = get_object_or_404(games.with_seats().prefetch_related("hands"), pk=game_id)
    response = HttpResponse(export_text(game), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{export_filename(game)}"'
    return response


# One import stored at a time a process: a process runs two requests at once (D72), so
# the other thread is always free for the tables' polls and saves; a second import
# meanwhile is told to try again, its document unread.
_storing = threading.Lock()
STORING_WAIT_SECONDS = 5


@require_http_methods(["GET", "POST"])
def game_import(request: HtmxHttpRequest) -> HttpResponse:
    """Upload or paste a game document; every hand is scored by the rules
    engine. A bad document stores nothing and says which hand and field."""
    tables = tables_of(request)
    if request.method == "POST":
        form = ImportForm(request.POST, request.FILES, tables=tables)
        choice = PrivateTableChoiceForm(request.POST, tables=tables)
        if wait := import_wait(request):
            # Held to a rate per address (D58): refused before the document is read.
            return _too_often(request, form, choice, too_often(wait), wait)
        chosen = choice.chosen_private_table()
        if form.is_valid() and _room_for(form, chosen):
            if not _storing.acquire(blocking=False):
                busy = "Bower is storing another game just now: try again in a few seconds."
                return _too_often(request, form, choice, busy, STORING_WAIT_SECONDS, status=503)
            document = form.cleaned_data["document"]
            copy = form.cleaned_data["copy"]
            try:
                if chosen is None and (wait := new_table_wait(request)):
                    # A phone with no table gets a new one, so few an hour from one
                    # address, else the hands a table keeps would bound nothing (D71); a
                    # document refused before does not count.
                    return _too_often(request, form, choice, no_table_yet(wait), wait)
                # Into the table picked (the last used); a phone with none gets one.
                private_table = chosen or PrivateTable.named_for(document.setup.players)
                game = Game.from_document(document, private_table=private_table, copy=copy)
            except GameAlreadyStored as stored:
                # Stored by someone else between the check and now.
                form.already_stored(stored.game)
            except LookAlike as error:
                form.add_error(_field_of(request), f"Players: {error}")
            else:
                remember(request, private_table)
                hands = len(document.hands)
                messages.success(
                    request,
                    f"Imported {document.setup.variant.label}"
                    f"{' as a copy' if copy else ''}: "
                    f"{hands} hand{'s' if hands != 1 else ''}, "
                    f"{'finished' if game.is_finished else 'in progress'}."
                    + "".join(f" Read {given} as {read}." for given, read in document.folded),
                )
                return redirect(reverse("game_table", args=[game.pk]))
            finally:
                _storing.release()
        status = 422
    else:
        form = ImportForm(tables=tables)
        choice = PrivateTableChoiceForm(tables=tables)
        status = 200
    context = {"form": form, "table_choice": choice}
    return render(request, "scorekeeper/files/import.html", context, status=status)


def _field_of(request: HttpRequest) -> str:
    """The field a document came in: the file if one was chosen, else the paste box."""
    return "file" if request.FILES.get("file") else "text"


def _too_often(
    request: HtmxHttpRequest,
    form: ImportForm,
    choice: PrivateTableChoiceForm,
    message: str,
    wait: int,
    status: int = 429,
) -> HttpResponse:
    """429 (or ``status``) with Retry-After: the import page, ``message`` beside the
    field, what was pasted kept, nothing read or stored."""
    form.cleaned_data = {}
    setattr(form, "_errors", ErrorDict())  # noqa: B010 (not cleaned: the document is never read)
    form.add_error(_field_of(request), message)
    context = {"form": form, "table_choice": choice}
    response = render(request, "scorekeeper/files/import.html", context, status=status)
    response["Retry-After"] = str(wait)
    return response


def _room_for(form: ImportForm, private_table: PrivateTable | None) -> bool:
    """Whether ``table`` keeps the document's hands within BOWER_TABLE_MAX_HANDS; if
    not, the form says so beside the field (D58)."""
    most: int = settings.BOWER_TABLE_MAX_HANDS
    if private_table is None or not most:
        return True
    kept = Hand.objects.filter(game__private_table=private_table).count()
    coming = len(form.cleaned_data["document"].hands)
    if kept + coming <= most:
        return True
    field = "file" if form.cleaned_data.get("file") else "text"
    form.add_error(
        field,
        f"This table keeps at most {most:,} hands and has {kept:,}: this game's {coming:,}"
        " would not fit. Import it into another table.",
    )
    return False


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's ``handler400``. A paste past the request's size limit
    (DATA_UPLOAD_MAX_MEMORY_SIZE: Django refuses to read the form at all) gets
    the import page with the paste box's message, as a paste over the
    document's limit does, and stores nothing; any other bad request gets
    Django's page."""
    if isinstance(exception, RequestDataTooBig) and request.path == reverse("game_import"):
        form = ImportForm({}, tables=tables_of(request), too_big=True)
        form.is_valid()
        context = {"form": form, "table_choice": PrivateTableChoiceForm(tables=tables_of(request))}
        return render(request, "scorekeeper/files/import.html", context, status=413)
    return defaults.bad_request(request, exception)


@require_GET
@staff_member_required
def backup_download(request: HtmxHttpRequest) -> HttpResponse:
    """The whole history as ``manage.py backup`` prints it, for the operator
    only (signed in to the admin): every table's key is in it."""
    day = timezone.localdate().isoformat()
    response = HttpResponse(backup_text(), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="bower-backup-{day}.json"'
    response["Cache-Control"] = "no-store"
    return response
