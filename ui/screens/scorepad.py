"""The score pad: running totals for any game the companion has no rules for."""

from __future__ import annotations

from kivy.app import App
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from ui.gamebase.gamescreen import GameScreen
from ui.kit.kvload import load_kv
from ui.kit.widgets import BigButton
import ui.kit.picker  # noqa: F401  (registers PlayerPicker for the kv rules)

STEPS = (-1, 1, 5)


class ScorePadSetup(Screen):
    def on_pre_enter(self, *_args) -> None:
        self.ids.picker.refresh()

    def start(self) -> None:
        names = [p.name for p in self.ids.picker.chosen]
        self.ids.message.text = App.get_running_app().refusal_to_start("scorepad", {"players": names})


class ScoreRow(BoxLayout):
    """One player: name chip, score, and the step buttons."""


class ScorePadScreen(GameScreen):
    def refresh(self) -> None:
        super().refresh()
        state = self.state
        colours = {p.name: p.colour for p in App.get_running_app().store.players()}
        box = self.ids.rows
        box.clear_widgets()
        for name, score in zip(state.players, state.scores):
            row = ScoreRow()
            row.ids.who.text = name
            row.ids.who.colour = colours.get(name, "white")
            row.ids.score.text = str(score)
            for step in STEPS:
                row.ids.buttons.add_widget(BigButton(
                    text=f"{step:+d}", disabled=state.finished,
                    on_release=lambda _b, n=name, s=step: self.act({"type": "add", "player": n, "points": s})))
            box.add_widget(row)
        self.ids.finish.disabled = state.finished
        result = self.session.result()
        self.ids.status.text = f"Finished. Winner: {', '.join(result['winners'])}" if result else ""


load_kv(__file__)
