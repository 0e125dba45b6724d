"""The undo stack as runs of event numbers behaves exactly like a list of them, and costs
memory per break in the line of play, not per action."""

import pytest
from hypothesis import given, strategies as st

from companion.db.runstack import RunStack


@given(st.lists(st.one_of(st.tuples(st.just("push"), st.integers(0, 3)), st.just(("pop",)), st.just(("clear",))),
                max_size=80))
def test_it_behaves_like_a_list(moves):
    stack, model, seq = RunStack(), [], 1
    for move in moves:
        if move[0] == "push":
            seq += move[1]  # 0: the next number, as a run of actions without undo gives
            stack.append(seq)
            model.append(seq)
            seq += 1
        elif move[0] == "pop" and model:
            assert stack.pop() == model.pop()
        elif move[0] == "clear":
            stack.clear()
            model.clear()
        assert len(stack) == len(model) and list(stack) == model
        assert [stack[i] for i in range(-len(model), len(model))] == model + model if model else True
        assert stack.between(len(model) // 3, len(model)) == model[len(model) // 3:]
        assert RunStack.from_runs(stack.runs()) == stack and stack.copy() == stack


def test_a_game_without_undo_is_one_run():
    stack = RunStack()
    for seq in range(1, 50_001):
        stack.append(seq)
    assert stack.runs() == [1, 50_000] and stack[-1] == 50_000 and stack[12_344] == 12_345


@pytest.mark.parametrize("flat", [[1], [1, 0], [0, 2], "1,2", [1, True], [1, 2.0]])
def test_stored_runs_that_are_not_runs_are_refused(flat):
    with pytest.raises(ValueError):
        RunStack.from_runs(flat)


def test_an_index_past_either_end_is_an_index_error():
    stack = RunStack.from_runs([5, 2])
    with pytest.raises(IndexError):
        stack[2]
    with pytest.raises(IndexError):
        stack[-3]
