"""The duel screen with wounds (R-B7) and with odds worked out off the UI thread: taps on
real widgets, then what the screen says."""

from __future__ import annotations

import time
from functools import partial

from companion.bountytown.odds import bounty_chances, duel_odds
from ui.bountytown.duel import WORKING, percent
from tests.ui.conftest import Driver
from tests.workerjobs import gated

from .test_play import board, enter, message, see_result, setup_game, to_cards

SAM_BASS = {"name": "Sam Bass", "renown": 1, "locations": ["Abandoned Jailhouse", "Bank"], "draws": 2}
DOC = {"name": "Doc Holliday", "renown": 1, "locations": ["Bank", "Doc's"], "draws": 1}


def act(ui: Driver, *actions) -> None:
    """Earlier turns, sent as the screens send them (the set-up, not what is tested)."""
    for action in actions:
        assert ui.screen.act(action), ui.screen.message


def four_wounds(ui: Driver) -> None:
    """Bart loses twice where a lost duel costs 2 wounds: 4 wounds in a 5-card hand."""
    setup_game(ui)
    lose = {"type": "duel_bounty", "hand": ["1H"], "seed": 1}
    others = [{"type": "end_turn", "reveal": []}] * 2
    act(ui, {"type": "move", "to": "Bandit Hideout"},
        {**lose, "bounty": "Butch Cassidy", "drawn": ["2C", "4D"], "bounty_items": ["Rifle"]},
        {"type": "move", "to": "Abandoned Jailhouse"}, {"type": "end_turn", "reveal": [SAM_BASS]}, *others,
        {**lose, "bounty": "Belle Starr", "drawn": ["2C", "2D", "4S"]}, {"type": "end_turn", "reveal": [DOC]}, *others)
    assert ui.screen.state.current.wounds == 4


def wait_for_odds(ui: Driver, duel, seconds: float = 60) -> list[str]:
    """Pump frames until the odds are worked out; every text the screen showed meanwhile."""
    shown = [duel.info]
    deadline = time.monotonic() + seconds
    while (duel.odds.busy() or WORKING in duel.info) and time.monotonic() < deadline:
        ui.pump(1)
        shown.append(duel.info)
    return shown


def test_four_wounds_in_a_five_card_hand_play_one_card(ui):
    four_wounds(ui)
    duel = ui.screen.ids.duel
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Sam Bass", root=duel.ids.targets))
    to_cards(ui)
    assert "Bart: 4 wounds in a 5-card hand, so at most 1 card to play" in duel.info
    enter(ui, "Bart holds", "5S")
    assert duel.ids.desk.active == 1  # the hand is full: on to the bounty's draw
    enter(ui, "Bart holds", "5D")
    assert message(ui) == ("Refused: Bart holds 1 card at most (a full hand less its wounds, R-B7); "
                           "remove one first")
    assert duel.ids.desk.slots[0].cards == ["5S"]

    counts = duel.ids.counts
    ui.tap(ui.find("-", root=counts))  # four cards, all wounds (two played earlier, say)
    assert ui.find(startswith="Bart's cards in hand", root=counts).text == "Bart's cards in hand 4"
    assert "Bart holds only wounds: enter the top card of the Draw deck, played alone" in duel.info
    ui.tap(ui.find("+", root=counts))
    ui.tap(ui.find("+", root=counts))  # Fastest in the West: an extra card, six in hand
    assert "Bart: 4 wounds in a 6-card hand, so at most 2 cards to play" in duel.info
    enter(ui, "Bart holds", "5D")
    assert duel.ids.desk.slots[0].played == ["5D", "5S"] and "Bart plays 5 Diamonds, 5 Spades: Pair" in duel.info
    enter(ui, "Drawn for", "1C 2D")
    see_result(ui)
    assert "Bart: Pair" in duel.result and "Bart wins and takes Sam Bass." in duel.result
    ui.tap("Confirm")
    assert board(ui)[0] == "> Bart: renown 1"


def test_odds_are_worked_out_off_the_ui_thread_and_never_stale(ui, tmp_path):
    setup_game(ui)
    act(ui, {"type": "move", "to": "Boot Hill"})
    duel = ui.screen.ids.duel
    gate = tmp_path / "gate"
    duel.odds._work = partial(gated, str(gate), bounty_chances)  # the worker waits for the gate
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Jesse James", root=duel.ids.targets))
    to_cards(ui)
    enter(ui, "Bart holds", "5S")
    assert WORKING in duel.info and "Bart plays 5 Spades: High Card" in duel.info  # the tap did not wait
    enter(ui, "Bart holds", "5D")  # the cards change while the first answer is worked out
    assert WORKING in duel.info
    gate.touch()
    shown = wait_for_odds(ui, duel)
    first = duel_odds(["5S"], ["5H"], 2)
    stale = f"win {percent(first.p_win)}, tie {percent(first.p_tie)}"
    assert not any(stale in text for text in shown)
    odds = duel_odds(["5S", "5D"], ["5H"], 2)
    assert (f"Against Jesse James's 2 draws: win {percent(odds.p_win)}, tie {percent(odds.p_tie)}, "
            f"lose {percent(odds.p_lose)}") in duel.info
    # the same cards again (a card moved to kept and back): the kept answer, at once
    chip = next(c for c in duel.ids.desk.slots[0].ids.chips.children if c.card == "5D")
    ui.tap(chip)
    assert WORKING not in duel.info and "Bart plays 5 Spades: High Card" in duel.info
    kept = duel_odds(["5S"], ["5H"], 2, known=["5D"])
    assert f"win {percent(kept.p_win)}, tie {percent(kept.p_tie)}" in duel.info


def test_at_the_bank_the_hand_is_counted_after_its_discard(ui):
    """R-B9 on R-B7 (rules 3): four wounds in a full hand at the Bank. The Bank takes the one
    Duel card on declaring, so the screen asks for the top card of the Draw deck, as the
    engine will; a card drawn since (a sixth card entered) is one card to play."""
    four_wounds(ui)
    act(ui, {"type": "move", "to": "Bank"})
    duel = ui.screen.ids.duel
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Sam Bass", root=duel.ids.targets))
    to_cards(ui)
    counts = duel.ids.counts
    assert ui.find(startswith="Bart's cards in hand", root=counts).text == "Bart's cards in hand 4"
    assert ("Bart holds only wounds after the Bank's discard: enter the top card of the Draw deck, played alone"
            in duel.info)
    ui.tap(ui.find("+", root=counts))
    assert "Bart: 4 wounds in a 5-card hand after the Bank's discard, so at most 1 card to play" in duel.info
    enter(ui, "Bart holds", "5S")
    enter(ui, "Drawn for", "1C 2D")
    see_result(ui)
    assert "Bart is at the Bank: discards a Duel card on declaring." in duel.result
    ui.tap("Confirm")
    # a tie of High Cards: Sam Bass taken with a fifth wound, and lost to it (R-B5, R-B8)
    assert ui.screen.state.discarded == ("Sam Bass",), message(ui)
