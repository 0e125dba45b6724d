"""The Rapid City engine: deck (R-R1), setup (R-R2), play, game end (R-R11), replay."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.contracts.engine import RuleError
from companion.games import engine_for
from companion.rapidcity.deck import deck_cards, shuffled_deck
from companion.rapidcity.engine import ENGINE, RapidCityState, round_template
from companion.rapidcity.judge import judge, verdict_to_json
from companion.rapidcity.model import (
    COLOURS,
    ArmedCard,
    CharacterCard,
    DisarmedCard,
    HealingCard,
    Tile,
    TwoCharactersCard,
)
from companion.rapidcity.roundfile import card_to_json, parse_round, round_to_json
from companion.rapidcity.simulate import simulate


def setup(n: int = 4, **extra: Any) -> RapidCityState:
    return ENGINE.initial_state({"players": list(COLOURS[:n]), "seed": 11, **extra})


def play(state: RapidCityState, events=(), touches=()) -> RapidCityState:
    rnd = round_template(state)
    rnd["events"], rnd["touches"] = list(events), list(touches)
    return ENGINE.apply(state, {"type": "play", "round": rnd})


# --- deck, R-R1 --------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [3, 4, 5, 6])
@pytest.mark.parametrize("healing, two", [(False, False), (True, False), (False, True), (True, True)])
def test_deck_composition(n, healing, two):
    colours = COLOURS[:n]
    cards = deck_cards(colours, healing, two)
    assert len(cards) == 6 + 3 * n + 3 * healing + 3 * two
    kinds = Counter(type(c) for c in cards)
    assert Counter(c.character for c in cards if isinstance(c, CharacterCard)) == \
        {"indian": 2, "sheriff": 2, "bandit": 2}
    for colour in colours:  # 3 cowboy cards per colour, not 6 (R-R1's misprint ruling)
        assert {c for c in cards if getattr(c, "player", None) == colour} == \
            {ArmedCard(colour, "right"), ArmedCard(colour, "left"), DisarmedCard(colour)}
    assert not any(getattr(c, "player", colours[0]) not in colours for c in cards)
    assert {c.location for c in cards if isinstance(c, HealingCard)} == ({"prison", "tipi", "saloon"} if healing else set())
    assert kinds[HealingCard] == 3 * healing
    assert {c.characters for c in cards if isinstance(c, TwoCharactersCard)} == (
        {("indian", "sheriff"), ("indian", "bandit"), ("sheriff", "bandit")} if two else set())


def test_shuffle_is_seeded_and_keeps_the_cards():
    a = shuffled_deck(COLOURS[:4], 1, True, True)
    assert a == shuffled_deck(COLOURS[:4], 1, True, True)
    assert a != shuffled_deck(COLOURS[:4], 2, True, True)
    assert Counter(a) == Counter(deck_cards(COLOURS[:4], True, True))


def test_engine_deck_follows_the_settings():
    state = setup(5, healing=True, two_characters=True, seed=99)
    assert state.deck == shuffled_deck(COLOURS[:5], 99, True, True)
    assert state.next_card() == state.deck[0] and state.position == 0


# --- setup, R-R2 --------------------------------------------------------------------------------

@pytest.mark.parametrize("settings, fragment", [
    ({"players": ["red", "blue"], "seed": 1}, "3 to 6 players"),
    ({"players": ["red", "blue", "green"]}, "integer 'seed'"),
    ({"players": ["red", "blue", "pink"], "seed": 1}, "'pink' is not one of red"),
    ({"players": ["red", "blue", "green"], "seed": 1, "tiles": [{"pad": 1, "location": "prison"},
      {"pad": 2, "location": "tipi"}, {"pad": 3, "location": "tipi"}]}, "no saloon"),
    ({"players": ["red", "blue", "green"], "seed": 1, "tiles": [{"pad": 1, "location": "prison"}]},
     "3 players but 1 tiles"),
    ({"players": ["red", "blue", "green"], "seed": 1, "colour": "x"}, "unknown setting 'colour'"),
    ({"players": ["red", "blue", "green"], "seed": 1, "tie_ms": "1"}, "settings.tie_ms"),
    ({"players": ["red", "blue", "green"], "seed": 1, "healing": "yes"}, "healing: expected true or false"),
    ({"players": ["red", "blue", "green"], "seed": 1, "names": {"red": "Bob", "blue": "bob"}}, "already red's"),
])
def test_bad_setup_is_refused(settings, fragment):
    with pytest.raises(RuleError) as err:
        ENGINE.initial_state(settings)
    assert fragment in str(err.value)


def test_default_tiles_one_per_player_every_location_in_circle_order():
    state = setup(5)
    assert state.tiles == (Tile(1, "prison"), Tile(2, "tipi"), Tile(3, "saloon"), Tile(4, "prison"), Tile(5, "tipi"))


def test_rename_changes_display_names_not_identities():
    state = setup(3, names={"red": "Fred"})
    state = ENGINE.apply(state, {"type": "rename", "player": "blue", "name": " Elisa "})
    assert state.names == ("Fred", "Elisa", "green") and state.players == ("red", "blue", "green")
    assert round_template(state)["players"] == ["red", "blue", "green"]
    assert ENGINE.summary(state) == f"card 1 of {len(state.deck)}; all level (bullets 0)"
    for bad in ({"player": "white", "name": "X"}, {"player": "red", "name": ""}, {"player": "red", "name": "elisa"}):
        with pytest.raises(RuleError) as err:
            ENGINE.apply(state, {"type": "rename", **bad})
        assert err.value.rule == "R-R2"


def test_engine_is_registered_for_its_kind():
    assert engine_for("rapidcity") is ENGINE and ENGINE.kind == "rapidcity"


# --- play ----------------------------------------------------------------------------------------

def test_play_books_the_verdict_and_keeps_the_round_for_replay():
    state = setup(3)
    card = state.next_card()
    after = play(state, [{"pad": 3, "edge": "press", "t_ms": 400.0, "player": "red"}],
                 [{"by": "blue", "pawn": "green", "t_ms": 300.0}])
    assert after.position == 1 and state.position == 0  # the old state is untouched
    played = after.played[-1]
    assert parse_round(played.round).card == card
    assert verdict_to_json(judge(parse_round(played.round))) == played.verdict
    assert after.bullets == tuple(played.verdict["totals"][p] for p in after.players)


def test_play_refuses_a_card_that_is_not_next():
    state = setup(3)
    rnd = round_template(state)
    rnd["card"] = card_to_json(next(c for c in state.deck if c != state.next_card()))
    with pytest.raises(RuleError) as err:
        ENGINE.apply(state, {"type": "play", "round": rnd})
    assert err.value.rule == "R-R3" and "the next card is" in err.value.message


@pytest.mark.parametrize("change, rule", [
    (lambda r: r.update(players=["red", "blue", "yellow"]), "round file"),  # card's colour may not play
    (lambda r: r.update(tiles=[{"pad": 9, "location": "prison"}, *r["tiles"][1:]]), "setup"),
    (lambda r: r.update(bullets={"red": 2}), "R-R11"),
    (lambda r: r["settings"].update(window_ms=100), "setup"),
    (lambda r: r.update(events=[{"pad": 42, "edge": "press", "t_ms": 1.0}]), "round file"),
])
def test_play_refuses_a_round_that_does_not_match_the_table(change, rule):
    state = setup(3, seed=5)
    rnd = round_template(state)
    change(rnd)
    with pytest.raises(RuleError) as err:
        ENGINE.apply(state, {"type": "play", "round": rnd})
    assert err.value.rule == rule
    assert state.position == 0 and state.bullets == (0, 0, 0)


def test_unknown_action_is_refused():
    with pytest.raises(RuleError):
        ENGINE.apply(setup(3), {"type": "shuffle"})


# --- game end, R-R11 ----------------------------------------------------------------------------

def _safe_for(state: RapidCityState, player: str) -> list[dict]:
    """An event putting ``player`` on a tile the next card allows (or a healing building)."""
    card = state.next_card()
    if isinstance(card, HealingCard):
        wanted = {card.location}
    elif isinstance(card, (CharacterCard, TwoCharactersCard)):
        wanted = card.allowed()
    else:
        return []
    tile = next(t for t in state.tiles if t.location in wanted)
    return [{"pad": tile.pad, "edge": "press", "t_ms": 400.0, "player": player}]


def test_sixth_bullet_ends_the_game_before_the_deck_is_out():
    state = setup(3, healing=True, two_characters=True, seed=3)
    while not state.game_over:
        state = play(state, _safe_for(state, "red"))
    assert state.position < len(state.deck)
    assert max(state.bullets) == 6 and state.winners == ("red",)
    assert state.played[-1].verdict["game_over"] is True
    assert ENGINE.summary(state).startswith(f"won by {state.name_of('red')}; ")
    assert ENGINE.result(state)["winners"] == ["red"]
    with pytest.raises(RuleError) as err:
        play(state)
    assert err.value.rule == "R-R11"
    with pytest.raises(RuleError):
        round_template(state)


def test_empty_deck_ends_the_game_fewest_bullets_win_together():
    state = setup(3, seed=8)
    misses = 0
    while not state.game_over:
        card = state.next_card()
        events, touches = [], []
        if isinstance(card, CharacterCard):  # two safe tiles for three players: one misses, in turn
            seated = [p for i, p in enumerate(state.players) if i != misses % 3]
            tiles = [t for t in state.tiles if t.location in card.allowed()]
            events = [{"pad": t.pad, "edge": "press", "t_ms": 400.0 + i, "player": p}
                      for i, (t, p) in enumerate(zip(tiles, seated))]
            misses += 1
        elif isinstance(card, DisarmedCard):
            touches = [{"by": "green", "pawn": "red", "t_ms": 300.0}]
        state = play(state, events, touches)
    assert state.position == len(state.deck) == 15
    assert state.bullets == (2, 2, 5)
    assert state.winners == ("red", "blue")
    assert ENGINE.result(state) == {"winners": ["red", "blue"], "bullets": {"red": 2, "blue": 2, "green": 5}}
    assert state.played[-1].verdict["game_over"] is False  # the pile ended it, not a sixth bullet


# --- replay ------------------------------------------------------------------------------------

@settings(max_examples=15, deadline=None)
@given(st.integers(3, 6), st.integers(0, 2**31), st.booleans(), st.booleans(), st.booleans())
def test_replaying_the_log_gives_the_same_state(n, seed, healing, two, ultimate):
    setup_settings = {"players": list(COLOURS[:n]), "seed": seed, "healing": healing,
                      "two_characters": two, "ultimate": ultimate}
    state = ENGINE.initial_state(setup_settings)
    log = [{"type": "rename", "player": "red", "name": "Fred"}]
    state = ENGINE.apply(state, log[0])
    while not state.game_over:
        sim = simulate(state.next_card(), state.players, state.tiles, seed + state.position,
                       bullets=dict(zip(state.players, state.bullets)), settings=state.settings)
        action = {"type": "play", "round": round_to_json(sim.delivered())}
        log.append(action)
        state = ENGINE.apply(state, action)
    replayed = ENGINE.initial_state(setup_settings)
    for action in log:
        replayed = ENGINE.apply(replayed, action)
    assert replayed == state
    assert state.game_over and (max(state.bullets) >= 6 or state.position == len(state.deck))
    fewest = min(state.bullets)
    assert state.winners == tuple(p for p, b in zip(state.players, state.bullets) if b == fewest)
