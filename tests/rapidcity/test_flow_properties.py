"""Properties of the referee screen's model over generated tap sequences (issue 28): double
taps, taps during a transition (a tap for a step no longer on show), Undo and Redo at every
stage, pad edges and RFID reads arriving at any time, the window ending, the pads stopping.

After every step:
- a tap the step does not take changes nothing, and no tap moves the card on twice (the
  second tap of a double tap does nothing more);
- Undo after a tap restores exactly the entries before it, Redo exactly the ones after;
  the pads' record is never undone;
- the shown words never contradict the verdict (claims on tiles, moved pawns, what the
  cowboy cards ask, bullets given and returned);
- every refusal is one sentence in the players' words.
"""

from __future__ import annotations

import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rapidcity.flow import RefereeModel
from companion.rapidcity.taps import KEYS, Tap
from companion.rapidcity.model import ArmedCard, DisarmedCard
from companion.rapidcity.shown import Shown
from companion.rapidcity.view import ordinal, photo_finish
from rc_screen import MS, Edge, Table, game

PLAYERS = ("red", "blue", "green")
NAMES = {"red": "Ann", "blue": "Bob"}  # green keeps its colour as its name
TAPS = ("ready", "back", "touches", "pick", "by", "pawn", "hand", "remove_last", "verdict", "confirm",
        "past_calls", "call", "close_history", "undo", "redo")
#: taps Undo does not take back: Undo and Redo themselves, and Touches, which ends the race
#: (a fact, like the time running out: edges stamped later are no part of the call)
ONE_WAY = ("undo", "redo", "touches")
#: a refusal in programmer words: a setting's name, a value's repr, a rule's tag, a Python word
PROGRAMMER = re.compile(r"[{}\[\]_\\]|\bNone\b|\bgot\b|\btrue\b|\bfalse\b|\bnull\b")

tap = st.tuples(st.just("tap"), st.sampled_from(TAPS), st.integers(0, 7))  # any tap: a stray one too
go = st.tuples(st.just("go"), st.integers(0, 15), st.integers(0, 7))  # a tap the step takes, or the card goes on
double = st.tuples(st.just("double"), st.integers(0, 15), st.integers(0, 7))  # a tap the step takes, twice
edge = st.tuples(st.just("edge"), st.integers(1, 6), st.booleans(), st.integers(-40, 400))
read = st.tuples(st.just("tag"), st.integers(1, 3), st.integers(0, 3))
time = st.tuples(st.just("time"), st.integers(0, 3000))
event = st.sampled_from([("reveal",), ("close",), ("stop",)])
steps = st.lists(st.one_of(go, go, go, go, tap, double, edge, edge, read, time, event), max_size=60)


def snapshot(model: RefereeModel) -> tuple[Any, ...]:
    """Everything a tap may change (the pads' record is the pads')."""
    return (model.stage(), model.entries, model.history, id(model.card), model.state.position, model.stopped)


def tap_of(table: Table, name: str, arg: int) -> Tap:
    """A tap of ``name`` as the screen makes it, its fields from ``arg`` (a stale press too)."""
    model, players = table.model, table.state.players
    listed = [(e.pad, e.t_ns) for e, _ in model.listed_presses()]
    press = listed[arg % len(listed)] if listed and arg < 6 else (arg, table.now)
    fields = {
        "ready": lambda: (table.now, (), arg != 7), "touches": lambda: (table.now,),
        "pick": lambda: (press, players[arg % 3]), "by": lambda: (players[arg % 3],),
        "pawn": lambda: (players[arg % 3], table.later(50)), "hand": lambda: (("right", "left")[arg % 2],),
        "call": lambda: (arg,),
    }
    return KEYS[name](*fields.get(name, tuple)())


def send(table: Table, name: str, arg: int) -> str:
    """One tap as the screen sends it, saved as the screen saves it; what it said."""
    if name in ("undo", "redo"):
        return table.tap(name).model.message
    return table.take(tap_of(table, name, arg))


def may(model: RefereeModel, name: str) -> bool:
    return name in ("undo", "redo") or model.may(KEYS[name])


def check_tap(table: Table, name: str, arg: int) -> None:
    model = table.model
    allowed = may(model, name)
    before, entries = snapshot(model), model.entries
    edges = model.card.edges if model.card is not None else None
    said = send(table, name, arg)
    check_words(said)
    model = table.model
    if not allowed:
        assert snapshot(model) == before, f"{name} changed {before[0]}"
        return
    if model.card is not None and edges is not None:
        assert model.card.edges[:len(edges)] == edges  # nothing the pads said is taken back
    if name not in ONE_WAY and model.card is not None and model.entries != entries and before[3] == id(model.card):
        after = model.entries
        assert table.undo() == "" and table.model.entries == entries, f"undo after {name}"
        assert table.tap("redo").save is None and table.model.entries == after, f"redo after {name}"


def taken(table: Table, pick: int) -> str | None:
    """A tap the step on show takes: mostly one that plays the card on (``pick`` < 12),
    else any, Undo, Redo, Back and Past calls among them. None when the card is waiting to
    be shown or racing, and the reveal or the race's end came instead."""
    model = table.model
    if model.stage() == "waiting" and pick % 3:
        table.revealed(table.later(1000))
        return None
    if model.stage() == "window" and pick % 3:
        table.later(2500)
        table.end_race()
        return None
    aside = ("undo", "redo", "back", "past_calls", "close_history")
    names = [name for name in TAPS if may(model, name)]
    onward = [name for name in names if name not in aside] if pick < 12 else []
    return (onward or names)[pick % len(onward or names)]


def check_double(table: Table, name: str, arg: int) -> None:
    check_tap(table, name, arg)
    stage = table.stage
    check_tap(table, name, arg)
    if name not in ("undo", "redo", "touches"):
        assert table.stage == stage, f"a double tap on {name} moved on twice"


def check_words(said: str) -> None:
    if said:
        assert "\n" not in said and said.endswith(".") and said[0].isupper(), said
        assert not PROGRAMMER.search(said), said


def check_shown(table: Table) -> None:
    """The words on show agree with the judge's call on the card as it stands."""
    model, value = table.model, table.shown()
    check_words(value.ready.status)
    card = model.card
    if card is None or card.reveal_ns is None:
        assert all(tile.claim == "" for tile in value.tiles)
        return
    verdict = model.preview()
    check_tiles(value, verdict, card.card)
    if value.window is not None and model.stage() == "window":
        said, status = value.window.claim_said, value.window.status
        assert ("a pawn was moved" in said) == (isinstance(card.card, DisarmedCard) and bool(verdict.touch_presses))
        assert ("do not count" in status) == isinstance(card.card, ArmedCard)
    if value.touches is not None:
        moved = {(p.pad, round(p.t_ms * MS)) for p in verdict.touch_presses}
        for row in value.touches.rows:
            if row.text.startswith("Pawn moved"):
                assert isinstance(card.card, DisarmedCard)
                assert (row.press[0], row.press[1] - card.reveal_ns) in moved
    if value.finish is not None:  # the rows say the photo finish as the pads saw it, whoever is named
        places = {(r.pad, round(r.t_ms * MS)): r.place for r in photo_finish(card.verdict())}
        for row in value.finish.rows:
            if row.press is not None and row.text[:1].isdigit():
                assert row.text.startswith(f"{ordinal(places[row.press[0], row.press[1] - card.reveal_ns])}: ")
    if value.verdict is not None:
        for player in model.state.players:
            name = model.names[player]
            assert (f"{name} takes a bullet" in value.verdict.outcomes) == bool(verdict.bullets[player])
            assert (f"{name} returns a bullet" in value.verdict.outcomes) == (player in verdict.healed)


def check_tiles(value: Shown, verdict: Any, card: Any) -> None:
    by_pad = {tile.pad: tile for tile in value.tiles}
    if isinstance(card, DisarmedCard):
        marked = {p.pad for p in verdict.touch_presses}
    elif isinstance(card, ArmedCard):
        marked = set()
    else:
        marked = {c.pad for c in verdict.claims}
        for row in photo_finish(verdict):
            assert by_pad[row.pad].claim.startswith(ordinal(row.place) + " ")
    assert {pad for pad, tile in by_pad.items() if tile.claim} == marked


def play(kind: type | None, steps_: list[tuple[Any, ...]], **settings: Any) -> None:
    table = Table(game(*(k for k in (kind,) if k), names=NAMES, window_ms=2000, **settings),
                  known_tags={"T0": "red", "T1": "blue"})
    for step in steps_:
        what = step[0]
        if what == "tap":
            check_tap(table, step[1], step[2])
        elif what in ("go", "double"):
            name = taken(table, step[1])
            if name is not None:
                (check_tap if what == "go" else check_double)(table, name, step[2])
        elif what == "edge":
            table.edge(Edge(step[1], step[2], table.now + step[3] * MS))
            table.later(max(0, step[3]))
        elif what == "tag":
            table.tag(step[1], f"T{step[2]}", table.now)
        elif what == "time":
            table.later(step[1])
            table.time()
        elif what == "reveal":
            table.revealed(table.later(1))
        elif what == "close":
            table.closed(table.now)
        else:
            table.model = table.model.pads_stopped()
        check_shown(table)


PROFILE = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROFILE
@given(steps, st.sampled_from([None, "character", "armed", "disarmed"]), st.booleans(), st.booleans())
def test_any_taps_and_edges_keep_the_screen_honest(steps_, kind, false_start_bullet, ultimate):
    from companion.rapidcity.model import CharacterCard

    kinds = {None: None, "character": CharacterCard, "armed": ArmedCard, "disarmed": DisarmedCard}
    play(kinds[kind], steps_, false_start_bullet=false_start_bullet, ultimate=ultimate)


@PROFILE
@given(st.lists(go, max_size=150))
def test_whole_games_played_by_taps_the_screen_takes(steps_):
    """Cards played from Ready to Confirm by taps each step takes (and Undo, Redo), the
    variant cards in the pile."""
    table = Table(game(names=NAMES, window_ms=2000, healing=True, two_characters=True))
    for _, pick, arg in steps_:
        name = taken(table, pick)
        if name is not None:
            check_tap(table, name, arg)
        check_shown(table)
