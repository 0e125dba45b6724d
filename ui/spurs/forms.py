"""The form pages that turn what happened at the table into one action: challenges, the
town, duels and Event cards.

A form's values are the screen model's (companion/spurs/forms.py): each stepper, row of
choices and text box shows its field's value and sends its taps to the model, which keeps
them within what the game allows, prefills them with the last values used and a free token
name, and says what is missing before anything is sent.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.textinput import TextInput

from companion.spurs import shown
from ui.kit.kvload import load_kv
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
    (the fields named with ``prefix``)."""

    page = ObjectProperty(None, allownone=True, rebind=True)
    prefix = StringProperty("")


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


class TownPage(FormPage):
    """The town's buildings, each with what can be done there."""


class DuelPage(FormPage):
    """A duel (R-S8): against whom, and each duellist's weapon; then the draw, and who won."""


class AdjustPage(FormPage):
    """An Event or Equipment card's effect on any player, and on the bank's cash; and who
    escorts the Stagecoach event card (R-S13)."""


load_kv(__file__)
