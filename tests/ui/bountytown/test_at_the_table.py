"""Issue 37, at the table under real fingers: what players met in a real 800x480 window,
tapped through the widgets as they did. The card grids stand still while cards go in (a
target that moves under the finger took the wrong card for 2 of 3 bounties); a card tapped
twice is not silently taken twice; the Train asks before it ends the game; the duel list
offers only whom the player can reach; every key of the grid reads whole."""

from __future__ import annotations

from kivy.core.window import Window

from tests.ui.conftest import Driver
from ui.bountytown.cards import CardKey
from ui.bountytown.forms import BountyForm

from .test_play import SUITS, enter, enter_card
from .walk import BOUNTIES, FIRST, GRID, PLAYERS

#: a bounty that draws no card: its duel has one slot, the player's hand
NO_DRAW = {"name": "Sam Bass", "renown": 1, "locations": ["Sheriff's Office", "Bank"], "base": ["2C"], "draws": 0}


def start(ui: Driver, bounties: list[dict]) -> None:
    entries = [{"name": n, "character": f"{n} the Kid", "hand_limit": 5} for n, _ in PLAYERS[:3]]
    ui.app.start_session("bountytown", {"players": entries, "grid": GRID, "bounties": bounties,
                                        "store": ["Crucifix", "Rifle"]})
    ui.pump()


def keys(ui: Driver, root) -> dict[str, tuple[float, float, float, float]]:
    """Where each key of ``root``'s card grid is in the window (its words -> x, y, w, h)."""
    found = {}
    for key in (w for w in ui.widgets(root) if isinstance(w, CardKey)):
        x, y = key.to_window(key.x, key.y)
        found[key.text] = (round(x), round(y), round(key.width), round(key.height))
    assert len(found) == 25
    return found


def desk(ui: Driver):
    return ui.screen.ids.duel.ids.desk


def test_the_duel_grid_stands_still_as_the_cards_go_in(ui):
    start(ui, [NO_DRAW] + BOUNTIES[:2])
    screen = ui.screen
    # a 0-draw duel: one slot, the hand; every card and the refusal of a sixth leave the grid where it was
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Sam Bass", root=screen.ids.duel.ids.targets))
    where = keys(ui, desk(ui))
    for card in ("1H", "2S", "3D", "4C", "5G", "5H"):
        enter_card(ui, card, root=desk(ui))
        assert keys(ui, desk(ui)) == where, f"the grid moved after {card}"
    assert screen.message.startswith("Refused:")
    ui.tap("Got it")
    assert keys(ui, desk(ui)) == where
    ui.tap("Remove last")
    assert keys(ui, desk(ui)) == where

    # a duel with a draw: the tabs, the hand, the draw; the grid never moves
    ui.tap("Back")
    ui.tap("Back to town")
    assert screen.act({"type": "move", "to": "Boot Hill"}), screen.message
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Jesse James", root=screen.ids.duel.ids.targets))
    for card in ("1H", "2S", "3D", "4C", "5G", "1C", "2D"):
        enter_card(ui, card, root=desk(ui))
        assert keys(ui, desk(ui)) == where, f"the grid moved after {card}"


def pad(ui: Driver, form: BountyForm) -> dict[str, tuple[float, float]]:
    """Where each value and suit key of a bounty card's form is in the window."""
    found = {}
    for text in ("1", "2", "3", "4", "5", *SUITS.values()):
        key = ui.find(text, root=form)
        found[text] = tuple(round(v) for v in key.to_window(key.x, key.y))
    return found


def test_the_base_card_pad_stands_still_as_the_cards_go_in(ui):
    start(ui, BOUNTIES)
    screen = ui.screen
    assert screen.act({"type": "move", "to": "Boot Hill"}), screen.message
    screen.act({"type": "duel_bounty", "bounty": "Jesse James", "hand": ["5S", "5D", "5C"], "drawn": ["1C", "2D"],
                "bounty_items": [], "take": None, "rifle": False, "crucifix": [], "critical_discard": {}, "seed": 1})
    ui.tap("End turn")
    form = ui.find(cls=BountyForm)
    where = pad(ui, form)
    for card in ("1H", "2D", "3S", "4C", "5G"):
        enter_card(ui, card, root=form)
        assert pad(ui, form) == where, f"the value and suit keys moved after {card}"
    assert len(form.card.base) == 5
    ui.tap("Reveal this bounty")  # no name yet: refused, its reason above the card
    assert screen.message
    assert pad(ui, form) == where, "the value and suit keys moved under a refusal"
    enter_card(ui, "1C", root=form)  # a sixth: refused
    assert "at most 5 base cards" in screen.message and pad(ui, form) == where


def test_a_card_tapped_twice_is_refused_then_taken_when_meant(ui):
    start(ui, [NO_DRAW] + BOUNTIES[:2])
    screen = ui.screen
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Sam Bass", root=screen.ids.duel.ids.targets))
    ui.double_tap(ui.find("3 Diamonds", root=desk(ui)))
    hand = screen.model.flow.duel.desk.slots[0].cards
    assert hand == ("3D",), hand
    assert "3 Diamonds is already" in screen.message and "again" in screen.message
    assert screen.message in " ".join(ui.texts())
    ui.tap(ui.find("3 Diamonds", root=desk(ui)))  # meant: the deck holds three
    assert screen.model.flow.duel.desk.slots[0].cards == ("3D", "3D")
    assert not screen.message


def test_every_key_of_the_grid_reads_whole_and_apart(ui):
    start(ui, [NO_DRAW] + BOUNTIES[:2])
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Sam Bass", root=ui.screen.ids.duel.ids.targets))
    for key in (w for w in ui.widgets(desk(ui)) if isinstance(w, CardKey)):
        key.texture_update()
        widest = max(line.w for line in key._label._cached_lines)  # noqa: SLF001
        # 4 px clear of each edge, so two keys' words never run together; every line inside the key
        assert widest <= key.width - 8 and key.texture_size[1] <= key.height, \
            f"{key.text!r} ({widest}x{key.texture_size[1]}) in a {key.width:.0f}x{key.height:.0f} key"
        assert key.font_size >= 16


def to_the_reveal(ui: Driver) -> None:
    """The first player takes Jesse James and ends the turn: a bounty slot to fill."""
    start(ui, BOUNTIES)
    screen = ui.screen
    assert screen.act({"type": "move", "to": "Boot Hill"}), screen.message
    assert screen.act({"type": "duel_bounty", "bounty": "Jesse James", "hand": ["5S", "5D", "5C"], "drawn": ["1C", "2D"],
                       "bounty_items": [], "take": None, "rifle": False, "crucifix": [], "critical_discard": {},
                       "seed": 1}), screen.message
    ui.tap("End turn")
    assert screen.ids.pages.current == "reveal"


def test_the_train_asks_before_the_game_ends(ui):
    to_the_reveal(ui)
    screen = ui.screen
    ui.double_tap("The Train")
    assert not screen.state.finished and screen.ids.pages.current == "reveal"
    question = f"The Train ends the game: {FIRST} wins with renown 2. End it now?"
    assert question in ui.texts()
    ui.tap("No")
    assert question not in ui.texts() and not screen.state.finished
    ui.tap("The Train")
    ui.tap("Yes: the game ends")
    assert screen.state.finished and screen.ids.pages.current == "end"
    assert screen.ids.end.view.headline == f"The Train! Hero of Bountytown: {FIRST} (renown 2)"


def test_the_duel_list_offers_only_whom_the_player_can_reach(ui):
    start(ui, [NO_DRAW] + BOUNTIES[:2])
    screen = ui.screen
    ui.tap("Duel")
    targets = screen.ids.duel.ids.targets
    offered = [o.shown.words for o in targets.children if o.shown.tap]
    assert [w.split(" (")[0] for w in reversed(offered)] == ["Sam Bass", PLAYERS[1][0], PLAYERS[2][0]]
    note = ui.find(startswith="Jesse James is found at Boot Hill or Trading Post", root=targets)
    assert not note.shown.tap

    # after a move, Jesse James is in reach, and Sam Bass and the players who stayed behind are not
    ui.tap("Back to town")
    assert screen.act({"type": "move", "to": "Boot Hill"}), screen.message
    ui.tap("Duel")
    offered = [o.shown.words for o in targets.children if o.shown.tap]
    assert [w.split(" (")[0] for w in offered] == ["Jesse James"]


#: a bounty whose base alone is a Rainbow, drawing one card
RAINBOW = {"name": "Doc Holliday", "renown": 2, "locations": ["Sheriff's Office", "Bank"],
           "base": ["1H", "2D", "3S", "4C", "5G"], "draws": 1}


def test_the_drawn_cards_rank_shows_once_a_card_is_drawn(ui):
    start(ui, [RAINBOW] + BOUNTIES[:2])
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Doc Holliday", root=ui.screen.ids.duel.ids.targets))
    enter(ui, f"{FIRST} holds", "1H")
    ui.tap(ui.find(startswith="Drawn for", root=desk(ui)))
    assert not any("Rainbow" in t for t in ui.texts(desk(ui))), ui.texts(desk(ui))
    enter_card(ui, "1S", root=desk(ui))
    assert any(t.startswith("[b]Rainbow") for t in ui.texts(desk(ui))), ui.texts(desk(ui))


def test_the_setup_card_keys_stand_still_under_a_refusal(ui):
    for name, colour in PLAYERS[:3]:
        ui.app.store.add_player(name, colour)
    ui.tap("Bountytown")
    for name, _ in PLAYERS[:3]:
        ui.tap(ui.find(name, root=ui.screen.ids.picker))
    ui.tap("5 Bounties")
    form = ui.screen.ids.form
    where = pad(ui, form)
    enter_card(ui, "3C", root=form)
    ui.tap("Start")  # no bounty named yet: refused, its reason above the steps
    assert ui.screen.setup.message
    assert pad(ui, form) == where, "the value and suit keys moved under a refusal"


def test_the_cards_entered_stay_in_sight_under_a_tall_title(ui):
    """Six long names take the title three lines: the desk is then short of room for the
    slot's heading and its cards; the cards entered stay in sight (the heading steps aside)."""
    from tests.ui.readability import on_screen

    from .walk import start_game

    start_game(ui)
    screen = ui.screen
    assert screen.act({"type": "move", "to": "Boot Hill"}), screen.message
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Jesse James", root=screen.ids.duel.ids.targets))
    where = keys(ui, desk(ui))
    enter_card(ui, "5S", root=desk(ui))  # (a hand of two: the second would move the desk on to the draw)
    chips = [c for c in desk(ui).ids.chips.children if on_screen(c)]
    assert [c.text.split("\n")[0] for c in chips] == ["5 Spades"]
    assert keys(ui, desk(ui)) == where
