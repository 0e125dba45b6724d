"""What Spurs makes ready before the tap that shows it, so the tap fits in a Pi's frame:
every page laid out, the bag entry filled while the odds are read, the final table's
cells made with the screen (bench/bench_taps.py measures the taps themselves)."""

from __future__ import annotations

from kivy.base import EventLoop
from kivy.tests.common import UnitTestTouch

from tests.ui.spurs.driving import page, tap_panel
from tests.ui.spurs.test_spurs_at_the_table import start
from ui.spurs.draw import ColourTap


def rendered(label) -> bool:
    """The label's words are already in its texture (Kivy renders them a frame after they
    change; a markup label's rendered text is wrapped in its colour)."""
    return label._label is not None and label.text in label._label.text  # noqa: SLF001


def test_every_page_and_inner_page_is_laid_out_before_it_is_first_shown(ui):
    start(ui)
    ui.pump(4)
    pages = ui.screen.ids.pages
    assert pages.current == "table" and pages.width > 700
    assert {p.name: tuple(p.size) for p in pages.screens} == {p.name: tuple(pages.size) for p in pages.screens}
    for inner in (pages.get_screen("draw").ids.phases, pages.get_screen("town").ids.rooms):
        assert inner.width > 300
        assert {tuple(p.size) for p in inner.screens} == {tuple(inner.size)}


def test_the_bag_entry_is_filled_and_rendered_while_the_form_is_read(ui):
    start(ui)
    tap_panel(ui, "Ann")
    ui.tap("Hunt")
    ui.pump(3)
    draw = ui.screen.ids.pages.get_screen("draw")
    assert page(ui).name == "shoot"  # the draw page is not on show...
    taps = {t.kind: t for t in draw.ids.phases.get_screen("enter").walk() if isinstance(t, ColourTap)}
    brown = taps["brown"]
    assert brown.text == "[b]brown[/b]\n0 taken\n2 left in bag" and rendered(brown)  # ...yet ready
    assert "stays in" in taps["grey"].text and taps["grey"].disabled
    assert draw.barred == "A rifle draw leaves grey in the bag (R-S1): do not count it."
    ui.tap("Enter the bag draw")
    assert page(ui) is draw and draw.phase == "enter"
    assert all(rendered(t) for t in taps.values())
    ui.tap(brown)
    assert brown.text == "[b]brown[/b]\n1 taken\n1 left in bag"


def test_a_form_changed_after_its_entry_was_made_ready_draws_as_the_form_now_says(ui):
    """The draw page made ready for the form as first shown is told the form as it is when
    the entry is tapped (here a stepper changed with no frame in between)."""
    start(ui)
    tap_panel(ui, "Ann")
    ui.tap("Hunt")
    ui.pump(3)
    assert ui.screen.ids.pages.get_screen("draw").pending["hits"] == 2
    page(ui).ids.hits.value = 3
    ui.tap("Enter the bag draw")
    draw = page(ui)
    assert draw.name == "draw" and draw.phase == "enter"
    assert draw.pending["hits"] == 3 and draw.plan.bullets == 3


def test_the_game_end_shows_its_table_in_cells_made_with_the_screen(ui):
    start(ui)
    final = ui.screen.ids.pages.get_screen("final")
    made = {id(cell) for cell in final._cells._kept}  # noqa: SLF001
    assert len(made) == 6 * 7  # six columns, a heading and six players
    ui.screen.act({"type": "adjust", "player": "Bob", "fame": 10})
    ui.pump()
    assert page(ui) is final
    cells = list(final.ids.rows.children)
    assert len(cells) == 6 * 3 and all(id(cell) in made for cell in cells)


def test_the_duel_form_is_filled_while_the_menu_is_read_and_its_draw_once_it_shows(ui):
    """The duel's choices name the duellists (a button each, made ahead) and its odds are worked
    out while the menu shows; the bag entry is made ready for the duel only once the form is
    on show, after the frame that shows it (bench_taps: the tap on Duel 6.3 -> 1.3 ms here)."""
    start(ui)
    tap_panel(ui, "Ann")
    ui.pump(3)
    pages = ui.screen.ids.pages
    duel, draw = pages.get_screen("duel"), pages.get_screen("draw")
    assert page(ui).name == "actions"
    buttons = duel.ids.my_weapon.children + duel.ids.their_weapon.children
    assert sorted(b.text for b in buttons) == ["Ann: revolver", "Ann: rifle", "Bob: revolver", "Bob: rifle"]
    assert all(rendered(b) for b in buttons) and duel.chance == "71.4%"
    assert draw.plan is None
    ui.pump(30)  # the menu read: no frame is drawn for a page not on show
    button = ui.find("Duel")
    touch = UnitTestTouch(*button.to_window(*button.center))
    touch.touch_down()
    ui.pump(1)  # the button's pressed look: a frame
    touch.touch_up()
    EventLoop.idle()  # the frame that shows the form
    assert page(ui) is duel and draw.plan is None
    ui.pump(2)
    assert [d.weapon for d in draw.plan.parts] == ["revolver", "revolver"]
