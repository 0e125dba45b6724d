"""The pads while the referee screen is shown: the backend started and stopped with it, its
queue drained into the card in play, each pad's level and faults, and the sim backend's
keys (1-6 press pads; with Shift a pad stays down until its key comes again).

Nothing here is judged: edges go to the card (:mod:`companion.rapidcity.flow`) with their
own stamps, which the judge reads (principle 3); levels and faults are what the tiles show.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from kivy.app import App
from kivy.core.window import Window

from companion.intake.errors import InputError
from companion.rapidcity.flow import RefereeModel
from hardware.events import PadEvent, PadFault, TagRead
from ui.rapidcity.padlevels import PadLevels

KEY_1 = ord("1")


def fault_lines(faults: Iterable[PadFault]) -> list[str]:
    """One line for each kind of trouble, naming every tile that has it: six pawns left on
    their tiles read as one sentence, not the same one six times."""
    tiles: dict[str, list[str]] = {}
    for fault in faults:
        tiles.setdefault(fault.message.removeprefix(f"{fault.tile}: "), []).append(fault.tile)
    return [f"{', '.join(names)}: {what}" for what, names in tiles.items()]


@dataclass
class Drained:
    """What one drain of the queue brought: each pad's level after it (however many edges),
    whether an edge of the card in play came, whether a fault started or ended."""

    levels: dict[int, bool] = field(default_factory=dict)
    kept: bool = False
    faulted: bool = False


class PadWatch:
    """The backend behind the referee: started on entering, stopped on leaving; ``wake`` is
    called on the hardware's thread when edges are queued."""

    def __init__(self, hold_ns: int) -> None:
        self.backend: Any = None
        self.levels = PadLevels(hold_ns)
        self.faults: dict[tuple[int, str], PadFault] = {}  # (pad, kind) -> the fault in force
        self.trouble = ""  # the backend would not start, or says it is not working
        self._keys: set[int] = set()
        self._momentary: set[int] = set()
        self._held: set[int] = set()

    def start(self, wake: Callable[[], Any], bounce_ms: float) -> None:
        app = App.get_running_app()
        try:
            self.backend = app.hardware()
            self.backend.start()
        except InputError as exc:
            self.backend = None
            self.trouble = f"Pads not available: {exc}"
            return
        status = self.backend.status()
        self.trouble = "" if status.ok else status.detail
        self.faults = {(f.pad, f.kind): f for f in status.faults}
        self.backend.events.wake = wake
        self.backend.pipeline.set_bounce_ms(bounce_ms)  # ruling: R-R4
        if self.backend.name == "sim":
            Window.bind(on_key_down=self._key_down, on_key_up=self._key_up)

    def stop(self) -> None:
        Window.unbind(on_key_down=self._key_down, on_key_up=self._key_up)
        if self.backend is not None:
            for pad in self._held | self._momentary:
                self.backend.release(pad)
            self._held.clear()
            self._momentary.clear()
            self._keys.clear()
            self.backend.events.wake = None
            self.backend.stop()

    def drain(self, model: RefereeModel) -> tuple[Drained, RefereeModel]:
        """Every event queued since the last drain: edges and tags to the card (the model
        that has them), faults kept."""
        out = Drained()
        if self.backend is None:
            return out, model
        for event in self.backend.drain():
            if isinstance(event, PadEvent):
                out.levels[event.pad] = event.pressed
                taken = model.edge(event)
                out.kept |= taken is not model
                model = taken
            elif isinstance(event, TagRead):
                model = model.tag(event.pad, event.tag, event.t_ns)
            elif isinstance(event, PadFault):
                if event.active:
                    self.faults[event.pad, event.kind] = event
                else:
                    self.faults.pop((event.pad, event.kind), None)
                out.faulted = True
        return out, model

    def check(self) -> bool:
        """The backend's health asked again; True if what it says changed (an unplugged pad
        board, a lost GPIO chip: the backend reconnects by itself)."""
        if self.backend is None:
            return False
        status = self.backend.status()
        trouble = "" if status.ok else status.detail
        changed, self.trouble = trouble != self.trouble, trouble
        return changed

    def reporting(self) -> bool:
        return self.backend is None or not self.trouble

    def pawns_on(self, names: dict[int, str]) -> list[str]:
        """The tiles whose pad is down now (a faulty pad is left out: it cannot hold up a card)."""
        faulty = {pad for pad, _ in self.faults}
        return [name for pad, name in names.items() if self.levels.actual.get(pad) and pad not in faulty]

    def fault_of(self, pad: int) -> str:
        return " + ".join(kind for (faulty, kind) in sorted(self.faults) if faulty == pad)

    def alert(self) -> str:
        """Faulty pads and hardware trouble, by tile name, in one line."""
        return "; ".join(filter(None, [self.trouble, *fault_lines(self.faults[key] for key in sorted(self.faults))]))

    def resting(self, resting: bool, now_ns: int) -> None:
        """From the reveal until the card is over, each pawn stands on the tile it claimed
        while the table names it and checks the call: the pad under it is not stuck
        (hardware/faults.py). A pad still held once the card is over counts from then."""
        if self.backend is not None:
            self.backend.pipeline.resting(resting, now_ns)

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
