"""The judge runs once per change of what it judges (issue 34): each edge a pad adds, each
name or touch the table enters; drawing a step again, the verdict, Confirm, the engine
and the store that save the card judge nothing again."""

from __future__ import annotations

from collections import OrderedDict

from companion.rapidcity import judge
from companion.rapidcity.model import CharacterCard
from companion.rapidcity.roundfile import parse_round
from companion.rapidcity.taps import Pick, ToVerdict
from rc_screen import Table, game


def test_from_a_pad_press_to_the_saved_verdict_the_judge_runs_once_per_change(monkeypatch):
    runs: list[int] = []
    verdict = judge._verdict
    monkeypatch.setattr(judge, "_verdict", lambda *args: (runs.append(1), verdict(*args))[1])
    monkeypatch.setattr(judge, "_JUDGED", OrderedDict())  # no round judged by another test

    def judged(step) -> int:
        """How many times the judge ran for ``step`` and the screen drawing what it changed."""
        before = len(runs)
        step()
        for _ in range(3):  # the screen asks again and again for what it shows
            table.shown()
            table.time()
        return len(runs) - before

    table = Table(game(CharacterCard, window_ms=60_000))
    table.reveal()
    assert [judged(lambda pad=pad: table.press(pad)) for pad in (1, 2, 3)] == [1, 1, 1]  # one per edge
    assert judged(table.end_race) == 0  # the photo finish is the race's last call
    first, second, _ = table.presses()
    assert judged(lambda: table.take(Pick(first, "red"))) == 1  # a name: the round judged whole
    assert judged(lambda: table.take(Pick(second, "blue"))) == 1  # and the one left is guessed with it
    assert judged(lambda: table.take(ToVerdict())) == 0
    assert judged(table.confirm) == 0  # the call checked is the call saved: not judged again
    saved = table.state.played[-1]
    assert table.applied == 1 and saved.round["events"][0]["player"] == "red"
    # what was remembered is what the judge says of the saved round, judged afresh
    assert saved.verdict == judge.verdict_to_json(judge.Referee(parse_round(saved.round)).verdict())
