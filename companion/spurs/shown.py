"""What the Spurs screen shows, as immutable values: one per page, built from the model.

The Kivy pages bind their words to these values and nothing else (a page's value is set
only when it differs, so a tap renders only what it changed). Every sentence a player
reads is made here, next to the rule it cites, and every one is checked by the model's
tests: no programmer's words, nothing that contradicts what the engine then does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.contracts.engine import RuleError
from companion.contracts.screen import words_of
from companion.spurs import drawing, forms
from companion.spurs.bag import COLOURS, Bag
from companion.spurs.forms import STEPS, Form, step_text
from companion.spurs.flow import DIG
from companion.spurs.screen import SpursModel
from companion.spurs.state import DrawRecord, Player, SpursState
from companion.spurs.view import cashable, draw_plan, herd_preview, odds_words

#: grid columns for 2..6 players: two rows at most, sheets as wide as they can be
COLUMNS = {2: 2, 3: 3, 4: 2, 5: 3, 6: 3}
STEAL_WORDS = {"none": "Nothing", "money": "Half the money", "gold": "A nugget", "equipment": "Equipment",
               "token": "A token", "stagecoach": "Stagecoach"}


# --- the table ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Sheet:
    """One player's sheet on the table (a row of the table's list)."""

    name: str
    character: str
    colour: str
    fame: int
    target: int
    money: int
    spurs: int
    posters: int
    gold: int
    bag: tuple[int, ...]  # by colour, in COLOURS' order
    carried: str
    current: bool
    compact: bool  # two rows of sheets: smaller numbers
    narrow: bool  # three columns: shorter captions


@dataclass(frozen=True)
class Steps:
    """A number's steps, open over the table: "+1" goes under the finger."""

    player: str
    key: str
    heading: str
    steps: tuple[tuple[str, int], ...]  # (what the button says, the step)


@dataclass(frozen=True)
class TableView:
    sheets: tuple[Sheet, ...]
    cols: int
    compact: bool
    status: str
    actions: str
    steps: Steps | None


def carried_text(player: Player, escorting: bool = False) -> str:
    """The Stagecoach if escorted (R-S13), carried challenge tokens and Equipment in one line
    ("escorts the Stagecoach; P1 pelt, O2 outlaw; Lasso")."""
    tokens = ", ".join(f"{c.token} {c.kind}" for c in player.carried)
    coach = "escorts the Stagecoach" if escorting else ""
    return "; ".join(part for part in (coach, tokens, ", ".join(player.equipment)) if part) or "carries nothing"


def sheet(player: Player, state: SpursState, colour: str) -> Sheet:
    count = len(state.players)
    return Sheet(player.name, player.character, colour, player.fame, state.target, player.money, player.spurs,
                 player.posters, player.gold, tuple(player.bag[c] for c in COLOURS),
                 carried_text(player, state.stagecoach == player.name),  # ruling: R-S13
                 player is state.player and not state.game_over, count > 3, COLUMNS[count] == 3)


def table(model: SpursModel) -> TableView:
    state = model.state
    colours = dict(model.colours)
    sheets = tuple(sheet(p, state, colours.get(p.name, "white")) for p in state.players)
    status = state.last_outcome or f"{state.player.name}'s turn. Tap a number to change it, a player for their actions."
    # the current player's menu: their sheet says TURN and the title names them, so a long
    # name never has to fit on the button too
    return TableView(sheets, COLUMNS[len(state.players)], len(state.players) > 3, status, "Actions", steps(model))


#: every step button a number's steps show, whichever number (made ahead by the screen)
EVERY_STEP = tuple(dict.fromkeys((step_text(key, s), s) for key, steps_ in STEPS.items() for s in steps_))


def steps(model: SpursModel) -> Steps | None:
    if model.flow.steps is None:
        return None
    name, key = model.flow.steps
    player = model.state.players[model.state.index(name)]
    value = getattr(player, key)
    shown = {"fame": f"{value} of {model.state.target}", "money": f"${value}"}.get(key, str(value))
    return Steps(name, key, f"{name}'s {key}: {shown}", tuple((step_text(key, s), s) for s in STEPS[key]))


# --- the menu ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MenuView:
    heading: str
    spurs: int


def menu(model: SpursModel) -> MenuView:
    state, p = model.state, model.state.player
    boost = f", up to +{state.turn.boost} draw(s) available" if state.turn.boost else ""
    # the player's line, then the table's: a long name never pushes the bank mid-line
    return MenuView(f"{p.name} ({p.character}): fame {p.fame}, ${p.money}, {p.spurs} Spur(s){boost}\n"
                    f"Bank ${state.bank}; gold bag {state.gold_bag.gold} gold, {state.gold_bag.stones} stones",
                    p.spurs)


# --- forms -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Odds:
    """A draw's exact odds as read: the deciding chance, what it is the chance of, the rest."""

    chance: str = ""
    headline: str = ""
    lines: str = ""


@dataclass(frozen=True)
class FormView:
    """A form: its values (``form``) and what the state adds to it."""

    kind: str
    title: str
    form: Form
    odds: Odds = Odds()
    choices: tuple[tuple[str, str], ...] = ()  # a duel's opponents, an Event card's players: (value, words)
    gangs: tuple[tuple[str, str], ...] = ()  # desperados waiting from earlier fights: (token, words)
    cards: int = 0  # the desperado cards the rule shows on the form
    rounds: str = ""  # a horse's rounds so far
    herd: str = ""  # what the tapped cattle would pay
    where: str = ""  # the town: who, their money, where they went
    sell: tuple[tuple[str, bool], ...] = ()  # tokens to cash in, and whether each is chosen
    turn_in: tuple[tuple[str, bool], ...] = ()
    me: str = ""  # the current player (a duel's first duellist)
    escort: str = ""  # who escorts the Stagecoach ("" nobody)


def _title(kind: str, state: SpursState) -> str:
    house = state.gang_rule == "house"
    return {"hunt": "Hunt with the rifle: what the token shows",
            "outlaw": "Outlaw: revolver gunfight: what the token shows",
            "horse": "Horse breaking: the token, then each round as it was played",
            "cattle": "Cattle round-up",
            "desperado": "Desperados" + (": every card drawn" if house else ": the first card only (the rest come one "
                                                                               "at a time)"),
            "gold": "Dig for gold, then the desperados" + (": every card drawn" if house else ": the first card only"),
            "duel": "Duel: each duellist's weapon, then the draw (who won comes after it)",
            "town": "Town: one visit to each building",
            "adjust": "Event or Equipment card: what it changes"}[kind]


def odds_of(model: SpursModel, action: dict[str, Any]) -> Odds:
    """The exact odds of the draw ``action`` makes; why it cannot be drawn, if so."""
    form = model.flow.form
    missing = forms.missing(form) if form is not None and form.kind in forms.DRAWING else None
    if missing:
        return Odds(headline=missing)
    try:
        return Odds(*odds_words(draw_plan(model.state, action)))
    except RuleError as exc:
        return Odds(headline=str(exc))


def _gang(state: SpursState, values: Form) -> dict[str, Any]:
    """The cards the rule shows before the draw (R-S4), and the gangs waiting from earlier fights."""
    count = values.get("count")
    extra: dict[str, Any] = {"cards": count if state.gang_rule == "house" else min(count, 1)}
    if values.kind == "desperado":
        extra["gangs"] = tuple((g.token, f"Fight the gang at {g.token} ("
                                + ", ".join(f"{d.weapon} {d.hits}" for d in g.waiting) + " waiting)")
                               for g in state.gangs)
    return extra


def _horse(state: SpursState, values: Form) -> dict[str, Any]:
    rounds = values.get("rounds")
    return {"rounds": ("Rounds: " + ", ".join(f"{i + 1} {r}" for i, r in enumerate(rounds))) if rounds
            else "Tap each round as it ended:"}


def _town(state: SpursState, values: Form) -> dict[str, Any]:
    player, left_out = state.player, values.get("left_out")
    return {"where": f"{player.name}: ${player.money}, {player.gold} gold. Visited: "
                     + (", ".join(state.turn.visited) or "nothing yet"),
            "sell": tuple((t, t not in left_out) for t in cashable(player, "sell")),
            "turn_in": tuple((t, t not in left_out) for t in cashable(player, "turn_in"))}


#: what the state adds to each kind of form
EXTRAS = {
    "desperado": _gang, "gold": _gang, "horse": _horse, "town": _town,
    "cattle": lambda state, values: {"herd": herd_preview(values.get("cells"))},
    "duel": lambda state, values: {"choices": tuple((p.name, p.name) for p in state.players if p is not state.player)},
    "adjust": lambda state, values: {"choices": tuple((p.name, p.name) for p in state.players),
                                     "escort": state.stagecoach or ""},
}


def form(model: SpursModel) -> FormView:
    state, values = model.state, model.flow.open_form
    extra = EXTRAS[values.kind](state, values) if values.kind in EXTRAS else {}
    if values.kind in forms.DRAWING:
        extra["odds"] = odds_of(model, drawing.form_action(model))
    return FormView(values.kind, _title(values.kind, state), values, me=state.player.name, **extra)


# --- the draw ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Tap:
    """One colour of the bag entry: a tap adds one taken out of the bag."""

    kind: str
    words: str
    enabled: bool


@dataclass(frozen=True)
class DrawView:
    phase: str
    title: str
    odds: Odds = Odds()
    pool: str = ""  # what the bag holds for this draw, in words
    barred: str = ""  # the colours the draw leaves in the bag (R-S1)
    taps: tuple[Tap, ...] = ()
    tally: str = ""
    dig_tally: str = ""
    bullets: bool = False  # the entry takes bullets
    dig: bool = False  # and objects from the Gold/Stones bag
    drew: str = ""  # a duel's draws, before who won
    steal: str = "none"
    steals: tuple[tuple[str, str, bool], ...] = ()  # (what, words, chosen)
    winners: tuple[drawing.Outcome, ...] = ()


def tally(what: str, taken: int, asked: int, optional: int) -> str:
    """How far a physical entry is ("Bullets: 2 of 4 tapped"), saying when a Spur's extra
    draws may be left out, so a usual-size draw is not taken for a short one (R-S12)."""
    fewest = f" ({asked - optional} is fine too: the Spur's extra is optional)" if optional else ""
    return f"{what}: {taken} of {asked} tapped{fewest}"


def _tap(kind: str, taken: int, can: int, held: int) -> Tap:
    if held and not can:
        return Tap(kind, f"[b]{kind}[/b]\nstays in\nthe bag", False)
    return Tap(kind, f"[b]{kind}[/b]\n{taken} taken\n{can - taken} left in bag", taken < can)


def barred(weapon: str | None, bag: Bag, can: dict[str, int]) -> str:
    """The colours a weapon's draw leaves in the bag, said before they are tapped (R-S1)."""
    left = [c for c in COLOURS if bag[c] and not can.get(c)]
    if not left:
        return ""
    return f"A {weapon} draw leaves {' and '.join(left)} in the bag (R-S1): do not count {'it' if len(left) == 1 else 'them'}."


def draw(model: SpursModel) -> DrawView:
    current = model.flow.open_draw
    if current.phase == "winner":
        return winner(model)
    plan = draw_plan(model.state, current.pending)
    bullets, dig, optional, weapon, whose = drawing.entry(model)
    can = drawing.pool(model)
    bag = model.state.players[model.state.index(whose)].bag
    taps = tuple(_tap(c, current.count(c), can.get(c, 0), bag[c]) for c in COLOURS)
    taps += tuple(_tap(k, current.count(k), can.get(k, 0), can.get(k, 0)) for k in DIG)
    words = f"{whose}'s bullets ({weapon} draw)" if plan.parts else "Bullets"
    pool_words = "From the bag for this draw: " + ", ".join(f"{can.get(c, 0)} {c}" for c in COLOURS)
    tapped = sum(current.count(c) for c in COLOURS)
    dug = sum(current.count(k) for k in DIG)
    return DrawView(current.phase, plan.title, Odds(*odds_words(plan)),
                    pool_words if bullets and not plan.parts else "", barred(weapon, bag, can) if bullets else "",
                    taps, tally(words, tapped, bullets, optional) if bullets else "",
                    tally("Dug from the Gold/Stones bag", dug, dig, optional) if dig else "", bool(bullets), bool(dig))


def winner(model: SpursModel) -> DrawView:
    """Both duellists' draws, then who won (R-S8: the table fights with the draw and the
    companion records the winner), each winner with what the steal takes from the loser."""
    current = model.flow.open_draw
    drawn = drawing.duel_preview(model, current)
    records = drawn.last_draw if isinstance(drawn, SpursState) else ()
    return DrawView("winner", "Duel: the draws. Who won?", drew="\n".join(
        f"{describe(r)}: {counted(r.bullets)}" for r in records),
        steal=current.steal, steals=tuple((k, w, k == current.steal) for k, w in STEAL_WORDS.items()),
        winners=tuple(drawing.outcomes(model)))


# --- the result of a draw, a fight waiting for its next card -------------------------------------

@dataclass(frozen=True)
class ResultView:
    drew: str
    discs: tuple[str, ...]
    outcome: str
    left: str  # a fight's next card, in words ("" when none is waiting)
    reveal: Form


def discs(record: DrawRecord) -> list[str]:
    """The colour of every object one draw brought up, in a stable order."""
    kinds = DIG if record.bag == "gold" else COLOURS
    return [kind for kind in kinds for _ in range(getattr(record.drawn, kind))]


def describe(record: DrawRecord) -> str:
    """Who drew, how, and from which bag, in words ("The companion drew for Ann: rifle draw")."""
    verb = "dug" if record.bag == "gold" else "drew"
    who = f"The companion {verb} for {record.player}" if record.mode == "digital" else \
        f"{record.player} {verb} from the real bag"
    what = "the Gold/Stones bag" if record.bag == "gold" else (
        f"{record.weapon} draw" if record.weapon else "the whole bag (a gang)")
    return f"{who}: {what}"


def counted(bag: Bag) -> str:
    """Bullets in words, "1 grey, 1 white", or "none"."""
    return ", ".join(f"{bag[c]} {c}" for c in COLOURS if bag[c]) or "none"


def result(model: SpursModel) -> ResultView:
    state = model.state
    duel = len({r.player for r in state.last_draw}) > 1  # whose discs are whose, in words
    fight = state.fight
    left = "" if fight is None else (f"Desperado {fight.beaten + 1} of {fight.size}: reveal the next card. "
                                     f"Bullets not yet counted: {counted(fight.unused)}")
    return ResultView("\n".join(describe(r) + (f": {counted(r.drawn)}" if duel else "") for r in state.last_draw),
                      tuple(k for r in state.last_draw for k in discs(r)), state.last_outcome, left, model.flow.reveal)


# --- the final scores ----------------------------------------------------------------------------

@dataclass(frozen=True)
class FinalView:
    winner: str
    rows: tuple[tuple[str, ...], ...]  # the heading, then a row per player
    tied: tuple[str, ...]
    rematch: bool


def final(model: SpursModel) -> FinalView:
    state = model.state
    rows = (("Place", "Player", "Fame", "Most bonuses", "Score", "Money"),) + tuple(
        (str(r.place), r.name, str(r.fame), ", ".join(r.bonuses) or "-", str(r.score), f"${r.money}")
        for r in state.final)
    words = f"{state.winner} wins!" if state.winner else \
        f"{' and '.join(state.tied_for_first)} tie on score and money. Who won the duel?"  # ruling: R-S7
    return FinalView(words, rows, state.tied_for_first, bool(state.winner))


#: what each page shows before any game is opened (the kv rules read these, never None)
BLANK = {"table": TableView((), 2, False, "", "", None), "menu": MenuView("", 0),
         "form": FormView("hunt", "", forms.blank("hunt")), "draw": DrawView("odds", ""),
         "result": ResultView("", (), "", "", forms.blank("reveal")), "final": FinalView("", (), (), False)}
BLANK_SHEET = Sheet("", "", "white", 0, 10, 0, 0, 0, 0, (0,) * len(COLOURS), "", False, False, False)

VIEWS = {"table": table, "menu": menu, "form": form, "draw": draw, "result": result, "final": final}


def title(model: SpursModel) -> str:
    """The game bar's title: whose turn it is, or the end."""
    state = model.state
    return "Spurs: final scores" if state.game_over else f"Spurs: {state.player.name}'s turn"


def view(model: SpursModel, page: str | None = None) -> Any:
    """What ``page`` (default: the page shown) shows of ``model``."""
    return VIEWS[page or model.page](model)


def everything(model: SpursModel) -> list[str]:
    """Every sentence the page shown gives a player to read (the tests check each)."""
    found: list[str] = [model.message, model.news] + words_of(view(model), (Form,))
    return [text for text in found if text]

