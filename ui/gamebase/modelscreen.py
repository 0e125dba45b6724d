"""A game screen whose flow is a Kivy-free screen model (companion/contracts/screen.py): the screen
only passes taps to the model, saves what the model says to save, and shows the model's
values; it decides nothing.

Each tap: the model gives its step; the step's save goes to the store (an action, an undo,
a redo: the store alone applies it) before anything is shown; the model then reads the state
the store holds. A tap that moved the screen on (it saved, or showed another page or step)
arms the shared double-tap guard (ui/kit/doubletap.py) with that tap's touch, so the second tap
of a double tap does not repeat it (a button the first put under the finger never takes it
anyway); a tap whose double is meant lets it through. A step's sound is played, as every game screen does,
and what an action saved says aloud (:mod:`companion.voice.told`) is said by ui/sound/speech.py.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import ObjectProperty

from companion.contracts.screen import ScreenModel, Step, moved, taken
from companion.voice.told import said
from ui.sound import sounds
from ui.kit.doubletap import GUARD
from ui.gamebase.gamescreen import GameScreen
from ui.pace.later import AfterFrame
from ui.sound.speech import SPEAKER


class ModelScreen(GameScreen):
    """The base of the Spurs and Bountytown screens. A subclass gives ``opened`` (its model
    for a session), ``show`` (the model's values onto its pages) and ``DOUBLE_TAPPED`` (keys
    whose double tap is meant: the second reaches what the first opened)."""

    model = ObjectProperty(None, allownone=True)
    DOUBLE_TAPPED: frozenset[str] = frozenset()
    #: page shown -> taps whose page is filled in ahead, after the frame that answers a tap (a
    #: page's first words rendered on the tap that shows it cost a Pi several frames)
    AHEAD: dict[str, tuple[tuple[Any, ...], ...]] = {}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._ahead_taps: list[tuple[Any, ...]] = []
        self._ahead_after = 0
        self._ahead_later = AfterFrame(self._fill_ahead)
        self._ahead_next = Clock.create_trigger(self._fill_ahead)

    def opened(self, session: Any) -> ScreenModel[Any]:
        raise NotImplementedError

    def show(self, model: ScreenModel[Any]) -> None:
        """Put ``model``'s values on the pages (each set only when it changed)."""
        raise NotImplementedError

    def on_session(self, _screen: Any, session: Any) -> None:
        if session is not None:
            self.model = self.opened(session)
        super().on_session(_screen, session)

    def refresh(self) -> None:
        super().refresh()
        if self.model is not None:
            self.message, self.news = self.model.message, self.model.news
            self.show(self.model)
            self._ahead_taps = list(self.AHEAD.get(self.model.page, ()))
            self._ahead_after = Clock.frames_displayed  # not before the frame that shows this
            if self._ahead_taps:
                self._ahead_later()

    def fill(self, model: ScreenModel[Any]) -> None:
        """Put ``model``'s values on the page it shows, without showing it (a page ahead)."""

    def _fill_ahead(self, _dt: float) -> None:
        """One page a tap may show next, filled in with what that tap would show (the model is
        a value: a tap tried on it changes nothing else, and a tap that would save only says
        so, its save never made); the next one a frame later."""
        if not self._ahead_taps or self.model is None:
            return
        if Clock.frames_displayed <= self._ahead_after:  # armed by an earlier frame: wait for this one
            self._ahead_later()
            return
        if getattr(App.get_running_app(), "building", False):  # the app builds a part a tick (a page not
            self._ahead_next()  # made yet would be made whole here, in a part's frame: issue 38): after it
            return
        step = self.model.tap(*self._ahead_taps.pop(0))
        if step.save is None and step.model.page != self.model.page:
            self.fill(step.model)
        if self._ahead_taps:  # the answer is on screen: the next at the next tick, drawn or not
            self._ahead_next()

    def tap(self, key: str, *args: Any) -> bool:
        """A button's tap: what the model does with it, saved before it is shown. True when
        the tap saved something."""
        before = self.model
        if before is None or self.session is None:
            return False
        self._ahead_taps = []  # what the page left would have filled ahead is not needed now
        return self._take(before, before.tap(key, *args), key)

    def _take(self, before: ScreenModel[Any], step: Step[Any], key: str = "") -> bool:
        """A step saved through the session, then shown as the model reads the session back
        (:func:`companion.contracts.screen.taken`: one path for do, undo and redo); heard, and the guard
        armed if it moved the screen on. True when the tap saved something."""
        done = taken(before, step, self.session)
        if key in self.DOUBLE_TAPPED:
            GUARD.meant()
        elif moved(before, done):
            GUARD.moved_on()
        if done.sound == "refusal":
            self.message = ""  # the same refusal twice is still heard twice (GameScreen.on_message)
        elif done.sound:
            sounds.play(done.sound)
        if done.save is not None and done.save.kind == "do":  # a draw's hits, a duel's result, the winners: said
            SPEAKER.say(partial(said, before.engine, before.state, done.save.action, done.model.state))
        self.model = done.model
        self.refresh()
        return done.save is not None

    def act(self, action: Any) -> bool:
        """An action sent without a tap of its own (a test's set-up, a script): saved like a
        tap's, the page staying where it is unless the state takes the screen elsewhere."""
        before = self.model
        return self._take(before, before.commit(action, before.flow), "act")

    def undo(self) -> None:
        self.tap("undo")

    def redo(self) -> None:
        self.tap("redo")

    def dismiss(self) -> None:
        self.tap("got_it")
