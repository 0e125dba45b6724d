"""History: every game played, newest first, filtered by game and by player; a game's whole
log in plain words; Resume for an unfinished game; a Rapid City card's call replayed on the
referee screen.

Both lists are RecycleViews: only the rows on screen are widgets, however many games or
events there are. The games list reads a page of rows at a time (companion.records.history) and the
next page when the list is scrolled near its end; the log is told a page of events at a time
(companion.records.gamelog), with First / Earlier / Later / Last to move through a long game.
"""

from __future__ import annotations

from datetime import datetime
from math import ceil
from typing import Any

from kivy.app import App
from kivy.core.window import Window
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.togglebutton import ToggleButton

from companion.records import history
from companion.records.gamelog import PAGE, GameLog, LogLine
from companion.records.oldrules import as_sentence, rules_played
from companion.games import TITLES
from companion.db.store import StoreError
from ui.kit import theme
from ui.kit.kvload import load_kv
from ui.pace.reuse import rows
from ui.kit.widgets import Chip

#: an estimate of a character's width, in ems, on the generous side: a row is sized before its
#: text is drawn, and wrapped text must never spill out of it
EM_PER_CHAR = 0.6
#: when the list is scrolled this near its end (0 = the bottom), the next page is read
MORE_AT = 0.15


def text_height(text: str, width: float, font_size: float) -> float:
    """The height ``text`` wraps to in ``width`` at ``font_size``, estimated generously."""
    per_line = max(1, int(width / (font_size * EM_PER_CHAR)))
    lines = sum(max(1, ceil(len(part) / per_line)) for part in text.split("\n"))
    return lines * font_size * 1.3


def list_width() -> float:
    """The width a list's text wraps in: the window's, less the screen's padding and a row's
    (rows are sized before they are laid out, when the list itself may not have its width yet)."""
    return Window.width - dp(16) - theme.px("TOUCH_MIN") / 2


def clock(stamp: str) -> str:
    """A logged time as the table's clock shows it (14:03:12); anything else as it is."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%H:%M:%S")
    except ValueError:
        return stamp


class FilterChip(ToggleButton):
    """One filter: a game (``value`` its kind; None: all games), or everyone; its words say
    what it filters, down or not."""

    value = ObjectProperty(None, allownone=True)


class PlayerChip(Chip):
    """One player's games: their colour and name."""

    player_id = NumericProperty(0)


class GameRowView(ButtonBehavior, BoxLayout):
    """A game in the list: what and when on top, who and how it ended below. Tap: its log."""

    game_id = NumericProperty(0)
    what = StringProperty("")  # the game, when, how long
    who = StringProperty("")  # the players, how it ended

    def on_release(self) -> None:
        App.get_running_app().screen("history").open_game(self.game_id)


class LogRowView(ButtonBehavior, Label):
    """One event of a log; a Rapid City card's row replays its call when tapped."""

    seq = NumericProperty(0)
    replays = BooleanProperty(False)

    def on_release(self) -> None:
        if self.replays:
            App.get_running_app().screen("history_log").replay_call(self.seq)


class HistoryScreen(Screen):
    summary = StringProperty("")
    message = StringProperty("")

    def on_kv_post(self, _base: Any) -> None:
        self.where = history.Filter()
        self._shown = 0
        self._total = 0
        self.ids.games.bind(scroll_y=self._maybe_more)

    def on_pre_enter(self, *_args: Any) -> None:
        self.message = ""
        self._chips()
        self.reload()

    def _chips(self) -> None:
        """A chip for every game played and for every player who played (guests have none);
        the chips there are are kept and relabelled (ui.pace.reuse), so reopening makes none."""
        store = App.get_running_app().store
        try:
            kinds, players = history.kinds(store), history.players(store)
        except StoreError as exc:
            self.message, kinds, players = str(exc), [], []
        seated = {p.id for p in players}
        self.where = history.Filter(self.where.kind if self.where.kind in kinds else None,
                                    self.where.player_id if self.where.player_id in seated else None)
        for chip, (kind, title) in zip(rows(self.ids.kinds, len(kinds) + 1, self._kind_chip),
                                       [(None, "All games"), *((k, TITLES[k]) for k in kinds)]):
            chip.value, chip.text = kind, title
            chip.state = "down" if kind == self.where.kind else "normal"
        self.ids.everyone.state = "down" if self.where.player_id is None else "normal"
        for chip, player in zip(rows(self.ids.players, len(players), self._player_chip), players):
            chip.player_id, chip.text, chip.colour = player.id, player.name, player.colour
            chip.state = "down" if player.id == self.where.player_id else "normal"

    def _kind_chip(self) -> FilterChip:
        chip = FilterChip(group="history_kind", allow_no_selection=False)
        chip.bind(on_release=lambda c: self.filter(kind=c.value))
        return chip

    def _player_chip(self) -> PlayerChip:
        chip = PlayerChip(group="history_player", allow_no_selection=False)
        chip.bind(on_release=lambda c: self.filter(player_id=c.player_id))
        return chip

    _KEEP = object()

    def filter(self, *, kind: Any = _KEEP, player_id: Any = _KEEP) -> None:
        """Show only one game's, or one player's, games (None: all of them)."""
        self.where = history.Filter(self.where.kind if kind is self._KEEP else kind,
                                    self.where.player_id if player_id is self._KEEP else player_id)
        self.reload()

    def reload(self) -> None:
        """The first page of the games the filters select."""
        store = App.get_running_app().store
        self.ids.games.data = []
        self._shown = 0
        try:
            self._total = history.count(store, self.where)
        except StoreError as exc:
            self.message, self._total = str(exc), 0
        self.more()
        self.ids.games.scroll_y = 1
        if not self._total:
            self.summary = "No games yet." if self.where == history.Filter() else "No games match."
        else:
            self.summary = f"{self._total:,} game{'s' * (self._total != 1)}"

    def more(self) -> None:
        """The next page of rows, added below the ones shown."""
        if self._shown >= self._total:
            return
        try:
            found = history.games(App.get_running_app().store, self.where, offset=self._shown,
                                  limit=history.PAGE_SIZE)
        except StoreError as exc:
            self.message = str(exc)
            return
        self._shown += len(found) or self._total  # a list that shrank meanwhile: stop asking
        width = list_width()
        self.ids.games.data.extend(self._data(row, width) for row in found)

    @staticmethod
    def _data(row: history.GameRow, width: float) -> dict[str, Any]:
        if row.problem:
            what, who = f"{row.game}: damaged", row.problem
        else:
            what = f"{row.game}  ·  {row.date}  ·  {row.duration}"
            who = f"{', '.join(row.players)}: {row.result}"
        return {"game_id": row.id, "what": what, "who": who, "height": HistoryScreen._height(what, who, width)}

    @staticmethod
    def _height(what: str, who: str, width: float) -> float:
        height = (text_height(what, width, theme.px("TEXT_SMALL")) + text_height(who, width, theme.px("TEXT"))
                  + theme.px("TOUCH_MIN") / 3)
        return max(theme.px("TOUCH_TALL"), height)

    def refit(self) -> None:
        """Size the rows again for a window that was resized: their heights are worked out
        in pixels, from the text's size and the list's width."""
        width = list_width()
        self.ids.games.data = [dict(data, height=self._height(data["what"], data["who"], width))
                               for data in self.ids.games.data]

    def _maybe_more(self, _view: Any, scroll_y: float) -> None:
        if scroll_y <= MORE_AT:
            self.more()

    def open_game(self, game_id: int) -> None:
        log_screen = App.get_running_app().screen("history_log")
        if log_screen.show(game_id):
            self.manager.current = "history_log"
        else:
            self.message = log_screen.message


class HistoryLogScreen(Screen):
    title = StringProperty("")
    about = StringProperty("")
    where = StringProperty("")  # "Events 1-100 of 52,062"
    message = StringProperty("")
    can_resume = BooleanProperty(False)
    page = NumericProperty(0)
    pages = NumericProperty(1)

    def show(self, game_id: int) -> bool:
        """Open a game's log at its first page; False (and ``message`` says why) when it cannot be told."""
        store = App.get_running_app().store
        try:
            self.log = GameLog(store, game_id)
            row = history.game(store, game_id)
            # a game played under older rules: sound, with what today's would call otherwise
            told = as_sentence(rules_played(store, store.sessions(ids=[game_id])[0]).words())
        except StoreError as exc:
            self.message = str(exc)
            return False
        self.game_id = game_id
        self.title = f"{row.game}, {row.date}"
        self.about = f"{', '.join(row.players)}: {row.result}  ({row.duration})" + (f"\n{told}" if told else "")
        if row.kind == "rapidcity":
            self.about += "\nTap a card to replay its call on the referee screen."
        self.can_resume = not row.finished
        self.message = ""
        self.pages = max(1, self.log.pages)
        self.go(0)
        return True

    def go(self, page: int, *, end: bool = False) -> None:
        """Show page ``page`` of the log (clamped to the pages there are), from its top, or
        with ``end`` from its bottom (Last: the newest events)."""
        self.page = min(max(0, page), self.pages - 1)
        lines = self.log.page(self.page)
        width = list_width()
        replays = self.log.kind == "rapidcity"
        self.ids.lines.data = [self._data(line, width, replays) for line in lines]
        self.ids.lines.scroll_y = 0 if end else 1
        first = self.page * PAGE + 1
        self.where = (f"Events {first:,}-{first + len(lines) - 1:,} of {len(self.log):,}" if lines
                      else "No moves yet.")

    @staticmethod
    def _data(line: LogLine, width: float, replays: bool) -> dict[str, Any]:
        text = f"{line.seq}.  {clock(line.at)}   {line.text}"
        can_replay = replays and line.kind == "do" and line.text.startswith("Card ")
        if can_replay:
            text += "   (tap to replay the call)"
        return {"text": text, "seq": line.seq, "replays": can_replay, "height": HistoryLogScreen._height(text, width)}

    @staticmethod
    def _height(text: str, width: float) -> float:
        return max(theme.px("TOUCH_MIN"), text_height(text, width, theme.px("TEXT")) + theme.px("TOUCH_MIN") / 4)

    def refit(self) -> None:
        """Size the rows again for a window that was resized (see HistoryScreen.refit)."""
        width = list_width()
        self.ids.lines.data = [dict(data, height=self._height(data["text"], width)) for data in self.ids.lines.data]

    def resume(self) -> None:
        """Reopen the game on its own screen, as Home's Resume does; a game that no longer
        replays is said here, not a crash."""
        try:
            App.get_running_app().resume(self.game_id)
        except StoreError as exc:
            self.message = str(exc)

    def replay_call(self, seq: int) -> None:
        """The referee screen's past call for the card logged at event ``seq``, shown as
        Resume shows the game, then the call as the referee's own list of calls shows it."""
        app = App.get_running_app()
        try:
            action = self.log.action(seq)
            session = app.store.open_session(self.game_id)
        except (StoreError, ValueError) as exc:
            self.message = str(exc)
            return
        from companion.rapidcity.story import call_number  # Rapid City's rules: loaded only for its games

        number = call_number(session.state, action)
        if number is None:
            self.message = "That card was undone: the referee keeps only the calls in effect."
            return
        app.show_session(session)
        referee = app.manager.current_screen
        referee.show_history()  # the referee's own list of past calls, then the one asked for
        referee.show_call(number)


load_kv(__file__)
