"""The project's documents (the README and docs/): the rules numbered exactly as the
app's rules pages number them, every link between the documents leading to a file and
a heading that exist, nothing pointing outside the repository, every `make` target,
`manage.py` command and setting they name real, and the README short."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.engine.rulebook import SECTION_SLUGS, rulebook
from referee.engine.rulebook.citations import BOOK_NAMES
from referee.engine.rulebook.euchre_night import (
    NIGHT_BOOK_TITLE,
    NIGHT_SECTION_SLUGS,
    night_rulebook,
)
from referee.engine.rulebook.model import Section
from referee.engine.variants import Variant

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
# Every document a reader is sent to: the README, each file of docs/, and the
# measurement notes the decisions link to.
DOCUMENTS = [README, *sorted(DOCS.glob("*.md")), ROOT / "benchmarks" / "NOTES.md"]
RULES = (DOCS / "rules.md").read_text()

# Every book of the app, as docs/rules.md names its part.
BOOKS: dict[str, tuple[Section, ...]] = {
    **{BOOK_NAMES[v]: rulebook(v).sections for v in Variant},
    NIGHT_BOOK_TITLE: night_rulebook().sections,
}


def heading_slug(heading: str) -> str:
    """A heading's anchor as GitHub and most Markdown viewers make it."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def headings(text: str) -> list[str]:
    return re.findall(r"^#{1,6} (.+?)\s*$", text, re.MULTILINE)


def sections_of(book: str) -> list[str]:
    """The sections of one book's part of docs/rules.md, in order, each from its
    heading to the next heading of a section or a part."""
    blocks = re.split(r"^(?=#{2,3} )", RULES, flags=re.MULTILINE)
    return [b for b in blocks if re.match(rf"### {re.escape(book)} \d\. ", b)]


@pytest.mark.parametrize("book", list(BOOKS))
def test_rules_md_numbers_each_book_as_its_rules_page_does(book: str) -> None:
    found = re.findall(rf"^### {re.escape(book)} (\d)\. (.+)$", RULES, re.MULTILINE)
    shown = [(str(n), s.title) for n, s in enumerate(BOOKS[book], start=1)]
    assert found == shown


def test_rules_md_gives_each_section_the_anchor_its_page_has() -> None:
    section_rows = re.findall(r"^\| (\d) \| `#([a-z-]+)` \|", RULES, re.MULTILINE)
    assert section_rows == [(str(n), slug) for n, slug in enumerate(SECTION_SLUGS, start=1)]
    night_row = next(line for line in RULES.splitlines() if line.startswith("| [Euchre night]"))
    assert re.findall(r"`#([a-z-]+)`", night_row) == list(NIGHT_SECTION_SLUGS)


@pytest.mark.parametrize("book", ["Call-Ace", NIGHT_BOOK_TITLE])
def test_rules_md_marks_every_ruling_of_a_book_written_in_full(book: str) -> None:
    rulings = [p for s in BOOKS[book] for p in s.paragraphs if p.is_ruling]
    text = "".join(sections_of(book))
    assert text.count("> **Ruling") == len(rulings)
    assert text.count("> *Why:*") == len(rulings)


@pytest.mark.parametrize("book", ["Call-Ace", "Standard", NIGHT_BOOK_TITLE])
def test_rules_md_offers_each_house_rule_in_the_section_it_changes(book: str) -> None:
    for number, (section, text) in enumerate(zip(BOOKS[book], sections_of(book), strict=True), 1):
        assert text.startswith(f"### {book} {number}. ")
        for option in section.options:
            assert f"**House rule: {option.title}.**" in text, (book, number, option.title)


def test_rules_md_says_bower_plays_the_canadian_loner_as_a_house_rule_with_its_ruling() -> None:
    # Once planned, now played (issue 24): an option of Standard 3, with the ruling on a
    # hand recorded without its bidding round, and no "not yet" left anywhere.
    (partner,) = [t for t in sections_of("Standard") if t.startswith("### Standard 3. ")]
    assert "**House rule: Canadian loner.**" in partner
    assert "> **Ruling.** Under the Canadian loner" in partner
    assert "Not yet played by Bower" not in RULES


def links_of(text: str) -> list[str]:
    """A document's relative links and images: Markdown's ``](target)`` and HTML's
    ``src="target"``/``href="target"``."""
    return re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r'(?:src|href)="([^"]+)"', text)


def documents_named() -> list[str]:
    return [str(d.relative_to(ROOT)) for d in DOCUMENTS]


@pytest.mark.parametrize("name", documents_named())
def test_every_link_of_a_document_leads_to_a_file_and_heading_that_exist(name: str) -> None:
    document = ROOT / name
    text = document.read_text()
    links = links_of(text)
    assert links
    for link in links:
        assert not re.match(r"[a-z]+:", link), link  # nothing off the repository
        target, _, anchor = link.partition("#")
        path = (document.parent / target).resolve() if target else document
        assert path.is_file(), link
        assert ROOT in path.parents, link
        if anchor:
            assert anchor in {heading_slug(h) for h in headings(path.read_text())}, link


@pytest.mark.parametrize("name", documents_named())
def test_no_document_points_outside_the_repository(name: str) -> None:
    text = (ROOT / name).read_text()
    assert not re.search(r"\.\./shared|/work/", text)


def code_of(text: str) -> str:
    """What a document shows as code: its inline spans and indented or fenced blocks."""
    spans = re.findall(r"`([^`\n]+)`", text)
    blocks = re.findall(r"^(?: {4}|\t)(.+)$", text, re.MULTILINE)
    fenced = re.findall(r"^```[^\n]*\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    return "\n".join([*spans, *blocks, *fenced])


def makefile_targets() -> set[str]:
    return set(re.findall(r"^([a-z][\w-]*):", (ROOT / "Makefile").read_text(), re.MULTILINE))


@pytest.mark.parametrize("name", documents_named())
def test_every_make_target_a_document_names_is_in_the_makefile(name: str) -> None:
    named = set(re.findall(r"(?:^|[\s;(])make ([a-z][\w-]*)", code_of((ROOT / name).read_text())))
    assert named <= makefile_targets(), sorted(named - makefile_targets())


@pytest.mark.parametrize("name", documents_named())
def test_every_manage_py_command_a_document_names_exists(name: str) -> None:
    from django.core.management import get_commands

    named = set(re.findall(r"manage\.py ([a-z][a-z_]*)", (ROOT / name).read_text()))
    assert named <= set(get_commands()), sorted(named - set(get_commands()))


# Variables read outside the settings module: the test run's own Chromium.
READ_ELSEWHERE = {"BOWER_CHROMIUM": ("scripts/ensure-chromium", "tests/conftest.py")}


@pytest.mark.parametrize("name", documents_named())
def test_every_setting_a_document_names_is_read(name: str) -> None:
    settings = (ROOT / "scorekeeper" / "settings.py").read_text()
    named = set(re.findall(r"\b((?:BOWER|DJANGO)_[A-Z_]*[A-Z])\b", (ROOT / name).read_text()))
    for setting in named:
        if setting in READ_ELSEWHERE:
            assert all(setting in (ROOT / f).read_text() for f in READ_ELSEWHERE[setting])
        else:
            assert f'"{setting}"' in settings, setting


def test_the_readme_is_read_in_two_minutes_and_shows_the_two_commands() -> None:
    # Issue 34: a newcomer's README; the rest is in docs/ (contract: "Set-up: two commands").
    text = README.read_text()
    assert len(text.splitlines()) <= 150
    blocks = re.findall(r"^ {4}(.+)$", text, re.MULTILINE)
    assert any(b.startswith("make run") for b in blocks)
    assert any(b.startswith("make test") for b in blocks)
    assert "docs/formats.md" in links_of(text)  # the public interfaces, in full
    image = next(link for link in links_of(text) if link.endswith(".png"))
    assert (ROOT / image).stat().st_size < 100_000


def test_formats_md_keeps_every_heading_code_cites() -> None:
    found = set(headings((DOCS / "formats.md").read_text()))
    assert found >= {
        "Set-up: two commands",
        "Card notation",
        "What a hand record holds",
        "Game document (import and export)",
        "Recording a hand, once",
        "Starting a game or a night, once",
        "Tables: private by link, no accounts",
        "Polls: following a game live",
        "History out and back in",
        "Euchre night seating",
        "Euchre night pages and their polls",
        "Referee API",
        "Referee pages' query strings",
        "Table shortcuts",
        "Production settings",
    }


def test_decisions_are_numbered_in_order_each_with_its_decision_and_why() -> None:
    text = (DOCS / "decisions.md").read_text()
    entries = re.split(r"^## (?=D\d+\. )", text, flags=re.MULTILINE)[1:]
    numbers = [int(re.match(r"D(\d+)\. ", e).group(1)) for e in entries]  # type: ignore[union-attr]
    assert numbers == list(range(1, len(entries) + 1))
    for entry in entries:
        assert "**Decision.**" in entry, entry.splitlines()[0]
        assert "**Why.**" in entry or "**Figure.**" in entry, entry.splitlines()[0]


def test_the_readmes_first_game_names_buttons_the_app_shows() -> None:
    # The five steps name what a newcomer taps; each label is one the screens draw.
    steps = README.read_text().split("## Your first game in five steps", 1)[1].split("\n## ")[0]
    labels = set(re.findall(r"\*\*([^*]+)\*\*", steps)) | set(re.findall(r'"([^"]+)"', steps))
    assert {"Start a game", "Start the game", "Save the call", "Save hand"} <= labels
    screens = "".join(
        p.read_text()
        for p in [*(ROOT / "templates").rglob("*.html"), *(ROOT / "static" / "js").glob("*.js")]
    )
    for label in labels:
        assert label in screens, label


def test_every_decision_is_short() -> None:
    # Issue 34: the choice, the reason and the figure in about 150 words; long tables go
    # to benchmarks/NOTES.md, linked from the entry's last line (not counted).
    text = (DOCS / "decisions.md").read_text()
    entries = re.split(r"^(?=## D\d+\. )", text, flags=re.MULTILINE)[1:]
    for entry in entries:
        lines = entry.strip().splitlines()
        if "](../benchmarks/NOTES.md" in lines[-1]:
            lines = lines[:-1]
        words = len(" ".join(lines).split())
        assert words <= 160, (lines[0], words)


def test_a_superseded_decision_says_so_in_its_first_line() -> None:
    text = (DOCS / "decisions.md").read_text()
    entries = re.split(r"^(?=## D\d+\. )", text, flags=re.MULTILINE)[1:]
    marked = {}
    for entry in entries:
        first = entry.split("\n\n")[1]
        if first.startswith("*Superseded"):
            marked[entry.split(".")[0]] = re.match(r"\*Superseded (?:in part )?by (D\d+)", first)
    assert {"## D12", "## D43", "## D55"} <= set(marked)
    assert all(marked.values())


def test_development_md_names_the_modules_make_mutants_mutates() -> None:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
    mutated = {Path(p).name for p in config["only_mutate"]}
    text = (DOCS / "development.md").read_text()
    paragraph = text.split("`make mutants` mutation-tests", 1)[1].split("\n\n")[0]
    assert set(re.findall(r"(\w+\.py)`", paragraph)) == mutated
