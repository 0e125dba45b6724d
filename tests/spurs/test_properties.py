"""Properties over random games: bags never negative, reds never above 3, whites only
leave, fame never below 0, and replaying the same actions gives the same state."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.contracts.engine import RuleError
from companion.spurs.bag import COLOURS

from .helpers import ENGINE, new_game

seeds = st.integers(0, 2**31)
cards = st.fixed_dictionaries({"weapon": st.sampled_from(["revolver", "rifle"]), "hits": st.integers(1, 2)})
actions = st.one_of(
    st.builds(lambda s, h, r: {"type": "outlaw", "token": f"O{s % 5}", "hits": h, "red": r, "draw": "digital", "seed": s},
              seeds, st.integers(1, 3), st.booleans()),
    st.builds(lambda s, h, r: {"type": "hunt", "token": f"P{s % 5}", "hits": h, "red": r, "draw": "digital", "seed": s},
              seeds, st.integers(1, 3), st.booleans()),
    st.builds(lambda s, c: {"type": "desperado", "token": "D1", "count": len(c), "desperados": c[:1],
                            "draw": "digital", "seed": s}, seeds, st.lists(cards, min_size=1, max_size=3)),
    st.builds(lambda card: {"type": "reveal", "desperado": card}, cards),
    st.builds(lambda s, n: {"type": "gold", "token": "G", "nuggets": n, "count": 1,
                            "desperados": [{"weapon": "revolver", "hits": 2}], "draw": "digital", "seed": s},
              seeds, st.integers(1, 4)),
    st.builds(lambda s: {"type": "bank", "option": "rob", "weapon": "rifle", "draw": "digital", "seed": s}, seeds),
    st.builds(lambda s: {"type": "doctor", "option": "draw", "draw": "digital", "seed": s}, seeds),
    st.builds(lambda w: {"type": "duel", "opponent": "Bob", "winner": w}, st.sampled_from(["Ann", "Bob"])),
    st.builds(lambda s, w, a, b: {"type": "duel", "opponent": "Bob", "winner": w, "weapons": {"Ann": a, "Bob": b},
                                  "draw": "digital", "seed": s},
              seeds, st.sampled_from(["Ann", "Bob"]), *[st.sampled_from(["revolver", "rifle"])] * 2),
    st.builds(lambda f, r: {"type": "saloon", "option": "card", "fame": f, "bullets": {"red": r}},
              st.integers(-3, 2), st.integers(0, 3)),
    st.just({"type": "spend_spur"}),
    st.just({"type": "spend_spur", "use": "reroll"}),
    st.just({"type": "adjust", "spurs": 1}),
    st.builds(lambda h: {"type": "stagecoach", "holder": h}, st.sampled_from(["Ann", "Bob", "Cid", None])),
    st.builds(lambda w: {"type": "duel", "opponent": "Bob", "winner": w, "steal": {"what": "stagecoach"}},
              st.sampled_from(["Ann", "Bob"])),
    st.just({"type": "end_turn"}),
    st.just({"type": "end_turn"}),
)


def run(actions_):
    """Apply what the rules allow; a refused action must leave the state as it was.
    Returns every (before, after) step and the actions that were applied."""
    state, steps, applied = new_game(target_fame=20), [], []
    for action in actions_:
        try:
            after = ENGINE.apply(state, action)
        except RuleError:
            continue
        steps.append((state, after))
        applied.append(action)
        state = after
    return steps, applied


@settings(max_examples=120, deadline=None)
@given(st.lists(actions, max_size=25))
def test_invariants_hold_after_every_action(actions_):
    steps, applied = run(actions_)
    for (before, after), action in zip(steps, applied):
        if after.stagecoach != before.stagecoach:  # R-S13: it moves only when handed over or stolen
            assert action["type"] == "stagecoach" or (action["type"] == "duel" and after.stagecoach == action["winner"])
        for b, a in zip(before.players, after.players):
            assert all(a.bag[c] >= 0 for c in COLOURS)
            assert a.bag.red <= 3
            assert a.bag.white <= b.bag.white  # no action here adds whites: they only leave
            assert a.fame >= 0 and a.money >= 0 and a.spurs >= 0
        assert after.gold_bag.gold + sum(p.gold for p in after.players) <= 10
        if action["type"] == "duel":  # R-S2: each duellist's drawn whites leave, the rest go back
            for record in after.last_draw:
                i = after.index(record.player)
                assert after.players[i].bag.white == before.players[i].bag.white - record.drawn.white


@settings(max_examples=60, deadline=None)
@given(st.lists(actions, max_size=25))
def test_replaying_the_applied_actions_gives_the_same_state(actions_):
    steps, applied = run(actions_)
    replayed = new_game(target_fame=20)
    for action in applied:
        replayed = ENGINE.apply(replayed, action)
    assert replayed == (steps[-1][1] if steps else new_game(target_fame=20))


def test_refused_action_leaves_the_state_unchanged():
    state = new_game()
    snapshot = repr(state)
    for bad in ({"type": "outlaw", "token": "O1", "hits": 1, "draw": "physical", "drawn": {"grey": 9}},
                {"type": "fly"}, {"type": "reveal", "desperado": {"weapon": "rifle", "hits": 1}}):
        try:
            ENGINE.apply(state, bad)
        except RuleError:
            pass
    assert repr(state) == snapshot
