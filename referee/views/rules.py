"""The referee's front page and the rules pages: a book for each variant and one
for the euchre night (``/referee/rules/euchre-night/``), each section anchored by
its slug, the place a citation links to (referee/templatetags/rule_citations.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from referee.engine.rulebook import (
    Choice,
    SearchHit,
    Section,
    in_force,
    rulebook,
    search,
    search_sections,
    suggest_from_sections,
)
from referee.engine.rulebook.euchre_night import NIGHT_BOOK_SLUG, NIGHT_BOOK_TITLE, night_rulebook
from referee.engine.variants import HouseRules, RulesError, Variant, parse_variant
from referee.forms.rules import NightRulesSearchForm, RulesSearchForm
from referee.http import HtmxHttpRequest
from referee.views.screen import render_tool, tool_url


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


@dataclass(frozen=True, kw_only=True)
class Book:
    """A rules page: ``slug`` is its address (``/referee/rules/<slug>/``)."""

    slug: str
    title: str
    summary: str
    sections: tuple[Section, ...]
    placeholder: str  # the search box's example words
    examples: tuple[str, str]  # two words to try when a search finds nothing
    variant: Variant | None = None  # a variant's book: its search answers questions too


def books() -> list[Book]:
    """Every book of the rules pages: the three variants, then the euchre night."""
    variants = [
        Book(
            slug=v.value,
            title=v.label,
            summary=rulebook(v).summary,
            sections=rulebook(v).sections,
            placeholder="left bower, kitty, renege…",
            examples=("trump", "euchre"),
            variant=v,
        )
        for v in Variant
    ]
    night = night_rulebook()
    return [
        *variants,
        Book(
            slug=NIGHT_BOOK_SLUG,
            title=NIGHT_BOOK_TITLE,
            summary=night.summary,
            sections=night.sections,
            placeholder="partner, sitting out, prizes…",
            examples=("partner", "standings"),
        ),
    ]


@require_GET
def rules_index(request: HtmxHttpRequest) -> HttpResponse:
    """Pick a book (a game links straight to its variant's page)."""
    return render(request, "referee/rules_index.html", {"books": books()})


@dataclass(frozen=True, kw_only=True)
class OptionView:
    title: str
    anchor: str
    choices: tuple[tuple[Choice, bool], ...]  # (choice, in force at this table)
    own: Choice | None  # a table's own value that is none of the choices (a target of 15)


def _sections(book: Book, house: HouseRules | None) -> list[tuple[Section, list[OptionView]]]:
    """Each section with its house rules, the choices of ``house`` marked in force."""
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
    return sections


def _hits(book: Book, query: str) -> tuple[SearchHit, ...]:
    """A variant's book answers a question first (``search``); the night's has its rules."""
    if book.variant is not None:
        return search(query, variant=book.variant)
    return search_sections(query, book.sections)


def _search(book: Book, query: str, table_query: dict[str, str]) -> tuple[dict[str, Any], str]:
    """What the search box found in ``book``, or the closest words it knows, and
    the address that reopens the search ("" before a search)."""
    hits = _hits(book, query) if query else ()
    share = tool_url("referee:rules-variant", {**table_query, "q": query}, args=[book.slug])
    # Nothing found: offer the words the rulebook knows that come closest.
    words = suggest_from_sections(query, book.sections) if query and not hits else ()
    suggestions = [
        (word, tool_url("referee:rules-variant", {**table_query, "q": word}, args=[book.slug]))
        for word in words
    ]
    found = {"query": query, "hits": hits, "suggestions": suggestions}
    return found, share if query else ""


@require_GET
def rules(request: HtmxHttpRequest, variant: str) -> HttpResponse:
    """A book of rules in order (a variant's, with a table's house rules, or the
    euchre night's, its house rules shown with their defaults), with search."""
    form: RulesSearchForm | NightRulesSearchForm
    if variant == NIGHT_BOOK_SLUG:
        form = NightRulesSearchForm(request.GET)
    else:
        try:
            form = RulesSearchForm(request.GET, variant=parse_variant(variant))
        except RulesError:
            raise Http404("no such variant") from None
    book = next(b for b in books() if b.slug == variant)
    valid = form.is_valid()
    data = form.cleaned_data
    table = isinstance(form, RulesSearchForm) and valid
    house = data["rules"] if table and data["table_given"] else None
    table_query = form.table_query() if isinstance(form, RulesSearchForm) and valid else {}
    found, share = _search(book, data.get("q", ""), table_query)
    context = {
        "book": book,
        "form": form,
        "house": house,
        "table_errors": [e for f, errors in form.errors.items() if f != "q" for e in errors],
        "players": data.get("players", ()) if valid else (),
        "table_query": table_query,
        "sections": _sections(book, house),
        "books": books(),
        **found,
    }
    return render_tool(request, "referee/rules.html", context, invalid=not valid, share=share)
