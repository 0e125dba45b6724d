"""Every game kind the store can open keeps the whole engine contract."""

import pytest

from companion.contracts.engine import Engine
from companion.games import GAMES, TITLES, engine_for


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_engine_keeps_the_contract(kind):
    engine = engine_for(kind)
    assert isinstance(engine, Engine)
    assert engine.kind == kind
    assert kind in TITLES


def test_unknown_kind_names_the_known_ones():
    with pytest.raises(KeyError, match="known kinds: spurs, bountytown, rapidcity, scorepad"):
        engine_for("poker")
