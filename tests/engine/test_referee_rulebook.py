"""The rulebook (referee/engine/rulebook/): sections, rulings, house rules and search."""

import pytest

from referee.engine.rulebook import (
    SECTION_SLUGS,
    in_force,
    renege_penalty,
    rulebook,
    search,
    suggest_from_sections,
)
from referee.engine.rulebook.search import stem
from referee.engine.scoring import EUCHRE_POINTS, RENEGE_PENALTY_POINTS, march_points
from referee.engine.variants import HouseRules, RenegeRule, TieRule, Variant, house_rules_from_dict


@pytest.mark.parametrize("variant", list(Variant))
def test_every_variant_has_the_six_sections_in_the_order_of_play(variant: Variant) -> None:
    book = rulebook(variant)
    assert tuple(s.slug for s in book.sections) == SECTION_SLUGS
    assert SECTION_SLUGS == ("deal", "bidding", "partner", "trick", "scoring", "winning")
    assert all(s.paragraphs for s in book.sections)


@pytest.mark.parametrize("variant", list(Variant))
def test_anchors_are_unique_within_a_rulebook(variant: Variant) -> None:
    book = rulebook(variant)
    anchors = [s.slug for s in book.sections]
    anchors += [p.anchor for s in book.sections for p in s.paragraphs if p.anchor]
    anchors += [o.anchor for o in book.options]
    assert len(anchors) == len(set(anchors))


def test_every_ruling_of_rules_md_is_in_the_rulebook_with_a_why() -> None:
    call_ace = {p.anchor: p for p in rulebook(Variant.CALL_ACE).rulings}
    assert set(call_ace) >= {
        "ruling-deal",  # Call-Ace 1
        "ruling-dealer-partner",  # Call-Ace 3
        "ruling-renege",  # Call-Ace 5
        "ruling-hidden-partner",  # Call-Ace 5
        "ruling-first-renege",  # Call-Ace 5
        "ruling-ties",  # Call-Ace 6
    }
    for paragraph in call_ace.values():
        assert paragraph.is_ruling
        assert len(paragraph.why.split()) >= 12, paragraph.anchor
    # Call-Your-Partner takes its renege and winning rules from Call-Ace 5 and 6.
    cyp = {p.anchor for p in rulebook(Variant.CALL_YOUR_PARTNER).rulings}
    assert cyp >= {"ruling-renege", "ruling-hidden-partner", "ruling-first-renege", "ruling-ties"}


@pytest.mark.parametrize(
    ("query", "anchor"),
    [
        ("left bower", "left-bower"),
        ("Left Bower", "left-bower"),
        ("kitty", "kitty"),
        ("renege", "renege"),
        ("stick the dealer", "stick-the-dealer"),
        ("bauer", "right-bower"),  # another spelling players use
        ("follow suit", "follow-suit"),
    ],
)
@pytest.mark.parametrize("variant", list(Variant))
def test_search_finds_a_rule_by_word(variant: Variant, query: str, anchor: str) -> None:
    hits = search(query, variant=variant)
    assert anchor in [h.anchor for h in hits]


def test_search_puts_the_exact_phrase_first_and_marks_rulings() -> None:
    hits = search("renege", variant=Variant.CALL_ACE)
    assert hits[0].anchor == "renege"
    rulings = [h for h in hits if h.is_ruling]
    assert {h.anchor for h in rulings} >= {"ruling-renege", "ruling-hidden-partner"}
    assert all(h.title == "Ruling" for h in rulings)


def test_search_with_no_words_or_no_match_finds_nothing() -> None:
    assert search("", variant=Variant.CALL_ACE) == ()
    assert search("  ?! ", variant=Variant.CALL_ACE) == ()
    assert search("croquet", variant=Variant.STANDARD) == ()


def test_house_rules_show_every_choice_and_which_one_is_in_force() -> None:
    book = rulebook(Variant.CALL_ACE)
    keys = [o.key for o in book.options]
    assert keys == ["deal", "stick_the_dealer", "renege", "target", "ties"]
    renege = next(o for o in book.options if o.key == "renege")
    assert [c.value for c in renege.choices] == ["march-or-euchre", "offender-loses-2"]
    assert renege.default.value == "march-or-euchre"
    assert in_force(renege, HouseRules()).value == "march-or-euchre"
    table_rules = HouseRules(renege=RenegeRule.OFFENDER_LOSES_2, ties=TieRule.PLAY_ON)
    assert in_force(renege, table_rules).value == "offender-loses-2"
    stick = next(o for o in book.options if o.key == "stick_the_dealer")
    assert in_force(stick, HouseRules(stick_the_dealer=False)).value == "off"
    target = next(o for o in book.options if o.key == "target")
    assert in_force(target, HouseRules(target=15)).label == "15 points"


def test_no_trump_is_a_house_rule_of_standard_euchre_only() -> None:
    assert "no_trump" in [o.key for o in rulebook(Variant.STANDARD).options]
    assert "no_trump" not in [o.key for o in rulebook(Variant.CALL_ACE).options]
    assert "ties" not in [o.key for o in rulebook(Variant.STANDARD).options]


def test_the_renege_penalty_follows_the_tables_rule() -> None:
    default = renege_penalty(Variant.CALL_ACE, HouseRules(), players=5)
    assert "march (3 each with a partner, 5 for a lone maker)" in default
    assert "euchre: 2 to each defender" in default
    standard = renege_penalty(Variant.STANDARD, HouseRules())
    assert "scores 2, or 4" in standard
    house = house_rules_from_dict(Variant.CALL_ACE, {"renege": "offender-loses-2"})
    assert renege_penalty(Variant.CALL_ACE, house).startswith("The player who reneged loses 2")


# --- Search that forgives word forms and knows players' names (docs/decisions.md, D11) ------------

# What players type, and the rule it must find first, in every variant.
PLAYERS_WORDS = [
    ("going alone", "alone"),
    ("loner", "alone"),
    ("lone hand", "alone"),
    ("bowers", "right-bower"),
    ("bower", "left-bower"),
    ("misdeal", "ruling-misdeal"),
    ("euchred", "euchre"),
    ("euchre", "euchre"),
    ("renege", "renege"),
    ("reneging", "renege"),
    ("reneged", "renege"),
    ("stick the dealer", "stick-the-dealer"),
    ("screw the dealer", "stick-the-dealer"),
    ("left", "left-bower"),
    ("right", "right-bower"),
]


@pytest.mark.parametrize(("query", "anchor"), PLAYERS_WORDS)
@pytest.mark.parametrize("variant", list(Variant))
def test_search_understands_the_words_players_use(
    variant: Variant, query: str, anchor: str
) -> None:
    hits = search(query, variant=variant)
    assert anchor in [h.anchor for h in hits]
    # The rule the query names comes before rules that only mention its words.
    assert hits[0].anchor in {anchor, "right-bower", "left-bower"}


@pytest.mark.parametrize("variant", list(Variant))
@pytest.mark.parametrize("query", ["march", "sweep", "marches"])
def test_a_sweep_is_a_march(variant: Variant, query: str) -> None:
    hits = search(query, variant=variant)
    assert {h.section.slug for h in hits} >= {"scoring"}
    assert any("march" in h.text for h in hits)


def test_search_for_going_alone_finds_each_variants_own_rule() -> None:
    assert search("going alone", variant=Variant.STANDARD)[0].section.slug == "partner"
    assert search("going alone", variant=Variant.CALL_ACE)[0].text.startswith(
        "A maker who calls an ace from their own hand plays alone"
    )


def test_suggest_offers_close_terms_when_nothing_matches() -> None:
    assert search("bowre", variant=Variant.STANDARD) == ()
    assert suggest_from_sections("bowre", rulebook(Variant.STANDARD).sections)[0] == "bower"
    assert "renege" in suggest_from_sections("reneeg", rulebook(Variant.CALL_ACE).sections)
    assert "stick the dealer" in suggest_from_sections(
        "stik the dealr", rulebook(Variant.CALL_YOUR_PARTNER).sections
    )


def test_suggest_is_silent_when_the_query_finds_rules_or_nothing_is_close() -> None:
    assert suggest_from_sections("renege", rulebook(Variant.CALL_ACE).sections) == ()
    assert suggest_from_sections("xyzzy", rulebook(Variant.CALL_ACE).sections) == ()
    assert suggest_from_sections("  ", rulebook(Variant.CALL_ACE).sections) == ()


@pytest.mark.parametrize(
    ("word", "stemmed"),
    [
        ("bowers", "bower"),
        ("reneging", "reneg"),
        ("reneged", "reneg"),
        ("renege", "reneg"),
        ("euchred", "euchr"),
        ("euchre", "euchr"),
        ("tricks", "trick"),
        ("pass", "pass"),
    ],
)
def test_word_forms_meet_at_one_stem(word: str, stemmed: str) -> None:
    assert stem(word) == stemmed


# --- The rulings docs/rules.md added (the misdeal in 2, Standard 5's team penalty) -------------


@pytest.mark.parametrize("variant", list(Variant))
def test_every_variant_rules_on_the_misdeal(variant: Variant) -> None:
    (misdeal,) = [
        p for p in rulebook(variant).section("bidding").paragraphs if p.anchor == "ruling-misdeal"
    ]
    assert misdeal.is_ruling
    assert "misdeal" in misdeal.text.lower()
    assert "thrown in" in misdeal.text


def test_standard_euchre_takes_the_offenders_penalty_from_the_team_total() -> None:
    scoring = rulebook(Variant.STANDARD).section("scoring").paragraphs
    (ruling,) = [p for p in scoring if p.is_ruling and "team" in p.text]
    assert ruling.anchor == "ruling-team-penalty"
    assert f"loses {RENEGE_PENALTY_POINTS}" in ruling.text
    assert "below 0" in ruling.text


# --- Points in the rule text are the scoring rules' own (docs/decisions.md, D2) -------------------


@pytest.mark.parametrize("players", [4, 5, 6])
def test_the_call_ace_renege_penalty_quotes_the_march_the_scoring_gives(players: int) -> None:
    text = renege_penalty(Variant.CALL_ACE, HouseRules(), players=players)
    each = march_points(Variant.CALL_ACE, players, alone=False)
    lone = march_points(Variant.CALL_ACE, players, alone=True)
    assert f"({each} each with a partner, {lone} for a lone maker)" in text
    assert f"euchre: {EUCHRE_POINTS} to each defender" in text


def test_the_renege_penalty_without_a_table_size_gives_both_call_ace_marches() -> None:
    text = renege_penalty(Variant.CALL_ACE, HouseRules())
    assert "with a partner 2 each at four players and 3 each at five or six" in text
    assert renege_penalty(Variant.CALL_YOUR_PARTNER, HouseRules()).startswith(
        "If a defender reneged, the maker's side scores a march (2 each with a partner, "
        "5 for a lone maker)."
    )
    house = house_rules_from_dict(Variant.STANDARD, {"renege": "offender-loses-2"})
    assert renege_penalty(Variant.STANDARD, house).startswith("The reneging team loses 2 points")


def test_the_standard_renege_option_names_the_scoring_points() -> None:
    (option,) = [o for o in rulebook(Variant.STANDARD).options if o.key == "renege"]
    assert option.default.label == "2 or 4"
    assert "scores 2, or 4 when the hand was played alone" in option.default.text
