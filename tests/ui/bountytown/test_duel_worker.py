"""The duel screen's exact odds come from the worker process (ui/pace/background.py): a tap made
while a bounty drawing 10 cards is being worked out is answered at once, costs the app
little CPU, and the odds then shown are the exact ones.

The worker is held busy by a gate the test opens (tests/workerjobs.py ``gated``), not by the
odds taking long: a fast machine worked them out before the tap, and the test measured
nothing."""

from __future__ import annotations

import os
import time
from functools import partial

from companion.bountytown.odds import bounty_chances, duel_odds
from companion.bountytown.view import SETUP_DIAGRAM
from tests.timing import answered_quickly
from tests.ui.conftest import Driver
from tests.workerjobs import gated
from ui.pace.background import WORKER, LatestAnswers
from companion.bountytown.shown import WORKING, percent

from .test_play import PLAYERS, enter, to_cards

BUTCH = {"name": "Butch Cassidy", "renown": 3, "locations": ["Boot Hill", "Bank"], "base": ["3C", "3D"], "draws": 10}
#: what one card tap and the odds it asks for may cost the app's process (the screen's
#: handling, the frames, showing the odds): 0.25 s measured here under load; worked out
#: inside the app (a thread, as before), the odds took 1.25-1.64 s of its CPU
APP_CPU_SECONDS = 0.75
#: the odds of 10 draws take ~0.6 s of a quiet core; a busy test machine takes much longer
ODDS_SECONDS = 120.0


def duel_against_butch(ui: Driver) -> None:
    """A game whose first bounty draws 10 cards, and Bart at the cards page of a duel with it.
    Today's rules refuse a card drawing more than 5 (R-B11), so it is a game stored under
    rules 3, which took the card: the slow odds that remain are an old game's."""
    for name, colour in PLAYERS:
        ui.app.store.add_player(name, colour)
    others = [{"name": f"Bounty {n}", "renown": 1, "locations": ["Bank", "Doc's"], "draws": 1} for n in (2, 3)]
    game = ui.app.store.new_session("bountytown", {
        "players": [{"name": name, "character": name} for name, _ in PLAYERS], "grid": list(SETUP_DIAGRAM),
        "bounties": [{**BUTCH, "draws": 5}, *others], "store": []})
    ui.app.store._db.execute("UPDATE sessions SET settings = json_set(settings, '$.rules', 3, '$.bounties[0].draws', ?) "
                             "WHERE id = ?", (BUTCH["draws"], game.id))
    ui.app.resume(game.id)
    ui.pump()
    assert ui.screen.act({"type": "move", "to": "Boot Hill"}), ui.screen.message
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Butch Cassidy", root=ui.screen.ids.duel.ids.targets))
    to_cards(ui)


def odds_shown(ui: Driver, duel, seconds: float = ODDS_SECONDS) -> list[str]:
    """Every text the duel showed until the odds came. Frames are drawn a few times a second,
    not as fast as possible: the app's CPU then counts what the app does, not the waiting."""
    shown = [duel.view.info]
    deadline = time.monotonic() + seconds
    while (duel.odds.busy() or WORKING in duel.view.info) and time.monotonic() < deadline:
        time.sleep(0.1)
        ui.pump(1)
        shown.append(duel.view.info)
    return shown


def odds_text(hand: list[str]) -> str:
    odds = duel_odds(hand, BUTCH["base"], BUTCH["draws"])
    return (f"Against Butch Cassidy's 10 draws: win {percent(odds.p_win)}, tie {percent(odds.p_tie)}, "
            f"lose {percent(odds.p_lose)}")


def test_a_tap_while_the_worker_is_busy_is_answered_at_once_and_its_odds_follow(ui, tmp_path):
    duel_against_butch(ui)
    duel = ui.screen.ids.duel
    gate = tmp_path / "gate"
    duel.odds = LatestAnswers(partial(gated, str(gate), bounty_chances), duel._odds_ready)
    enter(ui, "Bart holds", "5C 5H 5S")  # the worker starts on Butch's 10 draws against these
    assert WORKING in duel.view.info and duel.odds.busy()
    with answered_quickly(cpu=APP_CPU_SECONDS, wall=ODDS_SECONDS):
        enter(ui, "Bart holds", "5D")  # while the worker is held busy
        assert duel.odds.busy()
        assert WORKING in duel.view.info and "Bart plays 5 Hearts, 5 Diamonds, 5 Spades, 5 Clubs: Four of a Kind" in duel.view.info
        gate.touch()
        shown = odds_shown(ui, duel)
    assert odds_text(["5C", "5H", "5S", "5D"]) in duel.view.info  # the worker's answer, exact, on screen
    stale = odds_text(["5C", "5H", "5S"])
    assert not any(stale in text for text in shown)


def test_the_cards_page_starts_the_worker_before_the_first_card(ui):
    WORKER.stop()
    duel_against_butch(ui)
    assert WORKER.pid() not in (None, os.getpid()), WORKER.unavailable
    assert "Working out" not in ui.screen.ids.duel.view.info  # no card yet, no question
