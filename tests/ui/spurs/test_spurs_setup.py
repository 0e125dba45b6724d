"""Spurs setup through its widgets (it holds no game yet, so no screen model): it waits
until every sheet is copied (R-S9), says a refusal, remembers the characters for the next
game; and the final scores' rematch starts the same table again. The game's own flow is
tested on the screen model (tests/spurs/test_screen_*.py)."""

from kivy.core.window import Window
from kivy.uix.textinput import TextInput

from tests.ui.spurs.driving import begin_game, fill_character, set_stepper


def test_setup_waits_for_the_sheets_and_remembers_characters(ui):
    ui.app.store.add_player("Ann", "red")
    ui.app.store.add_player("Bob", "yellow")
    ui.tap("Spurs")
    ui.tap("Bob")
    ui.tap("Ann")
    ui.tap("Start")
    assert ui.screen.message == "Bob: enter the character and riding skill and bag from the sheet"
    bob, ann = reversed(ui.screen.ids.characters.children)
    fill_character(ui, bob, {"character": "Kid", "riding": 2, "bag": {"grey": 3}})
    fill_character(ui, ann, {"character": "Doc", "riding": 3, "bag": {"grey": 1, "red": 4}})
    ui.tap("Start")
    assert ui.screen.message == "Refused: Ann's bag holds 4 red bullets; the limit is 3 [R-S3]"
    assert ui.app.store.pref("spurs.characters", {}) == {}
    set_stepper(ui, ann.ids.red, 1)
    ui.tap("Start")
    assert ui.app.manager.current == "spurs"
    assert [p.name for p in ui.screen.session.state.players] == ["Bob", "Ann"]

    ui.tap("Home")  # next game: the same characters come back when named again
    ui.tap("Spurs")
    row = next(r for r in ui.screen.ids.characters.children if r.player.name == "Ann")
    assert (row.ids.character.text, row.ids.riding.value, row.ids.grey.value) == ("", 0, 0)
    ui.tap(ui.find(cls=TextInput, root=row))
    ui.type("doc")
    assert (row.ids.riding.value, row.ids.grey.value, row.ids.red.value) == (3, 1, 1)
    bob = next(r for r in ui.screen.ids.characters.children if r.player.name == "Bob")
    ui.tap(ui.find("Known...", root=bob))
    ui.tap(ui.find("Kid", root=Window.children[0]))  # the drop-down list opens over the screen
    assert bob.ids.character.text == "Kid" and (bob.ids.riding.value, bob.ids.grey.value) == (2, 3)


def test_the_final_scores_offer_a_rematch_with_the_same_players_and_sheets(ui):
    begin_game(ui)
    first = ui.screen.session
    ui.screen.act({"type": "adjust", "player": "Bob", "fame": 10})
    assert ui.screen.model.page == "final" and "Game over: Bob wins." in ui.texts()
    ui.tap("Rematch: same players and sheets")
    again = ui.screen.session
    assert again.id != first.id and again.settings == first.settings
    assert [p.fame for p in again.state.players] == [0, 0] and ui.screen.model.page == "table"


def test_leaving_the_game_leaves_no_steps_open(ui):
    from tests.ui.spurs.driving import number
    begin_game(ui)
    ui.tap(number(ui, "Bob", "fame"))
    ui.app.go_home()  # the app may leave by itself (a database problem, a restart of the screen)
    ui.pump()
    ui.tap(ui.find(startswith="Resume Spurs"))
    assert ui.app.manager.current == "spurs" and "+1" not in ui.texts()
