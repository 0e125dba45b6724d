"""A whole Rapid City game played through the widgets with simulated pads: setup, every
kind of card, identity taps, touches, the verdict before the commit, an undone card, the
end screen and the past calls; then a restart in the middle of a game resumes it."""

from __future__ import annotations

from typing import Any

import pytest
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput

from companion.rapidcity.model import FORBIDDEN_BY, LOCATIONS
from companion.rapidcity.roundfile import card_to_json
from tests.ui.conftest import pump_until, start_app, stop_app
from ui.rapidcity.panels import PressRowView
from ui.rapidcity.referee import RefereeScreen

SEED = 10  # character, disarmed, character, healing, two characters, disarmed, armed, ...
PAD_OF = {"prison": 1, "tipi": 2, "saloon": 3}  # the built-in pad map's first three pads
MS = 1_000_000


@pytest.fixture(autouse=True)
def quick_reveal(monkeypatch):
    """Keep the random wait before a card, but make it a frame or two long."""
    monkeypatch.setattr(RefereeScreen, "delay_s", (0.01, 0.02))
    monkeypatch.setattr("ui.rapidcity.setup.new_seed", lambda: SEED)


def badges(ui) -> list[str]:
    """The bullets strip as it reads: each badge's name and count."""
    return [" / ".join(label.text for label in reversed(badge.children))
            for badge in reversed(ui.screen.ids.bullets.children)]


def standing(state) -> list[str]:
    counts = [state.bullets_of(p) for p in state.players]
    return [f"{state.name_of(p)} / {n}" for p, n in zip(state.players, counts)]


def set_up(ui, *, ultimate: bool = True) -> RefereeScreen:
    """Setup through its widgets: three colours, two of them named, both variant decks."""
    ui.tap("Rapid City")
    for colour in ("Red", "Blue", "Green"):
        ui.tap(colour)
    for colour, name in (("red", "Ann"), ("blue", "Bob")):
        row = ui.screen.rows[colour]
        ui.tap(ui.find(cls=TextInput, root=row))
        ui.type(name)
    ui.tap("Healing cards: off")
    ui.tap("Two Characters: off")
    if ultimate:
        ui.tap("Ultimate (hands): off")
    ui.screenshot("rapidcity-setup")
    ui.tap("Start")
    screen = ui.screen
    assert isinstance(screen, RefereeScreen)
    assert screen.session.settings["seed"] == SEED
    assert screen.state.names == ("Ann", "Bob", "green")
    assert screen.state.settings.ultimate is ultimate
    return screen


def reveal(ui) -> dict[str, Any]:
    ui.tap("Ready")
    assert ui.screen.stage in ("waiting", "window"), (ui.screen.message, ui.screen.model.stage())  # the wait may be over within the tap
    pump_until(ui, lambda: ui.screen.stage == "window")
    assert ui.screen.panels["window"].shown.title in ui.texts()
    return ui.screen.model.card.template["card"]


def claim_every_tile(ui) -> None:
    """Ready, the card, and a pawn pressed onto every tile in pad order, up to the photo finish."""
    screen = ui.screen
    ui.tap("Ready")
    pump_until(ui, lambda: screen.stage == "window")
    hw = ui.app.hardware()
    for tile in screen.state.tiles:
        hw.press(tile.pad)
    pump_until(ui, lambda: screen.stage == "finish")


def plan_for(card: dict[str, Any]) -> list[tuple[str, int]]:
    """Who runs to which pad, in order: Ann (red) always lands somewhere she should not."""
    if card["type"] == "character":
        bad = FORBIDDEN_BY[card["character"]]
        good = [loc for loc in LOCATIONS if loc != bad]
        return [("red", PAD_OF[bad]), ("blue", PAD_OF[good[0]]), ("green", PAD_OF[good[1]])]
    if card["type"] == "two_characters":
        (free,) = set(LOCATIONS) - {FORBIDDEN_BY[c] for c in card["characters"]}
        others = [loc for loc in LOCATIONS if loc != free]
        return [("blue", PAD_OF[free]), ("red", PAD_OF[others[0]]), ("green", PAD_OF[others[1]])]
    others = [loc for loc in LOCATIONS if loc != card["location"]]  # healing: Bob first on it
    return [("blue", PAD_OF[card["location"]]), ("red", PAD_OF[others[0]]), ("green", PAD_OF[others[1]])]


def race(ui, plan: list[tuple[str, int]], *, dead_heat: bool = False) -> None:
    """The pawns land; the last two a hair apart when ``dead_heat``. Claims show as they come."""
    hw = ui.app.hardware()
    screen = ui.screen
    for i, (_who, pad) in enumerate(plan):
        if dead_heat and i == 2:
            hw.press(pad, at_ns=screen.model.card.edges[-1].t_ns + MS // 2)
        else:
            hw.press(pad)
        ui.pump(1)
        if i < len(plan) - 1:
            tile = screen.tiles[pad]
            assert tile.shown.claim.startswith(("1st", "2nd", "3rd")) and tile.shown.claim.endswith(" ms")
            if i == 1 and not dead_heat:
                ui.screenshot("rapidcity-claims")
    pump_until(ui, lambda: screen.stage == "finish")


def name_tiles(ui, plan: list[tuple[str, int]]) -> None:
    screen = ui.screen
    names = dict(zip(screen.state.players, screen.state.names))
    rows = {row.shown.press[0]: row for row in press_rows(screen)}
    for who, pad in plan:
        ui.tap(in_view(ui, chip_of(rows[pad], names[who])))
    card = screen.model.card
    assert {e.pad: screen.model.who()[e.pad, e.t_ns] for e in card.presses()} == {pad: who for who, pad in plan}


def press_rows(screen, stage: str = "finish") -> list[PressRowView]:
    """The rows of presses to name on ``stage``'s panel, in the order shown."""
    return [row for row in reversed(screen.panels[stage].ids.rows.children) if row.shown.press is not None]


def chip_of(root, name: str):
    """The chip of player ``name`` under ``root`` (its words may break after a hyphen)."""
    (chip,) = [w for w in root.walk(restrict=True) if getattr(getattr(w, "shown", None), "name", None) == name]
    return chip


def in_view(ui, widget):
    """``widget`` scrolled into view, as a finger's swipe would: the list under it scrolls,
    nothing else moves. Not only its row: a row of six long names is taller than the view."""
    scroll = widget.parent
    while not isinstance(scroll, ScrollView):
        scroll = scroll.parent
    scroll.scroll_to(widget, padding=0, animate=False)
    ui.pump(2)
    return widget


def touch(ui, by: str, pawn: str) -> None:
    """A touch in two taps: who touched, then whose pawn (the chips change in place)."""
    chips = ui.screen.panels["touches"].ids.chips
    names = dict(zip(ui.screen.state.players, ui.screen.state.names))
    ui.tap(chip_of(chips, names[by]))
    ui.tap(chip_of(chips, names[pawn]))


def enter_touches(ui, card: dict[str, Any]) -> None:
    ui.tap("Touches")
    assert ui.screen.stage == "touches"
    players = list(ui.screen.state.players)
    if card["type"] == "armed":
        attacker = card["player"]
        victim = players[(players.index(attacker) + 1) % len(players)]
        touch(ui, attacker, victim)  # the attacker is first on the next pawn: its owner is hit
        for defender in players:
            if defender not in (attacker, victim):
                touch(ui, defender, defender)
    else:
        touch(ui, "blue", "blue")  # Bob could not keep his hands up


def see_the_call_and_confirm(ui, shot: str | None = None) -> None:
    """The verdict is on screen with its reasons while nothing is saved; Confirm saves it."""
    screen = ui.screen
    before = screen.state.position
    ui.tap("Verdict")
    assert screen.stage == "verdict"
    preview = screen.model.preview()
    panel = screen.panels["verdict"]
    hit = [screen.state.name_of(p) for p, b in preview.bullets.items() if b]
    assert all(f"{name} takes a bullet" in panel.shown.outcomes for name in hit)
    assert all(f"{name} takes a bullet" in " ".join(ui.texts()) for name in hit)
    assert len(panel.ids.notes.children) == len(preview.notes) > 0
    assert screen.state.position == before  # shown, not committed
    if shot:
        ui.screenshot(shot)
    ui.tap("Confirm")
    assert screen.state.position == before + 1
    assert screen.state.played[-1].verdict["totals"] == preview.totals
    assert badges(ui) == standing(screen.state)


def release_all(ui) -> None:
    hw = ui.app.hardware()
    for pad, tile in ui.screen.tiles.items():
        if tile.pressed:
            hw.release(pad)
    pump_until(ui, lambda: not any(t.pressed for t in ui.screen.tiles.values()))


def play_card(ui, number: int, shots: set[str] | None = None) -> None:
    """One card from Ready to Confirm; ``shots`` names the screenshots still to take."""
    shots = set() if shots is None else shots
    screen = ui.screen
    if "ready" in shots:
        shots.discard("ready")
        ui.screenshot("rapidcity-ready")
    card = reveal(ui)
    if screen.model.card.decided_by_pads:
        plan = plan_for(card)
        race(ui, plan, dead_heat=number == 1)
        if number == 1:
            texts = " ".join(ui.texts())
            assert "DEAD HEAT" in texts and "+0.5 ms" in texts
            strip = screen.panels["finish"].ids.strip  # the strip spans the panel, first to last claim
            assert strip.width > 300 and len(strip.marks) == 3 and strip.mark_x(strip.span()[0]) == strip.x + 28
            ui.screenshot("rapidcity-photo-finish")
        name_tiles(ui, plan)
        if number == 1:
            ui.screenshot("rapidcity-identity")
        see_the_call_and_confirm(ui, "rapidcity-verdict" if number == 1 else None)
        release_all(ui)
    else:
        enter_touches(ui, card)
        armed_shot = card["type"] == "armed" and "armed" in shots
        if armed_shot:
            shots.discard("armed")
            ui.screenshot("rapidcity-touches")
        see_the_call_and_confirm(ui, "rapidcity-verdict-armed" if armed_shot else None)


def test_a_whole_game_through_the_widgets(ui):
    screen = set_up(ui)
    assert screen.stage == "ready"
    assert badges(ui) == ["Ann / 0", "Bob / 0", "green / 0"]
    assert f"{len(screen.state.deck)} cards left" in ui.texts()
    kinds = set()
    number = 0
    shots = {"ready", "armed"}
    while not screen.state.game_over:
        number += 1
        kinds.add(screen.state.deck[screen.state.position].__class__.__name__)
        play_card(ui, number, shots)
        if number == 3:
            # a wrong call is taken back: Undo restores the standing and the same card comes again
            ui.tap("Undo")
            assert screen.state.position == 2 and screen.stage == "ready"
            assert badges(ui) == standing(screen.state)
            play_card(ui, number)
    assert kinds >= {"CharacterCard", "TwoCharactersCard", "HealingCard", "ArmedCard", "DisarmedCard"}
    assert screen.stage == "end"
    state = screen.state
    winners = " and ".join(state.name_of(p) for p in state.winners)
    assert any(t.startswith(winners) for t in ui.texts()), ui.texts()
    for player in state.players:
        assert f"{state.name_of(player)}: {state.bullets_of(player)} bullets" in screen.panels["end"].ids.standing.text
    ui.screenshot("rapidcity-end")
    ui.tap("Past calls")
    calls = [w for w in screen.panels["history"].ids.rows.children if getattr(w, "text", "")[:1].isdigit()]
    assert len(calls) == len(state.played) == number
    ui.tap(ui.find(startswith="1. "))
    assert any("DEAD HEAT" in t.upper() or "dead heat" in t for t in ui.texts())
    ui.screenshot("rapidcity-past-call")
    ui.tap("Close")
    assert screen.stage == "end"
    ui.tap("Undo")  # the last card is undone even after the game ended
    assert not screen.state.game_over and screen.stage == "ready"


def test_a_restart_in_the_middle_of_a_game_resumes_it(db):
    ui = start_app(db)
    ui.pump()
    screen = set_up(ui, ultimate=False)
    play_card(ui, 1)
    play_card(ui, 2)
    before = (screen.state.position, standing(screen.state))
    stop_app(ui)

    ui = start_app(db)
    ui.pump()
    ui.tap(ui.find(startswith="Resume Rapid City"))
    resumed = ui.screen
    assert isinstance(resumed, RefereeScreen) and resumed.stage == "ready"
    assert (resumed.state.position, badges(ui)) == before
    assert reveal(ui) == card_to_json(resumed.state.deck[before[0]])  # the pile goes on where it was
    assert resumed.model.card.template["bullets"] == dict(zip(resumed.state.players, resumed.state.bullets))
    stop_app(ui)
