"""Small games of each kind whose statistics are worked out by hand in the tests."""

from __future__ import annotations

from companion.rapidcity.engine import ENGINE as RAPID_CITY, round_template
from tests.bountytown.test_engine import BELLE, BUTCH, GRID, JESSE, SUNDANCE

ANN = {"name": "Ann", "character": "Doc", "riding": 2, "bag": {"brown": 2, "black": 2}}
BOB = {"name": "Bob", "character": "Kid", "riding": 2, "bag": {"grey": 2, "black": 2}}


def spurs_long() -> tuple[dict, list[dict]]:
    """Bob wins 4 to 3. Ann's hunt draws 3 of her rifle pool (2 brown, 2 black): 1 hit
    against 3 x 2/4 = 1.5 expected; Bob's outlaw draws 3 of his revolver pool (2 grey,
    2 black): 2 hits against 1.5. Each such draw gives 1 or 2 hits, half a chance each."""
    settings = {"players": [ANN, BOB], "target_fame": 3}
    return settings, [
        {"type": "hunt", "token": "P1", "hits": 1, "cash": 10, "fame": 1, "draw": "physical",
         "drawn": {"brown": 1, "black": 2}},
        {"type": "end_turn"},
        {"type": "duel", "opponent": "Ann", "winner": "Bob"},  # Bob +1 fame (duels)
        {"type": "end_turn"},
        {"type": "sell", "tokens": ["P1"]},  # Ann +1 fame (town), $10
        {"type": "end_turn"},
        {"type": "outlaw", "token": "O1", "hits": 2, "fame": 2, "draw": "physical",
         "drawn": {"grey": 2, "black": 1}},
        {"type": "end_turn"},
        {"type": "end_turn"},
        {"type": "turn_in", "tokens": ["O1"]},  # Bob +2 fame (town): 3, the game ends
    ]
    # scores: Most Bullets is shared (2 brown, 2 grey), Most Money is Ann's ($10):
    # Bob 3 + 1 = 4, Ann 1 + 2 = 3


def spurs_short() -> tuple[dict, list[dict]]:
    """Ann wins two duels: fame 2 (duels), score 2 + 1 (Most Bullets shared) = 3; Bob 0 + 1 = 1."""
    settings = {"players": [ANN, BOB], "target_fame": 2}
    return settings, [
        {"type": "duel", "opponent": "Bob", "winner": "Ann"},
        {"type": "end_turn"},
        {"type": "end_turn"},
        {"type": "duel", "opponent": "Bob", "winner": "Ann"},
    ]


def bountytown() -> tuple[dict, list[dict]]:
    """Bart takes Butch Cassidy (renown 3) with Four of a Kind; Valentina's High Card loses
    to Jesse James, who escapes; the Train comes: Bart wins with 3 renown."""
    settings = {"players": [{"name": "Bart", "character": "Bart"}, {"name": "Valentina", "character": "Valentina"},
                            {"name": "Terry", "character": "Terry"}], "grid": GRID, "bounties": [BUTCH, JESSE, BELLE]}
    return settings, [
        {"type": "move", "to": "Bank"},
        {"type": "duel_bounty", "bounty": "Butch Cassidy", "hand": ["4H", "4D", "4S", "4C"],
         "drawn": ["1H", "2H", "5S", "5S", "2C"], "bounty_items": ["Rifle"], "seed": 1},
        {"type": "end_turn", "reveal": [SUNDANCE]},
        {"type": "move", "to": "Boot Hill"},
        {"type": "duel_bounty", "bounty": "Jesse James", "hand": ["1H"], "drawn": ["5S", "2D"], "seed": 11},
        {"type": "end_turn", "reveal": ["Train"]},
    ]


def rapidcity() -> tuple[dict, list[dict]]:
    """Two Sheriff cards (seed 5; the prison is forbidden; pads 1-3: prison, tipi, saloon).
    Card 1: green presses before the reveal (a false start, no claim: a bullet), red claims
    the prison at 250 ms (forbidden: a bullet), blue the tipi at 400 ms. Card 2: red the
    tipi at 180, blue the saloon at 320, green the prison at 600 (a bullet).
    Reactions: red 250 and 180 (median 215, best 180), blue 400 and 320, green 600.
    Red is called Rita and green Gus; blue has no name (a colour is the player, R-R2)."""
    settings = {"players": ["red", "blue", "green"], "seed": 5, "names": {"red": "Rita", "green": "Gus"}}
    state = RAPID_CITY.initial_state(settings)
    actions = []
    for events in ([(3, -50, "green"), (1, 250, "red"), (2, 400, "blue")],
                   [(2, 180, "red"), (3, 320, "blue"), (1, 600, "green")]):
        rnd = round_template(state)
        rnd["events"] = [{"pad": pad, "edge": "press", "t_ms": t, "player": who} for pad, t, who in events]
        actions.append({"type": "play", "round": rnd})
        state = RAPID_CITY.apply(state, actions[-1])
    return settings, actions
