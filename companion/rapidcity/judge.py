"""The referee: one pure function from a recorded card to its verdict (docs/architecture.md, principle 4).

The live hardware path, the UI and `companion referee replay` all call :func:`judge`, so a
disputed call replayed from its round file gets exactly the verdict the table saw.

Order is decided by each edge's own time stamp, never by the order the events are listed
in: events are sorted by (time, pad, press before release, player) first, so callbacks
delivered late or out of order cannot change a verdict (principle 3). Times are compared
as whole nanoseconds so that 431.2 - 430.2 is exactly 1 ms and a pair at the tie
threshold is never called a dead heat by a rounding error. Nothing but time may order a
call (R-R12): presses that start at one instant are judged together, and a tie is a tie
whatever the colours and pad numbers.

The judge is built as a :class:`Referee` fed one edge at a time, so the live screen can
keep one per card and pay per new edge, while the replay feeds a whole file at once:
one piece of code, the same verdict (issue 12: a chattering pad must not slow the call).

A card is judged under the version of the rules it was played with (``settings.rules``,
model.RULES_VERSIONS): :class:`_Rules` holds what each version decides, so a stored game
is replayed to the call it was given.

Every decision leaves a note in plain words, because a verdict that cannot explain
itself will not settle an argument at the table.
"""

from __future__ import annotations

import threading
from collections import OrderedDict, deque
from dataclasses import dataclass, replace
from itertools import takewhile
from typing import Any, Iterable, Iterator

from companion.rapidcity.calls import (
    EDGE_NOTE,
    NS_PER_MS,
    PRESS_NOTE,
    Calls,
    Claim,
    Move,
    Put,
    say_duration,
    say_ms,
    to_ns,
)
from companion.rapidcity.model import (
    LAST_BULLET,
    ArmedCard,
    Card,
    CharacterCard,
    DisarmedCard,
    Edge,
    HealingCard,
    Round,
    Settings,
    Touch,
    TwoCharactersCard,
    decided_by_pads,
)

__all__ = ["Claim", "Move", "Referee", "Verdict", "judge", "remember", "verdict_to_json"]


@dataclass(frozen=True)
class _Rules:
    """What the version of the rules a card was played under decides (model.RULES_VERSIONS).
    Version 3 (issue 25) made each call below depend on time alone; older cards keep theirs."""

    tie_ns: int  # closer than this is a tie (R-R8, R-R12); from version 3 equal stamps always are
    bounce_ns: int  # an edge closer than this to its press is the same press (R-R4); from 3, equal stamps always are
    chains: bool  # 3: measured from the press's previous edge, so a chain of bounces is one press (R-R4)
    freed_tiles: bool  # 3: a tile its pawn left for another is free from when it left (R-R6, companion.rapidcity.calls)
    one_instant: bool  # 3: presses at one instant are judged together: a name twice is nobody's (R-R5, R-R12)
    false_starters_heal: bool  # 2: a false starter heals when the false-start setting is off (R-R8)
    every_wrong_hand: bool  # 3: in ultimate mode every wrong-hand touch costs a bullet, not only a first (R-R9)
    # What version 4 (2026-12-07) changed: a tie costs nobody a bullet (R-R12), a press at the close is late (R-R4)
    ties_cost_nothing: bool  # 4: a pawn first touched in a tie gives nobody a bullet for it (R-R12)
    late_at_close: bool  # 4: a press at the window's close is not a claim (R-R4); 3 and before: only after it
    # What version 2 (2026-12-02) changed since the first release; version 1 keeps the old call:
    moves: bool  # 2: a pawn put on another tile moved there (R-R6); 1: a player's first claim stands
    presses_are_touches: bool  # 2: a press on a Disarmed card is a touch (R-R10); 1: ignored
    touch_tie_ns: int  # 2: touches this close are simultaneous, the owner first (R-R12); 1: none are
    false_starts_everywhere: bool  # 2: a false start costs a bullet on every card (R-R13); 1: character cards only

    @classmethod
    def of(cls, settings: Settings) -> _Rules:
        v2, v3 = settings.rules >= 2, settings.rules >= 3
        tie, bounce = to_ns(settings.tie_ms), to_ns(settings.bounce_ms)
        tie_ns = max(tie, 1) if v3 else tie
        return cls(tie_ns=tie_ns, bounce_ns=max(bounce, 1) if v3 else bounce, chains=v3,
                   freed_tiles=v3, one_instant=v3, false_starters_heal=not v3, every_wrong_hand=v3,
                   ties_cost_nothing=settings.rules >= 4, late_at_close=settings.rules >= 4,
                   moves=v2, presses_are_touches=v2, touch_tie_ns=tie_ns if v2 else 0, false_starts_everywhere=v2)

    def false_starts_count(self, card: Card) -> bool:
        """Whether a false start costs its bullet on ``card`` (with the setting on, R-R13)."""
        return self.false_starts_everywhere or isinstance(card, (CharacterCard, TwoCharactersCard))


@dataclass(frozen=True)
class Verdict:
    claims: tuple[Claim, ...]
    bullets: dict[str, int]
    healed: tuple[str, ...]
    totals: dict[str, int]
    game_over: bool
    winners: tuple[str, ...]
    notes: tuple[str, ...]
    dead_heats: tuple[tuple[Claim, Claim], ...]
    window_closed_ms: float
    moves: tuple[Move, ...] = ()
    touch_presses: tuple[Claim, ...] = ()  # presses on a Disarmed card: pawns moved (R-R10)
    false_starts: tuple[Claim, ...] = ()  # presses before the reveal (R-R4), for the statistics


@dataclass
class _Chain:
    """A press or release as its edges come in (R-R4): the first edge's time, the latest
    edge's (from version 3 the chain goes on within the bounce window of it), and for a
    press who is on the tile (R-R5), when that was named, and whether two names came at once."""

    pad: int
    edge: str
    t_ms: float
    ns: int
    last_ns: int
    last_ms: float
    player: str | None
    named_ns: int | None
    in_doubt: bool = False


class Referee:
    """The judge fed one edge at a time: the live screen's referee (issue: a card's call
    must keep up with a chattering pad) and the replay's, in one piece of code.

    :func:`judge` is ``Referee(rnd).verdict()``. The live path makes one Referee per card
    and :meth:`add`\\ s each edge as it arrives; an edge stamped at or after the last one
    fed costs the same whatever came before it (no re-judging of the card). An edge
    delivered out of time order (a late callback) re-judges the card once from all its
    edges in time order, so the verdict never depends on arrival (principle 3).

    A press is judged once no bounce of it can follow (``bounce_ms`` after its latest
    edge), because a bounce repeat may still name its player (R-R5); presses that start at
    one instant are judged together once all of theirs are over. :meth:`verdict` judges the
    presses still open on a copy, so asking never changes what comes next.
    """

    def __init__(self, rnd: Round) -> None:
        self.round = replace(rnd, events=())
        self._rules = _Rules.of(rnd.settings)
        self._where = {tile.pad: tile.location for tile in rnd.tiles}
        self._edges: list[Edge] = list(rnd.events)
        self._rejudge()

    @property
    def edges(self) -> tuple[Edge, ...]:
        return tuple(self._edges)

    def add(self, edge: Edge) -> None:
        """One more edge of this card, in whatever order the callbacks deliver them."""
        self._edges.append(edge)
        key = _edge_order(edge)
        if self._last is not None and key < self._last:
            self._rejudge()
        else:
            self._take(edge, key)

    def verdict(self) -> Verdict:
        """The call on every edge so far."""
        calls = self._calls
        if self._pending or calls.waiting:
            calls = calls.copy()
            for group in _instants(self._pending):
                self._judge_instant(group, calls)
            calls.settle()
        return _verdict(self.round, self._rules, calls)

    def _restart(self) -> None:
        settings = self.round.settings
        self._calls = Calls(to_ns(settings.window_ms), say_duration(settings.window_ms), self._rules.freed_tiles,
                            self._rules.moves, self._rules.presses_are_touches, self._rules.late_at_close)
        self._chains: dict[int, _Chain] = {}
        self._pending: deque[_Chain] = deque()
        self._last: tuple[int, int, int, str] | None = None

    def _rejudge(self) -> None:
        self._restart()
        for edge in sorted(self._edges, key=_edge_order):
            self._take(edge, _edge_order(edge))

    def _take(self, edge: Edge, key: tuple[int, int, int, str]) -> None:
        """Debounce one edge (R-R4, principle 3), in time order.

        An edge within ``bounce_ms`` of its pad's current chain is the same press (or
        release) and keeps the first edge's time; version 2 measured from the first edge,
        version 3 from the latest, so a chain of bounces is one press. Any other edge starts
        a chain. A bounce repeat may name the player the first edge lacked (an RFID read
        landing a moment late); it never overrides one.
        """
        # ruling: R-R4 - a press within the bounce window after an edge on the same pad is the same press
        self._last = key
        ns = key[0]
        self._judge_ripe(ns)
        chain = self._chains.get(edge.pad)
        if chain is not None and ns - chain.last_ns < self._rules.bounce_ns:
            if edge.edge == "press":
                self._bounce(edge, ns, chain)
            if self._rules.chains:
                chain.last_ns, chain.last_ms = ns, edge.t_ms
            return
        chain = _Chain(edge.pad, edge.edge, edge.t_ms, ns, ns, edge.t_ms, None, None)
        self._chains[edge.pad] = chain
        if edge.edge == "press":
            self._pending.append(chain)
            if edge.player is not None:
                chain.player, chain.named_ns = edge.player, ns

    def _bounce(self, edge: Edge, ns: int, chain: _Chain) -> None:
        calls, rules = self._calls, self._rules
        first = f"{chain.edge} at {say_ms(chain.t_ms)} ms"
        if ns - chain.ns < rules.bounce_ns:
            calls.note(ns, EDGE_NOTE, f"pad {edge.pad} press at {say_ms(edge.t_ms)} ms: bounce of the {first}")
        else:
            # ruling: R-R4 - a chain of bounces is one press, with the time of its first edge
            calls.note(ns, EDGE_NOTE, f"pad {edge.pad} press at {say_ms(edge.t_ms)} ms: bounce of the {first}, "
                                      f"less than {say_duration(self.round.settings.bounce_ms)} ms after the edge at "
                                      f"{say_ms(chain.last_ms)} ms: a chain of bounces is one press (R-R4)")
        if chain.edge != "press" or edge.player is None or edge.player == chain.player:
            return
        named = f"pad {edge.pad} press at {say_ms(chain.t_ms)} ms"
        if chain.in_doubt:
            calls.note(ns, EDGE_NOTE, f"{named} is named {edge.player} at {say_ms(edge.t_ms)} ms, but it was named "
                                      "twice at one instant before: who is on it is not known (R-R5)")
        elif chain.player is None:
            chain.player, chain.named_ns = edge.player, ns
            calls.note(ns, EDGE_NOTE, f"{named}: player {edge.player} named by its bounce")
        elif rules.one_instant and ns == chain.named_ns:
            # ruling: R-R5, R-R12 - two names at one instant: the pads never guess identity, names never order
            calls.note(ns, EDGE_NOTE, f"{named} is named both {chain.player} and {edge.player} at "
                                      f"{say_ms(edge.t_ms)} ms: who is on the tile is not known (R-R5)")
            chain.player, chain.in_doubt = None, True
        else:
            calls.note(ns, EDGE_NOTE, f"pad {edge.pad} press at {say_ms(edge.t_ms)} ms names {edge.player}, but the "
                                      f"press it bounces names {chain.player}: kept {chain.player}")

    def _judge_ripe(self, now_ns: int) -> None:
        """Judge the presses, an instant at a time, whose chains can no longer grow."""
        pending, bounce_ns = self._pending, self._rules.bounce_ns
        while pending and now_ns - pending[0].last_ns >= bounce_ns:
            if len(pending) == 1 or pending[1].ns != pending[0].ns:  # alone at its instant: the usual case
                self._judge_instant([pending.popleft()], self._calls)
                continue
            group = list(takewhile(lambda p: p.ns == pending[0].ns, pending))
            if any(now_ns - p.last_ns < bounce_ns for p in group):
                return
            for _ in group:
                pending.popleft()
            self._judge_instant(group, self._calls)

    def _judge_instant(self, presses: list[_Chain], calls: Calls) -> None:
        """The presses that start at one instant, judged together: nothing but time orders a
        call (R-R12), so the listing, the names and the pad numbers cannot decide between
        them. One colour named on two tiles at one instant is on neither as far as the pads
        can tell (R-R5: they never guess identity)."""
        rnd, rules, at = self.round, self._rules, presses[0]
        doubled: set[str] = set()
        if rules.one_instant and len(presses) > 1:
            named = [p.player for p in presses if p.player is not None]
            doubled = {p for p in named if named.count(p) > 1}
            for twice in sorted(doubled):
                pads = " and ".join(str(p.pad) for p in presses if p.player == twice)
                calls.note(at.ns, PRESS_NOTE, f"pads {pads} both name {twice} at {say_ms(at.t_ms)} ms: one pawn "
                                              "cannot land on two tiles at once, so who is on them is not known (R-R5)")
        for press in presses:
            player = None if press.player in doubled else press.player
            calls.judge(rnd, calls.next_put(press.pad, self._where[press.pad], player, press.t_ms, press.ns))
            if not rules.one_instant:  # version 2 closed the window at the claim that completed it
                calls.close_if_all_hold(press.ns, press.t_ms, rnd.players)
        calls.close_if_all_hold(at.ns, at.t_ms, rnd.players)


def judge(rnd: Round) -> Verdict:
    """The verdict for one card: claims, bullets, healing, totals and why. A round judged
    a moment ago (the call the table checked, saved by the engine and the store) is not
    judged again: its verdict is remembered (:func:`remember`)."""
    key = _round_key(rnd)
    with _JUDGED_LOCK:
        verdict = _JUDGED.get(key)
    if verdict is None:
        verdict = Referee(rnd).verdict()
        remember(rnd, verdict)
    return verdict


#: the last verdicts given, by the round each was made from (the edges, names and touches)
_JUDGED: OrderedDict[tuple[Any, ...], Verdict] = OrderedDict()
_JUDGED_KEPT = 8
_JUDGED_LOCK = threading.Lock()  # the statistics worker replays rounds on its own thread


def remember(rnd: Round, verdict: Verdict) -> None:
    """``verdict`` is the judge's on ``rnd`` (a live :class:`Referee`'s, fed its edges one by
    one): the round saved with it is not judged again."""
    with _JUDGED_LOCK:
        _JUDGED[_round_key(rnd)] = verdict
        while len(_JUDGED) > _JUDGED_KEPT:
            _JUDGED.popitem(last=False)


def _round_key(rnd: Round) -> tuple[Any, ...]:
    return (rnd.players, rnd.tiles, rnd.card, tuple(sorted(rnd.bullets.items())), rnd.settings, rnd.events,
            rnd.touches)


def _instants(presses: Iterable[_Chain]) -> Iterator[list[_Chain]]:
    """Presses in time order, grouped by the instant they start."""
    group: list[_Chain] = []
    for press in presses:
        if group and press.ns != group[0].ns:
            yield group
            group = []
        group.append(press)
    if group:
        yield group


def _verdict(rnd: Round, rules: _Rules, calls: Calls) -> Verdict:
    """The call once every press is judged: who stands where, bullets, healing, totals."""
    card = rnd.card
    penalties: list[tuple[str, str]] = []  # (player, why) in the order decided
    healed: list[str] = []
    notes = calls.timed_notes() if decided_by_pads(card) else list(calls.texts)
    claims: tuple[Claim, ...] = ()
    heats: tuple[tuple[Claim, Claim], ...] = ()
    false_starters = {p.player for p in calls.false_starts if p.player}
    false_start_bullets = rnd.settings.false_start_bullet and rules.false_starts_count(card)
    if decided_by_pads(card):  # narrows the card's type, which a saved bool would not
        claims, heats = _mark_dead_heats(calls.claims(), rnd.settings, rules, notes)
        if isinstance(card, HealingCard):
            # ruling: R-R8 - a false starter does not heal, whatever the false-start setting (version 2: when on)
            no_heal = false_starters if false_start_bullets or not rules.false_starters_heal else set()
            _judge_healing(rnd, rules, card, claims, no_heal, false_start_bullets, healed, notes)
        else:
            _judge_character(rnd, card, claims, calls.close_label, penalties, notes)
        if rnd.touches:
            notes.append(f"touches do not count on a {card.label()} card")
    else:
        if calls.late_presses:
            # Pawns are grabbed, not placed: pad presses are kept as evidence but claim nothing.
            notes.append(f"pad presses do not count on a {card.label()} card")
        if isinstance(card, ArmedCard):
            _judge_armed(rnd, rules, card, penalties, notes)
        else:
            _judge_disarmed(rnd, card, calls.touch_presses, penalties, notes)
    if false_start_bullets:
        _false_start_penalties(calls.false_starts, penalties, notes)
    bullets = _one_bullet_each(rnd.players, penalties, notes)
    totals = {p: rnd.bullets_of(p) + bullets[p] - (p in healed) for p in rnd.players}
    game_over = max(totals.values()) >= LAST_BULLET
    winners: tuple[str, ...] = ()
    if game_over:
        # ruling: R-R11 - the sixth bullet ends the game at once; fewest bullets win together
        fewest = min(totals.values())
        winners = tuple(p for p in rnd.players if totals[p] == fewest)
        out = ", ".join(p for p in rnd.players if totals[p] >= LAST_BULLET)
        notes.append(f"{out} reached {LAST_BULLET} bullets: game over; "
                     f"fewest bullets ({fewest}): {', '.join(winners)} (R-R11)")
    return Verdict(
        claims=claims,
        bullets=bullets,
        healed=tuple(healed),
        totals=totals,
        game_over=game_over,
        winners=winners,
        notes=tuple(notes),
        dead_heats=heats,
        window_closed_ms=calls.close_ns / NS_PER_MS,
        moves=calls.moved(),
        touch_presses=tuple(calls.touch_presses),
        false_starts=tuple(p.claim() for p in calls.false_starts),
    )


def verdict_to_json(verdict: Verdict) -> dict[str, Any]:
    """The verdict as the round-file contract prints it, plus ``dead_heats``,
    ``window_closed_ms``, ``moves`` (R-R6) and ``touch_presses`` (R-R10)."""
    return {
        "claims": [_claim_json(c) for c in verdict.claims],
        "bullets": dict(verdict.bullets),
        "healed": list(verdict.healed),
        "totals": dict(verdict.totals),
        "game_over": verdict.game_over,
        "winners": list(verdict.winners),
        "notes": list(verdict.notes),
        "dead_heats": [{"pads": [a.pad, b.pad], "players": [a.player, b.player], "t_ms": [a.t_ms, b.t_ms]}
                       for a, b in verdict.dead_heats],
        "window_closed_ms": verdict.window_closed_ms,
        "moves": [{"player": m.player, "from_pad": m.from_pad, "from_location": m.from_location,
                   "to_pad": m.to_pad, "to_location": m.to_location, "t_ms": m.t_ms, "claims": m.to_claim}
                  for m in verdict.moves],
        "touch_presses": [_claim_json(c) for c in verdict.touch_presses],
    }


def _claim_json(claim: Claim) -> dict[str, Any]:
    obj: dict[str, Any] = {"pad": claim.pad, "location": claim.location, "player": claim.player, "t_ms": claim.t_ms}
    if claim.dead_heat:
        obj["dead_heat"] = True
    return obj


def _edge_order(edge: Edge) -> tuple[int, int, int, str]:
    return (to_ns(edge.t_ms), edge.pad, edge.edge != "press", edge.player or "")


def _mark_dead_heats(claims: list[Claim], settings: Settings, rules: _Rules,
                     notes: list[str]) -> tuple[tuple[Claim, ...], tuple[tuple[Claim, Claim], ...]]:
    """Flag every pair of claims closer than ``tie_ms``: the pads cannot tell their order."""
    stamps = [to_ns(c.t_ms) for c in claims]
    pairs: list[tuple[int, int]] = []
    for i in range(len(claims)):
        j = i + 1
        while j < len(claims) and stamps[j] - stamps[i] < rules.tie_ns:
            pairs.append((i, j))
            j += 1
    tied = {i for pair in pairs for i in pair}
    marked = tuple(Claim(c.pad, c.location, c.player, c.t_ms, True) if i in tied else c
                   for i, c in enumerate(claims))
    for i, j in pairs:
        a, b = marked[i], marked[j]
        if _equal_only(stamps[j] - stamps[i], settings):
            notes.append(f"pads {a.pad} and {b.pad} claimed at the same instant, {say_ms(a.t_ms)} ms: a dead heat "
                         "(equal stamps always are, R-R8)")
        else:
            notes.append(f"pads {a.pad} and {b.pad} claimed at {say_ms(a.t_ms)} and {say_ms(b.t_ms)} ms: "
                         f"closer than the tie threshold, a dead heat")
    return marked, tuple((marked[i], marked[j]) for i, j in pairs)


def _equal_only(gap_ns: int, settings: Settings) -> bool:
    """Whether a tie is one only because the stamps are equal, not closer than the
    threshold (a threshold of 0; from version 3 of the rules, R-R8, R-R12)."""
    # ruling: R-R8, R-R12 - equal stamps are always a tie, even with the threshold at 0
    return gap_ns >= to_ns(settings.tie_ms)


def _judge_character(rnd: Round, card: CharacterCard | TwoCharactersCard, claims: Iterable[Claim],
                     close_label: str, penalties: list[tuple[str, str]], notes: list[str]) -> None:
    # ruling: R-R6 (one character) and R-R7 (two characters: only the third location counts)
    allowed = card.allowed()
    by_player = {c.player: c for c in claims if c.player is not None}
    for player in rnd.players:
        claim = by_player.get(player)
        if claim is None:
            penalties.append((player, f"claimed no allowed tile before the window closed at {close_label} ms"))
        elif claim.location not in allowed:
            penalties.append((player, f"is on the {claim.location} (pad {claim.pad}), "
                                      f"not allowed on a {card.label()} card"))
        else:
            notes.append(f"{player} is on the {claim.location} (pad {claim.pad}) at {say_ms(claim.t_ms)} ms: safe")


def _judge_healing(rnd: Round, rules: _Rules, card: HealingCard, claims: tuple[Claim, ...],
                   false_starters: set[str], false_start_bullets: bool, healed: list[str], notes: list[str]) -> None:
    # ruling: R-R8 - the first claim on the building shown heals; a dead heat heals both
    on_site = [c for c in claims if c.location == card.location]
    if not on_site:
        notes.append(f"nobody claimed a {card.location} tile: nobody heals")
    else:
        first_ns = to_ns(on_site[0].t_ms)
        # a dead heat with a claim on another building shares nothing: only ties on the building count
        firsts = on_site[:1] + [c for c in on_site[1:] if to_ns(c.t_ms) - first_ns < rules.tie_ns]
        heat = " (dead heat)" if len(firsts) > 1 else ""
        for claim in on_site:
            where = f"on the {card.location} (pad {claim.pad}) at {say_ms(claim.t_ms)} ms"
            if claim not in firsts:
                notes.append(f"{claim.player or 'an unknown player'} {where}: not first, no healing")
            elif claim.player is None:
                notes.append(f"an unknown player is first {where}: nobody heals from that claim (R-R5)")
            elif claim.player in false_starters:
                # ruling: R-R8, R-R13 - a false starter does not heal on that card
                notes.append(f"{claim.player} is first {where} but made a false start: no healing (R-R8)")
            elif rnd.bullets_of(claim.player) == 0:
                notes.append(f"{claim.player} is first {where} but has no bullet to return")
            else:
                healed.append(claim.player)
                before = rnd.bullets_of(claim.player)
                notes.append(f"{claim.player} is first {where}{heat}: returns a bullet ({before} -> {before - 1})")
    if false_start_bullets:
        notes.append("on a Healing card only a false start costs a bullet (R-R8, R-R13)")
    else:
        notes.append("nobody takes a bullet on a Healing card (R-R8)")


def _touch_order(touch: Touch) -> tuple[int, str, str, str]:
    return (to_ns(touch.t_ms), touch.by, touch.pawn, touch.hand or "")


#: said once on a card with touches: their times are when the table entered them, so the
#: notes say their order, never a time to the millisecond that nothing measured
TOUCHES_TOLD = "touches are entered by hand, in the order the table tells them: a touch has no measured time"


def _live_touches(rnd: Round, notes: list[str]) -> list[Touch]:
    """Touches after the reveal, in time order; earlier ones are noted and left out."""
    live = []
    if rnd.touches:
        notes.append(TOUCHES_TOLD)
    for touch in sorted(rnd.touches, key=_touch_order):
        if touch.t_ms < 0:
            notes.append(f"{touch.by} touched {touch.pawn}'s pawn before the reveal: does not count")
        else:
            live.append(touch)
    return live


def _first_touches(rnd: Round, rules: _Rules, live: list[Touch], notes: list[str]) -> dict[str, list[Touch]]:
    """For each pawn touched, the touches that count as first (R-R9, R-R12).

    Touches closer than the tie threshold to the earliest on a pawn are simultaneous
    (from version 3, equal times always are): the table cannot say who was first. If the
    pawn's owner is among them, the owner counts as first; otherwise each of them counts
    as first. From version 4 nobody counts as first (an empty list): a bullet earned by
    being first needs a toucher first by more than the threshold, so the owner's benefit
    of the doubt never turns into a bullet for the owner (an attacker tying on their own
    pawn). Names and seats never order anything here, so the call is the same whoever is
    called what.
    """
    on_pawn: dict[str, list[Touch]] = {}
    for touch in live:
        on_pawn.setdefault(touch.pawn, []).append(touch)
    firsts: dict[str, list[Touch]] = {}
    for pawn, touches in on_pawn.items():
        start = to_ns(touches[0].t_ms)
        tied = [t for t in touches if to_ns(t.t_ms) - start < rules.touch_tie_ns] or touches[:1]
        by_toucher: dict[str, Touch] = {}
        for touch in tied:
            by_toucher.setdefault(touch.by, touch)
        when = ("at the same instant (equal times are always a tie)"
                if _equal_only(to_ns(tied[-1].t_ms) - start, rnd.settings)
                else "within the tie threshold")
        # ruling: R-R12 - equal times within the tie threshold: the owner counts as first; never by name or seat
        if len(by_toucher) > 1 and rules.ties_cost_nothing:
            # ruling: R-R12 - a bullet earned by being first needs a toucher first by more than the tie threshold
            who = " and ".join(sorted(by_toucher))
            first = []
            notes.append(f"{pawn}'s pawn touched by {who} {when}: nobody was first by more than the tie "
                         "threshold, so nobody takes a bullet for it (R-R12)")
        elif len(by_toucher) > 1 and pawn in by_toucher:
            first = [by_toucher[pawn]]
            others = ", ".join(sorted(b for b in by_toucher if b != pawn))
            notes.append(f"{pawn}'s pawn touched by {pawn} and {others} {when}: "
                         "the owner gets the benefit of the doubt and counts as first (R-R12)")
        else:
            first = list(by_toucher.values())
            if len(first) > 1:
                who = " and ".join(sorted(by_toucher))
                notes.append(f"{pawn}'s pawn touched by {who} {when}: "
                             "nobody can say who was first, so each counts as first (R-R12)")
        firsts[pawn] = first
        for touch in touches:
            if touch not in tied:
                earlier = (first or tied)[0]
                notes.append(f"{touch.by} touched {pawn}'s pawn after {earlier.by}: the first touch decides")
    return firsts


def _judge_armed(rnd: Round, rules: _Rules, card: ArmedCard, penalties: list[tuple[str, str]],
                 notes: list[str]) -> None:
    # ruling: R-R9 - for each pawn, who touched it first decides
    live = _live_touches(rnd, notes)
    firsts = _first_touches(rnd, rules, live, notes)
    for pawn in rnd.players:
        if pawn not in firsts:
            notes.append(f"nobody touched {pawn}'s pawn")
        for touch in firsts.get(pawn, ()):
            _armed_touch(rnd, card, pawn, touch, penalties, notes)
    if rnd.settings.ultimate and rules.every_wrong_hand:
        # ruling: R-R9 - ultimate mode: every touch made with the wrong hand costs a bullet, first or not
        for touch in live:
            if not any(touch is first for first in firsts[touch.pawn]):
                _hand_used(card, touch, penalties, notes)


def _armed_touch(rnd: Round, card: ArmedCard, pawn: str, touch: Touch,
                 penalties: list[tuple[str, str]], notes: list[str]) -> None:
    attacker = card.player  # a touch is said without its time: it was entered by hand (TOUCHES_TOLD)
    if touch.by == attacker and pawn == attacker:
        penalties.append((attacker, "caught their own pawn as the attacker"))
    elif touch.by == attacker:
        penalties.append((pawn, f"lost their pawn to the attacker {attacker}"))
    elif touch.by == pawn:
        notes.append(f"{pawn} defended their pawn")
    else:
        penalties.append((touch.by, f"caught {pawn}'s pawn, not their own"))
    if rnd.settings.ultimate:
        _hand_used(card, touch, penalties, notes)


def _hand_used(card: ArmedCard, touch: Touch, penalties: list[tuple[str, str]], notes: list[str]) -> None:
    # ruling: R-R9 - ultimate mode: the hand shown on the card, or a bullet
    on = f"on {touch.pawn}'s pawn"
    if touch.hand is None:
        notes.append(f"{touch.by}'s touch {on} has no hand recorded: no hand penalty")
    elif touch.hand != card.hand:
        penalties.append((touch.by, f"used the {touch.hand} hand {on}; the card shows the {card.hand}"))
    else:
        notes.append(f"{touch.by} used the {touch.hand} hand {on}, as the card shows")


def _judge_disarmed(rnd: Round, card: DisarmedCard, presses: list[Claim],
                    penalties: list[tuple[str, str]], notes: list[str]) -> None:
    # ruling: R-R10 - on a disarmed card, touching any pawn costs a bullet
    live = _live_touches(rnd, notes)
    for touch in live:
        whose = "their own" if touch.pawn == touch.by else f"{touch.pawn}'s"
        penalties.append((touch.by, f"touched {whose} pawn on a disarmed card"))
    for press in presses:
        where = f"the {press.location} (pad {press.pad}) at {say_ms(press.t_ms)} ms"
        movers = sorted({t.by for t in live if t.pawn == press.player and t.by != press.player})
        # ruling: R-R10 - a press is a touch: the pawn's owner takes the bullet unless the table names someone else
        if press.player is None:
            notes.append(f"a pawn on {where} was moved, but whose is not known: "
                         "nobody takes its bullet until the table names the owner or who moved it (R-R5, R-R10)")
        elif movers:
            notes.append(f"{press.player}'s pawn on {where} was moved by {' and '.join(movers)}, "
                         f"as the table says: not {press.player}'s bullet (R-R10)")
        else:
            penalties.append((press.player, f"had their pawn on {where} moved on a disarmed card, "
                                            "and the table names nobody else (R-R10)"))
    if not live and not presses:
        notes.append("nobody touched a pawn")


def _false_start_penalties(false_starts: list[Put], penalties: list[tuple[str, str]], notes: list[str]) -> None:
    # ruling: R-R13 - with the setting on, a false start costs a bullet on every card type (R-R4)
    for press in false_starts:
        at = f"on pad {press.pad} at {say_ms(press.t_ms)} ms"
        if press.player is None:
            notes.append(f"false start {at}: no player is known, nobody takes its bullet (R-R5)")
        else:
            penalties.append((press.player, f"made a false start {at} (R-R13)"))


def _one_bullet_each(players: tuple[str, ...], penalties: list[tuple[str, str]],
                     notes: list[str]) -> dict[str, int]:
    # ruling: R-R11 - no player takes more than one bullet per card
    bullets = {p: 0 for p in players}
    for player, why in penalties:
        if bullets[player]:
            notes.append(f"{player} {why}: no second bullet on one card (R-R11)")
        else:
            bullets[player] = 1
            notes.append(f"{player} {why}: bullet")
    return bullets
