"""R-R6 over generated tables: "Where the pawn stands at the close counts, not its first
tile: a pawn lifted from one tile and put on another is judged on the second, and its first
tile is free again (a later press there is a new claim). A pawn that leaves a tile and
appears on no other was knocked off: it keeps its claim, and the pawn put in its place
claims nothing (no dislodging)."

Each table has red's pawn (whatever colour plays red here) claim tile A; then, as the case
says, it moves to tile B, and/or another pawn is put on A, before or after the move. Every
press bounces, every pawn lifted releases its pad, the other players race on the other
tiles, and one player never moves, so the window closes on time."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rapidcity.judge import judge
from companion.rapidcity.model import COLOURS, LOCATIONS, CharacterCard, Edge, HealingCard, Round, Settings, Tile
from rc_generated import ms

CASES = ("moved", "freed before the move", "freed after the move", "knocked off")


def _press(rng: random.Random, pad: int, t: int, player: str, bounce: int, lifted: bool = False) -> list[Edge]:
    """A pawn put on ``pad`` at ``t`` quanta with its bounce train and, if ``lifted``, the
    release when it leaves, each edge within the bounce window of the one before."""
    edges = [Edge(pad, "press", ms(t), player)]
    for _ in range(rng.randint(0, 3)):
        t += rng.randint(0, bounce - 1)  # strictly inside the window: the same press
        edges.append(Edge(pad, rng.choice(("press", "release")), ms(t)))
    if lifted:
        edges.append(Edge(pad, "release", ms(t + bounce + rng.randint(0, 40))))
    return edges


def _after(edges: list[Edge], bounce: int, rng: random.Random) -> int:
    """A stamp (quanta) for the next pawn put on that pad: past the bounce window of its last edge."""
    return round(max(e.t_ms for e in edges) / ms(1)) + bounce + rng.randint(0, 400)


def table(case: str, seed: int) -> tuple[Round, str, str, int, int, dict[str, int]]:
    """The round, the mover, the other pawn, pads A and B, and the case's stamps (quanta)."""
    rng = random.Random(seed)
    players = rng.sample(COLOURS, rng.randint(3, 6))
    mover, other, idle = players[:3]  # idle never presses: the window closes on time
    pads = rng.sample(range(1, 1000), len(players))
    tiles = tuple(Tile(pad, rng.choice(LOCATIONS)) for pad in pads)
    a, b = pads[:2]
    bounce = rng.choice((1, 20, 120))  # quanta: 0.25, 5 and 30 ms
    t1 = rng.randint(0, 2000)
    events = _press(rng, a, t1, mover, bounce, lifted=True)
    t_other = _after(events, bounce, rng)
    t_move = {"moved": t1 + rng.randint(1, 400), "freed before the move": t_other + rng.randint(1, 400),
              "freed after the move": t1 + rng.randint(1, t_other - t1 - 1)}.get(case)
    if t_move is not None:
        events += _press(rng, b, t_move, mover, bounce)
    if case != "moved":
        events += _press(rng, a, t_other, other, bounce)
    for player, pad in zip(players[3:], pads[2:]):  # the rest race on the other tiles
        events += _press(rng, pad, rng.randint(0, 3000), player, bounce)
    rng.shuffle(events)
    card = rng.choice((CharacterCard(rng.choice(("indian", "sheriff", "bandit"))), HealingCard(rng.choice(LOCATIONS))))
    rnd = Round(tuple(players), tiles, card, {p: rng.randint(0, 5) for p in players},
                Settings(bounce_ms=ms(bounce), tie_ms=rng.choice((0, 1))), tuple(events))
    return rnd, mover, other, a, b, {"t1": t1, "t_other": t_other, "t_move": t_move or 0}


@pytest.mark.parametrize("case", CASES)
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_where_a_pawn_stands_at_the_close_counts(case, seed):
    rnd, mover, other, a, b, t = table(case, seed)
    v = judge(rnd)
    held = {c.pad: (c.player, c.t_ms) for c in v.claims}
    if case == "knocked off":
        # it appears on no other tile: it keeps its claim; the pawn put in its place claims nothing
        assert held[a] == (mover, ms(t["t1"]))
        assert other not in {p for p, _ in held.values()}
        assert any(f"by {other}: tile already claimed by {mover}" in n and "(no dislodging)" in n for n in v.notes)
        return
    # judged on the second tile; the first is free again
    assert held[b] == (mover, ms(t["t_move"]))
    assert [(m.player, m.from_pad, m.to_pad, m.to_claim) for m in v.moves if m.player == mover] == [(mover, a, b, True)]
    if case == "moved":
        assert a not in held
    else:
        # the pawn put on A claims it, whether it landed before the mover reached B or after
        assert held[a] == (other, ms(t["t_other"]))
        if case == "freed before the move":
            assert any(n.startswith(f"pad {a} press at {ms(t['t_other'])} ms: {other} claims the ") and
                       f"free: {mover}'s pawn had left it" in n for n in v.notes)
