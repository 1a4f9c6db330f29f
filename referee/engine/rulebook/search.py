"""Finding rules by word, the way players ask (docs/decisions.md, D11 and D47).

A query matches a rule when every word of it, in any form ("reneging",
"reneged", "reneges" all find "renege"), appears in the rule. Players' own
names for things are understood ("loner" is going alone, "screw the dealer" is
stick the dealer, "sweep" is a march). A question the way a table asks it ("can
the dealer pick up and go alone", "farmer's hand") finds its answer first
(``answers``): the answers whose phrases it holds, small words aside, most
specific first, each under the section it rests on. With no match, ``suggest_from_sections``
offers the closest terms the rulebook knows, for a "Did you mean ..." line.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from referee.engine.rulebook.answers import answers
from referee.engine.rulebook.books import rulebook
from referee.engine.rulebook.model import Section
from referee.engine.variants import Variant

# Other names players use, mapped to the words the rulebook uses. Phrases are
# replaced before single words, longest first.
_SYNONYMS: dict[str, str] = {
    "going alone": "alone",
    "go alone": "alone",
    "goes alone": "alone",
    "lone hand": "alone",
    "loner": "alone",
    "screw the dealer": "stick the dealer",
    "screw": "stick",
    "stuck": "stick",
    "bauer": "bower",
    "bauers": "bower",
    "jack of trump": "right bower",
    "left": "left bower",
    "right": "right bower",
    "revoke": "renege",
    "revoked": "renege",
    "renig": "renege",
    "sweep": "march",
    "slam": "march",
    "blind": "kitty",
    "widow": "kitty",
    "set": "euchre",
    "redeal": "misdeal",
}
_PHRASES = sorted(_SYNONYMS, key=lambda k: -len(k.split()))
# Words a question carries that say nothing of the rule it asks about: left out when
# a question is matched to an answer.
_SMALL_WORDS_TEXT = (
    "a an the and or of to in on at for with by from during is are was be been can could "
    "may might do does did i you we they he she it my your our their his her me us them "
    "if what whats when who whom which how why where s t there this that then than so "
    "any anyone someone happen happens allowed should would will get gets up"
)
_SMALL_WORDS = frozenset(_SMALL_WORDS_TEXT.split())


@dataclass(frozen=True, kw_only=True)
class SearchHit:
    section: Section
    text: str
    anchor: str  # where to link: the paragraph's or option's anchor, else the section
    title: str  # what the hit is: the section title, or "Ruling", or the house rule
    is_ruling: bool = False
    is_answer: bool = False  # a straight answer to a question players ask


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def stem(word: str) -> str:
    """A word without its plural or verb ending, so the forms of a word meet:
    "bowers" and "bower", "reneging", "reneged" and "renege", "euchred" and
    "euchre"."""
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith("ss"):
                break
            word = word[: -len(suffix)]
            break
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def _query_words(query: str) -> list[str]:
    text = " " + " ".join(_words(query)) + " "
    for phrase in _PHRASES:
        text = text.replace(f" {phrase} ", f" {_SYNONYMS[phrase]} ")
    return text.split()


def _matches(words: Sequence[str], text: str) -> bool:
    # Each query word must meet a word of the text in some form, or start one
    # (a word cut short, "tri" for "trick", still finds it).
    have = _words(text)
    stems = {stem(h) for h in have}
    return all(stem(w) in stems or any(h.startswith(w) for h in have) for w in words)


def _rank(words: Sequence[str], body: str, anchor: str) -> int:
    """0 for the rule named by the query ("alone" finds the rule anchored
    "alone" first), 1 when the query's words stand together in the text, in
    some form, else 2."""
    wanted = [stem(w) for w in words]
    if set(wanted) <= {stem(w) for w in _words(anchor)}:
        return 0
    have = [stem(w) for w in _words(body)]
    size = len(wanted)
    return 1 if any(have[i : i + size] == wanted for i in range(len(have) - size + 1)) else 2


def _key_stems(text: str) -> frozenset[str]:
    """The words of a question or an answer's phrase that say what it is about, in
    one form each: players' names replaced, small words left out."""
    return frozenset(stem(w) for w in _query_words(text) if w not in _SMALL_WORDS)


def answer_hits(query: str, *, variant: Variant) -> tuple[SearchHit, ...]:
    """The answers (``answers``) whose phrases ``query`` holds, the one that
    matched the most words first: a straight answer to a question, or a house rule
    Bower does not play said to be one."""
    asked = _key_stems(query)
    if not asked:
        return ()
    book = rulebook(variant)
    found: list[tuple[int, int, SearchHit]] = []
    for index, answer in enumerate(answers(variant)):
        sizes = [len(p) for p in map(_key_stems, answer.phrases) if p and p <= asked]
        if not sizes:
            continue
        title = "Not played by Bower" if answer.not_played else "Answer"
        hit = SearchHit(
            section=book.section(answer.section),
            text=answer.text,
            anchor=answer.anchor,
            title=f"{title}: {answer.title}",
            is_answer=True,
        )
        found.append((-max(sizes), index, hit))
    found.sort(key=lambda f: (f[0], f[1]))
    return tuple(f[2] for f in found)


def search(query: str, *, variant: Variant) -> tuple[SearchHit, ...]:
    """The answers a question asks for (``answer_hits``), then the rules of
    ``variant`` that hold every word of ``query`` in some form, players' other names
    for things understood, rules with the whole phrase first (the rulebook of
    docs/rules.md (every variant))."""
    words = _query_words(query)
    if not words:
        return ()
    return answer_hits(query, variant=variant) + _rule_hits(words, rulebook(variant).sections)


def search_sections(query: str, sections: Sequence[Section]) -> tuple[SearchHit, ...]:
    """The rules part of ``search`` in any book's sections (the euchre night's too)."""
    words = _query_words(query)
    if not words:
        return ()
    return _rule_hits(words, sections)


def _rule_hits(words: Sequence[str], sections: Sequence[Section]) -> tuple[SearchHit, ...]:
    """The paragraphs and house rules of ``sections`` that hold every one of ``words``."""
    hits: list[tuple[int, int, SearchHit]] = []
    for s_index, section in enumerate(sections):
        for paragraph in section.paragraphs:
            body = paragraph.text + (" " + paragraph.why if paragraph.why else "")
            if _matches(words, body + " " + section.title):
                hit = SearchHit(
                    section=section,
                    text=paragraph.text,
                    anchor=paragraph.anchor or section.slug,
                    title="Ruling" if paragraph.is_ruling else section.title,
                    is_ruling=paragraph.is_ruling,
                )
                hits.append((_rank(words, body, hit.anchor), s_index, hit))
        for option in section.options:
            # One hit per house rule: the first of its choices that matches.
            for choice in option.choices:
                body = f"{option.title} {choice.label} {choice.text}"
                if _matches(words, body):
                    hit = SearchHit(
                        section=section,
                        text=f"{choice.label}: {choice.text}",
                        anchor=option.anchor,
                        title=f"House rule: {option.title}",
                    )
                    hits.append((_rank(words, body, hit.anchor), s_index, hit))
                    break
    hits.sort(key=lambda h: (h[0], h[1]))
    return tuple(h[2] for h in hits)


def _known_terms(sections: Sequence[Section]) -> tuple[list[str], list[str]]:
    """The game's own terms (players' names for things, section and option titles),
    then every longer word of the rule text: suggestions prefer the first."""
    terms = set(_SYNONYMS) | {s.title.lower() for s in sections}
    terms |= {o.title.lower() for s in sections for o in s.options}
    words: set[str] = set()
    for section in sections:
        for paragraph in section.paragraphs:
            words.update(w for w in _words(paragraph.text) if len(w) > 3 and not w.isdigit())
    return sorted(terms), sorted(words - terms)


def _likeness(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b).ratio()


def suggest_from_sections(
    query: str, sections: Sequence[Section], *, limit: int = 3
) -> tuple[str, ...]:
    """Terms the rulebook's ``sections`` know that look like ``query``, closest
    first, for a "Did you mean ..." line when the search finds nothing; empty when
    the query finds rules as it is or nothing is close."""
    text = " ".join(_words(query))
    if not text or search_sections(query, sections):
        return ()
    game_terms, words = _known_terms(sections)
    # The game's own terms win a near tie with a word that merely occurs in the text.
    scored = [(_likeness(text, t) + 0.1, t) for t in game_terms]
    scored += [(_likeness(text, w), w) for w in words]
    close = [t for score, t in sorted(scored, key=lambda st: (-st[0], st[1])) if score >= 0.7]
    terms = game_terms + words
    if not close and " " in text:
        # A phrase with one word misspelt: suggest for each word alone.
        for word in text.split():
            for match in difflib.get_close_matches(word, terms, n=1, cutoff=0.7):
                if match != word and match not in close:
                    close.append(match)
    return tuple(close[:limit])
