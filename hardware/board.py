"""Which board this is, and so what ``--backend auto`` means: a leaf module, so choosing a
backend and probing the pins can both ask without importing each other."""

from __future__ import annotations

from pathlib import Path

from companion.intake.errors import InputError
from companion.kiosk.settings import BACKENDS

MODEL_PATH = Path("/proc/device-tree/model")


def pi_model(path: Path = MODEL_PATH) -> str | None:
    """The board's model string ("Raspberry Pi 4 Model B Rev 1.5") or None when this is
    not a Raspberry Pi. The device tree names the board on every Pi OS kernel; the file
    ends in a NUL byte."""
    try:
        model = path.read_bytes().rstrip(b"\0").decode("utf-8", "replace").strip()
    except OSError:
        return None
    return model if model.startswith("Raspberry Pi") else None



def resolve(name: str, model_path: Path = MODEL_PATH) -> str:
    """``auto`` made concrete: gpio on a Raspberry Pi, sim anywhere else."""
    if name not in BACKENDS:
        raise InputError(f"unknown backend {name!r}; expected one of {', '.join(BACKENDS)}")
    if name == "auto":
        return "gpio" if pi_model(model_path) else "sim"
    return name
