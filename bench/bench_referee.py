"""Rapid City referee figures (prints them; not a pass/fail test).

(a) Judging accuracy over 10,000 simulated claims whose edges bounce and whose callbacks
    arrive 0-100 ms late and out of order: every pair of claims at least 1 ms apart must
    be ordered as it truly happened, and every pair closer than tie_ms must be reported as
    a dead heat - the two promises of docs/architecture.md, principle 3 and R-R8.
(b) Wall time of `companion referee replay FILE` including interpreter start-up (median
    of a few runs), against the 300 ms budget.
(c) Judging one more edge of a card that already holds N edges of a chattering pad, at
    three sizes: the live Referee (the edge fed, the verdict asked) against judging the
    whole card again (what the screen did per edge before). The live cost must stay flat.

Run: python bench/bench_referee.py [--claims N] [--runs N]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from companion.rapidcity.deck import deck_cards  # noqa: E402
from companion.rapidcity.judge import Referee, judge  # noqa: E402
from companion.rapidcity.model import (  # noqa: E402
    COLOURS,
    LOCATIONS,
    CharacterCard,
    Edge,
    Round,
    Settings,
    Tile,
    TwoCharactersCard,
)
from companion.rapidcity.roundfile import round_to_json  # noqa: E402
from companion.rapidcity.simulate import NS_PER_MS, simulate  # noqa: E402
from verdict import run  # noqa: E402


def accuracy(target_claims: int) -> list[str]:
    settings = Settings()
    tie_ns = round(settings.tie_ms * NS_PER_MS)
    tiles = tuple(Tile(pad, LOCATIONS[(pad - 1) % 3]) for pad in range(1, 7))
    cards = [c for c in deck_cards(COLOURS, two_characters=True) if isinstance(c, (CharacterCard, TwoCharactersCard))]
    claims = rounds = apart = ordered = close = heats = shifted = differs = 0
    started = time.perf_counter()
    for seed in itertools.count():
        if claims >= target_claims:
            break
        sim = simulate(cards[seed % len(cards)], COLOURS, tiles, seed, settings=settings)
        verdict = judge(sim.delivered())
        truth = {(e.pad, e.player): round(e.t_ms * NS_PER_MS) for e in sim.clean.events
                 if e.edge == "press" and e.player and e.t_ms >= 0}
        rounds += 1
        claims += len(verdict.claims)
        differs += verdict.claims != judge(sim.clean).claims
        true_ns = []
        for c in verdict.claims:
            t = truth.get((c.pad, c.player))
            shifted += t != round(c.t_ms * NS_PER_MS)
            true_ns.append(t)
        for (i, a), (j, b) in itertools.combinations(enumerate(verdict.claims), 2):
            gap = true_ns[j] - true_ns[i]  # i is listed first
            if abs(gap) >= NS_PER_MS:
                apart += 1
                ordered += gap > 0
            if abs(gap) < tie_ns:
                close += 1
                heats += a.dead_heat and b.dead_heat and (a, b) in verdict.dead_heats
    elapsed = time.perf_counter() - started
    print(f"(a) judging accuracy: {claims} claims in {rounds} simulated rounds "
          f"(6 players, bounce 0-8 edges/5 ms, callbacks jittered 0-100 ms), {elapsed:.1f} s")
    print(f"    pairs >= 1 ms apart ordered correctly: {ordered}/{apart} = {100 * ordered / max(apart, 1):.2f}%")
    print(f"    pairs closer than tie_ms ({settings.tie_ms} ms) reported as dead heats: {heats}/{close}")
    print(f"    claims whose time moved from the true edge: {shifted}; "
          f"rounds whose claims differ from judging the clean edges: {differs}")
    return ([f"judging ordered {ordered} of {apart} pairs >= 1 ms apart (target: all)"] if ordered != apart else []) + \
        ([f"{heats} of {close} pairs closer than tie_ms reported as dead heats (target: all)"] if heats != close else [])


def replay_time(runs: int) -> None:
    sim = simulate(CharacterCard("sheriff"), COLOURS[:4], tuple(Tile(p, LOCATIONS[(p - 1) % 3]) for p in range(1, 5)), 7)
    env = dict(os.environ, PYTHONPATH=str(REPO))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "round.json"
        path.write_text(json.dumps(round_to_json(sim.delivered())), encoding="utf-8")
        command = [sys.executable, "-m", "companion", "referee", "replay", str(path)]
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            done = subprocess.run(command, capture_output=True, env=env, cwd=tmp)
            times.append((time.perf_counter() - started) * 1000)
            if done.returncode != 0:
                raise SystemExit(f"replay failed: {done.stderr.decode().strip()}")
    print(f"(b) `companion referee replay FILE` wall time incl. start-up over {runs} runs "
          f"({len(sim.edges)} edges): median {statistics.median(times):.0f} ms, "
          f"min {min(times):.0f} ms, max {max(times):.0f} ms (budget 300 ms)")


def edge_cost(sizes: tuple[int, ...] = (300, 1000, 3000), repeats: int = 200) -> None:
    players = COLOURS
    tiles = tuple(Tile(pad, LOCATIONS[(pad - 1) % 3]) for pad in range(1, 7))
    # bounce 0.1 ms: every chatter edge 0.25 ms apart is a press or a release of its own (the worst case)
    blank = Round(players, tiles, CharacterCard("sheriff"), settings=Settings(bounce_ms=0.1, window_ms=60_000))
    print("(c) one more edge of a card holding N chatter edges: live referee vs the whole card judged again")
    live_ms = []
    for size in sizes:
        chatter = [Edge(6, "press" if i % 2 == 0 else "release", 1 + i * 0.25) for i in range(size)]
        referee = Referee(blank)
        for edge in chatter:
            referee.add(edge)
        times = []
        for k in range(repeats):
            edge = Edge(6, "press" if (size + k) % 2 == 0 else "release", 1 + (size + k) * 0.25)
            started = time.perf_counter()
            referee.add(edge)
            referee.verdict()
            times.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        judge(replace(blank, events=referee.edges))
        whole = (time.perf_counter() - started) * 1000
        live_ms.append(statistics.median(times))
        print(f"    N = {size:5d}: live median {live_ms[-1]:.3f} ms, p99 {sorted(times)[int(0.99 * len(times))]:.3f} ms; "
              f"whole card again {whole:.1f} ms")
    print(f"    growth of the live cost from N = {sizes[0]} to {sizes[-1]} ({sizes[-1] // sizes[0]}x the edges): "
          f"x{live_ms[-1] / live_ms[0]:.2f} (target: flat; frame budget 16 ms)")


def main() -> list[str]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    missed = accuracy(args.claims)
    replay_time(args.runs)
    edge_cost()
    return missed


if __name__ == "__main__":
    run(main)
