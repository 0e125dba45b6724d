"""Every call a game saved replays, through `companion referee replay`, to the verdict the
table saw: whole simulated games kept in the store, each card's round file written out and
judged again by the CLI."""

import json

import pytest

from companion.cli import main
from companion.rapidcity.engine import round_template
from companion.rapidcity.roundfile import parse_round, round_to_json
from companion.rapidcity.simulate import simulate
from companion.db.store import Store


@pytest.mark.parametrize("seed, players, variants", [
    (3, ["red", "blue", "green"], {}),
    (17, ["red", "blue", "green", "yellow", "black"], {"healing": True, "two_characters": True}),
    (29, ["red", "blue", "green", "yellow", "black", "white"], {"healing": True, "ultimate": True}),
])
def test_every_saved_call_replays_to_the_same_verdict(tmp_path, capsys, seed, players, variants):
    with Store(tmp_path / "c.db") as store:
        game = store.new_session("rapidcity", {"players": players, "seed": seed, **variants})
        card_seed = seed
        while not game.state.game_over:
            table = parse_round(round_template(game.state))
            card_seed += 1
            live = simulate(table.card, table.players, table.tiles, card_seed,
                            bullets=table.bullets, settings=table.settings).delivered()
            game.do({"type": "play", "round": round_to_json(live)})
        saved = store.open_session(game.id).state.played  # what the log replays to
    assert saved and game.finished
    for number, call in enumerate(saved, 1):
        path = tmp_path / f"card{number}.json"
        path.write_text(json.dumps(call.round))
        assert main(["referee", "replay", str(path)]) == 0
        assert json.loads(capsys.readouterr().out) == call.verdict, f"card {number} replays differently"


MOVE_AND_DISARMED = [
    ({"type": "character", "character": "sheriff"},
     [{"pad": 1, "edge": "press", "t_ms": 400.0, "player": "red"}, {"pad": 1, "edge": "release", "t_ms": 520.0},
      {"pad": 3, "edge": "press", "t_ms": 610.0, "player": "red"}],
     "pad 3 press at 610.0 ms: red moved from the prison (pad 1, claimed at 400.0 ms) to the saloon: "
     "judged here, pad 1 is free again (R-R6)"),
    ({"type": "disarmed", "player": "green"}, [{"pad": 2, "edge": "press", "t_ms": 300.0, "player": "blue"}],
     "blue had their pawn on the tipi (pad 2) at 300.0 ms moved on a disarmed card, "
     "and the table names nobody else (R-R10): bullet"),
]


TIED_TOUCHES = [{"by": "blue", "pawn": "red", "t_ms": 400.0}, {"by": "red", "pawn": "red", "t_ms": 400.0}]
#: issue 25: version 3 says why in plain words: a chain of bounces, a tile freed by a move, a tie
WHY_IN_WORDS = [
    ({"type": "character", "character": "sheriff"},
     [{"pad": 3, "edge": "press", "t_ms": -10.0, "player": "blue"}, {"pad": 3, "edge": "release", "t_ms": 10.0},
      {"pad": 3, "edge": "press", "t_ms": 30.0, "player": "blue"}], [],
     "pad 3 press at 30.0 ms: bounce of the press at -10.0 ms, less than 30 ms after the edge at 10.0 ms: "
     "a chain of bounces is one press (R-R4)"),
    ({"type": "character", "character": "sheriff"},
     [{"pad": 3, "edge": "press", "t_ms": 400.0, "player": "red"}, {"pad": 3, "edge": "release", "t_ms": 500.0},
      {"pad": 3, "edge": "press", "t_ms": 600.0, "player": "blue"}, {"pad": 2, "edge": "press", "t_ms": 700.0, "player": "red"}],
     [], "pad 3 press at 600.0 ms: blue claims the saloon, free: red's pawn had left it for the tipi (pad 2 at 700.0 ms) "
         "(R-R6)"),
    ({"type": "armed", "player": "blue", "hand": "right"}, [], TIED_TOUCHES,
     "red's pawn touched by blue and red at the same instant (equal times are always a tie): "
     "nobody was first by more than the tie threshold, so nobody takes a bullet for it (R-R12)"),
]


@pytest.mark.parametrize("card, events, touches, note",
                         [(card, events, [], note) for card, events, note in MOVE_AND_DISARMED] + WHY_IN_WORDS)
def test_replay_notes_say_the_new_calls(tmp_path, capsys, card, events, touches, note):
    """Issue 9: `referee replay` shows the R-R6 move and the R-R10 press in its notes;
    issue 25: and says why a chain of bounces, a freed tile or a tie was called so."""
    path = tmp_path / "round.json"
    path.write_text(json.dumps({"players": ["red", "blue", "green"], "card": card, "events": events,
                                "tiles": [{"pad": 1, "location": "prison"}, {"pad": 2, "location": "tipi"},
                                          {"pad": 3, "location": "saloon"}],
                                "touches": touches, "settings": {"tie_ms": 0}}))
    assert main(["referee", "replay", str(path)]) == 0
    assert note in json.loads(capsys.readouterr().out)["notes"]
