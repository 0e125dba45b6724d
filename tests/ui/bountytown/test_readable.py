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
from ui.bountytown.cards import SlotTab
from ui.bountytown.duel import DuelOption
from ui.bountytown.town import NameTag

from . import walk


def read_from_afar(screen) -> list[str]:
    """The words that matter shown under 20 px."""
    wanted = {getattr(screen, name, "") for name in ("title", "message", "news")}
    if screen.name == "bountytown":
        town, duel, end = screen.ids.town, screen.ids.duel, screen.ids.end
        wanted |= {town.status, duel.result, duel.ready, end.headline}
        wanted |= {row.headline for row in list(town.ids.board.children) + list(end.ids.board.children)}
    wanted.discard("")
    names = [name for name, _ in walk.PLAYERS]
    return [f"{w.text[:40]!r}: {w.font_size:.0f} px" for w in screen.walk(restrict=True)
            if isinstance(w, Label) and (w.text in wanted or (any(n in w.text for n in names)
                                                          and not isinstance(w, SlotTab)))
            and w.font_size < theme.px("TEXT") - 0.01]


@pytest.mark.parametrize("pages", [walk.setup_pages, walk.game_pages, walk.final_duel_pages])
def test_every_page_keeps_the_table_rules(ui, pages):
    assert Window.size == (800, 480)
    walk.add_players(ui)
    seen = []
    for page in pages(ui):
        ui.pump()
        seen.append(page)
        ui.screenshot(f"bountytown-{pages.__name__}-{len(seen):02}")  # to look at: what the table sees
        assert problems(ui.screen, layouts=True) == [], page
        assert read_from_afar(ui.screen) == [], page
    assert len(seen) == {"setup_pages": 6, "game_pages": 17, "final_duel_pages": 1}[pages.__name__]


def test_six_long_names_stand_whole_in_one_town_cell_under_a_refusal(ui):
    """Everyone starts at the Sheriff's Office: six long names, each whole on one line at
    20 px inside the cell, with a refusal taking its room above the town."""
    walk.add_players(ui)
    walk.start_game(ui)
    ui.tap("Heal")
    assert ui.screen.message.startswith("Refused:")
    cell = next(c for c in ui.screen.ids.town.ids.cells.children if c.location == "Sheriff's Office")
    tags = [w for w in cell.walk(restrict=True) if isinstance(w, NameTag)]
    assert sorted(t.text for t in tags) == sorted(name for name, _ in walk.PLAYERS)
    for tag in tags:
        assert tag.font_size >= theme.px("TEXT") - 0.01 and tag.height < 2 * tag.font_size, tag.text  # one line
        assert cell.x <= tag.x and tag.right <= cell.right and cell.y <= tag.y and tag.top <= cell.top, tag.text
    assert problems(ui.screen) == []


def test_a_name_wider_than_its_cell_wraps_between_its_words():
    tag = NameTag(text="Calamity Jane Cannary", font_size=theme.TEXT)
    tag.texture_update()
    wide = tag.width
    tag.room = wide * 0.7
    tag.texture_update()
    lines = ["".join(w.text for w in line.words).strip() for line in tag._label._cached_lines]  # noqa: SLF001
    assert tag.width <= tag.room and len(lines) > 1 and " ".join(lines) == tag.text  # whole words on each line
    tag.text = "Ann"
    tag.texture_update()
    assert tag.width < tag.room and tag.height < 2 * tag.font_size  # one line again, as narrow as its name


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
