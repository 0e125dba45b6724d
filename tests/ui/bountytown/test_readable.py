"""Readable across a table (issue 13), on every Bountytown page and form at 800x480, with six
players: nothing under 16 px, nothing cut short, spilling, broken mid-word or pushed out of its
box, every target a finger wide (``tests.ui.readability``), and the words a table reads from
afar (the standings, names with their renown, whose turn, refusals, duel results, the
winner) at 20 px or more."""

from __future__ import annotations

import pytest
from kivy.core.window import Window
from kivy.uix.label import Label

from tests.ui.readability import problems
from ui import theme

from . import walk


def read_from_afar(screen) -> list[str]:
    """The words that matter shown under 20 px."""
    wanted = {getattr(screen, name, "") for name in ("title", "message", "news")}
    if screen.name == "bountytown":
        town, duel, end = screen.ids.town, screen.ids.duel, screen.ids.end
        wanted |= {town.status, duel.result, duel.ready, end.headline}
        wanted |= {row.headline for row in list(town.ids.board.children) + list(end.ids.board.children)}
    wanted.discard("")
    return [f"{w.text[:40]!r}: {w.font_size:.0f} px" for w in screen.walk(restrict=True)
            if isinstance(w, Label) and w.text in wanted and w.font_size < theme.px("TEXT") - 0.01]


@pytest.mark.parametrize("pages", [walk.setup_pages, walk.game_pages, walk.final_duel_pages])
def test_every_page_keeps_the_table_rules(ui, pages):
    assert Window.size == (800, 480)
    walk.add_players(ui)
    seen = []
    for page in pages(ui):
        ui.pump()
        seen.append(page)
        assert problems(ui.screen, layouts=True) == [], page
        assert read_from_afar(ui.screen) == [], page
    assert len(seen) == {"setup_pages": 6, "game_pages": 16, "final_duel_pages": 1}[pages.__name__]
