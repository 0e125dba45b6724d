"""Any game played under the first release's rules and stored as that release stored it (no
"rules" in its settings) opens sound, with the state and result its table saw, fast, and
without a byte of the file changed by opening it or by the doctor; and it is told, in
words, whenever today's rules would call it otherwise (issue 26, item 1)."""

import dataclasses
import itertools

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.records.check import database_checks
from companion.db.store import Store
from companion.db.versions import under
from companion.contracts.engine import RuleError
from companion.games import engine_for
from companion.rapidcity.engine import round_template
from companion.records.oldrules import rules_played
from tests.bountytown.test_engine import SETTINGS as BOUNTYTOWN
from tests.bountytown.test_engine_properties import random_action
from tests.oldgames import RAPID, SPURS, as_logged, old_game
from tests.spurs.test_properties import actions as spurs_actions
from tests.timing import answered_quickly

HEALTH = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]


def accepted(kind, settings_, make, steps):
    """The actions the first release's rules accept, as its table played them."""
    engine = engine_for(kind)
    state, played = engine.initial_state(under(settings_, 1)), []
    for _ in range(steps):
        action = make(state)
        if action is None:
            break
        try:
            state = engine.apply(state, action)
        except RuleError:
            continue
        played.append(action)
    return played, state


def differs(kind, settings_, actions, versions):
    """Whether the log plays out otherwise under the two ``versions`` of the rules."""
    engine = engine_for(kind)
    states = [engine.initial_state(under(settings_, v)) for v in versions]
    try:
        for action in map(as_logged, actions):
            states = [engine.apply(s, action) for s in states]
    except RuleError:
        return True
    return engine.result(states[0]) != engine.result(states[1]) or (
        kind == "rapidcity" and [(c.verdict["bullets"], c.verdict["healed"]) for c in states[0].played]
        != [(c.verdict["bullets"], c.verdict["healed"]) for c in states[1].played])


def played(state):
    """A state as the table sees it: everything but the version of the rules it carries and
    the judge's wording of a call (an old game whose every call today's rules make alike is
    told as played under them)."""
    def strip(value):
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in ("rules", "notes")}
        if isinstance(value, (list, tuple)):
            return [strip(v) for v in value]
        return value
    return strip(dataclasses.asdict(state))


def check_old_game(db, kind, settings_, actions, table):
    sid = old_game(db, kind, settings_, actions)
    Store(db).close()  # the upgrade from the first release's schema 1, as the app's first start does
    before = db.read_bytes()
    with answered_quickly():
        with Store(db) as store:
            game = store.open_session(sid)
            assert played(game.state) == played(table)  # what the table saw, not a re-scoring
            assert game.rules in (1, 2) and (game.rules == 1 or not differs(kind, settings_, actions, (1, 2)))
        checks = database_checks(db)
    assert db.read_bytes() == before
    assert not [c for c in checks if c.status != "ok" and c.name in ("Database", "Saved game", "Snapshot")]
    with Store(db) as store:
        told = rules_played(store, store.sessions(ids=[sid])[0])
    if differs(kind, settings_, actions, (1, max(engine_for(kind).rules_versions))):  # today's rules
        assert told.rules == 1 and told.differences
        assert told.words().startswith("played under the rules of 2026-11-30; under today's rules ")
    else:
        assert told.differences == ()


@settings(max_examples=40, deadline=None, suppress_health_check=HEALTH)
@given(st.lists(spurs_actions, max_size=30), st.booleans())
def test_any_old_spurs_game_opens_as_its_table_saw_it(tmp_path_factory, moves, nobody_has_money):
    moves = iter(moves + [{"type": "adjust", "player": "Bob", "fame": 3}])
    played, table = accepted("spurs", SPURS, lambda _state: next(moves, None), 40)
    check_old_game(tmp_path_factory.mktemp("old") / "c.db", "spurs", SPURS, played, table)


@settings(max_examples=25, deadline=None, suppress_health_check=HEALTH)
@given(st.data())
def test_any_old_bountytown_game_opens_as_its_table_saw_it(tmp_path_factory, data):
    counter = itertools.count(100)
    played, table = accepted("bountytown", BOUNTYTOWN, lambda state: random_action(state, data, counter),
                             data.draw(st.integers(5, 40)))
    check_old_game(tmp_path_factory.mktemp("old") / "c.db", "bountytown", BOUNTYTOWN, played, table)


PRESS = st.fixed_dictionaries({"pad": st.integers(1, 3), "edge": st.just("press"),
                               "t_ms": st.sampled_from([-20.0, 100.0, 100.5, 300.0, 900.0]),
                               "player": st.sampled_from(["red", "blue", "green"])})
TOUCH = st.fixed_dictionaries({"by": st.sampled_from(["red", "blue", "green"]),
                               "pawn": st.sampled_from(["red", "blue", "green"]),
                               "t_ms": st.sampled_from([100.0, 100.0, 250.0])})


@settings(max_examples=30, deadline=None, suppress_health_check=HEALTH)
@given(st.data(), st.booleans())
def test_any_old_rapid_city_game_opens_as_its_table_saw_it(tmp_path_factory, data, false_start_bullet):
    settings_ = {**RAPID, "healing": True, "false_start_bullet": false_start_bullet}

    def card(state):
        if state.game_over:
            return None
        return {"type": "play", "round": {**round_template(state), "events": data.draw(st.lists(PRESS, max_size=5)),
                                          "touches": data.draw(st.lists(TOUCH, max_size=3))}}

    played, table = accepted("rapidcity", settings_, card, data.draw(st.integers(1, 12)))
    check_old_game(tmp_path_factory.mktemp("old") / "c.db", "rapidcity", settings_, played, table)


def test_a_game_whose_log_fits_both_versions_keeps_the_calls_its_table_saw(tmp_path):
    """Blue's pawn is moved on a Disarmed card, the game's only card so far: the first
    release gave no bullet (R-R10 since: a bullet), and nothing logged after it tells the
    versions apart. The day it was played does (issue 33, item 1): before 2026-12-02 no
    companion played version 2; from that day the companion of the day did, and it wrote
    schema 1 files too, so the file's schema says nothing either way."""
    from companion.rapidcity.engine import ENGINE
    from companion.rapidcity.model import DisarmedCard

    seed = next(s for s in range(1000)
                if isinstance(ENGINE.initial_state({**RAPID, "seed": s}).next_card(), DisarmedCard))
    settings_ = {**RAPID, "seed": seed}
    for at, rules in (("2026-11-30T20:00:00.000+00:00", 1), ("2026-12-02T03:40:00.000+00:00", 2)):
        card = round_template(ENGINE.initial_state(under(settings_, rules)))  # logged without its version
        card["events"] = [{"pad": 2, "edge": "press", "t_ms": 400.0, "player": "blue"}]
        for upgraded in (False, True):
            db = tmp_path / f"{upgraded}-{rules}.db"
            sid = old_game(db, "rapidcity", settings_, [{"type": "play", "round": card}], rules=rules,
                           upgraded=upgraded, at=at)
            with Store(db) as store:
                game = store.open_session(sid)
                assert (game.rules, game.state.bullets_of("blue")) == (rules, 0 if rules == 1 else 1), (at, upgraded)
