"""A duel, step by step (companion/bountytown/dueling.py holds the draft): choose the target,
enter the cards, ask for the result, confirm.

The page shows the screen model's values and sends each tap to it. The exact odds are worked
out in a worker process (``ui.pace.background``): the page asks the worker the model's question
for the cards entered, says "Working out the odds..." meanwhile, and gives the model the
answer when it comes; a tap never waits for it, and odds for other cards are never shown.
"""

from __future__ import annotations

from typing import Any

from kivy.properties import ObjectProperty

from companion.bountytown import dueling, shown
from companion.bountytown.odds import bounty_chances
from ui.pace.background import LatestAnswers
from ui.bountytown.page import BountyPage
from ui.kit.kvload import load_kv
import ui.bountytown.cards  # noqa: F401  (CardDesk for the kv rules)
import ui.bountytown.forms  # noqa: F401  (CountStepper for the kv rules)


class BountyDuelPage(BountyPage):
    view = ObjectProperty(shown.DuelView("target"), rebind=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.odds = LatestAnswers(bounty_chances, self._odds_ready)

    def on_view(self, _page: BountyDuelPage, view: shown.DuelView) -> None:
        self.ids.steps.current = view.step

    def ask_odds(self, model: Any) -> None:
        """The odds for the cards entered: known at once, or asked of the worker."""
        duel = model.flow.duel
        question = dueling.odds_question(model.state, duel)
        if question is None or dueling.answer(duel, question) is not None:
            return
        found = self.odds.get(question)
        if found is not None:
            self.game.tap("odds", question, found)

    def _odds_ready(self, question: Any, found: Any) -> None:
        """An answer came: the model takes it (the page shows it if its cards are still the ones)."""
        if self.game is not None and self.game.model is not None and self.game.model.page == "duel":
            self.game.tap("odds", question, found)


load_kv(__file__)
