"""Property tests for issue 10: generated round files and odds arguments, fed through the
real entry point (``companion.cli.main``, in-process for speed), are answered or refused
with exit 2 and one short line naming the problem, never a traceback, in under a second,
and a database named with --db is left byte for byte as it was."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.intake.limits import BAG_BULLETS, BOUNTY_DRAWS, GANG_SIZE, TILES
from tests.rapidcity.rc_rounds import DESIGN_EXAMPLE
from tests.test_cli_export import play_game
from tests.timing import answered_quickly

QUICK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def run(argv: list[str]) -> tuple[int, str, str]:
    """``companion ARGV`` in-process, answered quickly: exit status, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with answered_quickly(), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def assert_answered_or_refused(code: int, out: str, err: str) -> None:
    assert "Traceback" not in err
    if code == 0:
        assert out and err == ""
    else:
        assert_refused(code, out, err)


def assert_refused(code: int, out: str, err: str) -> None:
    assert (code, out) == (2, ""), (code, out, err)
    assert err.startswith("companion: error: ") and err.count("\n") == 1, err
    assert len(err) <= 320, "the error line must quote only a short excerpt"
    assert len(err) > len("companion: error: ") + 10  # it names something


@pytest.fixture(scope="module")
def folder():
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


@pytest.fixture(scope="module")
def database(folder):
    """A database holding two Rapid City cards, named with --db by every run below."""
    db = folder / "companion.db"
    play_game(db, 11, ["red", "blue", "green"], cards=2)
    return db


# --- round files ---------------------------------------------------------------------

JSON_LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10 ** 500), max_value=10 ** 500),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=30),
    st.sampled_from(["press", "release", "saloon", "red", "character", "sheriff", "armed", "right"]),
)
JSON_VALUES = st.recursive(JSON_LEAVES, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


def _paths(value, prefix=()):
    """Every place in a JSON value where another value could go."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


PATHS = [p for p in _paths(DESIGN_EXAMPLE) if p]


def _replace(data, path, value):
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def _replay_text(folder: Path, text: str | bytes, database: Path) -> tuple[int, str, str]:
    path = folder / "round.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    return run(["referee", "replay", str(path), "--db", str(database)])


@QUICK
@given(path=st.sampled_from(PATHS), value=JSON_VALUES)
def test_any_value_anywhere_is_judged_or_refused_in_one_line(folder, database, path, value):
    before = database.read_bytes()
    result = _replay_text(folder, json.dumps(_replace(DESIGN_EXAMPLE, path, value)), database)
    assert_answered_or_refused(*result)
    if result[0] == 0:
        assert set(json.loads(result[1])) >= {"claims", "bullets", "totals", "notes"}
    assert database.read_bytes() == before


BAD_ROUNDS = st.one_of(
    st.builds(lambda n: "[" * n + "]" * n, st.integers(7, 50_000)),
    st.builds(lambda d: json.dumps(DESIGN_EXAMPLE).replace("431.2", d, 1), st.sampled_from(["NaN", "Infinity"])),
    st.builds(lambda n: json.dumps(DESIGN_EXAMPLE).replace("431.2", "1" * n, 1), st.integers(33, 6000)),
    st.builds(lambda t: json.dumps(_replace(DESIGN_EXAMPLE, ("events", 0, "t_ms"), t)),
              st.floats(3_600_001, 1e308) | st.floats(-1e308, -3_600_001)),
    st.builds(lambda n: json.dumps(_replace(DESIGN_EXAMPLE, ("bullets", "red"), n)), st.integers(6, 10 ** 30)),
    st.builds(lambda n: json.dumps(_replace(DESIGN_EXAMPLE, ("tiles",), [{"pad": i, "location": "saloon"}
                                                                         for i in range(1, n + 1)])),
              st.integers(TILES + 1, 3000)),
    st.builds(lambda k: json.dumps(DESIGN_EXAMPLE)[:-1] + f', "{k}": 1, "{k}": 2}}', st.sampled_from(["a", "card"])),
    st.builds(lambda t: json.dumps(_replace(DESIGN_EXAMPLE, ("card", "type"), t)), JSON_VALUES.filter(
        lambda v: v not in ("character", "two_characters", "healing", "armed", "disarmed"))),
    st.binary(max_size=200),
)


@QUICK
@given(text=BAD_ROUNDS)
def test_broken_round_files_are_refused_in_one_line(folder, database, text):
    before = database.read_bytes()
    assert_refused(*_replay_text(folder, text, database)[:3])
    assert database.read_bytes() == before


@QUICK
@given(session=st.text(max_size=12) | st.integers(-5, 10 ** 40).map(str),
       card=st.text(max_size=12) | st.integers(-5, 10 ** 40).map(str))
def test_export_arguments_are_answered_or_refused_and_the_database_is_untouched(database, session, card):
    before = database.read_bytes()
    assert_answered_or_refused(*run(["referee", "export", "--db", str(database), "--", session, card]))
    assert database.read_bytes() == before


# --- odds ----------------------------------------------------------------------------

NUMBERS = st.one_of(st.integers(-3, 80).map(str), st.integers(0, 10 ** 400).map(str),
                    st.sampled_from(["\u0663", "\uff13", "1_0", " 3", "3.0", "", "nan", "-0"]),
                    st.text(max_size=6))
COLOURS = st.sampled_from(["grey", "brown", "white", "black", "red", "pink", "", "Grey"])
BAGS = st.lists(st.tuples(COLOURS, NUMBERS).map(lambda cn: f"{cn[0]}={cn[1]}"), max_size=7).map(",".join) \
    | st.text(max_size=40)
GANGS = st.lists(st.tuples(st.sampled_from(["revolver", "rifle", "bow", ""]), NUMBERS)
                 .map(lambda wh: f"{wh[0]}:{wh[1]}"), max_size=GANG_SIZE + 2).map(",".join) | st.text(max_size=30)
CARDS = st.lists(st.sampled_from(["1H", "2D", "3S", "4C", "5G", "5g", "6H", "1X", "", "١H"]) | st.text(max_size=3),
                 max_size=9).map(",".join)


def _odds_argv(kind, bag, draw, need, gang, hand, base, draws):
    return {
        "shoot": ["odds", "shoot", "--bag", bag, "--weapon", "revolver", "--draw", draw, "--need", need],
        "gang": ["odds", "gang", "--bag", bag, "--draw", draw, "--gang", gang],
        "duel": ["odds", "duel", "--hand", hand, "--bounty-base", base, "--bounty-draws", draws],
    }[kind]


@QUICK
@given(kind=st.sampled_from(["shoot", "gang", "duel"]), bag=BAGS, draw=NUMBERS, need=NUMBERS, gang=GANGS,
       hand=CARDS, base=CARDS, draws=NUMBERS, as_json=st.booleans())
def test_odds_arguments_are_answered_within_a_second_or_refused_in_one_line(
        database, kind, bag, draw, need, gang, hand, base, draws, as_json):
    before = database.read_bytes()
    argv = _odds_argv(kind, bag, draw, need, gang, hand, base, draws)
    argv = [argv[0], argv[1], *(f"{o}={v}" if o.startswith("--") else o for o, v in zip(argv[2::2], argv[3::2]))]
    code, out, err = run([*argv, "--db", str(database), *(["--json"] if as_json else [])])
    assert_answered_or_refused(code, out, err)
    if code == 0 and as_json:
        assert all(0 <= p <= 1 for p in json.loads(out).values())
    assert database.read_bytes() == before


@QUICK
@given(kind=st.sampled_from(["shoot", "gang", "duel"]), over=st.integers(1, 10 ** 30))
def test_odds_above_the_games_limits_are_refused_naming_the_limit(kind, over):
    argv = _odds_argv(kind, "grey=4,brown=2", str(BAG_BULLETS + over), "1", "revolver:1",
                      "1H", "2H", str(BOUNTY_DRAWS + over))
    code, out, err = run([argv[0], argv[1], *(f"{o}={v}" for o, v in zip(argv[2::2], argv[3::2]))])
    assert_refused(code, out, err)
    assert f"at most {BOUNTY_DRAWS if kind == 'duel' else BAG_BULLETS}" in err
