"""companion.contracts.engine.replace gives what dataclasses.replace gives, faster."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.contracts.engine import replace
from tests.spurs.test_properties import actions, run


@dataclasses.dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True)
class Checked:
    a: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("a must not be negative")


def test_a_plain_state_is_copied_with_its_changes():
    before = Plain(1, (2,))
    after = replace(before, a=5)
    assert after == dataclasses.replace(before, a=5) == Plain(5, (2,))
    assert before == Plain(1, (2,))  # the original is untouched
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.a = 3  # still frozen


def test_a_name_that_is_no_field_is_refused():
    with pytest.raises(TypeError, match="no field 'c'"):
        replace(Plain(1), c=2)


def test_a_class_that_checks_its_values_still_checks_them():
    with pytest.raises(ValueError, match="negative"):
        replace(Checked(1), a=-1)


SPURS_MODULES = ("challenges", "engine", "scoring", "state", "town", "turn")


@settings(max_examples=60, deadline=None)
@given(st.lists(actions, max_size=25))
def test_every_spurs_state_is_the_same_either_way(actions_):
    """The states of a generated game equal the ones dataclasses.replace builds."""
    fast = run(actions_)
    with pytest.MonkeyPatch.context() as patch:
        for module in SPURS_MODULES:
            patch.setattr(f"companion.spurs.{module}.replace", dataclasses.replace)
        slow = run(actions_)
    assert fast == slow
