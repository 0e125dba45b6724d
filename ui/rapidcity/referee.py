"""The Rapid City referee: the draw pile, the pads' race and the call, on one screen.

The card's flow (Ready, the random wait, the race, the photo finish or the touches, the
verdict, Confirm), what each tap may do, what Undo takes back and when the race is over
are :class:`companion.rapidcity.flow.RefereeModel`'s, a screen model like the other games'
(:class:`ui.gamebase.modelscreen.ModelScreen`); what each part of the screen says is a value of
:mod:`companion.rapidcity.shown`. This screen binds its widgets to those values, sends taps
and the pads' edges to the model, reacts to the step the model is at (the reveal's timer
while a card waits, the card's end), and decides only when to draw (docs/architecture.md,
principle 6): while a card is shown, only a claim draws a frame at once.

Time is the screen's ``clock`` (the app's, :func:`hardware.events.now_ns`; a test gives its
own): the model is told it on each frame and decides from it when the window closes.
The backend is drained every frame from the Kivy Clock (:class:`ui.rapidcity.pads.PadWatch`):
the time a claim is shown is at most a frame after its edge, and its *stamp* (never its
arrival) is what is judged.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any, Callable, Iterator

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import StringProperty
from kivy.uix.widget import Widget

from companion.intake.errors import InputError
from companion.rapidcity import shown
from companion.rapidcity.flow import RefereeModel, referee_model
from companion.rapidcity.roundfile import export_name, write_round
from companion.voice import phrases
from hardware.events import now_ns
from ui.sound import sounds
from ui.kit.kvload import load_kv
from ui.pace.later import AfterFrame
from ui.pace.promised import Promised
from ui.gamebase.modelscreen import ModelScreen
from ui.rapidcity.panels import PANELS
from ui.rapidcity.pads import PadWatch
from ui.rapidcity.table import TileView
from ui.sound.speech import SPEAKER

TAGS_PREF = "rapidcity.tags"  # RFID tag -> colour, learnt from confirmations (R-R5)
STATUS_EVERY_S = 0.5  # how often the pad hardware's health is asked for the alert line
# Each change on screen costs a whole-window frame, and a claim arriving meanwhile waits for
# it: while a card is shown, what is not a claim (the countdown, a pad's level, a fault) is
# redrawn once a second, and not while claims are landing (RUSH_S after each claim):
# see RefereeScreen._slow_tick.
SLOW_TICK_S = 1.0
RUSH_S = 0.5
#: what each step's panel shows, from the model and the clock's time (the race's countdown)
VALUES: dict[str, Callable[[RefereeModel, int], Any]] = {
    "ready": lambda model, _now: shown.ready(model), "waiting": lambda model, _now: shown.waiting(model),
    "window": shown.window, "finish": lambda model, _now: shown.finish(model),
    "touches": lambda model, _now: shown.touches(model), "verdict": lambda model, _now: shown.verdict(model),
    "end": lambda model, _now: shown.end(model), "history": lambda model, _now: shown.calls(model)}


class RefereeScreen(ModelScreen):
    stage = StringProperty("ready")
    alert = StringProperty("")  # faulty pads and hardware trouble, by tile name

    #: seconds of the random delay between Ready and the reveal (tests shorten it)
    delay_s: tuple[float, float] = (1.0, 2.5)
    #: the screen's clock, in the pads' nanoseconds (a test gives its own)
    clock: Callable[[], int] = staticmethod(now_ns)

    def on_kv_post(self, _base: Any) -> None:
        # each step's panel made when first shown or filled in, the others a part a tick
        # (``parts``): the eight made at once filled one frame (57-59 ms here, issue 38)
        self.panels: Promised[Widget] = Promised({name: partial(cls, screen=self) for name, cls in PANELS.items()},
                                                 made=self._fit_panel)
        self.ids.stage.bind(width=self._fit_panels)
        self.tiles: dict[int, TileView] = {}
        self.pads = PadWatch(round(SLOW_TICK_S * 1e9))
        self._ahead = AfterFrame(self._fill_ahead)
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
        self._pending_reveal = None
        self._tiles_for: Any = None
        self._card: Any = None  # the card shown last (a value of the model's): None between cards
        self._heard = 0  # the claims of the card in play already heard (a tick each)
        self.on_stage(self, self.stage)

    def parts(self) -> Iterator[None]:
        """The panels not made yet, one a tick (the app builds the screen so: ui/shell/app.py)."""
        return self.panels.parts()

    def ready_for(self, session: Any) -> Iterator[None]:
        """What a reopened game's first frame needs, made a part a tick before it is shown (the
        app reopens a game so: ui/shell/app.py): the pads' names (their backend opened, no pad
        started), the touches' panel (its chips are made with the game's tiles) and the panel
        of the step the game stands at."""
        self._pad_names()
        yield
        self.panels.ready("touches")
        yield
        self.panels.ready(self.opened(session).stage())
        yield

    @property
    def status(self) -> str:
        """The line of the step on show: what to do, or what just happened."""
        value = self.panels[self.stage].shown
        return value if isinstance(value, str) else getattr(value, "status", "")

    # -- the game ---------------------------------------------------------------------------

    def on_session(self, screen: Any, session: Any) -> None:
        self._card_gone()  # another game opens on its next card, not on the last one's past calls
        super().on_session(screen, session)

    def opened(self, session: Any) -> RefereeModel:
        known = App.get_running_app().store.pref(TAGS_PREF, {})
        return referee_model(session.state, self._pad_names(), known, session.can_undo, session.can_redo, session.seq)

    def _pad_names(self) -> dict[int, str]:
        try:
            return {pad.number: pad.name for pad in App.get_running_app().hardware().pads}
        except InputError:
            return {}

    def _build_tiles(self) -> None:
        self._tiles_for = self.state.tiles
        self.tiles = {t.pad: TileView(pressed=self.pads.levels.shown.get(t.pad, False)) for t in self.state.tiles}
        self._show_tiles()
        self.ids.table.show_tiles(list(self.tiles.values()))
        self._show_faults()
        # the touches' chips made and named with the game, not on its first cowboy card
        self.panels["touches"].ids.chips.values = shown.player_chips(self.model)

    # -- what is shown ----------------------------------------------------------------------

    def show(self, model: Any) -> None:
        """The step the model is at with its value, the tiles, the table's centre and the
        bullets; the panels not on show are filled in after the frame (:meth:`_fill_ahead`).
        The screen reacts to the step: a card waiting is revealed after a random delay, and
        a card gone (confirmed, undone under it, stopped, taken back) cancels what was due."""
        stage = model.stage()
        if self._card is not None and model.card is None:
            self._card_gone()
        self._card = model.card
        if stage == "waiting" and self._pending_reveal is None:
            SPEAKER.prepare(self._card_words())  # made during the wait, only played at the reveal
            self._pending_reveal = Clock.schedule_once(self.reveal, random.SystemRandom().uniform(*self.delay_s))
        if self._tiles_for != model.state.tiles:  # the same tiles (a game filled in ahead): the same views
            self._build_tiles()
        self._fill(stage)
        self.stage = stage
        self._show_tiles()
        self.ids.table.centre = shown.centre(model)
        self.ids.bullets.values = shown.badges(model)
        enabled = model.enabled()
        self.can_undo, self.can_redo = "undo" in enabled, "redo" in enabled
        self._ahead()

    def _fill(self, stage: str) -> None:
        """``stage``'s panel given its value now."""
        panel = self.panels[stage]
        panel.shown = VALUES[stage](self.model, self.clock())
        if stage == "history":
            panel.call = shown.call(self.model) if self.model.history else None

    def _fill_ahead(self, _dt: float = 0) -> None:
        """After the frame of each change: the verdict filled in while the table names
        pawns or enters touches, so that Verdict only shows it; the list of calls brought up
        to date, so that Past calls only shows it; a call's page given rows enough for the
        newest call's lines, so that showing a call makes no widget."""
        model = self.model
        if model is None or self.session is None:
            return  # the game was closed before the frame
        if model.naming:
            self._fill("verdict")
        if model.history is None:
            self.panels["history"].shown = shown.calls(model)
        if model.state.played:
            last = model.state.played[-1].verdict
            self.panels["history"].page.ids.lines.stock(len(last["claims"]) + len(last["totals"]) + len(last["notes"]))

    def _show_tiles(self) -> bool:
        """Each tile's claim as the judge orders them; True if a tile changed: an edge that
        changes no claim (a chattering pad's) draws no frame."""
        changed = False
        for value in shown.tiles(self.model):
            tile = self.tiles.get(value.pad)
            if tile is not None and tile.shown != value:
                tile.shown, changed = value, True
        return changed

    def on_stage(self, _screen: Any, stage: str) -> None:
        if hasattr(self, "panels"):
            box = self.ids.stage
            box.clear_widgets()
            box.add_widget(self.panels[stage])

    def kept_aside(self) -> list[Widget]:
        """The step panels made so far: all but the one on show are off the screen's tree, and
        what is let go with the screen is looked for there too (ui/kit/kvload.py ``release``)."""
        return self.panels.made()

    def _fit_panels(self, _box: Any, width: float) -> None:
        """Every step's panel as wide as it is shown, on show or not: a panel's words are
        rendered at their width when they change (or when the screen is built ahead), not
        once more on the tap that shows the panel. Only the width: the height takes no part in
        wrapping, and changes with each notice over the screen."""
        for panel in self.panels.made():
            panel.width = width

    def _fit_panel(self, panel: Widget) -> None:
        """A panel made now as wide as the others (:meth:`_fit_panels`)."""
        panel.width = self.ids.stage.width

    def _show_faults(self) -> None:
        for pad, tile in self.tiles.items():
            tile.fault = self.pads.fault_of(pad)
        self.alert = self.pads.alert()

    # -- the table's taps ---------------------------------------------------------------------

    def ready(self) -> None:
        """R-R3: pawns are back; the card, revealed after a random delay (:meth:`show`)."""
        model = self.model
        self.tap("ready", self.clock(), tuple(self.pads.pawns_on(model.tile_names)), self.pads.reporting())

    def back(self) -> None:
        """One step back within the card, before it is committed."""
        self.tap("back")

    def to_touches(self) -> None:
        self.tap("touches", self.clock())

    def pick(self, press: tuple[int, int], player: str) -> None:
        """Whose pawn a press put down (R-R5)."""
        self.tap("pick", press, player)

    def touch_by(self, player: str) -> None:
        self.tap("by", player)

    def touch_pawn(self, player: str) -> None:
        self.tap("pawn", player, self.clock())

    def touch_hand(self, hand: str) -> None:
        self.tap("hand", hand)

    def remove_touch(self) -> None:
        self.tap("remove_last")

    def to_verdict(self) -> None:
        self.tap("verdict")

    def confirm(self) -> None:
        """Commit the card, and say its call; the RFID tags the players just confirmed are
        remembered for the next games too."""
        before = self.model
        learned = before.learned_tags()
        if not self.tap("confirm"):
            return
        call = self.state.played[-1]
        SPEAKER.say(partial(phrases.call, call.round, call.verdict, before.names))
        if learned:
            store = App.get_running_app().store
            store.set_pref(TAGS_PREF, {**store.pref(TAGS_PREF, {}), **learned})

    def show_history(self) -> None:
        self.tap("past_calls")

    def show_call(self, number: int) -> None:
        """One past call again (from the list, or from History's log of the game)."""
        self.tap("past_calls")
        self.panels["history"].saved = ""
        self.tap("call", number)

    def close_history(self) -> None:
        self.tap("close_history")

    def save_call(self, number: int) -> None:
        """Write a past call as a round file in the data folder, so a disputed call can be
        replayed (`companion referee replay`) or shared, and say where it went."""
        folder = self.session.store.path.parent / "rounds"
        try:
            path = write_round(self.state.played[number - 1].round, folder / export_name(self.session.id, number))
            self.panels["history"].saved = f"Saved as {path}; check it with: companion referee replay FILE"
        except InputError as exc:
            self.panels["history"].saved = f"Not saved: {exc}"

    # -- the card -------------------------------------------------------------------------------

    def reveal(self, _dt: float = 0) -> None:
        """The card on screen and the bell in the same frame; the reveal stamped now. A notice
        left from the wait (Undo with nothing to take back yet) goes: it is about a step
        now past, and it held the board lower while the card came."""
        self._pending_reveal = None
        now = self.clock()
        model = self.model.revealed(now)
        if model is self.model:
            return
        self.model = model
        self.pads.resting(True, now)
        sounds.play("reveal")
        self._heard = 0
        self.refresh()
        SPEAKER.say(self._card_words(), after_s=sounds.VOICES["reveal"][1])  # the bell first
        self._slow.cancel()  # the countdown's seconds from the reveal
        self._slow()

    def _card_words(self) -> Callable[[str], list[str]]:
        """The card in play as the referee calls it, in the language it is said in."""
        return lambda lang, card=self.model.live.template["card"], names=self.model.names: [
            phrases.card(card, names, lang)]

    def _close_after_frame(self, _dt: float = 0) -> None:
        """The photo finish (a panel of rows and chips) or the touches, built after the frame
        that shows the last claim, not inside it."""
        if self.model is not None and self.model.race_ended:
            self.model = self.model.close(self.clock())
            self.refresh()

    def _card_gone(self) -> None:
        """The card in play is over (committed, undone under it, stopped, or another game
        opened): its reveal, if due, is cancelled, and the pawns leave their tiles."""
        self._card = None
        self._cancel_reveal()
        self.pads.resting(False, self.clock())

    def _cancel_reveal(self) -> None:
        if self._pending_reveal is not None:
            self._pending_reveal.cancel()
            self._pending_reveal = None

    # -- the pads -------------------------------------------------------------------------------

    def on_enter(self, *_args: Any) -> None:
        app = App.get_running_app()
        app.bind(on_stop=self.on_leave)  # quitting on this screen stops it too
        sounds.preload("reveal", "claim")  # nothing is synthesised in the frame that needs it
        self.pads.start(self._wake, self.state.settings.bounce_ms)
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
        if self._pending_reveal is not None:
            self.back()  # a card not yet shown waits for the next Ready
        self.pads.stop()

    def poll(self, _dt: float = 0) -> None:
        """Drain the backend: pad levels, faults, tags and the card's edges. Called every
        frame, and at once when the queue wakes the screen (``_wake``, on the hardware's
        thread). Every edge is judged now; a frame is drawn only when something shown
        changed: a claim, a fault, a false start, or a pad's level (paced by
        :class:`~ui.rapidcity.padlevels.PadLevels`, so a chattering pad costs at most a frame
        a second). While a card is shown, only a claim is drawn at once: a pad's level or a
        fault waits for the next frame drawn anyway (a claim's, or the slow tick's: see
        :meth:`_slow_tick`)."""
        if self.pads.backend is None or self.model is None:
            return
        drained, self.model = self.pads.drain(self.model)
        now = self.clock()
        redraw = self._show_edges(now) if drained.kept else False
        redraw |= self._race_over(now)
        racing = self.model.racing and not redraw
        for pad, pressed in drained.levels.items():
            if self.pads.levels.report(pad, pressed, now, hold=racing):
                self._show_level(pad, pressed)
        self._faults_due |= drained.faulted
        if redraw or (self._faults_due and not racing):  # a frame is drawn: what was held back goes with it
            self._show_held(now)

    def _show_edges(self, now: int) -> bool:
        """New edges of the card in play on screen: claims (or moved pawns) in the race;
        else the step on show again (a false start during the wait, a press stamped before
        the window closed but delivered after it, which is part of the call). True: a
        frame is due."""
        if self.model.racing:
            return self._show_claims(now)
        self.show(self.model)
        return True

    def _race_over(self, now: int) -> bool:
        """Whether the model ends the race at this instant of the screen's clock (time is up,
        or every pawn has landed): edges stamped from now on are no part of the call. The
        model builds the photo finish after the frame that shows the last claim: a
        timeout-0 event runs after the next frame (kivy/clock.py, Clock.schedule_once)."""
        ended = self.model.at(now)
        if ended is self.model:
            return False
        self.model = ended
        Clock.schedule_once(self._close_after_frame, 0)
        return True

    def _show_claims(self, now: int) -> bool:
        """The tiles after new edges in the race, the claims so far said under the card,
        and a tick for each new one after the frame that draws it (a timeout-0 callback
        runs after the next frame, kivy/clock.py: the sound adds nothing to the claim's
        edge-to-pixels time). True if a frame is due."""
        if not self._show_tiles():
            return False
        value = shown.window(self.model, now)
        self.panels["window"].shown = value
        self._rush_until_ns = now + round(RUSH_S * 1e9)
        if value.claims > self._heard:
            self._heard = value.claims
            Clock.schedule_once(self._tick_sound, 0)
        return True

    def _tick_sound(self, _dt: float = 0) -> None:
        if self.model is not None and self.model.racing:
            sounds.play("claim")

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
        level is shown at once, as before (Ready waits for every pawn to be off). The judge
        is not affected: it has every edge (and leaves a faulty pad out) the moment the pads
        report it."""
        now = self.clock()
        if now < self._rush_until_ns:
            self._after_rush.cancel()
            self._after_rush.timeout = (self._rush_until_ns - now) / 1e9
            self._after_rush()
            return
        if self.model is not None and self.model.racing:
            self._fill("window")
        self._show_held(now)

    def _show_held(self, now: int) -> None:
        """What waited for a frame: the pad levels held back, and faults not yet shown."""
        for pad, pressed in self.pads.levels.take_held(now).items():
            self._show_level(pad, pressed)
        if self._faults_due:
            self._faults_due = False
            self._show_faults()

    def _show_level(self, pad: int, pressed: bool) -> None:
        if pad in self.tiles:
            self.tiles[pad].pressed = pressed

    def _check_backend(self, _dt: float = 0) -> None:
        """An unplugged pad board (or a lost GPIO chip) is said on screen while it lasts;
        the backend reconnects by itself and the line clears when it does. A silent or
        unplugged board cannot judge: the card it was to decide goes back, unjudged."""
        if not self.pads.check():
            return
        self._show_faults()
        if self.pads.trouble and self.model is not None:
            stopped = self.model.pads_stopped()
            if stopped is not self.model:
                self.model = stopped
                self.refresh()


load_kv(__file__)
