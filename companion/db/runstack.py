"""A stack of event numbers kept as runs of consecutive numbers.

A game's undo stack lists the event that did each action in effect. Played without undo,
those are 1, 2, 3, ... n: one run, however long the game. Each undo followed by a new action
starts another run, so the stack costs memory per break in the line of play, not per action,
is written to a snapshot as it is held, and is read back without expanding it.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from typing import Any, Iterator


class RunStack:
    """Push, pop and index a stack of increasing-by-one runs of ints in O(1) / O(log runs)."""

    __slots__ = ("_first", "_ends")

    def __init__(self) -> None:
        self._first: list[int] = []  # first number of each run
        self._ends: list[int] = []  # the stack's length at the end of each run

    @classmethod
    def from_runs(cls, flat: Any) -> RunStack:
        """From ``[first, count, first, count, ...]`` (what :meth:`runs` gives); ValueError
        for anything else."""
        # checked and built in C (a type set, min, slices, running sums): a long game's stacks
        # hold thousands of runs, read at every open
        if not isinstance(flat, list) or len(flat) % 2 or not set(map(type, flat)) <= {int} or \
                (flat and min(flat) <= 0):
            raise ValueError("a stack is runs of event numbers: [first, count, ...]")
        stack = cls()
        stack._first, stack._ends = flat[::2], list(accumulate(flat[1::2]))
        return stack

    def within(self, last: int) -> bool:
        """Whether every number is in 1..``last`` and there are at most ``last`` of them:
        what a stack of a log of ``last`` events can hold. Worked out from the runs alone,
        never by expanding them (a run read from a file may claim 10^30 numbers)."""
        return (not self._ends or self._ends[-1] <= last) and \
            all(first + end - start - 1 <= last for first, start, end in zip(self._first, [0, *self._ends], self._ends))

    def runs(self) -> list[int]:
        flat: list[int] = []
        start = 0
        for first, end in zip(self._first, self._ends):
            flat += [first, end - start]
            start = end
        return flat

    def copy(self) -> RunStack:
        twin = RunStack()
        twin._first, twin._ends = list(self._first), list(self._ends)
        return twin

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    @property
    def top(self) -> int:
        """The last number pushed (IndexError when empty): what every replayed event asks."""
        ends = self._ends
        if not ends:
            raise IndexError("top of an empty stack")
        return self._first[-1] + ends[-1] - (ends[-2] if len(ends) > 1 else 0) - 1

    def __getitem__(self, index: int) -> int:
        if index == -1:
            return self.top
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("stack index out of range")
        run = bisect_right(self._ends, index)
        return self._first[run] + index - (self._ends[run - 1] if run else 0)

    def between(self, low: int, high: int) -> list[int]:
        """The numbers at positions ``low`` to ``high - 1``."""
        return [self[i] for i in range(low, high)]

    def __iter__(self) -> Iterator[int]:
        start = 0
        for first, end in zip(self._first, self._ends):
            yield from range(first, first + end - start)
            start = end

    def append(self, number: int) -> None:
        if self._ends and self.top + 1 == number:
            self._ends[-1] += 1
        else:
            self._first.append(number)
            self._ends.append(len(self) + 1)

    def extend(self, first: int, last: int) -> None:
        """Push ``first`` to ``last`` in one step (a run of actions done one after another)."""
        if last < first:
            return
        if self._ends and self.top + 1 == first:
            self._ends[-1] += last - first + 1
        else:
            size = len(self)
            self._first.append(first)
            self._ends.append(size + last - first + 1)

    def pop(self) -> int:
        top = self.top
        self._ends[-1] -= 1
        if self._ends[-1] == (self._ends[-2] if len(self._ends) > 1 else 0):  # the run is used up
            self._first.pop()
            self._ends.pop()
        return top

    def clear(self) -> None:
        self._first.clear()
        self._ends.clear()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RunStack) and (self._first, self._ends) == (other._first, other._ends)

    def __repr__(self) -> str:
        return f"RunStack({self.runs()})"
