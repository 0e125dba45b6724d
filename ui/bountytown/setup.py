"""Setting up Bountytown as the rulebook's Setup does: who plays in seat order, the
characters they picked, the 3x3 town, the items for sale and the three first bounties.

The setup is a value (companion/bountytown/setupflow.py): every tap here makes the next one
and the page shows it. A player's character and hand limit come back from their last game,
and a bounty card typed in before is one tap, so a new game with known players is a few taps.
Nothing is judged here: the settings go to ``app.start_session``, and the engine's refusal
(with its rule) is shown on this screen, whole, until 'Got it' or the next tap.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Iterator

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.bountytown import cardform, setupflow
from companion.bountytown.setupflow import Setup
from ui.bountytown.town import KNOWN_PREF
from ui.kit.kvload import load_kv
from ui.pace.pages import LazyPages
from ui.kit.widgets import AboveKeys
import ui.bountytown.forms  # noqa: F401  (BountyForm, CountStepper for the kv rules)
import ui.kit.picker  # noqa: F401  (PlayerPicker for the kv rules)

CHARACTERS_PREF = "bountytown.characters"  # each player's last character and hand limit
#: the setup's steps, name -> class (kv rules), made a frame each (the five in one rule were one
#: frame of 60-120 ms here, issue 38)
STEPS = {"Players": "SetupPlayersStep", "Characters": "SetupCharactersStep", "Town": "SetupTownStep",
         "Store": "SetupStoreStep", "Bounties": "SetupBountiesStep"}


class SetupStep(Screen):
    """A step of the setup (a page of its own), ``screen`` the setup it belongs to; its
    widgets' ids are the setup's too."""

    screen = ObjectProperty(None, rebind=True)


class HeroRow(BoxLayout):
    """A seated player (a row of a list, ``shown`` its Hero): the character they chose and its
    hand limit."""

    shown = ObjectProperty(setupflow.Hero("", "white"), rebind=True)
    choose = ObjectProperty(None, allownone=True)

    def typed(self, text: str) -> None:
        if self.choose is not None and text != self.shown.character:
            self.choose("character", self.shown.player, text)


class BountytownSetup(Screen):
    setup = ObjectProperty(Setup(), rebind=True)
    above_keys: AboveKeys | None = None
    #: shown with its first step made; the others are made a frame each after (or when tapped)
    SHOWN_BEFORE_PARTS = True

    def on_kv_post(self, _base: Any) -> None:
        for name, cls in STEPS.items():
            self.pages.promise(name, lambda cls=cls: self._step(cls))

    @property
    def pages(self) -> LazyPages:
        return self.ids.pages

    def _step(self, cls: str) -> SetupStep:
        step = Factory.get(cls)(screen=self)
        self.ids.update(step.ids)
        if "picker" in step.ids:
            step.ids.picker.bind(chosen=lambda *_: self.seat())
        if "characters_scroll" in step.ids:
            self.above_keys = AboveKeys(self.ids.layout, step.ids.characters_scroll)
        return step

    def parts(self) -> Iterator[None]:
        """The steps not made yet, one a tick (the app builds the screen so: ui/shell/app.py)."""
        return self.pages.parts()

    def on_setup(self, _screen: Any, setup: Setup) -> None:
        if self.ids and self.pages.current != setup.step:
            self.pages.current = setup.step

    def on_pre_enter(self, *_args: Any) -> None:
        store = App.get_running_app().store
        self.setup = Setup(known=tuple(store.pref(KNOWN_PREF, [])),
                           remembered=tuple(tuple(r) for r in store.pref(CHARACTERS_PREF, [])))
        self.pages.get_screen("Players").ids.picker.refresh()
        self.seat()

    def seat(self) -> None:
        picker = self.pages.get_screen("Players").ids.picker
        self.setup = setupflow.seated(self.setup, [(p.name, p.colour) for p in picker.chosen])

    def tap(self, key: str, *args: Any) -> None:
        """A tap on the setup: the next setup, shown."""
        change: Callable[..., Setup] = TAPS[key]
        self.setup = change(self.setup, *args)

    def form(self, key: str, *args: Any) -> None:
        """A tap on the bounty card shown (its name, numbers, town picture, base cards)."""
        setup = self.setup
        done = FORM[key](setup.card, *args) if key != "mark" else cardform.marked(setup.card, args[0], setup.grid)
        self.setup = replace(setup, message=f"Refused: {done}") if isinstance(done, str) else setup.with_card(done)

    def start(self) -> None:
        found = setupflow.ready(self.setup)
        if isinstance(found, Setup):
            self.setup = found
            return
        app = App.get_running_app()
        message = app.refusal_to_start("bountytown", found)
        if message:
            self.setup = replace(self.setup, message=message)
            return
        app.store.set_pref(CHARACTERS_PREF, [[h.player, h.character, h.limit] for h in self.setup.heroes]
                           + [list(r) for r in self.setup.remembered
                              if r[0] not in {h.player for h in self.setup.heroes}])


TAPS: dict[str, Callable[..., Setup]] = {
    "show": setupflow.shown_step, "character": setupflow.character, "limit": setupflow.limited,
    "cell": setupflow.cell, "place": setupflow.placed, "custom": lambda s, t: replace(s, custom=t),
    "reset_town": lambda s: replace(s, grid=setupflow.SETUP_DIAGRAM, selected=-1, message=""),
    "stock": setupflow.stocked, "page": lambda s, i: replace(s, page=i, message=""), "known": setupflow.known_card,
    "got_it": setupflow.got_it,
}
FORM: dict[str, Callable[..., Any]] = {
    "name": cardform.named, "step": cardform.stepped, "value": cardform.valued, "suit": cardform.suited,
    "unbase": cardform.unbased,
}


load_kv(__file__)
