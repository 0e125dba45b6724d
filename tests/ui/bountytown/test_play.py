"""Bountytown played through its widgets, every step a real tap: setup, moves, duels against
bounties (won, lost, tied), a player duel, a turn-in, the Train and the winner; a refusal shows
its reason; Undo puts the previous numbers back on screen; a restart resumes the game. (Each
flow is tested at engine speed on the screen model, tests/bountytown/test_screen_*.py; this is
the whole game on the pixels.)"""

from __future__ import annotations

from collections import Counter

from kivy.uix.textinput import TextInput

from companion.bountytown.engine import ENGINE
from tests.screenplay import Applies
from tests.ui.conftest import Driver, start_app, stop_app
from ui.bountytown.cards import CardKey, SlotTab

PLAYERS = (("Bart", "red"), ("Valentina", "blue"), ("Terry", "yellow"))
#: where the store applies an action it saves: a do, and a redo
STORE_DO, STORE_REDO = "companion.db.store.GameSession.do", "companion.db.store.GameSession.redo.<locals>.<lambda>"


def fill_bounty(ui: Driver, form, name: str, renown: int, where, base: str = "", draws: int = 0,
                items: int = 0) -> None:
    """Type a bounty card into a BountyForm the way a person would."""
    ui.tap(form.ids.name)
    ui.type(name)
    for stepper, target in ((form.ids.renown, renown), (form.ids.draws, draws), (form.ids.item_count, items)):
        while stepper.value != target:
            ui.tap(ui.find("+" if stepper.value < target else "-", root=stepper))
    for location in where:
        ui.tap(ui.find(location, root=form))
    for card in base.split():
        enter_card(ui, card, root=form)


SUITS = {"H": "Hearts", "D": "Diamonds", "S": "Spades", "C": "Clubs", "G": "Gold"}


def enter_card(ui: Driver, card: str, root) -> None:
    """One tap on the card grid ("3 Gold"); in the narrow bounty form, the value then the suit."""
    if any(isinstance(w, CardKey) for w in ui.widgets(root)):
        ui.tap(ui.find(f"{card[0]} {SUITS[card[1]]}", root=root))
        return
    ui.tap(ui.find(card[0], root=root))
    ui.tap(ui.find(SUITS[card[1]], root=root))


def desk(ui: Driver):
    """The card desk of the duel's cards page."""
    return ui.screen.ids.duel.ids.desk


def enter(ui: Driver, tab_start: str, cards: str) -> None:
    """In the duel's card desk: pick the slot whose tab starts with ``tab_start`` (in the words
    it says, a long name laid out over lines), enter the cards."""
    [tab] = [t for t in desk(ui).ids.tabs.children if isinstance(t, SlotTab) and t.shown[1].startswith(tab_start)]
    ui.tap(tab)
    for card in cards.split():
        enter_card(ui, card, root=desk(ui))


def board(ui: Driver) -> list[str]:
    """The renown board's headlines, top to bottom."""
    return [row.shown.headline for row in reversed(ui.screen.ids.town.ids.board.children)]


def cell(ui: Driver, location: str):
    return next(c for c in ui.screen.ids.town.ids.cells.children if c.shown.location == location)


def people(ui: Driver, location: str) -> list[str]:
    return [t.text for t in reversed(cell(ui, location).ids.people.children)]


def message(ui: Driver) -> str:
    return ui.screen.message


def turn_line(ui: Driver) -> str:
    return ui.screen.ids.town.view.status


def duel_view(ui: Driver):
    return ui.screen.ids.duel.view


def setup_game(ui: Driver, screenshot: bool = False, bart_hand_limit: int = 5) -> None:
    for name, colour in PLAYERS:
        ui.app.store.add_player(name, colour)
    ui.tap("Bountytown")
    for name, _ in PLAYERS:
        ui.tap(name)
    ui.tap("2 Characters")
    bart = list(reversed(ui.screen.ids.characters.children))[0]
    ui.tap(ui.find(cls=TextInput, root=bart))
    ui.type("Bart")
    while bart.shown.limit > bart_hand_limit:
        ui.tap(ui.find("-", root=bart))
    ui.tap("5 Bounties")
    setup = ui.screen
    fill_bounty(ui, setup.ids.form, "Butch Cassidy", 3, ("Bandit Hideout", "Bank"), "3C 3D", draws=2, items=1)
    ui.tap(ui.find(startswith="Bounty 2"))
    fill_bounty(ui, setup.ids.form, "Jesse James", 2, ("Boot Hill", "Trading Post"), "5H", draws=2)
    ui.tap(ui.find(startswith="Bounty 3"))
    fill_bounty(ui, setup.ids.form, "Belle Starr", 1, ("Boarding House", "Abandoned Jailhouse"), draws=3)
    if screenshot:
        ui.screenshot("bountytown-setup")
    ui.tap("Start")
    assert ui.app.manager.current == "bountytown", setup.setup.message


def to_cards(ui: Driver) -> None:
    """On to the cards: a bounty with nothing more to choose is there already."""
    if ui.screen.ids.duel.ids.steps.current == "target":
        ui.tap("Enter the cards")
    assert ui.screen.ids.duel.ids.steps.current == "cards", message(ui)


def see_result(ui: Driver) -> None:
    ui.tap("See the result")


def duel_bounty(ui: Driver, bounty: str, hand: str, drawn: str, shot: str = "", extra: int = 0) -> None:
    """A duel against a bounty; ``extra``: cards the player holds above the hand limit (an ability)."""
    ui.tap("Duel")
    ui.tap(ui.find(startswith=bounty, root=ui.screen.ids.duel.ids.targets))
    to_cards(ui)
    for _ in range(extra):
        ui.tap(ui.find("+", root=ui.screen.ids.duel.ids.counts))
    player = ui.screen.state.current.name
    enter(ui, f"{player} holds", hand)
    if shot:
        ui.screenshot(f"{shot}-entry")
    enter(ui, "Drawn for", drawn)
    see_result(ui)
    if shot:
        ui.screenshot(f"{shot}-result")


def test_a_short_game_through_the_widgets(ui, monkeypatch):
    setup_game(ui, screenshot=True)
    applies, first = Applies(monkeypatch, ENGINE), ui.screen.session.seq  # issue 34: counted from here
    assert board(ui) == ["> Bart: renown 0", "Valentina: renown 0", "Terry: renown 0"]
    assert "Bart to play: 3 of 3 actions left" in turn_line(ui)
    ui.screenshot("bountytown-town")

    # Turn 1, Bart: to Boot Hill, wins against Jesse James, back to the Sheriff's Office
    ui.tap(cell(ui, "Boot Hill"))
    assert "Bart" in people(ui, "Boot Hill")
    duel_bounty(ui, "Jesse James", "5S 5D 5C 1H 2H", "1C 2D", shot="bountytown-duel")
    assert "Bart: Three of a Kind" in duel_view(ui).result and "Jesse James: High Card" in duel_view(ui).result
    assert "Bart wins and takes Jesse James." in duel_view(ui).result
    assert board(ui)[0] == "> Bart: renown 0"  # nothing committed before Confirm
    ui.tap("Confirm")
    assert board(ui)[0] == "> Bart: renown 2"
    ui.tap("Undo")
    ui.tap("Cancel duel")  # undo went back to the result, as it was before Confirm
    assert board(ui)[0] == "> Bart: renown 0" and "Bart to play: 2 of 3 actions left" in turn_line(ui)
    ui.tap("Redo")
    assert board(ui)[0] == "> Bart: renown 2" and "Bart to play: 1 of 3 actions left" in turn_line(ui)
    ui.tap(cell(ui, "Sheriff's Office"))
    ui.tap("End turn")  # Jesse's slot is empty: reveal a card
    fill_bounty(ui, ui.screen.ids.reveal.ids.form, "Sundance Kid", 2, ("Bank", "Boot Hill"), "1G", draws=2)
    ui.tap("Reveal this bounty")
    assert board(ui)[1] == "> Valentina: renown 0"

    # Turn 2, Valentina: a refused heal, then loses to Belle Starr at the Boarding House (Rest Up)
    ui.tap("Heal")
    assert message(ui).startswith("Refused: getting patched up needs Valentina at Doc's")
    assert "Refused: getting patched up" in " ".join(ui.texts())
    ui.tap(ui.find(message(ui)))  # the refusal lies over the town's top row: a tap on it reads it
    assert message(ui) == ""
    ui.tap(cell(ui, "Boarding House"))
    duel_bounty(ui, "Belle Starr", "1H", "5S 5D 4C")
    assert "Belle Starr wins and escapes for good." in duel_view(ui).result
    assert "Valentina rests up at the Boarding House: no wounds." in duel_view(ui).result
    ui.tap("Confirm")
    ui.tap("End turn")
    fill_bounty(ui, ui.screen.ids.reveal.ids.form, "Doc Holliday", 1, ("Bank", "Doc's"), draws=1)
    ui.screenshot("bountytown-reveal")
    ui.tap("Reveal this bounty")

    # Turn 3, Terry duels Bart (same place, at least Terry's renown) for Jesse James; Bart keeps him
    duel = ui.screen.ids.duel
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Bart", root=duel.ids.targets))
    ui.tap("Enter the cards")
    assert message(ui).startswith("Refused: declare which of Bart's bounties to steal")
    ui.tap(ui.find(startswith="At stake: Jesse James", root=duel.ids.extras))
    ui.screenshot("bountytown-duel-player")
    assert [s.title for s in ui.screen.model.flow.duel.desk.slots] == ["Terry holds", "Bart holds",
                                                                        "Drawn for Jesse James"]
    ui.tap("Enter the cards")
    enter(ui, "Terry holds", "1S 2S")
    enter(ui, "Bart holds", "4H 4S 4D 4C")
    enter(ui, "Drawn for", "1C 3D")
    see_result(ui)
    assert "Bart wins and keeps Jesse James." in duel_view(ui).result and "Terry takes a wound." in duel_view(ui).result
    ui.tap("Confirm")
    assert board(ui)[2] == "> Terry: renown 0"
    assert ui.screen.state.player("Terry").wounds == 1
    ui.tap("End turn")

    # Turn 4, Bart turns Jesse James in at the Sheriff's Office: renown locked
    ui.tap("Turn in")
    ui.tap("Turn in Jesse James (renown 2)")
    rows = ui.screen.ids.town.ids.board.children
    assert list(reversed(rows))[0].shown.detail.startswith("0 captured + 2 turned in")
    ui.tap("End turn")

    # Turn 5, Valentina ties Butch Cassidy at the Bank and takes his Rifle; then the Train
    ui.tap(cell(ui, "Bank"))
    duel_bounty(ui, "Butch Cassidy", "2H 2S", "1S 4H")
    assert duel_view(ui).ready == "Not ready: Tap what Butch Cassidy's 1 face-down item are (0 told)."
    ui.tap("It is a Rifle")
    assert "Valentina is at the Bank: discards a Duel card on declaring." in duel_view(ui).result
    ui.tap("Valentina takes the Rifle: no")
    assert "A tie: Valentina takes Butch Cassidy." in duel_view(ui).result
    assert "Valentina takes a wound." in duel_view(ui).result
    assert "Valentina takes the Rifle from Butch Cassidy." in duel_view(ui).result
    ui.screenshot("bountytown-duel-tie")
    ui.tap("Confirm")
    assert board(ui)[1] == "> Valentina: renown 3"
    ui.tap("End turn")
    ui.tap("The Train")
    ui.tap("Yes: the game ends")
    end = ui.screen.ids.end
    assert end.view.headline == "The Train! Hero of Bountytown: Valentina (renown 3)"
    ui.screenshot("bountytown-end")
    ui.tap("Undo")
    assert ui.screen.ids.pages.current == "reveal"  # back where the Train was revealed

    # the store alone applied each action, once (a redo once, an undo from the states it keeps);
    # the rules' one refusal (the Heal) was its do's, nothing saved; the only other applies are
    # the Train's question working out its answer (a page's words, never saved)
    saved = Counter(kind for seq, kind, _, _ in ui.screen.session.events() if seq > first)
    assert applies.made.pop(STORE_DO) == saved["do"] and applies.made.pop(STORE_REDO) == saved["redo"] == 1
    assert saved["undo"] == 2 and set(applies.made) == {"companion.bountytown.shown.train_question"}, applies.made
    assert applies.refused == {STORE_DO: 1}


def test_a_game_resumes_after_a_restart(db):
    ui = start_app(db)
    ui.pump()
    setup_game(ui)
    ui.tap(cell(ui, "Boot Hill"))
    duel_bounty(ui, "Jesse James", "5S 5D", "1C 2D")
    ui.tap("Confirm")
    before = board(ui), turn_line(ui)
    stop_app(ui)
    ui = start_app(db)
    ui.pump()
    ui.tap(ui.find(startswith="Resume Bountytown"))
    assert (board(ui), turn_line(ui)) == before
    assert before[0][0] == "> Bart: renown 2"
    ui.tap("Undo")
    assert board(ui)[0] == "> Bart: renown 0"
    stop_app(ui)
