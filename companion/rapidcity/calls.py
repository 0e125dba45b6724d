"""What the judge makes of a card's presses, one at a time in time order: who holds which
tile (R-R4..R-R6), the false starts, and the presses that are touches (R-R10).

:mod:`companion.rapidcity.judge` debounces the edges into presses and hands each one here
once its chain of bounces is over, in the order of their first edges, with the player on
it settled. What is kept is small on purpose (a claim per tile and per player, the notes),
so a provisional verdict on a copy is cheap.

A freed tile (version 3 of the rules, R-R6). A pad cannot be pressed again until it has
been released, so a press on a tile someone holds means that pawn had been lifted or
knocked off before it. Whether it had left for good is told by the holder's *next* press:
back on the same tile, it was only knocked off or put back, and the presses on its tile in
between claim nothing (no dislodging); on another tile, it moved, so its first tile was free
from the moment it was lifted and the presses put on it since are judged again as on a free
tile, the first of them a claim. Until the holder presses again the tile stays its own. Who
holds a tile therefore depends only on the presses on it and on where each holder went
next: never on names, pad numbers or the order in which equal stamps are listed. Version 2
decided each press on a held tile at once (no dislodging), and a move freed the tile only
for presses after it.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Sequence

from companion.rapidcity.model import ArmedCard, DisarmedCard, Round

NS_PER_MS = 1_000_000

# Timed notes are told in time order; at one instant, what the pads did (bounces) comes
# before what the judge made of it (claims), and the window's closing comes last.
EDGE_NOTE, PRESS_NOTE, CLOSE_NOTE = 0, 1, 2


def to_ns(t_ms: float) -> int:
    """Milliseconds as whole nanoseconds, so that 431.2 - 430.2 is exactly 1 ms."""
    return round(t_ms * NS_PER_MS)


def say_ms(t_ms: float) -> str:
    """A time for a note: 431.2, -12.0, or more digits when they matter (431.237)."""
    text = f"{t_ms:.3f}".rstrip("0")
    return text + "0" if text.endswith(".") else text


def say_duration(ms: float) -> str:
    """A setting's duration for a note: 5000, 1, 0.5."""
    return str(int(ms)) if float(ms).is_integer() else say_ms(ms)


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
class Put:
    """A press once its chain of bounces is over and who made it is settled: a pawn put on
    a tile (or a false start, or a touch). ``seq`` is the order it was judged in."""

    pad: int
    location: str
    player: str | None
    t_ms: float
    ns: int
    seq: int

    def at(self) -> str:
        return f"pad {self.pad} press at {say_ms(self.t_ms)} ms"

    def head(self) -> str:
        return self.at() + (f" by {self.player}" if self.player else "")

    def claim(self) -> Claim:
        return Claim(self.pad, self.location, self.player, self.t_ms)


@dataclass
class _Hold:
    """A tile someone claimed: the claim, and the presses put on it since the holder's
    latest press there, each with the claim its presser left for it, waiting for the
    holder's next press to tell whether the tile was free (version 3, R-R6)."""

    claim: Claim
    waiting: list[tuple[Put, Claim | None]] = field(default_factory=list)


@dataclass
class Calls:
    """What the judge has made of the presses so far. ``freed_tiles`` is version 3's R-R6
    (the module docstring); ``pawns_move`` (R-R6) and ``presses_are_touches`` (R-R10) are
    version 2's, off for a card of the first release. The notes are kept told in time order
    as they come (``keys`` beside ``texts``), so a verdict reads them off instead of sorting
    them again."""

    close_ns: int
    close_label: str
    freed_tiles: bool
    pawns_move: bool
    presses_are_touches: bool
    late_at_close: bool  # 4: a press at the close itself is too late (R-R4); before, only one after it was
    why_closed: str = "time is up"
    holds: dict[int, _Hold] = field(default_factory=dict)
    by_player: dict[str, int] = field(default_factory=dict)  # player -> the pad they hold
    history: dict[str, list[Put]] = field(default_factory=dict)  # each player's presses on tiles
    claimed: set[int] = field(default_factory=set)  # seq of every press that claimed a tile
    moves: list[tuple[Put, str, Claim]] = field(default_factory=list)  # (the press, its player, the claim left)
    false_starts: list[Put] = field(default_factory=list)
    touch_presses: list[Claim] = field(default_factory=list)
    late_presses: int = 0  # presses after the reveal on an Armed card (they claim nothing)
    judged: int = 0
    keys: list[tuple[int, int, int]] = field(default_factory=list)  # (ns, kind, order told) of each note
    texts: list[str] = field(default_factory=list)

    def copy(self) -> Calls:
        return Calls(self.close_ns, self.close_label, self.freed_tiles, self.pawns_move, self.presses_are_touches,
                     self.late_at_close, self.why_closed,
                     {pad: _Hold(h.claim, list(h.waiting)) for pad, h in self.holds.items()},
                     dict(self.by_player), {p: list(h) for p, h in self.history.items()}, set(self.claimed),
                     list(self.moves), list(self.false_starts), list(self.touch_presses), self.late_presses,
                     self.judged, list(self.keys), list(self.texts))

    def note(self, ns: int, kind: int, text: str) -> None:
        """A note about an instant, told among the others in time order (a press is judged
        once its bounces are over, so its note may land before later edges' notes)."""
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
        at = bisect_right(self.keys, (self.close_ns, CLOSE_NOTE, len(self.keys)))
        return [*self.texts[:at], f"the window closed at {self.close_label} ms: {self.why_closed}", *self.texts[at:]]

    @property
    def waiting(self) -> bool:
        return any(hold.waiting for hold in self.holds.values())

    def next_put(self, pad: int, location: str, player: str | None, t_ms: float, ns: int) -> Put:
        """The next press to judge, numbered in the order judged."""
        self.judged += 1
        return Put(pad, location, player, t_ms, ns, self.judged)

    def judge(self, rnd: Round, put: Put) -> None:
        """One press against the calls so far: a false start, a press too late, a touch
        (R-R10) or, on a pad card, a pawn put on a tile."""
        card = rnd.card
        if put.ns < 0:
            # ruling: R-R4 - a press before the reveal is a false start, never a claim
            self.false_starts.append(put)
            self.note(put.ns, PRESS_NOTE, f"{put.head()}: false start, not a claim")
        elif put.ns > self.close_ns:
            self.note(put.ns, PRESS_NOTE, f"{put.head()}: after the window closed at {self.close_label} ms, "
                                          "does not count")
        elif put.ns == self.close_ns and self.late_at_close:
            # ruling: R-R4 - "within" means less than: a press at the window's close is not a claim
            self.note(put.ns, PRESS_NOTE, f"{put.head()}: at the window's close, {self.close_label} ms, "
                                          "does not count (R-R4)")
        elif isinstance(card, ArmedCard) or (isinstance(card, DisarmedCard) and not self.presses_are_touches):
            self.late_presses += 1
        elif isinstance(card, DisarmedCard):
            # ruling: R-R10 - a pad press during a Disarmed card is a touch: the pawn on that tile was moved
            self.touch_presses.append(put.claim())
            whose = f"{put.player}'s pawn" if put.player else "a pawn"
            self.note(put.ns, PRESS_NOTE, f"{put.at()}: {whose} on the {put.location} was moved on a "
                                          f"{card.label()} card: a press is a touch (R-R10)")
        else:
            self._place(put)

    def close_if_all_hold(self, ns: int, t_ms: float, players: Sequence[str]) -> None:
        """R-R6: the window closes when every player holds a tile (from version 3 asked once
        the presses of an instant are all judged, so their order cannot matter)."""
        if len(self.by_player) == len(players) and self.why_closed == "time is up":
            # ruling: R-R6 - the window closes when every player has claimed
            self.close_ns, self.close_label, self.why_closed = ns, say_ms(t_ms), "every player had claimed"

    def settle(self) -> None:
        """The window is over as far as the presses go: every holder still holds its tile, so
        the presses waiting on one claimed nothing (R-R6, no dislodging)."""
        for hold in self.holds.values():
            self._claimed_nothing(hold)

    def claims(self) -> list[Claim]:
        return sorted((hold.claim for hold in self.holds.values()), key=lambda c: (to_ns(c.t_ms), c.pad))

    def moved(self) -> tuple[Move, ...]:
        return tuple(Move(player, left.pad, left.location, put.pad, put.location, put.t_ms, put.seq in self.claimed)
                     for put, player, left in sorted(self.moves, key=lambda m: m[0].seq))

    def _place(self, put: Put) -> None:
        """A pawn put on a tile (R-R4, R-R6): a claim, a pawn put back on its own tile, a
        move, or a press on a tile someone holds."""
        player, left = put.player, None
        if player is not None:
            self.history.setdefault(player, []).append(put)
            pad = self.by_player.get(player)
            if pad == put.pad:  # the presses on it since its last were a knock-off: they claimed nothing
                hold = self.holds[pad]
                self._claimed_nothing(hold)
                self._put_back(put, hold.claim)
                return
            if pad is not None and not self.pawns_move:  # the first release: one pawn each, the first claim stands
                self._one_pawn_each(put, self.holds[pad].claim)
                return
            if pad is not None:
                left = self.holds[pad].claim
                self._leave(player, put)
        holder = self.holds.get(put.pad)
        if holder is None:
            self._claim(put, left)
        elif self.freed_tiles and holder.claim.player is not None:
            holder.waiting.append((put, left))  # the holder's next press tells (the module docstring)
        else:
            self._not_dislodged(put, left, holder.claim)

    def _one_pawn_each(self, put: Put, mine: Claim) -> None:
        """Version 1 (2026-11-30): a player who holds a tile claims no other."""
        hold = self.holds.get(put.pad)
        if hold is not None:
            self._not_dislodged(put, None, hold.claim)
        else:
            self.note(put.ns, PRESS_NOTE, f"{put.head()}: {put.player} already claimed pad {mine.pad} at "
                                          f"{say_ms(mine.t_ms)} ms (one pawn each)")

    def _put_back(self, put: Put, claim: Claim) -> None:
        self.note(put.ns, PRESS_NOTE, f"{put.head()}: {put.player}'s pawn put back on the {put.location} it "
                                      f"claimed at {say_ms(claim.t_ms)} ms: the claim stands")

    def _claim(self, put: Put, left: Claim | None) -> None:
        self.holds[put.pad] = _Hold(put.claim())
        if put.player is not None:
            self.by_player[put.player] = put.pad
        self._claimed(put, left)

    def _claimed(self, put: Put, left: Claim | None, freed: str = "") -> None:
        """Say that ``put`` claimed its tile (``freed``: why a tile someone held was free)."""
        self.claimed.add(put.seq)
        if put.player is None:
            # ruling: R-R5 - the pads decide order and time, never identity
            text = f"claims the {put.location}{freed}, but no player is known: the tile goes to nobody (R-R5)"
        elif left is None:
            text = f"{put.player} claims the {put.location}{freed}"
        else:
            # ruling: R-R6 - a pawn lifted and put on another tile is judged there; its first tile is free again
            text = (f"{put.player} moved from the {left.location} (pad {left.pad}, claimed at "
                    f"{say_ms(left.t_ms)} ms) to the {put.location}{freed}: judged here, pad {left.pad} is "
                    "free again (R-R6)")
        self.note(put.ns, PRESS_NOTE, f"{put.at()}: {text}")

    def _not_dislodged(self, put: Put, left: Claim | None, owner: Claim) -> None:
        # ruling: R-R4, R-R6 - no dislodging: the pawn put on a claimed tile claims nothing
        text = (f"{put.head()}: tile already claimed by {owner.player or 'an unknown player'} at "
                f"{say_ms(owner.t_ms)} ms (no dislodging)")
        if left is not None:
            text += (f"; {put.player}'s pawn left the {left.location} (pad {left.pad}), which is free again: "
                     "it stands on no tile of its own (R-R6)")
        self.note(put.ns, PRESS_NOTE, text)

    def _claimed_nothing(self, hold: _Hold) -> None:
        for put, left in hold.waiting:
            self._not_dislodged(put, left, hold.claim)
        hold.waiting.clear()

    def _leave(self, player: str, put: Put) -> None:
        """``player``'s pawn, holding a tile, was put on another one: it moved (R-R6), and
        the tile it left is free again."""
        pad = self.by_player.pop(player)
        hold = self.holds.pop(pad)
        self.moves.append((put, player, hold.claim))
        if hold.waiting:
            self._rewalk(pad, hold.waiting, player, put)

    def _rewalk(self, pad: int, waiting: list[tuple[Put, Claim | None]], gone: str, went: Put) -> None:
        """Version 3 (R-R6): ``gone``'s pawn left tile ``pad`` for the tile of ``went``, so the
        tile was free from the moment it was lifted, before any of the ``waiting`` presses:
        they are judged again in time order, the first one a claim. Each new holder's own next
        press (from ``history``) tells in turn whether it stayed; a holder who has not pressed
        again holds the tile, and the presses after its own wait on it."""
        holder: Claim | None = None  # None: the tile is free
        for i, (put, left) in enumerate(waiting):
            if holder is None:
                holder = put.claim()
                self._claimed(put, left, f", free: {gone}'s pawn had left it for the {went.location} "
                                         f"(pad {went.pad} at {say_ms(went.t_ms)} ms) (R-R6)")
            elif put.player is not None and put.player == holder.player:
                self._put_back(put, holder)
            else:
                self._not_dislodged(put, left, holder)
                continue
            if holder.player is None:
                continue  # nobody knows whose pawn it is: it never leaves, the rest claim nothing
            later = self.history[holder.player]
            nxt = bisect_right(later, put.ns, key=lambda p: p.ns)
            if nxt == len(later):  # it has not pressed again: it holds the tile, the rest wait on it
                self.holds[pad] = _Hold(holder, waiting[i + 1:])
                self.by_player[holder.player] = pad
                return
            if later[nxt].pad != pad:  # it moved on: the tile is free again from when it was lifted
                self.moves.append((later[nxt], holder.player, holder))
                gone, went, holder = holder.player, later[nxt], None
        if holder is not None:  # a claim by nobody known: it stands
            self.holds[pad] = _Hold(holder)

