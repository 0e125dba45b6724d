"""Players through their widgets: a rename onto another player's name offers the merge and
does it on one tap; a player's page lists their games across kinds; a guest is seated for
one game without becoming a player."""

from kivy.core.window import Window
from kivy.uix.textinput import TextInput

from companion.games import engine_for
from tests.test_export import SETTINGS
from tests.ui.conftest import start_app, stop_app
from tests.ui.readability import problems
from ui.kit.picker import GuestEntry


def scorepad(store, names, winner=None):
    game = store.new_session("scorepad", {"players": names})
    if winner:
        game.do({"type": "add", "player": winner, "points": 3})
        game.do({"type": "finish"})
    return game.id


def rename(ui, old, new):
    ui.tap("Players")
    ui.tap(old)
    name = ui.find(cls=TextInput)
    name.text = ""
    ui.tap(name)
    ui.type(new)
    ui.tap("Save changes")


def message(ui):
    return ui.screen.message


def test_renaming_onto_another_players_name_offers_the_merge_and_one_tap_does_it(ui):
    store = ui.app.store
    anna, ana = store.add_player("Anna", "red"), store.add_player("Ana", "blue")
    old = [scorepad(store, ["Anna", "Bob"], winner="Anna"), scorepad(store, ["Anna"])]
    new = scorepad(store, ["Ana", "Cid"])
    rename(ui, "Anna", "ana")
    assert message(ui) == "Ana is already a player. Merge Anna into Ana? Their 2 games become Ana's."
    assert len(store.players()) == 2  # nothing done yet
    assert problems(ui.screen) == []
    ui.screenshot("players-merge")
    ui.tap("Merge Anna into Ana")
    assert message(ui) == "Merged Anna into Ana: 2 games moved."
    assert [(p.id, p.name) for p in store.players()] == [(ana.id, "Ana")]
    assert store.player_sessions(ana.id) == [new, *reversed(old)] and store.player_sessions(anna.id) == []
    assert "Anna" not in ui.texts()


def test_an_offered_merge_is_withdrawn_by_cancel_or_by_typing(ui):
    store = ui.app.store
    store.add_player("Anna", "red")
    store.add_player("Ana", "blue")
    rename(ui, "Anna", "Ana")
    ui.tap("Cancel")
    assert message(ui) == "" and ui.screen.ids.merge.disabled
    ui.tap("Save changes")  # asked again
    ui.tap(ui.find(cls=TextInput))
    ui.type("x")  # "Anax": no longer a merge
    assert ui.screen.ids.merge.disabled
    ui.tap("Save changes")
    assert [p.name for p in store.players()] == ["Ana", "Anax"]


def add(ui, name):
    ui.tap("Players")
    ui.tap(ui.find(cls=TextInput))
    ui.type(name)
    ui.tap("Add player")


def test_a_look_alike_name_is_warned_about_and_added_only_on_its_own_button(ui):
    store = ui.app.store
    store.add_player("Ann", "red")
    add(ui, "\u0410nn")  # a Cyrillic А
    assert message(ui) == ("\u0410nn looks like Ann, who is already a player (its letter 1 is Cyrillic Capital "
                           "Letter A (\u0410), where Ann's is Latin Capital Letter A (A)). Is \u0410nn someone else?")
    assert [p.name for p in store.players()] == ["Ann"] and ui.screen.ids.save.disabled
    assert problems(ui.screen) == []
    ui.screenshot("players-look-alike")
    ui.tap("Cancel")
    assert message(ui) == "" and not ui.screen.ids.save.disabled
    ui.tap("Add player")  # warned again
    ui.tap("Add \u0410nn anyway")
    assert message(ui) == "Added \u0410nn." and sorted(p.name for p in store.players()) == ["Ann", "\u0410nn"]


def test_the_same_name_in_other_bytes_is_the_player_already_there(ui):
    store = ui.app.store
    store.add_player("José", "red")
    add(ui, "JOSE\u0301\u200d")
    assert message(ui) == "There is already a player called 'JOSÉ'"
    assert [p.name for p in store.players()] == ["José"]


def test_two_people_who_played_together_are_not_merged(ui):
    store = ui.app.store
    store.add_player("Anna", "red")
    store.add_player("Ana", "blue")
    scorepad(store, ["Anna", "Ana"])
    rename(ui, "Anna", "Ana")
    ui.tap("Merge Anna into Ana")
    assert message(ui) == ("Anna and Ana played 1 game together, so they are two people: "
                           "give one of them another name")
    assert [p.name for p in store.players()] == ["Ana", "Anna"]


def test_a_players_page_lists_their_games_across_kinds_newest_first_and_keeps_them_through_a_rename(ui):
    store = ui.app.store
    store.add_player("Ann", "red")
    scorepad(store, ["Ann", "Bob"], winner="Bob")
    scorepad(store, ["Bob", "Ann"], winner="Ann")
    store.new_session("spurs", SETTINGS["spurs"])  # Ann, Bob and Cid: unfinished
    scorepad(store, ["Bob"])  # not hers
    rename(ui, "Ann", "Annie")
    assert message(ui) == "Saved Annie."
    ui.tap("Annie")
    ui.tap("Their games")
    assert ui.app.manager.current == "player" and ui.screen.title == "Annie"
    rows = [row.text for row in reversed(ui.screen.ids.games.children)]
    assert [row.split("  ·  ")[1:] for row in rows] == [
        ["Spurs", "not finished"], ["Score pad", "won, 3 points"], ["Score pad", "lost, 0 points"]]
    tally = [row.text for row in reversed(ui.screen.ids.tally.children)]
    assert tally == ["Spurs: 1 not finished", "Score pad: 2 played, 1 won"]
    assert ui.screen.ids.stats_box.children  # filled by the statistics (tests/ui/test_stats.py)
    assert problems(ui.screen) == []
    ui.screenshot("player-page")
    ui.tap("Players")
    assert ui.app.manager.current == "players"


def guest_entry(ui):
    """Tap + Guest: the entry opens over the setup, its name field focused."""
    ui.tap("+ Guest")
    (entry,) = [w for w in ui.app.root_window.children if isinstance(w, GuestEntry)]
    assert entry.ids.name.focus
    assert problems(entry) == []
    return entry


def test_a_guest_plays_one_game_without_becoming_a_player(ui):
    store = ui.app.store
    ann = store.add_player("Ann", "red")
    ui.tap("Score pad")
    entry = guest_entry(ui)
    ui.type("ann")
    ui.tap("Seat the guest", root=entry)
    assert entry.message == "Ann is a player: tap Ann instead, so the game is theirs."
    assert ui.screen.ids.picker.chosen == []
    entry.ids.name.text = ""
    ui.tap(entry.ids.name)
    ui.type("Zed")
    ui.tap("Seat the guest", root=entry)
    assert entry.parent is None, entry.message  # closed
    assert "Seats in order: Zed (guest)" in ui.texts()
    ui.tap("Ann")
    ui.tap("Start")
    assert ui.app.manager.current == "scorepad"
    game = store.sessions()[0]
    assert game.settings == {"players": ["Zed", "Ann"], "rules": max(engine_for("scorepad").rules_versions)}
    assert [(s.name, s.player_id) for s in store.seats([game.id])[game.id]] == [("Zed", None), ("Ann", ann.id)]
    assert [p.name for p in store.players()] == ["Ann"]
    ui.app.go("players")
    assert "Zed" not in ui.texts() and "Zed (guest)" not in ui.texts()


def test_a_seated_guest_stands_up_when_tapped(ui):
    ui.app.store.add_player("Ann", "red")
    ui.tap("Score pad")
    entry = guest_entry(ui)
    ui.type("Zed")
    ui.tap("Seat the guest", root=entry)
    ui.tap("Zed (guest)")
    assert ui.screen.ids.picker.chosen == [] and "Zed (guest)" not in ui.texts()


def test_a_spurs_table_seats_a_guest_beside_a_player(ui):
    store = ui.app.store
    store.add_player("Ann", "red")
    ui.tap("Spurs")
    ui.tap("Ann")
    entry = guest_entry(ui)
    ui.type("Zed")
    ui.tap("Seat the guest", root=entry)
    rows = list(reversed(ui.screen.ids.characters.children))
    assert [row.player.name for row in rows] == ["Ann", "Zed"]
    ui.screenshot("spurs-setup-guest")


def test_a_guest_is_named_on_the_on_screen_keys_with_the_field_and_button_above_them(db):
    from tests.ui.test_keyboard import assert_visible_above, press_key, shown

    ui = start_app(db, keyboard="on")
    try:
        ui.pump()
        ui.tap("Score pad")
        entry = guest_entry(ui)
        ui.pump(3)
        board = shown(ui)
        assert board is not None
        for key in "Zed":
            press_key(ui, key)
        assert entry.ids.name.text == "Zed"
        seat = ui.find("Seat the guest", root=entry)
        assert_visible_above(board, entry.ids.name)
        assert_visible_above(board, seat)
        ui.tap(seat)
        assert ui.screen.ids.picker.seat_line(ui.screen.ids.picker.chosen) == "Zed (guest)"
    finally:
        Window.release_all_keyboards()
        stop_app(ui)
