"""The form pages that turn what happened at the table into one action: challenges, the
town, duels and Event cards.

A form's values are the screen model's (companion/spurs/forms.py): each stepper, row of
choices and text box shows its field's value and sends its taps to the model, which keeps
them within what the game allows, prefills them with the last values used and a free token
name, and says what is missing before anything is sent.
"""

from __future__ import annotations

from typing import Any, Iterator

from kivy.factory import Factory
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.textinput import TextInput

from companion.spurs import shown
from ui.kit.kvload import load_kv
from ui.pace.pages import in_rows
from ui.spurs.controls import OptionButton, Options, Stepper
from ui.spurs.page import Page
import ui.kit.rowlist  # noqa: F401  (RowList for the kv rules)


class FieldStepper(Stepper):
    """A stepper for one field of the form ``page`` shows."""

    page = ObjectProperty(None, allownone=True, rebind=True)

    @staticmethod
    def number(form: Any, field: str) -> int:
        """The field's value (0 while the page shows a form without it)."""
        value = form.get(field, 0)
        return value if isinstance(value, int) else 0


class FieldOptions(Options):
    """A row of choices for one field of the form ``page`` shows."""

    page = ObjectProperty(None, allownone=True, rebind=True)


class FieldText(TextInput):
    """Words typed for one field of the form ``page`` shows (a token's name, an item's)."""

    page = ObjectProperty(None, allownone=True, rebind=True)
    field = StringProperty("")

    def typed(self, text: str) -> None:
        if self.page is not None and self.page.game is not None and text != self.page.view.form.get(self.field):
            self.page.game.tap("set", self.field, text)


class TokenButton(OptionButton):
    """A carried token to cash in, chosen (down) or left out; a row of a list."""

    shown = ObjectProperty(("", True), rebind=True)
    choose = ObjectProperty(None, allownone=True)


class CardDeltas(GridLayout):
    """Signed changes an Event or Saloon card makes: fame, money, spurs, posters, bullets
    (the fields named with ``prefix``). Its steppers are made a row at each ``next()`` of
    :meth:`parts`: the nine made at once were 20-25 ms of kv rules here, the longest part of
    the town's and the Event card's pages (issue 38)."""

    page = ObjectProperty(None, allownone=True, rebind=True)
    prefix = StringProperty("")
    #: each stepper's field (after ``prefix``), label and bounds, in the order shown
    STEPPERS: tuple[tuple[str, str, dict[str, Any]], ...] = (
        ("fame", "Fame", {"minimum": -99}), ("money", "Money $", {"step": 5, "minimum": -999, "maximum": 999}),
        ("spurs", "Spurs", {"minimum": -9}), ("posters", "Posters", {"minimum": -9}),
        *((colour, colour, {"colour": colour, "minimum": -20})
          for colour in ("grey", "brown", "white", "black", "red")))

    def parts(self) -> Iterator[None]:
        """The steppers not made yet, a row at each ``next()``."""
        return in_rows(self, self.STEPPERS, self._stepper)

    def _stepper(self, stepper: tuple[str, str, dict[str, Any]]) -> FieldStepper:
        field, label, bounds = stepper
        return FieldStepper(page=self.page, field=self.prefix + field, label=label, signed=True, **bounds)

    def on_page(self, _deltas: CardDeltas, page: Any) -> None:
        for stepper in self.children:
            stepper.page = page


class FormPage(Page):
    view = ObjectProperty(shown.BLANK["form"], rebind=True)

    def value(self, form: Any, name: str, default: Any = 0) -> Any:
        return form.get(name, default)


class ShootPage(FormPage):
    """Hunting (rifle) or an Outlaw (revolver): the token's hits, reward and red icon."""


class HorsePage(FormPage):
    """Horse breaking: the rounds as the dice and the Mini Board played them."""


class CattlePage(FormPage):
    """Cattle round-up: tap where the cattle stand on the Mini Board when it ended."""


class GangPage(FormPage):
    """Desperados, or digging for gold and then the desperados: how many, and the cards
    the rule lets the player see before the draw (R-S4)."""

    _nuggets: Any = None

    def on_kv_post(self, _base: Any) -> None:
        self._nuggets = self.ids.nuggets.__self__  # held while out of the row (ids are weak)

    def on_view(self, _page: GangPage, view: shown.FormView) -> None:
        """The nuggets' stepper in the row for a dig only: out of the tree otherwise, since a
        hidden stepper would still take the taps on the one beside it."""
        nuggets = self._nuggets
        if nuggets is None:
            return
        row = self.ids.token_row
        if view.kind == "gold" and nuggets.parent is None:
            row.add_widget(nuggets, index=2)
        elif view.kind != "gold" and nuggets.parent is not None:
            row.remove_widget(nuggets)


class TownRoom(Screen):
    """A building of the town page (``page``), with what can be done there."""

    page = ObjectProperty(None, rebind=True)

    def parts(self) -> Iterator[None]:
        """Its card's steppers (the Saloon's), if it has them, a row at each ``next()``."""
        return self.ids.deltas.parts() if "deltas" in self.ids else iter(())


class TownPage(FormPage):
    """The town's buildings, each with what can be done there: a room each, made a part a
    tick (``parts``): the page made whole was 47-90 ms of kv rules here in one frame (issue 38)."""

    #: the rooms' names -> their classes (kv rules), in the order of the buttons that show them
    ROOMS = {"store": "StoreRoom", "sheriff": "SheriffRoom", "doctor": "DoctorRoom", "saloon": "SaloonRoom",
             "bank": "BankRoom"}

    def parts(self) -> Iterator[None]:
        """The rooms, one at each ``next()`` (the first made is the one shown: the store)."""
        for name, cls in self.ROOMS.items():
            room = Factory.get(cls)(name=name, page=self)
            self.ids.rooms.add_widget(room)
            yield
            yield from room.parts()


class DuelPage(FormPage):
    """A duel (R-S8): against whom, and each duellist's weapon; then the draw, and who won."""


class AdjustPage(FormPage):
    """An Event or Equipment card's effect on any player, and on the bank's cash; and who
    escorts the Stagecoach event card (R-S13)."""

    def parts(self) -> Iterator[None]:
        """The card's steppers, a row at each ``next()`` (:class:`CardDeltas`)."""
        return self.ids.deltas.parts()


load_kv(__file__)
