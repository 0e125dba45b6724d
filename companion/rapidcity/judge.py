"""The referee: one pure function from a recorded card to its verdict (DESIGN.md principle 4).

The live hardware path, the UI and `companion referee replay` all call :func:`judge`, so a
disputed call replayed from its round file gets exactly the verdict the table saw.

Order is decided by each edge's own time stamp, never by the order the events are listed
in: events are sorted by (time, pad, press before release, player) first, so callbacks
delivered late or out of order cannot change a verdict (principle 3). Times are compared
as whole nanoseconds so that 431.2 - 430.2 is exactly 1 ms and a pair at the tie
threshold is never called a dead heat by a rounding error.

Every decision leaves a note in plain words, because a verdict that cannot explain
itself will not settle an argument at the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from companion.rapidcity.model import (
    LAST_BULLET,
    ArmedCard,
    Card,
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


@dataclass
class _Press:
    """A debounced press while it is being assembled from its edges."""

    pad: int
    t_ms: float
    ns: int
    player: str | None


def judge(rnd: Round) -> Verdict:
    """The verdict for one card: claims, bullets, healing, totals and why."""
    card = rnd.card
    penalties: list[tuple[str, str]] = []  # (player, why) in the order decided
    healed: list[str] = []
    if isinstance(card, (ArmedCard, DisarmedCard)):
        # Pawns are grabbed, not placed: pad presses are kept as evidence but claim nothing.
        claims, heats, close_ns = (), (), _ns(rnd.settings.window_ms)
        presses = sum(edge.edge == "press" for edge in rnd.events)
        notes = [f"pad presses do not count on a {card.label()} card"] if presses else []
        if isinstance(card, ArmedCard):
            _judge_armed(rnd, card, penalties, notes)
        else:
            _judge_disarmed(rnd, card, penalties, notes)
    else:
        timed: list[tuple[int, str]] = []  # notes about edges, told in time order
        claims, close_ns, close_label, false_starts = _claim(rnd, _debounce(rnd, timed), timed)
        notes = [text for _, text in sorted(timed, key=lambda note: note[0])]
        claims, heats = _mark_dead_heats(claims, _ns(rnd.settings.tie_ms), notes)
        if isinstance(card, HealingCard):
            _judge_healing(rnd, card, claims, healed, notes)
        else:
            _judge_character(rnd, card, claims, close_label, penalties, notes)
        if rnd.touches:
            notes.append(f"touches do not count on a {card.label()} card")
        if rnd.settings.false_start_bullet:
            _false_start_penalties(card, false_starts, penalties, notes)
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
        window_closed_ms=close_ns / NS_PER_MS,
    )


def verdict_to_json(verdict: Verdict) -> dict[str, Any]:
    """The verdict as DESIGN.md prints it, plus ``dead_heats`` and ``window_closed_ms``."""
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
    }


def _claim_json(claim: Claim) -> dict[str, Any]:
    obj: dict[str, Any] = {"pad": claim.pad, "location": claim.location, "player": claim.player, "t_ms": claim.t_ms}
    if claim.dead_heat:
        obj["dead_heat"] = True
    return obj


def _edge_order(edge: Edge) -> tuple[int, int, int, str]:
    return (_ns(edge.t_ms), edge.pad, edge.edge != "press", edge.player or "")


def _debounce(rnd: Round, notes: list[tuple[int, str]]) -> list[_Press]:
    """Pad edges to presses: a leading-edge lockout per pad (R-R4, principle 3).

    An edge that is not within ``bounce_ms`` of the last accepted edge on its pad is
    accepted and starts a new lockout; everything inside the lockout is the same press
    (or release) and keeps the first edge's time. A bounce repeat may name the player the
    first edge lacked (an RFID read landing a moment late); it never overrides one.
    """
    # ruling: R-R4 - a press within the bounce window after an edge on the same pad is the same press
    bounce_ns = _ns(rnd.settings.bounce_ms)
    accepted: dict[int, tuple[Edge, int, _Press | None]] = {}
    presses: list[_Press] = []
    for edge in sorted(rnd.events, key=_edge_order):
        ns = _ns(edge.t_ms)
        last = accepted.get(edge.pad)
        if last is not None and ns - last[1] < bounce_ns:
            first, _, press = last
            if edge.edge == "press":
                notes.append((ns, f"pad {edge.pad} press at {_ms(edge.t_ms)} ms: "
                                  f"bounce of the {first.edge} at {_ms(first.t_ms)} ms"))
                if press is not None and edge.player is not None and edge.player != press.player:
                    if press.player is None:
                        press.player = edge.player
                        notes.append((ns, f"pad {edge.pad} press at {_ms(first.t_ms)} ms: "
                                          f"player {edge.player} named by its bounce"))
                    else:
                        notes.append((ns, f"pad {edge.pad} press at {_ms(edge.t_ms)} ms names {edge.player}, "
                                          f"but the press it bounces names {press.player}: kept {press.player}"))
            continue
        press = _Press(edge.pad, edge.t_ms, ns, edge.player) if edge.edge == "press" else None
        if press is not None:
            presses.append(press)
        accepted[edge.pad] = (edge, ns, press)
    return presses


def _claim(rnd: Round, presses: list[_Press], notes: list[tuple[int, str]]) -> tuple[list[Claim], int, str, list[_Press]]:
    """Presses to claims (R-R4, R-R5, R-R6 window); also when the window closed (as a
    stamp and as the note's words) and the false starts."""
    close_ns = _ns(rnd.settings.window_ms)
    close_label = _dur(rnd.settings.window_ms)
    why_closed = "time is up"
    claims: list[Claim] = []
    by_pad: dict[int, Claim] = {}
    by_player: dict[str, Claim] = {}
    false_starts: list[_Press] = []
    for press in presses:
        at = f"pad {press.pad} press at {_ms(press.t_ms)} ms"
        head = at + (f" by {press.player}" if press.player else "")
        location = rnd.location_of(press.pad)
        if press.ns < 0:
            # ruling: R-R4 - a press before the reveal is a false start, never a claim
            false_starts.append(press)
            why = "false start, not a claim"
        elif press.ns > close_ns:
            why = f"after the window closed at {close_label} ms, does not count"
        elif press.pad in by_pad:
            owner = by_pad[press.pad]
            # ruling: R-R4 - no dislodging
            why = f"tile already claimed by {owner.player or 'an unknown player'} at {_ms(owner.t_ms)} ms (no dislodging)"
        elif press.player in by_player:
            mine = by_player[press.player]
            why = f"{press.player} already claimed pad {mine.pad} at {_ms(mine.t_ms)} ms (one pawn each)"
        else:
            claim = Claim(press.pad, location, press.player, press.t_ms)
            claims.append(claim)
            by_pad[press.pad] = claim
            if press.player is None:
                # ruling: R-R5 - the pads decide order and time, never identity
                notes.append((press.ns, f"{at}: claims the {location}, but no player is known: "
                                        "the tile goes to nobody (R-R5)"))
                continue
            by_player[press.player] = claim
            notes.append((press.ns, f"{at}: {press.player} claims the {location}"))
            if len(by_player) == len(rnd.players):
                # ruling: R-R6 - the window closes when every player has claimed
                close_ns, close_label, why_closed = press.ns, _ms(press.t_ms), "every player had claimed"
            continue
        notes.append((press.ns, f"{head}: {why}"))
    if isinstance(rnd.card, (CharacterCard, TwoCharactersCard, HealingCard)):
        notes.append((close_ns, f"the window closed at {close_label} ms: {why_closed}"))
    return claims, close_ns, close_label, false_starts


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


def _judge_healing(rnd: Round, card: HealingCard, claims: list[Claim],
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
            elif rnd.bullets_of(claim.player) == 0:
                notes.append(f"{claim.player} is first {where} but has no bullet to return")
            else:
                healed.append(claim.player)
                before = rnd.bullets_of(claim.player)
                notes.append(f"{claim.player} is first {where}{heat}: returns a bullet ({before} -> {before - 1})")
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


def _judge_armed(rnd: Round, card: ArmedCard, penalties: list[tuple[str, str]], notes: list[str]) -> None:
    # ruling: R-R9 - for each pawn, who touched it first decides
    attacker = card.player
    first: dict[str, Touch] = {}
    for touch in _live_touches(rnd, notes):
        if touch.pawn in first:
            earlier = first[touch.pawn]
            notes.append(f"{touch.by} touched {touch.pawn}'s pawn at {_ms(touch.t_ms)} ms, after {earlier.by} "
                         f"at {_ms(earlier.t_ms)} ms: the first touch decides")
        else:
            first[touch.pawn] = touch
    for pawn in rnd.players:
        touch = first.get(pawn)
        if touch is None:
            notes.append(f"nobody touched {pawn}'s pawn")
            continue
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


def _judge_disarmed(rnd: Round, card: DisarmedCard, penalties: list[tuple[str, str]], notes: list[str]) -> None:
    # ruling: R-R10 - on a disarmed card, touching any pawn costs a bullet
    live = _live_touches(rnd, notes)
    for touch in live:
        whose = "their own" if touch.pawn == touch.by else f"{touch.pawn}'s"
        penalties.append((touch.by, f"touched {whose} pawn at {_ms(touch.t_ms)} ms on a disarmed card"))
    if not live:
        notes.append("nobody touched a pawn")


def _false_start_penalties(card: Card, false_starts: list[_Press],
                           penalties: list[tuple[str, str]], notes: list[str]) -> None:
    # ruling: R-R4 - setting: a false start costs a bullet (never on a Healing card, R-R8)
    for press in false_starts:
        at = f"on pad {press.pad} at {_ms(press.t_ms)} ms"
        if isinstance(card, HealingCard):
            notes.append(f"false start {at}: no bullet on a Healing card (R-R8)")
        elif press.player is None:
            notes.append(f"false start {at}: no player is known, nobody takes its bullet (R-R5)")
        else:
            penalties.append((press.player, f"made a false start {at}"))


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
