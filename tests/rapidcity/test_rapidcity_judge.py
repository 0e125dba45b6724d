"""The referee's rulings R-R4..R-R11, from the rulebook's wording and examples."""

from __future__ import annotations

import json

import pytest

from companion.rapidcity.judge import judge, verdict_to_json
from companion.rapidcity.roundfile import parse_round
from rc_rounds import DESIGN_EXAMPLE, press, release, touch, verdict

SHERIFF = {"type": "character", "character": "sheriff"}
INDIAN = {"type": "character", "character": "indian"}
BANDIT = {"type": "character", "character": "bandit"}
ALL_IN = [press(1, 500, "red"), press(2, 510, "blue"), press(3, 520, "green"), press(4, 530, "yellow")]



# --- the docs/roundfile.md example ------------------------------------------------------

def test_design_example_claims_and_bounce_note_are_as_printed():
    v = verdict_to_json(judge(parse_round(DESIGN_EXAMPLE)))
    assert v["claims"] == [{"pad": 3, "location": "saloon", "player": "blue", "t_ms": 431.2}]
    assert "pad 3 press at 432.4 ms: bounce of the press at 431.2 ms" in v["notes"]
    assert v["healed"] == []


def test_design_example_follows_the_rulings_where_the_printed_verdict_does_not():
    """docs/roundfile.md prints green 0 bullets, totals green 5, game_over false. Under R-R6 green,
    who claimed no tile on a Sheriff card, takes a bullet exactly like red and yellow; with
    5 bullets before, that is the sixth, which ends the game (R-R11). The printed example is
    inconsistent with the rulings; the judge follows the rulings (reported upstream)."""
    v = verdict_to_json(judge(parse_round(DESIGN_EXAMPLE)))
    assert v["bullets"] == {"red": 1, "blue": 0, "green": 1, "yellow": 1}
    assert v["totals"] == {"red": 3, "blue": 0, "green": 6, "yellow": 2}
    assert v["game_over"] is True
    assert v["winners"] == ["blue"]
    assert "green claimed no allowed tile before the window closed at 5000 ms: bullet" in v["notes"]


def test_design_example_printed_totals_hold_when_green_starts_on_four():
    """The printed red 3 / blue 0 / yellow 2 are reproduced; green's 5 follows from 4."""
    data = dict(DESIGN_EXAMPLE, bullets={"red": 2, "blue": 0, "green": 4, "yellow": 1})
    v = verdict_to_json(judge(parse_round(data)))
    assert v["totals"] == {"red": 3, "blue": 0, "green": 5, "yellow": 2}
    assert v["game_over"] is False and v["winners"] == []


# --- R-R4 claims, bounce, false starts -----------------------------------------------------

def test_first_press_claims_and_later_press_on_the_tile_is_ignored_and_noted():
    v = verdict(SHERIFF, [press(3, 455.0, "blue"), press(3, 700.1, "red")])
    assert [(c["pad"], c["player"]) for c in v["claims"]] == [(3, "blue")]
    assert "pad 3 press at 700.1 ms by red: tile already claimed by blue at 455.0 ms (no dislodging)" in v["notes"]
    assert v["bullets"]["red"] == 1  # red's pawn is on no tile


def test_bounce_within_the_window_is_the_same_press_with_the_first_edge_time():
    v = verdict(SHERIFF, [press(3, 431.2, "blue"), release(3, 431.9), press(3, 432.4), release(3, 470.0),
                          press(3, 470.5)])
    assert v["claims"] == [{"pad": 3, "location": "saloon", "player": "blue", "t_ms": 431.2}]
    assert "pad 3 press at 432.4 ms: bounce of the press at 431.2 ms" in v["notes"]
    assert "pad 3 press at 470.5 ms: bounce of the release at 470.0 ms" in v["notes"]


def test_a_press_after_the_bounce_window_is_a_new_press():
    v = verdict(SHERIFF, [press(3, 100.0, "blue"), press(3, 130.0, "red")], bounce_ms=30)
    assert "pad 3 press at 130.0 ms by red: tile already claimed by blue at 100.0 ms (no dislodging)" in v["notes"]


def test_bounce_window_is_a_setting():
    v = verdict(SHERIFF, [press(3, 100.0, "blue"), press(3, 112.0, "red")], bounce_ms=10)
    assert any("112.0 ms by red: tile already claimed" in n for n in v["notes"])
    v = verdict(SHERIFF, [press(3, 100.0, "blue"), press(3, 112.0, "red")], bounce_ms=30)
    assert any("112.0 ms: bounce of the press at 100.0 ms" in n for n in v["notes"])


def test_presses_on_other_pads_are_never_bounces():
    v = verdict(SHERIFF, [press(3, 100.0, "blue"), press(4, 100.5, "red")])
    assert [(c["pad"], c["player"]) for c in v["claims"]] == [(3, "blue"), (4, "red")]


def test_false_start_is_noted_and_never_a_claim():
    v = verdict(SHERIFF, [press(2, -12.0, "red"), press(2, 300.0, "blue")])
    assert "pad 2 press at -12.0 ms by red: false start, not a claim" in v["notes"]
    assert [(c["pad"], c["player"]) for c in v["claims"]] == [(2, "blue")]
    assert v["bullets"]["red"] == 1  # not on a tile: the false start itself costs nothing by default


def test_false_start_costs_a_bullet_when_the_setting_is_on():
    events = [press(2, -12.0, "red"), press(3, 300.0, "red")]
    assert verdict(SHERIFF, events)["bullets"]["red"] == 0
    v = verdict(SHERIFF, events, false_start_bullet=True)
    assert v["bullets"]["red"] == 1
    assert "red made a false start on pad 2 at -12.0 ms (R-R13): bullet" in v["notes"]


def test_r_r13_a_false_start_costs_a_bullet_on_a_healing_card_and_its_maker_does_not_heal():
    """R-R13: "False starts (R-R4 setting on) cost a bullet on every card type, Healing
    included"; R-R8: "a false starter does not heal on that card"."""
    v = verdict({"type": "healing", "location": "tipi"}, [press(2, -5.0, "red"), release(2, 80.0), press(2, 300.0, "red")],
                bullets={"red": 2}, false_start_bullet=True)
    assert v["bullets"]["red"] == 1 and v["healed"] == [] and v["totals"]["red"] == 3
    assert "red made a false start on pad 2 at -5.0 ms (R-R13): bullet" in v["notes"]
    assert "red is first on the tipi (pad 2) at 300.0 ms but made a false start: no healing (R-R8)" in v["notes"]
    assert "on a Healing card only a false start costs a bullet (R-R8, R-R13)" in v["notes"]


@pytest.mark.parametrize("card", [{"type": "two_characters", "characters": ["indian", "sheriff"]},
                                  {"type": "armed", "player": "green", "hand": "right"},
                                  {"type": "disarmed", "player": "green"}])
def test_r_r13_a_false_start_costs_a_bullet_on_every_card_type(card):
    v = verdict(card, [press(3, -40.0, "yellow"), release(3, 20.0), press(3, 300.0, "yellow")],
                touches=[touch("yellow", "yellow", 310.0, "right")], false_start_bullet=True)
    assert v["bullets"]["yellow"] == 1  # at most one bullet a card (R-R11), whatever else yellow did
    assert any(n.startswith("yellow made a false start on pad 3 at -40.0 ms (R-R13)") for n in v["notes"])


def test_listing_order_never_changes_the_verdict():
    events = [press(3, 431.2, "blue"), release(3, 431.9), press(3, 432.4), press(1, 431.7, "red"),
              press(2, 300.0, "green"), press(4, 5100.0, "yellow"), press(2, -3.0)]
    forward = verdict(SHERIFF, events)
    assert verdict(SHERIFF, list(reversed(events))) == forward
    assert verdict(SHERIFF, events[3:] + events[:3]) == forward


# --- R-R5 identity ---------------------------------------------------------------------------

def test_claim_with_no_known_player_gives_the_tile_to_nobody():
    v = verdict(SHERIFF, [press(3, 400.0)])
    assert v["claims"] == [{"pad": 3, "location": "saloon", "player": None, "t_ms": 400.0}]
    assert "pad 3 press at 400.0 ms: claims the saloon, but no player is known: the tile goes to nobody (R-R5)" \
        in v["notes"]
    assert v["bullets"] == {"red": 1, "blue": 1, "green": 1, "yellow": 1}


def test_a_bounce_repeat_may_name_the_player_the_first_edge_lacked():
    v = verdict(SHERIFF, [press(3, 400.0), press(3, 402.0, "green")])
    assert v["claims"][0]["player"] == "green"
    assert v["bullets"]["green"] == 0


def test_a_bounce_repeat_never_overrides_the_named_player():
    v = verdict(SHERIFF, [press(3, 400.0, "blue"), press(3, 402.0, "green")])
    assert v["claims"][0]["player"] == "blue"
    assert any("kept blue" in n for n in v["notes"])


def test_r_r6_a_pawn_lifted_and_put_on_another_tile_is_judged_there_and_its_first_tile_is_free():
    """R-R6: "a pawn lifted from one tile and put on another is judged on the second, and
    its first tile is free again (a later press there is a new claim)"."""
    v = verdict(SHERIFF, [press(3, 400.0, "blue"), release(3, 550.0), press(4, 600.0, "blue"), press(3, 700.0, "red")])
    assert [(c["pad"], c["player"]) for c in v["claims"]] == [(4, "blue"), (3, "red")]
    assert v["moves"] == [{"player": "blue", "from_pad": 3, "from_location": "saloon", "to_pad": 4,
                           "to_location": "saloon", "t_ms": 600.0, "claims": True}]
    assert ("pad 4 press at 600.0 ms: blue moved from the saloon (pad 3, claimed at 400.0 ms) to the saloon: "
            "judged here, pad 3 is free again (R-R6)") in v["notes"]
    assert "pad 3 press at 700.0 ms: red claims the saloon" in v["notes"]
    assert v["bullets"]["red"] == 0 and v["bullets"]["blue"] == 0


def test_r_r6_a_player_who_corrects_a_wrong_tile_in_time_takes_no_bullet():
    """Issue 9: "A player who puts their pawn on a forbidden tile, lifts it and puts it on
    a free allowed tile before the window closes still takes a bullet today"."""
    v = verdict(SHERIFF, [press(1, 400.0, "red"), release(1, 520.0), press(3, 610.0, "red")])
    assert v["bullets"]["red"] == 0
    assert [(c["pad"], c["player"]) for c in v["claims"]] == [(3, "red")]
    assert "red is on the saloon (pad 3) at 610.0 ms: safe" in v["notes"]


def test_r_r6_the_same_holds_on_two_characters_cards():
    card = {"type": "two_characters", "characters": ["indian", "sheriff"]}  # only the Saloon counts (R-R7)
    v = verdict(card, [press(2, 400.0, "green"), release(2, 500.0), press(4, 650.0, "green")])
    assert v["bullets"]["green"] == 0
    assert v["moves"][0]["from_pad"] == 2 and v["moves"][0]["to_pad"] == 4


def test_r_r6_a_pawn_knocked_off_keeps_its_claim_and_the_pawn_put_in_its_place_claims_nothing():
    """R-R6: "A pawn that leaves a tile and appears on no other was knocked off: it keeps
    its claim, and the pawn put in its place claims nothing (no dislodging)"."""
    v = verdict(SHERIFF, [press(3, 400.0, "blue"), release(3, 600.0), press(3, 700.0, "red")])
    assert [(c["pad"], c["player"]) for c in v["claims"]] == [(3, "blue")]
    assert v["moves"] == []
    assert "pad 3 press at 700.0 ms by red: tile already claimed by blue at 400.0 ms (no dislodging)" in v["notes"]
    assert v["bullets"]["blue"] == 0 and v["bullets"]["red"] == 1


def test_r_r6_a_pawn_moved_onto_a_taken_tile_stands_on_no_tile_of_its_own():
    v = verdict(SHERIFF, [press(4, 300.0, "red"), press(3, 400.0, "blue"), release(3, 500.0), press(4, 600.0, "blue")])
    assert [(c["pad"], c["player"]) for c in v["claims"]] == [(4, "red")]
    assert v["moves"][0]["claims"] is False
    assert v["bullets"]["blue"] == 1


def test_r_r6_a_pawn_put_back_on_its_own_tile_keeps_its_first_time():
    v = verdict(SHERIFF, [press(3, 400.0, "blue"), release(3, 450.0), press(3, 520.0, "blue")])
    assert v["claims"] == [{"pad": 3, "location": "saloon", "player": "blue", "t_ms": 400.0}]
    assert v["moves"] == []


# --- R-R6 character cards and the window --------------------------------------------------------

@pytest.mark.parametrize("card, forbidden_pad, safe_pads", [
    (INDIAN, 2, (1, 3)),    # Indian: not the Tipi
    (SHERIFF, 1, (2, 3)),   # Sheriff: not the Prison
    (BANDIT, 3, (1, 2)),    # Bandit: not the Saloon
])
def test_each_character_forbids_its_location(card, forbidden_pad, safe_pads):
    tiles = [{"pad": 1, "location": "prison"}, {"pad": 2, "location": "tipi"}, {"pad": 3, "location": "saloon"}]
    players = ["red", "blue", "green"]
    events = [press(forbidden_pad, 400, "red"), press(safe_pads[0], 410, "blue"), press(safe_pads[1], 420, "green")]
    v = verdict(card, events, players=players, tiles=tiles)
    assert v["bullets"] == {"red": 1, "blue": 0, "green": 0}
    assert any(n.startswith("red is on the") and "not allowed" in n and n.endswith(": bullet") for n in v["notes"])


def test_window_closes_when_every_player_has_claimed():
    v = verdict(SHERIFF, ALL_IN)
    assert v["window_closed_ms"] == 530
    assert "the window closed at 530.0 ms: every player had claimed" in v["notes"]
    assert v["bullets"] == {"red": 1, "blue": 0, "green": 0, "yellow": 0}  # red on the prison


def test_claims_after_the_window_do_not_count():
    """Version 3 (at 5000 ms the window was still open); version 4's R-R4, a press at the
    close is no claim, is in test_rapidcity_rules4."""
    v = verdict(SHERIFF, [press(2, 400.0, "blue"), press(3, 5000.0, "red"), press(4, 5000.5, "green")], rules=3)
    assert [c["player"] for c in v["claims"]] == ["blue", "red"]
    assert "pad 4 press at 5000.5 ms by green: after the window closed at 5000 ms, does not count" in v["notes"]
    assert v["bullets"] == {"red": 0, "blue": 0, "green": 1, "yellow": 1}
    assert "yellow claimed no allowed tile before the window closed at 5000 ms: bullet" in v["notes"]


def test_window_length_is_a_setting():
    v = verdict(SHERIFF, [press(2, 1200.0, "blue")], window_ms=1000)
    assert v["claims"] == [] and v["bullets"]["blue"] == 1


# --- R-R7 two characters --------------------------------------------------------------------------

@pytest.mark.parametrize("pair", [["indian", "sheriff"], ["sheriff", "indian"]])
def test_juliettes_indian_sheriff_card_only_the_saloon_counts(pair):
    """Juliette turns over the Indian/Sheriff card: players must place their pawn on the Saloon."""
    card = {"type": "two_characters", "characters": pair}
    v = verdict(card, [press(1, 400, "red"), press(2, 410, "blue"), press(3, 420, "green"), press(4, 430, "yellow")])
    assert v["bullets"] == {"red": 1, "blue": 1, "green": 0, "yellow": 0}
    assert any("red is on the prison (pad 1), not allowed on a Indian/Sheriff card: bullet" == n for n in v["notes"])


def test_bandit_sheriff_card_only_the_tipi_counts():
    v = verdict({"type": "two_characters", "characters": ["bandit", "sheriff"]}, ALL_IN)
    assert v["bullets"] == {"red": 1, "blue": 0, "green": 1, "yellow": 1}


# --- R-R8 healing -----------------------------------------------------------------------------

TIPI_TWICE = [{"pad": 1, "location": "prison"}, {"pad": 2, "location": "tipi"},
              {"pad": 3, "location": "saloon"}, {"pad": 4, "location": "tipi"}]
HEAL_TIPI = {"type": "healing", "location": "tipi"}


def test_elisas_indian_healing_card_first_on_the_tipi_returns_a_bullet():
    """Elisa turns over the Indian's Healing card: the first player on the Tipi returns a bullet."""
    v = verdict(HEAL_TIPI, [press(2, 400, "blue"), press(4, 450, "green"), press(1, 300, "red")],
                bullets={"red": 3, "blue": 2, "green": 1, "yellow": 4}, tiles=TIPI_TWICE)
    assert v["healed"] == ["blue"]
    assert v["totals"] == {"red": 3, "blue": 1, "green": 1, "yellow": 4}
    assert v["bullets"] == {"red": 0, "blue": 0, "green": 0, "yellow": 0}  # no bullets on a Healing card
    assert "green on the tipi (pad 4) at 450.0 ms: not first, no healing" in v["notes"]


def test_healing_with_no_bullets_does_nothing():
    v = verdict(HEAL_TIPI, [press(2, 400, "blue")], bullets={"blue": 0, "red": 2}, tiles=TIPI_TWICE)
    assert v["healed"] == [] and v["totals"]["blue"] == 0
    assert "blue is first on the tipi (pad 2) at 400.0 ms but has no bullet to return" in v["notes"]


def test_healing_dead_heat_heals_both():
    v = verdict(HEAL_TIPI, [press(2, 400.0, "blue"), press(4, 400.6, "green")],
                bullets={"blue": 1, "green": 1}, tiles=TIPI_TWICE)
    assert v["healed"] == ["blue", "green"]
    assert all(c["dead_heat"] for c in v["claims"])


def test_healing_dead_heat_with_a_claim_elsewhere_is_not_called_one_on_the_building():
    """A claim on another building within tie_ms does not share the healing, so the note
    about the one healer must not say "(dead heat)" (the claim itself is still flagged)."""
    v = verdict(HEAL_TIPI, [press(2, 400.0, "blue"), press(3, 400.5, "green")],
                bullets={"blue": 1, "green": 1}, tiles=TIPI_TWICE)
    assert v["healed"] == ["blue"] and len(v["dead_heats"]) == 1
    assert "blue is first on the tipi (pad 2) at 400.0 ms: returns a bullet (1 -> 0)" in v["notes"]
    v = verdict(HEAL_TIPI, [press(2, 400.0, "blue"), press(4, 400.5, "green")],
                bullets={"blue": 1, "green": 1}, tiles=TIPI_TWICE)
    assert "blue is first on the tipi (pad 2) at 400.0 ms (dead heat): returns a bullet (1 -> 0)" in v["notes"]


def test_healing_one_ms_apart_is_not_a_dead_heat():
    v = verdict(HEAL_TIPI, [press(2, 431.2, "blue"), press(4, 432.2, "green")],
                bullets={"blue": 1, "green": 1}, tiles=TIPI_TWICE)
    assert v["healed"] == ["blue"] and v["dead_heats"] == []


def test_healing_with_no_tie_threshold_still_heals_the_first():
    """tie_ms 0 turns dead heats off for stamps a microsecond apart (equal stamps are still
    one, R-R8); the first claim on the building still heals."""
    v = verdict(HEAL_TIPI, [press(2, 400.0, "blue"), press(4, 400.001, "green")],
                bullets={"blue": 1, "green": 1}, tiles=TIPI_TWICE, tie_ms=0)
    assert v["healed"] == ["blue"] and v["dead_heats"] == []
    assert v["totals"]["blue"] == 0


def test_nobody_on_the_building_nobody_heals():
    v = verdict({"type": "healing", "location": "prison"}, [press(2, 400, "blue")], bullets={"blue": 2})
    assert v["healed"] == [] and "nobody claimed a prison tile: nobody heals" in v["notes"]


# --- dead heats ----------------------------------------------------------------------------------

def test_claims_closer_than_tie_ms_are_reported_as_a_dead_heat():
    v = verdict(SHERIFF, [press(2, 431.2, "blue"), press(3, 431.7, "red")])
    assert [c.get("dead_heat") for c in v["claims"]] == [True, True]
    assert v["dead_heats"] == [{"pads": [2, 3], "players": ["blue", "red"], "t_ms": [431.2, 431.7]}]
    assert "pads 2 and 3 claimed at 431.2 and 431.7 ms: closer than the tie threshold, a dead heat" in v["notes"]


def test_tie_threshold_is_a_setting_and_exact_at_the_edge():
    events = [press(2, 431.2, "blue"), press(3, 432.2, "red")]
    assert verdict(SHERIFF, events)["dead_heats"] == []
    assert len(verdict(SHERIFF, events, tie_ms=2)["dead_heats"]) == 1


# --- R-R9 armed -------------------------------------------------------------------------------------

RED_RIGHT = {"type": "armed", "player": "red", "hand": "right"}


def test_attacker_reaching_a_pawn_before_its_owner_gives_the_owner_a_bullet():
    v = verdict(RED_RIGHT, touches=[touch("red", "blue", 400), touch("blue", "blue", 450),
                                    touch("green", "green", 380), touch("red", "green", 420)])
    assert v["bullets"] == {"red": 0, "blue": 1, "green": 0, "yellow": 0}
    assert "blue lost their pawn to the attacker red: bullet" in v["notes"]
    assert "green defended their pawn" in v["notes"]
    assert "red touched green's pawn after green: the first touch decides" in v["notes"]


def test_attacker_catching_their_own_pawn_takes_a_bullet_and_still_gives_bullets():
    v = verdict(RED_RIGHT, touches=[touch("red", "red", 300), touch("red", "blue", 350), touch("red", "green", 360)])
    assert v["bullets"] == {"red": 1, "blue": 1, "green": 1, "yellow": 0}


def test_defender_catching_a_pawn_not_their_own_takes_a_bullet():
    v = verdict(RED_RIGHT, touches=[touch("blue", "green", 300)])
    assert v["bullets"] == {"red": 0, "blue": 1, "green": 0, "yellow": 0}
    assert "blue caught green's pawn, not their own: bullet" in v["notes"]


def test_ultimate_elisa_defends_with_the_wrong_hand_and_juliette_catches_another_pawn():
    """Red card, revolver in the right hand (Fred is red). Elisa (blue) catches her own pawn
    first but with her left hand: a bullet. Juliette (green) catches a pawn not her own with
    the right hand: a bullet."""
    touches = [touch("blue", "blue", 350, "left"), touch("green", "yellow", 360, "right"),
               touch("red", "blue", 400, "right")]
    v = verdict(RED_RIGHT, touches=touches, ultimate=True)
    assert v["bullets"] == {"red": 0, "blue": 1, "green": 1, "yellow": 0}
    assert "blue used the left hand on blue's pawn; the card shows the right: bullet" in v["notes"]
    plain = verdict(RED_RIGHT, touches=touches)
    assert plain["bullets"] == {"red": 0, "blue": 0, "green": 1, "yellow": 0}


def test_ultimate_attacker_with_wrong_hand_still_catches():
    v = verdict({"type": "armed", "player": "red", "hand": "left"},
                touches=[touch("red", "blue", 300, "right")], ultimate=True)
    assert v["bullets"] == {"red": 1, "blue": 1, "green": 0, "yellow": 0}


def test_touches_before_the_reveal_do_not_count():
    v = verdict(RED_RIGHT, touches=[touch("red", "blue", -20)])
    assert v["bullets"]["blue"] == 0
    assert "red touched blue's pawn before the reveal: does not count" in v["notes"]


# --- R-R12 simultaneous touches ---------------------------------------------------------------------

def test_r_r12_equal_touch_times_the_owner_counts_as_first_whatever_the_names():
    """R-R12: "the pawn's owner gets the benefit of the doubt: they count as first. Never
    break a tie by name or seat order." Today "blue" beats "red" alphabetically."""
    for attacker, owner in (("red", "blue"), ("blue", "red"), ("yellow", "green"), ("green", "yellow")):
        card = {"type": "armed", "player": attacker, "hand": "right"}
        v = verdict(card, touches=[touch(attacker, owner, 400.0), touch(owner, owner, 400.0)], rules=3)
        assert v["bullets"][owner] == 0, (attacker, owner)
        assert any("the owner gets the benefit of the doubt and counts as first (R-R12)" in n for n in v["notes"])


def test_r_r12_within_the_tie_threshold_is_simultaneous_too():
    card = {"type": "armed", "player": "red", "hand": "right"}
    v = verdict(card, touches=[touch("red", "blue", 400.0), touch("blue", "blue", 400.8)])
    assert v["bullets"]["blue"] == 0  # 0.8 ms apart: closer than the 1 ms threshold
    v = verdict(card, touches=[touch("red", "blue", 400.0), touch("blue", "blue", 401.0)])
    assert v["bullets"]["blue"] == 1  # 1 ms apart: the pads' order stands


def test_r_r12_a_tie_without_the_owner_is_never_ordered_by_name_each_counted_as_first_until_version_4():
    card = {"type": "armed", "player": "red", "hand": "right"}
    v = verdict(card, touches=[touch("red", "green", 400.0), touch("blue", "green", 400.0)], rules=3)
    assert v["bullets"]["green"] == 1  # the attacker reached green's pawn before green
    assert v["bullets"]["blue"] == 1  # blue caught a pawn not their own
    swapped = verdict({"type": "armed", "player": "blue", "hand": "right"},
                      touches=[touch("blue", "green", 400.0), touch("red", "green", 400.0)], rules=3)
    assert swapped["bullets"] == {"red": 1, "blue": 0, "green": 1, "yellow": 0}


# --- R-R10 disarmed ------------------------------------------------------------------------------

def test_disarmed_anyone_touching_a_pawn_takes_a_bullet():
    v = verdict({"type": "disarmed", "player": "green"},
                touches=[touch("red", "red", 300), touch("blue", "green", 320)])
    assert v["bullets"] == {"red": 1, "blue": 1, "green": 0, "yellow": 0}
    assert "red touched their own pawn on a disarmed card: bullet" in v["notes"]


def test_disarmed_nobody_moves_nobody_is_hit():
    v = verdict({"type": "disarmed", "player": "green"})
    assert v["bullets"] == {"red": 0, "blue": 0, "green": 0, "yellow": 0}
    assert "nobody touched a pawn" in v["notes"]


def test_r_r10_a_pad_press_on_a_disarmed_card_is_a_touch_its_pawns_owner_takes_the_bullet():
    """R-R10: "A pad press during a Disarmed card is a touch: the pawn on that tile was
    moved, and its owner (the press's player) takes the bullet"."""
    v = verdict({"type": "disarmed", "player": "green"}, [press(2, 400, "blue")])
    assert v["bullets"] == {"red": 0, "blue": 1, "green": 0, "yellow": 0}
    assert v["touch_presses"] == [{"pad": 2, "location": "tipi", "player": "blue", "t_ms": 400.0}]
    assert ("blue had their pawn on the tipi (pad 2) at 400.0 ms moved on a disarmed card, "
            "and the table names nobody else (R-R10): bullet") in v["notes"]


def test_r_r10_unless_the_table_names_someone_else_in_touches():
    v = verdict({"type": "disarmed", "player": "green"}, [press(2, 400, "blue")],
                touches=[touch("yellow", "blue", 395.0)])
    assert v["bullets"] == {"red": 0, "blue": 0, "green": 0, "yellow": 1}
    assert any("blue's pawn on the tipi (pad 2) at 400.0 ms was moved by yellow" in n for n in v["notes"])


def test_r_r10_a_press_with_nobody_named_is_said_and_costs_nobody():
    v = verdict({"type": "disarmed", "player": "green"}, [press(2, 400)])
    assert not any(v["bullets"].values())
    assert "pad 2 press at 400.0 ms: a pawn on the tipi was moved on a green cowboy disarmed card: " \
           "a press is a touch (R-R10)" in v["notes"]


# --- R-R11 one bullet per card, game end ----------------------------------------------------------

def test_never_more_than_one_bullet_per_card():
    v = verdict({"type": "disarmed", "player": "green"},
                touches=[touch("red", "red", 300), touch("red", "blue", 310), touch("red", "green", 320)])
    assert v["bullets"]["red"] == 1
    assert "red touched blue's pawn on a disarmed card: no second bullet on one card (R-R11)" in v["notes"]


def test_attacker_wrong_hand_and_own_pawn_is_still_one_bullet():
    v = verdict(RED_RIGHT, touches=[touch("red", "red", 300, "left")], ultimate=True)
    assert v["bullets"]["red"] == 1 and v["totals"]["red"] == 1


def test_sixth_bullet_ends_the_game_and_fewest_win_together():
    v = verdict(SHERIFF, [press(2, 400, "blue"), press(3, 410, "green")],
                bullets={"red": 5, "blue": 2, "green": 2, "yellow": 1})
    assert v["totals"] == {"red": 6, "blue": 2, "green": 2, "yellow": 2}
    assert v["game_over"] is True
    assert v["winners"] == ["blue", "green", "yellow"]


def test_no_game_over_below_six():
    v = verdict(SHERIFF, ALL_IN, bullets={"red": 4})
    assert v["totals"]["red"] == 5 and v["game_over"] is False and v["winners"] == []


def test_verdict_json_has_the_contract_keys():
    v = verdict(SHERIFF, ALL_IN)
    assert {"claims", "bullets", "healed", "totals", "game_over", "winners", "notes"} <= set(v)
    json.dumps(v)  # JSON-ready
    assert all(set(c) == {"pad", "location", "player", "t_ms"} for c in v["claims"])


def test_every_player_gets_a_note():
    v = verdict(SHERIFF, ALL_IN)
    for player in ("red", "blue", "green", "yellow"):
        assert any(n.startswith(player + " ") for n in v["notes"]), player
