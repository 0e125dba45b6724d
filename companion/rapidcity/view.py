"""What the Rapid City referee screen needs from the rules, in plain Python (no kivy).

The screen sees pad edges stamped in the app's nanosecond clock; the round file the
engine takes wants milliseconds since the reveal, with who is on each claimed tile
(docs/roundfile.md). Doing that conversion here, where it is pure and
tested, keeps the screen thin (principle 6): :class:`LiveCard` keeps what the pads and
readers said about a card, the table's entries (:mod:`companion.rapidcity.flow`) are
handed to it, and every claim, gap, dead heat and bullet shown is what :func:`judge`
says about the round built so far - the same function the engine runs when the card is
confirmed. The words the screen says about a card and a call are here too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping, Protocol

from companion.rapidcity.judge import Referee, Verdict, judge
from companion.rapidcity.model import COLOURS, FORBIDDEN_BY, LOCATIONS, Card, Edge, decided_by_pads
from companion.rapidcity.roundfile import parse_round

NS_PER_MS = 1_000_000
Press = tuple[int, int]
"""A press as the table names it: (pad, its stamp in the app's ns clock); two pads may
share a stamp (a true dead heat)."""
LATER_PRESSES_LISTED = 3
"""Presses on a tile after its first that the table is asked to name (see ``presses_to_name``)."""


class PadEdge(Protocol):
    """A debounced pad edge as a backend gives it (hardware.events.PadEvent)."""

    pad: int
    pressed: bool
    t_ns: int
    settled: bool


@dataclass(frozen=True)
class TouchEntry:
    """A touch as the table reports it: who laid a hand on whose pawn, with which hand
    (Ultimate mode), stamped when it was entered, which keeps the order it was told in."""

    by: str
    pawn: str
    hand: str | None
    t_ns: int


def since_reveal_ms(t_ns: int, reveal_ns: int) -> float:
    """A stamp in the app clock as the round file's ``t_ms`` (negative: before the reveal).

    Kept to the nanosecond: the judge turns it back into whole nanoseconds, so two claims
    1 ms apart stay exactly 1 ms apart."""
    return (t_ns - reveal_ns) / NS_PER_MS


class _LiveReferee:
    """The race's :class:`Referee`, fed each new edge as the card grows one edge at a time:
    shared by a card and the cards made from it by :meth:`LiveCard.with_edge`, so a frame's
    cost does not grow with the edges already judged (a chattering pad). It knows the edges
    it was fed; a card that is not their continuation (an older value of the card) gets a
    Referee of its own."""

    def __init__(self, template: Mapping[str, Any]) -> None:
        self.referee = Referee(parse_round({**template, "events": [], "touches": []}))
        self.fed: tuple[PadEdge, ...] = ()

    def fed_with(self, edges: tuple[PadEdge, ...], reveal: int) -> Referee | None:
        """The Referee after every edge of ``edges``, or None if they do not continue what it was fed."""
        if edges[:len(self.fed)] != self.fed:
            return None
        for edge in edges[len(self.fed):]:
            self.referee.add(Edge(edge.pad, "press" if edge.pressed else "release", since_reveal_ms(edge.t_ns, reveal)))
        self.fed = edges
        return self.referee


@dataclass(frozen=True)
class LiveCard:
    """One card from the Ready tap to Confirm: what the pads and readers said, as a value
    (each edge kept makes a new one, :meth:`with_edge`).

    ``template`` is :func:`companion.rapidcity.engine.round_template` for the card and
    ``card`` the card itself. Edges count from ``started_ns`` (Ready), so a press during the
    random delay is kept as the false start it is (R-R4). After the reveal an edge counts
    when its *stamp* lies inside the longest window, whenever it arrives: a late-delivered
    press is judged by its own time (principle 3), and presses stamped later are no part of
    this card. What the table says (whose pawn each press put down, the touches) is not
    kept here but given to :meth:`round` and :meth:`verdict`: it can be undone, the pads'
    record cannot.

    The judge runs once per change of edges: a card's verdicts are kept with it, for the
    names and touches each was made with (``verdicts``), and a card with other edges is
    another value, with verdicts of its own.
    """

    template: dict[str, Any]
    card: Card
    started_ns: int
    reveal_ns: int | None = None
    edges: tuple[PadEdge, ...] = ()
    tags: tuple[tuple[int, str, int], ...] = ()
    closed_ns: int | None = None  # when the claim window closed
    verdicts: dict[Any, Verdict] = field(default_factory=dict, repr=False, compare=False)
    live: _LiveReferee | None = field(default=None, repr=False, compare=False)

    @property
    def players(self) -> list[str]:
        players: list[str] = self.template["players"]
        return players

    @property
    def pads(self) -> list[int]:
        return [tile["pad"] for tile in self.template["tiles"]]

    @property
    def window_ms(self) -> float:
        window: float = self.template["settings"]["window_ms"]
        return window

    @property
    def decided_by_pads(self) -> bool:
        return decided_by_pads(self.card)

    @property
    def revealed_ns(self) -> int:
        """When the card was shown, for the steps after the reveal (edges are timed from it)."""
        if self.reveal_ns is None:
            raise RuntimeError("the card is not revealed yet")
        return self.reveal_ns

    def keeps(self, edge: PadEdge) -> bool:
        """Whether an edge belongs to this card. A settled level (the release of a tap
        shorter than the bounce window, told once its chain is over) is the screen's: its
        edge was part of a chain the judge reads as one press (R-R4)."""
        if edge.settled or edge.pad not in self.pads or edge.t_ns < self.started_ns:
            return False
        if self.reveal_ns is not None and edge.t_ns > self.reveal_ns + self.window_ms * NS_PER_MS:
            return False
        # stamped after the window closed: no part of the call being shown
        return self.closed_ns is None or edge.t_ns <= self.closed_ns

    def with_edge(self, edge: PadEdge) -> LiveCard | None:
        """The card with ``edge`` kept; None if it does not belong to the card (:meth:`keeps`)."""
        if not self.keeps(edge):
            return None
        return replace(self, edges=self.edges + (edge,), verdicts={}, live=self.live)

    def with_tag(self, pad: int, tag: str, t_ns: int) -> LiveCard:
        """An RFID read on a tile (R-R5); only identity, never order."""
        if pad not in self.pads:
            return self
        return replace(self, tags=self.tags + ((pad, tag, t_ns),), verdicts=self.verdicts, live=self.live)

    def revealed(self, now_ns: int) -> LiveCard:
        """The card shown at ``now_ns``: every edge is timed from then (the verdicts made before are not)."""
        return replace(self, reveal_ns=now_ns)

    def closed(self, now_ns: int) -> LiveCard:
        """The window closed at ``now_ns``: edges stamped later are no part of the call; the
        edges are the same, and so are their verdicts."""
        return replace(self, closed_ns=now_ns, verdicts=self.verdicts, live=self.live)

    def events(self, who: Mapping[Press, str]) -> list[dict[str, Any]]:
        """The round file's events: every kept edge in ms since the reveal, each press
        naming whose pawn it was when the table (or a reader) said so (``who``). A player
        named on two presses moved their pawn (R-R6); the judge works that out from the events."""
        reveal = self.reveal_ns if self.reveal_ns is not None else self.started_ns
        out = []
        for edge in sorted(self.edges, key=lambda e: (e.t_ns, e.pad, not e.pressed)):
            event: dict[str, Any] = {"pad": edge.pad, "edge": "press" if edge.pressed else "release",
                                     "t_ms": since_reveal_ms(edge.t_ns, reveal)}
            if edge.pressed and (edge.pad, edge.t_ns) in who:
                event["player"] = who[edge.pad, edge.t_ns]
            out.append(event)
        return out

    def presses(self) -> list[PadEdge]:
        """Presses from the reveal on, in time order: each put a pawn on a tile (or, on a
        Disarmed card, moved one, R-R10), so each is one the table may name."""
        if self.reveal_ns is None:
            return []
        return sorted((e for e in self.edges if e.pressed and e.t_ns >= self.reveal_ns), key=lambda e: (e.t_ns, e.pad))

    def presses_to_name(self) -> tuple[list[PadEdge], int]:
        """The presses the table is asked to name, and how many more were left unlisted.

        Each tile's first press and the next few after it: enough for a pawn lifted away
        and another put in its place (R-R6), while a pad that chatters below the fault
        threshold (hardware.faults) cannot bury the screen in rows. A press nobody names
        claims nothing new (R-R5)."""
        listed: list[PadEdge] = []
        per_pad: dict[int, int] = {}
        left = 0
        for press in self.presses():
            per_pad[press.pad] = per_pad.get(press.pad, 0) + 1
            if per_pad[press.pad] <= 1 + LATER_PRESSES_LISTED:
                listed.append(press)
            else:
                left += 1
        return listed, left

    def false_starts(self) -> list[PadEdge]:
        """Presses between Ready and the reveal (R-R4), in time order: with the false-start
        setting on, the table names who made each one, or nobody takes its bullet."""
        if self.reveal_ns is None:
            return [e for e in self.edges if e.pressed]
        return sorted((e for e in self.edges if e.pressed and e.t_ns < self.reveal_ns), key=lambda e: e.t_ns)

    def round(self, who: Mapping[Press, str] = {}, touches: Iterable[TouchEntry] = ()) -> dict[str, Any]:
        """The round file to send with ``{"type": "play"}``: the pads' record with whose
        pawn each press put down (``who``) and the touches the table entered."""
        reveal = self.reveal_ns if self.reveal_ns is not None else self.started_ns
        told = []
        for touch in touches:
            entry: dict[str, Any] = {"by": touch.by, "pawn": touch.pawn, "t_ms": since_reveal_ms(touch.t_ns, reveal)}
            if touch.hand is not None:
                entry["hand"] = touch.hand
            told.append(entry)
        return {**self.template, "events": self.events(who), "touches": told}

    def verdict(self, who: Mapping[Press, str] = {}, touches: tuple[TouchEntry, ...] = ()) -> Verdict:
        """What the judge says about the card as it stands (shown before it is committed),
        judged once for these edges, names and touches.

        While the pads race (nothing named, no touches) one :class:`Referee` is fed each
        new edge; once the table names pawns or touches, the round file is judged whole,
        once per tap. Both are the one judge and give the same verdict."""
        key = (tuple(sorted(who.items())), touches)
        verdict = self.verdicts.get(key)
        if verdict is None:
            verdict = judge(parse_round(self.round(who, touches))) if who or touches else self._live_referee().verdict()
            self.verdicts[key] = verdict
        return verdict

    def _live_referee(self) -> Referee:
        reveal = self.reveal_ns if self.reveal_ns is not None else self.started_ns
        referee = self.live.fed_with(self.edges, reveal) if self.live is not None else None
        if referee is None:
            # the first edge's card, or an older value of it: a Referee of its own (the
            # frozen card keeps the one it made, so the next card made from it carries it on)
            object.__setattr__(self, "live", _LiveReferee(self.template))
            assert self.live is not None
            referee = self.live.fed_with(self.edges, reveal)
            assert referee is not None
        return referee

    def window_over(self, now_ns: int, verdict: Verdict) -> bool:
        """The claim window is over: time is up, or (R-R6) every pawn is on a tile. With
        nobody named yet, a tile claimed per player means every pawn has landed: one
        pawn per tile, no dislodging."""
        if self.reveal_ns is None:
            return False
        if now_ns - self.reveal_ns >= self.window_ms * NS_PER_MS:
            return True
        return self.decided_by_pads and len(verdict.claims) >= len(self.players)

    def tag_guesses(self, known: Mapping[str, str]) -> dict[Press, str]:
        """Whose pawn each press since the reveal put down, as the RFID reader on its tile
        saw it (the last read before the next press there), for tags already matched to a
        colour: (pad, press stamp) -> colour. The players confirm or correct it (R-R5)."""
        guesses: dict[Press, str] = {}
        for press, tags in self._reads_per_press().items():
            if tags and known.get(tags[-1]) in self.players:
                guesses[press] = known[tags[-1]]
        return guesses

    def learned_tags(self, who: Mapping[Press, str]) -> dict[str, str]:
        """Tag -> colour for presses the players named (``who``) while a reader saw one tag
        on that tile, so the next card can prefill who is where."""
        return {tags[0]: who[press] for press, tags in self._reads_per_press().items()
                if press in who and len(set(tags)) == 1}

    def _reads_per_press(self) -> dict[Press, list[str]]:
        """The tags read on each press's tile since the reveal, from that press until the
        next one there (a read a moment before the first press belongs to it)."""
        reads: dict[Press, list[str]] = {}
        presses = self.presses()
        for pad, tag, t_ns in sorted(self.tags, key=lambda read: read[2]):
            on_pad = [p.t_ns for p in presses if p.pad == pad]
            if not on_pad or t_ns < (self.reveal_ns or 0):
                continue
            earlier = [t for t in on_pad if t <= t_ns]
            reads.setdefault((pad, earlier[-1] if earlier else on_pad[0]), []).append(tag)
        return reads


def last_one_left(presses: Iterable[Press], who: Mapping[Press, str], players: Iterable[str]) -> dict[Press, str]:
    """The press whose owner is obvious: when there are as many presses as players (each
    put one pawn down and none moved) and all but one are named, the last one is the one
    player not named yet. Only a guess shown for the table to check (R-R5): {} otherwise."""
    presses, players = list(presses), list(players)
    unnamed = [press for press in presses if press not in who]
    named_players = {who[press] for press in presses if press in who}
    free = [player for player in players if player not in named_players]
    if len(presses) == len(players) and len(unnamed) == 1 and len(free) == 1:
        return {unnamed[0]: free[0]}
    return {}


@dataclass(frozen=True)
class FinishRow:
    """One claim on the photo-finish strip: its place, its time and the gap to the one
    before it; ``tied_with`` lists the pads it is a dead heat with (R-R8 tie threshold)."""

    place: int
    pad: int
    location: str
    player: str | None
    t_ms: float
    gap_ms: float | None
    tied_with: tuple[int, ...]
    moved_from: int | None = None  # the pad this pawn was lifted from (R-R6)


def photo_finish(verdict: Verdict) -> list[FinishRow]:
    """The claims in time order with the gaps between them, as the judge ordered them;
    a pawn that moved (R-R6) is shown where it stands, with the tile it came from."""
    tied: dict[int, list[int]] = {}
    for a, b in verdict.dead_heats:
        tied.setdefault(a.pad, []).append(b.pad)
        tied.setdefault(b.pad, []).append(a.pad)
    moved = {(m.to_pad, m.t_ms): m.from_pad for m in verdict.moves if m.to_claim}
    rows = []
    for place, claim in enumerate(verdict.claims, start=1):
        before = verdict.claims[place - 2] if place > 1 else None
        rows.append(FinishRow(place, claim.pad, claim.location, claim.player, claim.t_ms,
                              None if before is None else round(claim.t_ms - before.t_ms, 6),
                              tuple(sorted(tied.get(claim.pad, ()))), moved.get((claim.pad, claim.t_ms))))
    return rows


def ms(t_ms: float) -> str:
    """A time as the screen shows it: one decimal, the unit written out."""
    return f"{t_ms:.1f} ms"


def ordinal(place: int) -> str:
    """A claim's place in words: 1st, 2nd, 3rd, 4th..."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


def named(text: str, names: Mapping[str, str]) -> str:
    """A judge's note with each colour followed by its player's name ("red" -> "Ann (red)"),
    so a call reads in the table's words while the colour stays the identity."""
    def swap(match: re.Match[str]) -> str:
        colour = match.group(0)
        name = names.get(colour, colour)
        return colour if name == colour else f"{name} ({colour})"
    return re.sub(r"\b(" + "|".join(COLOURS) + r")\b", swap, text)


def card_title(card: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """The card's face in words, large on the screen."""
    kind = card["type"]
    if kind == "character":
        return card["character"].upper()
    if kind == "two_characters":
        return " + ".join(c.upper() for c in card["characters"])
    if kind == "healing":
        return f"HEALING: {card['location'].upper()}"
    who = names.get(card["player"], card["player"])
    if kind == "armed":
        return f"{who.upper()} ARMED ({card['hand']} hand)"
    return f"{who.upper()} DISARMED"


def card_hint(card: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """What the card asks of the table (R-R6 to R-R10), in one line under the title."""
    kind = card["type"]
    if kind == "character":
        return f"Any tile but a {FORBIDDEN_BY[card['character']].capitalize()}"
    if kind == "two_characters":
        (free,) = set(LOCATIONS) - {FORBIDDEN_BY[c] for c in card["characters"]}
        return f"Only a {free.capitalize()} counts"
    if kind == "healing":
        return f"First on a {card['location'].capitalize()} returns a bullet"
    who = names.get(card["player"], card["player"])
    if kind == "armed":
        return f"{who} catches pawns; everyone else grabs their own first ({card['hand']} hand)"
    return "Hands up! Touch no pawn"


def outcomes(bullets: Mapping[str, int], healed: Iterable[str], totals: Mapping[str, int],
             names: Mapping[str, str]) -> list[str]:
    """What a card does to the standing (a verdict's ``bullets``, ``healed`` and ``totals``,
    live or from a past call's JSON), shortest first to read: one line per bullet taken or
    returned, with the new total, then everyone it leaves alone on one line."""
    lines, untouched = [], []
    healed = set(healed)
    for player, total in totals.items():
        name = names.get(player, player)
        if bullets[player]:
            lines.append(f"{name} takes a bullet ({total} in all)")
        elif player in healed:
            lines.append(f"{name} returns a bullet ({total} in all)")
        else:
            untouched.append(name)
    if untouched:
        lines.append(f"No bullet: {', '.join(untouched)}" if lines else "Nobody takes a bullet.")
    return lines


def call_summary(card: Mapping[str, Any], verdict: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """A past call in one line for the list of cards played (its card and verdict JSON)."""
    hit = [names.get(p, p) for p, b in verdict["bullets"].items() if b]
    healed = [names.get(p, p) for p in verdict["healed"]]
    parts = [f"bullet: {', '.join(hit)}" if hit else "no bullets"]
    if healed:
        parts.append(f"healed: {', '.join(healed)}")
    return f"{card_title(card, names)} - {'; '.join(parts)}"
