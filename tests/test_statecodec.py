"""The typed JSON of snapshots: every game's states come back equal, and stored text that
is not ours is refused rather than turned into something else."""

import json
from dataclasses import dataclass

import pytest
from hypothesis import given, settings, strategies as st

from companion.bountytown.engine import ENGINE as BOUNTYTOWN
from companion.contracts.engine import RuleError
from companion.rapidcity.engine import ENGINE as RAPIDCITY
from companion.scorepad.engine import ENGINE as SCOREPAD
from companion.spurs.engine import ENGINE as SPURS
from companion.db.statecodec import MAX_DEPTH, CodecError, codec
from tests.spurs.test_properties import actions as spurs_actions
from tests.spurs.helpers import new_game as new_spurs_game

BOUNTYTOWN_SETUP = {
    "players": [{"name": "Ann", "character": "Doc"}, {"name": "Bob", "character": "Kid"},
                {"name": "Cid", "character": "Sam"}],
    "grid": ["Bank", "Saloon", "Church", "Sheriff's Office", "Doc's", "General Store", "Stable",
             "Bandit Hideout", "Hotel"],
    "bounties": [{"name": f"B{i}", "renown": i, "locations": ["Bank", "Saloon"], "base": ["3H"], "draws": 1}
                 for i in range(1, 4)],
    "store": ["Rifle"],
}


SPURS_CODEC = codec("spurs")


def round_trip(kind, state):
    return codec(kind).loads(codec(kind).dumps(state))


@settings(max_examples=60, deadline=None)
@given(st.lists(spurs_actions, max_size=30))
def test_spurs_states_survive_the_round_trip(actions):
    state = new_spurs_game(target_fame=20)
    for action in actions:
        try:
            state = SPURS.apply(state, action)
        except RuleError:
            continue
        assert round_trip("spurs", state) == state


def test_other_games_states_survive_the_round_trip():
    rapid = RAPIDCITY.initial_state({"players": ["red", "blue", "green"], "seed": 7, "names": {"red": "Fred"}})
    states = {"scorepad": SCOREPAD.initial_state({"players": ["Ann", "Bob"]}),
              "bountytown": BOUNTYTOWN.initial_state(BOUNTYTOWN_SETUP), "rapidcity": rapid}
    for kind, state in states.items():
        again = round_trip(kind, state)
        assert again == state and type(again) is type(state)


def test_containers_keep_their_types():
    value = ((1, 2), [3, (4,)], {"a": [1]}, {1: "x", (2, 3): None}, frozenset({"b", "a"}), {5}, 1.5, True, None)
    pad = codec("scorepad")
    again = pad.decode(json.loads(json.dumps(pad.encode(value))))
    assert again == value
    assert [type(v) for v in again] == [type(v) for v in value]


@dataclass(frozen=True)
class Stranger:  # defined in tests, not in the companion package
    x: int


def test_only_the_games_own_state_classes_are_written_or_read():
    with pytest.raises(CodecError, match="not a state class of this game"):
        SPURS_CODEC.dumps(Stranger(1))
    with pytest.raises(CodecError, match="not a state class of this game"):
        codec("scorepad").dumps(new_spurs_game())  # another game's state
    for name in ("os:system", "companion.db.store:Store", "companion.__main__:main", "companion.rapidcity.model:Tile",
                 "tests.test_statecodec:Stranger", 7, None):
        with pytest.raises(CodecError, match="not a state class of this game"):
            SPURS_CODEC.loads(json.dumps({"c": name, "v": {}}))
    with pytest.raises(CodecError, match="cannot encode"):
        SPURS_CODEC.dumps(object())


def test_a_class_name_in_a_snapshot_never_imports_anything(monkeypatch):
    """The issue: a forged snapshot named companion.__main__, and decoding it ran the app."""
    import importlib
    import sys

    def refuse(name, *args, **kwargs):
        raise AssertionError(f"the decoder imported {name}")

    monkeypatch.setattr(importlib, "import_module", refuse)
    monkeypatch.delitem(sys.modules, "companion.__main__", raising=False)
    for name in ("companion.__main__:main", "companion.cli:main", "companion.spurs.odds:Nowhere"):
        with pytest.raises(CodecError):
            SPURS_CODEC.loads(json.dumps({"c": name, "v": {}}))
    assert "companion.__main__" not in sys.modules


def test_every_game_s_table_is_worked_out_from_its_engine_alone():
    assert "companion.spurs.state:SpursState" in SPURS_CODEC.classes
    assert "companion.rapidcity.engine:PlayedCard" in codec("rapidcity").classes
    assert not any(name.startswith("companion.spurs") for name in codec("bountytown").classes)


def test_stored_fields_must_be_exactly_the_class_fields():
    pad = codec("scorepad")
    data = json.loads(pad.dumps(SCOREPAD.initial_state({"players": ["Ann"]})))
    data["v"]["extra"] = 1
    with pytest.raises(CodecError, match="has fields"):
        pad.loads(json.dumps(data))
    del data["v"]["extra"], data["v"]["scores"]
    with pytest.raises(CodecError, match="has fields"):
        pad.loads(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{", '{"x": 1}', '{"l": 3}', '{"c": 1, "v": {}}', '{"d": [[1]]}', "[{}]",
                                  '{"f": [{"l": [1]}]}', '{"d": [[{"m": {}}, 2]]}', "[" * 100_000 + "]" * 100_000,
                                  '{"l": ' * (MAX_DEPTH + 1) + "[]" + "}" * (MAX_DEPTH + 1),
                                  "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)])
def test_text_that_is_not_a_state_is_refused(text):
    with pytest.raises(CodecError):
        SPURS_CODEC.loads(text)


@pytest.mark.parametrize("value", [b"\x7b\x7d", 42, None, bytearray(b"[]")])
def test_a_value_that_is_not_text_is_refused(value):
    """A flipped bit can turn a snapshot's TEXT into a BLOB."""
    with pytest.raises(CodecError, match="is text, not"):
        SPURS_CODEC.loads(value)


def test_nan_is_refused_because_it_never_equals_itself():
    with pytest.raises(CodecError):
        SPURS_CODEC.dumps(float("nan"))


@pytest.mark.parametrize("change, says", [
    (lambda v: v.update(players=5), "players holds a int"),
    (lambda v: v.update(players=["Ann", 3]), "players holds a tuple"),
    (lambda v: v.update(scores=[True, 0]), "scores holds a tuple"),
    (lambda v: v.update(finished=1), "finished holds a int"),
])
def test_a_field_of_the_wrong_type_is_refused(change, says):
    """A forged snapshot with a right digest may hold anything: a state is read back only
    with the types its class declares, so no engine ever meets a state it could not make."""
    pad = codec("scorepad")
    data = json.loads(pad.dumps(SCOREPAD.initial_state({"players": ["Ann", "Bob"]})))
    change(data["v"])
    with pytest.raises(CodecError, match=says):
        pad.loads(json.dumps(data))


def test_only_the_game_s_state_itself_is_a_snapshot():
    with pytest.raises(CodecError, match="holds a frozenset, not a ScoreState"):
        codec("scorepad").loads('{"f": [[1]]}')
