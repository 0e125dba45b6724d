"""What the Bountytown screen shows, as immutable values: one per page, built from the model.

The Kivy pages bind their words to these values and nothing else. Every sentence a player
reads is made here (or in :mod:`companion.bountytown.view`, which the game's log shares),
next to the rule it cites; the model's tests check each one: players' words, and never a
word that contradicts what the engine then does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from companion.bountytown import cardform, desk as cards, dueling
from companion.bountytown.desk import Desk
from companion.bountytown.engine import ENGINE, preview
from companion.bountytown.hands import best_play, rank
from companion.bountytown.screen import STEPS, BountytownModel, train_end
from companion.bountytown.state import ITEM_PRICES, Bounty, GameState, Player
from companion.bountytown.cards import suit_of, value_of
from companion.bountytown.view import (ABILITIES, actions_left, bounties_at, card_name, describe, empty_slots,
                                       out_of_the_game, players_at, renown_split)
from companion.contracts.engine import RuleError, listed
from companion.contracts.screen import signed, words_of

#: every step button a number's steps show, whichever number (made ahead by the screen)
EVERY_STEP = tuple(dict.fromkeys((signed(s), s) for steps in STEPS.values() for s in steps))

WORKING = "Working out the odds..."


@dataclass(frozen=True)
class Option:
    """A button of a list redrawn from the state: its words, whether it is the one chosen, and
    the tap it makes (key and arguments)."""

    words: str
    on: bool
    tap: tuple[Any, ...]


# --- the town, the board ----------------------------------------------------------------------

@dataclass(frozen=True)
class Cell:
    """One location of the town: who stands there (name, colour, their turn), the bounties."""

    location: str
    bounties: str
    here: bool
    people: tuple[tuple[str, str, bool], ...]


@dataclass(frozen=True)
class Row:
    """A renown board line: tap it for the player's items, wounds and bounties."""

    name: str
    colour: str
    headline: str
    detail: str


@dataclass(frozen=True)
class TownView:
    cells: tuple[Cell, ...]
    turn: str  # whose turn, on one line under the town
    status: str  # whose turn and what the location does, on the board
    board: tuple[Row, ...]
    gone: str  # bounties out of the game, and why (R-B8)
    players: bool  # the board shows, not the town


def colour(model: BountytownModel, name: str) -> str:
    return dict(model.colours).get(name, "white")


def board(model: BountytownModel, players: list[Player]) -> tuple[Row, ...]:
    """The renown board, one line per player (R-B6: turned-in bounties count and are locked)."""
    state = model.state
    rows = []
    for player in players:
        captured, turned_in = renown_split(player)
        turn = player.name == state.current.name and not state.finished
        wounds = f"{player.wounds}/{player.hand_limit} wounds"
        items = f"{len(player.items)} item{'' if len(player.items) == 1 else 's'}"
        by_hand = f" + {player.renown_adjust} by hand" if player.renown_adjust else ""
        rows.append(Row(player.name, colour(model, player.name), f"{'> ' if turn else ''}{player.name}: renown {player.renown}",
                        f"{captured} captured + {turned_in} turned in{by_hand}\n{wounds}; {items}"))
    return tuple(rows)


def town(model: BountytownModel) -> TownView:
    state, current = model.state, model.state.current
    cells = tuple(Cell(name, "\n".join(f"Bounty: {b.name} ({b.renown})" for b in bounties_at(state, name)),
                       current.location == name,
                       tuple((p.name, colour(model, p.name), p.name == current.name) for p in players_at(state, name)))
                  for name in state.grid)
    if state.turn_over:
        turn = f"{current.name}'s turn is over (critical wound): End turn"
    else:
        turn = f"{current.name} to play: {actions_left(state)} of 3 actions left"
    ability = ABILITIES.get(current.location, "")
    status = f"{turn}\nAt {current.location}" + (f": {ability}" if ability else "")
    return TownView(cells, turn, status, board(model, list(state.players)), out_of_the_game(state), model.page == "players")


# --- a player -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Steps:
    """A number's steps, open over the page: "+1" goes under the finger."""

    player: str
    key: str
    heading: str
    steps: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class PlayerView:
    name: str
    details: str
    items: tuple[str, ...]
    renown: int
    wounds: int
    steps: Steps | None


def bounty_list(bounties: tuple[Any, ...]) -> str:
    return ", ".join(f"{b.name} ({b.renown})" for b in bounties) or "none"


def player(model: BountytownModel) -> PlayerView:
    p = model.state.player(model.flow.player)
    details = "\n".join([
        f"{p.name}, playing {p.character or 'a character'}, at {p.location}",
        f"Items: {', '.join(p.items) or 'none'}",
        f"Captured (can be stolen): {bounty_list(p.captured)}",
        f"Turned in (locked): {bounty_list(p.turned_in)}",
        f"Tap renown or wounds to change it by hand (an ability, a card, a mistake put right).",
    ])
    steps = None
    if model.flow.steps is not None:
        name, key = model.flow.steps
        value = getattr(model.state.player(name), key)
        shown = f"{value} of hand limit {p.hand_limit}" if key == "wounds" else str(value)
        steps = Steps(name, key, f"{name}'s {key}: {shown}",
                      tuple((signed(s), s) for s in STEPS[key]))
    return PlayerView(p.name, details, p.items, p.renown, p.wounds, steps)


# --- a desk of cards ----------------------------------------------------------------------------

@dataclass(frozen=True)
class DeskView:
    """A desk: its tabs (slot, words, on), the active slot's rank (or count) and what a tap on
    a card does, and its cards (index, words, played)."""

    tabs: tuple[tuple[int, str, bool], ...] = ()
    first: str = ""
    second: str = ""
    chips: tuple[tuple[int, str, bool], ...] = ()
    choosable: bool = False


def desk(value: Desk) -> DeskView:
    slot = value.slot
    if slot is None:
        return DeskView()
    first, second = cards.heading(slot, titled=len(value.slots) == 1)
    return DeskView(cards.tabs(value), first, second, cards.chips(slot), slot.choosable)


# --- the store, a turn-in ----------------------------------------------------------------------

@dataclass(frozen=True)
class StoreView:
    forsale: tuple[Option, ...]
    totals: str
    desk: DeskView
    restock: tuple[str, ...]


def store(model: BountytownModel) -> StoreView:
    state, buying = model.state, model.flow.buying
    forsale = tuple(Option(f"{item} ${ITEM_PRICES[item]}" + ("  (buying)" if i in buying else ""), i in buying,
                           ("choose", i)) for i, item in enumerate(state.store))
    items = [state.store[i] for i in buying if i < len(state.store)]
    gold = model.flow.gold.slots[0].cards if model.flow.gold.slots else ()
    worth = sum(value_of(c) for c in gold if suit_of(c) == "G")
    totals = f"Buying {', '.join(items) or 'nothing'}: ${sum(ITEM_PRICES[i] for i in items)}. Gold paid: ${worth}"
    return StoreView(forsale, totals, desk(model.flow.gold), tuple(ITEM_PRICES))


@dataclass(frozen=True)
class TurnInView:
    choices: tuple[Option, ...]
    none: str


def turnin(model: BountytownModel) -> TurnInView:
    current = model.state.current
    return TurnInView(tuple(Option(f"Turn in {b.name} (renown {b.renown})", False, ("turn_in", b.name))
                            for b in current.captured), f"{current.name} holds no captured bounty to turn in.")


# --- the end of a turn: the cards revealed ------------------------------------------------------

@dataclass(frozen=True)
class RevealView:
    progress: str
    card: cardform.Card
    grid: tuple[str, ...]
    known: tuple[Option, ...]  # cards typed before, not in play: one tap reveals one
    base: tuple[tuple[int, str, bool], ...]
    train: str = ""  # the Train tapped: what it does, asked before it is done ("" when not asked)


def in_play(state: GameState) -> set[str]:
    names = {b.name for p in state.players for b in p.captured + p.turned_in}
    return names | set(state.escaped) | set(state.discarded) | {b.name for b in state.active}


def reveal(model: BountytownModel) -> RevealView:
    state, flow = model.state, model.flow
    names = [json.loads(r)["name"] for r in flow.revealed]
    progress = (f"End of the turn: the card revealed into an empty bounty slot ({len(names) + 1} of "
                f"{empty_slots(state)})" + (f"; revealed {', '.join(names)}" if names else ""))
    taken = in_play(state) | set(names)
    known = tuple(Option(cardform.words(k), False, ("known", k)) for k in model.known
                  if json.loads(k)["name"] not in taken and set(json.loads(k)["locations"]) <= set(state.grid))
    base = tuple((i, card_name(c), False) for i, c in enumerate(flow.card.base))
    return RevealView(progress, flow.card, state.grid, known, base, train_question(model) if flow.train else "")


def train_question(model: BountytownModel) -> str:
    """What the Train would do, from the engine's own end of the game (R-B6), as a question."""
    after = ENGINE.apply(model.state, train_end(model))  # ruling: R-B6 (most renown wins; a tie, a final duel)
    top = max(p.renown for p in after.players)
    if after.final_duel:
        outcome = f"{listed(after.final_duel)} are tied at renown {top} and fight a final duel"
    else:
        outcome = f"{listed(after.winners)} wins with renown {top}"
    return f"The Train ends the game: {outcome}. End it now?"


# --- the duel ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Count:
    """A hand's count of cards in hand (R-B7): its words and its range."""

    name: str
    words: str
    value: int
    least: int
    most: int


@dataclass(frozen=True)
class DuelView:
    step: str
    heading: str = ""
    targets: tuple[Option, ...] = ()
    extras: tuple[Option, ...] = ()
    desk: DeskView = DeskView()
    counts: tuple[Count, ...] = ()
    info: str = ""
    ready: str = ""  # why Confirm cannot be tapped yet ("" when it can)
    result: str = ""
    choices: tuple[Option, ...] = ()  # a result's choices (an Option with no tap is a note)


def cards_text(cards_: Any) -> str:
    return ", ".join(card_name(c) for c in cards_) or "none"


def targets(model: BountytownModel) -> tuple[tuple[Option, ...], tuple[Option, ...]]:
    """Whom to face: each bounty and player in reach (a Rifle reaches every location), then
    notes saying why the others are not; and what goes with the choice."""
    state, duel = model.state, model.flow.duel
    reached, why = dueling.reach(state, duel)
    chosen = []
    for target in reached:
        kind = "bounty" if isinstance(target, Bounty) else "player"
        on = duel.kind == kind and duel.target == target.name
        if isinstance(target, Bounty):
            words = (f"{target.name} (renown {target.renown}) at {' / '.join(target.locations)}; "
                     f"base {cards_text(target.base)}; draws {target.draws}; {target.items} item(s)")
        else:
            words = (f"{target.name} (renown {target.renown}) at {target.location}; "
                     f"can be stolen: {', '.join(b.name for b in target.captured) or 'none'}")
        chosen.append(Option(f"{'(chosen) ' if on else ''}{words}", on, ("target", kind, target.name)))
    if why:
        chosen.append(Option("Out of reach:" if reached else "Nobody is in reach:", False, ()))
        chosen += [Option(f"{reason}.", False, ()) for reason in why]
    return tuple(chosen), tuple(extras(state, duel))


def extras(state: GameState, duel: dueling.Duel) -> list[Option]:
    """A Rifle to spend, and against a player the bounty at stake and their Cowboy Hat."""
    me, found = state.current, []
    if "Rifle" in me.items:
        found.append(Option(f"{me.name} discards the Rifle (duel from afar): {'yes' if duel.rifle else 'no'}",
                            duel.rifle, ("rifle",)))
    if duel.kind != "player":
        return found
    defender = state.player(duel.target)
    found += [Option(f"At stake: {b.name} ({b.renown}): {'yes' if duel.steal == b.name else 'no'}",
                     duel.steal == b.name, ("steal", b.name)) for b in defender.captured]
    if "Cowboy Hat" in defender.items:
        found.append(Option(f"{defender.name} discards the Cowboy Hat: {'yes' if duel.hat else 'no'}", duel.hat,
                            ("hat",)))
    return found


def advice(model: BountytownModel) -> str:
    """Rank, best play and exact odds, from the cards entered so far (before the draw)."""
    state, duel = model.state, model.flow.duel
    lines = []
    target = dueling.bounty(state, duel)
    if target:
        lines.append(f"{target.name}: base {cards_text(target.base)}; draws {target.draws}")
    hands = [s for s in duel.desk.slots if s.choosable]
    for name, slot in zip(dueling.duellists(state, duel), hands):
        note = dueling.room(state, duel, name).note
        if note:
            lines.append(note)
        if slot.played:
            lines.append(f"{name} plays {cards_text(slot.played)}: {rank(slot.played).name}")
            best = best_play(slot.cards, most=slot.most)
            if sorted(best) != sorted(slot.played):
                lines.append(f"  best play for {name}: {cards_text(best)}")
    question = dueling.odds_question(state, duel)
    if question is not None:
        lines.append(odds_line(target, hands[0], dueling.answer(duel, question)))
    return "\n".join(lines)


def percent(p: Any) -> str:
    return f"{float(p) * 100:.1f}%"


def odds_line(target: Any, mine: Any, chances: Any) -> str:
    """The odds of the cards played against the bounty, once known for these very cards."""
    if chances is None:
        return WORKING
    if isinstance(chances, Exception):
        return f"Odds not available: {chances}"
    odds = chances.against(rank(mine.played), tuple(mine.played))
    return (f"Against {target.name}'s {target.draws} draws: win {percent(odds.p_win)}, tie {percent(odds.p_tie)}, "
            f"lose {percent(odds.p_lose)}")


def result(model: BountytownModel) -> tuple[str, str, tuple[Option, ...]]:
    """The result in words (or why Confirm waits), and the choices it needs."""
    state, duel = model.state, model.flow.duel
    wanting = dueling.missing(state, duel)
    try:
        if wanting:
            raise RuleError("Duels", wanting)
        ready, words = "", "\n".join(describe(preview(state, dueling.action(state, duel))))
    except RuleError as exc:
        ready, words = f"Not ready: {exc.message if wanting else exc}", ""
    return ready, words, tuple(crucifixes(state, duel) + criticals(state, duel) + items(state, duel))


def crucifixes(state: GameState, duel: dueling.Duel) -> list[Option]:
    """A Crucifix each duellist holding one may discard (R-B4)."""
    return [Option(f"{name} discards a Crucifix (no wounds): {'yes' if name in duel.crucifix else 'no'}",
                   name in duel.crucifix, ("crucifix", name))
            for name in dueling.duellists(state, duel) if "Crucifix" in state.player(name).items]


def criticals(state: GameState, duel: dueling.Duel) -> list[Option]:
    """The bounty each critically wounded duellist discards (R-B5), a note before the choices."""
    found = []
    for name, bounties in dueling.choices(state, duel).items():
        found.append(Option(f"{name} is critically wounded: which bounty to discard?", False, ()))
        chosen = dict(duel.critical).get(name)
        found += [Option(f"{name} discards {b}{' (chosen)' if chosen == b else ''}", chosen == b, ("critical", name, b))
                  for b in bounties]
    return found


def items(state: GameState, duel: dueling.Duel) -> list[Option]:
    """A bounty's face-down items: what they are, then which one the winner takes."""
    target = dueling.bounty(state, duel)
    if duel.kind != "bounty" or target is None or not target.items:
        return []
    found = [Option(f"{target.name}'s {target.items} face-down item(s): {', '.join(duel.items) or 'tap what they are'}",
                    False, ())]
    if len(duel.items) < target.items:
        return found + [Option(f"It is a {item}", False, ("item", item)) for item in ITEM_PRICES]
    found += [Option(f"{state.current.name} takes the {item}: {'yes' if duel.take == item else 'no'}",
                     duel.take == item, ("take", item)) for item in dict.fromkeys(duel.items)]
    return found + [Option("Re-enter the items", False, ("items_again",))]


def duel(model: BountytownModel) -> DuelView:
    state, draft = model.state, model.flow.duel
    if draft.step == "target":
        me = state.current
        chosen, extras = targets(model)
        return DuelView("target", f"Duel: whom does {me.name} (at {me.location}) face?", chosen, extras)
    if draft.step == "cards":
        counts = []
        for name in dueling.duellists(state, draft):
            r = dueling.room(state, draft, name)
            counts.append(Count(name, f"{name}'s cards in hand", r.in_hand, r.fewest, r.largest))
        return DuelView("cards", desk=desk(draft.desk), counts=tuple(counts), info=advice(model))
    ready, words, choices = result(model)
    return DuelView("result", ready=ready, result=words, choices=choices)


# --- the end ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class EndView:
    headline: str
    tied: tuple[str, ...]
    board: tuple[Row, ...]
    desk: DeskView


def end(model: BountytownModel) -> EndView:
    state = model.state
    top = max(p.renown for p in state.players)
    if state.final_duel:
        headline = (f"The Train! Tied at renown {top}: {', '.join(state.final_duel)}. "
                    "Enter each one's final duel hand:")
    elif len(state.winners) == 1:
        headline = f"The Train! Hero of Bountytown: {state.winners[0]} (renown {top})"
    else:
        headline = f"The Train! Heroes of Bountytown, sharing the title: {' and '.join(state.winners)}"
    ranked = board(model, sorted(state.players, key=lambda p: -p.renown))
    return EndView(headline, state.final_duel, ranked, desk(model.flow.final))


def title(model: BountytownModel) -> str:
    """The game bar's title carries the standings, so renown stays in sight on every page."""
    return "Renown: " + ", ".join(f"{p.name} {p.renown}" for p in model.state.players)


VIEWS = {"town": town, "players": town, "player": player, "store": store, "turnin": turnin, "reveal": reveal,
         "duel": duel, "end": end}


def view(model: BountytownModel, page: str | None = None) -> Any:
    return VIEWS[page or model.page](model)


def everything(model: BountytownModel) -> list[str]:
    """Every sentence the page shown gives a player to read (the tests check each)."""
    found = [model.message, model.news, title(model)] + words_of(view(model), (cardform.Card,))
    return [text for text in found if text]

