"""Which backend `--backend auto|gpio|serial|sim` means on this machine.

(Named ``choose`` rather than ``select`` so that running a file from this folder can
never shadow the standard library's ``select`` module.)
"""

from __future__ import annotations

from pathlib import Path

from companion.errors import InputError
from hardware.backend import Backend
from hardware.board import MODEL_PATH, pi_model
from hardware.padmap import load_padmap

BACKENDS = ("auto", "gpio", "serial", "sim")
def resolve(name: str, model_path: Path = MODEL_PATH) -> str:
    """``auto`` made concrete: gpio on a Raspberry Pi, sim anywhere else."""
    if name not in BACKENDS:
        raise InputError(f"unknown backend {name!r}; expected one of {', '.join(BACKENDS)}")
    if name == "auto":
        return "gpio" if pi_model(model_path) else "sim"
    return name


def open_backend(name: str, *, pads: str | None = None, port: str | None = None,
                 model_path: Path = MODEL_PATH) -> Backend:
    """A backend, not yet started (call ``start()``), for ``--backend``, ``--pads`` and
    ``--port``. A bad pad map is refused here, before anything is opened."""
    kind = resolve(name, model_path)
    padmap = load_padmap(pads)
    if kind == "gpio":
        from hardware.gpio import GpioBackend

        return GpioBackend(padmap)
    if kind == "serial":
        from hardware.serial_board import SerialBackend

        return SerialBackend(padmap, port=port)
    from hardware.sim import SimBackend

    return SimBackend(padmap)
