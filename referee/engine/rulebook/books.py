"""Each variant's rulebook, built once."""

from __future__ import annotations

from referee.engine.rulebook.call_ace import call_ace_rulebook
from referee.engine.rulebook.call_your_partner import call_your_partner_rulebook
from referee.engine.rulebook.model import Rulebook
from referee.engine.rulebook.standard import standard_rulebook
from referee.engine.variants import Variant

_BOOKS = {
    Variant.CALL_ACE: call_ace_rulebook(),
    Variant.CALL_YOUR_PARTNER: call_your_partner_rulebook(),
    Variant.STANDARD: standard_rulebook(),
}


def rulebook(variant: Variant) -> Rulebook:
    """The rulebook of a variant, sections in the order of play."""
    return _BOOKS[variant]
