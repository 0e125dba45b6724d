"""The Spurs screen's flows at engine speed, tap by tap on the screen model, in the rulebook's
words: a number changed in two taps, a challenge seen and drawn in three, a bag entry in one
tap a bullet, a gang revealed card by card, the town, Event cards, the tie-break duel, and a
duel whose draws come first and its winner after (R-S8). The Kivy tests keep the pixels."""

from __future__ import annotations

from typing import Any

from companion.spurs import shown
from companion.spurs.bag import Bag
from companion.spurs.gold import GoldBag
from companion.spurs.odds import gold_distribution, shoot_probability, whole_bag_probability
from companion.spurs.view import percent
from companion.spurs.engine import ENGINE
from tests.screenplay import Applies, played, reread
from tests.spurs.helpers import ANN, BOB

from .screentaps import game

ANN_BAG = Bag(**ANN["bag"])


class Play:
    """A game on the screen model: taps, and what the page shows after each."""

    def __init__(self, players=(ANN, BOB), **settings: Any) -> None:
        self.model, self.table = game(list(players), **{"target_fame": 10, **settings})
        self.taps = 0

    def __call__(self, *tap: Any) -> Play:
        self.model = played(self.model, self.table, *tap)
        self.taps += 1
        return self

    @property
    def state(self):
        return self.table.state

    @property
    def page(self) -> str:
        return self.model.page

    @property
    def view(self):
        return shown.view(self.model)

    @property
    def words(self) -> list[str]:
        return shown.everything(self.model)

    def steps(self, name: str, *taps: Any) -> None:
        """A stepper's field changed to ``name`` by as many taps as it takes."""
        for sign in taps:
            self("step", name, sign)


def test_a_number_changes_by_one_in_two_taps_saved_and_undoable():
    play = Play()
    play("number", "Ann", "fame")("quick", 1)
    assert play.taps == 2 and play.state.players[0].fame == 1 and play.page == "table"
    assert play.view.status == "Ann: fame +1" and play.table.actions[-1]["type"] == "adjust"
    play("undo")
    assert play.state.players[0].fame == 0 and play.view.steps is None
    play("number", "Bob", "money")("quick", 5)("number", "Bob", "spurs")("quick", 1)
    assert (play.state.players[1].money, play.state.players[1].spurs, play.state.current) == (5, 1, 0)


def test_the_steps_close_on_a_tap_beside_them_and_a_refused_step_says_why():
    play = Play()
    play("number", "Bob", "fame")
    assert play.view.steps.heading == "Bob's fame: 0 of 10" and [s for _, s in play.view.steps.steps] == [-1, 1, 2, 3]
    assert play.model.enabled() == {"quick", "close_steps"}  # modal: nothing else under it
    play("close_steps")
    assert play.view.steps is None and not play.table.actions
    play("number", "Bob", "money")("quick", -1)
    assert play.model.message == "Refused: Bob has 0 money; cannot lose 1 [Event Card]"
    assert play.view.steps is None and not play.table.actions


def test_a_challenge_is_chosen_seen_and_drawn_in_three_taps_with_the_exact_odds_first():
    play = Play()
    play("actions")("hunt")
    odds = percent(shoot_probability(ANN_BAG, "rifle", 3, 2))
    assert play.view.odds.chance == odds and play.view.odds.headline == "chance of at least 2 hits with the rifle"
    play("step", "hits", 1)
    assert play.view.odds.chance == percent(shoot_probability(ANN_BAG, "rifle", 3, 3))
    play("step", "hits", -1)("draw_for_me", 42)
    assert play.taps == 5 and play.page == "result"
    record = play.state.last_draw[0]
    assert record.mode == "digital" and record.seed == 42 and len(play.view.discs) == 3
    assert play.view.outcome == play.state.last_outcome


def test_a_physical_entry_is_one_tap_a_bullet_and_says_what_the_draw_leaves_in_the_bag():
    play = Play()
    play("actions")("hunt")
    form = play.taps
    play("enter_draw")
    assert play.view.barred == "A rifle draw leaves grey in the bag (R-S1): do not count it."
    grey, brown = play.view.taps[0], play.view.taps[1]
    assert not grey.enabled and "stays in" in grey.words
    assert brown.words == "[b]brown[/b]\n0 taken\n2 left in bag" and brown.enabled
    play("bullet", "grey")  # a colour this draw cannot take: nothing
    assert play.model.flow.draw.entered == ()
    play.taps -= 1
    play("bullet", "brown")("bullet", "brown")
    assert play.view.taps[1].words == "[b]brown[/b]\n2 taken\n0 left in bag" and not play.view.taps[1].enabled
    play("bullet", "black")  # the third bullet sends the entry
    assert play.page == "result" and play.view.discs == ("brown", "brown", "black")
    assert play.taps - form == 3 + 1  # one tap a bullet, plus one
    assert play.model.news == "Ann carries P1 (pelt): its 1 fame counts once it is sold at a General Store in town."


def test_a_draw_that_cannot_be_made_leaves_the_form_as_it_was():
    play = Play()
    play("actions")("hunt")("set", "token", "   ")("step", "hits", 1)("draw_for_me", 1)
    assert play.model.message == "First type the token's name, as printed on it."
    assert play.page == "form" and play.model.flow.form.get("hits") == 3 and not play.table.actions


def test_a_refused_action_says_why_and_changes_nothing():
    play = Play()
    play("actions")("spend_spur")
    assert play.model.message == "Refused: Ann has no Spur token to spend [Spur Tokens]" and play.page == "menu"
    play("rest")
    assert play.page == "table" and play.view.status == play.state.last_outcome == "Ann rests"
    play("actions")("hunt")
    assert play.model.message == "Refused: Ann's turn is over; end it [Turn Structure]" and play.page == "menu"
    play("end_turn")("actions")("town")("buy")
    assert play.model.message == "First type the Equipment card's name."
    play("set", "item", "Lasso")("buy")
    assert play.model.message == "Refused: Lasso costs $10; Bob has $0 [General Store]"
    assert len(play.table.actions) == 2


def test_a_desperado_gang_is_revealed_card_by_card_and_undo_goes_back_a_card():
    play = Play()
    play("actions")("desperado")("step", "count", 1)
    assert play.view.cards == 1  # standard rule: the first card only
    assert play.view.odds.chance == percent(whole_bag_probability(ANN_BAG, 3, [("revolver", 1)]))
    assert play.view.odds.headline == "chance of beating the 1 known (revolver 1); 1 not revealed yet"
    play("enter_draw")("bullet", "grey")("bullet", "grey")("bullet", "black")
    assert play.page == "result" and play.view.outcome == "beat 1 of 2: reveal the next desperado"
    assert play.view.left.startswith("Desperado 2 of 2: reveal the next card. Bullets not yet counted: 1 grey, 1 black")
    fight = play.model
    play("reveal")
    assert play.view.outcome == "beat all 2 desperado(s): success" and play.state.fight is None
    play("undo")
    assert play.model.same_place(fight) and play.page == "result"


def test_the_house_rule_asks_for_every_card_and_a_dig_shows_its_odds():
    play = Play(gang_rule="house")
    play("actions")("gold")("step", "count", 1)
    assert play.view.cards == 2
    play("step", "count", -1)("step", "count", -1)
    assert play.view.cards == 0
    for n, p in gold_distribution(GoldBag(), 2).items():
        assert f"{n} gold: {percent(p)}" in play.view.odds.lines
    play("draw_for_me", 3)
    found = play.state.last_draw[0].drawn
    assert sorted(play.view.discs) == sorted(["gold"] * found.gold + ["stones"] * found.stones)


def test_a_physical_dig_and_fight_are_entered_on_one_page():
    play = Play()
    play("actions")("gold")("enter_draw")
    for kind in ("gold", "stones", "grey", "black"):
        play("bullet", kind)
    assert play.view.dig_tally == "Dug from the Gold/Stones bag: 2 of 2 tapped"
    assert play.view.tally == "Bullets: 2 of 3 tapped"
    play("bullet", "black")  # the last object asked for sends the entry
    assert play.view.discs == ("gold", "stones", "grey", "black", "black")
    assert play.view.outcome == "beat every desperado: keeping 1 gold" and play.state.players[0].gold == 1


def test_desperados_after_a_dig_with_none_start_from_one():
    play = Play()
    play("actions")("gold")("step", "count", -1)("cancel")("actions")("desperado")
    assert play.model.flow.form.get("count") == 1 and play.view.odds.chance
    play("draw_for_me", 1)
    assert play.page == "result" and play.state.last_draw


def test_a_gang_that_won_waits_for_the_next_fighter():
    play = Play()
    play("actions")("desperado")("step", "count", 1)("set", "card1.weapon", "rifle")
    play.steps("card1.hits", 1, 1)
    play("enter_draw")("bullet", "black")("bullet", "black")("bullet", "red")
    assert play.view.outcome == "beaten by desperado 1: failed, took a red bullet"
    play("end_turn")("actions")("desperado")
    assert play.view.gangs == (("D1", "Fight the gang at D1 (rifle 3 waiting)"),)
    play("fight_gang", "D1")
    bob = Bag(**BOB["bag"])
    assert play.page == "draw" and play.view.odds.chance == percent(whole_bag_probability(bob, 3, [("rifle", 3)]))
    assert play.view.odds.headline == "chance of beating the 1 known (rifle 3); 1 not revealed yet"


def test_horse_rounds_a_town_visit_and_the_doctors_draw():
    play = Play()
    play("actions")("horse")("step", "needed", -1)("round", "clear")("round", "thorny")("round", "clear")
    assert play.view.rounds == "Rounds: 1 clear, 2 thorny"  # no third round on a token of two
    play("record")
    assert play.state.players[0].carried[0].token == "H1" and play.state.players[0].bag.red == 2
    play("end_turn")("end_turn")("actions")("town")("sell")
    play("set", "room", "doctor")("doctor_draw")
    assert play.view.odds.headline == "chance of at least one red bullet leaves"
    play("enter_draw")("bullet", "red")("bullet", "grey")  # the second of two sends the entry
    assert play.view.discs == ("grey", "red") and play.view.outcome == "drew 1 grey, 1 red: 1 red bullet back to the stock"
    ann = play.state.players[0]
    assert (ann.bag.red, ann.money, ann.fame) == (1, 10, 1)


def test_event_cards_and_the_tie_break_duel():
    play = Play(target_fame=2)
    play("sheet", "Bob")  # someone else's sheet: an Event card for them
    assert play.page == "form" and play.model.flow.form.get("who") == "Bob"
    play("step", "posters", 1)("step", "fame", 1)("apply")
    assert (play.state.players[1].fame, play.state.players[1].posters) == (1, 1) and play.page == "table"
    play("actions")("event")
    assert play.model.flow.form.get("who") == "Ann" and play.model.flow.form.get("posters") == 0
    play.steps("fame", 1, 1)
    play("apply")
    assert play.page == "final" and play.view.winner == "Ann and Bob tie on score and money. Who won the duel?"
    play("tiebreak", "Bob")
    assert play.view.winner == "Bob wins!" and play.state.winner == "Bob" and play.view.rematch


def test_a_spur_for_a_re_roll_or_a_boost_and_the_usual_draw_still_accepted_R_S12():
    play = Play()
    play("number", "Ann", "spurs")("quick", 1)("number", "Ann", "spurs")("quick", 1)
    play("actions")("reroll")
    assert play.state.players[0].spurs == 1 and play.state.turn.boost == 0 and play.page == "menu"
    assert play.state.last_outcome == "Ann spent a Spur to re-roll one die"
    play("spend_spur")
    assert play.state.turn.boost == 1 and "up to +1 draw(s) available" in play.view.heading
    play("outlaw")("enter_draw")
    assert play.view.tally == "Bullets: 0 of 4 tapped (3 is fine too: the Spur's extra is optional)"
    for colour in ("grey", "grey", "black"):  # the usual three: the Spur's extra left unused
        play("bullet", colour)
    assert play.page == "draw" and play.view.taps[0].words == "[b]grey[/b]\n2 taken\n2 left in bag"
    assert play.view.taps[1].words == "[b]brown[/b]\nstays in\nthe bag"  # a revolver draw leaves browns in
    play("done")
    assert not play.model.message and play.view.discs == ("grey", "grey", "black")


def test_the_round_up_board_holds_six_cattle_and_a_success_needs_a_herd_or_no_rounds_left_R_S11():
    play = Play()
    play("actions")("cattle")
    assert play.view.herd == "Tap the 6 hexes where the cattle stand."
    for cell in [(0, 0), (1, 0), (0, 1), (2, -2), (-2, 2)]:  # a triangle and two strays: five
        play("toggle", "cells", cell)
    assert play.view.herd == "5 of 6 cattle tapped: the board holds 6"
    play("round_up_done")
    assert play.model.message.startswith("Refused: the round-up board holds 6 cattle, one per hex")
    play("toggle", "cells", (-2, 0))
    assert play.view.herd == "6 cattle: $15, no herd (a success only with no rounds left)"
    play("toggle", "cells", (2, 0))  # a seventh: the board holds six
    assert len(play.model.flow.form.get("cells")) == 6
    play.steps("rounds_left", 1, 1)
    play("round_up_done")
    assert play.model.message == ("Refused: no herd formed and 2 round(s) left: the round-up succeeds with a "
                                  "herd, or once every round is played without losing a cow [R-S11]")
    play.steps("rounds_left", -1, -1)
    play("round_up_done")
    assert play.page == "table" and play.state.players[0].money == 15


def test_a_duel_is_drawn_first_then_its_winner_is_one_tap_R_S8():
    """The table fights with the draw: the companion's draw (or the bag's) is shown, then who
    won is one tap; the steal, if any, is chosen beside it (R-S8)."""
    play = Play()
    play("sheet", "Bob")("escort", "Bob")  # Bob escorts the Stagecoach (R-S13)
    play("actions")("duel")
    assert play.view.odds.headline == "chance of Ann hitting twice with the revolver"
    before = play.taps
    play("draw_for_me", 9)
    assert play.page == "draw" and play.model.flow.draw.phase == "winner" and not play.table.actions[1:]
    drew = play.view.drew
    assert drew.count("The companion drew for") == 2
    assert [(o.words, o.enabled) for o in play.view.winners] == [("Ann won", True), ("Bob won", True)]
    play("steal", "stagecoach")
    assert [(o.words, o.enabled) for o in play.view.winners] == [
        ("Ann won, steals the Stagecoach", True), ("Bob won: Ann has not the Stagecoach to steal", False)]
    play("won", "Bob")  # not on offer: nothing happens
    play("won", "Ann")
    assert play.taps - before == 4 and play.page == "result"
    assert play.state.stagecoach == "Ann" and "stole the escorted Stagecoach (Wanted Poster)" in play.state.last_outcome
    # the draws recorded are those shown before the winner was told
    assert [f"{shown.describe(r)}: {shown.counted(r.drawn)}" for r in play.state.last_draw] == drew.split("\n")


def test_a_duel_entered_from_the_real_bags_is_a_tap_a_bullet_plus_one_and_the_winners_R_S8_R_S2():
    play = Play()
    play("actions")("duel")("set", "their_weapon", "rifle")
    assert play.view.odds.chance == "71.4%"  # 5/7, exact
    before = play.taps
    play("enter_draw")
    assert play.view.tally == "Ann's bullets (revolver draw): 0 of 3 tapped"
    for colour in ("grey", "white", "black"):
        play("bullet", colour)
    assert play.view.tally == "Bob's bullets (rifle draw): 0 of 3 tapped"
    assert play.view.taps[0].words == "[b]grey[/b]\nstays in\nthe bag"  # Bob's rifle leaves his greys in
    for colour in ("brown", "brown", "black"):
        play("bullet", colour)
    assert play.model.flow.draw.phase == "winner"
    play("won", "Ann")
    assert play.taps - before <= 6 + 1 + 1 and not play.model.message
    assert [r.drawn.counts() for r in play.state.last_draw] == [
        {"grey": 1, "brown": 0, "white": 1, "black": 1, "red": 0},
        {"grey": 0, "brown": 2, "white": 0, "black": 1, "red": 0}]
    ann, bob = play.state.players
    assert (ann.bag.white, ann.bag.grey, ann.fame) == (0, 4, 1)  # Ann's white left her bag (R-S2)
    assert (bob.bag.white, bob.bag.brown, bob.bag.red) == (1, 3, 1)  # and the loser's red


def test_undo_of_a_duel_goes_back_to_its_winner_with_the_draws_shown():
    play = Play()
    play("actions")("duel")("draw_for_me", 4)
    waiting = play.model
    play("won", "Bob")
    play("undo")
    assert play.model.same_place(waiting) and play.view.drew == shown.view(waiting).drew


def test_a_whole_game_applies_each_saved_action_once_in_the_store_and_never_in_the_model(monkeypatch):
    """Issue 34: the store alone applies an action (a do once, a redo once, an undo not at
    all here: the stand-in keeps its states), and a refusal is the store's, nothing saved; a
    screen model only says what to save and reads the state back, the flow undo restores its
    own."""
    applies = Applies(monkeypatch, ENGINE)
    play = Play(target_fame=2)
    play("actions")("hunt")("draw_for_me", 7)("end_turn")("end_turn")
    play("sheet", "Bob")("step", "posters", 1)("step", "fame", 1)("apply")
    play("number", "Bob", "money")("quick", -1)
    assert play.model.message.startswith("Refused: Bob has 0 money") and play.page == "table"
    play("actions")("event")("step", "fame", 1)("step", "fame", 1)
    filled = play.model
    play("apply")("undo")
    assert play.model.same_place(filled)  # the form as it was filled
    play("redo")
    assert play.page == "final" and ENGINE.result(play.state) is not None
    assert play.table.events == ["do", "do", "do", "do", "do", "undo", "redo"]
    assert applies.made == {"tests.screenplay.Table.do": 5, "tests.screenplay.Table.redo": 1}
    assert applies.refused == {"tests.screenplay.Table.do": 1}


def test_undo_past_what_the_model_saw_or_after_another_screens_action_starts_from_the_table():
    """The model keeps the flow undo restores for its own actions only: an action of a resumed
    game, or one another screen saved meanwhile, has none, so the screen starts again from its
    first page (the store's undo and redo still undo and redo it)."""
    play = Play()
    play.table.do({"type": "adjust", "player": "Bob", "money": 5, "note": "before the restart"})
    play.model = reread(play.model, play.table)  # a resumed game
    play("actions")("event")("step", "fame", 1)("apply")("actions")
    play("undo")
    assert play.page == "form" and play.state.players[0].fame == 0  # its own: the form as it was
    play("undo")
    assert play.page == "table" and play.state.players[1].money == 0  # one it never saw
    play("redo")("redo")
    assert play.page == "table" and (play.state.players[0].fame, play.state.players[1].money) == (1, 5)
    play("actions")("event")("step", "fame", 1)("apply")("actions")
    play.table.do({"type": "adjust", "player": "Bob", "money": 5, "note": "another screen"})
    play("undo")
    assert play.page == "table" and play.state.players[1].money == 5 and play.model.state == play.state
