"""Every Bountytown screen and form, reached by tapping as a table would, for the checks that
must hold on each of them (readability, issue 13). Six players with long names, the most the
game seats, so the tightest layouts are the ones checked.

``every_page(ui)`` yields a name for each page once it is on screen; the caller checks the
screen and lets the walk go on. Moves and turn ends that only lead to a page are sent as
actions; the pages themselves are opened and filled in with taps.
"""

from __future__ import annotations

from typing import Iterator

from kivy.uix.textinput import TextInput

from tests.ui.conftest import Driver
from .test_play import enter, enter_card, fill_bounty, see_result

#: the longest a name may be (24 characters, companion.db.store.MAX_NAME) as one hyphenated word,
#: and a 23-letter name of two words, each taking its turn at every page the walk reaches
PLAYERS = (("Bartholomew-Fitzwilliams", "red"), ("Ezekiel Fitzwilliam-Hay", "blue"), ("Wilhelmina", "yellow"),
           ("Josephine", "green"), ("Valentina", "purple"), ("Maximilian", "orange"))
FIRST, SECOND = PLAYERS[0][0], PLAYERS[1][0]
GRID = ["Bandit Hideout", "Boot Hill", "Boarding House", "Sheriff's Office", "Doc's", "General Store",
        "Bank", "Trading Post", "Abandoned Jailhouse"]
BOUNTIES = [
    {"name": "Butch Cassidy", "renown": 3, "locations": ["Bandit Hideout", "Bank"], "base": ["3C", "3D"],
     "draws": 2, "items": 1},
    {"name": "Jesse James", "renown": 2, "locations": ["Boot Hill", "Trading Post"], "base": ["5H"], "draws": 2},
    {"name": "Belle Starr", "renown": 1, "locations": ["Boarding House", "Abandoned Jailhouse"], "draws": 3},
]
SAM_BASS = {"name": "Sam Bass", "renown": 1, "locations": ["Bandit Hideout", "Bank"], "base": [], "draws": 1,
            "items": 0}


def add_players(ui: Driver, players: tuple[tuple[str, str], ...] = PLAYERS) -> None:
    for name, colour in players:
        ui.app.store.add_player(name, colour)


def setup_pages(ui: Driver) -> Iterator[str]:
    """The five steps of a new game's setup, and a refused start."""
    ui.tap("Bountytown")
    for name, _ in PLAYERS:
        ui.tap(ui.find(name, root=ui.screen.ids.picker))
    yield "setup: players"
    ui.tap("2 Characters")
    yield "setup: characters"
    ui.tap("3 Town")
    ui.tap("Bank")
    yield "setup: town, a cell picked"
    ui.tap("4 Store")
    yield "setup: store"
    ui.tap("5 Bounties")
    fill_bounty(ui, ui.screen.ids.form, "Butch Cassidy", 0, ("Bandit Hideout", "Bank"), "3C")
    yield "setup: a bounty card"
    ui.tap("Start")
    yield "setup: a refused start"


def start_game(ui: Driver, players: tuple[tuple[str, str], ...] = PLAYERS) -> None:
    """A game of ``players`` (the first with a hand limit of 2) just set up."""
    entries = [{"name": n, "character": f"{n} the Kid", "hand_limit": 2 if n == players[0][0] else 5}
               for n, _ in players]
    ui.app.start_session("bountytown", {"players": entries, "grid": GRID, "bounties": BOUNTIES,
                                        "store": ["Crucifix", "Rifle", "Cowboy Hat", "First Aid Kit"]})
    ui.pump()
    ui.settle()  # the screen's other pages, made a frame each once the game shows


def next_players(ui: Driver, count: int) -> None:
    """The turns of players who only end theirs."""
    for _ in range(count):
        assert ui.screen.act({"type": "end_turn", "reveal": []}), ui.screen.message


def game_pages(ui: Driver) -> Iterator[str]:
    """A game's pages: the town, a refusal, a player, the store, the duels (against a
    bounty, a player, a tie with an item, a critical wound), a turn-in, a reveal, the end."""
    start_game(ui)
    screen = ui.screen
    yield "town"
    ui.tap("Heal")
    yield "town: a refusal"
    ui.tap("Got it")
    ui.tap("Players")
    yield "the players: the renown board"
    ui.tap(ui.find(startswith=f"> {FIRST}", root=screen.ids.town.ids.board))
    yield "a player"
    ui.tap(screen.ids.player.ids.renown)
    yield "a player's renown, its steps"
    ui.tap(ui.find("Home"))  # beside the steps: closed
    ui.tap("Back to town")
    ui.tap("Buy")
    ui.tap("Crucifix $4")
    enter_card(ui, "3G", root=screen.ids.store)
    yield "the store"
    ui.tap("Back to town")

    # the first player (Bartholomew) takes Jesse James at Boot Hill, looks at the turn-in, and ends his turn
    assert screen.act({"type": "move", "to": "Boot Hill"}), screen.message
    ui.tap("Duel")
    ui.tap("Enter the cards")
    yield "duel: whom to face, under a refusal"
    ui.tap(ui.find(startswith="Jesse James", root=screen.ids.duel.ids.targets))
    enter(ui, f"{FIRST} holds", "5S 5D")
    yield "duel: the cards, with the odds"
    ui.tap(ui.find(cls=TextInput, root=screen.ids.duel))
    ui.type("6H")
    ui.tap("Add typed")
    yield "duel: a card refused while the cards are entered"
    ui.tap("Got it")
    enter(ui, "Drawn for", "1C 2D")
    see_result(ui)
    yield "duel: the result"
    ui.tap("Confirm")
    ui.tap("Turn in")
    yield "turn in"
    ui.tap("Back to town")
    ui.tap("End turn")
    fill_bounty(ui, screen.ids.reveal.ids.form, SAM_BASS["name"], 1, SAM_BASS["locations"], draws=1)
    yield "the reveal at the end of a turn"
    ui.tap("Reveal this bounty")

    # Ezekiel looks at a duel with Bartholomew, then ties Butch Cassidy at the Bank and takes his Rifle
    assert screen.act({"type": "move", "to": "Boot Hill"}), screen.message
    ui.tap("Duel")
    ui.tap(ui.find(startswith=FIRST, root=screen.ids.duel.ids.targets))
    ui.tap(ui.find(startswith="At stake: Jesse James", root=screen.ids.duel.ids.extras))
    yield "duel: a player, a bounty at stake"
    ui.tap("Back to town")
    assert screen.act({"type": "move", "to": "Bank"}), screen.message
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Butch Cassidy", root=screen.ids.duel.ids.targets))
    enter(ui, f"{SECOND} holds", "2H 2S")
    enter(ui, "Drawn for", "1S 4H")
    see_result(ui)
    yield "duel: the items a bounty carries"
    ui.tap("It is a Rifle")
    yield "duel: a tie, an item to take"
    ui.tap("Confirm")
    assert screen.act({"type": "end_turn", "reveal": [BOUNTIES[0] | {"name": "Doc Holliday"}]}), screen.message
    next_players(ui, 4)

    # Bartholomew ties Sam Bass at the Bandit Hideout: two wounds, his hand limit, a critical wound
    assert screen.act({"type": "move", "to": "Bandit Hideout"}), screen.message
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Sam Bass", root=screen.ids.duel.ids.targets))
    enter(ui, f"{FIRST} holds", "1H")
    enter(ui, "Drawn for", "5S")
    see_result(ui)
    yield "duel: a critical wound, which bounty to lose"
    ui.tap(f"{FIRST} discards Jesse James")
    ui.tap("Confirm")
    yield "town: after a critical wound, a bounty out of the game"
    ui.tap("End turn")
    yield "the reveal, with the cards typed before one tap away"
    ui.tap("The Train")
    yield "the reveal: the Train, asked before it ends the game"
    ui.tap("Yes: the game ends")
    yield "the end: the Hero of Bountytown"


def to_the_train(ui: Driver, players: tuple[tuple[str, str], ...] = PLAYERS) -> None:
    """The Train with everyone tied at 0 renown (the first player duels Jesse James and loses; the
    Train is revealed at the end of his turn), so every player enters a final duel hand."""
    start_game(ui, players)
    screen = ui.screen
    assert screen.act({"type": "move", "to": "Boot Hill"}), screen.message
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Jesse James", root=screen.ids.duel.ids.targets))
    enter(ui, f"{players[0][0]} holds", "1H")
    enter(ui, "Drawn for", "5S 5D")
    see_result(ui)
    ui.tap("Confirm")
    ui.tap("End turn")
    ui.tap("The Train")
    ui.tap("Yes: the game ends")


def final_duel_pages(ui: Driver) -> Iterator[str]:
    """The Train with everyone tied at 0 renown: all six enter a final duel hand."""
    to_the_train(ui)
    end = ui.screen.ids.end
    ui.tap(ui.find(startswith=SECOND, root=end.ids.desk.ids.tabs))
    for card in ("2H", "2S", "2D"):
        enter_card(ui, card, root=end.ids.desk)
    yield "the end: the tied players' final duel"
