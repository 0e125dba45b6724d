"""A past call's screen saves the call as a round file, says where, and that file replays
to the verdict the table saw (issue 10, round file export)."""

from __future__ import annotations

import json
from pathlib import Path

from companion.cli import main
from companion.db.store import Store
from tests.test_cli_export import play_game
from tests.ui.conftest import start_app, stop_app
from ui.rapidcity.strip import FinishStrip


def open_past_call(db: Path, number: int):
    """The app on ``db``, its Rapid City game resumed and past call ``number`` shown."""
    ui = start_app(db)
    ui.pump()
    ui.tap(ui.find(startswith="Resume Rapid City"))
    ui.tap("Past calls")
    ui.tap(ui.find(startswith=f"{number}. "))
    return ui


def test_a_past_call_is_saved_as_a_round_file_that_replays(db, capsys):
    session = play_game(db, 7, ["red", "blue", "green"], cards=2)
    ui = open_past_call(db, 2)
    try:
        button = ui.find("Save as round file")
        assert button.height >= 48 and button.width >= 48
        ui.tap(button)
        said = [t for t in ui.texts() if t.startswith("Saved as ")]
        assert len(said) == 1, ui.texts()
        path = Path(said[0].removeprefix("Saved as ").split(";")[0])
        assert path == db.parent / "rounds" / f"rapidcity-game{session}-card2.json" and path.is_file()
        stored = ui.screen.state.played[1].verdict
    finally:
        stop_app(ui)
    assert main(["referee", "replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == stored


def test_a_call_that_cannot_be_saved_says_why(db):
    play_game(db, 7, ["red", "blue", "green"], cards=1)
    (db.parent / "rounds").write_text("a file where the folder should be")
    ui = open_past_call(db, 1)
    try:
        ui.tap("Save as round file")
        assert any(t.startswith("Not saved: ") and "cannot write the round file" in t for t in ui.texts()), ui.texts()
    finally:
        stop_app(ui)


def test_a_past_call_shows_its_photo_finish_again(db):
    """Replaying a call (from Past calls, or History) draws its photo finish again: the strip,
    and each claim's place, time, tile and player, judged again from the stored round file."""
    session = play_game(db, 7, ["red", "blue", "green"], cards=6)
    with Store(db) as store:
        number = next(n for n, p in enumerate(store.open_session(session).state.played, 1) if p.verdict["claims"])
    ui = open_past_call(db, number)
    try:
        played = ui.screen.state.played[number - 1]
        claims = played.verdict["claims"]
        strips = [w for w in ui.widgets() if isinstance(w, FinishStrip)]
        assert len(strips) == 1 and strips[0].height >= 48, (claims, ui.texts())
        assert [t for _, t, _, _ in strips[0].marks] == [c["t_ms"] for c in claims]
        lines = [t for t in ui.texts() if t[:1].isdigit() and " ms: " in t]
        assert len(lines) == len(claims) and claims, ui.texts()
        assert lines[0].startswith(f"1st {claims[0]['t_ms']:.1f} ms: ")
    finally:
        stop_app(ui)
