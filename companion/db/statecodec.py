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

Decoding is strict: a class is looked up by name only inside the ``companion`` package and
must be a dataclass whose fields are exactly the ones stored, so a snapshot written by
other code fails loudly (:class:`CodecError`) and the caller falls back to the log.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from typing import Any

#: bumped whenever the encoding changes, so older snapshots are ignored, never misread
CODEC_VERSION = 1
_PACKAGE = "companion."


class CodecError(ValueError):
    """A value that cannot be encoded, or stored text that is not a state we wrote."""


def dumps(value: Any) -> str:
    """The compact typed-JSON text of ``value``."""
    # dict keys keep their order: a state's dicts are shown in the order they were built.
    # NaN is refused: it never equals itself, so a state holding one could not be checked.
    try:
        return json.dumps(encode(value), separators=(",", ":"), allow_nan=False)
    except ValueError as exc:
        raise CodecError(str(exc)) from None


def loads(text: str) -> Any:
    """The value :func:`dumps` wrote; :class:`CodecError` for anything else."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise CodecError(f"not typed JSON: {exc}") from None
    return decode(data)


def encode(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"c": _class_name(type(value)), "v": {f.name: encode(getattr(value, f.name))
                                                     for f in dataclasses.fields(value)}}
    if isinstance(value, list):
        return {"l": [encode(v) for v in value]}
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {"m": {k: encode(v) for k, v in value.items()}}
        return {"d": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, (frozenset, set)):
        items = sorted((encode(v) for v in value), key=_order)
        return {"f" if isinstance(value, frozenset) else "s": items}
    raise CodecError(f"cannot encode a {type(value).__name__} in a snapshot")


def decode(data: Any) -> Any:
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return tuple(decode(v) for v in data)
    if not isinstance(data, dict) or not data:
        raise CodecError(f"unexpected {type(data).__name__} in a snapshot")
    if set(data) == {"c", "v"} and isinstance(data["v"], dict):
        return _instance(data["c"], data["v"])
    if len(data) != 1:
        raise CodecError(f"unknown tags {sorted(data)} in a snapshot")
    tag, body = next(iter(data.items()))
    if tag == "m" and isinstance(body, dict):
        return {k: decode(v) for k, v in body.items()}
    if not isinstance(body, list):
        raise CodecError(f"tag {tag!r} needs a list in a snapshot")
    if tag == "l":
        return [decode(v) for v in body]
    if tag == "d" and all(isinstance(p, list) and len(p) == 2 for p in body):
        return {decode(k): decode(v) for k, v in body}
    if tag == "f":
        return frozenset(decode(v) for v in body)
    if tag == "s":
        return {decode(v) for v in body}
    raise CodecError(f"unknown tag {tag!r} in a snapshot")


def _instance(name: Any, fields: dict[str, Any]) -> Any:
    cls = _class_named(name)
    names = {f.name for f in dataclasses.fields(cls) if f.init}
    if set(fields) != names or len(names) != len(dataclasses.fields(cls)):
        raise CodecError(f"{name} has fields {sorted(names)}, the snapshot has {sorted(fields)}")
    try:
        return cls(**{k: decode(v) for k, v in fields.items()})
    except (TypeError, ValueError) as exc:  # a class's own checks refusing the stored values
        raise CodecError(f"{name}: {exc}") from None


def _order(encoded: Any) -> str:
    return json.dumps(encoded, sort_keys=True)


def _class_name(cls: type) -> str:
    if not cls.__module__.startswith(_PACKAGE) or "<" in cls.__qualname__:
        raise CodecError(f"{cls.__module__}.{cls.__qualname__} is not a companion state class")
    return f"{cls.__module__}:{cls.__qualname__}"


def _class_named(name: Any) -> type:
    """The dataclass a snapshot names, found by attribute lookup (never eval) and only in
    our own package."""
    if not isinstance(name, str) or ":" not in name:
        raise CodecError(f"bad class name {name!r} in a snapshot")
    module_name, _, qualname = name.partition(":")
    if not module_name.startswith(_PACKAGE):
        raise CodecError(f"{name} is not a companion state class")
    try:
        target: Any = importlib.import_module(module_name)
        for part in qualname.split("."):
            target = getattr(target, part)
    except (ImportError, AttributeError):
        raise CodecError(f"no state class {name}") from None
    if not (isinstance(target, type) and dataclasses.is_dataclass(target)):
        raise CodecError(f"{name} is not a dataclass")
    return target
