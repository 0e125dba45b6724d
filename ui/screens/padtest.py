"""The pad test: press each pad and watch its tile, so the wiring is checked at the table
without a terminal (`companion pads` is the same for a terminal).

Each tile lights and says HELD while its pad is down (in words too: nothing is told by
colour alone), with its press count, how many bounce edges its lockout dropped (a bouncy
switch or a loose wire shows up here) and when its last edge was, in ms since the screen
opened. Above the tiles: the hardware's health word and line, and its counters (serial
lines read, garbage skipped, heartbeats heard for a pad board; edges for GPIO pads).
The screen only shows what the backend reports; it decides nothing.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.intake.errors import InputError
from hardware.events import PadEvent, PadFault, now_ns
from ui.kit.kvload import load_kv

STATUS_EVERY_S = 0.5  # health and counters, as often as the referee screen asks


class PadTile(BoxLayout):
    """One pad: its name and pin, HELD or up, presses, bounces, last edge."""

    pad = NumericProperty(0)
    title = StringProperty("")
    held = BooleanProperty(False)
    presses = NumericProperty(0)
    bounces = NumericProperty(0)
    last = StringProperty("no edge yet")
    fault = StringProperty("")


class PadTestScreen(Screen):
    health = StringProperty("")  # "OK", "SILENT"... and the backend's line
    healthy = BooleanProperty(False)
    counters = StringProperty("")

    def on_kv_post(self, _base: Any) -> None:
        self.backend = None
        self.tiles: dict[int, PadTile] = {}
        self._t0 = now_ns()

    def on_enter(self, *_args: Any) -> None:
        app = App.get_running_app()
        app.bind(on_stop=self.on_leave)
        self._t0 = now_ns()
        try:
            self.backend = app.hardware()
            self.backend.start()
        except InputError as exc:
            self.backend = None
            self.health = f"PADS NOT AVAILABLE: {exc}"
            self.counters = ""
            self._build_tiles([])
            return
        self._build_tiles(list(self.backend.pads))
        self.refresh_status()
        Clock.schedule_interval(self.poll, 0)
        Clock.schedule_interval(self.refresh_status, STATUS_EVERY_S)
        if self.backend.name == "sim":
            Window.bind(on_key_down=self._key_down, on_key_up=self._key_up)

    def on_leave(self, *_args: Any) -> None:
        App.get_running_app().unbind(on_stop=self.on_leave)
        Clock.unschedule(self.poll)
        Clock.unschedule(self.refresh_status)
        Window.unbind(on_key_down=self._key_down, on_key_up=self._key_up)
        if self.backend is not None:
            self.backend.stop()
            self.backend = None

    def _key_down(self, _window: Any, key: int, *_rest: Any) -> bool:
        """Simulated pads: keys 1-6 hold pads 1-6 while they are down."""
        return self._drive_key(key, pressed=True)

    def _key_up(self, _window: Any, key: int, *_rest: Any) -> bool:
        return self._drive_key(key, pressed=False)

    def _drive_key(self, key: int, *, pressed: bool) -> bool:
        pad = key - ord("1") + 1
        if self.backend is None or pad not in self.tiles:
            return False
        if pressed:
            self.backend.press(pad)  # a key's auto-repeat drives the same level: no edge
        else:
            self.backend.release(pad)
        return True

    def _build_tiles(self, pads: list[Any]) -> None:
        grid = self.ids.tiles
        grid.clear_widgets()
        self.tiles = {pad.number: PadTile(pad=pad.number, title=f"Pad {pad.number}: {pad.name}\n{pad.pin}")
                      for pad in pads}
        for tile in self.tiles.values():
            grid.add_widget(tile)

    def poll(self, _dt: float = 0) -> None:
        """Every frame: each edge onto its tile (presses, HELD, last edge time)."""
        if self.backend is None:
            return
        for event in self.backend.drain():
            tile = self.tiles.get(getattr(event, "pad", None))
            if tile is None:
                continue
            if isinstance(event, PadEvent):
                tile.held = event.pressed
                tile.presses += event.pressed
                tile.last = f"last edge {(event.t_ns - self._t0) / 1e6:.1f} ms ({'press' if event.pressed else 'release'})"
            elif isinstance(event, PadFault):
                tile.fault = event.kind.upper() if event.active else ""
        for number, tile in self.tiles.items():
            tile.bounces = self.backend.pipeline.bounces(number)

    def refresh_status(self, _dt: float = 0) -> None:
        """Twice a second: the hardware's health and counters."""
        if self.backend is None:
            return
        status = self.backend.status()
        self.health = f"{status.health.upper()}: {status.detail}"
        self.healthy = status.ok
        counters = status.counters
        skipped = sum(n for key, n in counters.items() if key.startswith("skipped: "))
        shown = [(label, counters[key]) for key, label in (("lines", "lines"), ("heartbeats", "heartbeats"))
                 if key in counters]
        if "lines" in counters:
            shown.insert(1, ("skipped garbage", skipped))
        shown += [("edges", counters.get("edges", 0)), ("bounces dropped", counters.get("bounces dropped", 0))]
        self.counters = "   ".join(f"{label} {value}" for label, value in shown)


load_kv(__file__)
