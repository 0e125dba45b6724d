"""The referee: one pure function from a recorded card to its verdict (docs/architecture.md, principle 4).

The live hardware path, the UI and `companion referee replay` all call :func:`judge`, so a
disputed call replayed from its round file gets exactly the verdict the table saw.

Order is decided by each edge's own time stamp, never by the order the events are listed
in: events are sorted by (time, pad, press before release, player) first, so callbacks
delivered late or out of order cannot change a verdict (principle 3). Times are compared
as whole nanoseconds so that 431.2 - 430.2 is exactly 1 ms and a pair at the tie
threshold is never called a dead heat by a rounding error.

The judge is built as a :class:`Referee` fed one edge at a time, so the live screen can
keep one per card and pay per new edge, while the replay feeds a whole file at once:
one piece of code, the same verdict (issue 12: a chattering pad must not slow the call).

Every decision leaves a note in plain words, because a verdict that cannot explain
itself will not settle an argument at the table.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import deque
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from companion.rapidcity.model import (
    LAST_BULLET,
    ArmedCard,
    CharacterCard,
    DisarmedCard,
    Edge,
    HealingCard,
    Round,
    Touch,
    TwoCharactersCard,
)

NS_PER_MS = 1_000_000


def _ns(t_ms: float) -> int:
    return round(t_ms * NS_PER_MS)


def _ms(t_ms: float) -> str:
    """A time for a note: 431.2, -12.0, or more digits when they matter (431.237)."""
    text = f"{t_ms:.3f}".rstrip("0")
    return text + "0" if text.endswith(".") else text


def _dur(ms: float) -> str:
    """A setting's duration for a note: 5000, 1, 0.5."""
    return str(int(ms)) if float(ms).is_integer() else _ms(ms)


@dataclass(frozen=True)
class Claim:
    """A tile taken by a press (R-R4); ``player`` is None when nobody was identified (R-R5)."""

    pad: int
    location: str
    player: str | None
    t_ms: float
    dead_heat: bool = False


@dataclass(frozen=True)
class Move:
    """A pawn lifted from the tile it claimed and put on another before the window closed
    (R-R6): it is judged where it stands, and its first tile is free again. ``to_claim``
    is False when the second tile was already someone else's (no dislodging)."""

    player: str
    from_pad: int
    from_location: str
    to_pad: int
    to_location: str
    t_ms: float
    to_claim: bool = True


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
class _Press:
    """A debounced press while it is being assembled from its edges."""

    pad: int
    t_ms: float
    ns: int
    player: str | None


# Timed notes are told in time order; at one instant, what the pads did (bounces) comes
# before what the judge made of it (claims), and the window's closing comes last.
_EDGE_NOTE, _PRESS_NOTE, _CLOSE_NOTE = 0, 1, 2


@dataclass
class _Calls:
    """What the judge has made of the presses so far, in time order (R-R4..R-R6, R-R10).

    Small on purpose: apart from the notes it holds at most a claim per tile and per
    player, so :meth:`copy` (a provisional verdict while presses may still bounce) is cheap.
    The notes are kept told in time order as they come (``keys`` beside ``texts``), so a
    verdict reads them off instead of sorting a card's worth of notes again.
    """

    close_ns: int
    close_label: str
    why_closed: str = "time is up"
    by_pad: dict[int, Claim] = field(default_factory=dict)
    by_player: dict[str, Claim] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)
    false_starts: list[_Press] = field(default_factory=list)
    touch_presses: list[Claim] = field(default_factory=list)
    late_presses: int = 0  # presses after the reveal on an Armed card (they claim nothing)
    keys: list[tuple[int, int, int]] = field(default_factory=list)  # (ns, kind, order told) of each note
    texts: list[str] = field(default_factory=list)

    def note(self, ns: int, kind: int, text: str) -> None:
        """A note about an instant, told among the others in time order (a press is judged
        a bounce window after its edge, so its note may land before later edges' notes)."""
        key = (ns, kind, len(self.keys))
        if not self.keys or key >= self.keys[-1]:
            self.keys.append(key)
            self.texts.append(text)
        else:
            at = bisect_right(self.keys, key)
            self.keys.insert(at, key)
            self.texts.insert(at, text)

    def timed_notes(self) -> list[str]:
        """Every note about an instant, the window's closing among them (pad cards)."""
        at = bisect_right(self.keys, (self.close_ns, _CLOSE_NOTE, len(self.keys)))
        return [*self.texts[:at], f"the window closed at {self.close_label} ms: {self.why_closed}", *self.texts[at:]]

    def copy(self) -> _Calls:
        return _Calls(self.close_ns, self.close_label, self.why_closed, dict(self.by_pad), dict(self.by_player),
                      list(self.moves), list(self.false_starts), list(self.touch_presses), self.late_presses,
                      list(self.keys), list(self.texts))


class Referee:
    """The judge fed one edge at a time: the live screen's referee (issue: a card's call
    must keep up with a chattering pad) and the replay's, in one piece of code.

    :func:`judge` is ``Referee(rnd).verdict()``. The live path makes one Referee per card
    and :meth:`add`\\ s each edge as it arrives; an edge stamped at or after the last one
    fed costs the same whatever came before it (no re-judging of the card). An edge
    delivered out of time order (a late callback) re-judges the card once from all its
    edges in time order, so the verdict never depends on arrival (principle 3).

    A press is judged once no bounce of it can follow (``bounce_ms`` later), because a
    bounce repeat may still name its player (R-R5); :meth:`verdict` judges the presses
    still in their bounce window on a copy, so asking never changes what comes next.
    """

    def __init__(self, rnd: Round) -> None:
        self.round = replace(rnd, events=())
        self._bounce_ns = _ns(rnd.settings.bounce_ms)
        self._edges: list[Edge] = []
        self._restart()
        for edge in rnd.events:
            self._edges.append(edge)
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
        if self._pending:
            calls = calls.copy()
            for press in self._pending:
                _judge_press(self.round, press, calls)
        return _verdict(self.round, calls)

    def _restart(self) -> None:
        settings = self.round.settings
        self._calls = _Calls(_ns(settings.window_ms), _dur(settings.window_ms))
        self._accepted: dict[int, tuple[Edge, int, _Press | None]] = {}
        self._pending: deque[_Press] = deque()
        self._last: tuple[int, int, int, str] | None = None

    def _rejudge(self) -> None:
        self._restart()
        for edge in sorted(self._edges, key=_edge_order):
            self._take(edge, _edge_order(edge))

    def _take(self, edge: Edge, key: tuple[int, int, int, str]) -> None:
        """Debounce one edge (R-R4, principle 3), in time order.

        An edge that is not within ``bounce_ms`` of the last accepted edge on its pad is
        accepted and starts a new lockout; everything inside the lockout is the same press
        (or release) and keeps the first edge's time. A bounce repeat may name the player the
        first edge lacked (an RFID read landing a moment late); it never overrides one.
        """
        # ruling: R-R4 - a press within the bounce window after an edge on the same pad is the same press
        self._last = key
        ns = key[0]
        while self._pending and ns - self._pending[0].ns >= self._bounce_ns:
            _judge_press(self.round, self._pending.popleft(), self._calls)
        calls = self._calls
        last = self._accepted.get(edge.pad)
        if last is not None and ns - last[1] < self._bounce_ns:
            first, _, press = last
            if edge.edge == "press":
                calls.note(ns, _EDGE_NOTE, f"pad {edge.pad} press at {_ms(edge.t_ms)} ms: "
                                           f"bounce of the {first.edge} at {_ms(first.t_ms)} ms")
                if press is not None and edge.player is not None and edge.player != press.player:
                    if press.player is None:
                        press.player = edge.player
                        calls.note(ns, _EDGE_NOTE, f"pad {edge.pad} press at {_ms(first.t_ms)} ms: "
                                                   f"player {edge.player} named by its bounce")
                    else:
                        calls.note(ns, _EDGE_NOTE, f"pad {edge.pad} press at {_ms(edge.t_ms)} ms names "
                                                   f"{edge.player}, but the press it bounces names "
                                                   f"{press.player}: kept {press.player}")
            return
        press = _Press(edge.pad, edge.t_ms, ns, edge.player) if edge.edge == "press" else None
        if press is not None:
            self._pending.append(press)
        self._accepted[edge.pad] = (edge, ns, press)


def judge(rnd: Round) -> Verdict:
    """The verdict for one card: claims, bullets, healing, totals and why."""
    return Referee(rnd).verdict()


def _verdict(rnd: Round, calls: _Calls) -> Verdict:
    """The call once every press is judged: who stands where, bullets, healing, totals."""
    card = rnd.card
    penalties: list[tuple[str, str]] = []  # (player, why) in the order decided
    healed: list[str] = []
    pad_card = not isinstance(card, (ArmedCard, DisarmedCard))
    notes = calls.timed_notes() if pad_card else list(calls.texts)
    claims: tuple[Claim, ...] = ()
    heats: tuple[tuple[Claim, Claim], ...] = ()
    false_starters = {p.player for p in calls.false_starts if p.player} \
        if rnd.settings.false_start_bullet and _false_starts_count(rnd, card) else set()
    if pad_card:
        claims = tuple(sorted(calls.by_pad.values(), key=lambda c: (_ns(c.t_ms), c.pad)))
        claims, heats = _mark_dead_heats(claims, _ns(rnd.settings.tie_ms), notes)
        if isinstance(card, HealingCard):
            _judge_healing(rnd, card, claims, false_starters, healed, notes)
        else:
            _judge_character(rnd, card, claims, calls.close_label, penalties, notes)
        if rnd.touches:
            notes.append(f"touches do not count on a {card.label()} card")
    else:
        if calls.late_presses:
            # Pawns are grabbed, not placed: pad presses are kept as evidence but claim nothing.
            notes.append(f"pad presses do not count on a {card.label()} card")
        if isinstance(card, ArmedCard):
            _judge_armed(rnd, card, penalties, notes)
        else:
            _judge_disarmed(rnd, card, calls.touch_presses, penalties, notes)
    if rnd.settings.false_start_bullet:
        _false_start_penalties(calls.false_starts if _false_starts_count(rnd, card) else [], penalties, notes)
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
        moves=tuple(calls.moves),
        touch_presses=tuple(calls.touch_presses),
        false_starts=tuple(Claim(p.pad, rnd.location_of(p.pad), p.player, p.t_ms) for p in calls.false_starts),
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
    return (_ns(edge.t_ms), edge.pad, edge.edge != "press", edge.player or "")


def _judge_press(rnd: Round, press: _Press, calls: _Calls) -> None:
    """One debounced press, once its player is settled, against the calls so far:
    a false start, a claim, a move, a press that claims nothing, or a touch (R-R10)."""
    at = f"pad {press.pad} press at {_ms(press.t_ms)} ms"
    head = at + (f" by {press.player}" if press.player else "")
    location = rnd.location_of(press.pad)
    card = rnd.card

    def note(text: str) -> None:
        calls.note(press.ns, _PRESS_NOTE, text)

    if press.ns < 0:
        # ruling: R-R4 - a press before the reveal is a false start, never a claim
        calls.false_starts.append(press)
        note(f"{head}: false start, not a claim")
    elif press.ns > calls.close_ns:
        note(f"{head}: after the window closed at {calls.close_label} ms, does not count")
    elif isinstance(card, ArmedCard) or (isinstance(card, DisarmedCard) and not _presses_are_touches(rnd)):
        calls.late_presses += 1
    elif isinstance(card, DisarmedCard):
        # ruling: R-R10 - a pad press during a Disarmed card is a touch: the pawn on that tile was moved
        calls.touch_presses.append(Claim(press.pad, location, press.player, press.t_ms))
        whose = f"{press.player}'s pawn" if press.player else "a pawn"
        note(f"{at}: {whose} on the {location} was moved on a {card.label()} card: a press is a touch (R-R10)")
    elif press.pad in calls.by_pad:
        _press_on_a_claimed_tile(rnd, press, location, calls, head, note)
    elif press.player in calls.by_player and not _moves_count(rnd):
        mine = calls.by_player[press.player]
        note(f"{head}: {press.player} already claimed pad {mine.pad} at {_ms(mine.t_ms)} ms (one pawn each)")
    else:
        _claim_a_free_tile(rnd, press, location, calls, at, note)


def _press_on_a_claimed_tile(rnd: Round, press: _Press, location: str, calls: _Calls, head: str,
                             note: Any) -> None:
    owner = calls.by_pad[press.pad]
    if press.player is not None and press.player == owner.player:
        note(f"{head}: {press.player}'s pawn put back on the {location} it claimed at {_ms(owner.t_ms)} ms: "
             "the claim stands")
        return
    # ruling: R-R4, R-R6 - no dislodging: the pawn put on a claimed tile claims nothing
    why = f"tile already claimed by {owner.player or 'an unknown player'} at {_ms(owner.t_ms)} ms (no dislodging)"
    mine = calls.by_player.pop(press.player, None) if press.player is not None and _moves_count(rnd) else None
    if mine is None:
        note(f"{head}: {why}")
        return
    # ruling: R-R6 - where the pawn stands at the close counts: it left its first tile, which is free again
    del calls.by_pad[mine.pad]
    calls.moves.append(Move(press.player, mine.pad, mine.location, press.pad, location, press.t_ms, False))
    note(f"{head}: {why}; {press.player}'s pawn left the {mine.location} (pad {mine.pad}), "
         "which is free again: it stands on no tile of its own (R-R6)")


def _claim_a_free_tile(rnd: Round, press: _Press, location: str, calls: _Calls, at: str, note: Any) -> None:
    claim = Claim(press.pad, location, press.player, press.t_ms)
    calls.by_pad[press.pad] = claim
    if press.player is None:
        # ruling: R-R5 - the pads decide order and time, never identity
        note(f"{at}: claims the {location}, but no player is known: the tile goes to nobody (R-R5)")
        return
    earlier = calls.by_player.get(press.player)
    calls.by_player[press.player] = claim
    if earlier is None:
        note(f"{at}: {press.player} claims the {location}")
    else:
        # ruling: R-R6 - a pawn lifted and put on another tile is judged there; its first tile is free again
        del calls.by_pad[earlier.pad]
        calls.moves.append(Move(press.player, earlier.pad, earlier.location, press.pad, location, press.t_ms))
        note(f"{at}: {press.player} moved from the {earlier.location} (pad {earlier.pad}, claimed at "
             f"{_ms(earlier.t_ms)} ms) to the {location}: judged here, pad {earlier.pad} is free again (R-R6)")
    if len(calls.by_player) == len(rnd.players) and calls.why_closed == "time is up":
        # ruling: R-R6 - the window closes when every player has claimed
        calls.close_ns, calls.close_label, calls.why_closed = press.ns, _ms(press.t_ms), "every player had claimed"


# -- what the versions of the rules changed (companion.rapidcity.model.RULES_VERSIONS) -----------
# A round file carries the version its card was judged under (settings.rules), and each change
# since the first release is asked here, so a card played under older rules is judged as the
# table saw it, never re-scored.

def _moves_count(rnd: Round) -> bool:
    """R-R6, since version 2: a pawn lifted from the tile it claimed and put on another is
    judged where it stands, its first tile free again. Version 1 (2026-11-30) kept a
    player's first claim (one pawn each) and ignored their later presses."""
    return rnd.settings.rules >= 2


def _presses_are_touches(rnd: Round) -> bool:
    """R-R10, since version 2: a pad press on a Disarmed card is a touch (the pawn on that
    tile was moved). Version 1 ignored pad presses on every cowboy card."""
    return rnd.settings.rules >= 2


def _touch_tie_ns(rnd: Round) -> int:
    """R-R12, since version 2: touches on one pawn within the tie threshold are simultaneous
    (the owner counts as first). Version 1 had no such ties: the earliest touch decided,
    equal times in the order of the toucher's name."""
    return _ns(rnd.settings.tie_ms) if rnd.settings.rules >= 2 else 0


def _false_starts_count(rnd: Round, card: Any) -> bool:
    """R-R13 (and R-R8's false starter), since version 2: with the setting on, a false start
    costs a bullet on every card, and a false starter does not heal. Version 1 charged it on
    character cards only: never on a Healing card (where the false starter still healed),
    and the presses of a cowboy card were not read."""
    return rnd.settings.rules >= 2 or isinstance(card, (CharacterCard, TwoCharactersCard))


def _mark_dead_heats(claims: list[Claim], tie_ns: int,
                     notes: list[str]) -> tuple[tuple[Claim, ...], tuple[tuple[Claim, Claim], ...]]:
    """Flag every pair of claims closer than ``tie_ms``: the pads cannot tell their order."""
    stamps = [_ns(c.t_ms) for c in claims]
    pairs: list[tuple[int, int]] = []
    for i in range(len(claims)):
        j = i + 1
        while j < len(claims) and stamps[j] - stamps[i] < tie_ns:
            pairs.append((i, j))
            j += 1
    tied = {i for pair in pairs for i in pair}
    marked = tuple(Claim(c.pad, c.location, c.player, c.t_ms, True) if i in tied else c
                   for i, c in enumerate(claims))
    for i, j in pairs:
        a, b = marked[i], marked[j]
        notes.append(f"pads {a.pad} and {b.pad} claimed at {_ms(a.t_ms)} and {_ms(b.t_ms)} ms: "
                     f"closer than the tie threshold, a dead heat")
    return marked, tuple((marked[i], marked[j]) for i, j in pairs)


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
            notes.append(f"{player} is on the {claim.location} (pad {claim.pad}) at {_ms(claim.t_ms)} ms: safe")


def _judge_healing(rnd: Round, card: HealingCard, claims: tuple[Claim, ...], false_starters: set[str],
                   healed: list[str], notes: list[str]) -> None:
    # ruling: R-R8 - the first claim on the building shown heals; a dead heat heals both
    on_site = [c for c in claims if c.location == card.location]
    if not on_site:
        notes.append(f"nobody claimed a {card.location} tile: nobody heals")
    else:
        tie_ns = _ns(rnd.settings.tie_ms)
        first_ns = _ns(on_site[0].t_ms)
        # a dead heat with a claim on another building shares nothing: only ties on the building count
        firsts = on_site[:1] + [c for c in on_site[1:] if _ns(c.t_ms) - first_ns < tie_ns]
        heat = " (dead heat)" if len(firsts) > 1 else ""
        for claim in on_site:
            where = f"on the {card.location} (pad {claim.pad}) at {_ms(claim.t_ms)} ms"
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
    if rnd.settings.false_start_bullet and _false_starts_count(rnd, card):
        notes.append("on a Healing card only a false start costs a bullet (R-R8, R-R13)")
    else:
        notes.append("nobody takes a bullet on a Healing card (R-R8)")


def _touch_order(touch: Touch) -> tuple[int, str, str, str]:
    return (_ns(touch.t_ms), touch.by, touch.pawn, touch.hand or "")


def _live_touches(rnd: Round, notes: list[str]) -> list[Touch]:
    """Touches after the reveal, in time order; earlier ones are noted and left out."""
    live = []
    for touch in sorted(rnd.touches, key=_touch_order):
        if touch.t_ms < 0:
            notes.append(f"{touch.by} touched {touch.pawn}'s pawn at {_ms(touch.t_ms)} ms, "
                         "before the reveal: does not count")
        else:
            live.append(touch)
    return live


def _first_touches(rnd: Round, notes: list[str]) -> dict[str, list[Touch]]:
    """For each pawn touched, the touches that count as first (R-R9, R-R12).

    Touches closer than the tie threshold to the earliest on a pawn are simultaneous:
    the table cannot say who was first. If the pawn's owner is among them, the owner
    counts as first; otherwise each of them counts as first. Names and seats never
    order anything here, so the call is the same whoever is called what.
    """
    tie_ns = _touch_tie_ns(rnd)
    on_pawn: dict[str, list[Touch]] = {}
    for touch in _live_touches(rnd, notes):
        on_pawn.setdefault(touch.pawn, []).append(touch)
    firsts: dict[str, list[Touch]] = {}
    for pawn, touches in on_pawn.items():
        start = _ns(touches[0].t_ms)
        tied = [t for t in touches if _ns(t.t_ms) - start < tie_ns] or touches[:1]
        by_toucher: dict[str, Touch] = {}
        for touch in tied:
            by_toucher.setdefault(touch.by, touch)
        # ruling: R-R12 - equal times within the tie threshold: the owner counts as first; never by name or seat
        if len(by_toucher) > 1 and pawn in by_toucher:
            first = [by_toucher[pawn]]
            others = ", ".join(sorted(b for b in by_toucher if b != pawn))
            notes.append(f"{pawn}'s pawn touched by {pawn} and {others} within the tie threshold at "
                         f"{_ms(touches[0].t_ms)} ms: the owner gets the benefit of the doubt and counts as first (R-R12)")
        else:
            first = list(by_toucher.values())
            if len(first) > 1:
                who = " and ".join(sorted(by_toucher))
                notes.append(f"{pawn}'s pawn touched by {who} within the tie threshold at {_ms(touches[0].t_ms)} ms: "
                             "nobody can say who was first, so each counts as first (R-R12)")
        firsts[pawn] = first
        for touch in touches:
            if touch not in tied:
                earlier = first[0]
                notes.append(f"{touch.by} touched {pawn}'s pawn at {_ms(touch.t_ms)} ms, after {earlier.by} "
                             f"at {_ms(earlier.t_ms)} ms: the first touch decides")
    return firsts


def _judge_armed(rnd: Round, card: ArmedCard, penalties: list[tuple[str, str]], notes: list[str]) -> None:
    # ruling: R-R9 - for each pawn, who touched it first decides
    attacker = card.player
    firsts = _first_touches(rnd, notes)
    for pawn in rnd.players:
        if pawn not in firsts:
            notes.append(f"nobody touched {pawn}'s pawn")
        for touch in firsts.get(pawn, ()):
            _armed_touch(rnd, card, attacker, pawn, touch, penalties, notes)


def _armed_touch(rnd: Round, card: ArmedCard, attacker: str, pawn: str, touch: Touch,
                 penalties: list[tuple[str, str]], notes: list[str]) -> None:
    at = f"at {_ms(touch.t_ms)} ms"
    if touch.by == attacker and pawn == attacker:
        penalties.append((attacker, f"caught their own pawn as the attacker {at}"))
    elif touch.by == attacker:
        penalties.append((pawn, f"lost their pawn to the attacker {attacker} {at}"))
    elif touch.by == pawn:
        notes.append(f"{pawn} defended their pawn {at}")
    else:
        penalties.append((touch.by, f"caught {pawn}'s pawn {at}, not their own"))
    if rnd.settings.ultimate:
        # ruling: R-R9 - ultimate mode: the hand shown on the card, or a bullet
        if touch.hand is None:
            notes.append(f"{touch.by}'s touch of {pawn}'s pawn {at} has no hand recorded: no hand penalty")
        elif touch.hand != card.hand:
            penalties.append((touch.by, f"used the {touch.hand} hand {at}; the card shows the {card.hand}"))
        else:
            notes.append(f"{touch.by} used the {touch.hand} hand {at}, as the card shows")


def _judge_disarmed(rnd: Round, card: DisarmedCard, presses: list[Claim],
                    penalties: list[tuple[str, str]], notes: list[str]) -> None:
    # ruling: R-R10 - on a disarmed card, touching any pawn costs a bullet
    live = _live_touches(rnd, notes)
    for touch in live:
        whose = "their own" if touch.pawn == touch.by else f"{touch.pawn}'s"
        penalties.append((touch.by, f"touched {whose} pawn at {_ms(touch.t_ms)} ms on a disarmed card"))
    for press in presses:
        where = f"the {press.location} (pad {press.pad}) at {_ms(press.t_ms)} ms"
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


def _false_start_penalties(false_starts: list[_Press], penalties: list[tuple[str, str]], notes: list[str]) -> None:
    # ruling: R-R13 - with the setting on, a false start costs a bullet on every card type (R-R4)
    for press in false_starts:
        at = f"on pad {press.pad} at {_ms(press.t_ms)} ms"
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
