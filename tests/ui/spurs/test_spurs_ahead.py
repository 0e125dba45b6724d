"""What Spurs makes ready before the tap that shows it, so the tap fits in a Pi's frame:
every page laid out, the final table's cells made with the screen, and the pages a tap may
show next filled in ahead (bench/bench_taps.py measures the taps themselves)."""

from __future__ import annotations

from companion.spurs import shown
from tests.ui.conftest import pump_until
from tests.ui.spurs.driving import begin_game as start, page
from ui.spurs.table import FORM_PAGES, SpursScreen


def test_every_page_and_inner_page_is_laid_out_before_it_is_first_shown(ui):
    start(ui)
    ui.pump(4)
    pages = ui.screen.ids.pages
    assert pages.current == "table" and pages.width > 700
    assert {p.name: tuple(p.size) for p in pages.screens} == {p.name: tuple(pages.size) for p in pages.screens}
    for inner in (pages.get_screen("draw").ids.phases, pages.get_screen("town").ids.rooms):
        assert inner.width > 300
        assert {tuple(p.size) for p in inner.screens} == {tuple(inner.size)}


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


def test_the_pages_a_tap_may_show_next_are_filled_in_ahead_and_filling_them_saves_nothing(ui, monkeypatch):
    """The menu's forms are filled in ahead with what their taps will show; a tap tried ahead
    that would save (here Rest, put among them) only says so: nothing is saved or shown."""
    monkeypatch.setitem(SpursScreen.AHEAD, "menu", (("rest",), ("hunt",), ("town",)))
    start(ui)
    session = ui.screen.session
    seq = session.seq
    ui.tap("Actions")
    pump_until(ui, lambda: not ui.screen._ahead_taps)  # noqa: SLF001
    model, pages = ui.screen.model, ui.screen.ids.pages
    for kind in ("hunt", "town"):
        assert pages.get_screen(FORM_PAGES[kind]).view == shown.view(model.tap(kind).model), kind
    assert session.seq == seq and not session.actions and model.page == "menu" and pages.current == "menu"
