"""The referee's front page and the rules pages."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from referee.engine.rulebook import Choice, in_force, rulebook, search, suggest
from referee.engine.variants import RulesError, Variant, parse_variant
from referee.forms.rules import RulesSearchForm
from referee.http import HtmxHttpRequest
from referee.views.screen import render_tool, share_url, tool_url


@require_GET
def index(request: HtmxHttpRequest) -> HttpResponse:
    """The referee's tools, as big buttons. (An old ``?game=`` link is welcome: ignored.)"""
    tools = [
        ("Trick judge", "Who won the trick, and why.", tool_url("referee:trick")),
        (
            "Legal play and renege",
            "May this card be played? Was that a renege?",
            tool_url("referee:legal"),
        ),
        (
            "Hand audit",
            "Replay a hand trick by trick to find a renege.",
            tool_url("referee:audit"),
        ),
        ("Score calculator", "What would this hand score?", tool_url("referee:score")),
        ("Card ranking", "Every suit in order once trump is named.", tool_url("referee:ranking")),
        ("Rules", "The rules of each variant, and our rulings.", tool_url("referee:rules")),
    ]
    return render(request, "referee/index.html", {"tools": tools})


@require_GET
def rules_index(request: HtmxHttpRequest) -> HttpResponse:
    """Pick a variant (a game links straight to its variant's page)."""
    books = [rulebook(v) for v in Variant]
    return render(request, "referee/rules_index.html", {"books": books})


@dataclass(frozen=True, kw_only=True)
class OptionView:
    title: str
    anchor: str
    choices: tuple[tuple[Choice, bool], ...]  # (choice, in force at this table)
    own: Choice | None  # a table's own value that is none of the choices (a target of 15)


@require_GET
def rules(request: HtmxHttpRequest, variant: str) -> HttpResponse:
    """A variant's rules in the order of play, with search and a table's house rules."""
    try:
        chosen = parse_variant(variant)
    except RulesError:
        raise Http404("no such variant") from None
    book = rulebook(chosen)
    form = RulesSearchForm(request.GET, variant=chosen)
    valid = form.is_valid()
    data = form.cleaned_data
    query = data.get("q", "")
    hits = search(query, variant=chosen) if query else ()
    house = data["rules"] if valid and data["table_given"] else None
    table_query = form.table_query() if valid else {}
    sections = []
    for section in book.sections:
        options = []
        for option in section.options:
            force = in_force(option, house) if house is not None else None
            choices = tuple(
                (c, force is not None and force.value == c.value) for c in option.choices
            )
            options.append(
                OptionView(
                    title=option.title,
                    anchor=option.anchor,
                    choices=choices,
                    own=force if force is not None and not any(f for _, f in choices) else None,
                )
            )
        sections.append((section, options))
    share = tool_url("referee:rules-variant", {**table_query, "q": query}, args=[chosen.value])
    # Nothing found: offer the words the rulebook knows that come closest.
    suggestions = [
        (word, tool_url("referee:rules-variant", {**table_query, "q": word}, args=[chosen.value]))
        for word in (suggest(query, variant=chosen) if query and not hits else ())
    ]
    context = {
        "book": book,
        "form": form,
        "house": house,
        "table_errors": [e for f, errors in form.errors.items() if f != "q" for e in errors],
        "players": data.get("players", ()) if valid else (),
        "table_query": table_query,
        "query": query,
        "hits": hits,
        "suggestions": suggestions,
        "sections": sections,
        "variants": [rulebook(v) for v in Variant],
        "share_url": share_url(request, share) if query else "",
    }
    return render_tool(request, "referee/rules.html", context, invalid=not valid)
