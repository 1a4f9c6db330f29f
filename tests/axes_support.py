"""For the test settings: axes beside the test client's `login()`."""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest


class AxesBesideTheTestClient(AxesStandaloneBackend):
    """axes' backend, except for a sign-in with no request: the test client's
    `login()` has none, where axes would raise. The admin's sign-in form always
    has one, and tests/web/test_admin_sign_in.py holds it to the brake."""

    def authenticate(self, request: HttpRequest | None, *args: Any, **kwargs: Any) -> None:
        if request is None:
            return None
        super().authenticate(request, *args, **kwargs)
        return None
