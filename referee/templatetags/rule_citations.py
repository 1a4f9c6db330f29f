"""Citations of the rulebook as links to their section: ``{% load rule_citations %}``.

``{{ hand.explanation|cited }}`` shows a text with every citation in it ("Call-Ace
rules 5", "Euchre night rules 3") linked to that section of the rules page
(``/referee/rules/call-ace/#scoring``), the rest of the text escaped as usual;
``{{ citation|citation_link }}`` links one ``Citation``. The numbers and anchors
come from the rulebooks themselves (``referee.engine.rulebook.citations``).
"""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from referee.engine.rulebook.citations import Citation, citations_in

register = template.Library()


def citation_url(citation: Citation) -> str:
    """The address of the cited section: its book's rules page, at its anchor."""
    return reverse("referee:rules-variant", args=[citation.book_slug]) + "#" + citation.slug


def _link(citation: Citation, text: str) -> SafeString:
    return format_html('<a class="rule-cite" href="{}">{}</a>', citation_url(citation), text)


@register.filter
def cited(text: object) -> SafeString:
    """``text`` escaped, each citation in it a link to its section."""
    plain = str(text)
    if isinstance(text, SafeString):  # already HTML: left as it is
        return text
    parts: list[str] = []
    at = 0
    for span in citations_in(plain):
        parts.append(conditional_escape(plain[at : span.start]))
        parts.append(_link(span.citation, plain[span.start : span.end]))
        at = span.end
    parts.append(conditional_escape(plain[at:]))
    # Every part is escaped or built by format_html.
    return mark_safe("".join(parts))


@register.filter
def citation_link(citation: Citation | None) -> SafeString:
    """A link reading "Call-Ace rules 5" to that section; nothing for no citation."""
    if citation is None:
        return mark_safe("")
    return _link(citation, citation.short)
