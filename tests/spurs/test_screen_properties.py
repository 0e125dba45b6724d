"""The Spurs screen's flow under generated taps (issue 28): whatever a table taps, in any
order, doubled, late, or undone at any point, the screen model never fails, says only
players' words, ignores a tap on a button it does not show, moves on at most once for a
double tap, and undo puts the table back exactly where it was."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.contracts.screen import moved
from companion.spurs.screen import DOUBLE_TAPPED
from tests.spurs.helpers import ANN, BOB, CID
from tests.screenplay import checked_tap
from tests.wording import assert_players_words

from .screentaps import game, offered, words

BAGS = st.fixed_dictionaries({c: st.integers(0, 3) for c in ("grey", "brown", "white", "black")},
                             optional={"red": st.integers(0, 3)}).filter(lambda bag: sum(bag.values()) > 0)


@st.composite
def tables(draw):
    count = draw(st.integers(2, 3))
    players = [{**p, "bag": draw(BAGS)} for p in (ANN, BOB, CID)[:count]]
    return game(players, target_fame=draw(st.integers(2, 6)), gang_rule=draw(st.sampled_from(["standard", "house"])),
                bank_cash=draw(st.sampled_from([0, 50])))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(tables(), st.data())
def test_any_taps_keep_the_screen_in_players_words_and_undo_exact(start, data):
    model, table = start
    assert_players_words(words(model))
    for _ in range(data.draw(st.integers(10, 60), label="taps")):
        tap = data.draw(st.sampled_from(offered(model)), label="tap")
        before, state_before = model, table.state
        model, step = checked_tap(model, table, tap)
        assert_players_words(words(model))
        went = moved(before, step)
        if step.save is not None and step.save.kind == "do":
            assert before.same_place(before) and table.state != state_before or table.state == state_before
            if data.draw(st.booleans(), label="undo at once"):
                undone, _ = checked_tap(model, table, ("undo",))
                assert undone.same_place(before), tap  # exactly the table before the tap
                redone, _ = checked_tap(undone, table, ("redo",))
                assert redone.same_place(model), tap
                model = redone
        if data.draw(st.integers(0, 4), label="double") == 0:
            # the second tap of a double tap: the screen's guard takes it when the first
            # moved on (except where the double is meant); the model must then need nothing more
            if not went or tap[0] in DOUBLE_TAPPED:
                again, second = checked_tap(model, table, tap)
                assert not (moved(model, second) and went and tap[0] not in DOUBLE_TAPPED)
                model = again
        elif went and data.draw(st.integers(0, 3), label="late") == 0:
            # a tap on a button of the page just left, arriving after it changed
            stale = data.draw(st.sampled_from(offered(before)), label="late tap")
            model, _ = checked_tap(model, table, stale)
            assert_players_words(words(model))
