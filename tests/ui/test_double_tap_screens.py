"""Double taps where a check of every test's taps found the second would reach a button the
first brought (a player's page's Players -> the list's Home, "+ Guest" -> "Seat the guest",
a seated guest's chip -> "+ Guest", a refusal's "Got it" -> the step beneath it). No screen
wires anything for it: the app's guard (ui/kit/doubletap.py) takes the second tap. A button that
stays takes both taps: two taps on "+1" are two points."""

from __future__ import annotations

from tests.ui.bountytown import walk
from ui.kit.picker import GuestEntry


def entries(ui) -> list[GuestEntry]:
    return [w for w in ui.app.root_window.children if isinstance(w, GuestEntry)]


def test_a_double_tap_on_players_goes_back_to_the_list_and_stays(ui):
    ui.app.store.add_player("Ann", "red")
    ui.tap("Players")
    ui.tap("Ann")
    ui.tap("Their games")
    assert ui.app.manager.current == "player"  # Ann's page: its way back lies where the list has Home
    ui.double_tap("Players")
    assert ui.app.manager.current == "players"


def test_a_double_tap_on_plus_guest_opens_the_entry_and_seats_no_one(ui):
    ui.tap("Score pad")
    ui.double_tap("+ Guest")  # "Seat the guest" lies where "+ Guest" was
    (entry,) = entries(ui)
    assert entry.message == "" and entry.ids.name.focus


def test_a_double_tap_on_a_seated_guest_stands_them_up_once(ui):
    ui.tap("Score pad")
    ui.tap("+ Guest")
    ui.type("Zed")
    ui.tap("Seat the guest", root=entries(ui)[0])
    ui.double_tap("Zed (guest)")  # "+ Guest" moves into the chip's place
    assert ui.screen.ids.picker.chosen == [] and entries(ui) == []


def test_two_quick_taps_on_plus_one_are_two_points(ui):
    store = ui.app.store
    store.add_player("Ann", "red")
    ui.app.start_session("scorepad", {"players": ["Ann"]})
    ui.pump()
    ui.double_tap("+1")
    assert [a["points"] for a in ui.screen.session.actions] == [1, 1]


def test_a_double_tap_on_got_it_reads_the_refusal_and_taps_nothing_under_it(ui):
    walk.add_players(ui)
    ui.tap("Bountytown")
    ui.tap("Start")
    assert ui.screen.setup.message
    page = ui.screen.ids.pages.current
    ui.double_tap("Got it")
    assert ui.screen.setup.message == "" and ui.screen.ids.pages.current == page
