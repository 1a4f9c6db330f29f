"""A game document is at most 1 MB, uploaded, pasted or piped in alike
(docs/formats.md, "Game document (import and export)"): past it, the field says so and nothing is
stored. A paste past the request's own limit (DATA_UPLOAD_MAX_MEMORY_SIZE,
where Django stops reading the form) gets the same message beside the paste
box, never a bare 400 page."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from scorekeeper.files.forms import TOO_BIG
from scorekeeper.files.game_files import MAX_DOCUMENT_BYTES
from scorekeeper.models import Game, Hand, Player, PrivateTable, Seat
from scorekeeper.web import phone_tables
from tests.conftest import table_cookie
from tests.documents import example
from tests.game_support import TEST_TABLE_KEY, our_table

pytestmark = pytest.mark.django_db


def stored() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (PrivateTable, Game, Seat, Hand, Player))


def of_size(size: int, *, char: str = " ") -> str:
    """The example in docs/formats.md, "Game document (import and export)", valid, padded to
    ``size`` bytes of UTF-8: with spaces, or with ``char`` in a field import ignores (a hand's
    explanation)."""
    if char == " ":
        text = json.dumps(example())
        return text + " " * (size - len(text.encode()))
    data: dict[str, Any] = example()
    data["hands"][0]["explanation"] = ""
    bare = len(json.dumps(data, ensure_ascii=False).encode())
    width = len(char.encode())
    data["hands"][0]["explanation"] = char * ((size - bare) // width) + " " * (
        (size - bare) % width
    )
    text = json.dumps(data, ensure_ascii=False)
    assert len(text.encode()) == size
    return text


def test_a_paste_of_exactly_the_limit_is_imported(client: Client) -> None:
    response = client.post(reverse("game_import"), {"text": of_size(MAX_DOCUMENT_BYTES)})
    assert response.status_code == 302
    assert Game.objects.count() == 1


def test_a_paste_just_over_the_limit_is_refused_beside_the_paste_box(client: Client) -> None:
    our_table()
    before = stored()
    response = client.post(reverse("game_import"), {"text": of_size(MAX_DOCUMENT_BYTES + 1)})
    assert response.status_code == 422
    assert response.context["form"].errors == {"text": [TOO_BIG]}
    html = response.content.decode()
    assert 'id="id_text_error"' in html
    assert "at most 1 MB" in html
    assert stored() == before


def test_a_paste_is_counted_in_bytes_as_a_file_is(client: Client) -> None:
    # 500,001 characters, but each é is two bytes of UTF-8: over the limit.
    text = of_size(MAX_DOCUMENT_BYTES + 2, char="é")
    assert len(text) < MAX_DOCUMENT_BYTES
    our_table()
    before = stored()
    pasted = client.post(reverse("game_import"), {"text": text})
    uploaded = client.post(
        reverse("game_import"), {"file": SimpleUploadedFile("g.json", text.encode())}
    )
    assert pasted.context["form"].errors == {"text": [TOO_BIG]}
    assert uploaded.context["form"].errors == {"file": [TOO_BIG]}
    assert stored() == before


def csrf_checking_phone() -> tuple[Client, str]:
    """A phone of the tests' table whose posts go through the CSRF check, as a
    browser's do (it reads the form before the view): its client and token."""
    phone = Client(enforce_csrf_checks=True)
    phone.cookies[phone_tables.COOKIE] = table_cookie(TEST_TABLE_KEY)
    page = phone.get(reverse("game_import"))
    return phone, str(page.context["csrf_token"])


@pytest.mark.parametrize("encoding", ["multipart", "urlencoded"])
def test_a_paste_past_the_requests_limit_gets_the_message_not_a_bad_request(
    encoding: str,
) -> None:
    our_table()
    phone, token = csrf_checking_phone()
    text = of_size(settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    before = stored()
    if encoding == "multipart":
        response = phone.post(reverse("game_import"), {"csrfmiddlewaretoken": token, "text": text})
    else:
        body = f"csrfmiddlewaretoken={token}&text=" + text.replace(" ", "+")
        response = phone.generic(
            "POST", reverse("game_import"), body, "application/x-www-form-urlencoded"
        )
    assert response.status_code == 413
    assert response.context["form"].errors == {"text": [TOO_BIG]}
    html = response.content.decode()
    assert 'id="id_text_error"' in html
    assert "<textarea" in html  # the import page, ready for another try
    assert stored() == before


def test_another_bad_request_to_the_import_page_still_gets_djangos_page() -> None:
    # The handler speaks only for a paste too big: too many fields stay a plain 400.
    body = "&".join(f"f{n}=1" for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))
    response = Client().generic(
        "POST", reverse("game_import"), body, "application/x-www-form-urlencoded"
    )
    assert response.status_code == 400
    assert "<textarea" not in response.content.decode()


def test_import_game_holds_a_file_and_standard_input_to_the_limit_too(tmp_path: Any) -> None:
    path = tmp_path / "big.json"
    path.write_text(of_size(MAX_DOCUMENT_BYTES + 1))
    with pytest.raises(CommandError, match=r"^document: it is too big .*\(nothing imported\)$"):
        call_command("import_game", str(path), stdout=io.StringIO())
    with pytest.raises(CommandError, match=r"^document: it is too big"):
        call_command(
            "import_game",
            "-",
            stdin=io.StringIO(of_size(MAX_DOCUMENT_BYTES + 2, char="é")),
            stdout=io.StringIO(),
        )
    assert not Game.objects.exists()
