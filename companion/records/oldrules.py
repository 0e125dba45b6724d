"""A game played under older rules, and where today's rules would call it otherwise, in words.

A stored game keeps the result its table saw: it is replayed under the version of the rules
it was played under (:mod:`companion.db.versions`) and never re-scored. But a table that
reads an old result deserves to know when the rules have moved since, and what that would
have changed: "played under the rules of 2026-11-30; under today's rules card 7 (Sheriff)
would give blue no bullet (R-R6)". Home, the game's log and `companion doctor` say it.

What today's rules would say is worked out by replaying the same play under them (for
Rapid City, judging each card's own round file again, as the table's standing was), so it
is only ever a sentence beside the game, never its score. It is kept in the store's
``played_rules`` table while the log and the rules stay as they were, so the screens that
name a game do not replay it each time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from companion.db.rows import game_name
from companion.db.store import GameSession, SessionInfo, Store
from companion.db.versions import candidates, recorded, released, under
from companion.contracts.engine import Engine, RuleError
from companion.intake.errors import StoreError
from companion.games import GAMES, engine_for
from companion.records import story
from companion.contracts.telling import listed

#: sentences said of one game at most; the rest are counted
MOST_TOLD = 3


@dataclass(frozen=True)
class RulesPlayed:
    """The version of its rules a game was played under, and the newest there is."""

    kind: str
    rules: int
    newest: int
    #: where today's rules would call the game otherwise, each a sentence ("card 7 ...")
    differences: tuple[str, ...] = ()

    @property
    def older(self) -> bool:
        return self.rules < self.newest

    def words(self) -> str:
        """"" for a game played under today's rules; else the rules it was played under and
        what today's would call otherwise."""
        if not self.older:
            return ""
        said = f"played under the rules of {rules_date(self.kind, self.rules)}"
        if not self.differences:
            return f"{said}, which today's rules call the same way"
        return f"{said}; under today's rules {'; '.join(self.differences)}"


def as_sentence(words: str) -> str:
    """:meth:`RulesPlayed.words` as a sentence of its own, under a game's line ("" stays "")."""
    return words[:1].upper() + words[1:] + "." if words else ""


def rules_date(kind: str, version: int) -> str:
    """When a version of a game's rules came out, as its description says ("2026-11-30")."""
    return released(engine_for(kind), version) or f"version {version}"


def newest(kind: str) -> int:
    return max(engine_for(kind).rules_versions)


def maybe_older(info: SessionInfo) -> bool:
    """Whether a game may have been played under older rules: its settings record none (it
    was stored before versions were) or an older one. Reads no log."""
    return not recorded(info.settings) or info.settings["rules"] != newest(info.kind)


def version_played(store: Store, info: SessionInfo) -> int:
    """The version of its rules the game was played under, replaying it only when its
    settings do not say and it was not worked out before on this log; a log that does not
    replay gives the first version it is tried under (its telling stops at the damage)."""
    engine = engine_for(info.kind)
    found = candidates(engine, info.settings, info.started)
    if len(found) == 1:
        return found[0]
    kept = store.kept_rules(info)
    if kept is not None:
        return kept[0]
    try:
        return store.open_session(info.id).rules
    except StoreError:
        return found[0]


def rules_played(store: Store, info: SessionInfo, *, game: GameSession | None = None,
                 keep: bool = True) -> RulesPlayed:
    """How ``info``'s game stands with the rules: kept from before when its log and the rules
    are as they were, else worked out from ``game`` (opened here when not given; a damaged
    game raises the store's StoreError) and, with ``keep``, kept for next time."""
    top = newest(info.kind)
    if not maybe_older(info):
        return RulesPlayed(info.kind, top, top)
    kept = store.kept_rules(info)
    if kept is not None:
        return RulesPlayed(info.kind, kept[0], top, tuple(kept[1]))
    game = game or store.open_session(info.id)
    differences = tuple(said(info.kind, game, top)) if game.rules < top else ()
    if keep:
        store.keep_rules(info, game.seq, game.rules, list(differences))
    return RulesPlayed(info.kind, game.rules, top, differences)


def said(kind: str, game: GameSession, top: int) -> list[str]:
    """Where version ``top`` of the rules would call the game otherwise, at most
    :data:`MOST_TOLD` sentences (and how many more there are)."""
    try:
        found = TELLERS.get(kind, _replayed)(game, top)
    except Exception as exc:  # noqa: BLE001 - a log from disk: a sentence at worst, never a crash
        return [f"what they would call otherwise cannot be worked out ({type(exc).__name__}: {exc})"]
    if len(found) > MOST_TOLD:
        more = len(found) - MOST_TOLD
        found = found[:MOST_TOLD] + [f"and {more} more {'difference' if more == 1 else 'differences'}"]
    return found


# -- how each game is told ----------------------------------------------------------------------

def _replayed(game: GameSession, top: int) -> list[str]:
    """The table's play (the actions in effect) replayed under version ``top``: the first
    action it would refuse, else a result it would give otherwise."""
    engine, settings = game.engine, game.settings
    seqs, actions = list(game.in_effect), game.actions
    played = engine.initial_state(under(settings, game.rules))
    now = engine.initial_state(under(settings, top))
    for seq, action in zip(seqs, actions):
        after = engine.apply(played, action)
        try:
            now = engine.apply(now, action)
        except RuleError as refused:
            return [f"event {seq} ({story.tell(game.kind, played, action, after)}) would be refused: {refused}"]
        played = after
    return _results(game.kind, engine, played, now)


def _results(kind: str, engine: Engine, played: Any, now: Any) -> list[str]:
    was, would = engine.result(played), engine.result(now)
    if was == would:
        return []
    said_ = [f"the game would end {_outcome(kind, would)}, not {_outcome(kind, was)}"]
    return said_ + (_spurs_markers(played, now) if kind == "spurs" else [])


def _outcome(kind: str, result: Mapping[str, Any] | None) -> str:
    if result is None:
        return "unfinished"
    figures = result.get(GAMES[kind].figure) or {}
    standing = ", ".join(f"{name} {value}" for name, value in figures.items())
    return f"{standing} (won by {listed(result.get('winners') or ['nobody'])})"


def _spurs_markers(played: Any, now: Any) -> list[str]:
    """The Most markers (R-S6) players would take or not at the end, those alike together."""
    was = {row.name: set(row.bonuses) for row in played.final}
    changes: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for row in now.final:
        for verb, markers in (("would not take", was.get(row.name, set()) - set(row.bonuses)),
                              ("would take", set(row.bonuses) - was.get(row.name, set()))):
            if markers:
                changes.setdefault((verb, tuple(sorted(markers))), []).append(row.name)
    return [f"{listed(names)} {verb} {listed(markers)} (R-S6)"
            for (verb, markers), names in changes.items()]


def _rapid_city(game: GameSession, top: int) -> list[str]:
    """Each card judged again under version ``top``, from its own round file (the standing
    the table had then): the bullets and healing it would give otherwise."""
    from companion.rapidcity.judge import judge
    from companion.rapidcity.roundfile import parse_round

    versions = game.engine.rules_versions
    changed = _rulings([versions[v] for v in versions if game.rules < v <= top])  # what those versions changed
    found = []
    for number, card in enumerate(game.state.played, 1):
        data = dict(card.round, settings={**card.round["settings"], "rules": top})
        rnd = parse_round(data)
        again = judge(rnd)
        changes = _bullets_said(card.verdict, again.bullets, again.healed, rnd.players)
        if changes:
            rulings = (_rulings(again.notes) - _rulings(card.verdict.get("notes", ()))) & changed
            cited = f" ({', '.join(sorted(rulings, key=_ruling_order))})" if rulings else ""
            found.append(f"card {number} ({rnd.card.label()}) would give {listed(changes)}{cited}")
    return found


def _bullets_said(verdict: Mapping[str, Any], bullets: Mapping[str, int], healed: Sequence[str],
                  players: Sequence[str]) -> list[str]:
    was_bullets, was_healed = verdict.get("bullets", {}), set(verdict.get("healed", ()))
    changes = []
    for player in players:
        if bullets[player] != was_bullets.get(player, 0):
            changes.append(f"{player} {'a bullet' if bullets[player] else 'no bullet'}")
        if (player in healed) != (player in was_healed):
            changes.append(f"{player} {'a bullet back' if player in healed else 'no bullet back'}")
    return changes


def _rulings(notes: Sequence[str]) -> set[str]:
    return {code for note in notes for code in re.findall(r"R-[A-Z]\d+", note)}


def _ruling_order(code: str) -> int:
    return int(code.rsplit("R", 1)[-1])


#: the games told some way of their own; the others by replaying their play
TELLERS: dict[str, Callable[[GameSession, int], list[str]]] = {"rapidcity": _rapid_city}


def line(info: SessionInfo, played: RulesPlayed) -> str:
    """The game in one line, for `companion doctor`."""
    return f"game session {info.id} ({game_name(info.kind)}) was {played.words()}"
