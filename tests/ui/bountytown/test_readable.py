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
from ui.bountytown.duel import DuelOption

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


def test_the_duel_choices_name_players_at_20_px(ui):
    """Whom to face, under a refusal: the five other players' names on their buttons at
    20 px, whole, each button as tall as its lines."""
    walk.add_players(ui)
    walk.start_game(ui)
    ui.tap("Duel")
    ui.tap("Enter the cards")
    assert ui.screen.message == "Refused: choose a bounty or a player to duel"
    options = [w for w in ui.screen.ids.duel.walk(restrict=True) if isinstance(w, DuelOption)]
    players = [o for o in options if o.text.split(" (")[0] in {name for name, _ in walk.PLAYERS}]
    assert len(players) == 5 and all(o.font_size >= theme.px("TEXT") - 0.01 for o in options)
    assert problems(ui.screen) == []
    # a player holding four bounties takes a third line: the button grows to hold it
    crowded = DuelOption(text="Maximilian (renown 7) at Abandoned Jailhouse; can be stolen: Butch Cassidy, "
                              "Jesse James, Belle Starr, Sam Bass", size_hint_x=None, width=options[0].width)
    crowded.texture_update()
    assert crowded.texture_size[1] > 2.5 * crowded.font_size and crowded.height >= crowded.texture_size[1]
