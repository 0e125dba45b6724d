"""Statistics from small games worked out by hand, the summaries cache, and the sums."""

from __future__ import annotations

import sqlite3
from fractions import Fraction

import pytest

from companion.records.stats import VERSION, cache
from companion.records.stats.aggregate import EVERYONE, aggregate, by_seat
from companion.records.stats.luck import hit_chances, merged_tail
from companion.records.stats.replay import summarise
from companion.db.store import Store
from tests import stats_games as games


def stored(store: Store, kind: str, game) -> int:
    """The game played through the store, as the app plays it; its id."""
    settings, actions = game()
    session = store.new_session(kind, settings)
    for action in actions:
        session.do(action)
    return session.id


def test_spurs_plays_wins_scores_and_fame_by_source():
    stats = aggregate([(1, summarise("spurs", *games.spurs_long())), (2, summarise("spurs", *games.spurs_short()))])
    ann, bob = stats.of("spurs", "Ann"), stats.of("spurs", "Bob")
    assert (ann.plays, ann.wins, ann.win_rate, ann.average_score) == (2, 1, 0.5, 3.0)  # scores 3 and 3
    assert (bob.plays, bob.wins, bob.win_rate, bob.average_score) == (2, 1, 0.5, 2.5)  # scores 4 and 1
    assert ann.fame == {"challenges": 0, "town": 1, "duels": 2, "other": 0}  # the pelt sold; two duels won
    assert bob.fame == {"challenges": 0, "town": 2, "duels": 1, "other": 0}  # the outlaw turned in; a duel won
    assert stats.games == {"spurs": 2}


def test_spurs_luck_against_the_exact_expectation():
    # 3 drawn from 2 hits and 2 misses: 1 or 2 hits (never 0: only 2 misses), each C(2,k)C(2,3-k)/C(4,3) = 1/2; never 3
    assert hit_chances(2, 2, 3) == (0, Fraction(1, 2), Fraction(1, 2), 0)
    stats = aggregate([(1, summarise("spurs", *games.spurs_long())), (2, summarise("spurs", *games.spurs_short()))])
    ann, bob = stats.of("spurs", "Ann").luck, stats.of("spurs", "Bob").luck
    assert (ann.games, ann.draws, ann.hits, ann.expected, ann.variance) == (1, 1, 1, 1.5, 0.25)
    assert ann.index == pytest.approx(1 / 1.5)
    assert ann.tail == 0.5  # P(at most 1 hit), the game with no draws changes nothing
    assert (bob.hits, bob.expected, bob.tail) == (2, 1.5, 0.5)  # P(at least 2 hits)
    everyone = stats.of("spurs").luck  # two games' draws together: the normal curve
    assert (everyone.games, everyone.hits, everyone.expected, everyone.variance) == (2, 3, 3.0, 0.5)
    assert everyone.tail == 1.0  # exactly as expected


def test_luck_tail_over_many_games_uses_the_exact_mean_and_variance():
    # 10 hits where 5 were expected, variance 4: (10 - 5 - 0.5) / 2 = 2.25 standard deviations
    assert merged_tail(10, 5.0, 4.0) == pytest.approx(0.012224, abs=1e-6)


def test_bountytown_duels_by_hand_rank_and_renown_over_time():
    stats = aggregate([(1, summarise("bountytown", *games.bountytown()))])
    bart, valentina = stats.of("bountytown", "Bart"), stats.of("bountytown", "Valentina")
    assert bart.duels == {"Four of a Kind": [1, 0]} and valentina.duels == {"High Card": [0, 1]}
    assert (bart.plays, bart.wins, bart.average_score) == (1, 1, 3.0)
    assert bart.average_renown() == [0, 3, 3]  # at the start, after Bart's turn, after Valentina's
    assert stats.of("bountytown").duels == {"Four of a Kind": [1, 0], "High Card": [0, 1]}


def test_rapidcity_reaction_times_false_starts_and_bullets():
    stats = aggregate([(1, summarise("rapidcity", *games.rapidcity()))])
    rita, blue, green = (stats.of("rapidcity", name) for name in ("Rita", "blue", "Gus"))
    assert rita.reaction() == (215, 180, 2) and rita.reaction("character") == (215, 180, 2)
    assert blue.reaction() == (360, 320, 2) and green.reaction() == (600, 600, 1)
    assert (rita.false_starts, blue.false_starts, green.false_starts) == (0, 0, 1)
    assert rita.bullets == {"character": 1} and blue.bullets == {} and green.bullets == {"character": 2}
    assert rita.plays == 0 and stats.games == {"rapidcity": 0}  # not over: no play counted
    assert stats.of("rapidcity").reaction() == (320, 180, 5)


def test_summaries_are_cached_and_remade_when_the_log_moves_on(tmp_path):
    with Store(tmp_path / "c.db") as store:
        sid = stored(store, "spurs", games.spurs_short)
        found = cache.read(store._db)
        assert found.missing == [sid] and not found.fresh
        made = []
        cache.make(store.path, found.missing, lambda done, batch: made.extend(batch))
        assert [(s, seq) for s, seq, _ in made] == [(sid, 4)]
        found = cache.read(store._db)
        assert not found.missing and aggregate(found.fresh).of("spurs", "Ann").wins == 1
        # undo after the end: Ann's second duel is undone, so she has not won (yet)
        store.open_session(sid).undo()
        found = cache.read(store._db)
        assert found.missing == [sid]
        cache.make(store.path, found.missing, lambda done, batch: None)
        stats = aggregate(cache.read(store._db).fresh)
        assert stats.of("spurs", "Ann").wins == 0 and stats.of("spurs", "Ann").fame["duels"] == 1


def test_a_summary_of_an_older_formula_is_remade(tmp_path):
    with Store(tmp_path / "c.db") as store:
        sid = stored(store, "spurs", games.spurs_short)
        cache.make(store.path, [sid], lambda done, batch: None)
        store._db.execute("UPDATE summaries SET version = ?", (VERSION - 1,))
        assert cache.read(store._db).missing == [sid]


def test_a_game_that_does_not_replay_is_left_out_and_counted(tmp_path):
    with Store(tmp_path / "c.db") as store:
        good = stored(store, "spurs", games.spurs_short)
        bad = stored(store, "spurs", games.spurs_long)
        store._db.execute("UPDATE events SET action = '{\"type\": \"hunt\"}' WHERE session_id = ? AND seq = 1", (bad,))
        batches = []
        cache.make(store.path, [good, bad], lambda done, batch: batches.append((done, batch)))
        stats = aggregate((sid, summary) for sid, _seq, summary in batches[-1][1])
        assert batches[-1][0] == 2 and stats.unreadable == 1 and stats.games == {"spurs": 1}


def test_a_version_2_database_gains_the_summaries_table(tmp_path):
    path = tmp_path / "old.db"
    with Store(path) as store:
        store._db.execute("DROP TABLE summaries")
        store._db.execute("PRAGMA user_version = 2")
    with Store(path) as store:
        assert store._db.execute("PRAGMA user_version").fetchone()[0] >= 3
        assert cache.read(store._db).missing == []
    raw = sqlite3.connect(path)
    assert raw.execute("SELECT count(*) FROM summaries").fetchone() == (0,)
    raw.close()


def test_everyone_holds_guests_the_players_do_not():
    summary = summarise("spurs", *games.spurs_short())
    stats = aggregate([(1, summary)], who=lambda _sid, _index, seat: None if seat["name"] == "Bob" else 7)
    assert stats.players("spurs") == [7]
    assert stats.of("spurs", 7).wins == 1 and stats.of("spurs", EVERYONE).plays == 2


def test_players_are_known_by_their_record_through_a_rename(tmp_path):
    with Store(tmp_path / "c.db") as store:
        ann = store.add_player("Ann", "red")
        stored(store, "spurs", games.spurs_long)
        stored(store, "spurs", games.spurs_short)
        store.update_player(ann.id, name="Annie")
        cache.make(store.path, cache.read(store._db).missing, lambda done, batch: None)
        stats = aggregate(cache.read(store._db).fresh, by_seat(cache.player_seats(store._db)))
        assert stats.players("spurs") == [ann.id]  # Bob has no record: a guest
        assert (stats.of("spurs", ann.id).plays, stats.of("spurs", ann.id).wins) == (2, 1)
        assert stats.of("spurs").plays == 4  # the table's figures count Bob's seats too


def test_a_damaged_game_is_said_once_and_kept_until_its_log_changes(tmp_path):
    with Store(tmp_path / "c.db") as store:
        sid = stored(store, "spurs", games.spurs_short)
        store._db.execute("UPDATE events SET kind = 'redo' WHERE session_id = ? AND seq = 1", (sid,))  # nothing to redo
        batches = []
        cache.make(store.path, [sid], lambda done, batch: batches.extend(batch))
        assert batches[0][1] == 4 and "cannot be read" in batches[0][2]["problem"]
        found = cache.read(store._db)
        assert found.missing == [] and aggregate(found.fresh).unreadable == 1


def test_a_gangs_draw_counts_once_against_the_whole_bag():
    # a gang draws from the whole bag (R-S4): Ann's 1 grey, 1 brown (hits for one weapon or
    # the other) and 2 black; 3 drawn: 1 or 2 hits, 1/2 each, so 1.5 expected. Revealing
    # the second desperado goes on with the same draw: still one draw.
    settings = {"players": [{**games.ANN, "bag": {"grey": 1, "brown": 1, "black": 2}}, games.BOB], "target_fame": 9}
    actions = [{"type": "desperado", "token": "D1", "count": 2, "desperados": [{"weapon": "revolver", "hits": 1}],
                "draw": "physical", "drawn": {"grey": 1, "brown": 1, "black": 1}},
               {"type": "reveal", "desperado": {"weapon": "rifle", "hits": 1, "fame": 1}}]
    ann = aggregate([(1, summarise("spurs", settings, actions))]).of("spurs", "Ann")
    assert (ann.luck.draws, ann.luck.hits, ann.luck.expected, ann.luck.tail) == (1, 2, 1.5, 0.5)
    assert ann.fame["challenges"] == 1 and ann.plays == 0  # the game goes on


def test_a_score_pad_counts_plays_wins_and_scores():
    actions = [{"type": "add", "player": "Ann", "points": 5}, {"type": "add", "player": "Bob", "points": 7},
               {"type": "finish"}]
    stats = aggregate([(1, summarise("scorepad", {"players": ["Ann", "Bob"]}, actions))])
    assert (stats.of("scorepad", "Bob").wins, stats.of("scorepad", "Ann").average_score) == (1, 5.0)
    assert stats.of("scorepad").plays == 2 and stats.games == {"scorepad": 1}


def test_a_duel_s_draws_count_in_each_duellist_s_luck():
    """R-S8: each duellist's bag draw is a shooting draw like any other, so it counts in the
    luck index of whoever drew it (Ann 1 hit with her rifle, Bob 2 with his revolver)."""
    settings = {"players": [games.ANN, games.BOB], "target_fame": 5}
    duel = {"type": "duel", "opponent": "Bob", "winner": "Ann", "weapons": {"Ann": "rifle", "Bob": "revolver"},
            "draw": "physical", "drawn": {"Ann": {"brown": 1, "black": 2}, "Bob": {"grey": 2, "black": 1}}}
    seats = {s["name"]: s["luck"] for s in summarise("spurs", settings, [duel])["seats"]}
    assert (seats["Ann"]["draws"], seats["Ann"]["hits"], seats["Ann"]["expected"]) == (1, 1, 1.5)
    assert (seats["Bob"]["draws"], seats["Bob"]["hits"], seats["Bob"]["expected"]) == (1, 2, 1.5)
