"""The test's side of the monkey: an Xvfb of its own (a display number the X server picks
itself, so parallel test processes never share one), the child started on it, and everything
that says the walk failed: the report's failures, a walk that did not end, the exit status,
and errors on the child's standard error."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Collection, Iterator

ROOT = Path(__file__).resolve().parents[2]
#: the screen the app is made for (ui/shell/launch.py WIDTH, HEIGHT); its window fills it. 16 bits a
#: pixel (RGB565, as many small DSI and SPI touchscreens run): Mesa's software GL draws a frame
#: into it for a third of the CPU of 24 bits (15 -> 4.5 ms here), and frames are most of a walk
SCREEN = "800x480x16"
#: seconds Xvfb may take to say its display
XVFB_S = 30.0
#: seconds a walk may take per step before it counts as hung, on top of its start
STEP_S = 0.5
START_S = 120.0
#: the app's frame cap in a walk. Not the UI tests' none (tests/conftest.py): with a real window
#: an uncapped loop spins while the X server and Mesa's threads draw its frame, on the same two
#: cores (300 Bountytown steps: 17.7 s of CPU uncapped, 12.2-15.0 at 120, 13.6 at 60); not the
#: app's 60 either, whose 16.7 ms frames each event waits for (37 s for those steps, 25-28 at 120)
MAX_FPS = 120
#: what on the child's standard error is a failure: Kivy's error records and any traceback
ERRORS = re.compile(r"Traceback|\[(ERROR|CRITICAL)\s*\]")
#: the colours Kivy's console log puts around a record's level, even into a pipe
COLOURS = re.compile(r"\x1b\[[0-9;]*m")


@contextmanager
def xvfb() -> Iterator[str]:
    """An X server of this walk's own, with one 800x480 screen; yields its DISPLAY."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", SCREEN, "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    os.close(write)
    try:
        with os.fdopen(read) as said:
            number = said.readline().strip()  # Xvfb writes its display's number once it listens
        if not number:
            raise RuntimeError(f"Xvfb did not start: {server.communicate(timeout=XVFB_S)[1].decode()[-500:]}")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=XVFB_S)


@dataclass
class Walk:
    """A finished walk: the child's report (None if it wrote none) and where it is, exit
    status and standard error."""

    report: dict[str, Any] | None
    path: Path
    status: int
    stderr: str

    def problems(self, known: Collection[str] = ()) -> list[str]:
        """Everything that failed, one line each (the report has the tracebacks), but the
        failures whose signature is ``known``."""
        if self.report is None:
            return [f"no report; exit status {self.status}; standard error: {self.stderr[-2000:]}"]
        said = [f"{entry['count']} x {signature} (first: seed {entry['first']['seed']}, step {entry['first']['step']}"
                f" on {entry['first']['screen']!r})" for signature, entry in self.report["distinct"].items()
                if signature not in known]
        if not self.report["done"]:
            said.append(f"the walk did not end: {self.report['steps']} of {self.report['taps']} steps")
        if self.status != 0:
            said.append(f"exit status {self.status}")
        said += [f"standard error: {line}" for line in COLOURS.sub("", self.stderr).splitlines()
                 if ERRORS.search(line)][:10]
        return said


def walk(game: str, seed: int, taps: int, folder: Path) -> Walk:
    """Walk ``game`` for ``taps`` steps from ``seed``, in a fresh database in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    report = folder / f"monkey-{game}-{seed}.json"
    environ = {key: value for key, value in os.environ.items() if not key.startswith(("KIVY_", "KCFG_", "SDL_"))}
    with xvfb() as display:
        environ.update(DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                       KIVY_HOME=str(folder / "kivy"), KIVY_NO_FILELOG="1", KCFG_KIVY_LOG_LEVEL="warning",
                       KCFG_GRAPHICS_MAXFPS=str(MAX_FPS))
        child = subprocess.Popen([sys.executable, "-m", "tests.monkey", "--game", game, "--seed", str(seed),
                                  "--taps", str(taps), "--db", str(folder / f"{game}-{seed}.db"),
                                  "--report", str(report)],
                                 cwd=ROOT, env=environ, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                 text=True, start_new_session=True)
        try:
            _, stderr = child.communicate(timeout=START_S + STEP_S * taps)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)  # its group: the app and its odds worker
            _, stderr = child.communicate()
            stderr += f"\nkilled: the walk took over {START_S + STEP_S * taps:.0f} s"
    return Walk(json.loads(report.read_text()) if report.exists() else None, report, child.returncode, stderr)


def main(argv: list[str]) -> int:
    """``python -m tests.monkey.harness GAME SEED STEPS [FOLDER]``: one walk, as a test runs
    it (a failure's seed and step replay it); prints what failed and where the report is."""
    game, seed, steps = argv[0], int(argv[1]), int(argv[2])
    folder = Path(argv[3]) if len(argv) > 3 else Path(tempfile.mkdtemp(prefix="monkey-"))
    done = walk(game, seed, steps, folder)
    print("\n".join(done.problems()) or "no failures")
    print(f"report: {done.path}")
    return 1 if done.problems() else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
