"""Spurs at the table, counted in real taps on the real widgets: a number on any sheet
changed by one in two taps, a challenge chosen, its exact odds seen and drawn in three,
a physical bag entry in one tap per bullet plus one; the bag entry counts live and says
what a draw cannot take; the final scores whole with a rematch."""

from __future__ import annotations

from companion.spurs.bag import Bag
from companion.spurs.odds import shoot_probability
from companion.spurs.view import percent
from tests.ui.readability import problems
from tests.ui.spurs.driving import ANN, BOB, number, page, sheet
from ui.spurs.controls import BulletDisc
from ui.spurs.draw import ColourTap


class Taps:
    """Counts every tap a test makes through the driver."""

    def __init__(self, ui) -> None:
        self.count = 0
        self.ui = ui
        self._tap = ui.tap
        ui.tap = self.tap

    def tap(self, *args, **kwargs) -> None:
        self.count += 1
        self._tap(*args, **kwargs)


def start(ui) -> None:
    for name, colour in (("Ann", "red"), ("Bob", "yellow")):
        ui.app.store.add_player(name, colour)
    ui.app.start_session("spurs", {"players": [{"name": "Ann", **ANN}, {"name": "Bob", **BOB}], "target_fame": 10})
    ui.pump()


def colour_tap(ui, kind: str) -> ColourTap:
    return next(w for w in ui.widgets() if isinstance(w, ColourTap) and w.kind == kind)


def discs(ui) -> list[str]:
    return [w.colour for w in reversed(page(ui).ids.discs.children) if isinstance(w, BulletDisc)]


def change(ui, name: str, caption: str, step: str) -> int:
    """Tap a number on a sheet, then a step; the taps it took."""
    taps = Taps(ui)
    ui.tap(number(ui, name, caption))
    ui.tap(step)
    return taps.count


def test_fame_plus_one_for_the_current_player_in_two_taps_saved_and_undoable(ui):
    start(ui)
    assert change(ui, "Ann", "fame", "+1") == 2
    assert sheet(ui, "Ann")["fame"] == "1" and page(ui).name == "table"
    assert "Ann: fame +1" in ui.texts()  # the status line says what changed
    session = ui.screen.session
    assert session.actions[-1]["type"] == "adjust" and session.state.players[0].fame == 1
    ui.tap("Undo")
    assert sheet(ui, "Ann")["fame"] == "0"
    assert change(ui, "Ann", "fame", "+3") == 2 and sheet(ui, "Ann")["fame"] == "3"


def test_fame_money_and_spurs_plus_one_for_another_player_in_two_taps_each(ui):
    start(ui)
    assert change(ui, "Bob", "fame", "+1") == 2
    assert change(ui, "Bob", "money", "+$1") == 2
    assert change(ui, "Bob", "spurs", "+1") == 2
    assert change(ui, "Ann", "money", "+$1") == 2
    assert change(ui, "Ann", "spurs", "+1") == 2
    bob, ann = sheet(ui, "Bob"), sheet(ui, "Ann")
    assert (bob["fame"], bob["money"], bob["spurs"]) == ("1", "$1", "1")
    assert (ann["fame"], ann["money"], ann["spurs"]) == ("0", "$1", "1")
    assert bob["turn"] is False and ann["turn"] is True  # nobody's turn moved
    assert [p.money for p in ui.screen.session.state.players] == [1, 1]


def test_the_popover_puts_plus_one_under_the_finger_and_a_tap_beside_it_only_closes_it(ui):
    start(ui)
    spurs = number(ui, "Bob", "spurs")
    ui.tap(spurs)
    plus = ui.find("+1")
    assert plus.collide_point(*plus.to_widget(*spurs.to_window(*spurs.center)))
    assert "Bob's spurs: 0" in ui.texts() and problems(ui.screen) == []
    ui.screenshot("spurs-quick-change")
    ui.tap(ui.find("Bob's spurs: 0"))  # the heading: not a step
    ui.tap(ui.find("Home"))  # beside the popover: closes it, does not go home
    assert ui.app.manager.current == "spurs" and "+1" not in ui.texts()
    assert not ui.screen.session.actions


def test_a_refused_step_shows_the_engines_reason_and_changes_nothing(ui):
    start(ui)
    assert change(ui, "Bob", "money", "-$1") == 2
    assert ui.screen.message == "Refused: Bob has 0 money; cannot lose 1 [Event Card]"
    assert ui.screen.message in ui.texts() and "-$1" not in ui.texts()  # the popover closed
    assert sheet(ui, "Bob")["money"] == "$0" and not ui.screen.session.actions


def test_a_challenge_from_the_table_to_its_drawn_result_in_three_taps_with_the_exact_odds_first(ui):
    start(ui)
    taps = Taps(ui)
    ui.tap("Ann: actions")
    ui.tap("Hunt")
    # the hunt form shows the exact chance of the very draw the next tap makes
    odds = percent(shoot_probability(Bag(**ANN["bag"]), "rifle", 3, 2))
    assert odds in ui.texts() and "chance of at least 2 hits with the rifle" in ui.texts()
    ui.tap("Draw for me")
    assert taps.count == 3
    record = ui.screen.session.state.last_draw[0]
    assert record.mode == "digital" and len(discs(ui)) == 3
    assert ui.screen.session.state.last_outcome in ui.texts()


def test_the_odds_on_the_form_follow_what_is_entered(ui):
    start(ui)
    ui.tap("Ann: actions")
    ui.tap("Hunt")
    ui.tap(ui.find("+", root=page(ui).ids.hits))
    assert percent(shoot_probability(Bag(**ANN["bag"]), "rifle", 3, 3)) in ui.texts()
    assert "chance of at least 3 hits with the rifle" in ui.texts()


def test_a_physical_entry_of_three_bullets_is_four_taps_and_the_entry_counts_live(ui):
    start(ui)
    taps = Taps(ui)
    ui.tap("Ann: actions")
    ui.tap("Hunt")
    form = taps.count
    ui.tap("Enter the bag draw")
    assert "A rifle draw leaves grey in the bag (R-S1): do not count it." in ui.texts()
    grey = colour_tap(ui, "grey")
    assert grey.disabled and "stays in" in grey.text
    brown = colour_tap(ui, "brown")
    assert brown.text == "[b]brown[/b]\n0 taken\n2 left in bag" and brown.font_size >= 20
    ui.tap(brown)
    assert brown.text == "[b]brown[/b]\n1 taken\n1 left in bag"
    ui.tap(brown)
    assert brown.text == "[b]brown[/b]\n2 taken\n0 left in bag" and brown.disabled
    ui.screenshot("spurs-bag-entry-mid-draw")
    ui.tap(colour_tap(ui, "black"))  # the third bullet: the entry is sent with it
    assert page(ui).phase == "after" and discs(ui) == ["brown", "brown", "black"]
    assert ui.screen.session.state.last_draw[0].mode == "physical"
    assert taps.count - form == 3 + 1  # one tap per bullet, plus one
    assert taps.count == 6  # from the table
    assert any(t.startswith("Ann carries P1 (pelt): its ") and t.endswith(
        "fame counts once it is sold at a General Store in town.") for t in ui.texts())


def test_the_final_scores_show_every_bonus_whole_and_offer_a_rematch(ui):
    start(ui)
    first = ui.screen.session
    ui.screen.act({"type": "adjust", "player": "Bob", "fame": 10, "money": 7, "spurs": 2, "posters": 3})
    ui.pump()
    assert page(ui).name == "final"
    ui.screenshot("spurs-final")
    cells = [w for w in ui.widgets() if type(w).__name__ == "ScoreCell"]
    bonuses = next(c for c in cells if "Most" in c.text and "," in c.text)
    assert "Most" in bonuses.text
    assert problems(page(ui)) == []
    assert "Game over: Bob wins." in ui.texts()
    ui.tap("Rematch: same players and sheets")
    again = ui.screen.session
    assert again.id != first.id and again.settings == first.settings
    assert [p.fame for p in again.state.players] == [0, 0] and ui.screen.ids.pages.current == "table"


def test_leaving_the_game_leaves_no_steps_open(ui):
    start(ui)
    ui.tap(number(ui, "Bob", "fame"))
    ui.app.go_home()  # the app may leave by itself (a database problem, a restart of the screen)
    ui.pump()
    ui.tap(ui.find(startswith="Resume Spurs"))
    assert ui.app.manager.current == "spurs" and "+1" not in ui.texts()


def test_a_draw_refused_from_the_form_leaves_the_form_as_it_was(ui):
    start(ui)
    ui.tap("Ann: actions")
    ui.tap("Hunt")
    page(ui).ids.token.text = ""  # the token's name erased (typing is tested on the setup screen)
    ui.tap(ui.find("+", root=page(ui).ids.hits))
    ui.tap("Draw for me")
    assert ui.screen.message.startswith("Refused: ") and "token" in ui.screen.message
    assert page(ui).name == "shoot" and page(ui).ids.hits.value == 3 and not ui.screen.session.actions
