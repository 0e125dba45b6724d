"""Properties of the sums: any split of the games adds up to the same figures."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.records.stats import rollup
from companion.records.stats.aggregate import Stats, aggregate
from companion.records.stats.spurs import SOURCES

NAMES = st.sampled_from(["Ann", "Bob", "Cid", "Dee"])
COUNT = st.integers(0, 9)


@st.composite
def luck(draw):
    draws = draw(st.integers(0, 5))
    expected = draw(st.floats(0, 3 * draws)) if draws else 0.0
    return {"games": int(draws > 0), "draws": draws, "hits": draw(st.integers(0, 3 * draws)), "expected": expected,
            "variance": draw(st.floats(0, draws)) if draws else 0.0, "tail": draw(st.floats(0, 1))}


SEAT_FIGURES = {
    "spurs": lambda: st.fixed_dictionaries({"fame": st.fixed_dictionaries({s: st.integers(-2, 9) for s in SOURCES}),
                                            "luck": luck()}),
    "bountytown": lambda: st.fixed_dictionaries({
        "duels": st.dictionaries(st.sampled_from(["Flush", "Pair", "High Card"]), st.lists(COUNT, min_size=2, max_size=2)),
        "renown": st.lists(st.integers(0, 12), min_size=1, max_size=6)}),
    "rapidcity": lambda: st.fixed_dictionaries({
        "reactions": st.dictionaries(st.sampled_from(["character", "healing"]),
                                     st.lists(st.floats(0, 5000), min_size=1, max_size=4)),
        "false_starts": COUNT, "bullets": st.dictionaries(st.sampled_from(["character", "armed"]), COUNT)}),
}


@st.composite
def summary(draw):
    kind = draw(st.sampled_from(sorted(SEAT_FIGURES)))
    names = draw(st.lists(NAMES, min_size=1, max_size=4, unique=True))
    finished = draw(st.booleans())
    seats = [{"name": n, "won": draw(st.booleans()), "score": draw(st.integers(0, 30)) if finished else None,
              **draw(SEAT_FIGURES[kind]())} for n in names]
    return {"kind": kind, "finished": finished, "seats": seats}


SUMMARIES = st.lists(summary(), max_size=8).map(lambda found: list(enumerate(found)))


def comparable(stats: Stats) -> dict:
    """The figures with lists in a fixed order and floats to 9 places (sums in another
    order round differently in the last bits)."""
    def tidy(value):
        if isinstance(value, float):
            return round(value, 9)
        if isinstance(value, dict):
            return {k: tidy(v) for k, v in value.items()}
        if isinstance(value, list):
            return [tidy(v) for v in value]
        return value

    return {key: tidy({**vars(f), "luck": {**vars(f.luck), "tail": f.luck.tail},
                       "reactions": {c: sorted(t) for c, t in f.reactions.items()}})
            for key, f in stats.figures.items()} | {"games": stats.games}


@settings(max_examples=40, deadline=None)
@given(SUMMARIES, SUMMARIES)
def test_figures_of_two_sets_of_games_add_up_to_the_figures_of_both(first, second):
    second = [(i + len(first), s) for i, s in second]
    both = aggregate(first + second)
    apart = aggregate(first)
    apart.merge(aggregate(second))
    assert comparable(apart) == comparable(both)


@settings(max_examples=40, deadline=None)
@given(SUMMARIES)
def test_win_rates_are_between_0_and_1_and_plays_count_finished_games(found):
    stats = aggregate(found)
    for (kind, key), figures in stats.figures.items():
        assert figures.win_rate is None or 0 <= figures.win_rate <= 1
        assert figures.wins <= figures.plays
        if key != "*":
            assert figures.plays <= stats.games.get(kind, 0)


@settings(max_examples=40, deadline=None)
@given(SUMMARIES)
def test_a_kept_sum_reads_back_as_it_was(found):
    stats = aggregate(found)
    back, covers, seats = rollup.from_json(rollup.to_json(stats, {1: 7, 3: 2}, "fingerprint"))
    assert comparable(back) == comparable(stats) and back.unreadable == stats.unreadable
    assert (covers, seats) == ({1: 7, 3: 2}, "fingerprint")
