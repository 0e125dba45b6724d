"""Generated Rapid City rounds for the property tests, and what the rules say must not change
a call: a renaming of the colours, a renumbering of the pads, a shift of every stamp, more
bounce edges in a chain (R-R4, R-R12).

The simulated table (companion.rapidcity.simulate) plays sensible players; these rounds are
rougher on purpose: every card type, presses named or not (R-R5), bounces and chains, false
starts, pawns moved, knocked off and put on freed tiles (R-R6), touches with either hand or
none, presses after the window, and settings down to 0. Every stamp is a multiple of 0.25 ms,
so equal stamps and ties are frequent and a shift is exact in floating point.

(A plain module, not a conftest: pytest puts this folder on sys.path.)
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable

from hypothesis import strategies as st

from companion.rapidcity.judge import Verdict
from companion.rapidcity.model import (
    CHARACTERS,
    COLOURS,
    HANDS,
    LOCATIONS,
    ArmedCard,
    Card,
    CharacterCard,
    DisarmedCard,
    Edge,
    HealingCard,
    Round,
    Settings,
    Tile,
    Touch,
    TwoCharactersCard,
)

QUANTUM_MS = 0.25
NS_PER_MS = 1_000_000
#: what every stamp is a multiple of, in whole nanoseconds
QUANTUM_NS = 250_000


def ms(steps: int) -> float:
    return steps * QUANTUM_MS


def ns(t_ms: float) -> int:
    return round(t_ms * NS_PER_MS)


def rounds(rules: tuple[int, ...] = (3,)) -> st.SearchStrategy[Round]:
    """Rounds built from a seed (see :func:`build_round`): thousands a second, where drawing
    each detail through hypothesis would cost milliseconds a round."""
    return st.builds(build_round, st.integers(0, 2**64 - 1), st.sampled_from(rules))


#: offsets from an instant, in quanta: equal, within and at every tie and bounce setting below
NEAR = (0, 0, 0, 0, 0, 1, 2, 4, 10, 19, 20, 21, 119, 120, 121)


def build_round(seed: int, rules: int = 3) -> Round:
    """A round of any card with 2-6 colours and 1-6 tiles. Its presses and touches gather
    around a few instants (so many share a stamp or fall at a threshold, and a press often
    starts with another); a press is named,
    unnamed or named late by a bounce (R-R5) and may chatter on (a chain, R-R4); a player's
    presses on several tiles are moves and a press on a held tile a pawn put in another's
    place (R-R6); touches favour a pawn's owner and the attacker, who race for it (R-R12)."""
    rng = random.Random(seed)
    players = tuple(rng.sample(COLOURS, rng.randint(2, 6)))
    pads = rng.sample(range(1, 13), rng.randint(1, 6))
    tiles = tuple(Tile(pad, rng.choice(LOCATIONS)) for pad in pads)
    settings = Settings(bounce_ms=rng.choice((0, 0.25, 1, 5, 30)), window_ms=rng.choice((100, 300, 5000)),
                        tie_ms=rng.choice((0, 0.25, 1, 2.5)), ultimate=rng.random() < 0.5,
                        false_start_bullet=rng.random() < 0.5, rules=rules)
    card = _card(rng, players)
    instants = [rng.randint(-16, 160) * 10 for _ in range(rng.randint(1, 4))]

    def when() -> int:
        return rng.choice(instants) + rng.choice(NEAR) * rng.choice((1, 1, -1))

    def who() -> str | None:
        return None if rng.random() < 0.25 else rng.choice(players)

    events: list[Edge] = []
    starts: list[int] = []
    for _ in range(rng.randint(0, 12)):
        pad = rng.choice(pads)
        t = rng.choice(starts) if starts and rng.random() < 0.3 else when()  # a dead heat with an earlier press
        starts.append(t)
        events.append(Edge(pad, "release" if rng.random() < 0.15 else "press", ms(t), who()))
        for _ in range(rng.choice((0, 0, 1, 2, 3))):  # bounces after it, now and then naming its player late
            t += rng.choice(NEAR[3:])
            events.append(Edge(pad, rng.choice(("press", "release")), ms(t), who() if rng.random() < 0.2 else None))
    rng.shuffle(events)
    attacker = card.player if isinstance(card, (ArmedCard, DisarmedCard)) else rng.choice(players)
    touches = []
    pawns = rng.sample(players, min(2, len(players)))
    for _ in range(rng.randint(0, 8)):
        pawn = rng.choice(pawns)
        by = rng.choice((pawn, attacker, attacker, rng.choice(players)))
        touches.append(Touch(by, pawn, ms(when()), rng.choice((None, *HANDS))))
    bullets = {p: rng.randint(0, 5) for p in players}
    return Round(players, tiles, card, bullets, settings, tuple(events), tuple(touches))


def _card(rng: random.Random, players: tuple[str, ...]) -> Card:
    kind = rng.choice(("character", "two_characters", "healing", "armed", "disarmed"))
    if kind == "character":
        return CharacterCard(rng.choice(CHARACTERS))
    if kind == "two_characters":
        first, second = rng.sample(CHARACTERS, 2)
        return TwoCharactersCard((first, second))
    if kind == "healing":
        return HealingCard(rng.choice(LOCATIONS))
    if kind == "armed":
        return ArmedCard(rng.choice(players), rng.choice(HANDS))
    return DisarmedCard(rng.choice(players))


# --- the transformations ---------------------------------------------------------------

def recoloured(rnd: Round, colour: dict[str, str], seats: list[int]) -> Round:
    """The same table with every colour replaced by ``colour[c]``, seated in another order."""
    def c(player: str | None) -> str | None:
        return None if player is None else colour[player]
    card = rnd.card
    if isinstance(card, (ArmedCard, DisarmedCard)):
        card = replace(card, player=colour[card.player])
    players = tuple(colour[rnd.players[i]] for i in seats)
    return Round(players, rnd.tiles, card, {colour[p]: b for p, b in rnd.bullets.items()}, rnd.settings,
                 tuple(replace(e, player=c(e.player)) for e in rnd.events),
                 tuple(replace(t, by=colour[t.by], pawn=colour[t.pawn]) for t in rnd.touches))


def renumbered(rnd: Round, pad: dict[int, int]) -> Round:
    """The same table with every pad number replaced by ``pad[n]`` (a bijection)."""
    return replace(rnd, tiles=tuple(replace(t, pad=pad[t.pad]) for t in rnd.tiles),
                   events=tuple(replace(e, pad=pad[e.pad]) for e in rnd.events))


def shift_bounds(rnd: Round) -> tuple[int, int]:
    """The shifts (in quanta) that keep every edge and touch on its side of the reveal and
    every edge on its side of the window's timeout: what decides a false start, a touch
    that counts and a press too late. Everything else the judge compares is a difference
    of stamps (bounce, tie, order, the close when every player has claimed), which a shift
    keeps."""
    window = ns(rnd.settings.window_ms)
    stamps = [ns(e.t_ms) for e in rnd.events]
    touch_stamps = [ns(t.t_ms) for t in rnd.touches]
    lo, hi = -10**9, 10**9
    for t in stamps + touch_stamps:
        if t < 0:
            hi = min(hi, -t - 1)  # t + c < 0
        else:
            lo = max(lo, -t)  # t + c >= 0
    for t in stamps:
        if t <= window:
            hi = min(hi, window - t)  # t + c <= window
        else:
            lo = max(lo, window - t + 1)  # t + c > window
    return -(-lo // QUANTUM_NS), hi // QUANTUM_NS


def shifted(rnd: Round, steps: int) -> Round:
    by = ms(steps)
    return replace(rnd, events=tuple(replace(e, t_ms=e.t_ms + by) for e in rnd.events),
                   touches=tuple(replace(t, t_ms=t.t_ms + by) for t in rnd.touches))


def chains(rnd: Round) -> list[tuple[int, int, int, int | None]]:
    """Each pad's chains of edges as version 3 of the rules forms them (R-R4): (pad, first
    edge, last edge, the next chain's first edge on that pad), in nanoseconds."""
    bounce = max(ns(rnd.settings.bounce_ms), 1)
    found = []
    for tile in rnd.tiles:
        stamps = sorted(ns(e.t_ms) for e in rnd.events if e.pad == tile.pad)
        runs: list[list[int]] = []
        for t in stamps:
            if runs and t - runs[-1][1] < bounce:
                runs[-1][1] = t
            else:
                runs.append([t, t])
        for i, (first, last) in enumerate(runs):
            found.append((tile.pad, first, last, runs[i + 1][0] if i + 1 < len(runs) else None))
    return found


def bounce_room(rnd: Round, chain: tuple[int, int, int, int | None]) -> tuple[int, int]:
    """The stamps (in quanta) where one more edge joins ``chain`` without being its first
    edge and without bridging it to the next press on that pad."""
    bounce = max(ns(rnd.settings.bounce_ms), 1)
    _, first, last, after = chain
    lo = first // QUANTUM_NS + 1
    hi = -(-(last + bounce) // QUANTUM_NS) - 1  # t < last + bounce
    if after is not None:
        hi = min(hi, (after - bounce) // QUANTUM_NS)  # after - t >= bounce
    return lo, hi


# --- comparing verdicts up to a renaming ------------------------------------------------

def canonical(v: Verdict, colour: Callable[[str | None], str | None] = lambda c: c,
              pad: Callable[[int], int] = lambda p: p, by_ms: float = 0.0) -> dict[str, Any]:
    """A verdict with colours, pads and times mapped, and every list that ties may order
    (claims at one stamp, dead heats, healed, winners) made a sorted one: what a renaming,
    renumbering or shift must leave equal. Notes are words about the names; left out."""
    def claim(c: Any) -> tuple:
        return (ns(c.t_ms + by_ms), pad(c.pad), c.location, str(colour(c.player)), c.dead_heat)
    return {
        "claims": sorted(map(claim, v.claims)),
        "bullets": {colour(p): b for p, b in v.bullets.items()},
        "healed": sorted(map(colour, v.healed)),
        "totals": {colour(p): b for p, b in v.totals.items()},
        "game_over": v.game_over,
        "winners": sorted(map(colour, v.winners)),
        "dead_heats": sorted(tuple(sorted((claim(a), claim(b)))) for a, b in v.dead_heats),
        "moves": sorted((ns(m.t_ms + by_ms), colour(m.player), pad(m.from_pad), m.from_location, pad(m.to_pad),
                         m.to_location, m.to_claim) for m in v.moves),
        "touch_presses": sorted(map(claim, v.touch_presses)),
        "false_starts": sorted(map(claim, v.false_starts)),
    }
