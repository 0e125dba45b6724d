"""The Bountytown screen's flow under generated taps (issue 28): whatever a table taps, in
any order, doubled, late, or undone at once, the screen model never fails, says only
players' words, ignores a tap on a button it does not show, and undo puts the table back
exactly where it was; a duel's result never says one thing of a player's wounds and does
another."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, event, given, settings, strategies as st

from companion.bountytown import shown
from companion.bountytown.screen import DOUBLE_TAPPED
from companion.contracts.screen import moved
from tests.screenplay import checked_tap, reread
from tests.wording import assert_players_words

from .screentaps import game, offered, words

COUNTS = {"a wound": 1, "no wound": 0, "no wounds": 0}


def said_wounds(lines: list[str], names: list[str]) -> dict[str, int]:
    """Each player's wounds as the result says them ("Bart takes 2 wounds", "... but takes a
    wound", "both take a wound"): never two counts for one player."""
    said: dict[str, list[int]] = {}
    for line in lines:
        named = [n for n in names if n in line]
        for name in named:
            for found in re.finditer(rf"{re.escape(name)}( takes| [^;.]*? but takes)( a wound| no wounds?| (\d+) wounds)",
                                     line):
                said.setdefault(name, []).append(COUNTS.get(found.group(2).strip(), int(found.group(3) or 0)))
        if "both take a wound" in line:
            for name in named:
                said.setdefault(name, []).append(1)
    for name, counts in said.items():
        assert len(counts) == 1, (f"{name}: {counts} wounds in one result", lines)
    return {name: counts[0] for name, counts in said.items()}


def check_duel_words(before, after_state, lines: list[str]) -> None:
    """What the result said of wounds is what the engine did (a critical wound clears them)."""
    for name, count in said_wounds(lines, [p.name for p in before.state.players]).items():
        old, new = before.state.player(name).wounds, after_state.player(name).wounds
        critical = any(line.startswith(f"{name} is critically wounded") for line in lines)
        assert new == (0 if critical else old + count), (name, count, old, new, lines)
    for line in lines:
        if " discards a Crucifix: no wounds" in line:
            name = line.split(" discards")[0]
            assert after_state.player(name).wounds == before.state.player(name).wounds


@st.composite
def tables(draw):
    return game(limits={"Bart": draw(st.sampled_from([2, 3, 5])), "Terry": draw(st.sampled_from([4, 5]))})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(tables(), st.data())
def test_any_taps_keep_the_screen_in_players_words_and_undo_exact(start, data):
    model, table = start
    assert_players_words(words(model))
    for _ in range(data.draw(st.integers(10, 80), label="taps")):
        options = [t for t in offered(model) if t[0] in model.enabled()] or offered(model)
        tap = data.draw(st.sampled_from(options if data.draw(st.integers(0, 9)) else offered(model)), label="tap")
        before = model
        lines = shown.view(model).result.split("\n") if model.page == "duel" and model.flow.duel.step == "result" else []
        model, step = checked_tap(model, table, tap)
        assert_players_words(words(model))
        went = moved(before, step)
        if step.save is not None and step.save.kind == "do":
            if tap[0] == "confirm":
                check_duel_words(before, table.state, lines)
            if data.draw(st.booleans(), label="undo at once"):
                undone, _ = checked_tap(model, table, ("undo",))
                assert undone.same_place(before), tap
                redone, _ = checked_tap(undone, table, ("redo",))
                assert redone.same_place(model), tap
                model = redone
        if data.draw(st.integers(0, 4), label="double") == 0 and (not went or tap[0] in DOUBLE_TAPPED):
            model, _ = checked_tap(model, table, tap)
        elif went and data.draw(st.integers(0, 3), label="late") == 0:
            model, _ = checked_tap(model, table, data.draw(st.sampled_from(offered(before)), label="late tap"))
            assert_players_words(words(model))


HANDS = st.lists(st.sampled_from(["1H", "2H", "2S", "3C", "3D", "4G", "5H", "5S", "5D", "1C"]), min_size=1, max_size=5,
                 unique=True)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["Butch Cassidy", "Jesse James", "Belle Starr"]), st.data(),
       st.sampled_from([2, 3, 5]), st.booleans())
def test_a_duels_result_says_each_players_wounds_once_and_as_the_engine_applies_them(target, data, limit, crucifix):
    model, table = game(limits={"Bart": limit})
    bounty = next(b for b in model.state.active if b.name == target)
    where = data.draw(st.sampled_from(list(bounty.locations)), label="where")
    if crucifix:  # Bart bought a Crucifix earlier (the store's Gold paid)
        table.do({"type": "move", "to": "General Store"})
        table.do({"type": "buy", "items": ["Crucifix"], "gold": ["4G"]})
        table.do({"type": "end_turn", "reveal": []})
        table.do({"type": "end_turn", "reveal": []})
        table.do({"type": "end_turn", "reveal": []})
        model = reread(model, table)
    for tap in (("move", where), ("duel", 5), ("target", "bounty", target)):
        model, _ = checked_tap(model, table, tap)
    hand = data.draw(HANDS, label="hand")[: model.flow.duel.desk.slots[0].capacity]
    drawn = data.draw(st.lists(st.sampled_from(["1G", "2D", "3H", "4S", "5C", "4D"]), min_size=bounty.draws,
                               max_size=bounty.draws), label="drawn")
    for card in hand:
        model, _ = checked_tap(model, table, ("tab", 0))
        model, _ = checked_tap(model, table, ("card", card))
    for card in drawn:
        model, _ = checked_tap(model, table, ("tab", len(model.flow.duel.desk.slots) - 1))
        model, _ = checked_tap(model, table, ("card", card))
    model, _ = checked_tap(model, table, ("to_result",))
    for _ in range(bounty.items):
        model, _ = checked_tap(model, table, ("item", "Rifle"))
    for option in shown.result(model)[2]:
        if option.tap and option.tap[0] in ("critical", "crucifix") and data.draw(st.booleans(), label="choose"):
            model, _ = checked_tap(model, table, option.tap)
    view = shown.view(model)
    assert_players_words(words(model))
    before = model
    model, step = checked_tap(model, table, ("confirm",))
    event("confirmed" if step.save is not None else "not ready")
    if step.save is not None:
        check_duel_words(before, table.state, view.result.split("\n"))
    else:
        assert view.ready or model.message
