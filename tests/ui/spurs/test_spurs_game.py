"""A short Spurs game played to its end through the widgets, every step a real tap: setup
from the sheets, challenges drawn digitally and from the physical bag, a town visit, a duel
whose draws come first and its winner after (R-S8), the target reached and the final
scores; a refusal, undo and a restart on the way. (Each flow is tested at engine speed on
the screen model, tests/spurs/test_screen_*.py; this is the whole game on the pixels.)"""

from kivy.factory import Factory

from companion.spurs.bag import Bag
from companion.spurs.odds import shoot_probability
from companion.spurs.view import percent
from tests.ui.conftest import start_app, stop_app
from tests.ui.spurs.driving import ANN, field, number, page, set_stepper, sheet, start_two_player_game, tap_hex
from ui.spurs.controls import BulletDisc

RING = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]  # the six cattle in a herd on the Mini Board


def drawn_discs(ui) -> list[str]:
    """The bullets shown on the result page, in the order they are laid out."""
    return [w.colour for w in reversed(page(ui).ids.discs.children) if isinstance(w, BulletDisc)]


def session(ui):
    return ui.screen.session


def bullet(ui, colour: str) -> None:
    ui.tap(ui.find(startswith=f"[b]{colour}[/b]"))


def test_a_short_game_to_the_final_scores(db):
    ui = start_app(db)
    ui.pump()
    start_two_player_game(ui, target=4, bank=50)
    ui.screenshot("spurs-setup")
    ui.tap("Start")
    assert ui.app.manager.current == "spurs", ui.screen.message if ui.app.manager.current != "spurs" else ""
    assert ui.app.store.pref("spurs.characters")["Doc"] == {"riding": 3, "bag": ANN["bag"]}
    assert sheet(ui, "Ann") == {"fame": "0", "money": "$0", "spurs": "0", "posters": "0", "gold": "0",
                                "grey": "4", "brown": "2", "white": "1", "black": "2", "red": "1",
                                "turn": True, "carries": "carries nothing"}
    assert sheet(ui, "Bob")["turn"] is False

    # Ann hunts: odds on the form, then the physical draw; a short entry is refused with its reason
    ui.tap("Actions")
    ui.tap("Hunt")
    assert ui.find(cls=Factory.FieldText, startswith="P").text == "P1"
    set_stepper(ui, field(ui, "fame"), 2)
    expected = percent(shoot_probability(Bag(grey=4, brown=2, white=1, black=2, red=1), "rifle", 3, 2))
    assert expected in ui.texts() and "chance of at least 2 hits with the rifle" in ui.texts()
    ui.screenshot("spurs-draw-before")
    ui.tap("Enter the bag draw")
    bullet(ui, "brown")
    bullet(ui, "brown")
    ui.tap("Done")
    assert ui.screen.message.startswith("Refused: this draw takes 3 (asked 3, all if the bag holds fewer); 2 entered")
    assert ui.screen.model.page == "draw" and not session(ui).actions
    bullet(ui, "black")  # the third bullet sends the entry
    assert drawn_discs(ui) == ["brown", "brown", "black"]
    assert "2 hits of 2: success, carrying P1" in ui.texts()
    ui.screenshot("spurs-draw-after")
    ui.tap("End turn")
    assert sheet(ui, "Ann")["carries"] == "P1 pelt" and sheet(ui, "Bob")["turn"]
    ui.screenshot("spurs-table")

    # Bob fights an outlaw with the companion's draw
    ui.tap("Actions")
    ui.tap("Outlaw")
    ui.tap("Draw for me")
    record = session(ui).state.last_draw[0]
    assert record.mode == "digital" and isinstance(record.seed, int)
    assert len(drawn_discs(ui)) == 3 and session(ui).state.last_outcome in ui.texts()
    ui.tap("End turn")

    # Ann sells the pelt in town; Undo puts the numbers back, Redo brings them again
    ui.tap("Actions")
    ui.tap("Town")
    ui.tap("Sell the chosen")
    ui.tap("Leave town")
    assert (sheet(ui, "Ann")["fame"], sheet(ui, "Ann")["money"]) == ("2", "$10")
    ui.tap("Undo")  # back in town, where the pelt was sold
    ui.tap("Leave town")
    assert (sheet(ui, "Ann")["fame"], sheet(ui, "Ann")["money"], sheet(ui, "Ann")["carries"]) == ("0", "$0", "P1 pelt")
    ui.tap("Redo")  # back where Undo was tapped
    assert (sheet(ui, "Ann")["fame"], sheet(ui, "Ann")["money"]) == ("2", "$10")
    ui.tap("End turn")

    # a restart resumes the game where it was
    stop_app(ui)
    ui = start_app(db)
    ui.pump()
    ui.tap(ui.find(startswith="Resume Spurs: Ann, Bob"))
    assert sheet(ui, "Bob")["turn"] and sheet(ui, "Ann")["money"] == "$10"

    # Bob duels Ann: each one's draw from the real bag, then who won, with half her money
    ui.tap("Actions")
    ui.tap("Duel")
    ui.tap("Enter the bag draw")
    for colour in ("grey", "grey", "black", "grey", "black", "black"):  # Bob's three, then Ann's
        bullet(ui, colour)
    assert ui.screen.model.flow.draw.phase == "winner" and not session(ui).actions[-1]["type"] == "duel"
    ui.screenshot("spurs-duel-winner")
    ui.tap("Half the money")
    ui.tap("Bob won, steals half of Ann's money")
    assert [r.player for r in session(ui).state.last_draw] == ["Bob", "Ann"] and len(drawn_discs(ui)) == 6
    ui.tap("Table")
    assert sheet(ui, "Bob")["fame"] == "2" and sheet(ui, "Bob")["money"] == "$5" and sheet(ui, "Bob")["posters"] == "1"
    assert sheet(ui, "Ann")["red"] == "2" and sheet(ui, "Ann")["spurs"] == "1" and sheet(ui, "Ann")["money"] == "$5"
    ui.tap(number(ui, "Bob", "money"))  # an Event card pays Bob $5: two taps on his sheet
    ui.tap("+$5")
    assert sheet(ui, "Bob")["money"] == "$10" and "Bob: money +$5" in ui.texts()
    ui.tap("End turn")

    # Ann rounds up a herd on the Mini Board: fame 4 reaches the target
    ui.tap("Actions")
    ui.tap("Cattle round-up")
    board = page(ui).ids.board
    for q, r in RING:
        tap_hex(ui, board, q, r)
    assert sorted(map(tuple, board.cells)) == sorted(RING)
    assert "6 cattle: $30, a herd (fame)" in ui.texts()
    ui.screenshot("spurs-herd")
    ui.tap("Round-up done")

    # the final scores: Fame + Most bonuses, money for ties
    state = session(ui).state
    assert state.game_over and state.winner == "Ann"
    assert ui.screen.model.page == "final" and "Ann wins!" in ui.texts()
    cells = [c.text for c in reversed(page(ui).ids.rows.children) if isinstance(c, Factory.ScoreCell)]
    rows = [cells[i:i + 6] for i in range(6, len(cells), 6)]
    assert rows[0][:3] == ["1", "Ann", "4"] and rows[0][4:] == ["6", "$35"]
    assert "Most Money" in rows[0][3] and "Most Bullets" in rows[0][3]
    assert rows[1][:3] == ["2", "Bob", "2"] and "Most Wanted Posters" in rows[1][3]
    assert rows == [[str(r.place), r.name, str(r.fame), ", ".join(r.bonuses), str(r.score), f"${r.money}"]
                    for r in state.final]
    ui.screenshot("spurs-final")
    ui.tap("Undo")  # back to the round-up as it was filled in
    assert ui.screen.model.page == "form" and sheet_fame(ui) == 2
    stop_app(ui)


def sheet_fame(ui) -> int:
    return ui.screen.state.players[0].fame
