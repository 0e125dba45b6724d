"""The referee screen's flow at engine speed (no Kivy): from Ready to Confirm, in the
rulebook's words, what each tap does, what the table reads, and what Undo takes back.
The Kivy tests keep what needs pixels (tests/ui/rapidcity)."""

from __future__ import annotations

import pytest

from companion.db.store import MAX_NAME as PLAYERS_MAX_NAME
from companion.rapidcity.engine import MAX_NAME
from companion.rapidcity.flow import NOTHING_TO_UNDO, NOTHING_TO_UNDO_YET, NOT_REPORTING, STOPPED, referee_model
from companion.rapidcity.taps import (
    Back,
    By,
    Call,
    CloseHistory,
    Hand,
    PastCalls,
    Pawn,
    Pick,
    Ready,
    RemoveLast,
    ToTouches,
    ToVerdict,
)
from companion.rapidcity.model import FORBIDDEN_BY, ArmedCard, CharacterCard, DisarmedCard
from companion.rapidcity.table import refusal
from rc_screen import MS, Edge, Table, game

PAD_OF = {"prison": 1, "tipi": 2, "saloon": 3}  # the default tiles of three players


def raced(*pads: int, kind: type = CharacterCard, **settings) -> Table:
    """A card of ``kind`` with a press on each of ``pads`` in turn, the race over."""
    table = Table(game(kind, window_ms=60_000, **settings))
    table.reveal()
    for pad in pads:
        table.press(pad)
    table.end_race()
    return table


# -- naming who is on each tile (R-R5) -------------------------------------------------------

def test_three_claims_take_at_most_four_taps_from_the_end_of_the_race_to_the_card_confirmed():
    table = raced(1, 2, 3)
    assert table.stage == "finish"
    first, second, third = table.presses()
    taps = 0
    for press, player in ((first, "red"), (second, "blue")):
        table.take(Pick(press, player))
        taps += 1
    assert table.model.who() == {first: "red", second: "blue", third: "green"}  # the one left is filled in...
    finish = table.shown().finish
    assert "green is the only one left, so is on Saloon (pad 3): tap another name if not." in finish.status
    assert [chip.down for chip in finish.rows[2].chips] == [False, False, True]  # ...and shown chosen
    table.take(ToVerdict())
    table.confirm()
    assert taps + 2 == 4 and table.state.position == 1
    events = table.state.played[-1].round["events"]
    assert [e["player"] for e in events if e["edge"] == "press"] == ["red", "blue", "green"]


def test_a_wrong_guess_is_one_tap_to_change():
    table = raced(1, 2, 3)
    first, second, third = table.presses()
    table.take(Pick(first, "green"))
    table.take(Pick(second, "blue"))
    assert table.model.who()[third] == "red"
    table.take(Pick(second, "red"))  # it was red on the tipi: the guess moves to the one left, blue
    assert table.model.who() == {first: "green", second: "red", third: "blue"}


def test_unnaming_a_press_takes_the_guess_back():
    table = raced(1, 2, 3)
    first, second, _ = table.presses()
    table.take(Pick(first, "red"))
    table.take(Pick(second, "blue"))
    table.take(Pick(second, "blue"))  # not blue after all: two presses open again, nothing guessed
    assert table.model.who() == {first: "red"}
    assert "only one left" not in table.shown().finish.status


def test_a_player_who_claimed_nothing_leaves_every_press_to_name():
    table = raced(1, 2)  # green never lands: nobody is obvious
    first, second = table.presses()
    table.take(Pick(first, "red"))
    assert table.model.who() == {first: "red"}
    assert table.shown().finish.next == second


def test_with_every_pawn_read_by_rfid_the_verdict_is_one_tap_away_and_confirmations_teach_tags():
    table = Table(game(CharacterCard, window_ms=60_000), known_tags={"AA01": "red", "AA02": "blue"})
    table.reveal()
    for pad, tag in ((1, "AA01"), (2, "AA02"), (3, "CC03")):
        press = table.press(pad)
        table.tag(pad, tag, press[1] + MS)
    table.end_race()
    first, second, third = table.presses()
    assert table.model.who() == {first: "red", second: "blue", third: "green"}  # read, read, the one left
    table.take(ToVerdict())
    assert table.model.learned_tags() == {"AA01": "red", "AA02": "blue", "CC03": "green"}


# -- the race (R-R3, R-R4, R-R6) -------------------------------------------------------------

def test_the_window_times_out_and_an_unclaimed_player_takes_a_bullet():
    table = Table(game(CharacterCard, window_ms=1500))
    table.reveal()
    red, blue = table.press(1), table.press(2)
    assert not table.time()
    table.later(1400)
    assert table.time() and table.stage == "window" and table.model.race_ended  # on show until it is closed
    table.end_race()
    table.take(Pick(red, "red"))
    table.take(Pick(blue, "blue"))
    table.take(ToVerdict())
    verdict = table.shown().verdict
    assert any("the window closed at 1500 ms: time is up" in n for n in verdict.notes)
    assert any(n.startswith("green claimed no allowed tile") for n in verdict.notes)
    assert "green takes a bullet (1 in all)" in verdict.outcomes


def test_the_model_is_a_value_that_taps_and_facts_never_change():
    """What the screen showed before a tap or an edge is still there to compare with: a
    tap's step and a fact give new models, the one they came from stays as it was."""
    table = raced(1, 2)
    before = table.model
    named, shown = before.entries, table.shown()
    first, second = table.presses()
    table.take(Pick(first, "red"))
    assert table.edge(Edge(3, True, second[1] - MS))  # stamped in the race, delivered late
    assert table.model.card.edges != before.card.edges and table.model.entries != named
    assert before.entries == named and len(before.card.edges) == 2
    table.model = before
    assert table.shown() == shown


def test_a_false_start_during_the_wait_is_said_at_once_and_is_never_a_claim():
    table = Table(game(CharacterCard))
    table.ready()
    assert table.shown().waiting == "Wait for it..."
    table.press(1)  # before the card: a false start (R-R4)
    assert table.shown().waiting == "False start! Hands off the pads until the card shows (R-R4)."
    table.revealed(table.later(500))
    assert table.shown().window.claims == 0
    assert any("false start, not a claim" in note for note in table.model.preview().notes)


def test_with_the_setting_on_the_table_names_a_false_starter_who_takes_a_bullet():
    table = Table(game(CharacterCard, window_ms=300, false_start_bullet=True))
    table.ready()
    early = table.press(3)
    table.revealed(table.later(500))
    table.later(400)
    table.end_race()
    finish = table.shown().finish
    row = next(row for row in finish.rows if row.press == early)
    assert row.text.startswith("False start: Saloon (pad 3), -")
    assert finish.status.endswith("Name who made each false start, or nobody takes its bullet (R-R13).")
    table.take(Pick(early, "blue"))
    assert any("blue made a false start on pad 3" in n for n in table.model.preview().notes)
    assert table.model.preview().bullets["blue"] == 1


def test_a_pawn_moved_to_an_allowed_tile_in_time_is_judged_there():
    """R-R6: red lands on the forbidden tile, lifts her pawn and puts it on an allowed one;
    blue takes the tile red left, green the last."""
    table = Table(game(CharacterCard, window_ms=60_000))
    table.reveal()
    card = table.model.card.card
    bad = PAD_OF[FORBIDDEN_BY[card.character]]
    good = [pad for pad in (1, 2, 3) if pad != bad]
    red_first = table.press(bad)
    table.release(bad)
    red_then = table.press(good[0])
    blue, green = table.press(bad), table.press(good[1])
    table.end_race()
    for press, player in ((red_first, "red"), (red_then, "red"), (blue, "blue"), (green, "green")):
        table.take(Pick(press, player))
    finish = table.shown().finish
    assert "red moved from" in finish.status and finish.status.endswith("(R-R6).")
    assert not any("moved" in row.text for row in finish.rows)  # said in the status: a row never grows with a name
    assert table.model.preview().bullets == {"red": 0, "blue": 1, "green": 0}


def test_a_press_delivered_after_the_rows_were_shown_gets_its_own_row():
    """A busy machine may deliver an edge stamped inside the window after the window
    closed on screen; it is part of the call, so it can be named too."""
    table = Table(game(CharacterCard, window_ms=60_000))
    table.reveal()
    table.press(1)
    stamped = table.later(10)
    table.end_race()
    assert len(table.presses()) == 1
    assert table.edge(Edge(2, True, stamped - 1))
    assert len(table.presses()) == 2


def test_back_steps_within_the_card_and_nothing_is_saved_until_confirm():
    table = Table(game(CharacterCard))
    table.ready()
    table.take(Back())  # the card goes back on the pile: nothing kept of it
    assert table.stage == "ready" and table.model.card is None
    table.reveal()
    for pad in (1, 2, 3):
        table.press(pad)
    assert table.time()  # every pawn landed (R-R6)
    table.end_race()
    table.take(ToVerdict())
    table.take(Back())
    assert table.stage == "finish" and table.state.position == 0 and not table.state.played


def test_ready_waits_for_every_pawn_off_the_tiles_and_for_the_pads_to_report():
    model = referee_model(game(CharacterCard))
    assert model.take(Ready(0, ("Tipi 1",))).model.message == "Take the pawn off Tipi 1 first (R-R3)."
    step = model.take(Ready(0, reporting=False))
    assert step.model.message == NOT_REPORTING and step.sound == "refusal"
    assert step.model.stage() == "ready" and step.model.card is None
    step = model.take(Ready(0))
    assert step.model.message == "" and step.model.stage() == "waiting" and step.save is None


def test_a_card_the_pads_decide_is_stopped_when_they_stop_reporting():
    table = Table(game(CharacterCard))
    table.reveal()
    table.press(1)
    stopped = table.model.pads_stopped()
    assert stopped is not table.model
    table.model = stopped
    assert table.stage == "ready" and table.model.card is None and table.shown().ready.status == STOPPED
    table.reveal()
    assert table.shown().ready.status != STOPPED


# -- cowboy cards (R-R9, R-R10) ----------------------------------------------------------------

def test_a_press_on_a_disarmed_card_is_said_at_once_and_the_owner_or_the_mover_takes_the_bullet():
    table = Table(game(DisarmedCard, window_ms=60_000))
    table.reveal()
    window = table.shown().window
    assert window.claim_said == "" and "A pad pressed is a pawn moved" in window.status
    press = table.press(2)
    shown = table.shown()
    assert shown.window.claim_said.startswith("Tipi (pad 2) pressed at ") and shown.window.claim_said.endswith(
        ": a pawn was moved!")
    assert "(R-R10)" in shown.window.status and "do not count" not in shown.window.status
    assert shown.tiles[1].unnamed == "pawn moved" and shown.tiles[1].claim.endswith(" ms")
    table.take(ToTouches(table.now))
    assert table.stage == "touches"
    (row,) = table.shown().touches.rows
    assert row.text.startswith("Pawn moved on Tipi (pad 2), ") and row.text.endswith("whose? (R-R10)")
    table.take(Pick(press, "blue"))  # one tap: it was blue's pawn
    assert table.model.preview().bullets == {"red": 0, "blue": 1, "green": 0}
    (row,) = table.shown().touches.rows  # the same words, its chip down: a name never pushes the rows under it
    assert row.text.endswith("whose? (R-R10)") and [c.colour for c in row.chips if c.down] == ["blue"]
    table.take(By("green"))  # two taps name who moved it: green touched blue's pawn
    table.take(Pawn("blue", table.later(100)))
    assert table.model.preview().bullets == {"red": 0, "blue": 0, "green": 1}
    assert any("was moved by green" in note for note in table.shown().verdict.notes)


def test_the_verdict_waits_for_a_half_entered_touch_and_for_every_moved_pawn_named():
    """A touch half entered is never dropped unsaid, and a Disarmed card's call gives the
    moved pawn's owner the bullet the card said it costs (R-R10): Verdict says what to tap."""
    table = Table(game(DisarmedCard, window_ms=60_000))
    table.reveal()
    press = table.press(2)
    table.take(ToTouches(table.now))
    assert not table.model.may(ToVerdict) and not table.shown().touches.can_verdict
    said = table.take(ToVerdict())
    assert said.startswith("Tap whose pawn was moved on Tipi (pad 2)") and "(R-R10)" in said
    assert table.stage == "touches" and said in table.shown().touches.status
    table.take(Pick(press, "blue"))
    table.take(By("green"))
    said = table.take(ToVerdict())
    assert said.startswith("Finish the touch first: whose pawn did green touch?") and table.stage == "touches"
    assert table.model.entries.by == "green"
    table.take(Pawn("red", table.later(100)))
    assert table.take(ToVerdict()) == "" and table.stage == "verdict"
    assert table.model.preview().bullets == {"red": 0, "blue": 1, "green": 1}


def test_an_armed_card_never_asks_whose_pawn_a_press_moved():
    """R-R9: pawns are caught, not put on tiles; a press claims nothing, so no row asks about it."""
    table = Table(game(ArmedCard, window_ms=60_000))
    table.reveal()
    table.press(2)
    assert "Pads do not count on this card" in table.shown().window.status
    assert table.shown().tiles[1].claim == ""
    table.take(ToTouches(table.now))
    assert table.shown().touches.rows == ()
    assert table.take(Pick((2, table.now), "red")) == "" and table.model.entries.named == ()


def test_an_armed_card_still_lists_its_false_starts_when_they_cost_a_bullet():
    table = Table(game(ArmedCard, window_ms=60_000, false_start_bullet=True))
    table.ready()
    early = table.press(1)
    table.revealed(table.later(300))
    table.take(ToTouches(table.now))
    assert table.presses() == [early]
    assert table.shown().touches.status.endswith("Name who made each false start, or nobody takes its bullet (R-R13).")


def test_touches_are_entered_in_two_taps_in_the_order_told_with_the_hand_in_ultimate_mode():
    table = Table(game(ArmedCard, ultimate=True))
    table.reveal()
    attacker = table.model.card.card.player
    table.take(ToTouches(table.now))
    touches = table.shown().touches
    assert touches.prompt == "Who touched?" and touches.hands and touches.hand == table.model.card.card.hand
    table.take(By(attacker))
    assert table.shown().touches.prompt == f"Whose pawn did {attacker} touch?"
    table.take(Hand("left"))
    victim = next(p for p in table.state.players if p != attacker)
    table.take(Pawn(victim, table.later(200)))
    assert table.shown().touches.told == f"1. {attacker} touched {victim}'s pawn (left hand)"
    table.take(RemoveLast())
    assert table.shown().touches.told == "No touches entered." and not table.shown().touches.can_remove


# -- Undo and stray taps ---------------------------------------------------------------------

def test_undo_on_a_card_takes_back_its_last_tap_exactly_and_never_the_card_before():
    table = Table(game(CharacterCard, CharacterCard, window_ms=60_000))
    table.reveal()
    for pad in (1, 2, 3):
        table.press(pad)
    table.end_race()
    for press, player in zip(table.presses(), ("red", "blue", "green")):
        table.take(Pick(press, player))
    table.take(ToVerdict())
    table.confirm()
    table.reveal()
    assert table.undo() == NOTHING_TO_UNDO  # the race: nothing tapped yet, and nothing thrown away
    for pad in (1, 2, 3):
        table.press(pad)
    table.end_race()
    edges = table.model.card.edges
    before = table.model.entries
    first = table.presses()[0]
    table.take(Pick(first, "blue"))
    after = table.model.entries
    assert table.undo() == "" and table.model.entries == before
    assert table.model.card.edges == edges and table.state.position == 1  # the presses and the card before stay
    assert table.undo() == NOTHING_TO_UNDO and table.model.entries == before
    assert "redo" in table.model.enabled()
    assert table.tap("redo").save is None
    assert table.model.entries == after
    table.take(ToVerdict())
    table.undo()
    assert table.stage == "finish" and table.model.entries == after


def test_undo_before_the_card_is_shown_says_how_to_take_the_last_card_back():
    table = Table(game(CharacterCard))
    table.ready()
    assert table.undo() == NOTHING_TO_UNDO_YET and table.stage == "waiting"
    table.take(Back())
    assert table.tap("undo").save is None and table.saved == [table.state]  # no card, and no card played to undo


def test_a_tap_meant_for_another_step_changes_nothing():
    """A double tap's second tap, or a tap made while the screen moved on, belongs to a
    step no longer on show: it does nothing."""
    table = raced(1, 2, 3)
    table.take(ToVerdict())
    for stray in (ToVerdict(), RemoveLast(), PastCalls(), CloseHistory(), Ready(table.now)):
        before = table.model
        assert table.take(stray) == ""
        assert table.model is before and table.stage == "verdict"
    table.confirm()
    assert table.tap("confirm").save is None and table.stage == "ready"  # Confirm twice commits once
    assert table.applied == 1 and table.state.position == 1


def test_a_new_flow_opens_on_the_next_card_or_the_end():
    assert referee_model(game(CharacterCard)).stage() == "ready"
    table = Table(game(healing=True, two_characters=True))
    while not table.state.game_over:  # every card with nobody on a tile
        table.reveal()
        table.closed(table.later(10))
        table.take(ToVerdict())
        table.confirm()
    assert table.stage == "end" and referee_model(table.state).stage() == "end"
    assert table.shown().end.status.startswith(tuple(table.state.names))
    table.undo_game()  # the last card undone after the end: the next card again
    assert table.stage == "ready"


# -- past calls ------------------------------------------------------------------------------

def test_past_calls_list_every_call_and_show_one_with_its_photo_finish():
    table = raced(1, 2, 3)
    for press, player in zip(table.presses(), ("red", "blue", "green")):
        table.take(Pick(press, player))
    table.take(ToVerdict())
    table.confirm()
    table.take(PastCalls())
    assert table.stage == "history"
    (row,) = table.shown().calls
    assert row.text.startswith("1. ") and row.number == 1
    table.take(Call(1))
    call = table.shown().call
    assert call.title.startswith("[b]Card 1: ") and len(call.marks) == 3
    assert call.lines[0].startswith("1st ") and call.lines[0].endswith(": Prison (pad 1), red")
    table.take(PastCalls())
    assert table.model.history == 0
    table.take(CloseHistory())
    assert table.stage == "ready"


def test_a_past_call_on_show_that_the_game_s_undo_takes_back_gives_way_to_the_list():
    """Found by the tap properties: Undo (the game's, no card in play) under an open call
    took the call away and the screen then failed to show it."""
    table = raced(1, 2, 3)
    for press, player in zip(table.presses(), ("red", "blue", "green")):
        table.take(Pick(press, player))
    table.take(ToVerdict())
    table.confirm()
    table.take(PastCalls())
    table.take(Call(1))
    table.undo_game()  # no card in play: Undo is the game's
    assert table.stage == "history" and table.model.history == 0
    assert table.shown().calls == () and table.shown().call is None


def test_the_game_s_undo_of_a_card_played_before_the_model_keeps_the_past_calls_open():
    """A resumed game: its model never saw the card the GameBar's Undo takes back."""
    table = raced(1, 2, 3)
    for press, player in zip(table.presses(), ("red", "blue", "green")):
        table.take(Pick(press, player))
    table.take(ToVerdict())
    table.confirm()
    table.model = referee_model(table.state, can_undo=True)  # the game opened again
    table.take(PastCalls())
    table.take(Call(1))
    table.undo_game()
    assert table.stage == "history" and table.model.history == 0 and table.state.played == ()


# -- setup -----------------------------------------------------------------------------------

def test_every_name_the_players_list_takes_seats_at_rapid_city():
    assert MAX_NAME == PLAYERS_MAX_NAME == 24
    longest = "Bartholomew-Fitzwilliams"
    state = game(players=("red", "blue", "green"), names={"red": longest})
    assert state.names[0] == longest


@pytest.mark.parametrize("seats, locations, said", [
    ([("red", "")], ["prison"], "Rapid City needs 3 to 6 players: tap 2 more colours."),
    ([("red", "Ann"), ("blue", "Bob"), ("green", "x" * 25)], ["prison", "tipi", "saloon"],
     "Names are at most 24 characters; the Green player's has 25. Shorten it, or use a player's chip."),
    ([("red", "Ann"), ("blue", "ann"), ("green", "")], ["prison", "tipi", "saloon"],
     "Two players are called ann: give one of them another name."),
    ([("red", ""), ("blue", "Red"), ("green", "")], ["prison", "tipi", "saloon"],
     "Two players are called Red: give one of them another name."),
    ([("red", ""), ("blue", ""), ("green", "")], ["prison", "tipi", "saloon", "tipi"],
     "One tile per player: 3 players, but 4 pads in play. Tap a pad to put it in play or leave it out."),
    ([("red", ""), ("blue", ""), ("green", "")], ["prison", "tipi", "prison"],
     "Every kind of tile is needed at least once: no Saloon among the pads in play. Tap one to put it in play."),
    ([("red", ""), ("blue", ""), ("green", "")], ["prison", "tipi", "saloon"], ""),
])
def test_a_table_that_cannot_start_is_told_what_to_tap(seats, locations, said):
    assert refusal(seats, locations) == said
