"""A table's seasons (docs/formats.md, "Seasons"): naming one, refusing bad
dates and overlaps beside the field, a double tap naming one season, and a
season's standings and leaders."""

from __future__ import annotations

import uuid
from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from referee.engine.variants import Variant
from scorekeeper.models import AlreadyStarted, PrivateTable, Season, table_ratings
from scorekeeper.models.night_boards import read_board
from scorekeeper.seasons.standings import Leader, season_standings
from tests.conftest import joined_client
from tests.game_support import HTMX, our_table
from tests.night_support import play_round, start_night
from tests.seasons.season_support import game_on, month_end, name_form, post_season, season

pytestmark = pytest.mark.django_db

SEP_1, DEC_20 = date(2026, 9, 1), date(2026, 12, 20)


def test_a_season_named_on_the_form_opens_its_page(client: Client) -> None:
    our_table()
    response = post_season(client, name="Autumn 2026", starts="2026-09-01", ends="2026-12-20")
    stored = Season.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("season_detail", args=[stored.pk])
    assert (stored.name, stored.starts, stored.ends) == ("Autumn 2026", SEP_1, DEC_20)
    page = client.get(response["Location"]).content.decode()
    assert "Autumn 2026" in page
    assert "1 September 2026 to 20 December 2026" in page
    assert reverse("season_watch", args=[stored.watch_token]) in page


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"starts": "2026-02-31", "ends": "2026-03-31"}, "starts", "No such date"),
        ({"starts": "2026-02-01", "ends": "2026-02-30"}, "ends", "No such date"),
        ({"starts": "0000-01-01", "ends": "2026-03-31"}, "starts", "No such date"),
        ({"starts": "2026-01-01", "ends": "99999-12-31"}, "ends", "No such date"),
        ({"starts": "1899-12-31", "ends": "2026-03-31"}, "starts", "a year from 1900 to 2999"),
        ({"starts": "2026-12-20", "ends": "2026-09-01"}, "ends", "comes before the first"),
        ({"starts": "", "ends": "2026-09-01"}, "starts", "Give the date"),
        ({"starts": "1 Sept", "ends": "2026-09-01"}, "starts", "No such date"),
        ({"name": "", "starts": "2026-09-01", "ends": "2026-12-20"}, "name", "a name"),
        ({"name": "x" * 61, "starts": "2026-09-01", "ends": "2026-12-20"}, "name", "at most 60"),
        (
            {"name": "A\x00B", "starts": "2026-09-01", "ends": "2026-12-20"},
            "name",
            "null characters",
        ),
        ({"name": "A\x07B", "starts": "2026-09-01", "ends": "2026-12-20"}, "name", "hidden"),
        ({"name": "A\u202eB", "starts": "2026-09-01", "ends": "2026-12-20"}, "name", "hidden"),
    ],
)
def test_a_date_or_name_that_cannot_be_is_refused_beside_its_field(
    client: Client, fields: dict[str, str], field: str, message: str
) -> None:
    our_table()
    response = client.post(reverse("season_list"), name_form(**fields), **HTMX)
    assert response.status_code == 422
    form = response.context["form"]
    assert message.casefold() in " ".join(form.errors[field]).casefold()
    assert f'id="id_{field}_error"' in response.content.decode()
    assert not Season.objects.exists()


def test_a_season_sharing_a_game_night_with_another_is_refused_naming_it(client: Client) -> None:
    season("Autumn", SEP_1, DEC_20)
    response = post_season(client, name="Winter", starts="2026-12-20", ends="2027-03-01")
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert "“Autumn” (1 September 2026 to 20 December 2026)" in errors["starts"][0]
    # One running into the next season is told beside its last night.
    response = post_season(client, name="Summer", starts="2026-06-01", ends="2026-09-01")
    assert "“Autumn”" in response.context["form"].errors["ends"][0]
    assert list(Season.objects.values_list("name", flat=True)) == ["Autumn"]
    # The next day is free; another table's seasons are its own.
    assert (
        post_season(client, name="Winter", starts="2026-12-21", ends="2027-03-01").status_code
        == 302
    )
    other = PrivateTable.objects.create(name="Club")
    assert season("Autumn", SEP_1, DEC_20, private_table=other).private_table == other


def test_a_double_tap_names_one_season_and_a_changed_form_is_told(client: Client) -> None:
    our_table()
    form = name_form(name="Autumn", starts="2026-09-01", ends="2026-12-20")
    first = client.post(reverse("season_list"), form)
    again = client.post(reverse("season_list"), form)
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"]
    assert Season.objects.count() == 1
    changed = client.post(reverse("season_list"), {**form, "name": "Fall"})
    assert changed.status_code == 409
    assert "already named the season “Autumn”" in changed.content.decode()
    assert changed.context["form"]["token"].value() != form["token"]
    assert list(Season.objects.values_list("name", flat=True)) == ["Autumn"]


def test_the_same_token_for_another_season_stores_nothing() -> None:
    token = uuid.uuid4()
    private_table = our_table()
    Season.name_season(
        private_table=private_table, name="A", starts=SEP_1, ends=DEC_20, token=token
    )
    with pytest.raises(AlreadyStarted):
        Season.name_season(
            private_table=private_table, name="B", starts=SEP_1, ends=DEC_20, token=token
        )
    assert Season.objects.count() == 1


def test_another_tables_seasons_are_a_404_and_a_phone_with_no_table_names_none(
    stranger: Client,
) -> None:
    other = PrivateTable.objects.create(name="Club")
    theirs = season("Autumn", SEP_1, DEC_20, private_table=other)
    assert stranger.get(reverse("season_detail", args=[theirs.pk])).status_code == 404
    assert "Autumn" not in stranger.get(reverse("season_list")).content.decode()
    response = post_season(stranger, name="Mine", starts="2026-09-01", ends="2026-12-20")
    assert response.status_code == 422
    assert Season.objects.count() == 1


def test_the_form_offers_the_tables_game_nights(client: Client) -> None:
    game_on(date(2026, 9, 4), "Ann", "Ben")
    game_on(date(2026, 9, 11), "Ann", "Ben", hour=1)  # after midnight: the 11th's night
    page = client.get(reverse("season_list")).content.decode()
    assert '<option value="2026-09-04">' in page
    assert '<option value="2026-09-11">' in page
    assert '<option value="2026-09-12">' not in page


def test_the_standings_count_games_wins_points_nights_and_ratings() -> None:
    game_on(date(2026, 8, 31), "Cat", "Dan")  # before the season
    game_on(date(2026, 9, 4), "Ann", "Ben")
    game_on(date(2026, 9, 4), "Ann", "Cat", hour=23)
    game_on(date(2026, 9, 11), "Ann", "Ben", hour=2)  # 2 a.m.: the night of the 11th
    game_on(date(2026, 12, 21), "Eve", "Dan")  # after it
    autumn = season("Autumn", SEP_1, DEC_20)
    standings = season_standings(autumn)
    lines = {line.name: line for line in standings.lines}
    assert standings.games == 3
    assert (lines["Ann"].games, lines["Ann"].wins, lines["Ann"].points) == (3, 3, 18)
    assert (lines["Ben"].wins, lines["Ben"].points) == (2, 12)
    assert (lines["Cat"].wins, lines["Cat"].points) == (1, 6)
    assert (lines["Dan"].wins, lines["Dan"].points) == (0, 0)
    assert lines["Ann"].nights == 2
    assert lines["Cat"].nights == 2
    assert [line.name for line in standings.lines][:3] == ["Ann", "Ben", "Cat"]
    assert (lines["Dan"].place, lines["Eve"].place, lines["Dan"].shared) == (4, 4, True)
    # The ratings: after the season, and their change since it began.
    after = table_ratings(our_table(), finished_before=autumn.ends_at)
    before = table_ratings(our_table(), finished_before=autumn.begins_at)
    ann = lines["Ann"].ratings[standings.variants[0]]
    ann_id = lines["Ann"].player_id
    assert ann.rating == pytest.approx(after[ann_id, "call-ace"].ordinal)
    assert ann.change == pytest.approx(
        after[ann_id, "call-ace"].ordinal - before[ann_id, "call-ace"].ordinal
    )
    assert ann.change > 0 > lines["Dan"].ratings[standings.variants[0]].change
    leaders = {leader.label: leader for leader in standings.leaders}
    assert leaders["Most points"].names == ("Ann",)
    assert leaders["Most points"].value == "18"
    # All five played every game, on both nights: those figures lead nobody.
    assert "Most game nights" not in leaders
    assert "Most games" not in leaders
    assert leaders["Most wins"].shown == "Ann"
    assert leaders["Most points"].shown == "Ann"
    assert "Most prizes" not in leaders
    assert leaders["Highest rating, Call-Ace Euchre"].names == ("Ann",)


def test_a_leaders_line_names_everyone_level() -> None:
    names = ("Ann", "Ben", "Cat", "Dan", "Eve")
    assert Leader("Most points", "6", names).shown == "Ann, Ben, Cat, Dan and Eve"
    assert Leader("Most points", "6", names[:1]).shown == "Ann"


def standings_shown(client: Client, shown: Season) -> str:
    """The season page's standings and leaders, as drawn."""
    page = client.get(reverse("season_detail", args=[shown.pk])).content.decode()
    return page[page.index('<header class="season-head">') : page.index("season-watch-link")]


def test_a_new_season_never_changes_an_old_ones_page(client: Client) -> None:
    game_on(date(2026, 9, 4), "Ann", "Ben")
    autumn = season("Autumn", SEP_1, DEC_20)
    shown = standings_shown(client, autumn)
    assert "Ann" in shown
    game_on(date(2027, 1, 8), "Eve", "Dan")
    season("Winter", date(2027, 1, 1), date(2027, 3, 31))
    assert standings_shown(client, autumn) == shown


def test_a_euchre_night_in_the_season_counts_its_rounds_and_prizes() -> None:
    night = start_night(rounds=1, hands=4)
    play_round(night.rounds.get(number=1), 4)
    today = night.created_at.date()
    spring = season("Now", today.replace(day=1), month_end(today))
    standings = season_standings(spring)
    board = read_board(night)
    assert board.over
    winners = {board.name(number) for prize in board.standings.prizes for number in prize.winners}
    lines = {line.name: line for line in standings.lines}
    assert {name for name, line in lines.items() if line.prizes} == winners
    # The night's round is counted apart from games, and rated as the game it is.
    assert all(
        (line.games, line.rounds, line.nights, line.wins) == (0, 1, 1, 0) for line in lines.values()
    )
    assert all(Variant.STANDARD in line.ratings for line in lines.values())
    assert standings.euchre_nights == 1
    assert standings.games == 0
    assert len(lines) == 8


def test_a_phone_sees_its_tables_seasons_and_the_games_and_tables_link_them(client: Client) -> None:
    season("Autumn", SEP_1, DEC_20)
    assert "Autumn" in client.get(reverse("season_list")).content.decode()
    assert reverse("season_list") in client.get(reverse("game_list")).content.decode()
    assert reverse("season_list") in client.get(reverse("table_list")).content.decode()


@pytest.mark.postgres
def test_a_season_with_no_game_finished_says_so(client: Client) -> None:
    autumn = season("Autumn", SEP_1, DEC_20)
    page = client.get(reverse("season_detail", args=[autumn.pk])).content.decode()
    assert "No game of this season has finished yet." in page


def test_only_the_phones_tables_are_offered() -> None:
    mine = PrivateTable.objects.create(name="Mine")
    phone = joined_client(mine.key)
    response = post_season(phone, name="A", starts="2026-09-01", ends="2026-09-30")
    assert response.status_code == 302
    assert Season.objects.get().private_table == mine


def test_htmx_gets_the_screens_partial_and_a_page_load_the_whole_page(client: Client) -> None:
    autumn = season("Autumn", SEP_1, DEC_20)
    for address in (reverse("season_list"), reverse("season_detail", args=[autumn.pk])):
        partial = client.get(address, **HTMX)
        whole = client.get(address)
        assert "HX-Request" in partial["Vary"]
        assert "<html" not in partial.content.decode()
        assert "<html" in whole.content.decode()
        assert "Autumn" in partial.content.decode()


@pytest.mark.postgres
def test_the_operator_renames_or_removes_a_season_and_its_dates_stay(admin_client: Client) -> None:
    autumn = season("Autumn", SEP_1, DEC_20)
    change = reverse("admin:scorekeeper_season_change", args=[autumn.pk])
    assert (
        "Autumn"
        in admin_client.get(reverse("admin:scorekeeper_season_changelist")).content.decode()
    )
    response = admin_client.post(change, {"name": "Fall", "starts": "2027-01-01"})
    assert response.status_code == 302
    autumn.refresh_from_db()
    assert (autumn.name, autumn.starts) == ("Fall", SEP_1)
    assert admin_client.get(reverse("admin:scorekeeper_season_add")).status_code == 403
    delete = reverse("admin:scorekeeper_season_delete", args=[autumn.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 302
    assert not Season.objects.exists()


def test_the_season_page_counts_night_rounds_apart_and_says_what_a_rating_means(
    client: Client,
) -> None:
    night = start_night(rounds=1, hands=4)
    play_round(night.rounds.get(number=1), 4)
    today = night.created_at.date()
    spring = season("Now", today.replace(day=1), month_end(today))
    page = client.get(reverse("season_detail", args=[spring.pk])).content.decode()
    assert '<th scope="col" class="num">Night rounds</th>' in page
    assert "everyone starts at 0" in page
    assert "provisional" in page  # one rated round each: their first
    assert "sigma" not in page  # mu and sigma are for the CSV and a player's details
