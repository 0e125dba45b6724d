"""Home: start a game, resume an unfinished one, see how recent games ended."""

from __future__ import annotations

from datetime import datetime

from kivy.app import App
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from companion.games import TITLES
from companion.store import SessionInfo, StoreError
from ui import theme
from ui.app import SCREENS
from ui.kvload import load_kv
from ui.widgets import BigButton, Caption


def player_names(info: SessionInfo) -> list[str]:
    """Seat names from any game's settings: plain names, {"name": ...} objects, or Rapid
    City's colours with their optional display names in "names"."""
    names = info.settings.get("names", {})
    return [p["name"] if isinstance(p, dict) else names.get(p, str(p)) for p in info.settings.get("players", ())]


def when(stamp: str) -> str:
    moment = datetime.fromisoformat(stamp).astimezone()
    return moment.strftime("%a %d %b %H:%M")


class HomeScreen(Screen):
    message = StringProperty("")

    def on_kv_post(self, _base) -> None:
        app = App.get_running_app()
        for kind, title in TITLES.items():
            if f"{kind}_setup" in SCREENS:
                self.ids.new_games.add_widget(BigButton(text=title, on_release=lambda _b, k=kind: app.new_game(k)))

    def on_pre_enter(self, *_args) -> None:
        self.message = ""
        self.refresh()

    def resume(self, session_id: int) -> None:
        """Reopen a game; a log that no longer replays is said here, not a crash."""
        try:
            App.get_running_app().resume(session_id)
        except StoreError as exc:
            self.message = str(exc)

    def refresh(self) -> None:
        app = App.get_running_app()
        box = self.ids.sessions
        box.clear_widgets()
        unfinished = app.store.sessions(unfinished=True, limit=8)
        finished = app.store.sessions(unfinished=False, limit=8)
        for info in unfinished:
            text = f"Resume {TITLES.get(info.kind, info.kind)}: {', '.join(player_names(info))}\nstarted {when(info.started)}"
            box.add_widget(BigButton(text=text, height=theme.TOUCH_TALL,
                                     on_release=lambda _b, sid=info.id: self.resume(sid)))
        if finished:
            box.add_widget(Caption(text="[b]Recent games[/b]", markup=True, color=(0.95, 0.89, 0.75, 1)))
        for info in finished:
            winners = ", ".join((info.result or {}).get("winners", ())) or "no winner"
            box.add_widget(Caption(
                text=f"{TITLES.get(info.kind, info.kind)}: won by {winners} ({when(info.finished)})",
                color=(0.95, 0.89, 0.75, 1)))
        if not unfinished and not finished:
            box.add_widget(Caption(text="No games yet. Add the players, then pick a game on the left.",
                                   color=(0.95, 0.89, 0.75, 1)))


load_kv(__file__)
