"""Version 3 of the Rapid City rules: the six calls a rules checker found wrong (issue 25),
each in the rulebook's words, and the same rounds played under version 2 keeping the call
they were given (a stored game is never re-scored)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.rapidcity.judge import judge, verdict_to_json
from companion.rapidcity.model import RULES, RULES_VERSIONS
from companion.rapidcity.roundfile import parse_round
from rc_rounds import press, release, round_file, touch, verdict

SHERIFF = {"type": "character", "character": "sheriff"}
TIPI_TWICE = [{"pad": 1, "location": "prison"}, {"pad": 2, "location": "tipi"},
              {"pad": 3, "location": "saloon"}, {"pad": 4, "location": "tipi"}]
HEAL_TIPI = {"type": "healing", "location": "tipi"}


def armed(attacker: str, hand: str = "right") -> dict:
    return {"type": "armed", "player": attacker, "hand": hand}


@pytest.mark.parametrize("attacker", ["blue", "yellow", "green", "black"])
def test_1_equal_touch_times_are_a_tie_and_the_owner_counts_as_first_whatever_the_colour(attacker):
    """R-R12: "Equal times are always a tie, even with the threshold at 0 [...] the pawn's
    owner gets the benefit of the doubt: they count as first. Never break a tie by name,
    colour, seat or pad number." The owner is red; the attacker's colour must not matter."""
    players = ["red", attacker, "white"]
    v = verdict(armed(attacker), touches=[touch(attacker, "red", 400.0), touch("red", "red", 400.0)],
                players=players, tiles=[{"pad": 1, "location": "prison"}, {"pad": 2, "location": "tipi"},
                                        {"pad": 3, "location": "saloon"}], tie_ms=0, rules=3)
    assert v["bullets"] == {"red": 0, attacker: 0, "white": 0}
    assert any("at the same instant" in n and "benefit of the doubt" in n for n in v["notes"])


def test_2_healing_claims_with_equal_stamps_are_a_dead_heat_even_with_the_threshold_at_0():
    """R-R8: "Equal stamps are always a dead heat, even with the threshold at 0": both heal,
    whichever pad has the lower number."""
    for first, second in ((2, 4), (4, 2)):
        v = verdict(HEAL_TIPI, [press(first, 400.0, "blue"), press(second, 400.0, "green")],
                    bullets={"blue": 1, "green": 1}, tiles=TIPI_TWICE, tie_ms=0)
        assert sorted(v["healed"]) == ["blue", "green"]
        assert all(c["dead_heat"] for c in v["claims"])
        assert "pads 2 and 4 claimed at the same instant, 400.0 ms: a dead heat (equal stamps always are, R-R8)" \
            in v["notes"]


def test_3_a_false_starter_never_heals_even_with_the_false_start_setting_off():
    """R-R8: "a false starter does not heal on that card, whatever the false-start setting
    (the setting decides only the bullet)"."""
    v = verdict(HEAL_TIPI, [press(2, -5.0, "red"), release(2, 80.0), press(2, 300.0, "red")],
                bullets={"red": 2}, tiles=TIPI_TWICE)
    assert v["healed"] == [] and v["bullets"]["red"] == 0 and v["totals"]["red"] == 2
    assert "red is first on the tipi (pad 2) at 300.0 ms but made a false start: no healing (R-R8)" in v["notes"]


FREED_SALOON = [press(3, 400.0, "red"), release(3, 500.0), press(3, 600.0, "blue"), press(2, 700.0, "red")]


def test_4_a_tile_its_pawn_left_for_another_is_free_from_when_it_left():
    """R-R6: "a pawn lifted from one tile and put on another is judged on the second, and its
    first tile is free again". Red claims the saloon, lifts the pawn, blue puts his pawn on
    the empty saloon, red lands on the tipi: blue stands alone on the saloon at the close."""
    v = verdict(SHERIFF, FREED_SALOON)
    assert [(c["pad"], c["player"], c["t_ms"]) for c in v["claims"]] == [(3, "blue", 600.0), (2, "red", 700.0)]
    assert v["bullets"]["blue"] == 0 and v["bullets"]["red"] == 0
    assert ("pad 3 press at 600.0 ms: blue claims the saloon, free: red's pawn had left it "
            "for the tipi (pad 2 at 700.0 ms) (R-R6)") in v["notes"]


CHATTERING_FALSE_START = [press(3, -10.0, "blue"), release(3, 10.0), press(3, 30.0, "blue")]


def test_5_a_chattering_false_start_never_becomes_a_claim():
    """R-R4: "A chain of bounces is one press: each edge within the bounce window of the
    previous edge on that pad extends it, and the whole chain takes the time of its first
    edge (a chattering false start never becomes a claim)"."""
    v = verdict(SHERIFF, CHATTERING_FALSE_START, bounce_ms=30)
    assert v["claims"] == []
    assert "pad 3 press at -10.0 ms by blue: false start, not a claim" in v["notes"]
    assert ("pad 3 press at 30.0 ms: bounce of the press at -10.0 ms, less than 30 ms after the edge at 10.0 ms: "
            "a chain of bounces is one press (R-R4)") in v["notes"]


LATE_WRONG_HAND = [touch("blue", "blue", 350.0, "right"), touch("red", "blue", 400.0, "left")]


def test_6_ultimate_every_wrong_hand_touch_costs_a_bullet_first_or_not():
    """R-R9: "Ultimate mode: every touch made with the wrong hand costs a bullet, first or
    not". Blue defends first with the right hand; red, the attacker, reaches blue's pawn
    second with the left hand on a right-hand card."""
    v = verdict(armed("red"), touches=LATE_WRONG_HAND, ultimate=True)
    assert v["bullets"] == {"red": 1, "blue": 0, "green": 0, "yellow": 0}
    assert "red used the left hand on blue's pawn; the card shows the right: bullet" in v["notes"]


def _call(v: dict) -> tuple:
    return v["bullets"], sorted(v["healed"]), [(c["pad"], c["player"]) for c in v["claims"]]


#: each item's round, its version-2 call and its version-3 call
OLD_AND_NEW = {
    "1 tie by colour": (
        dict(card=armed("blue"), touches=[touch("blue", "red", 400.0), touch("red", "red", 400.0)], tie_ms=0),
        ({"red": 1, "blue": 0, "green": 0, "yellow": 0}, [], []),
        ({"red": 0, "blue": 0, "green": 0, "yellow": 0}, [], [])),
    "2 healing by pad number": (
        dict(card=HEAL_TIPI, events=[press(2, 400.0, "blue"), press(4, 400.0, "green")],
             bullets={"blue": 1, "green": 1}, tiles=TIPI_TWICE, tie_ms=0),
        ({"red": 0, "blue": 0, "green": 0, "yellow": 0}, ["blue"], [(2, "blue"), (4, "green")]),
        ({"red": 0, "blue": 0, "green": 0, "yellow": 0}, ["blue", "green"], [(2, "blue"), (4, "green")])),
    "3 false starter heals": (
        dict(card=HEAL_TIPI, events=[press(2, -5.0, "red"), release(2, 80.0), press(2, 300.0, "red")],
             bullets={"red": 2}, tiles=TIPI_TWICE),
        ({"red": 0, "blue": 0, "green": 0, "yellow": 0}, ["red"], [(2, "red")]),
        ({"red": 0, "blue": 0, "green": 0, "yellow": 0}, [], [(2, "red")])),
    "4 freed tile": (
        dict(card=SHERIFF, events=FREED_SALOON),
        ({"red": 0, "blue": 1, "green": 1, "yellow": 1}, [], [(2, "red")]),
        ({"red": 0, "blue": 0, "green": 1, "yellow": 1}, [], [(3, "blue"), (2, "red")])),
    "5 bounce chain": (
        dict(card=SHERIFF, events=CHATTERING_FALSE_START),
        ({"red": 1, "blue": 0, "green": 1, "yellow": 1}, [], [(3, "blue")]),
        ({"red": 1, "blue": 1, "green": 1, "yellow": 1}, [], [])),
    "6 ultimate late wrong hand": (
        dict(card=armed("red"), touches=LATE_WRONG_HAND, ultimate=True),
        ({"red": 0, "blue": 0, "green": 0, "yellow": 0}, [], []),
        ({"red": 1, "blue": 0, "green": 0, "yellow": 0}, [], [])),
}


@pytest.mark.parametrize("item", OLD_AND_NEW)
def test_a_version_2_round_keeps_its_old_call_and_a_version_3_round_gets_the_new_one(item):
    round_args, old, new = OLD_AND_NEW[item]
    assert _call(verdict(**round_args, rules=2)) == old
    assert _call(verdict(**round_args, rules=3)) == new
    assert _call(verdict(**round_args)) == new  # the newest rules when the file names none


# --- more calls that hung on a pad number or a name (found by the properties) ------------

def _renumbered(data: dict, swap: dict[int, int]) -> dict:
    """The same round file with pad numbers exchanged (tiles and events)."""
    return {**data, "tiles": [{**t, "pad": swap.get(t["pad"], t["pad"])} for t in data["tiles"]],
            "events": [{**e, "pad": swap.get(e["pad"], e["pad"])} for e in data["events"]]}


def _both_ways(card: dict, events: list, swap: dict[int, int], **settings) -> tuple[dict, dict]:
    """The verdict of a round, and of the same round with its pads renumbered by ``swap``."""
    data = round_file(card, events, **settings)
    return tuple(verdict_to_json(judge(parse_round(d))) for d in (data, _renumbered(data, swap)))


def test_one_colour_named_on_two_tiles_at_one_instant_is_on_neither():
    """R-R5: the pads "never guess identity"; R-R12: never break a tie by pad number. Red
    named on the prison and the saloon at the same instant: version 2 put red where the
    higher pad number was (a move from the lower), so renumbering the pads moved red."""
    events = [press(1, 400.0, "red"), press(3, 400.0, "red")]
    for v in _both_ways(SHERIFF, events, {1: 3, 3: 1}):
        assert {(c["pad"], c["player"]) for c in v["claims"]} == {(1, None), (3, None)}
        assert v["bullets"]["red"] == 1
        assert ("pads 1 and 3 both name red at 400.0 ms: one pawn cannot land on two tiles at once, "
                "so who is on them is not known (R-R5)") in v["notes"]
    old = _both_ways(SHERIFF, events, {1: 3, 3: 1}, rules=2)
    assert [v["bullets"]["red"] for v in old] == [0, 1]  # the old call hangs on the numbering


def test_two_colours_named_for_one_press_at_one_instant_is_nobody():
    """R-R5, R-R12: one press named blue and red at the same instant; version 2 kept the
    colour first in the alphabet."""
    v = verdict(SHERIFF, [press(3, 400.0, "red"), press(3, 400.0, "blue")])
    assert v["claims"] == [{"pad": 3, "location": "saloon", "player": None, "t_ms": 400.0}]
    assert v["bullets"]["blue"] == 1 and v["bullets"]["red"] == 1
    assert ("pad 3 press at 400.0 ms is named both blue and red at 400.0 ms: who is on the tile is not known "
            "(R-R5)") in v["notes"]
    assert verdict(SHERIFF, [press(3, 400.0, "red"), press(3, 400.0, "blue")], rules=2)["bullets"]["blue"] == 0


def test_the_window_closes_once_every_press_of_the_instant_is_judged():
    """R-R6: the window closes when every player has claimed. At 300 ms green claims the
    last free tile while red's pawn lands on blue's tile (leaving red's own): at the end of
    that instant red holds nothing, so red's press at 400 ms still counts. Version 2 closed
    the window at green's claim when green's pad had the lower number."""
    tiles = [{"pad": 1, "location": "tipi"}, {"pad": 2, "location": "saloon"}, {"pad": 3, "location": "tipi"},
             {"pad": 4, "location": "saloon"}]
    events = [press(1, 100.0, "red"), press(2, 100.0, "blue"), press(3, 300.0, "green"), press(2, 300.0, "red"),
              press(4, 400.0, "red")]
    for v in _both_ways(SHERIFF, events, {2: 3, 3: 2}, players=["red", "blue", "green"], tiles=tiles):
        assert v["bullets"] == {"red": 0, "blue": 0, "green": 0}
        assert v["window_closed_ms"] == 400.0
    old = _both_ways(SHERIFF, events, {2: 3, 3: 2}, players=["red", "blue", "green"], tiles=tiles, rules=2)
    assert [v["bullets"]["red"] for v in old] == [0, 1]


# --- docs/roundfile.md says the same ---------------------------------------------------------

ROUNDFILE_MD = Path(__file__).resolve().parents[2] / "docs" / "roundfile.md"


def test_the_notes_docs_roundfile_shows_are_the_judges():
    shown = ROUNDFILE_MD.read_text(encoding="utf-8").split("Under version 3, for instance:")[1].split("```")[1]
    said = {n for args, _, _ in OLD_AND_NEW.values() for n in verdict(**args, rules=3)["notes"]}
    said |= set(verdict(SHERIFF, [press(1, 400.0, "red"), press(3, 400.0, "red")], rules=3)["notes"])
    assert {line for line in shown.splitlines() if line} <= said


def test_docs_roundfile_lists_every_version_of_the_rules():
    text = ROUNDFILE_MD.read_text(encoding="utf-8")
    assert f"a whole number from 1 to {RULES}" in text and f"default the\nnewest, {RULES}" in text
    assert [int(n) for n in re.findall(r"^\| (\d+) \|", text, re.MULTILINE)] == sorted(RULES_VERSIONS)
