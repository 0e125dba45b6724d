"""The Mini Board's cattle are named on their hexes in words ("COW", not by colour alone),
at the table's floor of 16 px at 800x480 (issue 37 measured 15 px)."""

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Rectangle

from tests.ui.spurs.driving import begin_game, page, tap_hex
from ui.kit import theme


def test_a_cow_on_the_board_reads_at_16_px_inside_its_hex(ui):
    begin_game(ui)
    ui.tap("Actions")
    ui.tap("Cattle round-up")
    board = page(ui).ids.board
    tap_hex(ui, board, 0, 0)
    [word] = [i for i in board.canvas.children if isinstance(i, Rectangle) and i.texture is not None]
    floor = CoreLabel(text="COW", font_size=theme.px("TEXT_SMALL"), bold=True)
    floor.refresh()
    assert word.size[1] >= floor.texture.size[1], (word.size, floor.texture.size)
    assert word.size[0] <= board.side * 3 ** 0.5 - 8  # inside its hex, clear of the edges
