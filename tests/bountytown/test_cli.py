"""The `hand` and `odds duel` verbs, through companion.cli.main as a person runs them."""

import json

import pytest

from companion.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_hand_prints_the_rank_name(capsys):
    code, out, _ = run(capsys, "hand", "1H", "2H", "3H", "4H", "5H")
    assert code == 0 and out == "Straight Flush\n"


def test_hand_json(capsys):
    code, out, _ = run(capsys, "hand", "1H", "2H", "3H", "4H", "5H", "--json")
    assert code == 0 and json.loads(out) == {"rank": 1, "name": "Straight Flush"}
    _, out, _ = run(capsys, "hand", "--json", "4H", "4S")
    assert json.loads(out) == {"rank": 10, "name": "Pair"}


@pytest.mark.parametrize("argv, reason", [
    (["hand", "6H"], "'6H'"),
    (["hand", "3X"], "'3X'"),
    (["hand", "1H", "2H", "3H", "4H", "5H", "5H"], "1 to 5 cards"),
    (["hand", "3G", "3G", "3G", "3G"], "3G appears 4 times"),
    (["odds", "duel", "--hand", "1H,1S,6G", "--bounty-draws", "2"], "'6G'"),
    (["odds", "duel", "--hand", "1H,1H", "--known", "1H,1H", "--bounty-draws", "2"], "1H appears 4 times"),
])
def test_bad_cards_exit_2_with_one_line(capsys, argv, reason):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert reason in err and err.count("\n") == 1


def test_odds_duel_json(capsys):
    code, out, _ = run(capsys, "odds", "duel", "--hand", "1H,1S,2G", "--bounty-base", "3C,3D",
                       "--bounty-draws", "2", "--json")
    result = json.loads(out)
    assert code == 0 and set(result) == {"p_win", "p_tie", "p_lose"}
    assert result["p_win"] == 0.0
    assert result["p_tie"] == pytest.approx(1217 / 2556)  # two of the 72 cards not in the hand (R-B9)
    assert sum(result.values()) == pytest.approx(1.0)


def test_odds_duel_draws_from_every_card_not_in_the_hand(capsys):
    """R-B9: the bounty's printed 3C and 3D are not Duel cards, so its one draw comes from the
    73 cards not in the hand, and each of the 15 threes among them beats the pair."""
    argv = ("odds", "duel", "--hand", "1H,1S", "--bounty-base", "3C,3D", "--bounty-draws", "1")
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "lose: 20.5% (15/73)" in out and "(58/73)" in out
    code, out, _ = run(capsys, *argv, "--json")
    assert code == 0 and json.loads(out) == {"p_win": 0.0, "p_tie": 58 / 73, "p_lose": 15 / 73}


def test_odds_duel_without_base(capsys):
    code, out, _ = run(capsys, "odds", "duel", "--hand", "1H,1S,2G", "--bounty-draws", "2", "--json")
    result = json.loads(out)
    assert code == 0 and result["p_lose"] == 0.0 and result["p_win"] > 0.8


def test_odds_duel_text(capsys):
    code, out, _ = run(capsys, "odds", "duel", "--hand", "1H,1S,2G", "--bounty-base", "3C,3D", "--bounty-draws", "2")
    assert code == 0
    assert "Pair" in out and "play 1H 1S" in out and "tie" in out and "47.6%" in out


def test_odds_duel_gives_every_outcome_over_the_same_draws(capsys):
    """A chance of none was reduced on its own to "0.0% (0/1)", beside "(1217/2556)"."""
    code, out, _ = run(capsys, "odds", "duel", "--hand", "1H,1S,2G", "--bounty-base", "3C,3D", "--bounty-draws", "2")
    assert code == 0 and "win: 0.0% (0/2556)" in out and "lose: 52.4% (1339/2556)" in out
    _, out, _ = run(capsys, "odds", "duel", "--hand", "1H", "--bounty-base", "3C", "--bounty-draws", "0")
    assert "win: 0% (impossible)" in out and "tie (win, but take a wound): 100% (certain)" in out
    assert "/1)" not in out
