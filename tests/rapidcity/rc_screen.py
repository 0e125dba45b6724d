"""A Rapid City table for the referee screen's model: a game, its model, a store and a clock,
driven as the screen drives it (taps, pad edges, the reveal, the window's end), at engine
speed. The store is an in-memory session (tests/screenplay.py's ``Table``): each step's save
made in it and read back by the model (``companion.contracts.screen.taken``), as ui/gamebase/modelscreen.py does.

(A plain module, not a conftest: pytest puts this folder on sys.path.)"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.rapidcity.deck import shuffled_deck
from companion.rapidcity.engine import ENGINE, RapidCityState
from companion.rapidcity.flow import RefereeModel, referee_model
from companion.rapidcity.shown import Shown, shown
from companion.rapidcity.taps import Confirm, Ready, Tap
from companion.contracts.screen import Step, taken
from tests.screenplay import Table as Session

MS = 1_000_000
T0 = 5_000_000_000_000  # an app clock reading far from zero, as on a running Pi
PLAYERS = ("red", "blue", "green")


@dataclass(frozen=True)
class Edge:
    """A debounced pad edge, as a backend gives it (hardware.events.PadEvent)."""

    pad: int
    pressed: bool
    t_ns: int
    settled: bool = False


def seed_for(*kinds: type, players: tuple[str, ...] = PLAYERS) -> int:
    """A seed whose pile starts with cards of these kinds, in this order."""
    return next(s for s in range(2000) if all(isinstance(c, k) for c, k in zip(shuffled_deck(players, s), kinds)))


def game(*kinds: type, players: tuple[str, ...] = PLAYERS, **settings: Any) -> RapidCityState:
    seed = seed_for(*kinds, players=players) if kinds else 1
    return ENGINE.initial_state({"players": list(players), "seed": seed, **settings})


class Table:
    """The model of one game, with the app's clock in ``now`` (ns) and the game's saved
    states in ``saved`` (``undone``: those the game's Undo took back, for its Redo)."""

    def __init__(self, state: RapidCityState, **fields: Any) -> None:
        self.store = Session(ENGINE, state=state)
        self.model = referee_model(state, **fields, seq=self.store.seq)
        self.now = T0

    @property
    def saved(self) -> list[RapidCityState]:
        """The game's states in effect, the first one's first."""
        return self.store.states

    @property
    def applied(self) -> int:
        """The actions the store applied."""
        return self.store.events.count("do") + self.store.events.count("redo")

    @property
    def stage(self) -> str:
        return self.model.stage()

    @property
    def state(self) -> RapidCityState:
        return self.model.state

    def shown(self) -> Shown:
        return shown(self.model, self.now)

    def later(self, ms: float) -> int:
        self.now += round(ms * MS)
        return self.now

    def take(self, tap: Tap) -> str:
        """A typed tap; what it said (a refusal's words, else "")."""
        return self.saving(self.model.take(tap)).message

    def tap(self, key: str, *args: Any) -> Step[RefereeModel]:
        """A key as the screen's buttons send it (undo, redo and Got it too)."""
        step = self.model.tap(key, *args)
        self.saving(step)
        return step

    def saving(self, step: Step[RefereeModel]) -> RefereeModel:
        """The step's save made in the store, and the model reading back what it holds."""
        self.model = taken(self.model, step, self.store).model
        return self.model

    def ready(self) -> str:
        return self.take(Ready(self.now))

    def revealed(self, t_ns: int) -> bool:
        """The card shown at ``t_ns``; True if one was waiting for it."""
        before, self.model = self.model, self.model.revealed(t_ns)
        return self.model is not before

    def reveal(self) -> None:
        """Ready, the wait, and the card shown a second later."""
        assert self.ready() == ""
        assert self.revealed(self.later(1000))

    def closed(self, t_ns: int) -> None:
        """The race over at ``t_ns`` (Touches, or the screen's frame after the window closed)."""
        self.model = self.model.close(t_ns)

    def edge(self, edge: Edge) -> bool:
        """An edge from the pads; True if the card in play kept it."""
        before, self.model = self.model, self.model.edge(edge)
        return self.model is not before

    def press(self, pad: int, after_ms: float = 100) -> tuple[int, int]:
        """A pad pressed ``after_ms`` from now; its press as the table names it."""
        at = self.later(after_ms)
        self.edge(Edge(pad, True, at))
        return (pad, at)

    def release(self, pad: int, after_ms: float = 50) -> None:
        self.edge(Edge(pad, False, self.later(after_ms)))

    def tag(self, pad: int, tag: str, t_ns: int) -> None:
        self.model = self.model.tag(pad, tag, t_ns)

    def time(self) -> bool:
        """The screen's clock read now: True if the race ended then."""
        before, self.model = self.model, self.model.at(self.now)
        return self.model is not before

    def end_race(self) -> None:
        """The window's end as the screen meets it: noticed, then closed after the frame."""
        self.time()
        self.closed(self.now)

    def confirm(self) -> RapidCityState:
        assert self.model.may(Confirm), self.stage
        step = self.model.take(Confirm())
        assert step.save is not None and step.save.kind == "do"
        self.saving(step)
        return self.state

    def undo(self) -> str:
        """The GameBar's Undo while a card is in play: what it said."""
        step = self.tap("undo")
        assert step.save is None
        return step.model.message

    def undo_game(self) -> None:
        """The GameBar's Undo with no card in play: the game's."""
        step = self.tap("undo")
        assert step.save is not None and step.save.kind == "undo"

    def presses(self) -> list[tuple[int, int]]:
        """The presses on show to name, from the top."""
        value = self.shown()
        rows = value.finish.rows if value.finish is not None else value.touches.rows
        return [row.press for row in rows if row.press is not None]
