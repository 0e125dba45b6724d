"""The backend `--backend auto|gpio|serial|sim` names, opened (what ``auto`` means on this
machine is :func:`hardware.board.resolve`'s to say).

(Named ``choose`` rather than ``select`` so that running a file from this folder can
never shadow the standard library's ``select`` module.)
"""

from __future__ import annotations

from pathlib import Path

from hardware.backend import Backend
from hardware.board import MODEL_PATH, resolve
from hardware.events import Ticks, now_ns
from hardware.padmap import load_padmap


def open_backend(name: str, *, pads: str | None = None, port: str | None = None,
                 model_path: Path = MODEL_PATH, ticks: Ticks = now_ns) -> Backend:
    """A backend, not yet started (call ``start()``), for ``--backend``, ``--pads`` and
    ``--port``. A bad pad map is refused here, before anything is opened. ``ticks`` is the
    pad board's host clock (the pins' backends keep their pin factory's ticks)."""
    kind = resolve(name, model_path)
    padmap = load_padmap(pads)
    if kind == "gpio":
        from hardware.gpio import GpioBackend

        return GpioBackend(padmap)
    if kind == "serial":
        from hardware.serial_board import SerialBackend

        return SerialBackend(padmap, port=port, ticks=ticks)
    from hardware.sim import SimBackend

    return SimBackend(padmap)
