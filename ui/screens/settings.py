"""Settings: sound, the voice and its volume, where the data lives, which pad backend is in
use, and the rules help that shows every ruling the companion applies where the rulebooks
are silent."""

from __future__ import annotations

import re
from typing import Any

from kivy.app import App
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen
from kivy.utils import escape_markup

from companion import __version__
from companion.records.history import date_words
from companion.rulings import for_game
from ui.kit.kvload import load_kv
from ui.sound.speech import DEFAULT_VOLUME, VOICE_PREF, VOLUME_PREF
import ui.kit.keyboard  # noqa: F401  (registers KeyboardSetting for the kv rules)
from ui.kit.widgets import Caption, Heading

GAMES = (("Spurs", "R-S"), ("Bountytown", "R-B"), ("Rapid City", "R-R"))
_EMPHASIS = re.compile(r"\*([^*]+)\*")


def ruling_markup(rid: str, text: str) -> str:
    """One ruling as Kivy markup: the rulings file is Markdown, so its *emphasis* shows in
    italics and its `code` quotes lose their backticks instead of being printed raw."""
    body = _EMPHASIS.sub(r"[i]\1[/i]", escape_markup(text).replace("`", ""))
    return f"[b]{rid}[/b] {body}"


def check_line(check: dict | None) -> str:
    """When the whole database was last checked, for the maker: the app checks only what it
    reads at start (a full check takes time in proportion to the history), `companion
    doctor`, on a terminal, all of it."""
    if check is None:
        when = "never"
    else:
        try:
            when = f"{date_words(check['at'])}, " + ("all sound" if check.get("result") == "ok" else
                                                      f"found: {check.get('result')}")
        except (TypeError, ValueError):
            when = "its date cannot be read"
    return f"Full check: {when} (`companion doctor` on a terminal checks it all)"


class SettingsScreen(Screen):
    def on_kv_post(self, _base) -> None:
        box = self.ids.rulings
        for game, prefix in GAMES:
            box.add_widget(Heading(text=f"{game} rulings", color=(0.17, 0.11, 0.08, 1)))
            for rid, text in for_game(prefix):
                box.add_widget(Caption(text=ruling_markup(rid, text), markup=True, font_size="16sp"))

    #: the version, where the data lives and when it was last checked, the pad backend
    about = StringProperty("")

    def on_pre_enter(self, *_args) -> None:
        app = App.get_running_app()
        self.ids.sound.state = "down" if app.store.pref("sound", True) else "normal"
        self.about = (f"Version {__version__}\nDatabase: {app.store.path}\n{check_line(app.store.last_full_check())}\n"
                      f"Pad backend: {app.backend_name}")
        self.ids.voice.state = "down" if app.store.pref(VOICE_PREF, True) else "normal"
        self.ids.voice_volume.value = app.store.pref(VOLUME_PREF, DEFAULT_VOLUME)

    def set_sound(self, on: bool) -> None:
        App.get_running_app().store.set_pref("sound", on)

    def set_voice(self, on: bool) -> None:
        """The referee's spoken calls on or off (the bell and the other sounds stay)."""
        App.get_running_app().store.set_pref(VOICE_PREF, on)

    def volume_touched(self, slider: Any, touch: Any) -> None:
        """The voice's volume kept when the finger leaves the slider, not at every step of a
        drag (each is a write to the database)."""
        if touch.grab_current is slider or slider.collide_point(*touch.pos):
            App.get_running_app().store.set_pref(VOLUME_PREF, round(slider.value, 2))


load_kv(__file__)
