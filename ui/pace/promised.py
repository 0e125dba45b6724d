"""Things a screen holds aside (a step's panel), each made the first time it is asked for,
the others a part a tick: made all at once they filled one frame (Rapid City's referee, eight
panels of kv rules: 57-59 ms here, issue 38)."""

from __future__ import annotations

from typing import Callable, Generic, Iterator, Mapping, TypeVar

V = TypeVar("V")


class Promised(Mapping[str, V], Generic[V]):
    """A mapping of ``makers``' names to what each makes, made when first read (``made(thing)``
    is then told, to fit it to where it will show); :meth:`parts` makes the rest, one a
    ``next()``. Reading every value (``values()``, ``items()``) makes them all."""

    def __init__(self, makers: Mapping[str, Callable[[], V]],
                 made: Callable[[V], object] = lambda _thing: None) -> None:
        self._makers = dict(makers)
        self._things: dict[str, V] = {}
        self._made = made

    def __getitem__(self, name: str) -> V:
        thing = self._things.get(name)
        return self._make(name) if thing is None else thing

    def _make(self, name: str) -> V:
        thing = self._things[name] = self._makers[name]()
        self._made(thing)
        return thing

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)

    def ready(self, name: str) -> None:
        """``name`` made now, if it is not yet (what a frame about to come needs)."""
        if name not in self._things:
            self._make(name)

    def made(self) -> list[V]:
        """What is made so far (nothing is made for asking)."""
        return list(self._things.values())

    def parts(self) -> Iterator[None]:
        """What is not made yet, one made at each ``next()``."""
        for name in self._makers:
            if name not in self._things:
                self._make(name)
                yield
