"""A small table to play on: two or three players with known bags."""

from companion.spurs.engine import ENGINE

ANN = {"name": "Ann", "character": "Doc", "riding": 3,
       "bag": {"grey": 4, "brown": 2, "white": 1, "black": 2, "red": 1}}
BOB = {"name": "Bob", "character": "Kid", "riding": 2, "bag": {"grey": 3, "brown": 3, "white": 1, "black": 2}}
CID = {"name": "Cid", "character": "Sam", "riding": 2, "bag": {"grey": 2, "brown": 2, "white": 2, "black": 2}}


def new_game(**settings):
    return ENGINE.initial_state({"players": [ANN, BOB, CID], "bank_cash": 100, **settings})


def play(state, *actions):
    for action in actions:
        state = ENGINE.apply(state, action)
    return state


def physical(**drawn):
    return {"draw": "physical", "drawn": drawn}
