"""A setup's refusal moves nothing under the finger (issue 37): each setup's notice lies over
the top of its form, under the title row (and Bountytown's steps, which say where to go back
to), instead of pushing every target of the page 56 px down while it shows and back up when
the next tap clears it. The words stay readable, and nothing stays hidden under them: a tap on
them reads them, and so does the next tap anywhere else, which goes on to what it falls on."""

from __future__ import annotations

from typing import Callable

import pytest
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.textinput import TextInput

from tests.ui.conftest import Driver
from tests.ui.readability import on_screen, problems
from ui.kit.doubletap import reached
from ui.kit.widgets import Notice

PLAYERS = (("Ann", "red"), ("Bob", "blue"), ("Cid", "green"), ("Dee", "yellow"))


def notice(ui: Driver) -> Notice:
    return next(w for w in ui.widgets() if isinstance(w, Notice))


def targets(ui: Driver) -> dict[tuple[str, str, int], tuple[float, ...]]:
    """Every target a finger can reach on the page (buttons, fields), by kind, words and
    order, at its place and size on the window; the notice's own 'Got it' aside."""
    inside = set(map(id, notice(ui).walk(restrict=True)))
    return {(type(w).__name__, str(getattr(w, "text", "")), i): (*w.to_window(*w.pos), *w.size)
            for i, w in enumerate(ui.widgets())
            if isinstance(w, (ButtonBehavior, TextInput)) and id(w) not in inside and on_screen(w)}


def spurs(ui: Driver) -> tuple[object, Callable[[], object]]:
    """Two players seated and no sheet copied: Start is refused. The next tap: a sheet's field."""
    ui.tap("Spurs")
    ui.tap(ui.find("Ann", root=ui.screen.ids.picker))
    ui.tap(ui.find("Bob", root=ui.screen.ids.picker))
    return ui.find("Home").parent, lambda: ui.find(cls=TextInput, root=ui.screen.ids.characters.children[-1])


def bountytown(ui: Driver) -> tuple[object, Callable[[], object]]:
    """Two players of the three needed: Start is refused on the same step. The next tap:
    another player."""
    ui.tap("Bountytown")
    ui.tap(ui.find("Ann", root=ui.screen.ids.picker))
    ui.tap(ui.find("Bob", root=ui.screen.ids.picker))
    return ui.find("1 Players").parent, lambda: ui.find("Cid", root=ui.screen.ids.picker)


def rapid_city(ui: Driver) -> tuple[object, Callable[[], object]]:
    """Three players and two pads in play: Start is refused (one tile per player). The next
    tap: the pad back in play."""
    ui.tap("Rapid City")
    for colour in ("Red", "Blue", "Green"):
        ui.tap(colour)
    ui.tap(ui.find(startswith="3. Saloon 1"))
    return ui.find("Home").parent, lambda: ui.find(startswith="3. Saloon 1")


@pytest.mark.parametrize("prepare", [spurs, bountytown, rapid_city], ids=["spurs", "bountytown", "rapidcity"])
def test_a_refusal_on_a_setup_moves_no_target_and_hides_nothing_for_good(ui, prepare):
    for name, colour in PLAYERS:
        ui.app.store.add_player(name, colour)
    above, next_tap = prepare(ui)
    ui.pump(2)
    before = targets(ui)
    ui.tap("Start")
    ui.pump(2)
    words = notice(ui)
    assert words.said and on_screen(words), "no refusal shown"
    assert targets(ui) == before, "a target moved under the finger when the refusal showed"
    # readable at 800x480: 16 px or more, whole, in its box
    label = ui.find(words.said, root=words)
    assert label.font_size >= 16 and problems(words, min_text=16) == []
    # over the page, under the title row (and the steps): each of those stays seen and tappable
    assert words.top <= above.y + 0.5
    for button in above.walk(restrict=True):
        if isinstance(button, ButtonBehavior):
            assert reached(*button.to_window(*button.center)) is button, f"{button.text!r} is covered"
    # a tap on the words reads them and reaches nothing under them
    assert reached(*label.to_window(*label.center)) is None
    ui.tap(label)
    assert not words.said and targets(ui) == before
    # shown again: the next tap elsewhere reads it too, and goes on to what it falls on
    ui.tap("Start")
    assert words.said
    target = next_tap()
    ui.tap(target)
    assert not words.said
    assert target.focus if isinstance(target, TextInput) else target.state == "down"
