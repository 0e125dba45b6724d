"""Each Spurs flow through the widgets: setup refusals and remembered characters, turn
refusals, a desperado gang revealed card by card, gold, horses, town, Event cards and the
tie-break duel, and a full table of six."""

from kivy.core.window import Window
from kivy.uix.textinput import TextInput

from companion.spurs.bag import Bag
from companion.spurs.gold import GoldBag
from companion.spurs.odds import gold_distribution, whole_bag_probability
from companion.spurs.view import percent
from tests.ui.spurs.driving import begin_game, fill_character, ids, page, set_stepper, sheet, tap_panel
from ui.spurs.controls import BulletDisc, DesperadoCard
from ui.spurs.table import PlayerPanel

ANN_BAG = Bag(grey=4, brown=2, white=1, black=2, red=1)


def discs(ui) -> list[str]:
    return [w.colour for w in reversed(ids(ui).discs.children) if isinstance(w, BulletDisc)]


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


def test_a_refused_action_shows_the_engines_reason_and_changes_nothing(ui):
    begin_game(ui)
    tap_panel(ui, "Ann")
    ui.tap("Spur: extra die + draw (0 left)")
    assert ui.screen.message == "Refused: Ann has no Spur token to spend [Spur Tokens]"
    ui.tap("Rest")
    assert page(ui).name == "table" and ui.screen.session.state.last_outcome in ui.texts()
    ui.tap("Ann: actions")
    ui.tap("Hunt")
    assert ui.screen.message == "Refused: Ann's turn is over; end it [Turn Structure]"
    assert page(ui).name == "actions"
    ui.tap("End turn")
    assert sheet(ui, "Bob")["turn"]
    ui.tap("Bob: actions")
    ui.tap("Town")
    ui.tap("Buy it")  # no name typed
    assert ui.screen.message.startswith("Refused: the action needs 'name' as a non-empty text")
    ui.tap(ids(ui).item)
    ui.type("Lasso")
    ui.tap("Buy it")
    assert ui.screen.message == "Refused: Lasso costs $10; Bob has $0 [General Store]"
    assert len(ui.screen.session.actions) == 2


def test_a_desperado_gang_is_revealed_card_by_card(ui):
    begin_game(ui)
    tap_panel(ui, "Ann")
    ui.tap("Desperados")
    set_stepper(ui, ids(ui).count, 2)
    assert len([w for w in ui.widgets() if isinstance(w, DesperadoCard)]) == 1  # standard rule: first card only
    assert percent(whole_bag_probability(ANN_BAG, 3, [("revolver", 1)])) in ui.texts()
    assert "chance of beating the 1 known (revolver 1); 1 not revealed yet" in ui.texts()
    ui.tap("Enter the bag draw")
    for colour in ("grey", "grey", "black"):  # the last bullet sends the entry
        ui.tap(ui.find(startswith=f"[b]{colour}[/b]"))
    assert discs(ui) == ["grey", "grey", "black"]
    assert "beat 1 of 2: reveal the next desperado" in ui.texts()
    assert any(t.startswith("Desperado 2 of 2: reveal the next card. Bullets not yet counted: 1 grey, 1 black")
               for t in ui.texts())
    ui.screenshot("spurs-fight")
    ui.tap("Home")  # leaving and coming back finds the fight where it was
    ui.tap(ui.find(startswith="Resume Spurs"))
    assert page(ui).name == "draw" and "Reveal the next desperado" in ui.texts()
    ui.tap("Reveal the next desperado")
    assert "beat all 2 desperado(s): success" in ui.texts()
    assert sheet_after(ui)["money"] == 0
    ui.tap("Undo")
    assert page(ui).name == "draw" and "beat 1 of 2: reveal the next desperado" in ui.texts()


def sheet_after(ui) -> dict:
    player = ui.screen.session.state.players[0]
    return {"money": player.money, "fame": player.fame}


def test_house_rule_asks_for_every_card_and_gold_shows_the_dig(ui):
    begin_game(ui, gang_rule="house")
    tap_panel(ui, "Ann")
    ui.tap("Dig for gold")
    set_stepper(ui, ids(ui).count, 2)
    assert len([w for w in ui.widgets() if isinstance(w, DesperadoCard)]) == 2
    set_stepper(ui, ids(ui).count, 0)
    for n, p in gold_distribution(GoldBag(), 2).items():
        assert f"{n} gold: {percent(p)}" in page(ui).lines
    ui.tap("Draw for me")
    state = ui.screen.session.state
    found = state.last_draw[0].drawn
    assert sorted(discs(ui)) == sorted(["gold"] * found.gold + ["stones"] * found.stones)
    assert len(discs(ui)) == 2
    ui.tap("Table")
    assert sheet(ui, "Ann")["gold"] == str(found.gold)


def test_horse_rounds_and_a_town_visit(ui):
    begin_game(ui)
    tap_panel(ui, "Ann")
    ui.tap("Horse")
    set_stepper(ui, ids(ui).needed, 2)
    ui.tap("Clear")
    ui.tap("Thorny (red)")
    assert "Rounds: 1 clear, 2 thorny" in ui.texts()
    ui.tap("Record the horse")
    assert sheet(ui, "Ann")["carries"] == "H1 horse" and sheet(ui, "Ann")["red"] == "2"
    ui.tap("End turn")
    ui.tap("End turn")
    ui.tap("Ann: actions")
    ui.tap("Town")
    ui.tap("Sell the chosen")
    ui.tap("Doctor's Office")
    ui.tap("Free draw of 2 (reds drawn leave)")
    assert "chance of at least one red bullet leaves" in ui.texts()
    ui.tap("Enter the bag draw")
    ui.tap(ui.find(startswith="[b]red[/b]"))
    ui.tap(ui.find(startswith="[b]grey[/b]"))  # the second of two sends the entry
    assert discs(ui) == ["grey", "red"] and "drew grey=1,red=1: 1 red returned to stock" in ui.texts()
    ui.tap("Table")
    assert (sheet(ui, "Ann")["red"], sheet(ui, "Ann")["money"], sheet(ui, "Ann")["fame"]) == ("1", "$10", "1")


def test_event_cards_and_the_tie_break_duel(ui):
    begin_game(ui, target_fame=2)
    tap_panel(ui, "Bob")  # someone else's panel: an Event card for them
    assert page(ui).name == "adjust" and ids(ui).who.value == "Bob"
    set_stepper(ui, ids(ui).deltas.ids.posters, 1)
    set_stepper(ui, ids(ui).deltas.ids.fame, 1)
    ui.tap("Apply")
    assert (sheet(ui, "Bob")["fame"], sheet(ui, "Bob")["posters"]) == ("1", "1")
    tap_panel(ui, "Ann")
    ui.tap("Event card")
    set_stepper(ui, ids(ui).deltas.ids.fame, 2)
    ui.tap("Apply")
    assert page(ui).name == "final"
    assert "Ann and Bob tie on score and money. Who won the duel?" in ui.texts()
    ui.screenshot("spurs-tie")
    ui.tap("Bob won the duel")
    assert "Bob wins!" in ui.texts() and ui.screen.session.state.winner == "Bob"


def test_six_players_fit_the_screen(ui):
    begin_game(ui, names=("Ann", "Bob", "Cid", "Dee", "Eve", "Fay"))
    panels = [w for w in ui.widgets() if isinstance(w, PlayerPanel)]
    assert len(panels) == 6
    for panel in panels:
        x, y = panel.to_window(*panel.pos)
        assert 0 <= x and x + panel.width <= Window.width and 0 <= y and y + panel.height <= Window.height
        assert panel.width >= 240 and panel.height >= 140
    assert [sheet(ui, n)["turn"] for n in ("Ann", "Bob", "Cid")] == [True, False, False]
    ui.screenshot("spurs-table-6")


def test_a_gang_that_won_waits_for_the_next_fighter(ui):
    begin_game(ui)
    tap_panel(ui, "Ann")
    ui.tap("Desperados")
    set_stepper(ui, ids(ui).count, 2)
    ui.tap("Rifle")
    set_stepper(ui, ids(ui).cards.children[0].ids.hits, 3)
    ui.tap("Enter the bag draw")
    for colour in ("black", "black", "red"):  # the last bullet sends the entry
        ui.tap(ui.find(startswith=f"[b]{colour}[/b]"))
    assert "beaten by desperado 1: failed, took a red bullet" in ui.texts()
    ui.tap("End turn")
    ui.tap("Bob: actions")
    ui.tap("Desperados")
    ui.tap("Fight the gang at D1 (rifle 3 waiting)")
    bob = Bag(grey=3, brown=3, white=1, black=1)
    assert percent(whole_bag_probability(bob, 3, [("rifle", 3)])) == "7.1%" and "7.1%" in ui.texts()
    assert "chance of beating the 1 known (rifle 3); 1 not revealed yet" in ui.texts()


def test_a_physical_dig_and_fight_are_entered_on_one_page(ui):
    begin_game(ui)
    tap_panel(ui, "Ann")
    ui.tap("Dig for gold")
    set_stepper(ui, ids(ui).count, 1)
    ui.tap("Enter the bag draw")
    for kind in ("gold", "stones", "grey", "black"):
        ui.tap(ui.find(startswith=f"[b]{kind}[/b]"))
    assert "Dug from the Gold/Stones bag: 2 of 2 tapped" in ui.texts() and "Bullets: 2 of 3 tapped" in ui.texts()
    ui.tap(ui.find(startswith="[b]black[/b]"))  # the last object asked for sends the entry
    assert discs(ui) == ["gold", "stones", "grey", "black", "black"]
    assert "beat every desperado: keeping 1 gold" in ui.texts()
    ui.tap("Table")
    assert sheet(ui, "Ann")["gold"] == "1"


def test_desperados_after_a_dig_with_none_start_from_one(ui):
    # the gold and desperado forms share one page: a dig fought with no desperados
    # must not leave the desperado form showing a count of 0 the engine refuses
    begin_game(ui)
    tap_panel(ui, "Ann")
    ui.tap("Dig for gold")
    set_stepper(ui, ids(ui).count, 0)
    ui.tap("Cancel")
    tap_panel(ui, "Ann")
    ui.tap("Desperados")
    assert ids(ui).count.value == 1
    assert page(ui).chance  # the odds of a revolver 1 desperado, on the form
    ui.tap("Draw for me")
    assert page(ui).name == "draw" and ui.screen.session.state.last_draw
