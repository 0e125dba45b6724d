"""A typed JSON encoding of game states, so a snapshot can be stored without pickle or eval.

Game states are frozen dataclasses of ints, strings, floats, tuples, frozensets, dicts
and other frozen dataclasses. JSON alone would lose which of those a value was (a tuple
and a list both become an array), and two states must compare equal after a round trip,
so every container other than a tuple carries a one-letter tag:

=================  ======================================================
value              encoded as
=================  ======================================================
None, bool, int,   itself
float, str
tuple              a JSON array
list               ``{"l": [...]}``
dict               ``{"m": {...}}`` (all keys strings), else ``{"d": [[k, v], ...]}``
frozenset, set     ``{"f": [...]}``, ``{"s": [...]}`` (in a stable order)
dataclass          ``{"c": "module:Class", "v": {field: value, ...}}``
=================  ======================================================

A snapshot is data on an SD card, so decoding trusts nothing in it. Each game has its own
:class:`Codec`, whose classes are a fixed table worked out from the code alone: the game's
state class (the return type of its engine's ``initial_state``, found through the one
registry of games) and every dataclass its fields' types name, transitively. A class name
read from a file is only ever looked up in that table, never imported, so a forged
snapshot cannot make the decoder load or run anything. A class must also be given exactly
its fields, nesting is bounded (:data:`MAX_DEPTH`, far deeper than any state, far below
Python's recursion limit), and anything else is a :class:`CodecError`: the caller then
replays the game from its log.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from functools import cache
from typing import Any, Callable, Iterator

from companion.games import engine_for

#: bumped whenever the encoding changes, so older snapshots are ignored, never misread
CODEC_VERSION = 2
#: JSON levels a snapshot may nest: a state is a dozen deep at most (a Rapid City card's round
#: file inside its played card inside the game), so anything deeper is not one of ours
MAX_DEPTH = 64


class CodecError(ValueError):
    """A value that cannot be encoded, or stored text that is not a state we wrote."""


class Codec:
    """The typed JSON of one game's states, whose class is ``root``: ``classes`` maps each
    "module:Class" name a snapshot may hold to its class; no other class is written or read,
    and each is read back only with values of the types its fields declare."""

    def __init__(self, root: type, classes: dict[str, type]) -> None:
        self.root = root
        self.classes = classes
        self._fields = {cls: typing.get_type_hints(cls) for cls in classes.values()}

    def dumps(self, value: Any) -> str:
        """The compact typed-JSON text of ``value``."""
        # dict keys keep their order: a state's dicts are shown in the order they were built.
        # NaN is refused: it never equals itself, so a state holding one could not be checked.
        try:
            return json.dumps(self.encode(value), separators=(",", ":"), allow_nan=False)
        except ValueError as exc:
            raise CodecError(str(exc)) from None

    def loads(self, text: Any) -> Any:
        """The state :meth:`dumps` wrote; :class:`CodecError` for anything else."""
        if not isinstance(text, str):
            raise CodecError(f"a snapshot's state is text, not {type(text).__name__}")
        try:
            data = json.loads(text)
        except RecursionError:
            raise CodecError("a snapshot nested too deeply to be a state") from None
        except ValueError as exc:
            raise CodecError(f"not typed JSON: {exc}") from None
        state = self.decode(data)
        if type(state) is not self.root:
            raise CodecError(f"a snapshot holds a {type(state).__name__}, not a {self.root.__name__}")
        return state

    def encode(self, value: Any) -> Any:
        if value is None or isinstance(value, (bool, int, float, str)):
            return value
        if isinstance(value, tuple):
            return [self.encode(v) for v in value]
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            name = class_name(type(value))
            if self.classes.get(name) is not type(value):
                raise CodecError(f"{name} is not a state class of this game")
            return {"c": name, "v": {f.name: self.encode(getattr(value, f.name)) for f in dataclasses.fields(value)}}
        if isinstance(value, list):
            return {"l": [self.encode(v) for v in value]}
        if isinstance(value, dict):
            if all(isinstance(k, str) for k in value):
                return {"m": {k: self.encode(v) for k, v in value.items()}}
            return {"d": [[self.encode(k), self.encode(v)] for k, v in value.items()]}
        if isinstance(value, (frozenset, set)):
            items = sorted((self.encode(v) for v in value), key=_order)
            return {"f" if isinstance(value, frozenset) else "s": items}
        raise CodecError(f"cannot encode a {type(value).__name__} in a snapshot")

    def decode(self, data: Any, depth: int = 0) -> Any:
        if data is None or isinstance(data, (bool, int, float, str)):
            return data
        if depth >= MAX_DEPTH:
            raise CodecError(f"a snapshot nested more than {MAX_DEPTH} deep is not a state")
        inner = depth + 1
        if isinstance(data, list):
            return tuple(self.decode(v, inner) for v in data)
        if not isinstance(data, dict) or not data:
            raise CodecError(f"unexpected {type(data).__name__} in a snapshot")
        if set(data) == {"c", "v"} and isinstance(data["v"], dict):
            return self._instance(data["c"], data["v"], inner)
        if len(data) != 1:
            raise CodecError(f"unknown tags {sorted(data)[:3]} in a snapshot")
        tag, body = next(iter(data.items()))
        return self._tagged(tag, body, inner)

    def _tagged(self, tag: Any, body: Any, depth: int) -> Any:
        """A collection under its one-letter tag: "m" a dict of str keys, "l" a list, "d" a
        dict of other keys (as pairs), "f" a frozenset, "s" a set."""
        if tag == "m" and isinstance(body, dict):
            return {k: self.decode(v, depth) for k, v in body.items()}
        if not isinstance(body, list):
            raise CodecError(f"tag {tag[:8]!r} needs a list in a snapshot")
        try:
            if tag == "d" and all(isinstance(p, list) and len(p) == 2 for p in body):
                return {self.decode(k, depth): self.decode(v, depth) for k, v in body}
            build = _COLLECTIONS.get(tag)
            if build is not None:
                return build(self.decode(v, depth) for v in body)
        except TypeError as exc:  # an unhashable key or member: a list where a tuple was
            raise CodecError(f"tag {tag!r}: {exc}") from None
        raise CodecError(f"unknown tag {tag[:8]!r} in a snapshot")

    def _instance(self, name: Any, fields: dict[str, Any], depth: int) -> Any:
        cls = self.classes.get(name) if isinstance(name, str) else None
        if cls is None:
            raise CodecError(f"{str(name)[:60]!r} is not a state class of this game")
        names = {f.name for f in dataclasses.fields(cls) if f.init}
        if set(fields) != names or len(names) != len(dataclasses.fields(cls)):
            raise CodecError(f"{name} has fields {sorted(names)}, the snapshot has {sorted(fields)[:12]}")
        values = {k: self.decode(v, depth) for k, v in fields.items()}
        for field, hint in self._fields[cls].items():
            if not conforms(values[field], hint):
                raise CodecError(f"{name}'s {field} holds a {type(values[field]).__name__}, not {hint}")
        try:
            return cls(**values)
        except (TypeError, ValueError) as exc:  # a class's own checks refusing the stored values
            raise CodecError(f"{name}: {exc}") from None


@cache
def codec(kind: str) -> Codec:
    """The codec of one kind of game (loads its engine; raises KeyError for an unknown kind)."""
    root = typing.get_type_hints(type(engine_for(kind)).initial_state)["return"]
    return Codec(root, state_classes(root))


def state_classes(root: type) -> dict[str, type]:
    """"module:Class" -> class, for ``root`` and every dataclass its fields' types name."""
    found: dict[str, type] = {}
    todo: list[Any] = [root]
    while todo:
        hint = todo.pop()
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            name = class_name(hint)
            if name not in found:
                found[name] = hint
                todo.extend(typing.get_type_hints(hint).values())
        else:
            todo.extend(typing.get_args(hint))
    return found


def conforms(value: Any, hint: Any) -> bool:
    """Whether a decoded value is of the type a field declares: the few forms game states
    use (classes, ``X | None`` and unions, ``tuple[X, ...]``, ``tuple[X, Y]``,
    ``frozenset[X]``, ``dict[K, V]``, ``Any``); an int is no bool, a float may be an int."""
    if hint is Any:
        return True
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is None:
        return _is_plain(value, hint)
    if origin in (typing.Union, types.UnionType):
        return any(conforms(value, arg) for arg in args)
    if origin is tuple:
        return isinstance(value, tuple) and _tuple_conforms(value, args)
    if origin in (frozenset, set, list):
        return type(value) is origin and all(conforms(v, args[0]) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(conforms(k, args[0]) and conforms(v, args[1]) for k, v in value.items())
    raise CodecError(f"a state field's type {hint} is not one snapshots know")


def _is_plain(value: Any, hint: Any) -> bool:
    """Whether a value is of a plain class (no ``[...]``): an int is no bool, a float may be an int."""
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is type(None):
        return value is None
    return isinstance(hint, type) and type(value) is hint


def _tuple_conforms(value: tuple, args: tuple) -> bool:
    """``tuple[X, ...]``: every item an X; ``tuple[X, Y]``: as many items, each of its type."""
    if len(args) == 2 and args[1] is Ellipsis:
        return all(conforms(v, args[0]) for v in value)
    return len(value) == len(args) and all(conforms(v, a) for v, a in zip(value, args))


def class_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


#: the tags of the collections built from their decoded items (beside "m" and "d", the dicts)
_COLLECTIONS: dict[str, Callable[[Iterator[Any]], Any]] = {"l": list, "f": frozenset, "s": set}


def _order(encoded: Any) -> str:
    return json.dumps(encoded, sort_keys=True)
