"""The choices the new rulings add, each reached with real taps in at most two from the
table: a Spur spent as a boost or for a re-roll (R-S12), the round-up board's cattle
(R-S11), the Escorted Stagecoach held, stolen in a duel and shown (R-S13), and a duel's
draws entered from the real bags, whites leaving them (R-S8, R-S2)."""

from tests.ui.spurs.driving import begin_game, ids, page, set_stepper, sheet, tap_hex, tap_panel
from ui.spurs.controls import BulletDisc


def state(ui):
    return ui.screen.session.state


def test_a_spur_for_a_re_roll_or_a_boost_and_the_usual_draw_still_accepted_R_S12(ui):
    begin_game(ui)
    assert ui.screen.act({"type": "adjust", "spurs": 2})  # an Event card gave Ann two Spurs
    ui.tap("Ann: actions")
    ui.tap("Spur: re-roll a die")  # two taps from the table
    assert sheet_spurs(ui) == "1" and state(ui).turn.boost == 0
    assert "Ann spent a Spur to re-roll one die" in state(ui).last_outcome
    assert page(ui).name == "actions" and "Spur: extra die + draw (1 left)" in ui.texts()

    ui.tap("Spur: extra die + draw (1 left)")
    assert state(ui).turn.boost == 1 and state(ui).players[0].spurs == 0
    assert any("up to +1 draw(s) available" in t for t in ui.texts())
    ui.tap("Outlaw")
    ui.tap("Enter the bag draw")
    assert "Bullets: 0 of 4 tapped (3 is fine too: the Spur's extra is optional)" in ui.texts()
    for colour in ("grey", "grey", "black"):  # the usual three: the Spur's extra left unused
        ui.tap(ui.find(startswith=f"[b]{colour}[/b]"))
    assert "[b]grey[/b]\n2 taken\n2 left in bag" in ui.texts()  # the buttons count (they stayed at 0)
    assert "[b]brown[/b]\nstays in\nthe bag" in ui.texts()  # a revolver draw leaves browns in
    ui.tap("Done")
    assert not ui.screen.message, ui.screen.message
    assert [w.colour for w in ids(ui).discs.children if isinstance(w, BulletDisc)] == ["black", "grey", "grey"]
    assert state(ui).last_draw[0].drawn.total == 3


def sheet_spurs(ui) -> str:
    ui.tap("Table")
    spurs = sheet(ui, "Ann")["spurs"]
    ui.tap("Ann: actions")
    return spurs


def test_the_round_up_board_holds_the_six_cattle_and_a_success_needs_a_herd_or_no_rounds_left_R_S11(ui):
    begin_game(ui)
    ui.tap("Ann: actions")
    ui.tap("Cattle round-up")
    assert "Tap the 6 hexes where the cattle stand." in ui.texts()
    board = ids(ui).board
    strays = [(0, 0), (1, 0), (0, 1), (2, -2), (-2, 2)]  # a triangle and two strays: five
    for q, r in strays:
        tap_hex(ui, board, q, r)
    assert "5 of 6 cattle tapped: the board holds 6" in ui.texts()
    ui.tap("Round-up done")
    assert ui.screen.message.startswith("Refused: the round-up board holds 6 cattle, one per hex")
    assert ui.screen.message.endswith("5 tapped [R-S11]") and not ui.screen.session.actions
    tap_hex(ui, board, -2, 0)
    assert "6 cattle: $15, no herd (a success only with no rounds left)" in ui.texts()
    set_stepper(ui, ids(ui).rounds_left, 2)
    ui.tap("Round-up done")
    assert ui.screen.message == ("Refused: no herd formed and 2 round(s) left: the round-up succeeds with a "
                                 "herd, or once every round is played without losing a cow [R-S11]")
    set_stepper(ui, ids(ui).rounds_left, 0)
    ui.tap("Round-up done")
    assert page(ui).name == "table" and sheet(ui, "Ann")["money"] == "$15"


def test_the_stagecoach_escort_is_shown_and_a_duel_winner_steals_it_R_S13(ui):
    begin_game(ui)
    tap_panel(ui, "Bob")  # someone else's panel: the Event card page for Bob
    assert ui.find("Nobody escorts the Stagecoach").disabled
    ui.tap("Bob escorts the Stagecoach")  # two taps from the table
    assert page(ui).name == "table" and state(ui).stagecoach == "Bob"
    assert sheet(ui, "Bob")["carries"] == "escorts the Stagecoach"
    assert sheet(ui, "Ann")["carries"] == "carries nothing"

    ui.tap("Ann: actions")
    ui.tap("Duel")
    ui.tap(ui.find("Ann", root=ids(ui).winner))
    ui.tap("Stagecoach")  # the steal: one tap on the duel form
    ui.tap("Draw for me")
    assert not ui.screen.message, ui.screen.message
    assert state(ui).stagecoach == "Ann" and "stole the escorted Stagecoach (Wanted Poster)" in state(ui).last_outcome
    ui.tap("Table")
    assert sheet(ui, "Ann")["carries"] == "escorts the Stagecoach" and sheet(ui, "Ann")["posters"] == "1"
    assert sheet(ui, "Bob")["carries"] == "carries nothing"
    ui.tap("Undo")  # and a steal from someone who does not escort it is refused with the rule
    ui.tap("Ann: actions")
    ui.tap("Duel")
    ui.tap(ui.find("Bob", root=ids(ui).winner))
    ui.tap("Stagecoach")
    ui.tap("Draw for me")
    assert ui.screen.message == "Refused: Ann is not escorting the Stagecoach (Bob does) [R-S13]"
    assert page(ui).name == "duel"  # the form as it was, to correct


def test_a_duel_s_draws_from_the_real_bags_in_a_tap_a_bullet_and_whites_leave_R_S8_R_S2(ui):
    """R-S8: "Each duellist's bag draw is recorded like any shooting draw (entered from the
    physical bag or drawn by the companion), so R-S2's whites leave the bag." From the duel
    form: one tap for the bag entry, then one per bullet, Ann's three then Bob's three; the
    last one sends the duel. Ann's white leaves her bag, Bob's bullets all go back."""
    begin_game(ui)
    ui.tap("Ann: actions")
    ui.tap("Duel")
    ui.tap(ui.find("Ann", root=ids(ui).winner))
    ui.tap(ui.find("Bob: rifle", root=ids(ui).their_weapon))
    form = " ".join(ui.texts())
    assert "71.4%" in form and "chance of Ann hitting twice with the revolver" in form  # 5/7, exact
    drawn = {"Ann": ["grey", "white", "black"], "Bob": ["brown", "brown", "black"]}
    taps = ["Enter the bag draw"] + [colour for bullets in drawn.values() for colour in bullets]
    assert len(taps) <= 6 + 1
    ui.tap(taps[0])
    assert "Ann's bullets (revolver draw): 0 of 3 tapped" in ui.texts()
    for colour in taps[1:4]:
        ui.tap(ui.find(startswith=f"[b]{colour}[/b]"))
    assert "Bob's bullets (rifle draw): 0 of 3 tapped" in ui.texts()
    assert "[b]grey[/b]\nstays in\nthe bag" in ui.texts()  # Bob's rifle leaves his greys in
    for colour in taps[4:]:
        ui.tap(ui.find(startswith=f"[b]{colour}[/b]"))
    assert not ui.screen.message, ui.screen.message
    assert [r.drawn.counts() for r in state(ui).last_draw] == [
        {"grey": 1, "brown": 0, "white": 1, "black": 1, "red": 0},
        {"grey": 0, "brown": 2, "white": 0, "black": 1, "red": 0}]
    assert any(t.startswith("Ann wins the duel") for t in ui.texts())
    ui.tap("Table")
    ann, bob = sheet(ui, "Ann"), sheet(ui, "Bob")
    assert (ann["white"], ann["grey"], ann["black"], ann["fame"]) == ("0", "4", "2", "1")
    assert (bob["white"], bob["brown"], bob["black"], bob["red"]) == ("1", "3", "1", "1")  # and the loser's red
