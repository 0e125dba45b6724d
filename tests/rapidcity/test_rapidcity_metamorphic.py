"""What must never decide a call, over thousands of generated rounds of every card type
(tests/rapidcity/rc_generated.py): colours and seats, pad numbers, when the card was
revealed, more bounce in a chain, and the order equal stamps are listed in (R-R4, R-R12:
"renaming colours or renumbering pads never changes a call"). Issue 25 found three calls
that did depend on one of these; these properties make the whole class fail a test.

They hold from version 3 of the rules (version 2 broke ties by colour and pad number, and
is kept only to replay the cards played under it). Each runs a few seconds."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.rapidcity.judge import Referee, judge
from companion.rapidcity.model import COLOURS, Edge
from rc_generated import (
    bounce_room,
    build_round,
    canonical,
    chains,
    ms,
    recoloured,
    renumbered,
    rounds,
    shift_bounds,
    shifted,
)

MANY = settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: the second source of chance a property needs (a renaming, a shift...), drawn as one
#: number: hypothesis' own draws cost more than judging the round
SEEDS = st.integers(0, 2**32).map(random.Random)


def _calls(rnd):
    return canonical(judge(rnd))


@MANY
@given(rounds(), SEEDS)
def test_renaming_the_colours_and_reseating_never_changes_a_call(rnd, rng):
    colour = dict(zip(COLOURS, rng.sample(COLOURS, len(COLOURS))))
    seats = rng.sample(range(len(rnd.players)), len(rnd.players))
    after = judge(recoloured(rnd, colour, seats))
    assert canonical(after) == canonical(judge(rnd), colour=lambda c: None if c is None else colour[c])


@MANY
@given(rounds(), SEEDS)
def test_renumbering_the_pads_never_changes_a_call(rnd, rng):
    old = [t.pad for t in rnd.tiles]
    pad = dict(zip(old, rng.sample(range(1, 1000), len(old))))
    assert canonical(judge(renumbered(rnd, pad))) == canonical(judge(rnd), pad=pad.__getitem__)


@MANY
@given(rounds(), SEEDS)
def test_shifting_every_stamp_never_changes_a_call(rnd, rng):
    """The judge reads a stamp's side of the reveal (a false start, a touch that counts)
    and of the timeout (a press too late), and otherwise only differences between stamps
    (bounce, tie, order, the close when every player has claimed). A shift that keeps each
    edge and touch on its side of the reveal and the timeout changes only the times it
    reports, by the shift."""
    lo, hi = shift_bounds(rnd)
    assume(lo <= hi)
    steps = rng.randint(lo, hi)
    before, after = judge(rnd), judge(shifted(rnd, steps))
    by = ms(steps)
    expected = canonical(before, by_ms=by)
    assert canonical(after) == expected
    closed_by_players = any("every player had claimed" in n for n in before.notes)
    assert after.window_closed_ms == before.window_closed_ms + (by if closed_by_players else 0)


@MANY
@given(rounds(), SEEDS)
def test_more_bounce_inside_a_chain_never_changes_a_call(rnd, rng):
    """R-R4: an edge within the bounce window of the one before it on its pad is the same
    press. An unnamed edge added inside a chain (after its first edge, without bridging it
    to the next press on the pad) changes nothing but the notes."""
    room = [(chain[0], bounce_room(rnd, chain)) for chain in chains(rnd)]
    room = [(pad, lo, hi) for pad, (lo, hi) in room if lo <= hi]
    assume(room)
    added = list(rnd.events)
    for _ in range(rng.randint(1, 4)):
        pad, lo, hi = rng.choice(room)
        added.append(Edge(pad, rng.choice(("press", "release")), ms(rng.randint(lo, hi))))
    rng.shuffle(added)
    assert _calls(replace(rnd, events=tuple(added))) == _calls(rnd)


@MANY
@given(rounds(rules=(2, 3)), SEEDS)
def test_listing_order_never_changes_anything_not_even_the_notes(rnd, rng):
    """Principle 3: events with equal stamps may be listed (delivered) in any order."""
    events, touches = list(rnd.events), list(rnd.touches)
    rng.shuffle(events)
    rng.shuffle(touches)
    assert judge(replace(rnd, events=tuple(events), touches=tuple(touches))) == judge(rnd)


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rounds(rules=(2, 3)), SEEDS)
def test_the_live_referee_fed_edge_by_edge_out_of_order_agrees_with_the_replay(rnd, rng):
    """The live screen feeds one Referee each edge as it arrives, late and out of order, and
    asks for the call at any point: it is always what the replay of the edges so far says."""
    events = list(rnd.events)
    rng.shuffle(events)
    referee = Referee(replace(rnd, events=()))
    for i, edge in enumerate(events, start=1):
        referee.add(edge)
        if rng.random() < 0.3 or i == len(events):
            assert referee.verdict() == judge(replace(rnd, events=tuple(events[:i])))
    assert referee.verdict() == judge(rnd)


@MANY
@given(rounds(rules=(2, 3)))
def test_a_verdict_keeps_the_rules_arithmetic(rnd):
    """R-R6: a tile has one claim and a player stands on one tile at most; R-R11: one bullet
    a card at most; R-R8: only a Healing card heals."""
    v = judge(rnd)
    assert set(v.bullets.values()) <= {0, 1}
    assert len({c.pad for c in v.claims}) == len(v.claims)
    named = [c.player for c in v.claims if c.player is not None]
    assert len(set(named)) == len(named) and set(named) <= set(rnd.players)
    assert all(0 <= c.t_ms <= v.window_closed_ms for c in v.claims)
    for p in rnd.players:
        assert v.totals[p] == rnd.bullets_of(p) + v.bullets[p] - (p in v.healed) >= 0


#: what the judge's notes say in each hard case the properties need
HARD_CASES = {
    "a tile freed by a moved pawn (R-R6)": "'s pawn had left it for the",
    "a pawn moved": "moved from the",
    "a pawn knocked off or put in another's place": "(no dislodging)",
    "a pawn put back": "put back on the",
    "a chain of bounces (R-R4)": "a chain of bounces is one press",
    "a player named late by a bounce": "named by its bounce",
    "two names for one press at one instant": "is named both",
    "one name on two tiles at one instant": "one pawn cannot land on two tiles",
    "a dead heat at the same instant": "claimed at the same instant",
    "a healing dead heat": "(dead heat): returns a bullet",
    "the owner's benefit of the doubt (R-R12)": "benefit of the doubt",
    "a tie without the owner": "so each counts as first",
    "a wrong hand (R-R9)": "the card shows the",
    "a false start": "false start, not a claim",
    "a press too late": "after the window closed",
    "the window closed by the players": "every player had claimed",
    "a press that is a touch (R-R10)": "a press is a touch",
}


def test_the_generated_rounds_hold_the_hard_cases():
    """The properties above would be vacuous without them: count them in 2,000 rounds."""
    seen: Counter[str] = Counter()
    for seed in range(2000):
        notes = " | ".join(judge(build_round(seed)).notes)
        seen.update(case for case, words in HARD_CASES.items() if words in notes)
    assert all(seen[case] >= 5 for case in HARD_CASES), seen
