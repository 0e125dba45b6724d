"""The monkey's child process: ``python -m tests.monkey --game G --seed N --taps K --db PATH
--report PATH`` under an X display (DISPLAY, SDL_VIDEODRIVER=x11: tests/monkey/harness.py sets
them). The database is laid (tests/monkey/table.py), then the app starts exactly as `companion
--db PATH --backend sim` starts it (``ui.shell.launch.run_app``), with the walker scheduled on its
Clock for the first frame. The report is written when the walk ends, and again if the app's
loop ends without the walk ending it: an app that exits by itself is a failure too.

Entropy is the seed's: the app's digital draws and a Rapid City deck take ``new_seed()`` from
the OS, and the referee's wait and the sounds use ``random``; both are seeded from the walk's
seed, so a seed replays the same walk. (Run as ``-m``, this module is not run again in the
odds worker that ``spawn`` starts, multiprocessing/spawn.py ``_fixup_main_from_name``.)
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

import companion.contracts.engine
from tests.monkey.table import lay


def arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tests.monkey", description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=("spurs", "bountytown", "rapidcity"))
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--taps", type=int, required=True, help="steps of the walk")
    parser.add_argument("--db", type=Path, required=True, help="a database path that does not exist yet")
    parser.add_argument("--report", type=Path, required=True, help="where the JSON report is written")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    args = arguments(argv)
    random.seed(args.seed)
    entropy = random.Random(args.seed ^ 0x5EED)
    companion.contracts.engine.new_seed = lambda: entropy.getrandbits(63)  # before any screen imports it
    lay(args.db, args.game)

    from companion.cli import app_arguments
    from ui.shell.launch import configure_kivy, run_app

    configure_kivy(fullscreen=False)  # as run_app does first: Kivy's clock and config before Kivy loads
    from kivy.clock import Clock

    from tests.monkey.walker import Walker

    walker = Walker(args.game, args.seed, args.taps, args.report, os.environ["DISPLAY"])
    Clock.schedule_once(walker.start, 0)
    status = run_app(app_arguments(["--db", str(args.db), "--backend", "sim"]))
    if not walker.done:
        walker.fail("exit", f"the app's loop ended by itself, exit status {status}, at step {walker.step}")
        walker.write(exit_status=status)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
