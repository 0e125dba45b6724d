"""The Bountytown screen's flows at engine speed, tap by tap on the screen model: duels won,
lost and tied (their words), a player duel, a turn-in, the store, items, critical wounds and
the bounty lost, the reveal at the end of a turn (a card typed before is one tap), the
Train and a tied final duel, wounds as dead space in a hand (R-B7, R-B9), odds never shown
for other cards than those entered, renown and wounds changed by hand; and the taps each
takes, counted. The Kivy tests keep the pixels."""

from __future__ import annotations

import json
from typing import Any

from companion.bountytown import dueling, setupflow, shown
from companion.bountytown.odds import bounty_chances
from companion.bountytown.setupflow import Setup
from companion.bountytown.engine import ENGINE
from tests.screenplay import Applies, played, reread

from .screentaps import BOUNTIES, KNOWN, SAM_BASS, game

DOC = {"name": "Doc Holliday", "renown": 1, "locations": ["Bank", "Doc's"], "draws": 1}


class Play:
    def __init__(self, **kwargs: Any) -> None:
        self.model, self.table = game(**kwargs)
        self.taps = 0

    def __call__(self, *tap: Any) -> Play:
        self.model = played(self.model, self.table, *tap)
        self.taps += 1
        return self

    def act(self, *actions: dict[str, Any]) -> Play:
        """Earlier turns, as set-up (not the taps tested)."""
        for action in actions:
            self.table.do(action)
        self.model = reread(self.model, self.table)
        return self

    def cards(self, slot: int, cards: str) -> Play:
        self("tab", slot)
        for card in cards.split():
            self("card", card)
        return self

    @property
    def state(self):
        return self.table.state

    @property
    def view(self):
        return shown.view(self.model)


def test_a_duel_takes_one_tap_a_card_and_four_more_and_confirm_shows_what_was_seen():
    """Duel, the bounty, one tap per card (a full hand moves on to the draw), See the result,
    Confirm: 7 cards against Jesse James's 2 draws in 11 taps. The result never opens by itself
    (issue 28: it opened with the last card, Confirm where See the result had been)."""
    play = Play().act({"type": "move", "to": "Boot Hill"})
    play("duel", 1)("target", "bounty", "Jesse James")
    for card in "5S 5D 5C 1H 2H 1C 2D".split():
        play("card", card)
    assert play.model.flow.duel.step == "cards"  # the draw is whole: still the cards, See the result next
    play("to_result")
    assert "Bart wins and takes Jesse James." in play.view.result
    play("confirm")
    assert play.taps == 11 and play.state.player("Bart").renown == 2 and play.model.page == "town"


def test_a_lost_duel_at_the_boarding_house_and_a_tie_with_an_item():
    play = Play().act({"type": "move", "to": "Boarding House"})
    play("duel", 1)("target", "bounty", "Belle Starr").cards(0, "1H").cards(1, "5S 5D 4C")("to_result")
    assert play.view.result.split("\n")[2:] == ["Belle Starr wins and escapes for good.",
                                                 "Bart rests up at the Boarding House: no wounds."]
    play("confirm")("end_turn")
    assert play.model.page == "reveal"
    play.act({"type": "end_turn", "reveal": [DOC]}, {"type": "move", "to": "Bank"})
    play("duel", 2)("target", "bounty", "Butch Cassidy").cards(0, "2H 2S").cards(1, "1S 4H")("to_result")
    assert play.view.ready == "Not ready: Tap what Butch Cassidy's 1 face-down item are (0 told)."
    play("item", "Rifle")("take", "Rifle")
    lines = play.view.result.split("\n")
    assert "A tie: Valentina takes Butch Cassidy." in lines and "Valentina takes a wound." in lines
    assert "Valentina is at the Bank: discards a Duel card on declaring." in lines
    assert "Valentina takes the Rifle from Butch Cassidy." in lines
    play("confirm")
    valentina = play.state.player("Valentina")
    assert (valentina.renown, valentina.wounds, valentina.items) == (3, 1, ("Rifle",))


def test_a_player_duel_names_the_bounty_at_stake_first():
    play = Play().act({"type": "move", "to": "Boot Hill"},
                      {"type": "duel_bounty", "bounty": "Jesse James", "hand": ["5S", "5D"], "drawn": ["1C", "2D"],
                       "seed": 1},
                      {"type": "end_turn", "reveal": [SAM_BASS]}, {"type": "end_turn", "reveal": []},
                      {"type": "move", "to": "Boot Hill"})
    play("duel", 3)("target", "player", "Bart")("to_cards")
    assert play.model.message.startswith("Refused: declare which of Bart's bounties to steal")
    play("steal", "Jesse James")("to_cards")
    assert [s.title for s in play.model.flow.duel.desk.slots] == ["Terry holds", "Bart holds", "Drawn for Jesse James"]
    play.cards(0, "1S 2S").cards(1, "4H 4S 4D 4C").cards(2, "1C 3D")("to_result")
    assert "Bart wins and keeps Jesse James." in play.view.result and "Terry takes a wound." in play.view.result
    play("confirm")
    assert play.state.player("Terry").wounds == 1 and play.state.player("Bart").renown == 2


def test_a_critical_wound_asks_which_bounty_to_lose_R_B5_R_B8():
    play = Play(limits={"Bart": 2}).act(
        {"type": "move", "to": "Boot Hill"},
        {"type": "duel_bounty", "bounty": "Jesse James", "hand": ["5S", "5D"], "drawn": ["1C", "2D"], "seed": 1},
        {"type": "end_turn", "reveal": [SAM_BASS]}, {"type": "end_turn", "reveal": []},
        {"type": "end_turn", "reveal": []}, {"type": "move", "to": "Bandit Hideout"},
        {"type": "duel_bounty", "bounty": "Butch Cassidy", "hand": ["4H", "4S", "4D"], "drawn": ["1S", "2H"],
         "bounty_items": ["Cowboy Hat"], "take": "Cowboy Hat", "in_hand": {"Bart": 3}, "seed": 1})
    play("duel", 7)("target", "bounty", "Sam Bass").cards(0, "1H").cards(1, "5S")("to_result")
    assert play.view.ready.startswith("Not ready: Bart is critically wounded and must choose a bounty")
    notes = [o.words for o in play.view.choices if o.tap and o.tap[0] == "critical"]
    assert sorted(notes) == ["Bart discards Butch Cassidy", "Bart discards Jesse James", "Bart discards Sam Bass"]
    play("critical", "Bart", "Jesse James")
    lines = play.view.result.split("\n")
    assert "A tie: Bart takes Sam Bass." in lines
    assert "Bart takes 2 wounds (2 here: Ambush / Rummaging for Ammo)." in lines
    assert lines[-1] == ("Bart is critically wounded: discards Jesse James (out of the game) and the Cowboy Hat, "
                         "wounds cleared, moves to Doc's; the turn is over.")
    play("confirm")
    town = play.view
    assert play.state.player("Bart").renown == 4 and town.turn == "Bart's turn is over (critical wound): End turn"
    assert [c.people for c in town.cells if c.location == "Doc's"] == [(("Bart", "red", True),)]
    play("board")
    assert play.view.gone == "Out of the game: Jesse James (lost to a critical wound)"


def test_four_wounds_in_a_five_card_hand_play_one_card_and_the_bank_counts_after_its_discard_R_B7_R_B9():
    lose = {"type": "duel_bounty", "hand": ["1H"], "seed": 1}
    others = [{"type": "end_turn", "reveal": []}] * 2
    play = Play().act({"type": "move", "to": "Bandit Hideout"},
                      {**lose, "bounty": "Butch Cassidy", "drawn": ["2C", "4D"], "bounty_items": ["Rifle"]},
                      {"type": "move", "to": "Abandoned Jailhouse"},
                      {"type": "end_turn", "reveal": [{**SAM_BASS, "locations": ["Abandoned Jailhouse", "Bank"],
                                                       "draws": 2}]},
                      *others, {**lose, "bounty": "Belle Starr", "drawn": ["2C", "2D", "4S"]},
                      {"type": "end_turn", "reveal": [DOC]}, *others)
    assert play.state.current.wounds == 4
    play("duel", 1)("target", "bounty", "Sam Bass")
    assert "Bart: 4 wounds in a 5-card hand, so at most 1 card to play" in play.view.info
    play("card", "5S")
    assert play.model.flow.duel.desk.active == 1  # the hand is full: on to the bounty's draw
    play("tab", 0)("card", "5D")
    assert play.model.message == ("Refused: Bart holds 1 card at most (a full hand less its wounds, R-B7); "
                                  "remove one first")
    play("in_hand", "Bart", -1)
    assert play.view.counts[0].value == 4
    assert "Bart holds only wounds: enter the top card of the Draw deck, played alone" in play.view.info
    play("in_hand", "Bart", 1)("in_hand", "Bart", 1)  # Fastest in the West: an extra card, six in hand
    assert "Bart: 4 wounds in a 6-card hand, so at most 2 cards to play" in play.view.info
    play("tab", 0)("card", "5D")
    assert "Bart plays 5 Diamonds, 5 Spades: Pair" in play.view.info
    bank = Play().act(*play.table.actions, {"type": "move", "to": "Bank"})  # the same table, Bart at the Bank
    bank("duel", 1)("target", "bounty", "Sam Bass")
    assert bank.view.counts[0].value == 4
    assert "Bart holds only wounds after the Bank's discard: enter the top card of the Draw deck" in bank.view.info


def test_the_odds_shown_are_always_those_of_the_cards_entered():
    play = Play().act({"type": "move", "to": "Boot Hill"})
    play("duel", 1)("target", "bounty", "Jesse James")("card", "5S")
    first = dueling.odds_question(play.state, play.model.flow.duel)
    assert shown.WORKING in play.view.info and "Bart plays 5 Spades: High Card" in play.view.info
    play("card", "5D")  # the cards change while the first answer is worked out
    play("odds", first, bounty_chances(*first))  # the first answer comes late: not shown
    assert shown.WORKING in play.view.info
    now = dueling.odds_question(play.state, play.model.flow.duel)
    play("odds", now, bounty_chances(*now))
    assert "Against Jesse James's 2 draws: win " in play.view.info
    play("chip", 1)  # 5 Diamonds kept: the answer for the cards entered (the same named cards) at once
    assert shown.WORKING not in play.view.info and "Bart plays 5 Spades: High Card" in play.view.info


def test_the_store_says_what_it_needs():
    play = Play().act({"type": "move", "to": "General Store"})
    play("buy")("choose", 0)("choose", 3)("card", "4G")("card", "2H")
    assert play.view.totals == "Buying Crucifix, First Aid Kit: $7. Gold paid: $4"
    play("buy")
    assert play.model.message == "Refused: items are paid with Gold cards only; 2H is not Gold [Items]"
    play("remove_last")("card", "3G")("buy")
    assert play.model.page == "town" and play.state.player("Bart").items == ("Crucifix", "First Aid Kit")
    play("player", "Bart")("use", "First Aid Kit")
    assert play.model.message == "Refused: Bart has no wounds to remove [Items]"


def test_renown_and_wounds_change_by_hand_in_two_taps_saved_and_undone():
    play = Play()
    play("player", "Valentina")
    before = play.taps
    play("number", "Valentina", "renown")("quick", 1)
    assert play.taps - before == 2 and play.state.player("Valentina").renown == 1
    assert play.view.renown == 1 and play.view.steps is None
    play("number", "Valentina", "wounds")("quick", -1)
    assert play.model.message == "Refused: Valentina has no wound to remove [Adjust]"
    play("undo")
    assert play.state.player("Valentina").renown == 0 and play.model.page == "player"


def test_ending_a_turn_that_needs_a_bounty_replaced_is_two_taps_with_a_card_typed_before():
    """Issue 28 counted 28 taps for this (the card typed in again); a card typed before is one tap."""
    play = Play().act({"type": "move", "to": "Boot Hill"},
                      {"type": "duel_bounty", "bounty": "Jesse James", "hand": ["5S", "5D"], "drawn": ["1C", "2D"],
                       "seed": 1})
    before = play.taps
    play("end_turn")
    assert [o.words for o in play.view.known] == [
        "Sam Bass (renown 1) at Bandit Hideout / Bank; draws 1", "Doc Holliday (renown 1) at Bank / Doc's; draws 1"]
    play("known", KNOWN[0])
    assert play.taps - before == 2 and play.state.current.name == "Valentina"
    assert [b.name for b in play.state.active][-1] == "Sam Bass"


def test_a_revealed_bounty_already_in_play_is_refused_and_can_be_corrected():
    play = Play().act({"type": "move", "to": "Boot Hill"},
                      {"type": "duel_bounty", "bounty": "Jesse James", "hand": ["5S", "5D"], "drawn": ["1C", "2D"],
                       "seed": 1})
    play("end_turn")("name", "Butch Cassidy")("mark", "Bank")("mark", "Boot Hill")("step", "draws", 1)("reveal")
    assert play.model.message == "Refused: Butch Cassidy is already in play [Bounties]"
    assert play.model.page == "reveal" and play.view.progress.endswith("(1 of 1)")
    play("name", "Sundance Kid")("reveal")
    assert play.model.page == "town" and [b.name for b in play.state.active][-1] == "Sundance Kid"


def test_tied_renown_goes_to_a_recorded_final_duel_R_B6():
    play = Play().act({"type": "move", "to": "Boot Hill"})
    play("duel", 1)("target", "bounty", "Jesse James").cards(0, "1H").cards(1, "5S 5D")("to_result")("confirm")
    play("end_turn")("train")
    assert play.view.train == "The Train ends the game: Bart, Valentina and Terry are tied at renown 0 and fight a final duel. End it now?"
    assert not play.state.finished
    play("train_yes")
    assert play.view.headline.startswith("The Train! Tied at renown 0: Bart, Valentina, Terry.")
    play("record")
    assert play.model.message == "Enter Bart's final duel hand first (at least one card is played)."
    play.cards(0, "1H 1S").cards(1, "2H 2S 2D").cards(2, "4C")("record")
    assert play.view.headline == "The Train! Hero of Bountytown: Valentina (renown 0)"


def test_a_new_game_with_known_players_and_cards_is_nine_taps():
    """Issue 28 counted 83 taps (characters and three bounty cards typed in again). Characters
    and hand limits come back from each player's last game, and a card typed before is one tap:
    Bountytown, three players, the Bounties step, three cards, Start."""
    remembered = (("Bart", "Bart the Kid", 5), ("Valentina", "Val", 4), ("Terry", "Terry", 5))
    known = tuple(json.dumps({"base": [], "items": 0, **b}, sort_keys=True) for b in BOUNTIES)
    setup, taps = Setup(known=known, remembered=remembered), 1  # Bountytown, on Home
    for seated in (1, 2, 3):  # each player's chip
        setup = setupflow.seated(setup, [("Bart", "red"), ("Valentina", "blue"), ("Terry", "yellow")][:seated])
        taps += 1
    setup, taps = setupflow.shown_step(setup, "Bounties"), taps + 1
    for card in known:
        setup, taps = setupflow.known_card(setup, card), taps + 1
    settings = setupflow.ready(setup)
    taps += 1  # Start
    assert taps == 9 and isinstance(settings, dict)
    assert [p["character"] for p in settings["players"]] == ["Bart the Kid", "Val", "Terry"]
    assert [p["hand_limit"] for p in settings["players"]] == [5, 4, 5]
    assert [b["name"] for b in settings["bounties"]] == ["Butch Cassidy", "Jesse James", "Belle Starr"]


def test_the_setup_says_what_is_missing_until_it_is_fixed_and_got_it_clears_it():
    setup = setupflow.seated(Setup(), [("Bart", "red"), ("Valentina", "blue")])
    refused = setupflow.ready(setup)
    assert refused.message == "Pick 3 to 6 players in seat order" and refused.step == "Players"
    assert setupflow.shown_step(refused, "Characters").message == ""  # the next tap clears it
    assert setupflow.got_it(refused).message == "" and setupflow.got_it(refused).step == "Players"
    setup = setupflow.seated(setup, [("Bart", "red"), ("Valentina", "blue"), ("Terry", "yellow")])
    refused = setupflow.ready(setup)
    assert refused.message == "Bounty 1: Type the bounty's name as printed on the card." and refused.page == 0



def test_a_card_the_hand_holds_is_refused_once_and_taken_on_the_next_tap_of_it():
    """Issue 37: a card tapped twice was taken twice without a word. The deck holds three of
    each (R-B1), so a second copy is one tap more, said; another tap between forgets it."""
    play = Play().act({"type": "move", "to": "Boot Hill"})
    play("duel", 1)("target", "bounty", "Jesse James").cards(0, "3D")("card", "3D")
    hand = lambda: play.model.flow.duel.desk.slots[0].cards  # noqa: E731
    assert hand() == ("3D",)
    assert play.model.message == ("Refused: 3 Diamonds is already in Bart's hand: tap 3 Diamonds again if there "
                                  "is a second one (the deck has three of each card)")
    play("card", "3D")
    assert hand() == ("3D", "3D") and not play.model.message
    play("card", "3D")("card", "1H")("card", "3D")  # refused, another card, refused again
    assert hand() == ("3D", "3D", "1H") and play.model.message.startswith("Refused: 3 Diamonds is already")
    play.cards(1, "2C")("card", "2C")
    assert play.model.message.startswith("Refused: 2 Clubs is already entered for Drawn for Jesse James")


def test_the_duel_list_offers_only_whom_the_player_can_reach():
    play = Play()
    play("duel", 1)
    offered = [o.tap for o in play.view.targets if o.tap]
    assert offered == [("target", "player", "Valentina"), ("target", "player", "Terry")]
    notes = [o.words for o in play.view.targets if not o.tap]
    assert notes[0] == "Out of reach:" and "Jesse James is found at Boot Hill or Trading Post; Bart is at " \
        "Sheriff's Office." in notes
    play("target", "bounty", "Jesse James")  # a tap from a list gone by: refused with why
    assert play.model.message.startswith("Refused: Jesse James is found at Boot Hill or Trading Post")
    assert not play.model.flow.duel.target


def test_a_whole_game_applies_each_saved_action_once_in_the_store_and_never_in_the_model(monkeypatch):
    """Issue 34: the store alone applies an action (a do once, a redo once, an undo not at
    all here: the stand-in keeps its states); a refusal is the store's, nothing saved, the
    page as it was; undo comes back to the duel's result as it was before Confirm."""
    applies = Applies(monkeypatch, ENGINE)
    play = Play()("move", "Boot Hill")
    play("duel", 1)("target", "bounty", "Jesse James").cards(0, "1H").cards(1, "5S 5D")("to_result")
    result = play.model
    play("confirm")("undo")
    assert play.model.same_place(result)
    play("redo")("heal")
    assert play.model.message.startswith("Refused: getting patched up needs Bart at Doc's") and play.model.page == "town"
    play("end_turn")("train")("train_yes")
    play.cards(0, "1H 1S").cards(1, "2H 2S 2D").cards(2, "4C")("record")
    assert play.state.finished and play.model.news == "Game over: Valentina wins."
    assert play.table.events == ["do", "do", "undo", "redo", "do", "do"]
    assert applies.made == {"tests.screenplay.Table.do": 4, "tests.screenplay.Table.redo": 1}
    assert applies.refused == {"tests.screenplay.Table.do": 1}
