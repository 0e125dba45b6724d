"""Players: the records every game seats people by (name and colour), their pages, and
merging a record entered twice.

Renaming a player to another player's name is how a person says "these two are the same
person": the screen then offers the merge (:meth:`companion.db.store.Store.merge_players`),
saying how many games move, and does it on one more tap of its own button.

A name that only looks like another player's ("Аnn" with a Cyrillic А beside "Ann",
:func:`companion.intake.names.look_alike`) is most likely that player typed again: the screen says
which letter differs and adds the new player only on a tap of its own button.
"""

from __future__ import annotations

from kivy.app import App
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.intake.errors import InputError
from companion.db.store import COLOURS, Player, StoreError
from companion.intake.names import clean, difference, look_alike
from ui.kit.kvload import load_kv
from ui.kit.widgets import Chip, NameChip


def sentence(exc: Exception) -> str:
    """A refusal as the screen says it: capitalised."""
    return str(exc)[:1].upper() + str(exc)[1:]


class PlayersScreen(Screen):
    selected_id = NumericProperty(0)  # 0: nobody selected, the form adds a new player
    colour = StringProperty(COLOURS[0])
    message = StringProperty("")
    #: the player a merge would move the selected one into (0: no merge offered)
    merge_into = NumericProperty(0)
    #: a name that looks like another player's, offered to be saved all the same ("": none)
    alike = StringProperty("")
    #: the offered button's words: the merge, or saving a look-alike anyway
    merge_text = StringProperty("")

    def on_kv_post(self, _base) -> None:
        for colour in COLOURS:
            chip = Chip(text=colour, colour=colour, group="colour", allow_no_selection=False)
            chip.bind(on_release=lambda c: setattr(self, "colour", c.colour))
            self.ids.colours.add_widget(chip)
        self.ids.name.bind(text=lambda *_: self._withdraw())

    def on_pre_enter(self, *_args) -> None:
        self.clear_form()

    def on_colour(self, _screen, colour: str) -> None:
        for chip in self.ids.colours.children:
            chip.state = "down" if chip.colour == colour else "normal"

    def refresh(self) -> None:
        box = self.ids.profiles
        box.clear_widgets()
        for player in App.get_running_app().store.players():
            chip = NameChip(name=player.name, colour=player.colour, group="profile",
                        state="down" if player.id == self.selected_id else "normal")
            chip.bind(on_release=lambda _c, p=player: self.select(p))
            box.add_widget(chip)

    def select(self, player: Player) -> None:
        self.selected_id = player.id
        self.ids.name.text = player.name
        self.colour = player.colour
        self.message = ""
        self.refresh()

    def clear_form(self) -> None:
        self.selected_id = 0
        self.ids.name.text = ""
        self.message = ""
        self.refresh()

    def save(self, anyway: bool = False) -> None:
        """Add a new player, or save the selected one's new name and colour; a new name
        that is another player's offers to merge the two instead, and one that only looks
        like another's is saved only ``anyway`` (the offered button)."""
        store = App.get_running_app().store
        name = self.ids.name.text
        try:
            if self.selected_id and self._offer_merge(name):
                return
            if not anyway and self._offer_alike(name):
                return
            if self.selected_id:
                player = store.update_player(self.selected_id, name=name, colour=self.colour)
                self.message = f"Saved {player.name}."
            else:
                player = store.add_player(name, self.colour)
                self.message = f"Added {player.name}."
        except (InputError, StoreError) as exc:
            self.message = sentence(exc)
            return
        self._done()

    def _offer_merge(self, name: str) -> bool:
        """When ``name`` is another player's, ask whether the selected one is that person."""
        store = App.get_running_app().store
        other = store.player_named(name)
        if other is None or other.id == self.selected_id:
            return False
        source = next(p for p in store.players() if p.id == self.selected_id)
        games = len(store.player_sessions(source.id))
        self.merge_text = f"Merge {source.name} into {other.name}"
        self.message = (f"{other.name} is already a player. Merge {source.name} into {other.name}? "
                        f"Their {games} game{'s' * (games != 1)} become {other.name}'s.")
        self.merge_into = other.id
        return True

    def _offer_alike(self, name: str) -> bool:
        """When ``name`` looks like another player's, say how they differ and offer to go on."""
        others = [p for p in App.get_running_app().store.players() if p.id != self.selected_id]
        other = look_alike(name, others)
        if other is None:
            return False
        new = clean(name)
        self.alike = new
        self.merge_text = f"{'Save' if self.selected_id else 'Add'} {new} anyway"
        self.message = (f"{new} looks like {other.name}, who is already a player ({difference(new, other.name)}). "
                        f"Is {new} someone else?")
        return True

    def offered(self) -> None:
        """The offered button: the merge, or the look-alike saved all the same."""
        if self.merge_into:
            self.merge()
        elif self.alike:
            self.alike = ""
            self.save(anyway=True)

    def merge(self) -> None:
        """The offered merge, confirmed."""
        store = App.get_running_app().store
        into = next((p for p in store.players() if p.id == self.merge_into), None)
        source = next((p for p in store.players() if p.id == self.selected_id), None)
        self.merge_into = 0
        if into is None or source is None:
            self.message = "That player is no longer there: nothing was merged."
            return
        moved = len(store.player_sessions(source.id))
        try:
            store.merge_players(source.id, into.id)
        except (InputError, StoreError) as exc:
            self.message = sentence(exc)
            return
        self._done()
        self.message = f"Merged {source.name} into {into.name}: {moved} game{'s' * (moved != 1)} moved."

    def _withdraw(self) -> None:
        """A merge or a look-alike is offered for the name as typed: typing again (or
        Cancel) withdraws it."""
        if self.merge_into or self.alike:
            self.merge_into = 0
            self.alike = ""
            self.message = ""

    def open_page(self) -> None:
        App.get_running_app().go("player").show(self.selected_id)

    def _done(self) -> None:
        self.selected_id = 0
        self.ids.name.text = ""
        self.refresh()


load_kv(__file__)
