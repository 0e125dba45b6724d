"""What the referee screen shows, as immutable values made from its model (issue 28).

Each part of the screen has its value: the tiles round the table, the bullets, and one
per step's panel. The screen binds its widgets to these and decides nothing; a value
equal to the last one changes nothing on screen. Every sentence the table reads about a
card is made here, so the words and the verdict come from one place and cannot disagree:
a pad press is called a moved pawn only where the judge counts it as one (R-R10), the
table is asked whose pawn was moved only on a card where that counts, and what a call
gives is the judge's own (:func:`companion.rapidcity.view.outcomes`).

:func:`shown` gives the whole screen (for tests, and to see a step whole); the screen
asks for a part when it changes (an edge needs only the tiles and the race's panel).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rapidcity.flow import RefereeModel
from companion.rapidcity.taps import RemoveLast, Stage
from companion.rapidcity.judge import judge
from companion.rapidcity.model import ArmedCard, DisarmedCard
from companion.rapidcity.roundfile import parse_round
from companion.rapidcity.view import (
    FinishRow,
    PadEdge,
    Press,
    call_summary,
    card_hint,
    card_title,
    ms,
    named,
    ordinal,
    outcomes,
    photo_finish,
)

FALSE_STARTS = " Name who made each false start, or nobody takes its bullet (R-R13)."
Mark = tuple[str, float, str, bool]
"""A claim on the photo-finish strip: its place, time (ms), tile and whether it is a dead heat."""


@dataclass(frozen=True)
class TileShown:
    """A tile round the table: its name, its claim in two short lines (its place and time,
    "1st 431.2 ms", or on a Disarmed card the time a pawn was moved), then who is on it or
    whose pawn it was (``unnamed`` until the table says); ``racing`` keeps room for a claim
    from Ready on. Two lines at most while unnamed, so six claimed tiles keep their places."""

    pad: int
    name: str
    claim: str = ""
    claimant: str = ""
    claimant_name: str = ""
    racing: bool = False
    unnamed: str = "who?"


@dataclass(frozen=True)
class Badge:
    colour: str
    name: str
    bullets: int


@dataclass(frozen=True)
class ChipShown:
    """A player's chip: their colour and name, and whether it is chosen."""

    colour: str
    name: str
    down: bool = False


@dataclass(frozen=True)
class PressRow:
    """A press to name (``press``), with a chip per player; or, with no press, a note."""

    text: str
    press: Press | None = None
    chips: tuple[ChipShown, ...] = ()


@dataclass(frozen=True)
class ReadyShown:
    cards_left: str
    status: str


@dataclass(frozen=True)
class WindowShown:
    """The card in play: its face, what it asks, the newest claim in words (``claims``
    counts them: a new one is heard), the step's line, and whether Touches ends the race."""

    title: str
    hint: str
    claim_said: str
    claims: int
    status: str
    touches_button: bool


@dataclass(frozen=True)
class FinishShown:
    """The photo finish and who is on each tile; ``next``: the press to name next."""

    marks: tuple[Mark, ...]
    rows: tuple[PressRow, ...]
    status: str
    next: Press | None


@dataclass(frozen=True)
class TouchesShown:
    """A cowboy card's touches: the half being asked (``asking``: "by" or "pawn") and its
    chips, the hands (Ultimate mode), presses to name on a Disarmed card, the touches told."""

    prompt: str
    prompts: tuple[str, ...]  # every prompt this card's touches may show: the room kept for the tallest
    asking: str
    chips: tuple[ChipShown, ...]
    hands: bool
    hand: str
    rows: tuple[PressRow, ...]
    told: str
    can_remove: bool
    can_verdict: bool  # no touch half entered, and on a Disarmed card every moved pawn named (R-R10)
    status: str


@dataclass(frozen=True)
class VerdictShown:
    title: str
    outcomes: str
    notes: tuple[str, ...]
    status: str


@dataclass(frozen=True)
class EndShown:
    status: str
    standing: str


@dataclass(frozen=True)
class CallRow:
    number: int
    text: str


@dataclass(frozen=True)
class CallShown:
    """A past call again: its title, photo finish (strip and lines) and the judge's words."""

    number: int
    title: str
    marks: tuple[Mark, ...]
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Shown:
    """The whole screen at one moment; ``taps``: the taps that do something now."""

    stage: Stage
    centre: str
    tiles: tuple[TileShown, ...]
    badges: tuple[Badge, ...]
    ready: ReadyShown
    waiting: str
    window: WindowShown | None
    finish: FinishShown | None
    touches: TouchesShown | None
    verdict: VerdictShown | None
    end: EndShown | None
    calls: tuple[CallRow, ...]
    call: CallShown | None
    taps: frozenset[str]


def shown(model: RefereeModel, now_ns: int) -> Shown:
    """Everything the screen shows now (``now_ns`` for the race's countdown)."""
    stage, card = model.stage(), model.card
    revealed = card if card is not None and card.reveal_ns is not None else None
    return Shown(
        stage=stage, centre=centre(model), tiles=tiles(model), badges=badges(model), ready=ready(model),
        waiting=waiting(model),
        window=window(model, now_ns) if revealed else None,
        finish=finish(model) if revealed and revealed.closed_ns is not None and revealed.decided_by_pads else None,
        touches=touches(model) if revealed and revealed.closed_ns is not None and not revealed.decided_by_pads else None,
        verdict=verdict(model) if revealed and revealed.closed_ns is not None else None,
        end=end(model) if model.state.game_over else None,
        calls=calls(model), call=call(model) if model.history else None,
        taps=frozenset(model.offered()),
    )


def centre(model: RefereeModel) -> str:
    """The words in the middle of the table: the card, the wait, the next card, the end."""
    state, card = model.state, model.card
    if card is not None:
        return card_title(card.template["card"], model.names) if card.reveal_ns is not None else "..."
    if state.game_over:
        return "GAME OVER"
    return f"Card {state.position + 1}\nof {len(state.deck)}"


def tiles(model: RefereeModel) -> tuple[TileShown, ...]:
    """Each tile with its claim as the judge orders them, with its time and who is on it;
    on a Disarmed card, each tile a pawn was moved on (R-R10); on an Armed card, none."""
    card, names = model.card, model.names
    claims: dict[int, tuple[str, str]] = {}
    unnamed = "who?"
    if card is not None and card.reveal_ns is not None:
        if isinstance(card.card, DisarmedCard):
            # ruling: R-R10 - a press during a Disarmed card moved the pawn on that tile
            unnamed = "pawn moved"
            claims = {press.pad: (ms(press.t_ms), press.player or "") for press in model.preview().touch_presses}
        elif card.decided_by_pads:
            claims = {row.pad: (f"{ordinal(row.place)} {ms(row.t_ms)}", row.player or "")
                      for row in photo_finish(model.preview())}
    out = []
    for tile in model.state.tiles:
        claim, who = claims.get(tile.pad, ("", ""))
        out.append(TileShown(tile.pad, model.tile_names[tile.pad], claim, who, names.get(who, ""), card is not None,
                             unnamed))
    return tuple(out)


def badges(model: RefereeModel) -> tuple[Badge, ...]:
    state = model.state
    return tuple(Badge(p, state.name_of(p), state.bullets_of(p)) for p in state.players)


def ready(model: RefereeModel) -> ReadyShown:
    state = model.state
    return ReadyShown(f"{len(state.deck) - state.position} cards left", model.stopped or (
        "Every pawn back in front of its player, hands at your sides (R-R3). "
        "Then tap Ready: the card comes after a short random wait."))


def waiting(model: RefereeModel) -> str:
    """The wait's line: a press before the card is a false start, never a claim (R-R4)."""
    if model.card is not None and model.card.false_starts():
        return "False start! Hands off the pads until the card shows (R-R4)."
    return "Wait for it..."


def window(model: RefereeModel, now_ns: int) -> WindowShown:
    """The race: the claims so far and the seconds left, in whole seconds. What a pad
    press means is said as the judge counts it: a claim on a pad card, a moved pawn on a
    Disarmed card (R-R10), nothing on an Armed card (R-R9)."""
    card, names = model.live, model.names
    verdict = model.preview()
    left = round(max(0.0, card.window_ms / 1000 - (now_ns - card.revealed_ns) / 1e9))
    said, count = "", 0
    if isinstance(card.card, DisarmedCard):
        count = len(verdict.touch_presses)
        if verdict.touch_presses:
            # ruling: R-R10 - a press during a Disarmed card is a touch, said the moment it happens
            press = verdict.touch_presses[-1]
            said = f"{model.tile_names[press.pad]} pressed at {ms(press.t_ms)}: a pawn was moved!"
            status = f"Its owner takes a bullet unless you name who moved it (R-R10). {left} s left, or tap Touches when done."
        else:
            status = (f"A pad pressed is a pawn moved, and costs its owner a bullet (R-R10). "
                      f"{left} s left, or tap Touches when done.")
    elif isinstance(card.card, ArmedCard):
        status = (f"Pads do not count on this card: who touches each pawn first decides (R-R9). "
                  f"{left} s left, or tap Touches when done.")
    else:
        finish_rows = photo_finish(verdict)
        count = len(finish_rows)
        if finish_rows:
            newest = max(finish_rows, key=lambda row: row.t_ms)
            said = f"{model.tile_names[newest.pad]}: {ordinal(newest.place)} at {ms(newest.t_ms)}"
        status = f"{count} of {len(card.players)} tiles claimed - {left} s left"
    return WindowShown(card_title(card.template["card"], names), card_hint(card.template["card"], names), said,
                       count, status, not card.decided_by_pads)


def player_chips(model: RefereeModel, chosen: str | None = None) -> tuple[ChipShown, ...]:
    """A chip per player in seat order, ``chosen``'s down."""
    names = model.names
    return tuple(ChipShown(p, names[p], p == chosen) for p in model.state.players)


def _at(model: RefereeModel, edge: PadEdge) -> str:
    return ms((edge.t_ns - model.live.revealed_ns) / 1e6)


def _pads_finish(model: RefereeModel) -> list[FinishRow]:
    """The photo finish as the pads saw it, whoever is named: a row's words and the strip
    never change with a name. Named twice, a player moved (R-R6) and the call's claims
    change, which the step's line says (:func:`_naming_status`); in the rows, a first press
    that lost its claim and its dead heat line pushed every row under it under the finger."""
    return photo_finish(model.live.verdict())


def _press_rows(model: RefereeModel) -> tuple[PressRow, ...]:
    """One row per press to name (claims by their place; on a Disarmed card, moved pawns),
    a note for presses left unlisted, then the false starts that cost a bullet."""
    card, who = model.live, model.who()
    claims = {(r.pad, round(r.t_ms * 1e6)): r for r in _pads_finish(model)}
    rows: list[PressRow] = []
    notes_at = 0
    for edge, false_start in model.listed_presses():
        press = (edge.pad, edge.t_ns)
        tile, at = model.tile_names[edge.pad], _at(model, edge)
        if false_start:
            text = f"False start: {tile}, {at}"
        elif not card.decided_by_pads:
            # the same words once named (the chip chosen says whose): a long name would push the rows under it
            text = f"Pawn moved on {tile}, {at}: whose? (R-R10)"
        else:
            text = _claim_words(model, tile, at, claims.get((edge.pad, edge.t_ns - card.revealed_ns)))
        if not false_start:
            notes_at = len(rows) + 1
        rows.append(PressRow(text, press, player_chips(model, who.get(press))))
    left_out = card.presses_to_name()[1]
    if left_out:  # under the claims, above the false starts
        rows.insert(notes_at, PressRow(f"{left_out} more presses on the same tiles are not listed "
                                       "(a chattering pad?): nobody is named on them."))
    return tuple(rows)


def _claim_words(model: RefereeModel, tile: str, at: str, claim: FinishRow | None) -> str:
    """A press in words, as the pads saw it (:func:`_pads_finish`): its place, tile, time and
    gap to the claim before (with a dead heat under it), or a later press on a claimed tile.
    Where a moved pawn came from is said in the step's line, not here."""
    if claim is None:
        return f"Then: {tile}, {at}"
    words = f"{ordinal(claim.place)}: {tile}, {at}" + ("" if claim.gap_ms is None else f"  +{ms(claim.gap_ms)}")
    if claim.tied_with:
        words += "\nDEAD HEAT with " + ", ".join(model.tile_names[p] for p in claim.tied_with)
    return words


def finish(model: RefereeModel) -> FinishShown:
    """The photo finish (R-R4 order and gaps, dead heats in words) with one row per press,
    the step's line, and the press to name next (or the one filled in, to check)."""
    rows = _press_rows(model)
    marks = tuple((ordinal(r.place), r.t_ms, model.tile_names[r.pad], bool(r.tied_with)) for r in _pads_finish(model))
    if not rows:
        return FinishShown(marks, (PressRow("Nobody claimed a tile."),), "Nobody claimed a tile: tap Verdict.", None)
    who, guess = model.who(), model.guess()
    unnamed = [row.press for row in rows if row.press is not None and (row.press not in who or row.press in guess)]
    return FinishShown(marks, rows, _naming_status(model, who, guess), unnamed[0] if unnamed else None)


def _naming_status(model: RefereeModel, who: dict[Press, str], guess: dict[Press, str]) -> str:
    """How many presses are named, the one filled in as the last one left (R-R5), the
    pawns moved (R-R6), and the false starts still to name (R-R13)."""
    names, listed = model.names, model.listed_presses()
    presses = [(edge.pad, edge.t_ns) for edge, false_start in listed if not false_start]
    named_count = sum(1 for press in presses if press in who)
    status = f"{named_count} of {len(presses)} presses named" + (
        "." if named_count == len(presses) else ": a press nobody names goes to nobody (R-R5).")
    status += "".join(f" {names[player]} is the only one left, so is on {model.tile_names[press[0]]}: "
                      "tap another name if not." for press, player in guess.items())
    moves = model.preview().moves
    if moves:
        status += " " + "; ".join(f"{names[m.player]} moved from {model.tile_names[m.from_pad]} to "
                                  f"{model.tile_names[m.to_pad]}" for m in moves) + " (R-R6)."
    return status + (FALSE_STARTS if len(presses) < len(listed) else "")


def touches(model: RefereeModel) -> TouchesShown:
    """Who touched which pawn, one half at a time so six names fit at reading size."""
    card, entries, names = model.live, model.entries, model.names
    if isinstance(card.card, ArmedCard):
        status = f"{names[card.card.player]} attacked: enter each touch in the order it happened (R-R9)."
    else:
        status = "Enter each touch: who touched, then whose pawn (R-R10)."
    waits = model.verdict_waits_for()
    status += f" {waits}" if waits else " Nobody touched: tap Verdict."
    listed = model.listed_presses()
    if listed and all(false_start for _, false_start in listed):
        status += FALSE_STARTS
    told = [f"{i}. {names[t.by]} touched {names[t.pawn]}'s pawn" + (f" ({t.hand} hand)" if t.hand else "")
            for i, t in enumerate(entries.touches, start=1)]
    asking = "by" if entries.by is None else "pawn"
    prompts = ("Who touched?",) + tuple(f"Whose pawn did {names[p]} touch?" for p in model.state.players)
    prompt = prompts[0] if entries.by is None else prompts[1 + model.state.players.index(entries.by)]
    return TouchesShown(prompt, prompts, asking, player_chips(model), model.state.settings.ultimate, entries.hand, _press_rows(model),
                        "\n".join(told) or "No touches entered.", model.may(RemoveLast), not waits, status)


def verdict(model: RefereeModel) -> VerdictShown:
    """The judge's call on the card as entered: what it gives, and every reason."""
    call, names = model.preview(), model.names
    end = "  This ends the game." if call.game_over else ""
    return VerdictShown(card_title(model.live.template["card"], names),
                        "\n".join(outcomes(call.bullets, call.healed, call.totals, names)),
                        tuple(named(note, names) for note in call.notes), f"Check the call, then Confirm.{end}")


def end(model: RefereeModel) -> EndShown:
    state = model.state
    winners = [state.name_of(p) for p in state.winners]
    fewest = state.bullets_of(state.winners[0])
    return EndShown(f"{' and '.join(winners)} {'win together' if len(winners) > 1 else 'wins'} "
                    f"with {fewest} bullet{'s' if fewest != 1 else ''}.",
                    "\n".join(f"{state.name_of(p)}: {state.bullets_of(p)} bullets" for p in state.players))


def calls(model: RefereeModel) -> tuple[CallRow, ...]:
    """Every call played, in one line each."""
    names = model.names
    return tuple(CallRow(n, f"{n}. {call_summary(p.round['card'], p.verdict, names)}")
                 for n, p in enumerate(model.state.played, start=1))


def call(model: RefereeModel) -> CallShown:
    """A past call again: the card, its photo finish (judged again from its round file by
    the one judge, as `referee replay` does), what it gave, and every reason."""
    number, names = model.history, model.names
    if not number:  # asked only while a call is open (0 is their list)
        raise RuntimeError("no past call open")
    played = model.state.played[number - 1]
    verdict = played.verdict
    finish_rows = photo_finish(judge(parse_round(played.round)))
    tile = {r.pad: model.tile_names.get(r.pad, r.location.capitalize()) for r in finish_rows}
    lines = [f"{ordinal(r.place)} {ms(r.t_ms)}: {tile[r.pad]}, "
             f"{names.get(r.player, r.player) if r.player else 'nobody named'}"
             + ("" if r.moved_from is None else f", moved here from {model.tile_names[r.moved_from]} (R-R6)")
             for r in finish_rows]
    lines += outcomes(verdict["bullets"], verdict["healed"], verdict["totals"], names)
    lines += [named(note, names) for note in verdict["notes"]]
    return CallShown(number, f"[b]Card {number}: {card_title(played.round['card'], names)}[/b]",
                     tuple((ordinal(r.place), r.t_ms, tile[r.pad], bool(r.tied_with)) for r in finish_rows),
                     tuple(lines))

