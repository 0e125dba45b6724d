"""`companion odds shoot` and `companion odds gang` (docs/cli.md contract)."""

import json

import pytest

from companion.cli import main

BAG = "grey=4,brown=2,white=1,black=2,red=1"


def test_odds_shoot_json(capsys):
    assert main(["odds", "shoot", "--bag", BAG, "--weapon", "revolver", "--draw", "3", "--need", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"p_success": pytest.approx(5 / 7)}


def test_odds_shoot_text_shows_probability_and_exact_fraction(capsys):
    assert main(["odds", "shoot", "--bag", BAG, "--weapon", "revolver", "--draw", "3", "--need", "2"]) == 0
    out = capsys.readouterr().out
    assert "0.7143" in out and "5/7" in out


def test_odds_gang_json(capsys):
    assert main(["odds", "gang", "--bag", BAG, "--draw", "3", "--gang", "revolver:1,rifle:2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"p_success": pytest.approx(13 / 120)}


@pytest.mark.parametrize("argv, named", [
    (["odds", "shoot", "--bag", "pink=2", "--weapon", "rifle", "--draw", "3", "--need", "1"], "pink"),
    (["odds", "shoot", "--bag", "grey=-1", "--weapon", "rifle", "--draw", "3", "--need", "1"], "grey"),
    (["odds", "shoot", "--bag", BAG, "--weapon", "bow", "--draw", "3", "--need", "1"], "bow"),
    (["odds", "gang", "--bag", BAG, "--draw", "3", "--gang", "revolver"], "weapon:hits"),
    (["odds", "gang", "--bag", BAG, "--draw", "3", "--gang", "rifle:0"], "hits"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, named):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert named in err and err.count("\n") == 1


def test_odds_gang_of_one_is_the_single_desperado_draw(capsys):
    # ruling: R-S4 - the example: `--gang rifle:1` equals `odds shoot --weapon rifle --need 1`
    assert main(["odds", "gang", "--bag", BAG, "--draw", "3", "--gang", "rifle:1", "--json"]) == 0
    gang = json.loads(capsys.readouterr().out)
    assert main(["odds", "shoot", "--bag", BAG, "--weapon", "rifle", "--draw", "3", "--need", "1", "--json"]) == 0
    assert gang == json.loads(capsys.readouterr().out) == {"p_success": pytest.approx(0.95)}
