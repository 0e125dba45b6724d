"""Jobs tests hand to the app's worker process (ui/pace/background.py): importable without Kivy,
as everything the worker runs must be, and picklable by reference."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any, Callable

GATE_SECONDS = 30.0


def gated(gate: str, work: Callable[..., Any], *question: Any) -> Any:
    """``work(*question)`` once the file ``gate`` exists: a test holds the worker busy, then
    lets it answer."""
    deadline = time.monotonic() + GATE_SECONDS
    while not Path(gate).exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    return work(*question)


def answer_or_error(work: Callable[..., Any], *question: Any) -> Any:
    """``work(*question)``, or the error's type and message: comparable across processes."""
    try:
        return work(*question)
    except Exception as exc:
        return (type(exc), str(exc))


def loaded(prefix: str) -> list[str]:
    """The modules named ``prefix`` or under it that this process has imported."""
    return sorted(name for name in sys.modules if name == prefix or name.startswith(prefix + "."))


def process_group() -> int:
    return os.getpgrp()
