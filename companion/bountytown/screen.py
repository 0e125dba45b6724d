"""The Bountytown screen's flow, without Kivy: its pages, what each tap may do on each, and
the action a tap sends (see :mod:`companion.contracts.screen`).

Pages: ``town`` (the 3x3 town: a tap on a location moves there) and ``players`` (the renown
board), both with the turn's buttons; ``player`` (one player's items, renown and wounds,
each number's steps a tap away); ``store``; ``turnin``; ``reveal`` (the cards revealed into
empty bounty slots at the end of a turn: a card the table typed before is one tap); ``duel``
(:mod:`companion.bountytown.dueling`); ``end`` (the Hero, or the tied players' final duel).
What each page shows is :mod:`companion.bountytown.shown`.

No page opens by itself: a duel's result shows when asked for (issue 28: it opened with the
last card, Confirm where "See the result" had been). A tap on a key the page does not
offer changes nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Callable, Mapping

from companion.bountytown import cardform, desk as cards, dueling
from companion.bountytown.cardform import Card
from companion.bountytown.desk import Desk
from companion.bountytown.engine import ENGINE, out_of_reach, revealed_bounties
from companion.bountytown.state import ITEM_PRICES, TRAIN, GameState
from companion.bountytown.view import empty_slots, hand_room
from companion.contracts.engine import RuleError
from companion.contracts.screen import History, ScreenModel, Step, adjusted, open_steps, opened, refused, signed

#: the steps a player's number offers (a Bountytown ``adjust``); "+1" is one of them
STEPS = {"renown": (-1, 1, 2, 3), "wounds": (-1, 1)}


class Key(StrEnum):
    """Every tap the Bountytown screen takes: ``tap``'s first argument, the key of a button (a
    plain string with the same value is the same key)."""

    UNDO, REDO, GOT_IT = "undo", "redo", "got_it"
    # the town, the board and the turn
    MOVE, BOARD, PLAYER, ABILITY, BUY, HEAL, TURNIN, RELOAD, DUEL, END_TURN = (
        "move", "board", "player", "ability", "buy", "heal", "turnin", "reload", "duel", "end_turn")
    # a player, the store, the Sheriff's Office
    BACK, USE, NUMBER, QUICK, CLOSE_STEPS = "back", "use", "number", "quick", "close_steps"
    CHOOSE, RESTOCK, TURN_IN = "choose", "restock", "turn_in"
    # a desk of cards
    CARD, TYPED, TAB, CHIP, REMOVE_LAST, CLEAR = "card", "typed", "tab", "chip", "remove_last", "clear"
    # the end of a turn: a card revealed, or the Train
    NAME, STEP, MARK, VALUE, SUIT, UNBASE, REVEAL, KNOWN = (
        "name", "step", "mark", "value", "suit", "unbase", "reveal", "known")
    TRAIN, TRAIN_YES, TRAIN_NO = "train", "train_yes", "train_no"
    # the duel, the final duel
    TARGET, RIFLE, HAT, STEAL, TO_CARDS, IN_HAND, TO_RESULT, ODDS = (
        "target", "rifle", "hat", "steal", "to_cards", "in_hand", "to_result", "odds")
    CRUCIFIX, CRITICAL, ITEM, ITEMS_AGAIN, TAKE, CONFIRM, CANCEL, RECORD = (
        "crucifix", "critical", "item", "items_again", "take", "confirm", "cancel", "record")


#: the turn's buttons that send at once
ACTIONS = {Key.ABILITY: {"type": "location_ability"}, Key.HEAL: {"type": "heal"}, Key.RELOAD: {"type": "reload"}}
#: taps whose double tap is meant: a number's second tap lands on the "+1" its first opened
DOUBLE_TAPPED = frozenset({Key.NUMBER})


@dataclass(frozen=True)
class Flow:
    """Where the table is: the page, the player looked at, a number's steps open, the store's
    choice and Gold paid, the cards revealed so far and the one typed, the duel's draft, the
    final duel's hands."""

    page: str = "town"
    player: str = ""
    steps: tuple[str, str] | None = None
    buying: tuple[int, ...] = ()  # the store's items chosen (their places in the store)
    gold: Desk = field(default_factory=Desk)
    revealed: tuple[str, ...] = ()  # bounty cards revealed so far at this end of turn (JSON)
    card: Card = field(default_factory=Card)
    train: bool = False  # the Train tapped: the table is asked before it ends the game
    duel: dueling.Duel = field(default_factory=dueling.Duel)
    final: Desk = field(default_factory=Desk)


@dataclass(frozen=True)
class BountytownModel(ScreenModel[Flow]):
    """The Bountytown screen: see the module's words. ``colours``: each player's colour;
    ``known``: bounty cards the table typed in before (JSON), each revealed again in one tap."""

    colours: tuple[tuple[str, str], ...] = ()
    known: tuple[str, ...] = ()

    def first_flow(self, state: GameState) -> Flow:
        return Flow()

    def settled(self, flow: Flow, state: GameState) -> Flow:
        if state.finished:
            if flow.page != "end":
                flow = replace(flow, page="end", steps=None, final=final_desk(state))
            return flow
        return replace(flow, page="town") if flow.page == "end" else flow

    def stage(self) -> tuple[Any, ...]:
        flow = self.flow
        return flow.page, flow.duel.step if flow.page == "duel" else None, flow.steps is not None

    @property
    def page(self) -> str:
        return self.flow.page

    def tap(self, key: Key, *args: Any) -> Step[BountytownModel]:
        """What a tap on ``key`` does on the page shown (nothing, if the page has no such key)."""
        if key not in self.enabled():
            return Step(self)
        common = {Key.UNDO: BountytownModel.undo, Key.REDO: BountytownModel.redo, Key.GOT_IT: BountytownModel.got_it}
        return (common.get(key) or TAPS[self.page][key])(self, *args)

    def offered(self) -> set[Key]:
        return OFFERED[self.page](self)

    def at(self, page: str, **changes: Any) -> Step[BountytownModel]:
        return self.go(replace(self.flow, page=page, **changes))

    def edit(self, **changes: Any) -> Step[BountytownModel]:
        """The flow changed where it is (a form's field, a card entered), nothing saved."""
        return Step(replace(self, flow=replace(self.flow, **changes), message=""))

    def same_place(self, other: BountytownModel) -> bool:
        """A number's steps are no place: undo of a step shows the page it was tapped on."""
        return self.state == other.state and replace(self.flow, steps=None) == replace(other.flow, steps=None)


def final_desk(state: GameState) -> Desk:
    """The tied players' hands for the final duel (R-B6), wounds as dead space (R-B7)."""
    rooms = {n: hand_room(state.player(n)) for n in state.final_duel}
    return cards.laid(Desk(), [{"title": n, "capacity": r.cards, "most": r.most, "choosable": True}
                               for n, r in rooms.items()])


# --- the town and the turn --------------------------------------------------------------------

def _move(model: BountytownModel, location: str) -> Step[BountytownModel]:
    return model.commit({"type": "move", "to": location}, model.flow)


def _at_once(what: Key) -> Callable[[BountytownModel], Step[BountytownModel]]:
    return lambda model: model.commit(ACTIONS[what], model.flow)


def _board(model: BountytownModel) -> Step[BountytownModel]:
    return model.at("players" if model.page == "town" else "town")


def _player(model: BountytownModel, name: str) -> Step[BountytownModel]:
    if name not in [p.name for p in model.state.players]:
        return Step(model)
    return model.at("player", player=name)


def _to_town(model: BountytownModel) -> Step[BountytownModel]:
    return model.at("town")


def _store(model: BountytownModel) -> Step[BountytownModel]:
    gold = cards.laid(Desk(), [{"title": "Gold paid", "capacity": 10, "ranked": False}])
    return model.at("store", buying=(), gold=gold)


def _duel(model: BountytownModel, seed: int) -> Step[BountytownModel]:
    """A duel begins: its seed chosen now (the item a critical wound discards is the one the
    result shows)."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        return Step(model)
    return model.at("duel", duel=dueling.Duel(seed=seed))


def _end_turn(model: BountytownModel) -> Step[BountytownModel]:
    """End the turn; with bounty slots empty, the cards revealed into them first."""
    if empty_slots(model.state):
        return model.at("reveal", revealed=(), card=Card(), train=False)
    return model.commit({"type": "end_turn", "reveal": []}, model.flow)


# --- a player, a number's steps ---------------------------------------------------------------

def _use(model: BountytownModel, item: str) -> Step[BountytownModel]:
    return model.commit({"type": "use_item", "item": item, "player": model.flow.player},
                        replace(model.flow, page="town"))


def _number(model: BountytownModel, name: str, key: str) -> Step[BountytownModel]:
    return open_steps(model, name, key, STEPS)


def _quick(model: BountytownModel, step: int) -> Step[BountytownModel]:
    """A step chosen: renown or wounds changed by hand, saved like any action (the ``adjust``)."""
    return adjusted(model, step, STEPS, signed(step))


def _close_steps(model: BountytownModel) -> Step[BountytownModel]:
    return model.go(replace(model.flow, steps=None))


# --- the store, the Sheriff's Office -----------------------------------------------------------

def _choose_item(model: BountytownModel, index: int) -> Step[BountytownModel]:
    if not 0 <= index < len(model.state.store):
        return Step(model)
    buying = model.flow.buying
    return model.edit(buying=tuple(i for i in buying if i != index) if index in buying else buying + (index,))


def _desk_edit(name: str, change: Callable[..., Desk | cards.Twice | str]) -> Callable[..., Step[BountytownModel]]:
    """A tap on a desk of the flow (``name``: gold, final, or the duel's): a card in, out,
    played or kept; a refusal said."""
    def edited(model: BountytownModel, *args: Any) -> Step[BountytownModel]:
        desk = model.flow.duel.desk if name == "duel" else getattr(model.flow, name)
        done = change(desk, *args)
        if isinstance(done, str):
            return model.refuse(f"Refused: {done}")
        new = done.desk if isinstance(done, cards.Twice) else done
        changes = {"duel": replace(model.flow.duel, desk=new)} if name == "duel" else {name: new}
        if isinstance(done, cards.Twice):  # refused; the next tap of that card is meant
            return replace(model, flow=replace(model.flow, **changes)).refuse(f"Refused: {done.why}")
        return model.edit(**changes)
    return edited


def _restock(model: BountytownModel, item: str) -> Step[BountytownModel]:
    return model.commit({"type": "stock_store", "items": [item]}, model.flow) if item in ITEM_PRICES else Step(model)


def _buy(model: BountytownModel) -> Step[BountytownModel]:
    items = [model.state.store[i] for i in model.flow.buying if i < len(model.state.store)]
    if not items:
        return model.refuse("Tap the items to buy first.")
    if not model.flow.gold.slots[0].cards:
        return model.refuse("Enter the Gold cards paid first.")
    return model.commit({"type": "buy", "items": items, "gold": list(model.flow.gold.slots[0].cards)},
                        replace(model.flow, page="town", buying=()))


def _turn_in_page(model: BountytownModel) -> Step[BountytownModel]:
    return model.at("turnin")


def _turn_in(model: BountytownModel, bounty: str) -> Step[BountytownModel]:
    return model.commit({"type": "turn_in", "bounty": bounty}, replace(model.flow, page="town"))


# --- the end of a turn: cards revealed ---------------------------------------------------------

def _card_edit(change: Callable[..., Card | str]) -> Callable[..., Step[BountytownModel]]:
    def edited(model: BountytownModel, *args: Any) -> Step[BountytownModel]:
        done = change(model.flow.card, *args)
        return model.refuse(f"Refused: {done}") if isinstance(done, str) else model.edit(card=done)
    return edited


def _reveal(model: BountytownModel, entry: Mapping[str, Any]) -> Step[BountytownModel]:
    """A card revealed: refused at once when the engine would refuse it (the card stays to be
    corrected); the last one needed ends the turn."""
    revealed = [json.loads(r) for r in model.flow.revealed]
    try:
        revealed_bounties(model.state, revealed + [dict(entry)])
    except RuleError as exc:
        return model.refuse(refused(exc))
    if len(revealed) + 1 < empty_slots(model.state):
        return model.edit(revealed=model.flow.revealed + (json.dumps(dict(entry), sort_keys=True),), card=Card())
    return model.commit({"type": "end_turn", "reveal": revealed + [dict(entry)]},
                        replace(model.flow, page="town", revealed=(), card=Card()))


def _reveal_typed(model: BountytownModel) -> Step[BountytownModel]:
    why = cardform.missing(model.flow.card)
    return model.refuse(why) if why else _reveal(model, cardform.entry(model.flow.card))


def _reveal_known(model: BountytownModel, known: str) -> Step[BountytownModel]:
    return _reveal(model, json.loads(known)) if known in model.known else Step(model)


def _train(model: BountytownModel) -> Step[BountytownModel]:
    """The Train tapped: asked first, as it ends the game for good (issue 37: one tap in the
    middle of the reveal bar ended it)."""
    return model.edit(train=True)


def _train_yes(model: BountytownModel) -> Step[BountytownModel]:
    return model.commit(train_end(model), replace(model.flow, page="town", train=False))


def train_end(model: BountytownModel) -> dict[str, Any]:
    """The action the Train sends: the end of the turn, the cards revealed before it, then it."""
    return {"type": "end_turn", "reveal": [json.loads(r) for r in model.flow.revealed] + [TRAIN]}


# --- the duel ---------------------------------------------------------------------------------

def _duel_edit(change: Callable[..., dueling.Duel]) -> Callable[..., Step[BountytownModel]]:
    def edited(model: BountytownModel, *args: Any) -> Step[BountytownModel]:
        return model.edit(duel=change(model.state, model.flow.duel, *args))
    return edited


def _target(model: BountytownModel, kind: str, name: str) -> Step[BountytownModel]:
    state = model.state
    names = {"bounty": [b.name for b in state.active],
             "player": [p.name for p in state.players if p is not state.current]}.get(kind, [])
    if name not in names:
        return Step(model)
    target = state.active_bounty(name) if kind == "bounty" else state.player(name)
    trouble = out_of_reach(state, target, model.flow.duel.rifle)
    if trouble is not None:  # the list offers no such target: a tap from before it changed
        return model.refuse(refused(trouble))
    duel = dueling.chosen(state, model.flow.duel, kind, name)
    model = replace(model, flow=replace(model.flow, duel=duel), message="")
    return _to_cards(model) if dueling.straight_to_cards(state, duel) else Step(model)


def _to_cards(model: BountytownModel) -> Step[BountytownModel]:
    """On to the cards if the engine has nothing against the target; a Cowboy Hat skips them."""
    duel = model.flow.duel
    trouble = dueling.target_trouble(model.state, duel)
    if trouble:
        return model.refuse(trouble)
    step = "result" if trouble == "" else "cards"
    return model.edit(duel=dueling.laid(model.state, replace(duel, step=step)))


def _to_result(model: BountytownModel) -> Step[BountytownModel]:
    return model.edit(duel=dueling.checked(model.state, replace(model.flow.duel, step="result")))


def _duel_back(model: BountytownModel) -> Step[BountytownModel]:
    """Back: from the target to the town, from the cards to the target, from the result to
    the cards (or the target, for a duel a Cowboy Hat cancelled)."""
    duel = model.flow.duel
    if duel.step == "target":
        return _to_town(model)
    step = "cards" if duel.step == "result" and duel.desk.slots else "target"
    return model.edit(duel=replace(duel, step=step))


def _confirm(model: BountytownModel) -> Step[BountytownModel]:
    wanting = dueling.missing(model.state, model.flow.duel)
    if wanting:
        return model.refuse(f"Not ready: {wanting}")
    return model.commit(dueling.action(model.state, model.flow.duel), replace(model.flow, page="town"))


def _odds(model: BountytownModel, question: Any, found: Any) -> Step[BountytownModel]:
    """The worker's answer to an odds question (not a tap of the table's)."""
    return Step(replace(model, flow=replace(model.flow, duel=dueling.with_answer(model.flow.duel, question, found))))


def _record_final(model: BountytownModel) -> Step[BountytownModel]:
    empty = [slot.title for slot in model.flow.final.slots if not slot.played]
    if empty:
        return model.refuse(f"Enter {empty[0]}'s final duel hand first (at least one card is played).")
    hands = {slot.title: slot.hand() for slot in model.flow.final.slots}
    return model.commit({"type": "final_duel", "hands": hands}, model.flow)


# --- what each page offers, and what its taps do ------------------------------------------------

#: a desk's own taps: a slot's tab, a card chip, the last card out, the slot cleared
_DESK: dict[Key, Callable[..., Desk | cards.Twice | str]] = {
    Key.TAB: lambda d, i: replace(d, active=i, again="") if 0 <= i < len(d.slots) else d, Key.CHIP: cards.chip,
    Key.REMOVE_LAST: cards.removed_last, Key.CLEAR: cards.cleared}
DESK_KEYS: frozenset[Key] = frozenset(_DESK)


def _turn_keys(model: BountytownModel) -> set[Key]:
    return {Key.MOVE, Key.BOARD, Key.PLAYER, Key.ABILITY, Key.BUY, Key.HEAL, Key.TURNIN, Key.RELOAD, Key.DUEL,
            Key.END_TURN}


def _duel_keys(model: BountytownModel) -> set[Key]:
    step = model.flow.duel.step
    if step == "target":
        return {Key.TARGET, Key.RIFLE, Key.HAT, Key.STEAL, Key.TO_CARDS, Key.BACK}
    if step == "cards":
        return {*DESK_KEYS, Key.CARD, Key.TYPED, Key.IN_HAND, Key.TO_RESULT, Key.BACK, Key.ODDS}
    return {Key.CRUCIFIX, Key.CRITICAL, Key.ITEM, Key.ITEMS_AGAIN, Key.TAKE, Key.CONFIRM, Key.BACK, Key.CANCEL}


OFFERED: dict[str, Callable[[BountytownModel], set[Key]]] = {
    "town": _turn_keys, "players": _turn_keys,
    "player": lambda m: {Key.BACK, Key.USE, Key.NUMBER},
    "store": lambda m: {*DESK_KEYS, Key.CHOOSE, Key.CARD, Key.TYPED, Key.RESTOCK, Key.BACK, Key.BUY} - {Key.TAB},
    "turnin": lambda m: {Key.TURN_IN, Key.BACK},
    # the Train asked about: its answer, or Back; nothing else changes the card meanwhile
    "reveal": lambda m: ({Key.TRAIN_YES, Key.TRAIN_NO, Key.BACK} if m.flow.train else
                         {Key.NAME, Key.STEP, Key.MARK, Key.VALUE, Key.SUIT, Key.UNBASE, Key.REVEAL, Key.KNOWN,
                          Key.TRAIN, Key.BACK}),
    "duel": _duel_keys,
    "end": lambda m: {*DESK_KEYS, Key.CARD, Key.RECORD} if m.state.final_duel else set(),
}

_TURN: dict[Key, Callable[..., Step[BountytownModel]]] = {
    Key.MOVE: _move, Key.BOARD: _board, Key.PLAYER: _player, Key.BUY: _store, Key.TURNIN: _turn_in_page,
    Key.DUEL: _duel, Key.END_TURN: _end_turn, **{what: _at_once(what) for what in ACTIONS}}

TAPS: dict[str, dict[Key, Callable[..., Step[BountytownModel]]]] = {
    "town": _TURN,
    "players": _TURN,
    "player": {Key.BACK: _to_town, Key.USE: _use, Key.NUMBER: _number, Key.QUICK: _quick,
               Key.CLOSE_STEPS: _close_steps},
    "store": {Key.CHOOSE: _choose_item, Key.CARD: _desk_edit("gold", cards.added),
              Key.TYPED: _desk_edit("gold", cards.typed),
              **{k: _desk_edit("gold", f) for k, f in _DESK.items() if k != Key.TAB},
              Key.RESTOCK: _restock, Key.BACK: _to_town, Key.BUY: _buy},
    "turnin": {Key.TURN_IN: _turn_in, Key.BACK: _to_town},
    "reveal": {Key.NAME: _card_edit(cardform.named), Key.STEP: _card_edit(cardform.stepped),
               Key.MARK: lambda m, where: _card_edit(cardform.marked)(m, where, m.state.grid),
               Key.VALUE: _card_edit(cardform.valued), Key.SUIT: _card_edit(cardform.suited),
               Key.UNBASE: _card_edit(cardform.unbased), Key.REVEAL: _reveal_typed, Key.KNOWN: _reveal_known,
               Key.TRAIN: _train, Key.TRAIN_YES: _train_yes, Key.TRAIN_NO: lambda m: m.edit(train=False),
               Key.BACK: lambda m: m.at("town", train=False)},
    "duel": {Key.TARGET: _target, Key.RIFLE: _duel_edit(lambda s, d: replace(d, rifle=not d.rifle)),
             Key.HAT: _duel_edit(lambda s, d: replace(d, hat=not d.hat)),
             Key.STEAL: _duel_edit(lambda s, d, b: dueling.laid(s, replace(d, steal="" if d.steal == b else b))),
             Key.TO_CARDS: _to_cards, Key.BACK: _duel_back,
             Key.CARD: _desk_edit("duel", cards.added), Key.TYPED: _desk_edit("duel", cards.typed),
             **{k: _desk_edit("duel", f) for k, f in _DESK.items()},
             Key.IN_HAND: _duel_edit(dueling.with_in_hand), Key.TO_RESULT: _to_result, Key.ODDS: _odds,
             Key.CRUCIFIX: _duel_edit(lambda s, d, n: dueling.checked(s, replace(d, crucifix=dueling.flipped(d.crucifix, n)))),
             Key.CRITICAL: _duel_edit(lambda s, d, n, b: replace(d, critical=tuple((k, v) for k, v in d.critical if k != n)
                                                                     + ((n, b),))),
             Key.ITEM: _duel_edit(dueling.with_item),
             Key.ITEMS_AGAIN: _duel_edit(lambda s, d: replace(d, items=(), take="")),
             Key.TAKE: _duel_edit(lambda s, d, item: replace(d, take="" if d.take == item else item)),
             Key.CONFIRM: _confirm, Key.CANCEL: _to_town},
    "end": {Key.CARD: _desk_edit("final", cards.added), **{k: _desk_edit("final", f) for k, f in _DESK.items()},
            Key.RECORD: _record_final},
}


def open_model(history: History, colours: tuple[tuple[str, str], ...] = (),
               known: tuple[str, ...] = ()) -> BountytownModel:
    """The screen model of the game ``history`` holds."""
    return opened(BountytownModel, ENGINE, history.state, history.can_undo, history.can_redo, seq=history.seq,
                  colours=colours, known=known)
