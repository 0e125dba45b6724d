"""Home's Resume buttons under real fingers (issue 37): fifteen unfinished games showed as
fifteen identical "Resume Spurs: Ann, Bob, Cid / started ..." buttons. Each says whose turn
it is, who leads and when it was last played, its words clear of the button's edges."""

from __future__ import annotations

from tests.ui.bountytown.walk import BOUNTIES, GRID
from tests.ui.conftest import pump_until

NAMES = ("Ann", "Bob", "Cid")


def bountytown(ui, turns: int, renown: int) -> None:
    """A game of Ann, Bob and Cid where ``turns`` turns were ended and Ann holds ``renown``."""
    entries = [{"name": n, "character": f"{n} the Kid", "hand_limit": 5} for n in NAMES]
    ui.app.start_session("bountytown", {"players": entries, "grid": GRID, "bounties": BOUNTIES, "store": []})
    ui.pump()
    if renown:
        assert ui.screen.act({"type": "adjust", "player": "Ann", "renown": renown}), ui.screen.message
    for _ in range(turns):
        assert ui.screen.act({"type": "end_turn", "reveal": []}), ui.screen.message
    ui.app.go_home()
    ui.pump()


def resume_buttons(ui) -> list:
    return [w for w in ui.widgets() if str(getattr(w, "text", "")).startswith("Resume Bountytown")]


def test_unfinished_games_of_the_same_table_tell_apart(ui):
    for name, colour in zip(NAMES, ("red", "blue", "green")):
        ui.app.store.add_player(name, colour)
    bountytown(ui, turns=0, renown=0)
    bountytown(ui, turns=1, renown=2)
    pump_until(ui, lambda: all("to play" in b.text for b in resume_buttons(ui)))
    newest, oldest = (b.text for b in resume_buttons(ui))
    assert newest != oldest
    assert "Bob to play" in newest and "Ann leads (renown 2)" in newest, newest
    assert "Ann to play" in oldest and "all level (renown 0)" in oldest, oldest
    assert all("last played" in text for text in (newest, oldest))
    ui.tap(resume_buttons(ui)[0])
    assert ui.screen.name == "bountytown" and ui.screen.state.current.name == "Bob"


def test_resume_words_keep_clear_of_their_buttons_edges(ui):
    for name, colour in zip(NAMES, ("red", "blue", "green")):
        ui.app.store.add_player(name, colour)
    bountytown(ui, turns=1, renown=2)
    pump_until(ui, lambda: all("to play" in b.text for b in resume_buttons(ui)))
    [button] = resume_buttons(ui)
    button.texture_update()
    widest = max(line.w for line in button._label._cached_lines)  # noqa: SLF001
    assert widest <= button.width - 2 * 12, (widest, button.width)
    assert button.texture_size[1] <= button.height - 2 * 6, (button.texture_size, button.height)


def test_a_game_whose_last_time_cannot_be_read_still_lists(db):
    """A time in the log that is not one (a damaged row) is no crash at Home: the game's start is said."""
    import sqlite3

    from tests.ui.conftest import start_app, stop_app

    ui = start_app(db)
    ui.app.store.add_player("Ann", "red")
    ui.app.start_session("scorepad", {"players": ["Ann"]})
    assert ui.screen.act({"type": "add", "player": "Ann", "points": 3}), ui.screen.message
    stop_app(ui)
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE events SET at = 'not a time'")
    ui = start_app(db)
    try:
        ui.pump()
        assert "last played" in ui.find(startswith="Resume Score pad: Ann").text
    finally:
        stop_app(ui)
