"""Helpers of the private tables' tests: opening a key link as a browser says
it was opened, and the replace-key form as a phone draws it."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from scorekeeper.models import PrivateTable

# A key link opened directly (scanned, typed, from another app): it joins at once.
DIRECT = {"HTTP_SEC_FETCH_SITE": "none"}
# Opened from a link on another site.
CROSS_SITE = {"HTTP_SEC_FETCH_SITE": "cross-site"}


def replace_key_form(phone: Client, private_table: PrivateTable) -> dict[str, str]:
    """The hidden fields of ``table``'s replace-key form as ``phone`` draws
    it (the key it was drawn for, and its token), without the confirm box."""
    page = phone.get(reverse("table_replace_key", args=[private_table.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    fields = dict(re.findall(r'type="hidden" name="(shown|token)" value="([^"]*)"', html))
    assert set(fields) == {"shown", "token"}, html
    return fields
