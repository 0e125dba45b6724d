"""What issue 28 found on the Bountytown screens and the shared ones at 800x480 with real
taps, each now a test: a double tap on See the result never confirms, the result never opens
by itself; Got it on a setup refusal clears it and the steps stay tappable; renown has a
"+1" under the finger; a bounty card's base cards stay on screen; a long name is never
broken mid-word on Players; "+ Guest" is never half out of the window with the keyboard
open; reasons read at 20 px; and the taps a turn's end and a new game take, counted."""

from __future__ import annotations

from kivy.core.window import Window
from kivy.uix.textinput import TextInput

from tests.ui.readability import on_screen, problems, taken_taps
from ui.kit import keyboard, theme

from . import walk
from .test_play import PLAYERS, enter, fill_bounty, setup_game


class Taps:
    """Counts the taps (and keys typed) a test makes through the driver."""

    def __init__(self, ui) -> None:
        self.count = 0
        tap, typed = ui.tap, ui.type
        ui.tap = lambda *a, **k: (self.add(1), tap(*a, **k))
        ui.type = lambda text: (self.add(len(text)), typed(text))

    def add(self, n: int) -> None:
        self.count += n


def whole_in_window(widget) -> bool:
    x, y = widget.to_window(widget.x, widget.y)
    return 0 <= x and x + widget.width <= Window.width + 0.5 and 0 <= y and y + widget.height <= Window.height + 0.5


def test_a_complete_draw_waits_for_see_the_result_and_a_double_tap_on_it_never_confirms(ui):
    setup_game(ui)
    assert ui.screen.act({"type": "move", "to": "Boot Hill"})
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Jesse James", root=ui.screen.ids.duel.ids.targets))
    enter(ui, "Bart holds", "5S 5D")
    enter(ui, "Drawn for", "1C 2D")
    assert ui.screen.ids.duel.ids.steps.current == "cards"  # the last card opened nothing
    ui.double_tap("See the result")  # Cancel duel lies where See the result was: the guard takes the second
    assert ui.screen.ids.duel.ids.steps.current == "result" and ui.screen.model.page == "duel"
    assert [a["type"] for a in ui.screen.session.actions] == ["move"]
    ui.tap("Confirm")
    assert ui.screen.state.player("Bart").renown == 2


def test_got_it_clears_a_setup_refusal_and_the_steps_stay_tappable_under_it(ui):
    walk.add_players(ui)
    ui.tap("Bountytown")
    ui.tap("Start")
    assert ui.screen.setup.message == "Pick 3 to 6 players in seat order"
    assert problems(ui.screen) == [] and taken_taps(ui.screen) == []
    ui.tap("Got it")
    assert ui.screen.setup.message == "" and not any(on_screen(w) for w in ui.widgets() if getattr(w, "text", "") == "Got it")
    ui.tap("Start")
    ui.tap("3 Town")  # a step, tapped under the refusal: shown, and the refusal read
    assert ui.screen.ids.pages.current == "Town" and ui.screen.setup.message == ""


def test_renown_changes_by_hand_with_plus_one_under_the_finger(ui):
    walk.add_players(ui)
    walk.start_game(ui)
    ui.tap("Players")
    ui.tap(ui.find(startswith=f"> {walk.FIRST}", root=ui.screen.ids.town.ids.board))
    renown = ui.screen.ids.player.ids.renown
    finger = renown.to_window(*renown.center)
    ui.tap(renown)
    plus = ui.find("+1")
    assert plus.collide_point(*plus.to_widget(*finger)) and problems(ui.screen) == []
    ui.tap(plus)
    assert ui.screen.state.player(walk.FIRST).renown == 1
    assert ui.screen.session.actions[-1]["type"] == "adjust"  # saved, and undone like any action
    ui.tap("Undo")
    assert ui.screen.state.player(walk.FIRST).renown == 0


def test_a_revealed_cards_five_base_cards_stay_on_screen_under_a_refusal(ui):
    walk.add_players(ui)
    walk.start_game(ui)
    screen = ui.screen
    assert screen.act({"type": "move", "to": "Boot Hill"})
    assert screen.act({"type": "duel_bounty", "bounty": "Jesse James", "hand": ["5S", "5D"], "drawn": ["1C", "2D"],
                       "seed": 1})
    ui.tap("End turn")
    form = screen.ids.reveal.ids.form
    fill_bounty(ui, form, "Butch Cassidy", 3, ("Bandit Hideout", "Bank"), "1H 2H 3H 4H 5H")
    ui.tap("Reveal this bounty")
    assert screen.message == "Refused: Butch Cassidy is already in play [Bounties]"
    chips = [w for w in ui.widgets(form) if str(getattr(w, "text", "")).endswith(" Hearts") and on_screen(w)]
    ui.screenshot("bountytown-reveal-five-base-cards-refused")
    assert len(chips) == 5 and all(whole_in_window(chip) for chip in chips)
    assert problems(ui.screen) == [] and taken_taps(ui.screen) == []


def test_long_names_on_players_are_never_broken_mid_word(ui):
    walk.add_players(ui)
    ui.tap("Players")
    assert problems(ui.screen) == []
    assert ui.find("Bartholomew-\nFitzwilliams").font_size >= theme.px("TEXT") - 0.01


def test_plus_guest_and_the_setup_stay_whole_above_the_on_screen_keyboard(ui):
    keyboard.apply("on")
    try:
        walk.add_players(ui)
        ui.tap("Spurs")
        for name, _ in walk.PLAYERS:
            ui.tap(ui.find(name, root=ui.screen.ids.picker))
        rows = list(reversed(ui.screen.ids.characters.children))
        field = ui.find(cls=TextInput, root=rows[0])
        ui.tap(field)
        ui.pump(8)  # the keyboard docked, the screen laid out above it
        board = next(w for w in Window.children if isinstance(w, keyboard.TableKeyboard))
        assert field.to_window(field.x, field.y)[1] >= board.top  # the field typed, above the keys
        for words in ("Home", "Players", "Start"):
            assert whole_in_window(ui.find(words))
        assert not any(on_screen(w) and getattr(w, "text", "") == "+ Guest" for w in ui.widgets())  # folded, not cut
        ui.type("Doc")
        field.focus = False
        ui.pump(4)
        assert whole_in_window(ui.find("+ Guest"))
    finally:
        keyboard.apply("off")


def test_reasons_and_instructions_read_at_20_px(ui):
    walk.add_players(ui)
    walk.start_game(ui)
    wanted = theme.px("TEXT") - 0.01
    assert ui.find(f"{walk.FIRST} to play: 3 of 3 actions left").font_size >= wanted
    ui.tap("Heal")
    assert ui.find(ui.screen.message).font_size >= wanted
    ui.tap("Got it")
    ui.tap("Buy")
    assert ui.find("For sale (tap to buy)").font_size >= wanted


def test_ending_a_turn_with_a_bounty_to_replace_is_two_taps_with_a_card_typed_before(ui):
    """Issue 28 counted 28 taps: the card typed in again. The setup's cards are kept, so a
    card typed before is one tap at the next end of turn."""
    setup_game(ui)
    assert ui.screen.act({"type": "move", "to": "Boot Hill"})
    assert ui.screen.act({"type": "duel_bounty", "bounty": "Jesse James", "hand": ["5S", "5D"], "drawn": ["1C", "2D"],
                          "seed": 1})
    ui.app.store.set_pref("bountytown.bounties", ui.app.store.pref("bountytown.bounties", []) + [
        '{"base": ["1G"], "draws": 2, "items": 0, "locations": ["Bank", "Boot Hill"], "name": "Sundance Kid", '
        '"renown": 2}'])
    ui.screen.model = ui.screen.opened(ui.screen.session)  # (as the screen is opened on the next game)
    ui.screen.refresh()
    taps = Taps(ui)
    ui.tap("End turn")
    ui.tap(ui.find(startswith="Sundance Kid (renown 2)"))
    assert taps.count == 2 and ui.screen.state.current.name == "Valentina"
    assert [b.name for b in ui.screen.state.active][-1] == "Sundance Kid"


def test_a_new_game_with_known_players_and_cards_is_nine_taps(db):
    """Issue 28 counted 83 taps: the characters and three bounty cards typed in again."""
    from tests.ui.conftest import start_app, stop_app
    ui = start_app(db)
    ui.pump()
    setup_game(ui)  # a first game: characters and cards typed in, and kept
    stop_app(ui)
    ui = start_app(db)  # another evening
    ui.pump()
    taps = Taps(ui)
    ui.tap("Bountytown")
    for name, _ in PLAYERS:
        ui.tap(name)
    ui.tap("5 Bounties")
    for bounty in ("Butch Cassidy", "Jesse James", "Belle Starr"):
        ui.tap(ui.find(startswith=f"{bounty} (renown"))
    ui.tap("Start")
    assert ui.app.manager.current == "bountytown", ui.screen.setup.message
    assert taps.count == 9
    assert [p.character for p in ui.screen.state.players] == ["Bart", "", ""]
    assert [b.name for b in ui.screen.state.active] == ["Butch Cassidy", "Jesse James", "Belle Starr"]
    stop_app(ui)
