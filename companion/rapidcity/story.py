"""Rapid City actions in words, for the game's log ("Card 4, SHERIFF: Ann (red) first on the
Saloon at 412.0 ms, Bob (blue) on the Tipi at 498.3 ms; Cid takes a bullet (2 in all)").

A played card is told from the call the engine kept for it (its round file and the judge's
verdict, :class:`companion.rapidcity.engine.PlayedCard`), in the words the referee screen
uses for past calls (:mod:`companion.rapidcity.view`); the whole call, reasons and photo
finish included, can be replayed on the referee screen from the History log.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.intake.errors import InputError
from companion.rapidcity.engine import RapidCityState
from companion.rapidcity.roundfile import parse_round, round_to_json
from companion.rapidcity.view import card_title, ms, outcomes
from companion.contracts.telling import Teller, listed

A = Mapping[str, Any]


def names(state: RapidCityState) -> dict[str, str]:
    """colour -> the name the table gave it."""
    return dict(zip(state.players, state.names))


def _who(colour: str | None, table: Mapping[str, str]) -> str:
    if colour is None:
        return "someone not named"
    name = table.get(colour, colour)
    return colour if name == colour else f"{name} ({colour})"


def claims(verdict: Mapping[str, Any], table: Mapping[str, str]) -> str:
    """The tiles claimed, in time order: who, which location, when."""
    told = [f"{_who(c['player'], table)} on the {c['location'].capitalize()} at {ms(c['t_ms'])}"
            + (" (dead heat)" if c.get("dead_heat") else "")
            for c in sorted(verdict["claims"], key=lambda c: c["t_ms"])]
    return f"claims: {listed(told)}" if told else ""


def _play(before: RapidCityState, action: A, after: RapidCityState) -> str:
    number = len(after.played)
    call = after.played[-1]
    table = names(before)
    verdict = call.verdict
    parts = [claims(verdict, table),
             "; ".join(outcomes(verdict["bullets"], verdict["healed"], verdict["totals"], table))]
    if after.game_over:
        parts.append(f"game over: {listed(after.name_of(p) for p in after.winners)} "
                     f"{'wins' if len(after.winners) == 1 else 'win'} with the fewest bullets")
    return f"Card {number}, {card_title(call.round['card'], table)}: " + "; ".join(p for p in parts if p)


def call_number(state: RapidCityState, action: A) -> int | None:
    """Which of the calls in effect in ``state`` a logged ``play`` action made (its card's
    number), or None when it was undone since: the referee keeps the calls in effect."""
    try:
        kept = round_to_json(parse_round(action.get("round")))
    except InputError:
        return None
    return next((n for n, played in enumerate(state.played, 1) if played.round == kept), None)


def _rename(before: RapidCityState, action: A, after: RapidCityState) -> str:
    colour = action["player"]
    return f"{before.name_of(colour)} ({colour}) is now called {after.name_of(colour)}"


SENTENCES: dict[str, Teller] = {"play": _play, "rename": _rename}
