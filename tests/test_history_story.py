"""Every action of every game in plain words: examples from hand-made logs, the rule that no
action kind goes untold, and random games told without a failure."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.records import story
from companion.bountytown.engine import ENGINE as BOUNTYTOWN
from companion.contracts.engine import RuleError
from companion.games import GAMES, engine_for
from companion.rapidcity.engine import ENGINE as RAPIDCITY
from companion.rapidcity.roundfile import round_to_json
from companion.rapidcity.simulate import simulate
from companion.scorepad.engine import ENGINE as SCOREPAD
from companion.spurs.engine import ACTIONS as SPURS_ACTIONS
from tests.bountytown.test_engine import BUTCH_FULL_HOUSE, SETTINGS as BT_SETTINGS
from tests.bountytown.test_engine_properties import random_action
from tests.spurs.helpers import new_game, physical
from tests.spurs.test_properties import actions as spurs_actions
from tests.spurs.test_properties import run as run_spurs

ACTION_KINDS = {"spurs": set(SPURS_ACTIONS), "bountytown": set(BOUNTYTOWN.ACTIONS),
                "rapidcity": set(RAPIDCITY.ACTIONS), "scorepad": set(SCOREPAD.ACTIONS)}


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_action_kind_of_the_engine_has_a_sentence(kind):
    assert set(story.sentences(kind)) == ACTION_KINDS[kind], \
        f"{kind}: untold {ACTION_KINDS[kind] - set(story.sentences(kind))}"


def told(kind, state, *actions):
    """Each action applied through the engine and told from the states around it."""
    engine, lines = engine_for(kind), []
    for action in actions:
        after = engine.apply(state, action)
        lines.append(story.tell(kind, state, action, after))
        state = after
    return lines, state


# -- Spurs ------------------------------------------------------------------------------------

def test_a_shot_says_who_drew_what_the_hits_and_where_the_white_went():
    (line,), _ = told("spurs", new_game(), {"type": "outlaw", "token": "O1", "hits": 2, "red": False,
                                            **physical(grey=1, black=1, white=1)})
    assert line == ("Ann goes after outlaw O1, needing 2 hits: drew with the revolver: grey, white and black "
                    "(from the real bag): 2 hits of 2: success, carrying O1; the white leaves the bag")


def test_a_missed_hunt_with_a_red_icon_says_so():
    (line,), _ = told("spurs", new_game(), {"type": "hunt", "token": "P1", "hits": 3, "red": True,
                                            **physical(brown=1, black=2)})
    assert line == ("Ann hunts P1, needing 3 hits: drew with the rifle: brown, black and black (from the real bag): "
                    "1 hit of 3: failed, a red bullet for the token's icon")


def test_turn_duel_and_the_winning_action_are_told_with_what_changed():
    lines, state = told("spurs", new_game(target_fame=2),
                        {"type": "duel", "opponent": "Bob", "winner": "Ann"},
                        {"type": "end_turn"},
                        {"type": "adjust", "player": "Ann", "fame": 1, "note": "Event card"})
    assert lines[0] == "Ann duels Bob: Ann wins the duel: +1 fame, $0 for posters"
    assert lines[1] == "Ann ends the turn; Bob's turn"
    assert lines[2] == "Event card: Ann +1 fame; game over: Ann wins"
    assert state.winner == "Ann"


def test_the_doctors_draw_says_which_reds_go_back():
    (line,), _ = told("spurs", new_game(), {"type": "doctor", "option": "draw", **physical(red=1, grey=1)})
    assert line == ("Ann takes the Doctor's free draw: drew: grey and red (from the real bag): "
                    "1 red bullet back to the stock")


# -- Bountytown -------------------------------------------------------------------------------

def test_a_bounty_duel_is_told_in_the_duel_screens_words():
    state = BOUNTYTOWN.initial_state(BT_SETTINGS)
    lines, _ = told("bountytown", state, {"type": "move", "to": "Bank"},
                    {"type": "duel_bounty", "bounty": "Butch Cassidy", "hand": ["5S", "5G", "5H", "5D", "2H"],
                     "drawn": BUTCH_FULL_HOUSE, "bounty_items": ["Rifle"], "take": "Rifle", "seed": 1,
                     "in_hand": {"Bart": 5}})  # a card drawn since the Bank's discard (R-B9)
    assert lines[0] == "Bart moves from Sheriff's Office to Bank"
    assert lines[1].startswith("Bart duels Butch Cassidy playing 5 Spades, 5 Gold, 5 Hearts, 5 Diamonds and 2 Hearts; "
                               "the bounty draws 3 Hearts, 1 Spades, 1 Spades, 1 Clubs and 5 Clubs: ")
    assert "Bart wins and takes Butch Cassidy." in lines[1] and "takes the Rifle from Butch Cassidy" in lines[1]


def test_the_train_ends_the_game_in_words():
    state = BOUNTYTOWN.initial_state(BT_SETTINGS)
    lines, _ = told("bountytown", state, {"type": "reload"}, {"type": "end_turn", "reveal": []})
    assert lines == ["Bart reloads up to the hand limit", "Bart ends the turn; Valentina to play"]


# -- Rapid City and the score pad -------------------------------------------------------------

def test_a_card_is_told_with_its_claims_and_who_took_a_bullet():
    state = RAPIDCITY.initial_state({"players": ["red", "blue", "green"], "seed": 7, "names": {"red": "Ann"}})
    sim = simulate(state.next_card(), state.players, state.tiles, 3, settings=state.settings)
    (line,), after = told("rapidcity", state, {"type": "play", "round": round_to_json(sim.delivered())})
    assert line.startswith("Card 1, ")
    verdict = after.played[0].verdict
    for player, bullet in verdict["bullets"].items():
        name = "Ann" if player == "red" else player
        assert (f"{name} takes a bullet" in line) == bool(bullet)
    (renamed,), _ = told("rapidcity", state, {"type": "rename", "player": "blue", "name": "Bob"})
    assert renamed == "blue (blue) is now called Bob"


def test_score_pad_sentences():
    state = SCOREPAD.initial_state({"players": ["Ann", "Bob"]})
    lines, _ = told("scorepad", state, {"type": "add", "player": "Ann", "points": 5},
                    {"type": "add", "player": "Bob", "points": -1}, {"type": "finish"})
    assert lines == ["Ann scores 5 points (5 in all)", "Bob loses 1 point (-1 in all)",
                     "The game is finished: Ann wins (Ann 5, Bob -1)"]


# -- any game at all --------------------------------------------------------------------------

@settings(max_examples=80, deadline=None)
@given(st.lists(spurs_actions, max_size=30))
def test_any_spurs_game_is_told_without_a_failure(actions):
    steps, applied = run_spurs(actions)
    for (before, after), action in zip(steps, applied):
        assert story.tell("spurs", before, action, after)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_any_bountytown_game_is_told_without_a_failure(data):
    state, counter = BOUNTYTOWN.initial_state(BT_SETTINGS), itertools.count()
    for _ in range(data.draw(st.integers(5, 40))):
        action = random_action(state, data, counter) if not state.finished else {
            "type": "final_duel", "hands": {n: ["1H"] for n in state.final_duel}}
        try:
            after = BOUNTYTOWN.apply(state, action)
        except RuleError:
            continue
        assert story.tell("bountytown", state, action, after)
        state = after


@settings(max_examples=10, deadline=None)
@given(st.integers(3, 6), st.integers(0, 2**31), st.booleans(), st.booleans(), st.booleans())
def test_any_rapid_city_game_is_told_without_a_failure(n, seed, healing, two, ultimate):
    state = RAPIDCITY.initial_state({"players": ["red", "blue", "green", "yellow", "black", "white"][:n],
                                     "seed": seed, "healing": healing, "two_characters": two,
                                     "ultimate": ultimate})
    while not state.game_over:
        sim = simulate(state.next_card(), state.players, state.tiles, seed + state.position,
                       bullets=dict(zip(state.players, state.bullets)), settings=state.settings)
        action = {"type": "play", "round": round_to_json(sim.delivered())}
        after = RAPIDCITY.apply(state, action)
        assert story.tell("rapidcity", state, action, after).startswith(f"Card {state.position + 1}, ")
        state = after


def test_a_logged_card_is_found_among_the_calls_in_effect_and_an_undone_one_is_not():
    from companion.rapidcity.story import call_number

    state = RAPIDCITY.initial_state({"players": ["red", "blue", "green"], "seed": 7})
    played, undone = ({"type": "play", "round": round_to_json(
        simulate(state.next_card(), state.players, state.tiles, seed, settings=state.settings).delivered())}
        for seed in (3, 4))
    after = RAPIDCITY.apply(state, played)
    assert call_number(after, played) == 1
    assert call_number(after, undone) is None  # the same card played otherwise, then undone
    assert call_number(after, {"type": "play", "round": "not a round"}) is None
