"""End of game: the moment a player's Fame reaches the target, the final table (R-S6, R-S7)."""

from __future__ import annotations

from typing import Callable

from companion.contracts.engine import replace
from companion.spurs.state import Player, ScoreRow, SpursState

# ruling: R-S6 - the three Most markers; red and black bullets do not count
MOST: dict[str, Callable[[Player], int]] = {
    "Most Bullets": lambda p: p.bag.grey + p.bag.brown + p.bag.white,
    "Most Wanted Posters": lambda p: p.posters,
    "Most Money": lambda p: p.money,
}


def takes_most(value: int, best: int, rules: int) -> bool:
    """Whether a player holding ``value`` of a Most marker's thing, ``best`` being the most
    anyone holds, takes the marker (ruling: R-S6): tied players all do. Since version 2 of
    the rules a player with none of the thing has no "most", so when everyone has 0 nobody
    takes it; version 1 (2026-11-30) gave it to everyone then."""
    return value == best and (value > 0 or rules < 2)


def final_table(players: tuple[Player, ...], points: int, rules: int) -> tuple[ScoreRow, ...]:
    """Rows best first: score (Fame + Most bonuses), then money (R-S7). Players equal on
    both share a place; the first place's tie is for a duel to break."""
    bonuses = {p.name: tuple(m for m, value in MOST.items()
                             if takes_most(value(p), max(value(q) for q in players), rules)) for p in players}
    ranked = sorted(players, key=lambda p: (-(p.fame + points * len(bonuses[p.name])), -p.money))
    rows: list[ScoreRow] = []
    for p in ranked:
        score = p.fame + points * len(bonuses[p.name])
        same = rows and (rows[-1].score, rows[-1].money) == (score, p.money)
        rows.append(ScoreRow(p.name, p.fame, bonuses[p.name], score, p.money,
                             rows[-1].place if same else len(rows) + 1))
    return tuple(rows)


def settle(state: SpursState) -> SpursState:
    """The state with the game ended if any Fame reached the target (R-S7)."""
    if state.game_over or all(p.fame < state.target for p in state.players):
        return state
    rows = final_table(state.players, state.most_points, state.rules)  # ruling: R-S7
    tied = tuple(r.name for r in rows if r.place == 1)
    outcome = (f"game over: {tied[0]} wins" if len(tied) == 1
               else f"game over: {', '.join(tied)} tie on score and money; a duel decides ('tiebreak')")
    return replace(state, game_over=True, fight=None, final=rows,
                   tied_for_first=tied if len(tied) > 1 else (),
                   winner=tied[0] if len(tied) == 1 else None, last_outcome=outcome)
