"""A Rapid City table for the referee screen's model: a game, its flow and a clock, driven as
the screen drives it (taps, pad edges, the reveal, the window's end), at engine speed.

(A plain module, not a conftest: pytest puts this folder on sys.path.)"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.rapidcity.deck import shuffled_deck
from companion.rapidcity.engine import ENGINE, RapidCityState
from companion.rapidcity.flow import RefereeFlow
from companion.rapidcity.shown import Shown, shown

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
    """The flow of one game, with the app's clock in ``now`` (ns) and the game's saved
    states in ``saved`` (for the game's own Undo)."""

    def __init__(self, state: RapidCityState, **flow: Any) -> None:
        self.flow = RefereeFlow(state, **flow)
        self.now = T0
        self.saved = [state]

    @property
    def stage(self) -> str:
        return self.flow.stage

    def shown(self) -> Shown:
        return shown(self.flow, self.now)

    def later(self, ms: float) -> int:
        self.now += round(ms * MS)
        return self.now

    def ready(self) -> str:
        return self.flow.ready(self.now, [])

    def reveal(self) -> None:
        """Ready, the wait, and the card shown a second later."""
        assert self.ready() == ""
        assert self.flow.reveal(self.later(1000))

    def press(self, pad: int, after_ms: float = 100) -> tuple[int, int]:
        """A pad pressed ``after_ms`` from now; its press as the table names it."""
        at = self.later(after_ms)
        self.flow.pad_edge(Edge(pad, True, at))
        return (pad, at)

    def release(self, pad: int, after_ms: float = 50) -> None:
        self.flow.pad_edge(Edge(pad, False, self.later(after_ms)))

    def end_race(self) -> None:
        """The window's end as the screen meets it: noticed, then closed after the frame."""
        if self.flow.window_over(self.now):
            self.flow.end_window(self.now)
        self.flow.close(self.now)

    def confirm(self) -> RapidCityState:
        action = self.flow.confirm()
        assert action is not None, self.stage
        state = ENGINE.apply(self.flow.state, action)
        self.saved.append(state)
        self.flow.set_state(state)
        return state

    def undo_game(self) -> None:
        self.saved.pop()
        self.flow.set_state(self.saved[-1])

    def presses(self) -> list[tuple[int, int]]:
        """The presses on show to name, from the top."""
        value = self.shown()
        rows = value.finish.rows if value.finish is not None else value.touches.rows
        return [row.press for row in rows if row.press is not None]
