"""Readable across a table (issue 13), on every Bountytown page and form at 800x480, with six
players: nothing under 16 px, nothing cut short, spilling, broken mid-word or pushed out of its
box, every target a finger wide (``tests.ui.readability``), and the words a table reads from
afar (the standings, names with their renown, whose turn, refusals, duel results, the
winner) at 20 px or more."""

from __future__ import annotations

from dataclasses import replace

import pytest
from kivy.core.text import Label as CoreLabel
from kivy.core.window import Window
from kivy.uix.label import Label

from companion.bountytown import shown
from tests.ui.readability import problems, taken_taps
from ui.kit import theme
from ui.bountytown.cards import SlotTab
from ui.bountytown.town import NameTag, Option
from ui.kit.hyphens import at_hyphens

from . import walk
from .test_hand_chips import on_screen
from .test_play import enter_card

#: six at the table, one with a 23-letter name of two words
LONG_NAMES = (("Bartholomew", "red"), ("Ezekiel Fitzwilliam-Hay", "blue"), ("Wilhelmina", "yellow"),
              ("Valentina", "green"), ("Josephine", "purple"), ("Maximilian", "orange"))


def laid_out(label: Label) -> list[str]:
    """The lines a label's text was laid out in."""
    label.texture_update()
    return ["".join(w.text for w in line.words).strip() for line in label._label._cached_lines]  # noqa: SLF001


def read_from_afar(screen) -> list[str]:
    """The words that matter shown under 20 px."""
    wanted = {getattr(screen, name, "") for name in ("title", "message", "news")}
    if screen.name == "bountytown":
        town, duel, end = screen.ids.town.view, screen.ids.duel.view, screen.ids.end.view
        wanted |= {town.status, town.turn, duel.result, duel.ready, end.headline}
        wanted |= {row.headline for row in town.board + end.board}
    wanted.discard("")
    names = [name for name, _ in walk.PLAYERS]
    return [f"{w.text[:40]!r}: {w.font_size:.0f} px" for w in screen.walk(restrict=True)
            if isinstance(w, Label) and (w.text in wanted or any(n in w.text for n in names))
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
        assert taken_taps(ui.screen) == [], page
        assert read_from_afar(ui.screen) == [], page
    assert len(seen) == {"setup_pages": 6, "game_pages": 20, "final_duel_pages": 1}[pages.__name__]


def test_six_long_names_stand_whole_in_one_town_cell_under_a_refusal(ui):
    """Everyone starts at the Sheriff's Office: six long names, each whole on one line at
    20 px inside the cell, with a refusal taking its room above the town."""
    walk.add_players(ui)
    walk.start_game(ui)
    ui.tap("Heal")
    assert ui.screen.message.startswith("Refused:")
    cell = next(c for c in ui.screen.ids.town.ids.cells.children if c.shown.location == "Sheriff's Office")
    tags = [w for w in cell.walk(restrict=True) if isinstance(w, NameTag)]
    assert sorted(t.text for t in tags) == sorted(name for name, _ in walk.PLAYERS)
    for tag in tags:
        assert tag.font_size >= theme.px("TEXT") - 0.01 and tag.height < 2 * tag.font_size, tag.text  # one line
        assert cell.x <= tag.x and tag.right <= cell.right and cell.y <= tag.y and tag.top <= cell.top, tag.text
    assert problems(ui.screen) == []


def test_the_town_gives_a_crowd_its_room_and_takes_it_back(ui):
    """Six at the Sheriff's Office under a refusal: the refusal lies over the town's top (it
    moves nothing) and the turn line stays; when they move on, every row shrinks back to what
    its cell now holds (Bank's words stay inside it)."""
    walk.add_players(ui)
    walk.start_game(ui)
    town = ui.screen.ids.town
    turn = ui.find(f"{walk.FIRST} to play: 3 of 3 actions left")
    assert turn.opacity == 1 and turn.height >= turn.font_size
    ui.tap("Heal")
    ui.pump()
    assert turn.opacity == 1 and turn.height >= turn.font_size and problems(ui.screen) == []
    ui.tap("Got it")
    ui.pump()
    assert turn.opacity == 1 and turn.height >= turn.font_size and problems(ui.screen) == []

    def fitted() -> None:
        cells = list(reversed(town.ids.cells.children))
        for row in range(3):
            three = cells[3 * row:3 * row + 3]
            assert town.ids.cells.rows_minimum[row] == max(c.needed for c in three)
            assert all(c.height >= c.needed - 0.5 for c in three), [c.shown.location for c in three]
        assert problems(ui.screen) == []

    ui.pump()
    fitted()
    crowded = next(c for c in town.ids.cells.children if c.shown.location == "Sheriff's Office").height
    for player, to in enumerate(("Bank", "Doc's", "Bank", "Boot Hill", "Doc's")):
        assert ui.screen.act({"type": "move", "to": to}), ui.screen.message
        walk.next_players(ui, 1)
        ui.pump()
        fitted()
    assert next(c for c in town.ids.cells.children if c.shown.location == "Sheriff's Office").height < crowded


def test_the_setup_reads_the_longest_names_whole_on_their_chips(ui):
    """Step 2, Characters: a 24-letter name and a 23-letter one on one line at 20 px on their
    chips; a name wider than its chip wraps between its words (or after its hyphen) and its row
    grows to hold it, the character box and the hand limit beside it."""
    walk.add_players(ui)
    ui.tap("Bountytown")
    for name, _ in walk.PLAYERS:
        ui.tap(ui.find(name, root=ui.screen.ids.picker))
    ui.tap("2 Characters")
    rows = list(reversed(ui.screen.ids.characters.children))
    for row, (name, _) in zip(rows, walk.PLAYERS):
        chip = row.ids.chip
        assert chip.text == name and len(laid_out(chip)) == 1 and chip.font_size >= theme.px("TEXT") - 0.01
        assert row.height == pytest.approx(theme.px("TOUCH"))
    assert problems(ui.screen) == []
    row = rows[0]
    row.shown = replace(row.shown, player="Calamity Jane Wilhelmina Cannary")  # wider than any 24 letters
    ui.pump()
    assert len(laid_out(row.ids.chip)) == 2 and " ".join(laid_out(row.ids.chip)) == row.shown.player
    row.shown = replace(row.shown, player="Wilhelmina-Montgomeryshire-Fitzgerald")
    ui.pump()
    assert laid_out(row.ids.chip) == ["Wilhelmina-", "Montgomeryshire-", "Fitzgerald"]
    assert row.height >= row.ids.chip.texture_size[1] and problems(ui.screen) == []


def test_a_hyphenated_name_breaks_after_its_hyphen_only_where_it_does_not_fit():
    size = theme.px("TEXT")
    whole = CoreLabel(font_size=size).get_extents("Bartholomew-Fitzwilliams holds")[0]
    assert at_hyphens("Bartholomew-Fitzwilliams holds", whole, size) == "Bartholomew-Fitzwilliams holds"
    assert at_hyphens("Bartholomew-Fitzwilliams holds", whole * 0.6, size) == "Bartholomew-\nFitzwilliams holds"
    assert at_hyphens("Anne-Marie-Louise Smith", 10 * size, size) == "Anne-Marie-Louise Smith"
    assert at_hyphens("Anne-Marie-Louise", 6 * size, size) == "Anne-Marie-\nLouise"
    assert at_hyphens("Maximilian Wolfgangsson", 3 * size, size) == "Maximilian Wolfgangsson"  # no hyphen: Kivy's
    assert at_hyphens("Ezekiel Fitzwilliam-Hay\nholds", 6 * size, size) == "Ezekiel Fitzwilliam-\nHay\nholds"


def test_a_name_wider_than_its_cell_wraps_between_its_words():
    tag = NameTag(text="Calamity Jane Cannary", font_size=theme.TEXT)
    tag.texture_update()
    wide = tag.width
    tag.room = wide * 0.7
    tag.texture_update()
    lines = laid_out(tag)
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
    options = [w for w in ui.screen.ids.duel.walk(restrict=True) if isinstance(w, Option)]
    players = [o for o in options if o.text.split(" (")[0] in {name for name, _ in walk.PLAYERS}]
    assert len(players) == 5 and all(o.font_size >= theme.px("TEXT") - 0.01 for o in options)
    assert problems(ui.screen) == []
    # a player holding four bounties takes a third line: the button grows to hold it
    crowded = Option(shown=shown.Option("Maximilian (renown 7) at Abandoned Jailhouse; can be stolen: Butch "
                                        "Cassidy, Jesse James, Belle Starr, Sam Bass", False, ("target",)),
                     size_hint_x=None, width=options[0].width)
    crowded.texture_update()
    assert crowded.texture_size[1] > 2.5 * crowded.font_size and crowded.height >= crowded.texture_size[1]


def tabs_read_whole(desk) -> list[str]:
    """The desk's tabs, each checked to read its words at 20 px, whole on their lines (wrapped
    between words) and inside the tab, on screen."""
    tabs = [t for t in reversed(desk.ids.tabs.children) if isinstance(t, SlotTab)]
    for tab in tabs:
        assert tab.font_size >= theme.px("TEXT") - 0.01 and on_screen(tab), tab.text
        assert " ".join(laid_out(tab)) == tab.text.replace("-\n", "- ").replace("\n", " ") or tab.text, tab.text
        assert tab.texture_size[0] <= tab.width and tab.texture_size[1] <= tab.height + 1.5, tab.text
    return [tab.text for tab in tabs]


def test_the_final_duel_tabs_read_six_long_names_whole(ui):
    """Six tied at the Train, one a 23-letter name: while each hand is entered, three tabs read
    the active hand's name and its neighbours' at 20 px, whole and wrapped between words, and
    the next hand's tab is one tap away, so tapping on reaches all six; the grid and the hand
    (its rank at 20 px) stay whole under them at 800x480."""
    walk.add_players(ui, LONG_NAMES)
    walk.to_the_train(ui, LONG_NAMES)
    desk = ui.screen.ids.end.ids.desk
    names = [name for name, _ in LONG_NAMES]
    model = lambda: ui.screen.model.flow.final  # noqa: E731
    assert [slot.title for slot in model().slots] == names
    for index, name in enumerate(names):
        if model().active != index:  # (a full hand moves the desk on by itself)
            ui.tap(ui.find(startswith=name, root=desk.ids.tabs))  # the next hand, one tap away
        assert model().active == index
        shown = tabs_read_whole(desk)
        assert [text.strip("<> ") for text in shown] == names[max(0, min(index - 1, 3)):][:3]
        assert (shown[0].startswith("< ") == (index > 1)) and (shown[-1].endswith(" >") == (index < 4))
        ui.screenshot(f"bountytown-final-duel-six-long-{index + 1}")
        assert problems(ui.screen) == [] and read_from_afar(ui.screen) == [], name
        heading = ui.find(startswith="[b]", root=desk.ids.stack)
        assert heading.font_size >= theme.px("TEXT") - 0.01
        enter_card(ui, "2H" if index % 2 else "3S", root=desk)
        assert model().slots[index].rank_name() == "High Card"  # the heading's first line, large
    assert all(slot.cards for slot in model().slots)


def test_a_player_duel_reads_a_23_letter_name_whole_on_its_tab(ui):
    """Ezekiel Fitzwilliam-Hay faces Bartholomew: both tabs read "... holds" at 20 px, the long
    one on two lines broken between words, with the hand, its Remove last and the grid all on
    screen."""
    walk.add_players(ui, LONG_NAMES)
    walk.start_game(ui, LONG_NAMES)
    screen = ui.screen
    for action in ({"type": "move", "to": "Boot Hill"}, {"type": "end_turn", "reveal": []},
                   {"type": "move", "to": "Boot Hill"}):  # Bartholomew, then Ezekiel, to Boot Hill
        assert screen.act(action), screen.message
    ui.tap("Duel")
    ui.tap(ui.find(startswith="Bartholomew", root=screen.ids.duel.ids.targets))
    ui.tap("Enter the cards")
    desk = screen.ids.duel.ids.desk
    assert tabs_read_whole(desk) == ["Ezekiel Fitzwilliam-Hay holds", "Bartholomew holds"]
    assert len(laid_out(ui.find("Ezekiel Fitzwilliam-Hay holds", root=desk.ids.tabs))) == 2
    for card in ("1H", "1S", "2G", "4D"):
        enter_card(ui, card, root=desk)
    ui.screenshot("bountytown-duel-long-name")
    assert on_screen(ui.find("Remove last", root=desk)) and on_screen(desk.ids.grid)
    assert problems(ui.screen) == [] and read_from_afar(ui.screen) == []
