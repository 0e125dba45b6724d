"""One player's page: every game they sat at, across all kinds, newest first, with how
many of each kind they played and won. Opened from the Players screen.

``stats_box`` (an empty box beside the list, no width while empty) is where the
statistics screen's figures for this player go.
"""

from __future__ import annotations

from datetime import datetime

from kivy.app import App
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from companion.records.career import Played, games_of, tally
from companion.games import TITLES
from ui.kit.kvload import load_kv
from ui.screens.stats import fill_player_box

#: rows listed; older games are counted, not listed (a year of weekly games fits)
SHOWN = 100


def row_text(game: Played) -> str:
    """Date, game and how the seat ended, in words (never by colour alone)."""
    day = datetime.fromisoformat(game.started).astimezone().strftime("%d %b %Y")
    outcome = ("won" if game.won else "lost") if game.finished else "not finished"
    figure = f", {game.figure}" if game.figure else ""
    return f"{day}  ·  {TITLES.get(game.kind, game.kind)}  ·  {outcome}{figure}"


class GameRow(Label):
    """One line of the page: a kind's tally, or a game said in words (won / lost / not finished)."""


class PlayerPage(Screen):
    player_id = NumericProperty(0)
    title = StringProperty("")

    def show(self, player_id: int) -> None:
        """Fill the page with this player's games."""
        store = App.get_running_app().store
        player = next((p for p in store.players() if p.id == player_id), None)
        self.player_id = player_id
        self.title = player.name if player else "No such player"
        games = games_of(store, player_id) if player else []
        lines = [f"{TITLES.get(kind, kind)}: " + ", ".join(
                     ([f"{t.played} played, {t.won} won"] if t.played else [])
                     + ([f"{t.unfinished} not finished"] if t.unfinished else []))
                 for kind, t in tally(games).items()]
        self._fill(self.ids.tally, lines or [f"{self.title} has not played yet."])
        more = len(games) - SHOWN
        self._fill(self.ids.games, [row_text(g) for g in games[:SHOWN]]
                   + ([f"and {more} older game{'s' * (more != 1)}"] if more > 0 else []))
        if player:
            fill_player_box(self.ids.stats_box, player_id)

    @staticmethod
    def _fill(box, lines: list[str]) -> None:
        box.clear_widgets()
        for line in lines:
            box.add_widget(GameRow(text=line))


load_kv(__file__)
