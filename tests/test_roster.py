"""Seat names read from every game's settings shape, and damaged shapes read as no seats."""

import pytest

from companion.db.roster import Seat, link, name_key, seat_names
from tests.test_export import SETTINGS


def test_every_game_kind_names_its_seats_in_order():
    assert seat_names("spurs", SETTINGS["spurs"]) == ["Ann", "Bob", "Cid"]
    assert seat_names("bountytown", SETTINGS["bountytown"]) == ["Bart", "Valentina", "Terry"]
    assert seat_names("scorepad", {"players": ["Ann", "Bob"]}) == ["Ann", "Bob"]


def test_a_rapid_city_colour_without_a_name_is_called_by_its_colour():  # ruling: R-R2
    settings = {"players": ["red", "blue", "green"], "names": {"blue": " Ana ", "green": "  "}, "seed": 1}
    assert seat_names("rapidcity", settings) == ["red", "Ana", "green"]


@pytest.mark.parametrize("kind, settings", [
    ("spurs", {}),
    ("spurs", {"players": "Ann"}),
    ("spurs", {"players": [{"name": "Ann"}, {"character": "Doc"}]}),
    ("spurs", {"players": [{"name": "Ann"}, "Bob"]}),
    ("bountytown", {"players": [{"name": 7}]}),
    ("scorepad", {"players": ["Ann", None]}),
    ("scorepad", {"players": ["Ann", "  "]}),
    ("rapidcity", {"players": ["red", 3]}),
    ("rapidcity", {"players": ["red"], "names": ["Ann"]}),
    ("chess", {"players": ["Ann"]}),
    ("scorepad", ["Ann"]),
])
def test_settings_that_are_not_what_the_companion_writes_have_no_seats(kind, settings):
    assert seat_names(kind, settings) == []


def test_names_link_whatever_their_case_unicode_form_or_invisible_characters():
    players = {name_key("Ann Lee"): 1, name_key("Émile"): 2, name_key("José"): 3}
    assert link(["ann  lee", "éMILE", "Jose\u0301", "Zed", "\u0410nn Lee"], players) == [
        Seat(0, "ann  lee", 1), Seat(1, "éMILE", 2), Seat(2, "Jose\u0301", 3), Seat(3, "Zed", None),
        Seat(4, "\u0410nn Lee", None)]  # a Cyrillic А: another name, however alike it looks
    assert link(["A\u200dnn\u00a0Lee"], players) == [Seat(0, "A\u200dnn\u00a0Lee", 1)]


def test_a_seat_of_only_invisible_characters_is_no_seat():
    assert seat_names("scorepad", {"players": ["Ann", "\u200b\u202e"]}) == []


def test_a_player_sits_once_so_a_second_name_of_theirs_is_a_guest():
    assert link(["Ann", "ANN"], {"ann": 1}) == [Seat(0, "Ann", 1), Seat(1, "ANN", None)]
