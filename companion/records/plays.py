"""The plays table: one row per finished game and player, as a person opening the CSV wants it.

`companion export --format csv --plays` writes what score-keeping apps (BG Stats and the
like) log of a play: when, which game, how long, and for each player the score, the place
and whether they won. It is read from each game's stored result and seats, as the player
pages are (:mod:`companion.records.career`), so no game is replayed. Every text cell goes
through :func:`companion.records.csvcells.cell`; numbers stay numbers.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Mapping, Sequence

from companion.games import GAMES
from companion.intake.names import clean
from companion.records.career import seat_outcome

COLUMNS = ("date", "game", "duration", "player", "score", "place", "won")


def rows(kind: str, started: str, finished: str | None, result: Mapping[str, Any] | None,
         seats: Sequence[Mapping[str, Any]]) -> list[tuple[Any, ...]]:
    """The rows of one game (none while it is unfinished): ``seats`` in seat order, each
    ``{"name": played under, "player": the player's name now or None for a guest}``."""
    if finished is None or not isinstance(result, Mapping):
        return []
    begun, ended = datetime.fromisoformat(started), datetime.fromisoformat(finished)
    date = begun.astimezone().strftime("%Y-%m-%d %H:%M")  # the table's own clock
    minutes = max(0, round((ended - begun).total_seconds() / 60))
    figures = result.get(GAMES[kind].figure)
    figures = figures if isinstance(figures, Mapping) else {}
    outcomes = [(seat, seat_outcome(kind, result, seat["name"])[0], _number(figures.get(seat["name"])))
                for seat in seats]
    better = _better(outcomes)
    return [(date, GAMES[kind].title, minutes, clean(seat["player"] or seat["name"]),
             "" if score is None else score, _place(won, score, outcomes, better), "yes" if won else "no")
            for seat, won, score in outcomes]


def _number(value: Any) -> int | float | None:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _better(outcomes: list[tuple[Any, bool, Any]]) -> int:
    """+1 when a higher figure is better (points, renown), -1 when lower is (Rapid City's
    bullets: the fewest win), read from who won rather than known per game."""
    winners = [score for _seat, won, score in outcomes if won and score is not None]
    others = [score for _seat, won, score in outcomes if not won and score is not None]
    return -1 if winners and others and max(others) > max(winners) else 1


def _place(won: bool, score: Any, outcomes: list[tuple[Any, bool, Any]], better: int) -> int | str:
    """1 for a winner; else one more than the seats ahead (winners, and anyone with a
    better figure): a tie broken against a player puts them behind."""
    if won:
        return 1
    if score is None:
        return ""
    ahead = sum(1 for _seat, other_won, other in outcomes
                if other_won or (other is not None and (other - score) * better > 0))
    return 1 + ahead
