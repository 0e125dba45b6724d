"""Issue 10, the input side: whatever is typed, `companion` answers with the output or one
short line naming the problem (exit 2), in well under a second, and never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from companion.cli import EXIT_PIPE_CLOSED, main
from companion.intake.limits import BAG_BULLETS, BOX_BULLETS
from tests.timing import answered_quickly

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BAG = "grey=4,brown=2,white=1,black=2,red=1"


def refused(capsys, argv: list[str]) -> str:
    """Run ``argv`` in-process; it must be refused with exit 2 and one line, which is returned."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert (code, out) == (2, ""), (code, out, err)
    assert err.startswith("companion: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and len(err) <= 320
    return err


REFUSED = [
    # odds: the slow cases, now bounded with the limit named
    (["odds", "gang", "--bag", "grey=150,brown=150,white=150,black=150", "--draw", "3", "--gang", "revolver:1"],
     f"the box holds {BOX_BULLETS}"),
    (["odds", "shoot", "--bag", BAG, "--weapon", "revolver", "--draw", "10000", "--need", "2"],
     f"at most {BAG_BULLETS}"),
    (["odds", "duel", "--hand", "1H,1S,2G", "--bounty-base", "3C,3D", "--bounty-draws", "20"],
     "--bounty-draws '20': at most 5"),
    (["odds", "duel", "--hand", "1H", "--bounty-base", "1H,2H,3H,4H,5H,1D,2D,3D", "--bounty-draws", "1"],
     "--bounty-base: 8 items; at most 5"),
    (["odds", "shoot", "--bag", "grey=4,red=4", "--weapon", "rifle", "--draw", "3", "--need", "1"],
     "a bag holds at most 3 (R-S3)"),
    (["odds", "gang", "--bag", BAG, "--draw", "3", "--gang", "revolver:1,rifle:1,rifle:1,revolver:1"],
     "--gang: 4 items; at most 3"),
    (["odds", "gang", "--bag", BAG, "--draw", "3", "--gang", "revolver:" + "9" * 400],
     "at most 69 (no more hits than bullets drawn)"),
    (["odds", "shoot", "--bag", BAG, "--weapon", "rifle", "--draw", "3", "--need", "9" * 5000],
     "--need '9999999999"),
    # nonsense that used to be accepted
    (["odds", "gang", "--bag", BAG, "--draw", "3", "--gang", "revolver:1,,rifle:2"], "item 2 is empty"),
    (["odds", "gang", "--bag", BAG, "--draw", "3", "--gang", "revolver:1,"], "item 2 is empty"),
    (["odds", "shoot", "--bag", BAG, "--weapon", "rifle", "--draw", "\u0663", "--need", "1"],
     "digits 0-9"),
    (["odds", "shoot", "--bag", "grey=\u0664", "--weapon", "rifle", "--draw", "3", "--need", "1"],
     "plain ASCII"),
    (["odds", "duel", "--hand", "1H", "--bounty-draws", "\uff12"], "digits 0-9"),
    (["odds", "shoot", "--bag", "grey=1" + "," * 10_000_000, "--weapon", "rifle", "--draw", "3", "--need", "1"],
     "--bag is 10,000,006 characters long; at most 500"),
    (["hand", "1H", "2H", "3H", "4H", "5H", "1D"], "cards: 6 items; at most 5"),
    (["odds", "shoot", "--bag", "grey=1_0", "--weapon", "rifle", "--draw", "3", "--need", "1"],
     "--bag item 'grey=1_0': after '=' goes a whole number"),
    (["odds", "gang", "--bag", BAG, "--draw", "3", "--gang", "revolver:+1"], "after ':' goes a whole number"),
    # pads and --db
    (["pads", "--seconds", "-5"], "--seconds '-5'"),
    (["pads", "--seconds", "nan"], "--seconds 'nan'"),
    (["pads", "--seconds", "inf"], "--seconds 'inf'"),
    (["pads", "--seconds", "0"], "more than 0 and at most 86400"),
    (["pads", "--seconds", "1e9"], "--seconds '1e9'"),
    (["--db", "", "doctor"], "--db: the path is empty"),
    (["doctor", "--db", " "], "--db: the path is empty"),
    (["--db", "a\0b", "doctor"], "cannot hold a NUL"),
    (["--db", "x" * 5000, "doctor"], "a path is at most 4096 characters"),
    (["doctor", "--db", "/tmp/" + "x" * 300 + "/c.db"], "each name in a path is at most 255 bytes"),
]


@pytest.mark.parametrize("argv, fragment", REFUSED, ids=[f for _, f in REFUSED])
def test_refused_in_one_line_naming_the_limit(capsys, argv, fragment):
    with answered_quickly():
        err = refused(capsys, argv)
    assert fragment in err


@pytest.mark.parametrize("argv", [
    ["odds", "gang", "--bag", "grey=17,brown=17,white=16,black=16,red=3", "--draw", "35",
     "--gang", "revolver:3,rifle:3,revolver:3", "--json"],
    ["odds", "shoot", "--bag", "grey=66,red=3", "--weapon", "revolver", "--draw", "69", "--need", "30", "--json"],
    ["odds", "duel", "--hand", "1H,2H,3H,4H,5H", "--bounty-base", "1G,2G,3G,4G,5G", "--bounty-draws", "5", "--json"],
])
def test_the_largest_inputs_the_games_allow_answer_within_a_second(capsys, argv):
    """The worst cases found by search over the limits (gang: a bag split evenly, drawn
    half-way, three desperados), measured in-process."""
    with answered_quickly():
        assert main(argv) == 0
    assert capsys.readouterr().out.startswith("{")


def test_db_works_after_every_verb(tmp_path, capsys):
    """`--db` before or after the verb, for every verb and verb of a verb."""
    from companion.cli import _verb_parsers, build_parser

    verbs = _verb_parsers(build_parser())
    assert len(verbs) >= 8
    for verb in verbs:
        assert any("--db" in action.option_strings for action in verb._actions), verb.prog
    db = str(tmp_path / "c.db")
    argv = ["odds", "shoot", "--bag", BAG, "--weapon", "rifle", "--draw", "3", "--need", "1", "--json"]
    assert main([*argv, "--db", db]) == main(["--db", db, *argv]) == 0
    parser = build_parser()
    assert parser.parse_args(["doctor", "--db", db]).db == db
    assert parser.parse_args(["--db", db, "doctor"]).db == db
    assert parser.parse_args(["doctor"]).db is None
    assert parser.parse_args(["referee", "replay", "f.json", "--db", db]).db == db


def test_unrecognized_arguments_are_not_echoed_whole(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["odds", "shoot", "--bag", BAG, "--weapon", "rifle", "--draw", "3", "--need", "1", "x" * 100_000])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "usage: companion" in err and len(err.splitlines()[-1]) <= 340


def _child(*args: str, stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], stdout=stdout, stderr=subprocess.PIPE,
                          text=True, env=dict(os.environ, PYTHONPATH=ROOT), timeout=60)


@pytest.mark.parametrize("argv", [
    ["odds", "duel", "--hand", "1H,1S,2G", "--bounty-base", "3C,3D", "--bounty-draws", "2"],
    ["hand", "1H", "2H"],
])
def test_a_closed_pipe_is_no_traceback(argv):
    """`companion ... | head`: the reader has gone before we write. A pipe whose read end
    is closed makes every write fail with EPIPE, deterministically."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = _child(*argv, stdout=write_end)
    finally:
        os.close(write_end)
    assert "Traceback" not in done.stderr and "BrokenPipeError" not in done.stderr, done.stderr
    assert done.stderr == ""
    assert done.returncode == EXIT_PIPE_CLOSED


def test_refusals_in_a_real_process_have_no_traceback():
    for argv in (["pads", "--seconds", "nan"], ["odds", "duel", "--hand", "1H", "--bounty-draws", "99"],
                 ["--db", "", "doctor"]):
        done = _child(*argv)
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, argv
