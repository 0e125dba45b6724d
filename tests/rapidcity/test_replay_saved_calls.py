"""Every call a game saved replays, through `companion referee replay`, to the verdict the
table saw: whole simulated games kept in the store, each card's round file written out and
judged again by the CLI."""

import json

import pytest

from companion.cli import main
from companion.rapidcity.engine import round_template
from companion.rapidcity.roundfile import parse_round, round_to_json
from companion.rapidcity.simulate import simulate
from companion.store import Store


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
