"""Statistics: plays, wins and each game's own figures, for the whole table or one player.

The screen only adds up per-game summaries (:mod:`companion.records.stats`). Those missing (games
played since, or a database from before statistics) are made on a worker thread while the
screen shows what it has and counts them in ("Counted 1,200 of 3,000 games"); a tap never
waits for them.
"""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Sequence

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView
from kivy.uix.togglebutton import ToggleButton
from kivy.uix.widget import Widget

from companion.bountytown.hands import RANK_NAMES
from companion.games import TITLES
from companion.records.stats import cache, rollup
from companion.records.stats.aggregate import EVERYONE, Figures, Stats, Who, aggregate, by_seat
from companion.records.stats.spurs import SOURCES
from companion.db.store import StoreError
from ui.kit import theme
from ui.kit.kvload import load_kv
from ui.screens.plot import BarChart, LineChart, bars_of
from ui.kit.widgets import BigButton, Caption, Heading

CARD_TYPES = ("character", "two_characters", "healing", "armed", "disarmed")
CARD_NAMES = {"two_characters": "Two characters"}
HANDS = tuple(RANK_NAMES[r] for r in sorted(RANK_NAMES))
CHART_HEIGHT = 200


class Tab(ToggleButton):
    """A game or a player to show; the one shown is down."""

    key = ObjectProperty(None, allownone=True)


class StatsScreen(Screen):
    kind = StringProperty("spurs")
    who = ObjectProperty(EVERYONE)
    #: "Counted 1,200 of 3,000 games" while summaries are being made; "" once all are in
    progress = StringProperty("")
    message = StringProperty("")
    #: goes up whenever the figures change (loaded, or a batch of games counted in)
    counted = NumericProperty(0)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.stats = Stats()
        self.identify: Who = by_seat({})
        self.names: dict[int, str] = {}
        #: game id -> last event, of each game added up (None: a sum of them must not be kept)
        self._covers: dict[int, int] | None = {}
        self._seats_key = ""
        self._worker: threading.Thread | None = None
        self._stop = False

    def on_pre_enter(self, *_args) -> None:
        self.refresh()
        self.show()

    def on_leave(self, *_args) -> None:
        self.ids.body.clear_widgets()  # charts are cheap to draw again, and the next visit may differ

    @property
    def counting(self) -> bool:
        return self._worker is not None and self._worker.is_alive()

    def refresh(self) -> None:
        """Add up every fresh summary now; make the missing ones off the UI thread (while
        they are being made, what is added up already is kept as it is)."""
        if self.counting:
            return
        store = App.get_running_app().store
        self.message = ""
        base: tuple[Stats, dict[int, int]] | None = None
        key = ""
        try:
            seats = cache.player_seats(store._db)
            key = rollup.seats_key(seats)
            base = rollup.load(store._db, key)
            found = cache.read(store._db, base[1] if base else None)
            if found.changed:  # a game the kept sum covers has changed since: add everything up again
                base, found = None, cache.read(store._db)
            self.identify = by_seat(seats)
            self.names = {p.id: p.name for p in store.players()}
        except (sqlite3.DatabaseError, StoreError) as exc:  # a damaged table is said, never a crash
            self.message = f"The statistics cannot be read: {exc}"
            found = cache.Found([], [])
        self.stats = base[0] if base else Stats()
        self.stats.merge(aggregate(found.fresh, self.identify))
        self._covers, self._seats_key = dict(found.seqs), key
        if found.fresh and not found.missing:
            self._keep_sum()
        self.progress = ""
        if found.missing:
            self._count(store.path, found.missing, len(found.seqs) + len(found.missing))
        self.counted += 1

    def _keep_sum(self) -> None:
        """Keep the sum of what is added up for the next opening (written off this thread)."""
        text = rollup.to_json(self.stats, self._covers, self._seats_key)
        path = App.get_running_app().store.path
        threading.Thread(target=rollup.save, args=(path, text), name="statistics sum").start()

    def _count(self, path, missing: list[int], total: int) -> None:
        counted = total - len(missing)
        self.progress = f"Counted {counted:,} of {total:,} games"

        def progress(done: int, batch: list[tuple[int, int, dict[str, Any]]]) -> None:
            Clock.schedule_once(lambda _dt: self._counted(counted + done, total, batch))

        def work() -> None:
            try:
                cache.make(path, missing, progress, lambda: self._stop)
            except sqlite3.Error as exc:  # the file went away or became unreadable: said, not raised
                Clock.schedule_once(lambda _dt, why=str(exc): self._stopped(why))

        self._stop = False
        self._worker = threading.Thread(target=work, name="statistics", daemon=True)
        self._worker.start()

    def _stopped(self, why: str) -> None:
        self.progress = ""
        self.message = f"Counting the games stopped: {why}"
        if self.manager is not None and self.manager.current == self.name:
            self.show()

    def _counted(self, done: int, total: int, batch: list[tuple[int, int, dict[str, Any]]]) -> None:
        self.stats.merge(aggregate(((sid, summary) for sid, _seq, summary in batch), self.identify))
        for session_id, seq, _summary in batch:
            if seq < 0:  # not kept, so made again next time: a sum must not count it already
                self._covers = None
            elif self._covers is not None:
                self._covers[session_id] = seq
        self.progress = "" if done >= total else f"Counted {done:,} of {total:,} games"
        if done >= total and self._covers is not None:
            self._keep_sum()
        self.counted += 1
        if self.manager is not None and self.manager.current == self.name:
            self.show()

    def stop(self) -> None:
        """Stop making summaries (the app is closing); what was made is kept. The worker
        stops after the game it is on (a fraction of a second)."""
        self._stop = True
        if self._worker is not None:
            self._worker.join(timeout=5)

    # -- what is shown -----------------------------------------------------------------

    def pick_game(self, kind: str) -> None:
        self.kind, self.who = kind, EVERYONE
        self.show()

    def pick_player(self, key: Hashable) -> None:
        self.who = key
        self.show()

    def show(self) -> None:
        self._tabs(self.ids.games, [(k, t) for k, t in TITLES.items()], self.kind, self.pick_game)
        players = self.stats.players(self.kind)
        if self.who not in players:
            self.who = EVERYONE
        self._tabs(self.ids.people, [(EVERYONE, "Everyone")] + [(p, self.name_of(p)) for p in players],
                   self.who, self.pick_player)
        body = self.ids.body
        body.clear_widgets()
        if self.message:  # what went wrong reading or counting, whole, above what could be shown
            body.add_widget(_caption(self.message))
        figures = self.stats.of(self.kind, self.who)
        shown = SHOWN.get(self.kind, PLAIN)
        for widget in self.overview(figures) + [_caption(w) for w in shown.words(figures)] + shown.charts(figures):
            body.add_widget(widget)
        if self.stats.unreadable:
            body.add_widget(Caption(text=f"{self.stats.unreadable:,} game(s) could not be read and are left out.",
                                    color=theme.PARCHMENT))

    def figures_of_player(self, player_id: int) -> list[Widget]:
        """One player's figures at every game they have played, in words for their page
        (the charts are on this screen: a button opens it on them)."""
        shown: list[Widget] = []
        for kind, title in TITLES.items():
            figures = self.stats.figures.get((kind, player_id))
            if figures is not None:
                way = SHOWN.get(kind, PLAIN)
                shown.append(Heading(text=title, font_size=theme.TEXT))
                shown.extend(_caption(w) for w in [_record(figures)] + way.words(figures) + way.charted(figures))
        if not shown:
            shown.append(_caption("No games counted yet."))
        else:
            kind = next(k for k in TITLES if (k, player_id) in self.stats.figures)
            shown.insert(0, BigButton(text="Charts in Statistics", on_release=lambda _b: self.open_on(kind, player_id)))
        if self.progress:
            shown.append(_caption(f"{self.progress}: the figures grow as they are counted in."))
        return shown

    def open_on(self, kind: str, key: Hashable) -> None:
        """Show Statistics on one game and player (from a player's page)."""
        self.kind, self.who = kind, key
        self.manager.current = self.name

    def name_of(self, key: Hashable) -> str:
        return self.names.get(key, str(key))

    def _tabs(self, box, entries: list[tuple[Hashable, str]], current: Hashable, pick: Callable) -> None:
        box.clear_widgets()
        for key, text in entries:
            tab = Tab(text=text, key=key, state="down" if key == current else "normal")
            tab.bind(on_release=lambda t: pick(t.key))
            box.add_widget(tab)

    def overview(self, figures: Figures) -> list[Widget]:
        title = TITLES.get(self.kind, self.kind)
        games = self.stats.games.get(self.kind, 0)
        if self.who == EVERYONE:
            rows = [Caption(text=f"{title}: {_count(games, 'game')} played to the end.",
                            color=theme.PARCHMENT)]
            if games:
                rows.append(self.table())
                rows.append(Caption(text=f"Average final score: {_num(figures.average_score)}", color=theme.PARCHMENT))
            return rows
        return [_caption(f"{self.name_of(self.who)} at {title}: {_record(figures)}")]

    def table(self) -> Widget:
        """Player, plays, wins, win rate, average score; a name opens that player's figures."""
        grid = GridLayout(cols=5, size_hint_y=None, spacing=(6, 2), row_default_height=theme.TOUCH_MIN,
                          row_force_default=True)
        grid.bind(minimum_height=grid.setter("height"))
        for head in ("Player", "Plays", "Wins", "Win rate", "Avg score"):
            grid.add_widget(Heading(text=head, font_size=theme.TEXT))
        for key in self.stats.players(self.kind):
            f = self.stats.of(self.kind, key)
            grid.add_widget(BigButton(text=self.name_of(key), tint=theme.MUTED,
                                      on_release=lambda _b, k=key: self.pick_player(k)))
            for text in (f"{f.plays:,}", f"{f.wins:,}", _percent(f.win_rate), _num(f.average_score)):
                grid.add_widget(Heading(text=text, font_size=theme.TEXT, bold=False))
        return grid


def fill_player_box(box: Widget, player_id: int) -> None:
    """Fill a player's page's box with their statistics in words, scrolling, and keep it
    filled as games are counted in (the Statistics screen holds the figures and counts
    missing games)."""
    stats = App.get_running_app().screen("stats")
    stats.refresh()

    def fill(*_args) -> None:
        box.clear_widgets()
        lines = GridLayout(cols=1, spacing=dp(6), size_hint_y=None)
        lines.bind(minimum_height=lines.setter("height"))
        for widget in stats.figures_of_player(player_id):
            lines.add_widget(widget)
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(lines)
        box.add_widget(scroll)

    previous = getattr(box, "_stats_binding", None)
    if previous is not None:
        stats.unbind_uid("counted", previous)
    box._stats_binding = stats.fbind("counted", fill)
    fill()


def _record(figures: Figures) -> str:
    return (f"{_count(figures.plays, 'play')}, {_count(figures.wins, 'win')} (win rate {_percent(figures.win_rate)}), "
            f"average final score {_num(figures.average_score)}.")


def _count(n: int, what: str) -> str:
    return f"{n:,} {what}{'s' * (n != 1)}"


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:,.1f}"


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def _chart(chart: Widget) -> Widget:
    chart.size_hint_y = None
    chart.height = theme.scaled("TOUCH", CHART_HEIGHT / 56)
    return chart


def _caption(text: str) -> Caption:
    return Caption(text=text, color=theme.PARCHMENT)


def odds_against(p: float) -> str:
    """A chance as "1 in N" (people read that better than 0.0123)."""
    return "1 in 1" if p >= 1 else f"1 in {1 / p:,.0f}" if p > 0 else "less than 1 in a billion"


def _listed(counts: dict[str, Any], order: Sequence[str], say) -> str:
    """"a 1, b 2" for the keys of ``counts`` in ``order`` first."""
    keys = [k for k in order if k in counts] + sorted(k for k in counts if k not in order)
    return ", ".join(say(k, counts[k]) for k in keys)


def _card(card: str) -> str:
    return CARD_NAMES.get(card, card.capitalize()).lower()


@dataclass(frozen=True)
class Shown:
    """How one kind's own figures are shown: ``words`` always, and what the charts show
    either as ``charts`` (the Statistics screen) or as ``charted`` words (a player's page)."""

    words: Callable[[Figures], list[str]]
    charts: Callable[[Figures], list[Widget]]
    charted: Callable[[Figures], list[str]]


def spurs_words(f: Figures) -> list[str]:
    luck = f.luck
    if not luck.draws:
        return []
    side = "lucky" if luck.hits >= luck.expected else "unlucky"
    how = "in this game" if luck.games == 1 else f"over {luck.games:,} games (normal approximation)"
    return [f"Luck: {_count(luck.hits, 'hit')} in {_count(luck.draws, 'shot')}, where the exact odds expected "
            f"{luck.expected:,.1f} (luck index {luck.index:.2f}). A run this {side} or more: "
            f"{odds_against(luck.tail)} {how}."]


def spurs_charts(f: Figures) -> list[Widget]:
    if not any(f.fame.values()):
        return []
    return [_chart(BarChart(bars=bars_of({s: [f.fame.get(s, 0)] for s in SOURCES}, SOURCES),
                            caption="Fame by where it came from"))]


def spurs_charted(f: Figures) -> list[str]:
    return [f"Fame: {_listed(f.fame, SOURCES, lambda s, n: f'{n:,} from {s}')}."] if any(f.fame.values()) else []


def bountytown_charts(f: Figures) -> list[Widget]:
    shown: list[Widget] = []
    if f.duels:
        shown.append(_chart(BarChart(bars=bars_of(f.duels, HANDS, {h: h for h in HANDS}),
                                     caption="Duels by hand: won / lost (won lower, lost upper)")))
    renown = f.average_renown()
    if len(renown) > 1:
        shown.append(_chart(LineChart(values=renown, x_name="turn", caption="Average renown after each turn")))
    return shown


def bountytown_charted(f: Figures) -> list[str]:
    shown = [f"Duels by hand: {_listed(f.duels, HANDS, lambda h, t: f'{h} {t[0]:,} won, {t[1]:,} lost')}."] \
        if f.duels else []
    renown = f.average_renown()
    if len(renown) > 1:
        shown.append(f"Average renown after turn {len(renown) - 1}: {_num(renown[-1])}.")
    return shown


def rapidcity_words(f: Figures) -> list[str]:
    overall = f.reaction()
    if overall:
        return [f"Reaction from reveal to claim: median {overall[0]:,.0f} ms, best {overall[1]:,.0f} ms "
                f"({overall[2]:,} claims). False starts: {f.false_starts:,}."]
    return [f"False starts: {f.false_starts:,}."] if f.false_starts else []


def _medians(f: Figures) -> dict[str, float]:
    return {card: f.reaction(card)[0] for card, times in f.reactions.items() if times}


def rapidcity_charts(f: Figures) -> list[Widget]:
    shown: list[Widget] = []
    if f.reactions:
        medians = {card: [ms] for card, ms in _medians(f).items()}
        shown.append(_chart(BarChart(bars=bars_of(medians, CARD_TYPES, CARD_NAMES, text=lambda v: f"{v[0]:.0f} ms"),
                                     caption="Median reaction by card type")))
    if f.bullets:
        shown.append(_chart(BarChart(bars=bars_of({c: [n] for c, n in f.bullets.items()}, CARD_TYPES, CARD_NAMES),
                                     caption="Bullets taken by card type")))
    return shown


def rapidcity_charted(f: Figures) -> list[str]:
    shown = [f"Median reaction by card: {_listed(_medians(f), CARD_TYPES, lambda c, ms: f'{_card(c)} {ms:,.0f} ms')}."] \
        if f.reactions else []
    if f.bullets:
        shown.append(f"Bullets by card: {_listed(f.bullets, CARD_TYPES, lambda c, n: f'{_card(c)} {n:,}')}.")
    return shown


def _nothing(_f: Figures) -> list:
    return []


SHOWN = {
    "spurs": Shown(spurs_words, spurs_charts, spurs_charted),
    "bountytown": Shown(_nothing, bountytown_charts, bountytown_charted),
    "rapidcity": Shown(rapidcity_words, rapidcity_charts, rapidcity_charted),
}
PLAIN = Shown(_nothing, _nothing, _nothing)  # the score pad: plays, wins and scores only


load_kv(__file__)
