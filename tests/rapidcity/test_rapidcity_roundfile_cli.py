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
from companion.intake.errors import InputError
from companion.rapidcity.model import CharacterCard, Settings, TwoCharactersCard
from companion.rapidcity.roundfile import parse_round, round_to_json
from rc_rounds import DESIGN_EXAMPLE
from tests.timing import answered_quickly

REPO = Path(__file__).resolve().parents[2]


def test_settings_and_bullets_may_be_left_out():
    data = {k: v for k, v in DESIGN_EXAMPLE.items() if k not in ("settings", "bullets", "touches")}
    rnd = parse_round(data)
    assert rnd.settings == Settings()
    assert rnd.bullets == {"red": 0, "blue": 0, "green": 0, "yellow": 0}
    assert rnd.touches == ()


@pytest.mark.parametrize("rules", [1, 2, 3, 4])
def test_the_rules_version_is_read_and_written_back(rules):
    """A card is replayed under the rules it was played with (docs/roundfile.md)."""
    rnd = parse_round(_with("settings.rules", rules))
    assert rnd.settings.rules == rules
    assert round_to_json(rnd)["settings"]["rules"] == rules and parse_round(round_to_json(rnd)) == rnd


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
    """The documented example with one value replaced (path like 'events.2.pad'); '-' deletes."""
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
    (_with("settings.rules", 5), "settings.rules: a version of the Rapid City rules, 1 to 4, got a number 5"),
    (_with("settings.rules", 0), "settings.rules: a version of the Rapid City rules, 1 to 4, got a number 0"),
    (_with("settings.rules", 2.0), "settings.rules: a version of the Rapid City rules, 1 to 4, got a number 2.0"),
    (_with("settings.rules", True), "settings.rules: a version of the Rapid City rules, 1 to 4, got a boolean"),
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


# --- issue 10: no round file, however built, crashes, hangs or is judged as nonsense ---------

def _design_text(**replace) -> str:
    """The example as JSON text, with raw JSON snippets put in for some values (numbers
    Python cannot hold, duplicate keys): ``events0_t_ms`` replaces events[0].t_ms."""
    text = json.dumps(DESIGN_EXAMPLE)
    for key, raw in replace.items():
        old = {"events0_t_ms": '"t_ms": 431.2', "events0_pad": '"pad": 3',
               "window_ms": '"window_ms": 5000'}[key]
        text = text.replace(old, old.split(":")[0] + ": " + raw, 1)
    return text


FOUND = [
    # (file text, what the one line must say)
    (json.dumps(_with("card.type", ["character"])), "card: unknown card type a list"),
    (json.dumps(_with("card.type", {"a": 1})), "card: unknown card type an object"),
    ("[" * 1000 + "]" * 1000, "nested more than 6 deep"),
    (json.dumps(_with("touches", [[[[[[[["deep"]]]]]]]])), "nested more than 6 deep"),
    ("{" + '"a":[' * 5000, "nested more than 6 deep"),
    (json.dumps(_with("events.0.t_ms", 1e302)), "events[0].t_ms: 1e+302 ms is more than an hour"),
    (json.dumps(_with("settings.window_ms", 1e302)), "settings.window_ms: 1e+302 ms; at most 60,000 ms"),
    (json.dumps(_with("settings.bounce_ms", 5000.5)), "settings.bounce_ms: 5000.5 ms; at most 1,000 ms"),
    (_design_text(events0_t_ms="9" * 400), "a number written with 400 characters; at most 32"),
    (_design_text(events0_pad="9" * 4301), "a number written with 4,301 characters"),
    (_design_text(window_ms="1" + "0" * 5000), "a number written with 5,001 characters"),
    (_design_text(events0_t_ms="NaN"), "NaN is not a JSON number"),
    (_design_text(events0_t_ms="-Infinity"), "-Infinity is not a JSON number"),
    (json.dumps(DESIGN_EXAMPLE)[:-1] + ', "card": {"type": "character", "character": "bandit"}}',
     "the key 'card' appears twice in one object"),
    (json.dumps(_with("tiles", [{"pad": i, "location": "saloon"} for i in range(1, 5001)])),
     "tiles: 5,000 entries; at most 6 (the game has six location tiles)"),
    (json.dumps(_with("tiles.0.pad", 1000)), "tiles[0].pad: pad numbers are 1 to 999"),
    (json.dumps(_with("bullets.red", 7)), "bullets.red: 7 bullets before a card; at most 5"),
    (json.dumps(_with("bullets.red", 6)), "(the sixth bullet ends the game, R-R11)"),
    (json.dumps(_with("events", [{"pad": 3, "edge": "release", "t_ms": 1.0}] * 12_001)),
     "events: 12,001 entries; at most 12,000"),
    (json.dumps(_with("players", ["red"] * 7)), "players: 7 entries; at most 6"),
    (json.dumps(_with("events.0.player", "x" * 900_000)), "events[0].player: unknown player 'xxxx"),
]


@pytest.mark.parametrize("text, fragment", FOUND, ids=[f for _, f in FOUND])
def test_found_round_files_are_refused_in_one_short_line(tmp_path, capsys, text, fragment):
    code, out, err = _replay(tmp_path, capsys, text)
    assert (code, out) == (2, ""), err
    assert err.startswith("companion: error: ") and err.count("\n") == 1
    assert fragment in err
    assert len(err) <= 320  # a short excerpt, never the 10 MB


def test_200000_tiles_are_refused_at_once_not_checked_pairwise():
    data = _with("tiles", [{"pad": i, "location": "saloon"} for i in range(1, 200_001)])
    with answered_quickly(cpu=0.1), pytest.raises(InputError, match="tiles: 200,000 entries; at most 6"):
        parse_round(data)


def test_a_huge_integer_given_in_python_is_refused_not_overflowed():
    """The engine hands parse_round Python values, which no JSON hook has bounded."""
    for path in ("events.0.t_ms", "settings.window_ms", "events.0.pad", "bullets.red"):
        with pytest.raises(InputError) as err:
            parse_round(_with(path, 10 ** 400))
        assert "about 401 digits" in str(err.value) or "at most" in str(err.value), path
        assert len(str(err.value)) < 200


def test_a_file_over_a_megabyte_is_refused_before_it_is_read(tmp_path, capsys):
    code, _, err = _replay(tmp_path, capsys, json.dumps(DESIGN_EXAMPLE) + " " * 1_000_000)
    assert code == 2 and "a round file is at most 1,000,000" in err


@pytest.mark.parametrize("make, fragment", [
    (lambda tmp: "/dev/zero", "not a regular file"),
    (lambda tmp: (os.mkfifo(tmp / "fifo"), tmp / "fifo")[1], "not a regular file"),
    (lambda tmp: tmp, "is a folder"),
    (lambda tmp: "bad\0name", "not a usable file name"),
    (lambda tmp: (tmp / "latin1.json").write_bytes(b'{"players": ["r\xe9d"]}') and tmp / "latin1.json",
     "not UTF-8"),
])
def test_devices_pipes_and_folders_are_refused_at_once(tmp_path, capsys, make, fragment):
    """/dev/zero never ends and a FIFO without a writer never opens: both must be refused
    without reading (a child process, so a hang fails the test instead of stalling it)."""
    path = str(make(tmp_path))
    if "\0" in path:
        assert main(["referee", "replay", path]) == 2
        assert fragment in capsys.readouterr().err
        return
    done = subprocess.run([sys.executable, "-m", "companion", "referee", "replay", path], capture_output=True,
                          text=True, env=dict(os.environ, PYTHONPATH=str(REPO)), timeout=20)
    assert done.returncode == 2 and fragment in done.stderr and "Traceback" not in done.stderr
