"""The round file contract and `companion referee replay FILE`."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import InputError
from companion.rapidcity.model import CharacterCard, Settings, TwoCharactersCard
from companion.rapidcity.roundfile import parse_round, round_to_json
from rc_rounds import DESIGN_EXAMPLE

REPO = Path(__file__).resolve().parents[2]


def test_settings_and_bullets_may_be_left_out():
    data = {k: v for k, v in DESIGN_EXAMPLE.items() if k not in ("settings", "bullets", "touches")}
    rnd = parse_round(data)
    assert rnd.settings == Settings()
    assert rnd.bullets == {"red": 0, "blue": 0, "green": 0, "yellow": 0}
    assert rnd.touches == ()


def test_round_trip_of_the_design_example():
    rnd = parse_round(DESIGN_EXAMPLE)
    out = round_to_json(rnd)
    assert parse_round(out) == rnd
    assert out["events"] == DESIGN_EXAMPLE["events"]
    assert out["card"] == DESIGN_EXAMPLE["card"]
    assert rnd.card == CharacterCard("sheriff")


def test_two_characters_are_the_same_card_in_either_order():
    a = parse_round(dict(DESIGN_EXAMPLE, card={"type": "two_characters", "characters": ["bandit", "indian"]}))
    assert a.card == TwoCharactersCard(("indian", "bandit"))


def _with(path: str, value):
    """The DESIGN example with one value replaced (path like 'events.2.pad'); '-' deletes."""
    data = copy.deepcopy(DESIGN_EXAMPLE)
    *parents, last = path.split(".")
    target = data
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    key = int(last) if isinstance(target, list) else last
    if value == "-":
        del target[key]
    else:
        target[key] = value
    return data


MALFORMED = [
    (_with("events.2.pad", 7), "events[2]: pad 7 is not one of the tiles' pads 1, 2, 3, 4"),
    (_with("tiles", "-"), "round file: missing key 'tiles'"),
    (_with("card.type", "joker"), "card: unknown card type 'joker'"),
    (_with("events.0.player", "purple"), "events[0].player: unknown player 'purple'"),
    (_with("touches.0.by", "white"), "touches[0].by: unknown player 'white'"),
    (_with("bullets.white", 1), "bullets.white: 'white' is not one of the players"),
    (_with("events.1.edge", "hold"), "events[1].edge: 'hold' is not one of press, release"),
    (_with("events.0.t_ms", "431.2"), "events[0].t_ms: expected a number, got a string"),
    (_with("events.0.pad", True), "events[0].pad: expected a whole number, got a boolean"),
    (_with("settings.ultimate", "yes"), "settings.ultimate: expected true or false"),
    (_with("settings.window", 5), "settings: unknown key 'window'"),
    (_with("bullets.red", -1), "bullets.red: a bullet count cannot be negative"),
    (_with("players", "red"), "players: expected a list, got a string"),
    (_with("card", {"type": "armed", "player": "red"}), "card: missing key 'hand'"),
    (_with("card", {"type": "two_characters", "characters": ["indian", "indian"]}),
     "card.characters: expected two different characters"),
    (_with("tiles.1.pad", 1), "tiles[1].pad: pad 1 is used by two tiles"),
    (_with("tiles.0.location", "bank"), "tiles[0].location: 'bank' is not one of prison, tipi, saloon"),
    (_with("events", {}), "events: expected a list, got an object"),
]


@pytest.mark.parametrize("data, message", MALFORMED, ids=[m for _, m in MALFORMED])
def test_malformed_round_is_refused_with_one_line_naming_the_problem(data, message):
    with pytest.raises(InputError) as err:
        parse_round(data)
    assert str(err.value).startswith(message)
    assert "\n" not in str(err.value)


def _replay(tmp_path, capsys, text: str) -> tuple[int, str, str]:
    path = tmp_path / "round.json"
    path.write_text(text, encoding="utf-8")
    code = main(["referee", "replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_prints_the_verdict_json(tmp_path, capsys):
    code, out, err = _replay(tmp_path, capsys, json.dumps(DESIGN_EXAMPLE))
    assert code == 0 and err == ""
    verdict = json.loads(out)
    assert verdict["claims"] == [{"pad": 3, "location": "saloon", "player": "blue", "t_ms": 431.2}]
    assert out == json.dumps(verdict, indent=2) + "\n"


@pytest.mark.parametrize("text, fragment", [
    ("{not json", "not JSON (line 1 column 2"),
    (json.dumps(MALFORMED[0][0]), MALFORMED[0][1]),
    (json.dumps(MALFORMED[2][0]), "unknown card type 'joker'"),
    ("[1, 2]", "round file: expected an object, got a list"),
])
def test_replay_of_a_malformed_file_exits_2_with_one_line(tmp_path, capsys, text, fragment):
    code, out, err = _replay(tmp_path, capsys, text)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and fragment in err and err.startswith("companion: error: ")


def test_replay_of_a_missing_file_exits_2(tmp_path, capsys):
    code = main(["referee", "replay", str(tmp_path / "nope.json")])
    _, err = capsys.readouterr()
    assert code == 2 and "cannot read the round file" in err and err.count("\n") == 1


def test_replay_runs_as_a_command_with_kivy_and_gpiozero_blocked(tmp_path):
    """The real command line, in a fresh interpreter where importing kivy or gpiozero fails
    (the engine and simulator are imported too: companion never needs either)."""
    path = tmp_path / "round.json"
    path.write_text(json.dumps(DESIGN_EXAMPLE), encoding="utf-8")
    code = ("import sys; sys.modules['kivy'] = None; sys.modules['gpiozero'] = None; "
            "import companion.rapidcity.engine, companion.rapidcity.simulate; "
            "from companion.cli import main; sys.exit(main(['referee', 'replay', sys.argv[1]]))")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, env=env,
                          cwd=REPO, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["totals"]["red"] == 3
