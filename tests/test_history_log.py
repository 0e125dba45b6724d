"""A stored game's log in words, page by page: undo and redo said as such, any page told the
same whether reached in order or by a jump, damage said on its line, nothing written."""

from __future__ import annotations

import random

import pytest

from companion.records import gamelog
from companion.contracts.engine import RuleError
from companion.intake.errors import StoreError
from companion.records.gamelog import GameLog
from companion.db.store import Store
from tests.spurs.helpers import ANN, BOB, CID

SPURS = {"players": [ANN, BOB, CID], "bank_cash": 100, "target_fame": 10**6}


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "log.db") as opened:
        yield opened


def test_undo_and_redo_are_told_as_what_they_took_back_and_put_again(store):
    game = store.new_session("scorepad", {"players": ["Ann", "Bob"]})
    game.do({"type": "add", "player": "Ann", "points": 5})
    game.do({"type": "add", "player": "Bob", "points": 3})
    game.undo()
    game.undo()
    game.redo()
    log = GameLog(store, game.id)
    assert len(log) == 5
    assert [line.text for line in log.page(0)] == [
        "Ann scores 5 points (5 in all)", "Bob scores 3 points (3 in all)",
        "undone: Bob scores 3 points (3 in all)", "undone: Ann scores 5 points (5 in all)",
        "redone: Ann scores 5 points (5 in all)"]
    assert [line.kind for line in log.page(0)] == ["do", "do", "undo", "undo", "redo"]
    assert [line.seq for line in log.page(0)] == [1, 2, 3, 4, 5]
    assert log.line(2).at and log.line(2).at >= log.line(0).at


def test_a_game_without_events_has_an_empty_log(store):
    game = store.new_session("scorepad", {"players": ["Ann"]})
    log = GameLog(store, game.id)
    assert len(log) == 0 and log.page(0) == []


def play_with_undos(game, actions: int, seed: int = 5) -> None:
    rng = random.Random(seed)
    for _ in range(actions):
        try:
            game.do({"type": "end_turn"} if rng.random() < 0.5 else {"type": "saloon", "option": "card", "fame": 1})
        except RuleError:  # a second Saloon card in one visit
            continue
        if rng.random() < 0.2:
            game.undo()
            if rng.random() < 0.5:
                game.redo()


def test_any_page_is_told_the_same_reached_in_order_or_by_a_jump(store, monkeypatch):
    monkeypatch.setattr(gamelog, "PAGE", 7)  # many pages from a short game
    monkeypatch.setattr(gamelog, "MARK_EVERY", 3)  # and pages between marks
    game = store.new_session("spurs", SPURS)
    play_with_undos(game, 60)
    in_order = GameLog(store, game.id)
    told = [in_order.line(i).text for i in range(len(in_order))]
    jumping = GameLog(store, game.id)
    for page in reversed(range(jumping.pages)):  # last first: every page from a mark
        assert [line.text for line in jumping.page(page)] == told[page * 7:(page + 1) * 7]
    assert any(text.startswith("undone: ") for text in told) and any(text.startswith("redone: ") for text in told)


def test_an_undone_line_names_the_action_taken_back(store):
    game = store.new_session("spurs", SPURS)
    game.do({"type": "saloon", "option": "card", "fame": 2, "money": 5})
    game.undo()
    assert GameLog(store, game.id).line(1).text == "undone: Ann plays a Saloon card: Ann +2 fame, +$5"


def test_a_long_game_tells_its_last_page_from_a_snapshot_without_replaying_it_all(store, monkeypatch):
    game = store.new_session("spurs", SPURS)
    play_with_undos(game, 450)
    game = store.open_session(game.id)  # the snapshots the store wrote while it played
    log = GameLog(store, game.id)
    applied = []
    real = log.engine.apply
    monkeypatch.setattr(log.engine.__class__, "apply", lambda self, s, a: applied.append(1) or real(s, a))
    last = log.page(log.pages - 1)
    assert last[-1].seq == len(log)
    assert len(applied) < 3 * gamelog.PAGE  # from the nearest snapshot, not from the first event


def test_reading_a_log_writes_nothing(store):
    game = store.new_session("spurs", SPURS)
    play_with_undos(game, 250)
    before = store._db.execute("SELECT count(*), coalesce(sum(length(state)), 0) FROM snapshots").fetchone()
    changes = store._db.total_changes
    log = GameLog(store, game.id)
    for page in reversed(range(log.pages)):
        log.page(page)
    assert store._db.total_changes == changes
    assert store._db.execute("SELECT count(*), coalesce(sum(length(state)), 0) FROM snapshots").fetchone() == before


def test_an_event_that_does_not_replay_is_said_on_its_line_and_the_rest_is_not_told(store):
    game = store.new_session("scorepad", {"players": ["Ann"]})
    for points in (1, 2, 3):
        game.do({"type": "add", "player": "Ann", "points": points})
    store._db.execute("UPDATE events SET action = ? WHERE session_id = ? AND seq = 2",
                      ('{"type": "add", "player": "Zed", "points": 1}', game.id))
    lines = GameLog(store, game.id).page(0)
    assert lines[0].text == "Ann scores 1 point (1 in all)"
    assert "cannot be replayed" in lines[1].text and "'Zed' is not playing" in lines[1].text
    assert lines[2].text == "not told: the log cannot be replayed past event 2"


def test_a_missing_game_or_damaged_settings_is_a_clear_error(store):
    with pytest.raises(StoreError, match="no game session 99"):
        GameLog(store, 99)
    game = store.new_session("scorepad", {"players": ["Ann"]})
    store._db.execute("UPDATE sessions SET settings = '{\"players\": []}' WHERE id = ?", (game.id,))
    with pytest.raises(StoreError, match="cannot be told"):
        GameLog(store, game.id)


def test_a_run_of_actions_is_pushed_whole_as_one_by_one():
    from companion.db.runstack import RunStack

    whole, one_by_one = RunStack(), RunStack()
    for first, last in ((1, 4), (5, 9), (12, 12), (20, 19), (13, 15)):
        whole.extend(first, last)
        for n in range(first, last + 1):
            one_by_one.append(n)
    assert whole == one_by_one and list(whole) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 14, 15]
