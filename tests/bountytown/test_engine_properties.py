"""Property tests: random play through the engine keeps the game's books straight."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.bountytown.cards import CARD_TYPES
from companion.bountytown.engine import ENGINE
from companion.bountytown.state import ACTIONS_PER_TURN, ITEM_PRICES
from companion.contracts.engine import RuleError

from .test_engine import GRID, SETTINGS

cards = st.lists(st.sampled_from(CARD_TYPES), min_size=1, max_size=5)
items = st.sampled_from(sorted(ITEM_PRICES))


def bounty_card(number, data):
    return {"name": f"Bounty {number}", "renown": data.draw(st.integers(0, 4)),
            "locations": data.draw(st.lists(st.sampled_from(GRID), min_size=2, max_size=2, unique=True)),
            "base": data.draw(st.lists(st.sampled_from(CARD_TYPES), max_size=2)), "draws": data.draw(st.integers(1, 3)),
            "items": data.draw(st.integers(0, 1))}


def random_action(state, data, counter):
    """An action a table might send now; many are illegal, which is part of the test."""
    me = state.current
    done = state.turn_over or state.actions_used == ACTIONS_PER_TURN
    kind = "end_turn" if done else data.draw(st.sampled_from(
        ["move", "move", "reload", "heal", "location_ability", "buy", "turn_in",
         "duel_bounty", "duel_bounty", "duel_bounty", "duel_player", "duel_player", "end_turn", "use_item"]))
    others = [p.name for p in state.players]
    # mostly well-formed extras, sometimes a wrong one (refusals must change nothing)
    extras = data.draw(st.integers(0, 5)) == 0
    critical = {name: data.draw(st.sampled_from([b.name for b in state.player(name).captured] or ["none"]))
                for name in data.draw(st.lists(st.sampled_from(others), max_size=2, unique=True))} if extras else {}
    common = {"seed": data.draw(st.integers(0, 2**32)), "critical_discard": critical,
              "crucifix": data.draw(st.lists(st.sampled_from(others), max_size=1)) if extras else []}
    if data.draw(st.integers(0, 3)) == 0:  # cards in hand other than the hand limit (R-B7)
        common["in_hand"] = {me.name: data.draw(st.integers(0, 7))}
    if kind == "move":  # often to a bounty or a player, where the duels are
        spots = [loc for b in state.active for loc in b.locations] + [p.location for p in state.players]
        return {"type": "move", "to": data.draw(st.sampled_from(GRID + spots))}
    if kind == "buy":
        return {"type": "buy", "items": [data.draw(items)], "gold": ["5G"]}
    if kind == "turn_in":
        return {"type": "turn_in", "bounty": data.draw(st.sampled_from([b.name for b in me.captured] or ["none"]))}
    if kind == "use_item":
        return {"type": "use_item", "item": data.draw(items), "player": data.draw(st.sampled_from(others))}
    if kind == "end_turn":
        empty = 3 - len(state.active)
        reveal = [bounty_card(next(counter), data) for _ in range(empty)]
        if empty and data.draw(st.integers(0, 9)) == 0:
            reveal[-1] = "Train"
        return {"type": "end_turn", "reveal": reveal}
    if kind == "duel_bounty" and state.active:
        here = [b for b in state.active if me.location in b.locations]
        bounty = data.draw(st.sampled_from(here or state.active))
        found = [data.draw(items) for _ in range(bounty.items)]
        return {"type": "duel_bounty", "bounty": bounty.name, "hand": data.draw(cards),
                "drawn": data.draw(st.lists(st.sampled_from(CARD_TYPES), min_size=bounty.draws, max_size=bounty.draws)),
                "bounty_items": found, "take": data.draw(st.sampled_from(found + [None])),
                "rifle": "Rifle" in me.items and data.draw(st.booleans()), **common}
    if kind == "duel_player":
        defender = state.player(data.draw(st.sampled_from(others)))
        bounty = data.draw(st.sampled_from(defender.captured)) if defender.captured else None
        return {"type": "duel_player", "defender": defender.name, "bounty": bounty and bounty.name,
                "attacker_hand": data.draw(cards), "defender_hand": data.draw(cards),
                "drawn": data.draw(st.lists(st.sampled_from(CARD_TYPES), min_size=bounty.draws, max_size=bounty.draws))
                if bounty else [], "hat": "Cowboy Hat" in defender.items and data.draw(st.booleans()), **common}
    return {"type": kind}


def check_books(state, renown_in_play):
    placed = [b for p in state.players for b in p.captured + p.turned_in]
    names = [b.name for b in placed] + [b.name for b in state.active] + list(state.escaped) + list(state.discarded)
    assert len(names) == len(set(names))  # every bounty is in exactly one place (R-B8: discarded ones too)
    for p in state.players:
        assert p.renown == sum(b.renown for b in p.captured + p.turned_in)  # ruling: R-B6
        assert 0 <= p.wounds < p.hand_limit  # reaching the limit is a critical wound (R-B5)
        assert len(set(p.items)) == len(p.items) and set(p.items) <= set(ITEM_PRICES)
    assert 0 <= state.actions_used <= ACTIONS_PER_TURN
    assert set(names) <= set(renown_in_play)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_random_play_keeps_the_books_and_replays_identically(data):
    state = ENGINE.initial_state(SETTINGS)
    renown_in_play = {b["name"]: b["renown"] for b in SETTINGS["bounties"]}
    counter = iter(range(1000))
    accepted = []
    for _ in range(data.draw(st.integers(5, 40))):
        if state.finished:
            break
        action = random_action(state, data, counter)
        try:
            after = ENGINE.apply(state, action)
        except RuleError as exc:
            assert exc.rule and exc.message
            continue
        for card in action.get("reveal", []):
            if card != "Train":
                renown_in_play[card["name"]] = card["renown"]
        accepted.append(action)
        state = after
        check_books(state, renown_in_play)
    replayed = ENGINE.initial_state(SETTINGS)
    for action in accepted:
        replayed = ENGINE.apply(replayed, action)
    assert replayed == state
