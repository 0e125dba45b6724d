"""The 19-hex Mini Board and the cattle herd rule (R-S11).

Hexes are axial coordinates (q, r) of a radius-2 hexagon around the centre (0, 0): the
players tap where the cattle stand and the companion, not the table, judges the herd
and the pay.
"""

from __future__ import annotations

from typing import Iterable

from companion.contracts.engine import RuleError

Hex = tuple[int, int]
RADIUS = 2
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
HEXES: tuple[Hex, ...] = tuple(
    (q, r)
    for q in range(-RADIUS, RADIUS + 1)
    for r in range(-RADIUS, RADIUS + 1)
    if abs(q + r) <= RADIUS
)
PAY_PER_CATTLE = 5
# ruling: R-S11 - the round-up board holds exactly the cattle the rules place: one on
# each X of the Mini Board and three more, which is all six Cattle tokens in the box
CATTLE = 6


def neighbours(cell: Hex) -> tuple[Hex, ...]:
    """The hexes on the board next to ``cell`` (fewer than six on the rim)."""
    q, r = cell
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS if (q + dq, r + dr) in HEXES)


def cattle_positions(cells: Iterable[object]) -> frozenset[Hex]:
    """Tapped positions as hexes, refusing any off the board or tapped twice."""
    seen: set[Hex] = set()
    for cell in cells:
        if not (isinstance(cell, (list, tuple)) and len(cell) == 2 and all(
                isinstance(x, int) and not isinstance(x, bool) for x in cell)):
            raise RuleError("R-S11", f"a cattle position is [q, r] in axial coordinates, got {cell!r}")
        hex_ = (cell[0], cell[1])
        if hex_ not in HEXES:
            raise RuleError("R-S11", f"{list(hex_)} is not on the 19-hex Mini Board")
        if hex_ in seen:
            raise RuleError("R-S11", f"two cattle tokens tapped on {list(hex_)}; one per hex")
        seen.add(hex_)
    return frozenset(seen)


def round_up_board(cells: Iterable[object], rules: int) -> frozenset[Hex]:
    """The cattle where a round-up ended: on the board, one per hex, and (since version 2
    of the rules) all of them; version 1 (2026-11-30) took any number the table tapped."""
    cattle = cattle_positions(cells)
    if rules >= 2 and len(cattle) != CATTLE:  # ruling: R-S11
        raise RuleError("R-S11", f"the round-up board holds {CATTLE} cattle, one per hex "
                                 f"(one on each X and three more); {len(cattle)} tapped")
    return cattle


def groups(cattle: frozenset[Hex]) -> list[frozenset[Hex]]:
    """The connected groups of cattle, largest first."""
    left, found = set(cattle), []
    while left:
        frontier = [left.pop()]
        group = set(frontier)
        while frontier:
            for n in neighbours(frontier.pop()):
                if n in left:
                    left.discard(n)
                    group.add(n)
                    frontier.append(n)
        found.append(frozenset(group))
    return sorted(found, key=len, reverse=True)


def _well_placed(group: frozenset[Hex]) -> frozenset[Hex]:
    """Cattle of the group adjacent to at least two others."""
    return frozenset(c for c in group if sum(n in group for n in neighbours(c)) >= 2)


def is_herd(cattle: frozenset[Hex]) -> bool:
    """All cattle in one group, each adjacent to at least two others."""
    found = groups(cattle)
    return len(found) == 1 and _well_placed(found[0]) == found[0]  # ruling: R-S11


def round_up_pay(cattle: frozenset[Hex]) -> int:
    """$5 per cattle adjacent to two others within the largest group. When two groups
    tie for largest, the one that pays more is taken (the rulebook says only "in one
    group"; the player would choose it)."""
    found = groups(cattle)
    if not found:
        return 0
    largest = [g for g in found if len(g) == len(found[0])]
    return PAY_PER_CATTLE * max(len(_well_placed(g)) for g in largest)  # ruling: R-S11
