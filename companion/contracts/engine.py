"""The contract every game engine keeps, so the store can replay any game the same way.

An engine is a small object with three methods. States are plain immutable values
(frozen dataclasses or tuples); ``apply`` returns a new state and never mutates the one
it was given, which is what lets the store keep checkpoints of a game safely and rebuild
any earlier state for undo, and lets a refused action leave the game exactly as it was.

Actions are JSON objects (``dict`` with a ``"type"`` key). That one form is what the
event log stores, what the UI sends and what tests write, so there is no second
serialisation to drift out of step. Any randomness an action needs is carried in the
action itself as a ``"seed"`` (see :func:`rng_for`): replaying the log replays the draw.
"""

from __future__ import annotations

import dataclasses
import json
import random
from functools import cache
from typing import TYPE_CHECKING, Any, Mapping, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:  # typeshed's name for "an instance of a dataclass"; it exists for checkers only
    from _typeshed import DataclassInstance

Action = dict[str, Any]
S = TypeVar("S")
D = TypeVar("D", bound="DataclassInstance")


class RuleError(ValueError):
    """An action the rules forbid. ``rule`` names the rule (``"R-S3"`` or a rulebook
    section) so a player can look it up; the message says what was wrong in plain words."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message


@runtime_checkable
class Engine(Protocol[S]):
    """What the store needs from a game: a start, a step, and a name."""

    kind: str

    @property
    def rules_versions(self) -> Mapping[int, str]:
        """Each version of the game's rules the engine plays (:func:`rules_of`), oldest
        first. Read-only here so an engine may hold it as a plain dict."""

    def initial_state(self, settings: Mapping[str, Any]) -> S:
        """The state before any action. Raises :class:`RuleError` for bad settings."""

    def apply(self, state: S, action: Mapping[str, Any]) -> S:
        """The state after ``action``; raises :class:`RuleError` and changes nothing
        when the action is illegal or malformed."""

    def summary(self, state: S) -> str:
        """One line for lists of sessions, in the players' words: whose turn it is (or where
        the game stands) and who leads, so that Home tells a table's unfinished games apart
        ("Bob to play; Ann leads (fame 7 of 12)"); see :func:`leading`."""

    def result(self, state: S) -> Mapping[str, Any] | None:
        """None while the game goes on; once it is over, the result (winners, scores) as JSON.
        The store marks the session finished in the same transaction as the final action."""


def listed(names: list[str] | tuple[str, ...]) -> str:
    """Names as said: "Ann", "Ann and Bob", "Ann, Bob and Cid"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def leading(figures: list[tuple[str, int]], said: str, fewest: bool = False) -> str:
    """Who leads on a figure (the most, or with ``fewest`` the fewest), ``said`` its words
    with ``{}`` for the figure: "Ann leads (renown 3)", "Ann and Bob lead (...)", "all level (...)"."""
    best = (min if fewest else max)(value for _, value in figures)
    ahead = [name for name, value in figures if value == best]
    if len(ahead) == len(figures):
        return f"all level ({said.format(best)})"
    return f"{listed(ahead)} {'leads' if len(ahead) == 1 else 'lead'} ({said.format(best)})"


def action_type(action: Mapping[str, Any], known: set[str] | frozenset[str]) -> str:
    """The action's ``type``, refused with a clear message when missing or unknown."""
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in known:
        raise RuleError("action", f"unknown action type {kind!r}; expected one of {sorted(known)}")
    return kind


def rng_for(action: Mapping[str, Any]) -> random.Random:
    """The seeded generator for an action that draws at random.

    The seed is chosen once, when a person asks for the draw, and stored in the action;
    every replay then draws the same bullets or cards.
    """
    seed = action.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RuleError("R-S10", "a digital draw needs an integer 'seed' recorded in the action")
    return random.Random(seed)


def new_seed() -> int:
    """A fresh seed for a digital draw, from the OS's entropy so nobody can predict it."""
    return random.SystemRandom().getrandbits(63)


def rules_of(settings: Mapping[str, Any], versions: Mapping[int, str]) -> int:
    """The version of a game's rules it is played under: ``settings["rules"]`` when given
    (one of ``versions``' keys), else the newest.

    A game records the rules it was started under, and a fix to the rules is a new version:
    its engine keeps the older behaviour for games played under an older one, so a log is
    always replayed under the rules the table played by and the past is never re-scored.
    """
    newest = max(versions)
    rules = settings.get("rules", newest)
    if not isinstance(rules, int) or isinstance(rules, bool) or rules not in versions:
        raise RuleError("setup", f"rules: a version of this game's rules, 1 to {newest}, got {rules!r}")
    return rules


def dumps(action: Mapping[str, Any]) -> str:
    """The canonical JSON text of an action or a game's settings (sorted keys) as stored.

    What the log cannot hold faithfully is refused here, before anything is written: NaN
    or an infinity (not JSON, and NaN never equals itself, so no replay could check a state
    holding one; an export would drop the game) and a lone surrogate in a text (half of a
    character: SQLite cannot store it as UTF-8, and no keyboard types one)."""
    try:
        text = json.dumps(action, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except ValueError:
        raise RuleError("action", "it holds a number that is no number (NaN or infinity)") from None
    if "\\ud" in text:  # ASCII JSON writes a surrogate as an escape: are they whole pairs?
        try:
            json.dumps(action, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise RuleError("action", "a text in it holds a broken character (half of a UTF-16 pair)") from None
    return text


@cache
def _plain_fields(cls: type) -> frozenset[str] | None:
    """The init fields of a dataclass whose instances are a plain ``__dict__`` and that
    checks nothing at init (no ``__post_init__``, no slots); None for any other class."""
    if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return None
    if any(not f.init for f in dataclasses.fields(cls)):
        return None
    return frozenset(f.name for f in dataclasses.fields(cls))


def replace(state: D, /, **changes: Any) -> D:
    """``dataclasses.replace`` for the engines' frozen states, without its generated
    ``__init__`` call.

    A state is replaced several times per action, and replaying a long game is mostly
    that: on a 50,000-action Spurs game ``dataclasses.replace`` was 43% of `companion
    doctor`'s time (bench/bench_scale_check.py). For a plain frozen dataclass (no
    ``__post_init__``, no slots, every field set by ``__init__``) copying the field values
    is the same result; any other class goes through ``dataclasses.replace``. A name that is
    no field is refused, as ``dataclasses.replace`` refuses it.
    """
    cls = type(state)
    names = _plain_fields(cls)
    if names is None:
        return dataclasses.replace(state, **changes)
    if not changes.keys() <= names:
        raise TypeError(f"{cls.__name__} has no field {sorted(changes.keys() - names)[0]!r}")
    new = object.__new__(cls)
    fields = new.__dict__
    fields.update(state.__dict__)
    fields.update(changes)
    return new
