"""Which board this is: a leaf module, so choosing a backend and probing the pins can
both ask without importing each other."""

from __future__ import annotations

from pathlib import Path

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
