"""The referee screen's taps as values, one type for each, and the steps each belongs to.

A tap carries what it needs (a press and a player, the time a touch was told) and nothing
the model has; the taps each step takes form that step's type (:data:`ReadyTap` to
:data:`HistoryTap`), so a tap that belongs to another step is known by its type
(:data:`TAPS`). The screen's buttons send keys (:data:`KEYS`), as every game screen's do
(ui/gamebase/modelscreen.py); :class:`companion.rapidcity.flow.RefereeModel` makes them taps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Union, get_args

from companion.rapidcity.view import Press

Stage = Literal["ready", "waiting", "window", "finish", "touches", "verdict", "end", "history"]


@dataclass(frozen=True)
class Ready:
    """R-R3: every pawn back off the tiles (``pawns_on``: the tiles still pressed), the pads
    reporting; the card comes after a random wait the screen keeps."""

    t_ns: int
    pawns_on: tuple[str, ...] = ()
    reporting: bool = True


@dataclass(frozen=True)
class Back:
    """One step back: the card not yet shown goes back on the pile; from the verdict, back
    to naming the presses or entering the touches."""


@dataclass(frozen=True)
class ToTouches:
    """A cowboy card's race is over when the table says so (at ``t_ns``): on to the touches."""

    t_ns: int


@dataclass(frozen=True)
class Pick:
    """Whose pawn ``press`` put down (R-R5)."""

    press: Press
    player: str


@dataclass(frozen=True)
class By:
    """The first half of a touch: who touched."""

    player: str


@dataclass(frozen=True)
class Pawn:
    """The second half: whose pawn, told at ``t_ns`` (the touches keep the order told)."""

    player: str
    t_ns: int


@dataclass(frozen=True)
class Hand:
    """Ultimate mode (R-R9): the hand the next touch was made with."""

    hand: str


@dataclass(frozen=True)
class RemoveLast:
    """Take back the half-entered touch, or else the last touch entered."""


@dataclass(frozen=True)
class ToVerdict:
    """The call as built, with its reasons, before anything is saved."""


@dataclass(frozen=True)
class Confirm:
    """The card saved with its call."""


@dataclass(frozen=True)
class PastCalls:
    """Every call played (from a call: back to their list)."""


@dataclass(frozen=True)
class Call:
    """One past call again."""

    number: int


@dataclass(frozen=True)
class CloseHistory:
    """Back from the past calls to the card."""


ReadyTap = Union[Ready, PastCalls]
WaitingTap = Back
WindowTap = ToTouches
FinishTap = Union[Pick, ToVerdict]
TouchesTap = Union[Pick, By, Pawn, Hand, RemoveLast, ToVerdict]
VerdictTap = Union[Back, Confirm]
EndTap = PastCalls
HistoryTap = Union[PastCalls, Call, CloseHistory]
Tap = Union[ReadyTap, WaitingTap, WindowTap, FinishTap, TouchesTap, VerdictTap, EndTap, HistoryTap]

#: the type of the taps each step takes
STEP_TAPS: dict[Stage, Any] = {
    "ready": ReadyTap, "waiting": WaitingTap, "window": WindowTap, "finish": FinishTap, "touches": TouchesTap,
    "verdict": VerdictTap, "end": EndTap, "history": HistoryTap}
#: each tap, and the steps it belongs to; anywhere else it changes nothing
TAPS: dict[type[Tap], frozenset[Stage]] = {
    kind: frozenset(stage for stage, taps in STEP_TAPS.items() if kind in (get_args(taps) or (taps,)))
    for kind in get_args(Tap)}
#: each tap's key, as the screen's buttons send it (:meth:`RefereeModel.tap`)
KEYS: dict[str, type[Tap]] = {
    "ready": Ready, "back": Back, "touches": ToTouches, "pick": Pick, "by": By, "pawn": Pawn, "hand": Hand,
    "remove_last": RemoveLast, "verdict": ToVerdict, "confirm": Confirm, "past_calls": PastCalls, "call": Call,
    "close_history": CloseHistory}
