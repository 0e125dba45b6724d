"""Where the Spurs screen is, as values: the page, the form and the draw under way (see
:mod:`companion.spurs.screen`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from companion.spurs import forms
from companion.spurs.forms import Form

DIG = ("gold", "stones")
STEALS = ("none", "money", "gold", "equipment", "token", "stagecoach")


@dataclass(frozen=True)
class Draw:
    """A draw under way: the action it completes (``action``, canonical JSON without its
    draw), the phase (``odds`` before it, ``enter`` the real bag tapped in, ``winner`` a
    duel's draws shown and who won asked), where Cancel goes back to, and what is tapped."""

    action: str
    phase: str
    back: str = "table"
    part: int = 0  # a duel: whose bullets are being tapped (an index into the plan's parts)
    entered: tuple[tuple[str, int], ...] = ()  # this part's taps (and a dig's), by colour
    done: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()  # a duel: each part tapped so far
    seed: int | None = None  # a duel the companion drew, its winner not yet told
    steal: str = "none"  # a duel: what its winner steals
    odds: bool = False  # the draw began on its odds page (Back from the entry goes there)

    @property
    def pending(self) -> dict[str, Any]:
        return json.loads(self.action)

    def count(self, kind: str) -> int:
        return dict(self.entered).get(kind, 0)


@dataclass(frozen=True)
class Flow:
    """Where the table is: the page, the form and the draw under way, the number whose steps
    are open (player, number), the next desperado card of a fight, and the last form of each
    kind (so a routine turn is a few taps)."""

    page: str = "table"
    form: Form | None = None
    draw: Draw | None = None
    steps: tuple[str, str] | None = None
    reveal: Form = field(default_factory=lambda: forms.blank("reveal"))
    kept: tuple[Form, ...] = ()

    @property
    def open_form(self) -> Form:
        """The form on show, for the taps and views of the form page, which only it offers."""
        if self.form is None:
            raise RuntimeError(f"no form on the {self.page} page")
        return self.form

    @property
    def open_draw(self) -> Draw:
        """The draw under way, for the taps and views of the draw page, which only it offers."""
        if self.draw is None:
            raise RuntimeError(f"no draw on the {self.page} page")
        return self.draw

    def kept_form(self, kind: str) -> Form | None:
        return next((f for f in self.kept if f.kind == kind), None)

    def keeping(self, form: Form) -> Flow:
        return replace(self, form=form, kept=tuple(f for f in self.kept if f.kind != form.kind) + (form,))


def whole(values: Mapping[str, int]) -> dict[str, int]:
    """Counts with the zeros left out (what a physical draw's action carries)."""
    return {kind: n for kind, n in values.items() if n}


def result_flow(flow: Flow) -> Flow:
    """The result page, the draw done."""
    return replace(flow, page="result", draw=None)


def table_flow(flow: Flow) -> Flow:
    """The table, no form or draw under way."""
    return replace(flow, page="table", form=None, draw=None)
