"""The Bountytown engine: turns, locations, items, duels as actions, the Train and the
sample turn from the rulebook."""

from dataclasses import replace

import pytest

from companion.bountytown.engine import ENGINE, preview, revealed_bounties
from companion.bountytown.state import Bounty
from companion.contracts.engine import RuleError
from companion.games import engine_for

GRID = ["Bandit Hideout", "Boot Hill", "Boarding House",
        "Sheriff's Office", "Doc's", "General Store",
        "Bank", "Trading Post", "Abandoned Jailhouse"]
BUTCH = {"name": "Butch Cassidy", "renown": 3, "locations": ["Bandit Hideout", "Bank"],
         "base": ["3C", "3D"], "draws": 5, "items": 1}
JESSE = {"name": "Jesse James", "renown": 2, "locations": ["Boot Hill", "Trading Post"], "base": ["5H"], "draws": 2}
BELLE = {"name": "Belle Starr", "renown": 1, "locations": ["Boarding House", "Abandoned Jailhouse"], "draws": 3}
SUNDANCE = {"name": "Sundance Kid", "renown": 2, "locations": ["Bank", "Boot Hill"], "base": ["1G"], "draws": 2}
SETTINGS = {
    "players": [{"name": "Bart", "character": "Bart"}, {"name": "Valentina", "character": "Valentina"},
                {"name": "Terry", "character": "Terry"}],
    "grid": GRID,
    "bounties": [BUTCH, JESSE, BELLE],
    "store": ["Crucifix", "Rifle", "Cowboy Hat", "First Aid Kit", "Crucifix"],
}
# Butch Cassidy's seven cards make a Full House (3C 3D 3H + 1S 1S), nothing better
BUTCH_FULL_HOUSE = ["3H", "1S", "1S", "1C", "5C"]


def play(state, *actions):
    for action in actions:
        state = ENGINE.apply(state, action)
    return state


def start(**changes):
    return ENGINE.initial_state({**SETTINGS, **changes})


def test_registered_under_its_kind():
    assert engine_for("bountytown") is ENGINE


def test_setup_everyone_at_the_sheriffs_office():
    state = start()
    assert [p.location for p in state.players] == ["Sheriff's Office"] * 3
    assert state.current.name == "Bart" and [b.name for b in state.active] == ["Butch Cassidy", "Jesse James", "Belle Starr"]
    assert all(p.hand_limit == 5 and p.wounds == 0 and p.renown == 0 for p in state.players)


@pytest.mark.parametrize("changes, message", [
    ({"players": SETTINGS["players"][:2]}, "3 to 6 players"),
    ({"grid": GRID[:8]}, "9 location names"),
    ({"grid": GRID[3:6] + GRID[:3] + GRID[6:]}, "middle row"),
    ({"bounties": [BUTCH, JESSE]}, "3 different active bounties"),
    ({"bounties": [BUTCH, JESSE, {**BELLE, "locations": ["Bank", "Moon"]}]}, "two different locations"),
    ({"bounties": [BUTCH, JESSE, {**BELLE, "base": ["7H"]}]}, "'7H'"),
    ({"store": ["Pistol"]}, "Pistol"),
])
def test_bad_settings_are_refused(changes, message):
    with pytest.raises(RuleError, match=message):
        start(**changes)


def test_three_actions_a_turn():
    state = play(start(), {"type": "move", "to": "Bank"}, {"type": "reload"}, {"type": "move", "to": "Doc's"})
    assert state.actions_used == 3
    with pytest.raises(RuleError, match="Player Turn"):
        ENGINE.apply(state, {"type": "reload"})
    state = ENGINE.apply(state, {"type": "end_turn"})
    assert state.current.name == "Valentina" and state.actions_used == 0


def test_apply_never_mutates_and_refusal_changes_nothing():
    state = start()
    after = ENGINE.apply(state, {"type": "move", "to": "Bank"})
    assert state == start() and after.current.location == "Bank"
    with pytest.raises(RuleError, match="not a location"):
        ENGINE.apply(state, {"type": "move", "to": "Saloon"})
    with pytest.raises(RuleError, match="unknown action type"):
        ENGINE.apply(state, {"type": "teleport"})


def test_buying_at_the_general_store_with_gold():
    state = play(start(), {"type": "move", "to": "General Store"})
    with pytest.raises(RuleError, match=r"cost \$7; the Gold cards make \$5"):
        ENGINE.apply(state, {"type": "buy", "items": ["Crucifix", "Rifle"], "gold": ["5G"]})
    with pytest.raises(RuleError, match="Gold cards only"):
        ENGINE.apply(state, {"type": "buy", "items": ["Rifle"], "gold": ["5H"]})
    with pytest.raises(RuleError, match="only one Crucifix"):
        ENGINE.apply(state, {"type": "buy", "items": ["Crucifix", "Crucifix"], "gold": ["5G", "5G"]})
    state = ENGINE.apply(state, {"type": "buy", "items": ["Crucifix", "Rifle"], "gold": ["5G", "2G"]})
    assert state.current.items == ("Crucifix", "Rifle")
    assert state.store == ("Cowboy Hat", "First Aid Kit", "Crucifix") and state.actions_used == 2
    with pytest.raises(RuleError, match="only one Crucifix"):
        ENGINE.apply(state, {"type": "buy", "items": ["Crucifix"], "gold": ["5G"]})


def test_location_actions_need_the_location():
    state = start()
    with pytest.raises(RuleError, match="needs Bart at General Store"):
        ENGINE.apply(state, {"type": "buy", "items": ["Rifle"], "gold": ["3G"]})
    with pytest.raises(RuleError, match="needs Bart at Doc's"):
        ENGINE.apply(state, {"type": "heal"})


def test_free_location_ability_once_per_location_per_turn():
    state = play(start(), {"type": "move", "to": "Trading Post"}, {"type": "location_ability"})
    assert state.actions_used == 1 and state.abilities_used == ("Trading Post",)
    with pytest.raises(RuleError, match="already used this turn"):
        ENGINE.apply(state, {"type": "location_ability"})
    state = play(state, {"type": "move", "to": "Boot Hill"}, {"type": "location_ability"})
    assert state.abilities_used == ("Trading Post", "Boot Hill")
    with pytest.raises(RuleError, match="used between actions, during the turn"):
        play(state, {"type": "reload"}, {"type": "location_ability"})  # three actions used: the turn is over
    with pytest.raises(RuleError, match="no ability to use for free"):
        play(start(), {"type": "move", "to": "Bank"}, {"type": "location_ability"})


def test_win_against_a_bounty_takes_it_and_an_item():
    state = play(start(), {"type": "move", "to": "Bank"})
    action = {"type": "duel_bounty", "bounty": "Butch Cassidy", "hand": ["4H", "4D", "4S", "4C"],
              "drawn": ["1H", "2H", "5S", "5S", "2C"], "bounty_items": ["Rifle"], "take": "Rifle", "seed": 1}
    report = preview(state, action)
    assert report.outcome.result == "win" and report.item_taken == "Rifle" and report.injuries[0].wounds == 0
    assert report.bank_discards == ("Bart",)  # Git Along
    state = ENGINE.apply(state, action)
    bart = state.current
    assert [b.name for b in bart.captured] == ["Butch Cassidy"] and bart.renown == 3 and bart.items == ("Rifle",)
    assert "Butch Cassidy" not in [b.name for b in state.active]


def test_tie_against_a_bounty_takes_it_with_a_wound():
    state = play(start(), {"type": "move", "to": "Bank"})
    # five cards at the Bank: a card drawn since its discard (Fastest in the West), R-B9
    state = ENGINE.apply(state, {"type": "duel_bounty", "bounty": "Butch Cassidy", "hand": ["2H", "2S", "2D", "5S", "5G"],
                                 "drawn": BUTCH_FULL_HOUSE, "bounty_items": ["Crucifix"], "in_hand": {"Bart": 5},
                                 "seed": 1})
    assert state.current.renown == 3 and state.current.wounds == 1 and state.store[-1] == "Crucifix"


def test_lose_against_a_bounty_it_escapes_with_its_items_to_the_store():
    state = play(start(), {"type": "move", "to": "Abandoned Jailhouse"})
    state = ENGINE.apply(state, {"type": "duel_bounty", "bounty": "Belle Starr", "hand": ["1H"],
                                 "drawn": ["2H", "2S", "4D"], "seed": 1})
    # Rummaging for Ammo: 2 wounds instead of 1
    assert state.current.wounds == 2 and state.current.renown == 0
    assert [b.name for b in state.active] == ["Butch Cassidy", "Jesse James"] and state.escaped == ("Belle Starr",)


def test_duel_against_a_bounty_refusals():
    state = start()
    base = {"type": "duel_bounty", "bounty": "Butch Cassidy", "hand": ["1H"], "drawn": BUTCH_FULL_HOUSE,
            "bounty_items": ["Rifle"], "seed": 1}
    with pytest.raises(RuleError, match="found at Bandit Hideout or Bank"):
        ENGINE.apply(state, base)
    state = play(state, {"type": "move", "to": "Bank"})
    for change, message in [
        ({"drawn": ["1H"]}, "'drawn' must hold 5"),
        ({"hand": []}, "'hand' must hold 1 to 5"),
        ({"hand": ["1S"], "drawn": ["1S", "1S", "1S", "2C", "3C"]}, "1S appears 4 times"),
        ({"bounty_items": []}, "carries 1 item"),
        ({"bounty": "Doc Holliday"}, "not an active bounty"),
        ({"rifle": True}, "no Rifle"),
        ({"hand": ["1X"]}, "'1X'"),
        ({"take": "Rifle"}, "escaped"),
    ]:
        with pytest.raises(RuleError, match=message):
            ENGINE.apply(state, {**base, **change})


def test_rifle_duels_a_bounty_anywhere_and_is_discarded():
    state = play(start(), {"type": "move", "to": "General Store"},
                 {"type": "buy", "items": ["Rifle"], "gold": ["3G"]})
    state = ENGINE.apply(state, {"type": "duel_bounty", "bounty": "Jesse James", "rifle": True,
                                 "hand": ["2H", "2S", "2D", "3S", "3S"], "drawn": ["1C", "4C"], "seed": 3})
    assert state.current.items == () and state.current.renown == 2


def sample_turn_start():
    """Bart buys a Crucifix and goes to the Trading Post; Valentina captures Butch
    Cassidy at the Bandit Hideout; Terry passes. Bart's turn begins."""
    return play(
        start(),
        {"type": "move", "to": "General Store"},
        {"type": "buy", "items": ["Crucifix"], "gold": ["4G"]},
        {"type": "move", "to": "Trading Post"},
        {"type": "end_turn"},
        {"type": "move", "to": "Bandit Hideout"},
        {"type": "duel_bounty", "bounty": "Butch Cassidy", "hand": ["4H", "4D", "4S", "4C"],
         "drawn": ["1H", "2H", "5S", "5S", "2C"], "bounty_items": ["Cowboy Hat"], "seed": 5},
        {"type": "end_turn", "reveal": [SUNDANCE]},
        {"type": "end_turn"},
    )


def test_sample_turn():
    state = sample_turn_start()
    assert state.current.name == "Bart" and state.current.location == "Trading Post"
    assert state.player("Valentina").renown == 3 and state.store.count("Cowboy Hat") == 2
    # Makin' a Trade (free), then the first action: move to the Bandit Hideout
    state = play(state, {"type": "location_ability"}, {"type": "move", "to": "Bandit Hideout"})
    duel = {"type": "duel_player", "defender": "Valentina", "bounty": "Butch Cassidy",
            "attacker_hand": ["5S", "5G", "2H", "2H", "2S"],  # Full House
            "defender_hand": ["4H", "4D", "4S", "1H"],  # Three of a Kind
            "drawn": BUTCH_FULL_HOUSE, "crucifix": ["Bart"], "seed": 9}
    report = preview(state, duel)
    assert dict(report.ranks) == {"attacker": named_rank("Full House"), "defender": named_rank("Three of a Kind"),
                                  "bounty": named_rank("Full House")}
    assert report.outcome.result == "attacker_ties"
    assert {i.player: (i.wounds, i.crucifix) for i in report.injuries} == {"Bart": (0, True), "Valentina": (2, False)}
    without_crucifix = preview(state, {**duel, "crucifix": []})
    assert {i.player: i.wounds for i in without_crucifix.injuries} == {"Bart": 2, "Valentina": 2}  # Ambush
    state = play(state, duel, {"type": "reload"})
    bart, valentina = state.player("Bart"), state.player("Valentina")
    assert [b.name for b in bart.captured] == ["Butch Cassidy"] and bart.renown == 3 and valentina.renown == 0
    assert (bart.wounds, bart.items) == (0, ())
    assert valentina.wounds == 2
    assert state.actions_used == 3


def named_rank(name):
    from companion.bountytown.hands import RANK_NAMES, hand_rank
    return hand_rank({v: k for k, v in RANK_NAMES.items()}[name])


def test_player_duel_needs_same_location_and_enough_renown():
    state = sample_turn_start()
    duel = {"type": "duel_player", "defender": "Valentina", "bounty": "Butch Cassidy", "attacker_hand": ["1H"],
            "defender_hand": ["2H"], "drawn": BUTCH_FULL_HOUSE, "seed": 1}
    with pytest.raises(RuleError, match="not with Bart"):
        ENGINE.apply(state, duel)
    state = play(state, {"type": "move", "to": "Bandit Hideout"})
    with pytest.raises(RuleError, match="declare which"):
        ENGINE.apply(state, {**duel, "bounty": None})
    with pytest.raises(RuleError, match="themselves"):
        ENGINE.apply(state, {**duel, "defender": "Bart"})
    richer = state.with_player(replace(state.current, turned_in=(Bounty("X", 5, ("Bank", "Doc's"), draws=1),)))
    with pytest.raises(RuleError, match="less renown"):
        ENGINE.apply(richer, duel)


def test_bounty_wins_a_player_duel_and_escapes():
    state = play(sample_turn_start(), {"type": "move", "to": "Bandit Hideout"})
    state = ENGINE.apply(state, {"type": "duel_player", "defender": "Valentina", "bounty": "Butch Cassidy",
                                 "attacker_hand": ["5S"], "defender_hand": ["4H", "4D"], "drawn": BUTCH_FULL_HOUSE,
                                 "seed": 1})
    assert state.player("Valentina").renown == 0 and state.current.renown == 0
    assert state.escaped == ("Butch Cassidy",)
    assert (state.player("Bart").wounds, state.player("Valentina").wounds) == (2, 2)


def test_defender_wins_keeps_the_bounty():
    state = play(sample_turn_start(), {"type": "move", "to": "Bandit Hideout"})
    state = ENGINE.apply(state, {"type": "duel_player", "defender": "Valentina", "bounty": "Butch Cassidy",
                                 "attacker_hand": ["5S"], "defender_hand": ["4H", "4D", "4S", "4C"],
                                 "drawn": BUTCH_FULL_HOUSE, "seed": 1})
    assert state.player("Valentina").renown == 3 and state.player("Bart").wounds == 2
    assert state.player("Valentina").wounds == 0


def test_cowboy_hat_cancels_the_duel_but_not_the_action():
    state = sample_turn_start()
    state = state.with_player(replace(state.player("Valentina"), items=("Cowboy Hat",)))
    state = play(state, {"type": "move", "to": "Bandit Hideout"},
                 {"type": "duel_player", "defender": "Valentina", "bounty": "Butch Cassidy", "hat": True})
    assert state.actions_used == 2 and state.player("Valentina").items == () and state.player("Valentina").renown == 3


def test_turned_in_bounties_are_locked():
    state = play(start(), {"type": "move", "to": "Bank"},
                 {"type": "duel_bounty", "bounty": "Butch Cassidy", "hand": ["4H", "4D", "4S", "4C"],
                  "drawn": ["1H", "2H", "5S", "5S", "2C"], "bounty_items": ["Rifle"], "seed": 1},
                 {"type": "move", "to": "Sheriff's Office"})
    with pytest.raises(RuleError, match="costs 2 action"):
        ENGINE.apply(state, {"type": "turn_in", "bounty": "Butch Cassidy"})
    state = play(state, {"type": "end_turn", "reveal": [SUNDANCE]}, {"type": "end_turn"}, {"type": "end_turn"})
    state = ENGINE.apply(state, {"type": "turn_in", "bounty": "Butch Cassidy"})
    bart = state.current
    assert bart.captured == () and [b.name for b in bart.turned_in] == ["Butch Cassidy"] and bart.renown == 3
    assert state.actions_used == 2


def critically_wounded_setup():
    """Bart holds two bounties, two items and four wounds, at the Bandit Hideout with Jesse James about."""
    state = play(start(), {"type": "move", "to": "Boot Hill"})
    bart = replace(state.current, wounds=4, items=("Crucifix", "Rifle"),
                   captured=(Bounty("A", 1, ("Bank", "Doc's"), draws=1), Bounty("B", 2, ("Bank", "Doc's"), draws=1)))
    return state.with_player(bart)


def test_critical_wound_list_in_order():
    state = critically_wounded_setup()
    lose = {"type": "duel_bounty", "bounty": "Jesse James", "hand": ["1H"], "drawn": ["5S", "2D"], "seed": 11}
    with pytest.raises(RuleError, match="must choose a bounty"):
        ENGINE.apply(state, lose)
    report = preview(state, {**lose, "critical_discard": {"Bart": "B"}})
    critical = report.injuries[0].critical
    assert critical.bounty == "B" and critical.item in ("Crucifix", "Rifle")
    state = ENGINE.apply(state, {**lose, "critical_discard": {"Bart": "B"}})
    bart = state.current
    assert [b.name for b in bart.captured] == ["A"] and len(bart.items) == 1 and critical.item not in bart.items
    assert bart.wounds == 0 and bart.location == "Doc's" and state.turn_over
    with pytest.raises(RuleError, match="critical wound"):
        ENGINE.apply(state, {"type": "reload"})
    state = ENGINE.apply(state, {"type": "end_turn", "reveal": [SUNDANCE]})
    assert state.current.name == "Valentina" and not state.turn_over


def test_crucifix_prevents_the_critical_wound():
    state = ENGINE.apply(critically_wounded_setup(), {"type": "duel_bounty", "bounty": "Jesse James", "hand": ["1H"],
                                                      "drawn": ["5S", "2D"], "crucifix": ["Bart"], "seed": 11})
    assert state.current.wounds == 4 and state.current.items == ("Rifle",) and len(state.current.captured) == 2


def test_crucifix_is_refused_when_it_would_be_wasted():
    state = play(start(), {"type": "move", "to": "Boarding House"})
    state = state.with_player(replace(state.current, items=("Crucifix",)))
    with pytest.raises(RuleError, match="wasted"):
        ENGINE.apply(state, {"type": "duel_bounty", "bounty": "Belle Starr", "hand": ["1H"],
                             "drawn": ["5S", "5D", "5C"], "crucifix": ["Bart"], "seed": 1})
    state = ENGINE.apply(state, {"type": "duel_bounty", "bounty": "Belle Starr", "hand": ["1H"],
                                 "drawn": ["5S", "5D", "5C"], "seed": 1})
    assert state.current.wounds == 0  # Rest Up


def test_heal_and_first_aid_kit():
    state = critically_wounded_setup()
    state = state.with_player(replace(state.current, items=("First Aid Kit",), wounds=3))
    state = play(state, {"type": "move", "to": "Doc's"}, {"type": "heal"})
    assert state.current.wounds == 2
    with pytest.raises(RuleError, match="own turn"):
        ENGINE.apply(ENGINE.apply(state, {"type": "end_turn"}),
                     {"type": "use_item", "item": "First Aid Kit", "player": "Bart"})
    state = ENGINE.apply(state, {"type": "use_item", "item": "First Aid Kit"})
    assert state.current.wounds == 0 and state.current.items == ()
    with pytest.raises(RuleError, match="used in a duel action"):
        ENGINE.apply(state, {"type": "use_item", "item": "Crucifix"})


def test_box_of_ammunition_any_time():
    state = start()
    state = state.with_player(replace(state.player("Terry"), items=("Box of Ammunition",)))
    state = ENGINE.apply(state, {"type": "use_item", "item": "Box of Ammunition", "player": "Terry"})
    assert state.player("Terry").items == () and state.actions_used == 0


def test_train_ends_the_game_most_renown_wins():
    state = play(start(), {"type": "move", "to": "Bank"},
                 {"type": "duel_bounty", "bounty": "Butch Cassidy", "hand": ["4H", "4D", "4S", "4C"],
                  "drawn": ["1H", "2H", "5S", "5S", "2C"], "bounty_items": ["Rifle"], "seed": 1})
    with pytest.raises(RuleError, match="1 active bounty slot"):
        ENGINE.apply(state, {"type": "end_turn"})
    with pytest.raises(RuleError, match="nothing after it"):
        ENGINE.apply(state, {"type": "end_turn", "reveal": ["Train", SUNDANCE]})
    state = ENGINE.apply(state, {"type": "end_turn", "reveal": ["Train"]})
    assert state.finished and state.winners == ("Bart",)
    assert "won by Bart" in ENGINE.summary(state)
    assert ENGINE.result(state)["winners"] == ["Bart"]
    with pytest.raises(RuleError, match="game is over"):
        ENGINE.apply(state, {"type": "reload"})


def test_tied_renown_goes_to_a_recorded_final_duel():
    state = start()
    for name in ("Bart", "Valentina"):
        state = state.with_player(replace(state.player(name), captured=(Bounty(name + "'s", 2, ("Bank", "Doc's"), draws=1),)))
    state = ENGINE.apply(replace(state, active=state.active[:2]), {"type": "end_turn", "reveal": ["Train"]})
    assert state.finished and state.final_duel == ("Bart", "Valentina") and state.winners == ()
    assert ENGINE.result(state) is None  # the final duel is still to be entered
    with pytest.raises(RuleError, match="give each one's hand"):
        ENGINE.apply(state, {"type": "final_duel", "hands": {"Bart": ["1H"]}})
    won = ENGINE.apply(state, {"type": "final_duel", "hands": {"Bart": ["1H", "1S"], "Valentina": ["5G"]}})
    assert won.winners == ("Bart",) and won.final_duel == ()
    shared = ENGINE.apply(state, {"type": "final_duel", "hands": {"Bart": ["1H", "1S"], "Valentina": ["5G", "5G"]}})
    assert shared.winners == ("Bart", "Valentina")
    assert ENGINE.result(shared)["winners"] == ["Bart", "Valentina"]


def test_a_rifle_spent_on_a_bounty_leaves_room_for_the_bounty_s_rifle():
    """The Rifle is discarded to duel; a Rifle the bounty carried can then be taken."""
    state = play(start(), {"type": "move", "to": "General Store"},
                 {"type": "buy", "items": ["Rifle"], "gold": ["3G"]})
    state = ENGINE.apply(state, {"type": "duel_bounty", "bounty": "Butch Cassidy", "rifle": True,
                                 "hand": ["4H", "4D", "4S", "4C"], "drawn": ["1H", "2H", "5S", "5S", "2C"],
                                 "bounty_items": ["Rifle"], "take": "Rifle", "seed": 1})
    assert state.current.items == ("Rifle",) and state.current.renown == 3 and "Rifle" not in state.store


def test_a_revealed_bounty_must_not_be_in_play_already():
    state = play(start(), {"type": "move", "to": "Boot Hill"},
                 {"type": "duel_bounty", "bounty": "Jesse James", "hand": ["5S", "5D", "5C"], "drawn": ["1C", "2D"],
                  "seed": 1})
    for card in (JESSE, BUTCH, {**SUNDANCE, "name": "Jesse James"}):  # captured, active, a held name
        with pytest.raises(RuleError, match="already in play"):
            ENGINE.apply(state, {"type": "end_turn", "reveal": [card]})
    with pytest.raises(RuleError, match="already in play"):  # twice in one reveal
        revealed_bounties(state, [SUNDANCE, SUNDANCE])
    state = play(state, {"type": "end_turn", "reveal": [SUNDANCE]},
                 {"type": "move", "to": "Abandoned Jailhouse"},
                 {"type": "duel_bounty", "bounty": "Belle Starr", "hand": ["1H"], "drawn": ["2H", "2S", "4D"], "seed": 1})
    with pytest.raises(RuleError, match="already in play"):  # escaped
        ENGINE.apply(state, {"type": "end_turn", "reveal": [BELLE]})
    state = ENGINE.apply(state, {"type": "end_turn", "reveal": [{**BELLE, "name": "Sam Bass"}]})
    assert [b.name for b in state.active] == ["Butch Cassidy", "Sundance Kid", "Sam Bass"]


def test_r_b10_the_defender_tying_the_bounty_for_best_keeps_it_and_both_take_a_wound():
    """R-B10, the three-way case the rulebook leaves out: "when the defender ties the Bounty
    for the best hand and the attacker is behind, the defender keeps the Bounty and both
    players take a Wound". Full House against Butch's Full House, the attacker's high card
    behind; the Bandit Hideout makes each wound two (R-B4)."""
    state = play(sample_turn_start(), {"type": "move", "to": "Bandit Hideout"})
    duel = {"type": "duel_player", "defender": "Valentina", "bounty": "Butch Cassidy", "attacker_hand": ["5S"],
            "defender_hand": ["4H", "4D", "4S", "1H", "1D"], "drawn": BUTCH_FULL_HOUSE, "seed": 1}
    assert preview(state, duel).outcome.result == "defender_ties_bounty"
    state = ENGINE.apply(state, duel)
    assert state.player("Valentina").renown == 3 and state.player("Bart").renown == 0
    assert "Butch Cassidy" not in state.escaped
    assert (state.player("Bart").wounds, state.player("Valentina").wounds) == (2, 2)
