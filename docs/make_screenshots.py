"""Renders the README's screenshots with the app itself, headless, from a demo database.

Run: python docs/make_screenshots.py  (writes docs/*.png at 800x480)
     python docs/make_screenshots.py 1280x720 FOLDER  (the same screens at another size, elsewhere)
     python docs/make_screenshots.py --every FOLDER  (every screen and form of the three games)

``--every`` writes one PNG for each page the readability tests reach by tapping (each setup
step, every form, the bag entry mid-draw, a long refusal, the keyboard open on a lower field,
the final scores, each Rapid City step with three and six players, ...), taken as the tests
check it against the table's rules; the tests are the walk, so the pictures and the checks
never drift apart. It needs the ``test`` extra.
"""

import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the tests that walk every page and keep a screenshot of each (tests/ui/conftest.py)
EVERY_PAGE = ("tests/ui/test_readable.py", "tests/ui/test_keyboard.py", "tests/ui/spurs/test_spurs_readable.py",
              "tests/ui/spurs/test_spurs_game.py", "tests/ui/bountytown/test_readable.py",
              "tests/ui/rapidcity/test_readable_rapidcity.py")
if sys.argv[1:2] == ["--every"]:
    if len(sys.argv) != 3:
        sys.exit("usage: python docs/make_screenshots.py --every FOLDER")
    shots = Path(sys.argv[2]).resolve()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *EVERY_PAGE],
                          cwd=ROOT, env={**os.environ, "COMPANION_SHOTS": str(shots)}, check=False)
    print(f"{len(list(shots.glob('*.png')))} screens in {shots}")
    sys.exit(done.returncode)

os.environ.update(SDL_VIDEODRIVER="offscreen", SDL_AUDIODRIVER="dummy", KIVY_NO_ARGS="1",
                  KIVY_USE_DEFAULTCONFIG="1", KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1")
sys.path.insert(0, str(ROOT))

from ui.shell.launch import configure_kivy  # noqa: E402

configure_kivy(fullscreen=False)
if len(sys.argv) == 3:  # another window size, written to another folder
    from kivy.config import Config

    for key, value in zip(("width", "height"), sys.argv[1].split("x")):
        Config.set("graphics", key, value)

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from companion.contracts.engine import RuleError  # noqa: E402
from companion.rapidcity.deck import shuffled_deck  # noqa: E402
from companion.rapidcity.engine import round_template  # noqa: E402
from companion.rapidcity.model import ArmedCard, CharacterCard  # noqa: E402
from companion.db.store import Store  # noqa: E402
from kivy.uix.textinput import TextInput  # noqa: E402

from ui.kit import keyboard  # noqa: E402
from ui.shell.app import CompanionApp  # noqa: E402

DOCS = Path(sys.argv[2]) if len(sys.argv) == 3 else Path(__file__).resolve().parent


def shot(name: str) -> None:
    for _ in range(4):
        EventLoop.idle()
    Path(Window.screenshot(name=str(DOCS / f"{name}-.png"))).replace(DOCS / f"{name}.png")


def press(app: CompanionApp, text: str, root=None) -> None:
    """Release the one button on screen (or under ``root``) that says ``text``, as a tap would."""
    (button,) = [w for w in (root or app.root).walk(restrict=True) if getattr(w, "text", None) == text]
    button.dispatch("on_release")
    for _ in range(2):
        EventLoop.idle()


def table_moments(app: CompanionApp) -> None:
    """The moments at the table: a bag draw being entered, a long refusal, the final scores,
    and the on-screen keyboard open on a field."""
    app.start_session("spurs", SPURS)
    spurs = app.manager.current_screen
    spurs.tap("number", "Doc", "fame")  # a number tapped: its steps, "+1" under the finger
    shot("spurs-steps")
    spurs.tap("close_steps")
    for text in ("Actions", "Hunt"):
        press(app, text)
    shot("spurs-hunt")
    for text in ("Enter the bag draw", "[b]brown[/b]\n0 taken\n2 left in bag"):
        press(app, text)
    shot("spurs-bag-entry")
    press(app, "Done")  # one bullet of three: refused, with the reason in full
    shot("spurs-refusal")
    screen = app.manager.current_screen
    screen.act({"type": "adjust", "player": "Calamity", "fame": 10, "money": 3, "spurs": 2, "posters": 1})
    shot("spurs-final")
    app.store.set_pref(keyboard.PREF, "on")
    keyboard.apply("on")
    setup = app.go("spurs_setup")
    for name in ("Annie", "Doc", "Calamity"):
        press(app, name, setup.ids.picker)
    fields = [w for w in setup.walk(restrict=True) if isinstance(w, TextInput) and w.to_window(w.x, w.y)[1] >= 0]
    lowest = min(fields, key=lambda w: w.to_window(w.x, w.y)[1])
    lowest.focus = True  # the keyboard opens over the lower half; the field is lifted above it
    shot("keyboard")
    lowest.focus = False


def past_games(store: Store, games: int = 8) -> None:
    """Finished Spurs games for the Statistics screen: each turn a hunt (the companion
    draws), a duel, or selling a pelt, chosen by a seeded generator, until someone wins."""
    rng = random.Random(1874)
    for _ in range(games):
        game = store.new_session("spurs", {**SPURS, "target_fame": 5})
        while not game.finished:
            names = [p.name for p in game.state.players]
            me = game.state.player
            pelt = [c.token for c in me.carried]
            other = rng.choice([n for n in names if n != me.name])
            choice = ({"type": "sell", "tokens": pelt} if pelt else
                      {"type": "hunt", "token": f"P{rng.randrange(99)}", "hits": rng.randint(1, 2), "fame": 1,
                       "draw": "digital", "seed": rng.getrandbits(31)} if rng.random() < 0.6 else
                      {"type": "duel", "opponent": other, "winner": rng.choice([me.name, other])})
            for action in (choice, {"type": "end_turn"}):
                try:
                    game.do(action)
                except RuleError:
                    pass


def history_moments(app: CompanionApp) -> None:
    """History: every game with its players, result and length; then a game's log in words."""
    game = app.store.new_session("spurs", SPURS)
    for action in ({"type": "outlaw", "token": "O1", "hits": 2, "red": False, "draw": "physical",
                    "drawn": {"grey": 1, "black": 1, "white": 1}},
                   {"type": "end_turn"},
                   {"type": "hunt", "token": "P1", "hits": 2, "red": True, "draw": "digital", "seed": 18},
                   {"type": "end_turn"},
                   {"type": "duel", "opponent": "Annie", "winner": "Calamity", "steal": {"what": "money"}},
                   {"type": "end_turn"}, {"type": "spend_spur"}):
        game.do(action)
    game.undo()
    app.go_home()
    press(app, "History")
    shot("history")
    app.screen("history").open_game(game.id)
    shot("history-log")


def bountytown_moments(app: CompanionApp) -> None:
    """A Bountytown duel with the cards entered and the exact odds shown, and its result."""
    app.start_session("bountytown", BOUNTYTOWN)
    screen = app.manager.current_screen
    screen.act({"type": "move", "to": "Boot Hill"})
    press(app, "Duel")
    duel = screen.ids.duel
    (target,) = [w for w in duel.ids.targets.children if w.text.startswith("Jesse James")]
    target.dispatch("on_release")
    for card in ("5S", "5D", "5C", "1H", "2H"):
        duel.ids.desk.add(card)
    deadline = time.monotonic() + 30  # the odds are worked out off the UI thread
    while "Working out" in duel.info and time.monotonic() < deadline:
        EventLoop.idle()
    shot("bountytown-duel")
    for card in ("1C", "2D"):
        duel.ids.desk.add(card)
    shot("bountytown-duel-result")


BAG = {"grey": 4, "brown": 2, "white": 1, "black": 2, "red": 1}
SPURS = {"players": [{"name": n, "character": c, "riding": 3, "bag": BAG}
                     for n, c in (("Annie", "Doc"), ("Doc", "Kid"), ("Calamity", "Belle"))], "target_fame": 10}
GRID = ["Bandit Hideout", "Boot Hill", "Boarding House", "Sheriff's Office", "Doc's", "General Store",
        "Bank", "Trading Post", "Abandoned Jailhouse"]
BOUNTYTOWN = {
    "players": [{"name": n, "character": n} for n in ("Annie", "Doc", "Calamity")],
    "grid": GRID,
    "bounties": [
        {"name": "Butch Cassidy", "renown": 3, "locations": ["Bandit Hideout", "Bank"], "base": ["3C", "3D"],
         "draws": 5, "items": 1},
        {"name": "Jesse James", "renown": 2, "locations": ["Boot Hill", "Trading Post"], "base": ["5H"], "draws": 2},
        {"name": "Belle Starr", "renown": 1, "locations": ["Boarding House", "Abandoned Jailhouse"], "draws": 3},
    ],
    "store": ["Crucifix", "Rifle", "Cowboy Hat", "First Aid Kit"],
}
RAPIDCITY = {"players": ["red", "blue", "green", "yellow"], "seed": 1874,
             "names": {"red": "Annie", "blue": "Doc", "green": "Calamity", "yellow": "Wyatt"}}
SIX = {"red": "Calamity Jane", "blue": "Wild Bill Hickok", "green": "Annie Oakley",
       "yellow": "Doc Holliday", "black": "Black Bart", "white": "Butch Cassidy"}


def idle_until(condition, frames: int = 600) -> None:
    for _ in range(frames):
        if condition():
            return
        EventLoop.idle()
    raise RuntimeError("the screen never got there")


def referee(app: CompanionApp, names: dict[str, str], first: type, **settings):
    """A Rapid City game whose first card is of kind ``first``, on the Ready step."""
    seed = next(s for s in range(300) if isinstance(shuffled_deck(tuple(names), s)[0], first))
    app.start_session("rapidcity", {"players": list(names), "names": names, "seed": seed, **settings})
    screen = app.manager.current_screen
    screen.delay_s = (0.01, 0.02)
    return screen


def race(app: CompanionApp, screen, shots: dict[int, str]) -> None:
    """Ready, the card, and a pawn on each tile in turn; ``shots`` names the moments to keep
    (after that many claims)."""
    press(app, "Ready")
    idle_until(lambda: screen.stage == "window")
    hw = app.hardware()
    for count, tile in enumerate(screen.state.tiles, start=1):
        hw.press(tile.pad)
        idle_until(lambda p=tile.pad: screen.tiles[p].shown.claim)
        if count in shots:
            shot(shots[count])
    idle_until(lambda: screen.stage == "finish")


def rapidcity_moments(app: CompanionApp) -> None:
    """The referee's steps: setup, claims landing, the photo finish with who is where, the
    verdict, touches on a cowboy card, the past calls, the end; and six players with long names."""
    setup = app.go("rapidcity_setup")
    for name in RAPIDCITY["names"].values():  # each profile sits at its own colour
        press(app, name, setup.ids.profiles)
    shot("rapidcity-setup")
    screen = referee(app, RAPIDCITY["names"], CharacterCard, window_ms=60_000)
    race(app, screen, {2: "rapidcity-claims"})
    rows = [row for row in screen.panels["finish"].shown.rows if row.press is not None]
    for player, row in zip(RAPIDCITY["players"][:2], rows):  # two taps; the last two are left
        screen.pick(row.press, player)
    shot("rapidcity-photo-finish")
    press(app, "Verdict")
    shot("rapidcity-verdict")
    press(app, "Confirm")
    for tile in screen.state.tiles:  # the pawns go back in front of their players (R-R3)
        app.hardware().release(tile.pad)
    idle_until(lambda: not any(tile.pressed for tile in screen.tiles.values()))
    screen.show_history()
    shot("rapidcity-past-calls")
    screen = referee(app, RAPIDCITY["names"], ArmedCard, ultimate=True)
    press(app, "Ready")
    idle_until(lambda: screen.stage == "window")
    press(app, "Touches")
    attacker = screen.model.card.card.player
    screen.touch_by(attacker)
    screen.touch_pawn("green" if attacker != "green" else "red")
    shot("rapidcity-touches")
    while not screen.state.game_over:  # the rest of the pile with nobody on a tile
        screen.act({"type": "play", "round": {**round_template(screen.state), "events": [], "touches": []}})
    shot("rapidcity-end")
    screen = referee(app, SIX, CharacterCard, window_ms=60_000)
    shot("rapidcity-six-ready")
    race(app, screen, {})
    for player, row in zip(SIX, screen.panels["finish"].shown.rows):
        screen.pick(row.press, player)
    shot("rapidcity-six-finish")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "demo.db")
        for name, colour in (("Annie", "red"), ("Doc", "blue"), ("Calamity", "green"), ("Wyatt", "yellow")):
            store.add_player(name, colour)
        done = store.new_session("scorepad", {"players": ["Doc", "Wyatt"]})
        done.do({"type": "add", "player": "Wyatt", "points": 12})
        done.do({"type": "finish"})
        app = CompanionApp(store, backend="sim")
        app._run_prepare()
        app.go("players")
        shot("players")
        for kind, settings in (("spurs", SPURS), ("bountytown", BOUNTYTOWN), ("rapidcity", RAPIDCITY)):
            app.start_session(kind, settings)
            shot(kind)
        app.go("player").show(store.player_named("Doc").id)
        shot("player-page")
        app.go_home()
        shot("home")
        past_games(store)
        stats = app.go("stats")
        while stats.progress:  # the games just played are summed up on a worker thread
            EventLoop.idle()
        stats.pick_player(next(p.id for p in store.players() if p.name == "Annie"))
        shot("statistics")
        bountytown_moments(app)
        table_moments(app)
        history_moments(app)
        rapidcity_moments(app)
        app.stop()


if __name__ == "__main__":
    main()
