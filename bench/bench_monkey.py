"""A soak of the table monkey (tests/monkey): 50,000 random taps over the three games, in the
real app in a real X window, every step checked as in the suite's walks; prints the taps a
second and every distinct failure (with its seed and step, so it replays), and exits 1 if any.

The taps are shared out over walks of ``--walk`` steps, the games in turn, each walk from a
seed of its own (``--seed``, then the next ones), so a soak covers many starts and a failure
replays in one short walk: ``python -m tests.monkey`` under Xvfb, or a FOUND entry in
tests/ui/test_monkey.py. ``--jobs`` walks run at once (each in its own X server).

Run: python bench/bench_monkey.py [--taps 50000] [--walk 2500] [--seed 1] [--jobs 1]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.monkey.harness import walk  # noqa: E402

GAMES = ("spurs", "bountytown", "rapidcity")
#: lines of each failure's detail printed (a traceback's last frames and its exception)
DETAIL = 12


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=50_000)
    parser.add_argument("--walk", type=int, default=2_500, help="steps of each walk")
    parser.add_argument("--seed", type=int, default=1, help="the first walk's seed")
    parser.add_argument("--jobs", type=int, default=1, help="walks at once")
    args = parser.parse_args(argv)
    plan = []
    left = args.taps
    while left > 0:
        steps = min(args.walk, left)
        plan.append((GAMES[len(plan) % len(GAMES)], args.seed + len(plan), steps))
        left -= steps
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as scratch, ThreadPoolExecutor(args.jobs) as pool:
        walks = list(pool.map(lambda one: (one, walk(*one, Path(scratch) / f"{one[0]}-{one[1]}")), plan))
    wall = time.monotonic() - started
    taken = sum(done.report["steps"] for _, done in walks if done.report)
    walking = sum(done.report["elapsed_s"] for _, done in walks if done.report)
    print(f"{taken:,} taps in {len(walks)} walks: {taken / wall:.1f} taps/s over the soak ({wall:.0f} s, "
          f"{args.jobs} at once), {taken / walking:.1f} taps/s while walking (the app's start left out)")
    failed = [(one, done) for one, done in walks if done.problems()]
    for (game, seed, steps), done in failed:
        print(f"\n{game}, seed {seed}, {steps} steps:")
        print("\n".join(f"  {line}" for line in done.problems()))
        for first in [entry["first"] for entry in (done.report or {}).get("distinct", {}).values()]:
            print(f"  step {first['step']} on {first['screen']!r}, after: {first['trail']}")
            print("    " + "\n    ".join(first["detail"].strip().splitlines()[-DETAIL:]))
    if failed:
        print(f"\nFAILED: {len(failed)} of {len(walks)} walks found failures (above, each with its seed and step)")
        return 1
    print("no failures")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
