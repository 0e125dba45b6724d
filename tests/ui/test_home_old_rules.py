"""Home shows a game played under older rules as the sound game it is, with the result its
table saw and, in words, what today's rules would call otherwise (issue 26, item 1): never
"Damaged", never re-scored. A game whose checkpoint could not be used says so when resumed."""

from companion.rapidcity.engine import ENGINE
from tests.oldgames import RAPID, SPURS, old_game, rapid_city_r_r6, spurs_r_s6
from tests.ui.conftest import pump_until, start_app, stop_app
from tests.dbdamage import tamper


def test_old_games_are_listed_sound_with_what_today_s_rules_would_say(db):
    old_game(db, "spurs", SPURS, spurs_r_s6())
    cards = rapid_city_r_r6(3)
    old_game(db, "rapidcity", RAPID, cards)
    table = ENGINE.initial_state({**RAPID, "rules": 1})
    for card in cards:
        table = ENGINE.apply(table, card)
    ui = start_app(db)
    try:
        ui.pump()
        pump_until(ui, lambda: any("under today's rules" in t for t in ui.texts()))
        pump_until(ui, lambda: sum("Played under the rules of 2026-11-30" in t for t in ui.texts()) == 2)
        texts = ui.texts()
        assert not any("Damaged" in t for t in texts)
        spurs = next(t for t in texts if t.startswith("Spurs: won by Bob"))
        assert ("Played under the rules of 2026-11-30; under today's rules the game would end Bob 4, Ann 1, Cid 0 "
                "(won by Bob), not Bob 6, Ann 3, Cid 2 (won by Bob)") in spurs
        assert any(t.startswith("Resume Rapid City: red, blue, green") for t in texts)
        assert any("card 1 (Sheriff) would give red no bullet and blue a bullet (R-R6)" in t for t in texts)
        ui.tap(ui.find(startswith="Resume Rapid City"))
        assert ui.screen.name == "rapidcity" and ui.screen.session.rules == 1
        assert ui.screen.session.state.bullets == table.bullets != (0, 0, 0)  # the table's calls, card by card
    finally:
        stop_app(ui)


def test_a_resumed_game_whose_checkpoint_failed_its_checks_says_so(db):
    from companion.db.store import Store

    with Store(db) as store:
        game = store.new_session("scorepad", {"players": ["Ann", "Bob"]})
        for i in range(1, 121):
            game.do({"type": "add", "player": "Ann", "points": i})
    tamper(db, "UPDATE snapshots SET state = CAST(state AS BLOB)")
    ui = start_app(db)
    try:
        ui.pump()
        ui.tap(ui.find(startswith="Resume Score pad"))
        assert ui.screen.session.state.scores == (sum(range(1, 121)), 0)
        assert "its checkpoint at event 100 is damaged" in ui.screen.news
        assert "replayed from its log instead" in ui.screen.news
    finally:
        stop_app(ui)


def test_an_old_game_s_log_page_says_which_rules_it_was_played_under(db):
    old_game(db, "spurs", SPURS, spurs_r_s6())
    ui = start_app(db)
    try:
        ui.pump()
        ui.tap("History")
        ui.tap(ui.find(startswith="Ann, Bob, Cid: Bob wins"))
        assert ui.app.manager.current == "history_log"
        assert ("\nPlayed under the rules of 2026-11-30; under today's rules the game would end Bob 4, Ann 1, "
                "Cid 0 (won by Bob), not Bob 6, Ann 3, Cid 2 (won by Bob); ") in ui.screen.about
        assert ui.screen.about.startswith("Ann, Bob, Cid: Bob wins with 6 points")  # the table's result
        assert not any("Damaged" in t for t in ui.texts())
    finally:
        stop_app(ui)
