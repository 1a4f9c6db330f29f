"""Cards and chips on the referee's screens, drawn by the templates in ``templates/chips/``
(the scorekeeper's chip fields draw through the same folder): a card face, a
tappable card chip, a card checkbox, radio chips, a share link."""

from __future__ import annotations

import re
from typing import Any

from django import forms, template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from referee.engine.cards import Card, Suit

register = template.Library()


@register.inclusion_tag("chips/card.html")
def card(card: Card) -> dict[str, Any]:
    """A card face with its name for screen readers: 10♥ read as "10 of hearts"."""
    return {"card": card}


@register.inclusion_tag("chips/card_chip.html")
def card_chip(chip: Any, action: str = "Add") -> dict[str, Any]:
    """A picker chip: a link that adds the card, or a struck-out card already played."""
    return {"chip": chip, "action": action}


@register.inclusion_tag("chips/card_input.html")
def card_input(chip: Any, name: str, kind: str = "checkbox") -> dict[str, Any]:
    """A card as a radio button or checkbox chip of a GET form."""
    return {"chip": chip, "name": name, "kind": kind}


@register.filter
def option_tag(option: forms.boundfield.BoundWidget) -> SafeString:
    """A radio or checkbox option's ``<input>`` as Django's widget templates draw it
    (``input.html`` and ``attrs.html``), without a template render for each: a hand's
    chips are some fifty options on every table screen."""
    data = option.data
    attrs = [
        format_html(" {}", name) if value is True else format_html(' {}="{}"', name, value)
        for name, value in data["attrs"].items()
        if value is not False
    ]
    value = "" if data["value"] is None else format_html(' value="{}"', data["value"])
    return format_html(
        '<input type="{}" name="{}"{}{}>',
        data["type"],
        data["name"],
        value,
        mark_safe("".join(attrs)),  # each part escaped by format_html above
    )


@register.inclusion_tag("chips/suit_mark.html")
def suit_mark(suit: Suit) -> dict[str, Any]:
    return {"suit": suit}


@register.inclusion_tag("referee/share_link.html")
def share_link(url: str) -> dict[str, Any]:
    """A ruling's full URL, to send to the player who doubts it; a script adds Copy."""
    return {"url": url}


@register.filter
def highlight(text: str, query: str) -> SafeString:
    """Mark the words of ``text`` that start with a word of the search ``query``."""
    words = [re.escape(w) for w in re.findall(r"[a-z0-9]+", (query or "").lower())]
    if not words:
        return escape(text)
    pattern = re.compile(r"\b(?:" + "|".join(words) + r")[a-z0-9]*", re.IGNORECASE)
    parts: list[str] = []
    last = 0
    for match in pattern.finditer(text):
        parts.append(escape(text[last : match.start()]))
        parts.append(format_html("<mark>{}</mark>", match.group(0)))
        last = match.end()
    parts.append(escape(text[last:]))
    return mark_safe("".join(parts))  # every piece was escaped above


# --- Form pieces shared by the tools' GET forms ----------------------------------------------


def _errors(form: forms.Form, name: str) -> list[str]:
    return [str(e) for e in form.errors.get(name) or ()] if form.is_bound else []


@register.inclusion_tag("chips/errors.html")
def field_errors(form: forms.Form, name: str) -> dict[str, Any]:
    """A field's messages, with the id its fieldset or input points at (``name-error``)."""
    return {"name": name, "errors": _errors(form, name)}


def _chosen_value(form: forms.Form, name: str) -> str:
    value = form[name].value() if name in form.fields else form.data.get(name)
    return "" if value is None else str(value).strip().lower()


@register.inclusion_tag("chips/choice_group.html")
def chip_group(
    form: forms.Form,
    name: str,
    legend: str,
    choices: Any,
    *,
    hint: str = "",
    size: str = "",
    first_is_default: bool = False,
) -> dict[str, Any]:
    """A fieldset of radio chips: the legend, the choices (value, label), the messages.

    The chip whose value the form holds is checked (case aside); with
    ``first_is_default`` the first one is, when the form holds nothing.
    ``size`` is "wide" (long labels) or "narrow" (numbers).
    """
    chosen = _chosen_value(form, name)
    options = [(str(v), str(label)) for v, label in choices]
    if not chosen and first_is_default and options:
        chosen = options[0][0].lower()
    return {
        "name": name,
        "legend": legend,
        "hint": hint,
        "size": size,
        "options": [(value, label, value.lower() == chosen) for value, label in options],
        "errors": _errors(form, name),
    }


@register.inclusion_tag("chips/suit_group.html")
def suit_group(
    form: forms.Form, name: str, legend: str, choices: Any, *, aces: bool = False
) -> dict[str, Any]:
    """Trump (or the called ace) as a row of suit chips: a big symbol, a small word."""
    chosen = _chosen_value(form, name).upper()
    chips = [
        {
            "value": c.value,
            "symbol": f"A{c.symbol}" if aces else c.symbol or "NT",
            "word": f"Ace of {c.label.lower()}" if aces else c.label,
            "checked": c.value == chosen,
        }
        for c in choices
        if not (aces and c.value == "NT")
    ]
    return {"name": name, "legend": legend, "chips": chips, "errors": _errors(form, name)}


@register.inclusion_tag("chips/called_card.html")
def called_card_select(form: forms.Form, name: str, suits: Any) -> dict[str, Any]:
    """Call-Your-Partner's called card: a native picker of every card, grouped by suit."""
    return {
        "name": name,
        "suits": suits,
        "chosen": _chosen_value(form, name).upper(),
        "errors": _errors(form, name),
    }
