"""What the walk's fresh database holds before the app starts: the players a table would have
entered once (Players), the character sheets Spurs remembers, and one game of the walk's kind
in progress (Home's Resume), so play is one tap from Home, as on a table's second evening.
Kivy-free: the child fills it in before Kivy is imported."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.db.store import Store
from tests.bountytown.screentaps import BOUNTIES, GRID
from tests.spurs.helpers import ANN, BOB, CID

PLAYERS = (("Ann", "red"), ("Bob", "yellow"), ("Cid", "blue"))


def _spurs() -> dict[str, Any]:
    return {"players": [ANN, BOB, CID], "target_fame": 10, "bank_cash": 100}


def _bountytown() -> dict[str, Any]:
    return {"players": [{"name": name, "character": f"{name} the Kid", "hand_limit": 5} for name, _ in PLAYERS],
            "grid": GRID, "bounties": BOUNTIES, "store": ["Crucifix", "Rifle", "Cowboy Hat", "First Aid Kit"]}


def _rapidcity() -> dict[str, Any]:
    return {"players": ["red", "yellow", "blue"], "seed": 1, "names": {"red": "Ann", "yellow": "Bob", "blue": "Cid"},
            "tiles": [{"pad": 1, "location": "prison"}, {"pad": 2, "location": "tipi"},
                      {"pad": 3, "location": "saloon"}]}


SETTINGS = {"spurs": _spurs, "bountytown": _bountytown, "rapidcity": _rapidcity}


def lay(db: Path, game: str) -> None:
    """Fill the new database at ``db`` for a walk of ``game``."""
    store = Store(db)
    try:
        for name, colour in PLAYERS:
            store.add_player(name, colour)
        store.set_pref("spurs.characters", {sheet["character"]: {"riding": sheet["riding"], "bag": sheet["bag"]}
                                            for sheet in (ANN, BOB, CID)})
        store.new_session(game, SETTINGS[game]())
    finally:
        store.close()
