"""Request types for views (docs/decisions.md, D5: a typed request with `htmx`): the
referee's one, so both apps name the same type."""

from referee.http import HtmxHttpRequest

__all__ = ["HtmxHttpRequest"]
