"""Bountytown played through its widgets: setup, moves, duels against bounties (won, lost,
tied), a player duel, a turn-in, the Train and the winner; refusals show their reason;
Undo puts the previous numbers back on screen."""

from __future__ import annotations

from kivy.uix.textinput import TextInput

from tests.ui.conftest import Driver, start_app, stop_app
from ui.bountytown.cards import CardKey

PLAYERS = (("Bart", "red"), ("Valentina", "blue"), ("Terry", "yellow"))


def fill_bounty(ui: Driver, form, name: str, renown: int, where: tuple[str, str], base: str = "",
                draws: int = 0, items: int = 0) -> None:
    """Type a bounty card into a BountyForm the way a person would."""
    ui.tap(form.ids.name)
    ui.type(name)
    for stepper, target in ((form.ids.renown, renown), (form.ids.draws, draws), (form.ids.item_count, items)):
        while stepper.value < target:
            ui.tap(ui.find("+", root=stepper))
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


def enter(ui: Driver, tab_start: str, cards: str) -> None:
    """In the duel's card desk: pick the slot whose tab starts with ``tab_start`` (in the words
    it says, a long name laid out over lines), enter the cards."""
    desk = ui.screen.ids.duel.ids.desk
    [tab] = [t for t in desk.ids.tabs.children if t.words.startswith(tab_start)]
    ui.tap(tab)
    for card in cards.split():
        enter_card(ui, card, root=desk)


def board(ui: Driver) -> list[str]:
    """The renown board's headlines, top to bottom."""
    rows = ui.screen.ids.town.ids.board.children
    return [row.headline for row in reversed(rows)]


def cell(ui: Driver, location: str):
    return next(c for c in ui.screen.ids.town.ids.cells.children if c.location == location)


def message(ui: Driver) -> str:
    return ui.screen.message


def setup_game(ui: Driver, screenshot: bool = False, bart_hand_limit: int = 5) -> None:
    for name, colour in PLAYERS:
        ui.app.store.add_player(name, colour)
    ui.tap("Bountytown")
    for name, _ in PLAYERS:
        ui.tap(name)
    ui.tap("2 Characters")
    bart = ui.screen.ids.characters.children[-1]
    ui.tap(ui.find(cls=TextInput, root=bart))
    ui.type("Bart")
    while bart.ids.limit.value > bart_hand_limit:
        ui.tap(ui.find("-", root=bart))
    ui.tap("5 Bounties")
    setup = ui.screen
    fill_bounty(ui, setup.ids.bounty0, "Butch Cassidy", 3, ("Bandit Hideout", "Bank"), "3C 3D", draws=2, items=1)
    ui.tap(ui.find(startswith="Bounty 2"))
    fill_bounty(ui, setup.ids.bounty1, "Jesse James", 2, ("Boot Hill", "Trading Post"), "5H", draws=2)
    ui.tap(ui.find(startswith="Bounty 3"))
    fill_bounty(ui, setup.ids.bounty2, "Belle Starr", 1, ("Boarding House", "Abandoned Jailhouse"), draws=3)
    if screenshot:
        ui.screenshot("bountytown-setup")
    ui.tap("Start")
    assert ui.app.manager.current == "bountytown", setup.message


def to_cards(ui: Driver) -> None:
    """On to the cards: a bounty with nothing more to choose is there already."""
    if ui.screen.ids.duel.ids.steps.current == "target":
        ui.tap("Enter the cards")
    assert ui.screen.ids.duel.ids.steps.current == "cards", message(ui)


def see_result(ui: Driver) -> None:
    """The result: a complete bounty draw shows it already."""
    if ui.screen.ids.duel.ids.steps.current == "cards":
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


def test_a_short_game_through_the_widgets(ui):
    setup_game(ui, screenshot=True)
    assert board(ui) == ["> Bart: renown 0", "Valentina: renown 0", "Terry: renown 0"]
    assert "Bart to play: 3 of 3 actions left" in ui.screen.ids.town.status
    ui.screenshot("bountytown-town")

    # Turn 1, Bart: to Boot Hill, wins against Jesse James, back to the Sheriff's Office
    ui.tap(cell(ui, "Boot Hill"))
    assert "Bart" in [t.text for t in cell(ui, "Boot Hill").ids.people.children]
    duel_bounty(ui, "Jesse James", "5S 5D 5C 1H 2H", "1C 2D", shot="bountytown-duel")
    duel = ui.screen.ids.duel
    assert "Bart: Three of a Kind" in duel.result and "Jesse James: High Card" in duel.result
    assert "Bart wins and takes Jesse James." in duel.result
    assert board(ui)[0] == "> Bart: renown 0"  # nothing committed before Confirm
    ui.tap("Confirm")
    assert board(ui)[0] == "> Bart: renown 2"
    ui.tap("Undo")
    assert board(ui)[0] == "> Bart: renown 0" and "Bart to play: 2 of 3 actions left" in ui.screen.ids.town.status
    ui.tap("Redo")
    assert board(ui)[0] == "> Bart: renown 2" and "Bart to play: 1 of 3 actions left" in ui.screen.ids.town.status
    ui.tap(cell(ui, "Sheriff's Office"))
    ui.tap("End turn")  # Jesse's slot is empty: reveal a card
    fill_bounty(ui, ui.screen.ids.reveal.ids.form, "Sundance Kid", 2, ("Bank", "Boot Hill"), "1G", draws=2)
    ui.tap("Reveal this bounty")
    assert board(ui)[1] == "> Valentina: renown 0"

    # Turn 2, Valentina: a refused heal, then loses to Belle Starr at the Boarding House (Rest Up)
    ui.tap("Heal")
    assert message(ui).startswith("Refused: getting patched up needs Valentina at Doc's")
    assert "Refused: getting patched up" in " ".join(ui.texts())
    ui.tap(cell(ui, "Boarding House"))
    duel_bounty(ui, "Belle Starr", "1H", "5S 5D 4C")
    assert "Belle Starr wins and escapes for good; Valentina takes a wound." in duel.result
    assert "Valentina rests up at the Boarding House: no wounds." in duel.result
    ui.tap("Confirm")
    ui.tap("End turn")
    fill_bounty(ui, ui.screen.ids.reveal.ids.form, "Doc Holliday", 1, ("Bank", "Doc's"), draws=1)
    ui.screenshot("bountytown-reveal")
    ui.tap("Reveal this bounty")

    # Turn 3, Terry duels Bart (same place, at least Terry's renown) for Jesse James; Bart keeps him
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Bart", root=duel.ids.targets))
    ui.tap("Enter the cards")
    assert message(ui).startswith("Refused: declare which of Bart's bounties to steal")
    ui.tap(ui.find(startswith="At stake: Jesse James", root=duel.ids.extras))
    ui.screenshot("bountytown-duel-player")
    # the cards page is filled for this duel while the choice is read, not on the next tap
    assert [s.title for s in duel.ids.desk.slots] == ["Terry holds", "Bart holds", "Drawn for Jesse James"]
    assert duel.ids.steps.current == "target"
    ui.tap("Enter the cards")
    enter(ui, "Terry holds", "1S 2S")
    enter(ui, "Bart holds", "4H 4S 4D 4C")
    enter(ui, "Drawn for", "1C 3D")
    see_result(ui)
    assert "Bart wins and keeps Jesse James; Terry takes a wound." in duel.result
    ui.tap("Confirm")
    assert board(ui)[2] == "> Terry: renown 0"
    assert ui.screen.state.player("Terry").wounds == 1
    ui.tap("End turn")

    # Turn 4, Bart turns Jesse James in at the Sheriff's Office: renown locked
    ui.tap("Turn in")
    ui.tap("Turn in Jesse James (renown 2)")
    rows = ui.screen.ids.town.ids.board.children
    assert list(reversed(rows))[0].detail.startswith("0 captured + 2 turned in")
    ui.tap("End turn")

    # Turn 5, Valentina ties Butch Cassidy at the Bank and takes his Rifle; then the Train
    ui.tap(cell(ui, "Bank"))
    duel_bounty(ui, "Butch Cassidy", "2H 2S", "1S 4H")
    assert duel.ready.startswith("Not ready: Butch Cassidy carries 1 item(s)")
    ui.tap("It is a Rifle")
    assert "Valentina is at the Bank: discards a Duel card on declaring." in duel.result
    ui.tap("Valentina takes the Rifle: no")
    assert "A tie: Valentina takes Butch Cassidy but takes a wound." in duel.result
    assert "Valentina takes the Rifle from Butch Cassidy." in duel.result
    ui.screenshot("bountytown-duel-tie")
    ui.tap("Confirm")
    assert board(ui)[1] == "> Valentina: renown 3"
    ui.tap("End turn")
    ui.tap("The Train (game ends)")
    end = ui.screen.ids.end
    assert end.headline == "The Train! Hero of Bountytown: Valentina (renown 3)"
    ui.screenshot("bountytown-end")
    ui.tap("Undo")
    assert ui.screen.ids.pages.current == "town"


def test_bad_cards_are_refused_with_the_reason(ui):
    setup_game(ui)
    ui.tap(cell(ui, "Boot Hill"))
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Jesse James", root=ui.screen.ids.duel.ids.targets))
    to_cards(ui)
    desk = ui.screen.ids.duel.ids.desk
    ui.tap(ui.find(cls=TextInput, root=ui.screen.ids.duel))
    ui.type("3H 6H")
    ui.tap("Add typed")
    assert message(ui) == "Refused: card '6H': the value must be 1 to 5 followed by one suit letter, e.g. 3G"
    assert desk.slots[0].cards == []
    enter(ui, "Bart holds", "3H 3H 3H")
    enter(ui, "Drawn for", "3H")
    assert message(ui) == "Refused: 3H appears 4 times; the deck has 3 (R-B1)"
    assert desk.slots[1].cards == []


def test_tied_renown_goes_to_a_recorded_final_duel(ui):
    setup_game(ui)
    ui.tap(cell(ui, "Boot Hill"))
    duel_bounty(ui, "Jesse James", "1H", "5S 5D")
    ui.tap("Confirm")
    ui.tap("End turn")
    ui.tap("The Train (game ends)")
    end = ui.screen.ids.end
    assert end.headline.startswith("The Train! Tied at renown 0: Bart, Valentina, Terry.")
    for name, cards in (("Bart", "1H 1S"), ("Valentina", "2H 2S 2D"), ("Terry", "4C")):
        ui.tap(ui.find(startswith=name, root=end.ids.desk.ids.tabs))
        for card in cards.split():
            enter_card(ui, card, root=end.ids.desk)
    ui.screenshot("bountytown-final-duel")
    ui.tap("Record the final duel")
    assert end.headline == "The Train! Hero of Bountytown: Valentina (renown 0)"
    ui.tap("Home")
    assert any(t.startswith("Bountytown: won by Valentina") for t in ui.texts())


def test_store_player_items_and_a_critical_wound(ui):
    setup_game(ui)
    ui.tap(cell(ui, "General Store"))
    ui.tap("Buy")
    ui.tap("Crucifix $4")
    ui.tap("First Aid Kit $3")
    desk = ui.screen.ids.store.ids.desk
    for card in ("4G", "2H"):
        enter_card(ui, card, root=desk)
    assert ui.screen.ids.store.totals == "Buying Crucifix, First Aid Kit: $7. Gold paid: $4"
    ui.tap("Buy (1 action)")
    assert message(ui).startswith("Refused: items are paid with Gold cards only")
    ui.tap("Remove last")
    enter_card(ui, "3G", root=desk)
    ui.screenshot("bountytown-store")
    ui.tap("Buy (1 action)")
    assert ui.screen.ids.pages.current == "town"
    assert ui.screen.state.player("Bart").items == ("Crucifix", "First Aid Kit")
    ui.tap("Players")
    ui.tap(ui.find(startswith="> Bart", root=ui.screen.ids.town.ids.board))
    player = ui.screen.ids.player
    assert "Items: Crucifix, First Aid Kit" in player.details
    ui.screenshot("bountytown-player")
    ui.tap("Use First Aid Kit")
    assert message(ui) == "Refused: Bart has no wounds to remove [Items]"
    ui.tap("Back to town")
    assert ui.screen.ids.pages.current == "town" and ui.screen.ids.town.ids.area.current == "town"


def test_a_critical_wound_asks_which_bounty_to_lose(ui):
    setup_game(ui, bart_hand_limit=2)
    ui.tap(cell(ui, "Boot Hill"))
    duel_bounty(ui, "Jesse James", "5S 5D", "1C 2D")
    ui.tap("Confirm")
    ui.tap("End turn")
    fill_bounty(ui, ui.screen.ids.reveal.ids.form, "Sam Bass", 1, ("Bandit Hideout", "Bank"), draws=1)
    ui.tap("Reveal this bounty")
    ui.tap("End turn")
    ui.tap("End turn")
    ui.tap(cell(ui, "Bandit Hideout"))
    duel_bounty(ui, "Butch Cassidy", "4H 4S 4D", "1S 2H", extra=1)  # a hand limit of 2, and an extra card
    ui.tap("It is a Cowboy Hat")
    ui.tap("Bart takes the Cowboy Hat: no")
    ui.tap("Confirm")
    duel_bounty(ui, "Sam Bass", "1H", "5S")  # High Card each: a tie, so Bart takes Sam Bass and 2 wounds
    duel = ui.screen.ids.duel
    assert duel.ready.startswith("Not ready: Bart is critically wounded and must choose a bounty")
    choices = [w.text for w in duel.ids.choices.children if w.text.startswith("Bart discards")]
    assert sorted(choices) == ["Bart discards Butch Cassidy", "Bart discards Jesse James", "Bart discards Sam Bass"]
    ui.tap("Bart discards Jesse James")
    lines = duel.result.splitlines()
    assert "A tie: Bart takes Sam Bass but takes a wound." in lines
    assert "Bart takes 2 wounds (2 here: Ambush / Rummaging for Ammo)." in lines
    assert lines[-1] == ("Bart is critically wounded: discards Jesse James (out of the game) and the Cowboy Hat, "
                         "wounds cleared, moves to Doc's; the turn is over.")
    ui.screenshot("bountytown-critical")
    ui.tap("Confirm")
    assert board(ui)[0] == "> Bart: renown 4"  # Butch Cassidy 3 + Sam Bass 1
    assert "Bart's turn is over (critical wound): End turn" in ui.screen.ids.town.status
    assert [t.text for t in cell(ui, "Doc's").ids.people.children] == ["Bart"]
    # ruling: R-B8 - the bounty lost is shown as gone, and cannot come back from the Bounty deck
    ui.tap("Players")
    assert "Out of the game: Jesse James (lost to a critical wound)" in ui.texts()


def test_a_game_resumes_after_a_restart(db):
    ui = start_app(db)
    ui.pump()
    setup_game(ui)
    ui.tap(cell(ui, "Boot Hill"))
    duel_bounty(ui, "Jesse James", "5S 5D", "1C 2D")
    ui.tap("Confirm")
    before = board(ui), ui.screen.ids.town.status
    stop_app(ui)
    ui = start_app(db)
    ui.pump()
    ui.tap(ui.find(startswith="Resume Bountytown"))
    assert (board(ui), ui.screen.ids.town.status) == before
    assert before[0][0] == "> Bart: renown 2"
    ui.tap("Undo")
    assert board(ui)[0] == "> Bart: renown 0"
    stop_app(ui)


def test_a_revealed_bounty_already_in_play_is_refused_and_can_be_corrected(ui):
    setup_game(ui)
    ui.tap(cell(ui, "Boot Hill"))
    duel_bounty(ui, "Jesse James", "5S 5D 5C", "1C 2D")
    ui.tap("Confirm")
    ui.tap("End turn")
    reveal = ui.screen.ids.reveal
    fill_bounty(ui, reveal.ids.form, "Butch Cassidy", 1, ("Bank", "Boot Hill"), draws=1)
    ui.tap("Reveal this bounty")
    assert message(ui) == "Refused: Butch Cassidy is already in play [Bounties]"
    assert ui.screen.ids.pages.current == "reveal" and reveal.revealed == []
    assert "card 1 of 1" in reveal.progress
    reveal.ids.form.ids.name.text = ""  # the rest of the card stays as typed
    ui.tap(reveal.ids.form.ids.name)
    ui.type("Sundance Kid")
    ui.tap("Reveal this bounty")
    assert board(ui)[1] == "> Valentina: renown 0"
    assert [b.name for b in ui.screen.state.active][-1] == "Sundance Kid"


def test_a_duel_takes_one_tap_per_card_and_three_more(ui):
    """Issue 13's target: 5 cards against 2 drawn is 7 card taps plus at most 3 (Duel, the
    bounty, Confirm): the grid enters a card in one tap, a full hand moves on to the draw,
    and a complete draw shows the result."""
    setup_game(ui)
    ui.tap(cell(ui, "Boot Hill"))
    taps = []
    tap = ui.tap
    ui.tap = lambda *args, **kwargs: (taps.append(args), tap(*args, **kwargs))
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Jesse James", root=ui.screen.ids.duel.ids.targets))
    desk = ui.screen.ids.duel.ids.desk
    for card in "5S 5D 5C 1H 2H 1C 2D".split():
        enter_card(ui, card, root=desk)
    assert "Bart wins and takes Jesse James." in ui.screen.ids.duel.result
    ui.tap("Confirm")
    assert len(taps) == 10 and board(ui)[0] == "> Bart: renown 2"
