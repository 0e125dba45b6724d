"""A game screen's pages (its inner ScreenManagers): laid out ahead, and turned without
keeping the page left for a frame.

A ScreenManager holds only the page on show: the others keep the size they were made with
(100 x 100) until shown, so the tap that first showed a page laid it out and rendered all its
words (10-30 ms here, several frames on a Pi). The app builds a game's screen ahead, while
Home or the setup is shown; ``PagesAhead`` then gives every page its size, so it lays out there.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Sequence, TypeVar

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.screenmanager import Screen, ScreenManager
from kivy.uix.widget import Widget

T = TypeVar("T")


def size_pages(manager: ScreenManager) -> None:
    """The pages of ``manager`` that are not on show at its size, so they lay out now."""
    for page in manager.screens:
        if page is not manager.current_screen:
            page.size = manager.size


def turn_to(manager: ScreenManager, name: str) -> None:
    """Show page ``name`` of ``manager`` and take the page left out at once. A transition,
    even NoTransition, keeps the page left under the new one until the next tick: when the
    same tap also changes the manager's size (a refusal's words or the game's end appearing
    above it), that page was laid out again for nothing, and drawn under the new one. (Kivy
    stops a transition this way itself when a page is shown before the last one finished.)"""
    manager.current = name
    manager.transition.stop()


def when_sized(manager: ScreenManager) -> None:
    """``size_pages(manager)`` once ``manager`` is given a new size (a tick after it last
    changed): for a manager inside a page that is being laid out ahead, so that its own pages
    are too."""
    def sized(_dt: float) -> None:
        manager.funbind("size", settled)
        size_pages(manager)
    settled = Clock.create_trigger(sized)
    manager.fbind("size", settled)


class PagesAhead:
    """``lay_out()`` (which sizes the pages not on show, with ``size_pages``) once ``pages``
    has its size (a tick after it last changed: the layout that set it is done), and again
    after each ``refit``. Once, not on every change: a refusal's words above the pages change
    their size, and a page is laid out for that when shown. The screen is given the window's
    size at once (the app's manager fills the window: that is the size it gets)."""

    def __init__(self, screen: Screen, pages: ScreenManager, lay_out: Callable[[], None]) -> None:
        # (bound in the screen's __init__, not in on_kv_post: a layout binds its own size only after that)
        self._screen, self._pages, self._lay_out = screen, pages, lay_out
        self._settled = Clock.create_trigger(self._lay_out_now)
        screen.size = Window.size
        pages.fbind("size", self._settled)

    def refit(self) -> None:
        """The window was resized: the pages not on show are laid out again ahead too."""
        self._screen.size = Window.size
        self._settled()

    def _lay_out_now(self, _dt: float) -> None:
        self._pages.funbind("size", self._settled)
        self._lay_out()


class LazyPages(ScreenManager):
    """A game screen's pages, each made the first time it is asked for (``get_screen``, or
    shown): a resumed game shows the page it stands at, made then, and the others are made a
    tick each after that frame (``parts``), so no frame builds the whole screen (a dozen pages
    of kv rules, 0.3 s here, issue 38). ``promise`` names each page, how it is made, and the
    page's own pages (an inner ScreenManager, by id) to lay out ahead with it."""

    def __init__(self, **kwargs: Any) -> None:
        self._promised: dict[str, Callable[[], Screen]] = {}
        self._unfinished: dict[str, Iterator[None]] = {}  # pages made, their own parts not all yet
        self._inner: dict[str, str] = {}
        super().__init__(**kwargs)

    def promise(self, name: str, make: Callable[[], Screen], inner: str = "") -> None:
        self._promised[name] = make
        if inner:
            self._inner[name] = inner

    def has_screen(self, name: str) -> bool:
        return name in self._promised or super().has_screen(name)

    def get_screen(self, name: str) -> Screen:
        return self.make(name)

    def make(self, name: str, lay_out: bool = True) -> Screen:
        """Page ``name``, whole: made now if it was only promised, and its own parts (a page's
        ``parts()``, see :meth:`parts`) made now if they are not yet; laid out when the pages
        are (unless ``lay_out`` is False: then in a part of its own, see :meth:`parts`)."""
        make = self._promised.pop(name, None)
        if make is None:
            page = super().get_screen(name)
            for _part in self._unfinished.pop(name, ()):
                pass
            return page
        page = self._add(name, make)
        for _part in own_parts(page):
            pass
        if lay_out:
            self._lay_out(page)
        return page

    def _add(self, name: str, make: Callable[[], Screen]) -> Screen:
        page = make()
        page.name = name
        self.add_widget(page)
        return page

    def _lay_out(self, page: Screen) -> None:
        """``page`` at the pages' size, if they are laid out ahead (and it is not on show), its
        own pages once it is laid out. A page on show is laid out by being shown; its own pages
        are then laid out here (``lay_out_ahead``: a tick after, so it has its size)."""
        if not self._sized:
            return
        inner = page.ids[self._inner[page.name]] if page.name in self._inner else None
        if page is self.current_screen:
            if inner is not None:
                size_pages(inner)
        else:
            if inner is not None:
                when_sized(inner)  # bound only now: made at 100 x 100, it was laid out at that first
            page.size = self.size

    _sized = False  # whether the pages not on show are laid out ahead yet

    def lay_out_ahead(self) -> None:
        """The pages made so far laid out now, and each made from now on as it is made."""
        self._sized = True
        for page in self.screens:
            self._lay_out(page)

    def parts(self) -> Iterator[None]:
        """Make the pages still promised, one at each ``next()``, then each page's own parts
        (its ``parts()``, if it has them: a page too long to make in one frame, as Spurs' town
        and its rooms) one at each, and lay each page out at the next (a page's layout renders
        its words: as long again as making it). A page asked for meanwhile is made whole then.
        Last, the rows every page's lists keep at hand, one a ``next()``."""
        while self._promised:
            name = next(iter(self._promised))
            page = self._add(name, self._promised.pop(name))
            rest = self._unfinished[name] = own_parts(page)
            yield
            for _part in rest:
                yield
            self._unfinished.pop(name, None)
            self._lay_out(page)
            yield
        for page in list(self.screens):
            yield from stocked(page)


def stocked(root: Widget) -> Iterator[None]:
    """The rows the lists under ``root`` keep at hand (a list's ``stock_parts``: ui/kit/rowlist.py),
    one made at each ``next()``, the lists on its pages not on show included."""
    for widget in list(under(root)):
        stock = getattr(widget, "stock_parts", None)
        if stock is not None:
            yield from stock()


def under(root: Widget) -> Iterator[Widget]:
    """``root`` and every widget under it, an inner ScreenManager's pages not on show too."""
    yield root
    for child in root.screens if isinstance(root, ScreenManager) else root.children:
        yield from under(child)


def in_rows(grid: Any, items: Sequence[T], make: Callable[[T], Widget]) -> Iterator[None]:
    """The widgets ``make`` makes of ``items`` not in ``grid`` yet, added a row (``grid.cols``)
    at each ``next()``: a grid of keys or steppers as parts of its page."""
    for start in range(len(grid.children), len(items), grid.cols):
        for item in items[start:start + grid.cols]:
            grid.add_widget(make(item))
        yield


def own_parts(page: Screen) -> Iterator[None]:
    """The parts of ``page`` not made with it, one at each ``next()``: none for most pages."""
    return page.parts() if hasattr(page, "parts") else iter(())
