"""Spurs at the table: the physical bag entry counts live and says what a draw cannot take,
and the common actions take few taps (counted on the real widgets)."""

from __future__ import annotations

from tests.ui.spurs.driving import ANN, BOB, page
from tests.ui.readability import problems
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


def test_the_bag_entry_counts_live_and_a_rifle_draw_leaves_grey_out(ui):
    start(ui)
    taps = Taps(ui)
    ui.tap("Ann: actions")
    ui.tap("Hunt")
    ui.tap("Next: odds and draw")
    before = taps.count
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
    assert page(ui).phase == "after"
    assert ui.screen.session.state.last_draw[0].mode == "physical"
    assert taps.count - before == 3 + 1  # one tap per bullet, plus one
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


def test_a_challenge_from_choice_to_drawn_result_in_three_taps_with_the_odds_first(ui):
    start(ui)
    ui.tap("Ann: actions")
    taps = Taps(ui)
    ui.tap("Hunt")
    ui.tap("Next: odds and draw")
    assert any(t.endswith("%") for t in ui.texts())
    assert any(t.startswith("chance of at least") and t.endswith("with the rifle") for t in ui.texts())
    ui.tap("Draw for me")
    assert taps.count == 3 and ui.screen.state.last_draw
