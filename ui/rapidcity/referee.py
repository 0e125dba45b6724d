"""The Rapid City referee: the draw pile, the pads' race and the call, on one screen.

Per card: Ready (pawns back, R-R3) -> a random delay nobody can anticipate -> the card
shown and the bell rung in one frame, the reveal stamped in the app's clock -> claims
drawn on their tiles as the pads report them -> the photo finish -> who is on each tile
(R-R5) or who touched which pawn (R-R9, R-R10) -> the judge's verdict with its reasons
-> Confirm commits the card. Every claim, gap and bullet shown is what
:mod:`companion.rapidcity.view` and the judge say about the round being built, so the
screen decides nothing (docs/architecture.md, principle 6); it only collects edges and taps.

The backend is drained every frame from the Kivy Clock: the time a claim is shown is
at most a frame after its edge, and its *stamp* (never its arrival) is what is judged.
"""

from __future__ import annotations

import functools
import math
import random
from typing import Any, Callable, Iterable, TypeVar

from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.core.window import Window
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.togglebutton import ToggleButton
from kivy.uix.widget import Widget

from companion.errors import InputError
from companion.rapidcity.engine import round_template
from companion.rapidcity.judge import Verdict, judge
from companion.rapidcity.model import HANDS
from companion.rapidcity.roundfile import export_name, parse_round, write_round
from companion.rapidcity.view import (
    LiveCard,
    call_summary,
    card_hint,
    card_title,
    last_one_left,
    ms,
    named,
    outcomes,
    photo_finish,
)
from hardware.events import PadEvent, PadFault, TagRead, now_ns
from ui import sounds, theme
from ui.gamescreen import GameScreen
from ui.later import AfterFrame
from ui.kvload import load_kv
from ui.rapidcity.padlevels import PadLevels
from ui.rapidcity.strip import FinishStrip
from ui.reuse import Spares, rows
from ui.widgets import BigButton, Chip

TAGS_PREF = "rapidcity.tags"  # RFID tag -> colour, learnt from confirmations (R-R5)
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
STATUS_EVERY_S = 0.5  # how often the pad hardware's health is asked for the alert line
# Each change on screen costs a whole-window frame, and a claim arriving meanwhile waits for
# it: while a card is shown, what is not a claim (the countdown, a pad's level, a fault) is
# redrawn once a second, and not while claims are landing (RUSH_S after each claim):
# see RefereeScreen._slow_tick.
SLOW_TICK_S = 1.0
RUSH_S = 0.5
KEY_1 = ord("1")
W = TypeVar("W", bound=Widget)


def chip_columns(players: int) -> int:
    """Chips per line: up to four side by side; five or six on two lines of three, so a
    name at reading size still fits its chip."""
    return players if players <= 4 else 3


def ordinal(place: int) -> str:
    return ORDINALS[place - 1] if place <= len(ORDINALS) else f"{place}th"


def fault_lines(faults: Iterable[PadFault]) -> list[str]:
    """One line for each kind of trouble, naming every tile that has it: six pawns left on
    their tiles read as one sentence, not the same one six times."""
    tiles: dict[str, list[str]] = {}
    for fault in faults:
        tiles.setdefault(fault.message.removeprefix(f"{fault.tile}: "), []).append(fault.tile)
    return [f"{', '.join(names)}: {what}" for what, names in tiles.items()]


class TileView(BoxLayout):
    """A location tile on its pad: name, pad number, live pad state and its claim."""

    pad = NumericProperty(0)
    tile_name = StringProperty("")
    pressed = BooleanProperty(False)
    fault = StringProperty("")  # "stuck" / "chatter" while the pad is left out
    claim = StringProperty("")  # "1st 431.2 ms"
    claimant = StringProperty("")  # colour of who is on it, once named
    claimant_name = StringProperty("")
    racing = BooleanProperty(False)  # a card is being played: the tile keeps room for its claim

    @staticmethod
    @functools.cache
    def claim_room(font_size: float) -> float:
        """The height of a claim's two lines (its place and time, then who is on it) at
        ``font_size`` px, kept empty on each tile from Ready so that no tile moves when its
        claim lands. Empty, not two blank lines of text: a transparent texture costs
        software GL as much as a seen one."""
        label = CoreLabel(text="\n", font_size=font_size, bold=True)
        label.refresh()
        return label.texture.height


class TableView(FloatLayout):
    """The tiles in their circle (the settings' order, clockwise), with the card in the
    middle. The first tile sits half a step right of the top, so that no tile is at the very
    top and six finger-sized tiles fit round the circle without overlapping."""

    centre = StringProperty("")
    wide = BooleanProperty(False)  # five or six tiles: an oval, wider than high

    def show_tiles(self, tiles: list[TileView]) -> None:
        self.wide = len(tiles) > 4
        for tile in self.tile_views():
            self.remove_widget(tile)
        for tile in tiles:
            tile.bind(height=self._trigger_layout)  # a name wrapping onto a second line moves it
            self.add_widget(tile)

    def tile_views(self) -> list[TileView]:
        return [w for w in reversed(self.children) if isinstance(w, TileView)]

    def do_layout(self, *args: Any) -> None:
        """Lay the tiles on the circle whenever the view moves, resizes or gets tiles."""
        super().do_layout(*args)
        tiles = self.tile_views()
        if not tiles:
            return
        w = max(tile.width for tile in tiles)
        h = max(tile.height for tile in tiles)
        step = 2 * math.pi / len(tiles)
        for i, tile in enumerate(tiles):
            angle = math.pi / 2 - step / 2 - step * i
            tile.center = (self.center_x + (self.width - w) / 2 * math.cos(angle),
                           self.center_y + (self.height - h) / 2 * math.sin(angle))


class BulletBadge(BoxLayout):
    """A player's name on their colour with their bullets, always in view."""

    colour = StringProperty("red")
    name = StringProperty("")
    bullets = NumericProperty(0)


class StagePanel(BoxLayout):
    """A step of the card's flow in the right-hand column; ``screen`` is the referee.
    ``status`` is the screen's status line, given only to the panel on screen, so that a
    new line renders one label's text rather than one per panel."""

    screen = ObjectProperty(None)
    status = StringProperty("")


class ReadyPanel(StagePanel):
    pass


class WaitPanel(StagePanel):
    pass


class WindowPanel(StagePanel):
    pass


class FinishPanel(StagePanel):
    pass


class TouchPanel(StagePanel):
    pass


class VerdictPanel(StagePanel):
    pass


class EndPanel(StagePanel):
    pass


class HistoryPanel(StagePanel):
    """The past calls: the list of them (``calls``) or one of them again (``call``), each
    kept with its widgets and swapped into the one scroll view."""

    def on_kv_post(self, _base: Any) -> None:
        self.calls = self.ids.scroll.children[0]  # ids.rows is a weak proxy: `in` and `is` would not match it
        self.call = PastCall(screen=self.screen)
        self.no_calls = NoteText(text="No cards played yet.")
        self.ids.scroll.bind(width=self._fit)

    def _fit(self, _scroll: Any, width: float) -> None:
        """Both pages as wide as the scroll view, the one not on show too, so a page's
        words are rendered at their width once, not again when it is swapped in."""
        self.calls.width = self.call.width = width

    def show(self, page: Widget) -> None:
        scroll = self.ids.scroll
        if page not in scroll.children:
            scroll.clear_widgets()
            scroll.add_widget(page)


class PastCall(GridLayout):
    """One past call: back to the list, save it, its title, its photo finish (``strip``, shown
    only for a call with claims) and its lines."""

    screen = ObjectProperty(None)
    number = NumericProperty(0)

    def on_kv_post(self, _base: Any) -> None:
        self.strip = FinishStrip(size_hint_y=None, height="68dp")


class IdentityRow(BoxLayout):
    """One press on a tile: its place and time, and one chip per player to say whose pawn
    it put down (R-R5). A player named on two presses moved their pawn (R-R6); on a
    Disarmed card the press moved a pawn (R-R10); before the reveal it was a false start."""

    pad = NumericProperty(0)
    text = StringProperty("")
    press_ns = NumericProperty(0)
    false_start = BooleanProperty(False)


class TouchChips(GridLayout):
    """Half of a touch's chips: who touched, or whose pawn. Only the half being asked is
    shown and takes taps; the other is hidden (opacity 0, no height) and lets taps through
    rather than being disabled: a disabled chip renders its name again in the disabled
    colour, so every tap of a touch rendered all the chips of both halves again."""

    def on_touch_down(self, touch: Any) -> bool:
        return bool(self.opacity) and super().on_touch_down(touch)

    def on_touch_move(self, touch: Any) -> bool:
        return bool(self.opacity) and super().on_touch_move(touch)

    def on_touch_up(self, touch: Any) -> bool:
        return bool(self.opacity) and super().on_touch_up(touch)


class NoteText(Label):
    """A line of a list in the side panel (photo finish, reasons, past calls), as tall as its text."""


def at_width(cls: Callable[..., W], box: Any) -> Callable[[], W]:
    """Makes a row of a one-column list at the width ``box`` gives it, so its first text is
    rendered once, at that width, not at a new widget's 100 px and again once laid out."""
    return lambda: cls(width=box.width)


class PickChip(Chip):
    """A player chip in a narrow cell: a long name wraps onto a second line. A tap calls
    ``choose`` with the chip's colour: a property, not a closure bound per chip, so a redrawn
    list keeps its chips (ui.reuse) and only says what they do now."""

    choose = ObjectProperty(None, allownone=True)

    def on_release(self) -> None:
        if self.choose is not None:
            self.choose(self.colour)


def show_chips(grid: Widget, players: Iterable[str], names: dict[str, str], choose: Callable[[str], Any],
               group: str | None = None) -> None:
    """``grid`` showing one chip per player, in seat order, whose tap calls ``choose(colour)``;
    the chips it already has are kept, so a redraw makes none and renders only a changed name."""
    players = list(players)
    grid.cols = chip_columns(len(players))
    for chip, player in zip(rows(grid, len(players), PickChip), players):
        chip.text, chip.colour, chip.choose, chip.group = names[player], player, choose, group


class BoxSpares:
    """Each list's rows kept, on show or not, one ``ui.reuse.Spares`` a box: one card's list
    may be shorter than the next (a verdict's reasons: 1 to 9), so the rows a box gives up
    are shown again before any is made: after the first cards a list makes no widget (about
    1 ms each here, several on a Pi)."""

    def __init__(self) -> None:
        self._boxes: dict[int, Spares] = {}  # by the box's uid: the same for its ids' weak proxy

    def rows(self, box: Widget, cls: type[W], count: int, make: Callable[[], W] | None = None) -> list[W]:
        """``count`` rows of ``cls`` in ``box``, in the order shown (ui.reuse.rows). The notes
        the last redraw added among them (any other widget) are taken out first: the caller
        adds again those still due."""
        for note in [widget for widget in box.children if not isinstance(widget, cls)]:
            box.remove_widget(note)
        return self._spares(box, make or cls).rows(box, count)

    def stock(self, box: Widget, count: int, make: Callable[[], Widget]) -> None:
        """Rows made ahead, while nothing is asked of the app, so that ``box`` can show
        ``count`` rows without making any."""
        self._spares(box, make).make_ahead(count - len(box.children))

    def _spares(self, box: Widget, make: Callable[[], Widget]) -> Spares:
        return self._boxes.setdefault(box.uid, Spares(make))


class CallButton(BigButton):
    """A past call in the list, at reading size: its words wrap and the button grows to hold
    them. A tap calls ``choose(number)``: properties, so the list keeps its buttons."""

    number = NumericProperty(0)
    choose = ObjectProperty(None, allownone=True)

    def on_release(self) -> None:
        if self.choose is not None:
            self.choose(self.number)


class HandToggle(ToggleButton):
    """Which hand a touch was made with (Ultimate mode, R-R9)."""

    hand = StringProperty("right")


PANELS = {"ready": ReadyPanel, "waiting": WaitPanel, "window": WindowPanel, "finish": FinishPanel,
          "touches": TouchPanel, "verdict": VerdictPanel, "end": EndPanel,
          "history": HistoryPanel}


class RefereeScreen(GameScreen):
    stage = StringProperty("ready")
    # the card, large, and what it asks, set at its reveal and shown only from then on; kept
    # between cards (not cleared to be set again) so no label renders an empty text meanwhile
    card_text = StringProperty("")
    hint = StringProperty("")
    claim_said = StringProperty("")  # the newest claim in words, under the card
    status = StringProperty("")  # the step's line: countdown, claims so far, what to do
    alert = StringProperty("")  # faulty pads and hardware trouble, by tile name
    cards_left = StringProperty("")
    touch_list = StringProperty("")
    touch_step = StringProperty("by")  # the touch's half being asked: "by" (who touched) or "pawn"
    touch_prompt = StringProperty("")
    ultimate = BooleanProperty(False)
    touch_card = BooleanProperty(False)  # the card shown is decided by touches, not pads

    #: seconds of the random delay between Ready and the reveal (tests shorten it)
    delay_s: tuple[float, float] = (1.0, 2.5)

    def on_kv_post(self, _base: Any) -> None:
        self.panels = {name: cls(screen=self) for name, cls in PANELS.items()}
        self._coming: str | None = None  # the status of the step coming on show (_show_step)
        self.ids.stage.bind(width=self._fit_panels)
        self.spares = BoxSpares()
        self._list_later = AfterFrame(self._ready_history)
        self._verdict_later = AfterFrame(self._fill_verdict_ahead)
        self.live: LiveCard | None = None
        self.tiles: dict[int, TileView] = {}
        self.levels = PadLevels(round(SLOW_TICK_S * 1e9))
        # one poll however many edges wake it (a trigger already scheduled is not scheduled
        # again: ClockEvent.__call__ in kivy/_clock.pyx, under the clock's lock, so any
        # thread may call it); free, so it cuts the frame wait short (kivy/clock.py,
        # ClockBaseInterruptFreeBehavior.on_schedule sets the event idle() waits on)
        trigger = getattr(Clock, "create_trigger_free", Clock.create_trigger)
        self._wake = trigger(self.poll)
        self._slow = Clock.create_trigger(self._slow_tick, SLOW_TICK_S, interval=True)
        self._after_rush = Clock.create_trigger(self._slow_tick)  # a tick put off until the claims stop
        self._rush_until_ns = 0  # claims are landing until then: no frame of the slow tick's own
        self._faults_due = False  # a pad's fault came while a card was shown: said in the next frame
        self.preview: Verdict | None = None
        self.backend = None
        self.faults: dict[tuple[int, str], PadFault] = {}  # (pad, kind) -> the fault in force
        self._trouble = ""  # the backend would not start, or says it is not working
        self._before_history = "ready"
        self._pending_reveal = None
        self._keys: set[int] = set()
        self._momentary: set[int] = set()
        self._held: set[int] = set()
        self._by: str | None = None
        self._heard: set[tuple[int, float]] = set()  # (pad, t_ms) of the claims heard this card
        self._guessed: tuple[tuple[int, int], str] | None = None  # (press, player) filled in as the last one left
        self._hand = HANDS[0]
        self._tiles_for: Any = None
        self._card_position = -1  # the pile's position the card in hand was drawn at
        self.on_stage(self, self.stage)

    # -- session and drawing ---------------------------------------------------------------

    def on_session(self, screen: Any, session: Any) -> None:
        self._drop_card()
        self.stage = "ready"  # another game opens on its next card, not on the last one's past calls
        super().on_session(screen, session)

    @property
    def names(self) -> dict[str, str]:
        return dict(zip(self.state.players, self.state.names))

    def refresh(self) -> None:
        super().refresh()
        state = self.state
        if self._tiles_for != state.tiles:  # the same tiles (a game filled in ahead): the same views
            self._build_tiles()
        self.ultimate = state.settings.ultimate
        self._show_bullets()
        touches = self.panels["touches"]  # the same chips all game: made with the game, not on its first touch card
        for grid, pick in ((touches.ids.by, self.touch_by), (touches.ids.pawn, self.touch_pawn)):
            show_chips(grid, state.players, self.names, pick, group=str(grid.uid))
        self.cards_left = f"{len(state.deck) - state.position} cards left"
        if self.live is not None and self._card_position != state.position:
            self._drop_card()  # undone or redone under the card being played
        if self.stage == "history":
            self.show_history()  # undone or redone while the list is open
            return
        self._list_later()  # Past calls then only shows the list
        if self.live is None:
            self._show_idle()

    def _build_tiles(self) -> None:
        self._tiles_for = self.state.tiles
        pads = self._pad_names()
        self.tiles = {t.pad: TileView(pad=t.pad, tile_name=pads.get(t.pad, f"{t.location.capitalize()} (pad {t.pad})"),
                                      pressed=self.levels.shown.get(t.pad, False))
                      for t in self.state.tiles}
        self.ids.table.show_tiles(list(self.tiles.values()))
        self._show_faults()

    def _show_bullets(self) -> None:
        """Every player's badge, reusing the badges there are: a redraw only changes numbers."""
        state = self.state
        for badge, player, name in zip(rows(self.ids.bullets, len(state.players), BulletBadge), state.players,
                                       state.names):
            badge.colour, badge.name, badge.bullets = player, name, state.bullets_of(player)

    def _pad_names(self) -> dict[int, str]:
        try:
            return {pad.number: pad.name for pad in App.get_running_app().hardware().pads}
        except InputError:
            return {}

    def _show_idle(self) -> None:
        """Between cards: the tiles without claims, the next card's number and Ready, or the end."""
        state = self.state
        for tile in self.tiles.values():
            tile.claim = tile.claimant = tile.claimant_name = ""
            tile.racing = False
        if state.game_over:
            winners = [state.name_of(p) for p in state.winners]
            fewest = state.bullets_of(state.winners[0])
            self.ids.table.centre = "GAME OVER"
            self.panels["end"].ids.standing.text = "\n".join(
                f"{state.name_of(p)}: {state.bullets_of(p)} bullets" for p in state.players)
            self._show_step("end", f"{' and '.join(winners)} {'win together' if len(winners) > 1 else 'wins'} "
                                   f"with {fewest} bullet{'s' if fewest != 1 else ''}.")
        else:
            self.ids.table.centre = f"Card {state.position + 1}\nof {len(state.deck)}"
            self._show_step("ready", "Every pawn back in front of its player, hands at your sides (R-R3). "
                                     "Then tap Ready: the card comes after a short random wait.")

    def on_stage(self, _screen: Any, stage: str) -> None:
        if not hasattr(self, "panels"):
            return
        box = self.ids.stage
        box.clear_widgets()
        self.panels[stage].status = self.status if self._coming is None else self._coming
        box.add_widget(self.panels[stage])

    def _show_step(self, stage: str, status: str) -> None:
        """``stage``'s panel on show, saying ``status``. A label renders its text again
        whenever the text changes, on show or not: the status set before the stage would be
        rendered on the panel going, and set after, the panel coming would take the last
        step's line first. So the panel coming gets its line once (none at all when it is
        the one it said last time) and the panel going keeps its own."""
        self._coming = status
        try:
            self.stage = stage
        finally:
            self._coming = None
        self.status = status

    def _fit_panels(self, _box: Any, width: float) -> None:
        """Every step's panel as wide as it is shown, on show or not: a panel's words are
        rendered at their width when they change (or when the screen is built ahead), not
        once more on the tap that shows the panel. Only the width: the height takes no part in
        wrapping, and changes with each notice over the screen."""
        for panel in self.panels.values():
            panel.width = width

    def on_status(self, _screen: Any, status: str) -> None:
        if hasattr(self, "panels"):
            self.panels[self.stage].status = status

    # -- backend ----------------------------------------------------------------------------

    def on_enter(self, *_args: Any) -> None:
        app = App.get_running_app()
        app.bind(on_stop=self.on_leave)  # quitting on this screen stops it too
        sounds.preload("reveal", "claim")  # nothing is synthesised in the frame that needs it
        try:
            self.backend = app.hardware()
            self.backend.start()
        except InputError as exc:
            self.backend = None
            self._trouble = f"Pads not available: {exc}"
        else:
            status = self.backend.status()
            self._trouble = "" if status.ok else status.detail
            self.faults = {(f.pad, f.kind): f for f in status.faults}
            self.backend.events.wake = self._wake
            self.backend.pipeline.set_bounce_ms(self.state.settings.bounce_ms)  # ruling: R-R4
            if self.backend.name == "sim":
                Window.bind(on_key_down=self._key_down, on_key_up=self._key_up)
        self._show_faults()
        Clock.schedule_interval(self.poll, 0)
        Clock.schedule_interval(self._check_backend, STATUS_EVERY_S)
        self._slow()

    def on_leave(self, *_args: Any) -> None:
        App.get_running_app().unbind(on_stop=self.on_leave)
        Clock.unschedule(self.poll)
        Clock.unschedule(self._check_backend)
        self._slow.cancel()
        self._after_rush.cancel()
        Window.unbind(on_key_down=self._key_down, on_key_up=self._key_up)
        self._cancel_reveal()
        if self.live is not None and self.live.reveal_ns is None:
            self._drop_card()  # a card not yet shown waits for the next Ready
        if self.backend is not None:
            for pad in self._held | self._momentary:
                self.backend.release(pad)
            self._held.clear()
            self._momentary.clear()
            self._keys.clear()
            self.backend.events.wake = None
            self.backend.stop()

    def poll(self, _dt: float = 0) -> None:
        """Drain the backend: pad levels, faults, tags and the card's edges. Called every
        frame, and at once when the queue wakes the screen (``_wake``, on the hardware's
        thread). Every edge is judged now; a frame is drawn only when something shown
        changed: a claim, a fault, a false start, or a pad's level (paced by
        :class:`PadLevels`, so a chattering pad costs at most a frame a second). While a
        card is shown, only a claim is drawn at once: a pad's level or a fault waits for the
        next frame drawn anyway (a claim's, or the slow tick's: see :meth:`_slow_tick`)."""
        if self.backend is None:
            return
        changed = redraw = faulted = False
        levels: dict[int, bool] = {}  # each pad's level after this batch, however many edges
        for event in self.backend.drain():
            if isinstance(event, PadEvent):
                levels[event.pad] = event.pressed
                if self.live is not None:
                    changed |= self.live.add_edge(event)
            elif isinstance(event, TagRead):
                if self.live is not None:
                    self.live.add_tag(event.pad, event.tag, event.t_ns)
            elif isinstance(event, PadFault):
                if event.active:
                    self.faults[event.pad, event.kind] = event
                else:
                    self.faults.pop((event.pad, event.kind), None)
                faulted = True
        now = now_ns()
        if self.live is not None and self.live.reveal_ns is None:
            if changed and self.stage == "waiting":
                self.status = "False start! Hands off the pads until the card shows."
                redraw = True
        elif self.live is not None:
            if changed:
                self.preview = self.live.verdict()
                if self._show_claims():
                    redraw = True
                    if self.stage == "window":
                        self._show_window_status()
                        self._rush_until_ns = now + round(RUSH_S * 1e9)
                    self._hear_claims()
                self._show_late_edge()
            if self.stage == "window" and self.live.closed_ns is None and self.live.window_over(now, self.preview):
                # Over at this instant: edges stamped from now on are no part of the call. The
                # photo finish (a panel of rows and chips) is built after the frame that shows
                # the last claim, not inside it: a timeout-0 event runs after the next frame
                # (kivy/clock.py, Clock.schedule_once).
                self.live.closed_ns = now
                Clock.schedule_once(self._close_after_frame, 0)
                redraw = True
        racing = self.stage == "window" and not redraw
        for pad, pressed in levels.items():
            if self.levels.report(pad, pressed, now, hold=racing):
                self._show_level(pad, pressed)
        self._faults_due |= faulted
        if redraw or (self._faults_due and not racing):  # a frame is drawn: what was held back goes with it
            self._show_held(now)

    def _slow_tick(self, _dt: float = 0) -> None:
        """Once a second: the countdown, the pad levels held back and a fault not yet
        shown; put off while claims are landing.

        Why: Kivy redraws the whole window for any change, and software GL (this machine's;
        a Pi's GPU does it off the CPU) takes 15-40 ms to rasterise the referee screen, so a
        claim whose edge comes just after another frame started waits for all of it, past
        the 20 ms a claim has to reach the screen. So while a card is shown only a claim is
        drawn at once, and claims come in a rush (the card sends every hand to the pads at
        once): for ``RUSH_S`` after each claim's frame the tick draws nothing of its own,
        and comes again when the rush is over.

        What the table gives up: in a rush, the countdown, a pad's DOWN/up and a fault
        (a pad left out of judging) change only with each claim's frame, which redraws them,
        so they are as fresh as the newest claim; ``RUSH_S`` after the last claim they are
        current again. Outside a rush they are at most a second old while the card is shown,
        as the countdown always was; it still reads in whole seconds. Between cards a pad's
        level is shown at once, as before (Ready waits for every pawn to be off). The judge is not affected: it has every edge
        (and leaves a faulty pad out) the moment the pads report it."""
        now = now_ns()
        if now < self._rush_until_ns:
            self._after_rush.cancel()
            self._after_rush.timeout = (self._rush_until_ns - now) / 1e9
            self._after_rush()
            return
        if self.live is not None and self.stage == "window":
            self._show_window_status()
        self._show_held(now)

    def _show_held(self, now: int) -> None:
        """What waited for a frame: the pad levels held back, and faults not yet shown."""
        for pad, pressed in self.levels.take_held(now).items():
            self._show_level(pad, pressed)
        if self._faults_due:
            self._faults_due = False
            self._show_faults()

    def _show_level(self, pad: int, pressed: bool) -> None:
        if pad in self.tiles:
            self.tiles[pad].pressed = pressed

    def _hear_claims(self) -> None:
        """A claim landing on its tile in the live window is heard (a tick) and said under
        the card, so eyes can stay on the table. The words are drawn in the claim's own frame
        (in a frame of their own they would be one more whole-window redraw for the next
        claim to wait behind); the tick comes after that frame: a timeout-0 callback runs
        "after the next frame" (kivy/clock.py, Clock.schedule_once), so the sound adds
        nothing to the claim's edge-to-pixels time."""
        new = [row for row in photo_finish(self.preview) if (row.pad, row.t_ms) not in self._heard]
        if self.stage != "window" or not new:
            return
        self._heard.update((row.pad, row.t_ms) for row in new)
        newest = max(new, key=lambda row: row.t_ms)
        self.claim_said = f"{self.tiles[newest.pad].tile_name}: {ordinal(newest.place)} at {ms(newest.t_ms)}"
        Clock.schedule_once(self._tick_sound, 0)

    def _tick_sound(self, _dt: float = 0) -> None:
        if self.stage == "window":
            sounds.play("claim")

    def _show_late_edge(self) -> None:
        """An edge stamped before the window closed but delivered after it (a busy machine)
        still belongs to the call: the step on screen is redrawn to include it."""
        if self.stage == "finish":
            self._show_finish()
        elif self.stage == "touches":
            self._show_presses(self.panels[self.stage].ids.rows)

    def _check_backend(self, _dt: float = 0) -> None:
        """An unplugged pad board (or a lost GPIO chip) is said on screen while it lasts;
        the backend reconnects by itself and the line clears when it does."""
        if self.backend is None:
            return
        status = self.backend.status()
        trouble = "" if status.ok else status.detail
        if trouble != self._trouble:
            self._trouble = trouble
            self._show_faults()
            if trouble and self.live is not None and self.live.decided_by_pads and self.stage in ("waiting", "window"):
                # a silent or unplugged board cannot judge: the card goes back, unjudged
                self._drop_card()
                self._show_idle()
                self.status = "Card stopped: the pads stopped reporting (see above). Tap Ready when they are back."

    def _show_faults(self) -> None:
        for pad, tile in self.tiles.items():
            tile.fault = " + ".join(kind for (faulty, kind) in sorted(self.faults) if faulty == pad)
        self.alert = "; ".join(filter(None, [self._trouble, *fault_lines(self.faults[key] for key in sorted(self.faults))]))

    # -- keyboard (sim backend) ---------------------------------------------------------------

    def _pad_for_key(self, key: int) -> int | None:
        pad = key - KEY_1 + 1
        return pad if self.backend is not None and 1 <= pad <= 6 and pad in self.backend.pads else None

    def _key_down(self, _window: Any, key: int, _scancode: Any, _text: Any, modifiers: list[str]) -> bool:
        """Keys 1-6 press pads; with Shift the pad stays down until its key comes again."""
        pad = self._pad_for_key(key)
        if pad is None or "ctrl" in modifiers:
            return False
        if pad in self._keys:
            return True  # the keyboard's auto-repeat
        self._keys.add(pad)
        if pad in self._held:
            self._held.discard(pad)
            self.backend.release(pad)
        elif "shift" in modifiers:
            self._held.add(pad)
            self.backend.press(pad)
        else:
            self._momentary.add(pad)
            self.backend.press(pad)
        return True

    def _key_up(self, _window: Any, key: int, _scancode: Any) -> bool:
        pad = self._pad_for_key(key)
        if pad is None:
            return False
        self._keys.discard(pad)
        if pad in self._momentary:
            self._momentary.discard(pad)
            self.backend.release(pad)
        return True

    # -- the card's flow ------------------------------------------------------------------------

    def ready(self) -> None:
        """R-R3: pawns are back; start the card and reveal it after a random delay."""
        down = [tile.tile_name for pad, tile in self.tiles.items() if self.levels.actual.get(pad) and not tile.fault]
        if self.backend is not None and self._trouble:
            self.message = "The pads are not reporting (see above): no card until they are."
            return
        if down:
            self.message = f"Take the pawn off {', '.join(down)} first (R-R3)."
            return
        self.message = ""
        self.live = LiveCard(round_template(self.state), started_ns=now_ns())
        for tile in self.tiles.values():
            tile.racing = True  # room for a claim now, so no tile moves when one lands
        self._card_position = self.state.position
        self.preview = None
        self._show_step("waiting", "Wait for it...")
        self.ids.table.centre = "..."
        self._pending_reveal = Clock.schedule_once(self.reveal, random.SystemRandom().uniform(*self.delay_s))

    def reveal(self, _dt: float = 0) -> None:
        """The card on screen and the bell in the same frame; the reveal stamped now."""
        self._pending_reveal = None
        live = self.live
        self.card_text = card_title(live.card, self.names)
        self.hint = card_hint(live.card, self.names)
        self.touch_card = not live.decided_by_pads
        self.ids.table.centre = self.card_text
        self.stage = "window"
        live.reveal_ns = now_ns()
        self._pawns_rest(True)
        sounds.play("reveal")
        self.claim_said = ""
        self._heard = set()
        self.preview = live.verdict()
        self._show_claims()
        self._show_window_status()
        self._slow.cancel()  # the countdown's seconds from the reveal
        self._slow()

    def _show_window_status(self) -> None:
        """The claims so far and the seconds left, in whole seconds: the countdown is
        redrawn once a second (``_slow_tick``) and with each claim, never in between."""
        live = self.live
        left = round(max(0.0, live.window_ms / 1000 - (now_ns() - live.reveal_ns) / 1e9))
        if live.decided_by_pads:
            self.status = f"{len(self.preview.claims)} of {len(live.players)} tiles claimed - {left} s left"
        elif self.preview.touch_presses:
            # ruling: R-R10 - a press during a Disarmed card is a touch, said the moment it happens
            press = self.preview.touch_presses[-1]
            self.claim_said = f"{self.tiles[press.pad].tile_name} pressed at {ms(press.t_ms)}: a pawn was moved!"
            self.status = (f"Its owner takes a bullet unless you name who moved it (R-R10). "
                           f"{left} s left, or tap Touches when done")
        else:
            self.status = f"Pads do not count on this card - {left} s left, or tap Touches when done"

    def _close_after_frame(self, _dt: float = 0) -> None:
        if self.stage == "window" and self.live is not None:
            self.close_window()

    def close_window(self) -> None:
        """The race is over: the photo finish for pad cards, the touches for the others.
        Edges stamped from now on (or from when the window ran out) are no part of this
        call, so the verdict shown later is the verdict saved."""
        if self.live.closed_ns is None:
            self.live.closed_ns = now_ns()
        if self.live.decided_by_pads:
            self.to_identity()
        else:
            self._show_touches()

    def _show_claims(self) -> bool:
        """Each tile's claim as the judge orders them, with its time and who is on it; on a
        Disarmed card, each tile a pawn was moved on (R-R10). True if a tile changed: an
        edge that changes no claim (a chattering pad's) draws no frame."""
        if self.live.card["type"] == "disarmed":
            claims = {press.pad: (f"MOVED {ms(press.t_ms)}", "") for press in self.preview.touch_presses}
        elif self.live.decided_by_pads:
            claims = {row.pad: (f"{ordinal(row.place)} {ms(row.t_ms)}", row.player or "")
                      for row in photo_finish(self.preview)}
        else:
            return False
        names, changed = self.names, False
        for pad, tile in self.tiles.items():
            claim, who = claims.get(pad, ("", ""))
            if (tile.claim, tile.claimant) != (claim, who):
                tile.claim, tile.claimant, tile.claimant_name = claim, who, names.get(who, "")
                changed = True
        return changed

    def _show_finish(self) -> None:
        """The photo finish and who is on each tile, on one panel: the strip, then one row
        per press with its place, time and gap, and the players' chips to name it."""
        self._guess_last_one()
        rows = photo_finish(self.preview)
        tiles = {pad: tile.tile_name for pad, tile in self.tiles.items()}
        self.panels["finish"].ids.strip.marks = [(ordinal(r.place), r.t_ms, tiles[r.pad], bool(r.tied_with))
                                                 for r in rows]
        self._show_claims()
        self._show_presses(self.panels["finish"].ids.rows)
        self._scroll_to_next()
        if not self.live.presses():
            self.panels["finish"].ids.rows.add_widget(NoteText(text="Nobody claimed a tile.", font_size=theme.TEXT))

    def to_identity(self) -> None:
        """R-R5: whose pawn each press put down, prefilled from the RFID readers, and the
        last press guessed when only one player is left for it; each is one tap to change."""
        known = App.get_running_app().store.pref(TAGS_PREF, {})
        for press, colour in self.live.tag_guesses(known).items():
            self.live.who.setdefault(press, colour)
        self._to_finish()

    def _to_finish(self) -> None:
        """The photo finish on show: the panel first, so the step's line (set as the rows are
        marked) renders once, on it, and not on the panel going too."""
        self.stage = "finish"
        self._show_finish()

    def _guess_last_one(self) -> None:
        """Drop the guess made before and guess again from the presses named now."""
        who = self.live.who
        if self._guessed is not None and who.get(self._guessed[0]) == self._guessed[1]:
            del who[self._guessed[0]]
        self._guessed = None
        presses = [(edge.pad, edge.t_ns) for edge in self.live.presses_to_name()[0]]
        for press, player in last_one_left(presses, who, self.live.players).items():
            who[press] = player
            self._guessed = (press, player)
        self.preview = self.live.verdict()

    def _show_presses(self, box: Any) -> None:
        """One row per press since the reveal (claims by their place), then the false starts
        when they cost a bullet: each names whose pawn it was in one tap. A player named on
        two presses moved their pawn and is judged where it ended (R-R6)."""
        presses, left_out = self.live.presses_to_name()
        # ruling: R-R4, R-R13 - a false start costs a bullet
        false_starts = self.live.false_starts() if self.state.settings.false_start_bullet else []
        edges = [(edge, False) for edge in presses] + [(edge, True) for edge in false_starts]
        names = self.names
        for line, (edge, false_start) in zip(self.spares.rows(box, IdentityRow, len(edges)), edges):
            line.pad, line.press_ns, line.false_start = edge.pad, edge.t_ns, false_start
            if false_start:  # a claim's words are the judge's, set by _mark_presses
                line.text = f"False start: {self.tiles[edge.pad].tile_name}, {self._at(edge.t_ns)}"
            show_chips(line.ids.chips, self.state.players, names, functools.partial(self.pick, (edge.pad, edge.t_ns)))
        if left_out:  # under the claims, above the false starts
            box.add_widget(NoteText(text=f"{left_out} more presses on the same tiles are not listed "
                                         "(a chattering pad?): nobody is named on them."), index=len(false_starts))
        self._mark_presses(box)

    def _at(self, t_ns: int) -> str:
        return ms((t_ns - self.live.reveal_ns) / 1e6)

    def _press_rows(self, box: Any) -> list[IdentityRow]:
        return [row for row in reversed(box.children) if isinstance(row, IdentityRow)]

    def _mark_presses(self, box: Any) -> None:
        """Each row says what the press is now (a claim's place, time and gap, a move, a
        moved pawn) and keeps the chip of the player named on it down."""
        who = self.live.who
        claims = {(r.pad, round(r.t_ms * 1e6)): r for r in photo_finish(self.preview)}
        rows = self._press_rows(box)
        for row in rows:
            if not row.false_start:
                row.text = self._press_words(row, claims.get((row.pad, row.press_ns - self.live.reveal_ns)))
            for chip in row.ids.chips.children:
                chip.state = "down" if who.get((row.pad, row.press_ns)) == chip.colour else "normal"
        self._verdict_later()  # the presses or who is on them changed the call
        if box is not self.panels["finish"].ids.rows:
            return
        presses = [row for row in rows if not row.false_start]
        named_count = sum(1 for row in presses if (row.pad, row.press_ns) in who)
        self.status = f"{named_count} of {len(presses)} presses named" + (
            "." if named_count == len(presses) else ": a press nobody names goes to nobody (R-R5).")
        if self._guessed is not None:
            press, player = self._guessed
            self.status += (f" {self.names[player]} is the only one left, so is on "
                            f"{self.tiles[press[0]].tile_name}: tap another name if not.")
        if self.preview.moves:
            self.status += " " + "; ".join(
                f"{self.names[m.player]} moved from {self.tiles[m.from_pad].tile_name} to {self.tiles[m.to_pad].tile_name}"
                for m in self.preview.moves) + " (R-R6)."
        if len(presses) < len(rows):
            self.status += " Name who made each false start, or nobody takes its bullet."

    def _press_words(self, row: IdentityRow, claim: Any) -> str:
        """A press in words: its place, tile, time and gap to the claim before (with a dead
        heat or a move under it), a later press on a claimed tile, or a moved pawn (R-R10)."""
        tile, at = self.tiles[row.pad].tile_name, self._at(row.press_ns)
        if not self.live.decided_by_pads:
            return f"Pawn moved on {tile}, {at}: whose? (R-R10)"
        if claim is None:
            return f"Then: {tile}, {at}"
        words = f"{ordinal(claim.place)}: {tile}, {at}" + ("" if claim.gap_ms is None else f"  +{ms(claim.gap_ms)}")
        if claim.tied_with:
            words += "\nDEAD HEAT with " + ", ".join(self.tiles[p].tile_name for p in claim.tied_with)
        if claim.moved_from is not None:
            words += f"\npawn moved here from {self.tiles[claim.moved_from].tile_name} (R-R6)"
        return words

    def pick(self, press: tuple[int, int], player: str) -> None:
        """One tap names whose pawn a press put down; a second tap on the same chip unnames
        it, and a tap on a guessed name keeps it. The same player on two presses moved their
        pawn (R-R6)."""
        who = self.live.who
        if self._guessed == (press, player):
            self._guessed = None  # the table says the guess is right: it stays, as named
        elif who.get(press) == player:
            del who[press]
        else:
            who[press] = player
        if self.stage == "touches":
            self.preview = self.live.verdict()
        else:
            self._guess_last_one()
        self._show_claims()
        self._mark_presses(self.panels[self.stage].ids.rows)
        if self.stage == "finish":
            self._scroll_to_next()

    def _scroll_to_next(self) -> None:
        """Bring the next press to name (or the guess to check) into view, once the rows
        are laid out anew, so each name is one tap without scrolling."""
        who, guessed = self.live.who, self._guessed[0] if self._guessed else None
        unnamed = [row for row in self._press_rows(self.panels["finish"].ids.rows)
                   if (row.pad, row.press_ns) not in who or (row.pad, row.press_ns) == guessed]
        if unnamed:
            scroll = self.panels["finish"].ids.scroll
            Clock.schedule_once(lambda _dt: scroll.scroll_to(unnamed[0], animate=False), 0)

    def _show_touches(self) -> None:
        """The touches on show, with the presses of a Disarmed card to name, and no touch entered."""
        card = self.live.card
        if card["type"] == "armed":
            status = (f"{self.names[card['player']]} attacked: enter each touch in the order it happened. "
                      "Nobody touched: tap Verdict.")
        else:
            status = "Enter each touch: who touched, then whose pawn. Nobody touched: tap Verdict."
        self._by = None
        self._hand = card.get("hand", HANDS[0])
        panel = self.panels["touches"]
        for toggle in panel.ids.hands.children:
            toggle.state = "down" if toggle.hand == self._hand else "normal"
        self._show_presses(panel.ids.rows)  # ruling: R-R10 - presses on a Disarmed card moved pawns
        if panel.ids.rows.children:
            status += " A pad pressed: tap whose pawn was on it."
        self._ask_touch()
        self._list_touches()
        self._show_step("touches", status)

    def touch_by(self, player: str) -> None:
        self._by = player
        self._ask_touch()

    def touch_pawn(self, player: str) -> None:
        """The second half of a touch: it is kept, in order, and the next one can start."""
        self.live.add_touch(self._by, player, self._hand if self.ultimate else None, now_ns())
        self.preview = self.live.verdict()
        self._by = None
        self._ask_touch()
        self._list_touches()

    def _ask_touch(self) -> None:
        """One line of chips at a time, so six players' names fit at reading size: who
        touched, then whose pawn they touched."""
        self.touch_step = "by" if self._by is None else "pawn"
        self.touch_prompt = "Who touched?" if self._by is None else f"Whose pawn did {self.names[self._by]} touch?"
        panel = self.panels["touches"]
        for grid in (panel.ids.by, panel.ids.pawn):
            asked = grid is (panel.ids.by if self._by is None else panel.ids.pawn)
            grid.opacity = 1 if asked else 0
            for chip in grid.children:
                chip.state = "normal"

    def touch_hand(self, hand: str) -> None:
        self._hand = hand

    def undo_touch(self) -> None:
        """Take back the half-entered touch, or else the last touch entered."""
        if self._by is not None:
            self._by = None
        elif self.live.touches:
            self.live.touches.pop()
            self.preview = self.live.verdict()
        self._ask_touch()
        self._list_touches()

    def _list_touches(self) -> None:
        lines: list[str] = []
        for i, touch in enumerate(self.live.touches, start=1):
            hand = f" ({touch['hand']} hand)" if "hand" in touch else ""
            lines.append(f"{i}. {self.names[touch['by']]} touched {self.names[touch['pawn']]}'s pawn{hand}")
        self.touch_list = "\n".join(lines) or "No touches entered."
        self._verdict_later()  # the touches changed the call

    def to_verdict(self) -> None:
        """The judge's call on the round as built, with its reasons, before anything is saved.
        ``preview`` is already that call: it is worked out again at each change (an edge, a
        name, a touch), and its words were put on the panel after that change's frame."""
        self._fill_verdict()
        end = "  This ends the game." if self.preview.game_over else ""
        self._show_step("verdict", f"Check the call, then Confirm.{end}")

    def _fill_verdict(self) -> None:
        """The verdict panel's words for ``preview``: the card, what it gives, and the judge's
        reasons. Words already there are not rendered again."""
        names, verdict = self.names, self.preview
        panel = self.panels["verdict"]
        panel.ids.title.text = self.card_text
        panel.ids.outcomes.text = "\n".join(outcomes(verdict.bullets, verdict.healed, verdict.totals, names))
        notes = panel.ids.notes
        for line, note in zip(self.spares.rows(notes, NoteText, len(verdict.notes), at_width(NoteText, notes)),
                              verdict.notes):
            line.text = named(note, names)

    def _fill_verdict_ahead(self, _dt: float = 0) -> None:
        """The verdict panel filled in while the table names pawns or enters touches (after
        the frame of each change), so that Verdict only shows it."""
        if self.live is not None and self.preview is not None and self.stage in ("finish", "touches"):
            self._fill_verdict()

    def back(self) -> None:
        """One step back within the card, before it is committed."""
        stage = self.stage
        if stage == "waiting":
            self._drop_card()
            self._show_idle()
        elif stage == "verdict" and self.live.decided_by_pads:
            self._to_finish()
        elif stage == "verdict":
            self._show_touches()

    def confirm(self) -> None:
        """Commit the card; the RFID tags the players just confirmed are remembered."""
        live = self.live
        store = App.get_running_app().store
        if self.act({"type": "play", "round": live.round()}):
            learned = live.learned_tags()
            if learned:
                store.set_pref(TAGS_PREF, {**store.pref(TAGS_PREF, {}), **learned})

    def _drop_card(self) -> None:
        self._cancel_reveal()
        if self.live is not None and self.live.reveal_ns is not None:
            self._pawns_rest(False)
        self.live = None
        self.preview = None

    def _pawns_rest(self, resting: bool) -> None:
        """From the reveal until the card is over, each pawn stands on the tile it claimed
        while the table names it and checks the call: the pad under it is not stuck
        (hardware/faults.py). A pad still held once the card is over counts from then."""
        if self.backend is not None:
            self.backend.pipeline.resting(resting, now_ns())

    def _cancel_reveal(self) -> None:
        if self._pending_reveal is not None:
            self._pending_reveal.cancel()
            self._pending_reveal = None

    # -- past calls -----------------------------------------------------------------------------

    def show_history(self) -> None:
        if self.stage != "history":
            self._before_history = self.stage
        panel = self.panels["history"]
        self._list_calls()
        panel.show(panel.calls)
        self.stage = "history"

    def _ready_history(self, _dt: float = 0) -> None:
        """After the frame of each action: the list of calls brought up to date, so that Past
        calls only shows it, and a call's page given rows enough for the newest call's
        lines, so that showing a call renders its words but makes no widget."""
        if self.session is None:
            return  # the game was closed before the frame
        self._list_calls()
        if self.state.played:
            lines, last = self.panels["history"].call.ids.lines, self.state.played[-1].verdict
            said = outcomes(last["bullets"], last["healed"], last["totals"], self.names)
            self.spares.stock(lines, len(last["claims"]) + len(said) + len(last["notes"]), at_width(NoteText, lines))

    def _list_calls(self) -> None:
        """Every call played, one button each, kept from the last time."""
        panel = self.panels["history"]
        box, played, names = panel.calls, self.state.played, self.names
        for button, (number, call) in zip(self.spares.rows(box, CallButton, len(played), at_width(CallButton, box)),
                                          enumerate(played, start=1)):
            button.text = f"{number}. {call_summary(call.round['card'], call.verdict, names)}"
            button.number, button.choose = number, self.show_call
        if not played:
            box.add_widget(panel.no_calls)

    def show_call(self, number: int) -> None:
        """One past call again: the card, its photo finish (the strip and each claim's time,
        tile and player, judged again from its round file), what it gave, and every reason
        the judge wrote. The page keeps its widgets from the last call shown."""
        played = self.state.played[number - 1]
        names = self.names
        panel = self.panels["history"]
        call = panel.call
        call.number = number
        call.ids.title.text = f"[b]Card {number}: {card_title(played.round['card'], names)}[/b]"
        verdict = played.verdict
        lines: list[str] = []
        finish = photo_finish(judge(parse_round(played.round)))  # the one judge, as `referee replay`
        if finish:
            tiles = {r.pad: self.tiles[r.pad].tile_name if r.pad in self.tiles else r.location.capitalize()
                     for r in finish}
            call.strip.marks = [(ordinal(r.place), r.t_ms, tiles[r.pad], bool(r.tied_with)) for r in finish]
            if call.strip.parent is None:
                call.add_widget(call.strip, index=1)  # above the lines
            lines += [f"{ordinal(r.place)} {ms(r.t_ms)}: {tiles[r.pad]}, "
                      f"{names.get(r.player, r.player) if r.player else 'nobody named'}" for r in finish]
        else:
            call.remove_widget(call.strip)
        lines += outcomes(verdict["bullets"], verdict["healed"], verdict["totals"], names)
        lines += [named(note, names) for note in verdict["notes"]]
        box = call.ids.lines
        for line, text in zip(self.spares.rows(box, NoteText, len(lines), at_width(NoteText, box)), lines):
            line.text = text
        panel.show(call)

    def save_call(self, number: int) -> None:
        """Write a past call as a round file in the data folder, so a disputed call can be
        replayed (`companion referee replay`) or shared, and say where it went."""
        folder = self.session.store.path.parent / "rounds"
        try:
            path = write_round(self.state.played[number - 1].round, folder / export_name(self.session.id, number))
            message = f"Saved as {path}; check it with: companion referee replay FILE"
        except InputError as exc:
            message = f"Not saved: {exc}"
        lines = self.panels["history"].call.ids.lines
        said = at_width(NoteText, lines)()
        said.text = message
        lines.add_widget(said)

    def close_history(self) -> None:
        if self.live is not None:
            self.stage = self._before_history
        else:
            self._show_idle()


load_kv(__file__)
