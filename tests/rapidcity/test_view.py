"""The referee screen's pure helpers: pad edges (app ns) to round-file events (ms since the
reveal), the live verdict, the window, RFID prefill and the words the screen shows."""

from __future__ import annotations

import pytest

from companion.rapidcity.engine import ENGINE, round_template
from companion.rapidcity.model import (ArmedCard, CharacterCard, DisarmedCard, HealingCard, TwoCharactersCard,
                                       decided_by_pads)
from companion.rapidcity.roundfile import card_to_json
from companion.rapidcity.view import (
    LiveCard,
    TouchEntry,
    call_summary,
    card_hint,
    card_title,
    last_one_left,
    ms,
    named,
    outcomes,
    photo_finish,
    since_reveal_ms,
)
from tests.rapidcity.rc_screen import MS, T0, Edge

REVEAL = T0 + 1_500 * MS


def live(card=CharacterCard("indian"), **settings) -> LiveCard:
    state = ENGINE.initial_state({"players": ["red", "blue", "green"], "seed": 1, **settings})
    template = round_template(state)
    template["card"] = card_to_json(card)
    return LiveCard(template, card, started_ns=T0, reveal_ns=REVEAL)


def added(card: LiveCard, *edges: Edge) -> LiveCard:
    """The card with every edge kept (each must be)."""
    for edge in edges:
        grown = card.with_edge(edge)
        assert grown is not None, edge
        card = grown
    return card


def touch(by: str, pawn: str, hand: str | None, at_ns: int) -> TouchEntry:
    return TouchEntry(by, pawn, hand, at_ns)


def test_stamps_become_ms_since_the_reveal_to_the_nanosecond():
    assert since_reveal_ms(REVEAL + 431_200_000, REVEAL) == 431.2
    assert since_reveal_ms(REVEAL - 12 * MS, REVEAL) == -12.0
    assert round(since_reveal_ms(REVEAL + 431_237_512, REVEAL) * MS) == 431_237_512


def test_events_in_time_order_and_the_claiming_press_names_its_player():
    card = live()
    for edge in [Edge(3, True, REVEAL + 500 * MS), Edge(3, False, REVEAL + 900 * MS),
                 Edge(3, True, REVEAL + 950 * MS), Edge(1, True, REVEAL - 20 * MS)]:
        card = added(card, edge)
    assert card.events({(3, REVEAL + 500 * MS): "blue"}) == [
        {"pad": 1, "edge": "press", "t_ms": -20.0},  # a false start nobody named
        {"pad": 3, "edge": "press", "t_ms": 500.0, "player": "blue"},
        {"pad": 3, "edge": "release", "t_ms": 900.0},
        {"pad": 3, "edge": "press", "t_ms": 950.0},
    ]
    assert [e.t_ns for e in card.presses()] == [REVEAL + 500 * MS, REVEAL + 950 * MS]


def test_edges_outside_the_card_are_left_out():
    card = live()
    assert card.with_edge(Edge(3, True, T0 - 1)) is None  # before Ready
    assert card.with_edge(Edge(9, True, REVEAL + MS)) is None  # a pad with no tile in this game
    assert card.with_edge(Edge(3, True, REVEAL + 5_000 * MS + 1)) is None  # stamped after the window
    card = added(card, Edge(3, True, REVEAL + 5_000 * MS))  # arriving late but stamped inside it
    assert len(card.edges) == 1


def test_a_settled_level_is_shown_not_judged_R_R4():
    """A tap shorter than the bounce window: its release comes once the chain is over, as a
    settled level (hardware.debounce). It was part of the press's chain, so the card keeps
    the press alone, as the judge reading every raw edge would."""
    card = live()
    card = added(card, Edge(3, True, REVEAL + 400 * MS))
    assert card.with_edge(Edge(3, False, REVEAL + 410 * MS, settled=True)) is None
    assert [e.pressed for e in card.edges] == [True]


def test_live_verdict_claims_then_judges_once_everyone_is_named():
    card = live(CharacterCard("indian"))
    for pad, at in [(2, 400), (1, 300), (3, 300.5)]:  # pad 2 is the default tipi
        card = added(card, Edge(pad, True, REVEAL + int(at * MS)))
    verdict = card.verdict()
    assert [c.pad for c in verdict.claims] == [1, 3, 2]
    assert all(c.player is None for c in verdict.claims)
    assert card.window_over(REVEAL + 401 * MS, verdict)  # a tile claimed per player
    who = {(p.pad, p.t_ns): who for p, who in zip(card.presses(), ("red", "green", "blue"))}
    verdict = card.verdict(who)
    assert verdict.bullets == {"red": 0, "blue": 1, "green": 0}


def test_a_pawn_named_on_two_presses_moved_and_the_photo_finish_shows_it():
    """R-R6: blue lifts its pawn from the tipi (forbidden on an Indian card) and puts it on
    the saloon in time: judged there, no bullet, and the photo finish says where it came from."""
    card = live(CharacterCard("indian"))
    for edge in (Edge(2, True, REVEAL + 300 * MS), Edge(2, False, REVEAL + 450 * MS), Edge(3, True, REVEAL + 600 * MS),
                 Edge(1, True, REVEAL + 650 * MS)):
        card = added(card, edge)
    first, second, third = card.presses()
    verdict = card.verdict({(2, first.t_ns): "blue", (3, second.t_ns): "blue", (1, third.t_ns): "red"})
    assert verdict.bullets == {"red": 0, "blue": 0, "green": 1}
    rows = photo_finish(verdict)
    assert [(r.pad, r.player, r.moved_from) for r in rows] == [(3, "blue", 2), (1, "red", None)]
    assert any("blue moved from the tipi (pad 2" in n for n in verdict.notes)


def test_the_engine_books_the_round_built_and_agrees_with_the_live_verdict():
    state = ENGINE.initial_state({"players": ["red", "blue", "green"], "seed": 1})
    card = LiveCard(round_template(state), state.next_card(), started_ns=T0, reveal_ns=REVEAL)
    card = added(card, Edge(3, True, REVEAL + 420 * MS))
    who, touches = {(3, REVEAL + 420 * MS): "green"}, (touch("red", "blue", None, REVEAL + 900 * MS),)
    after = ENGINE.apply(state, {"type": "play", "round": card.round(who, touches)})
    assert after.played[-1].verdict["totals"] == card.verdict(who, touches).totals
    assert after.position == 1


def test_the_window_stays_open_until_time_is_up_or_everyone_claimed():
    card = live()
    card = added(card, Edge(1, True, REVEAL + 300 * MS))
    verdict = card.verdict()
    assert not card.window_over(REVEAL + 4_999 * MS, verdict)
    assert card.window_over(REVEAL + 5_000 * MS, verdict)
    touches = live(DisarmedCard("red"))
    for pad in (1, 2, 3):
        touches = added(touches, Edge(pad, True, REVEAL + pad * 100 * MS))
    assert not touches.window_over(REVEAL + 1_000 * MS, touches.verdict())  # pads do not close it
    assert not LiveCard(card.template, card.card, started_ns=T0).window_over(REVEAL + 10**12, verdict)


def test_photo_finish_gaps_and_dead_heats_in_words_come_from_the_judge():
    card = live()
    for pad, at in [(1, 300.0), (3, 300.4), (2, 612.0)]:
        card = added(card, Edge(pad, True, REVEAL + int(at * MS)))
    rows = photo_finish(card.verdict())
    assert [(r.place, r.pad, r.t_ms, r.gap_ms, r.tied_with) for r in rows] == [
        (1, 1, 300.0, None, (3,)), (2, 3, 300.4, 0.4, (1,)), (3, 2, 612.0, 311.6, ())]
    assert ms(rows[1].gap_ms) == "0.4 ms"


def test_touches_keep_the_order_they_were_entered_in():
    card = live(ArmedCard("red", "right"), ultimate=True)
    touches = (touch("red", "blue", "right", REVEAL + 2_000 * MS), touch("blue", "blue", "left", REVEAL + 2_500 * MS),
               touch("green", "green", None, REVEAL + 2_600 * MS))
    told = card.round({}, touches)["touches"]
    assert [t["t_ms"] for t in told] == [2000.0, 2500.0, 2600.0]
    assert "hand" not in told[2]
    verdict = card.verdict({}, touches)
    assert verdict.bullets == {"red": 0, "blue": 1, "green": 0}  # lost to the attacker first


def test_rfid_reads_prefill_and_confirmations_teach_new_tags():
    card = live()
    one, two = REVEAL + 290 * MS, REVEAL + 340 * MS
    card = added(card, Edge(1, True, one))
    card = added(card, Edge(2, True, two))
    card = card.with_tag(1, "0A0B0C0D0E", REVEAL - 100 * MS)  # before the reveal: last card's pawn
    card = card.with_tag(1, "1111111111", REVEAL + 300 * MS)
    card = card.with_tag(2, "2222222222", REVEAL + 350 * MS)
    card = card.with_tag(7, "7777777777", REVEAL + 350 * MS)  # no such tile
    assert card.tag_guesses({"1111111111": "green", "2222222222": "purple"}) == {(1, one): "green"}
    who = {(1, one): "green", (2, two): "red"}
    assert card.learned_tags(who) == {"1111111111": "green", "2222222222": "red"}
    card = card.with_tag(2, "3333333333", REVEAL + 400 * MS)  # two pawns seen: teach nothing
    assert card.learned_tags(who) == {"1111111111": "green"}


@pytest.mark.parametrize("card, title, hint", [
    (CharacterCard("indian"), "INDIAN", "Any tile but a Tipi"),
    (TwoCharactersCard(("indian", "sheriff")), "INDIAN + SHERIFF", "Only a Saloon counts"),
    (HealingCard("saloon"), "HEALING: SALOON", "First on a Saloon returns a bullet"),
    (ArmedCard("red", "left"), "ANN ARMED (left hand)", "Ann catches pawns; everyone else grabs their own first (left hand)"),
    (DisarmedCard("blue"), "BLUE DISARMED", "Hands up! Touch no pawn"),
])
def test_cards_in_words(card, title, hint):
    names = {"red": "Ann", "blue": "blue"}
    assert card_title(card_to_json(card), names) == title
    assert card_hint(card_to_json(card), names) == hint


def test_notes_and_outcomes_use_the_players_names():
    names = {"red": "Ann", "blue": "blue", "green": "Cy"}
    assert named("red claims the saloon; blue and green too; reduced", names) == \
        "Ann (red) claims the saloon; blue and Cy (green) too; reduced"
    card = live()
    card = added(card, Edge(1, True, REVEAL + 300 * MS))
    verdict = card.verdict({(1, REVEAL + 300 * MS): "red"})
    assert outcomes(verdict.bullets, verdict.healed, verdict.totals, names) == [
        "blue takes a bullet (1 in all)", "Cy takes a bullet (1 in all)", "No bullet: Ann"]
    nobody = live(DisarmedCard("red"))
    calm = nobody.verdict()
    assert outcomes(calm.bullets, calm.healed, calm.totals, names) == ["Nobody takes a bullet."]
    assert outcomes({"red": 0, "blue": 0}, ["red"], {"red": 1, "blue": 0}, names) == \
        ["Ann returns a bullet (1 in all)", "No bullet: blue"]
    assert call_summary(card.template["card"], {"bullets": verdict.bullets, "healed": ["red"]}, names) == \
        "INDIAN - bullet: blue, Cy; healed: Ann"


def test_once_the_screen_closes_the_window_later_stamps_are_no_part_of_the_call():
    card = live()
    card = added(card, Edge(1, True, REVEAL + 400 * MS))
    card = card.closed(REVEAL + 600 * MS)
    card = added(card, Edge(2, True, REVEAL + 599 * MS))  # stamped before the close, delivered late
    assert card.with_edge(Edge(3, True, REVEAL + 601 * MS)) is None
    assert [e.pad for e in card.edges] == [1, 2]


def test_a_named_false_start_costs_its_maker_a_bullet_when_the_setting_is_on():
    card = live(false_start_bullet=True)
    early = Edge(2, True, REVEAL - 150 * MS)
    for edge in (early, Edge(2, False, REVEAL - 100 * MS), Edge(1, True, REVEAL + 300 * MS)):
        card = added(card, edge)
    who = {(1, REVEAL + 300 * MS): "red"}  # red is safe on the prison (Indian card)
    assert card.false_starts() == [early]
    assert card.verdict(who).bullets["red"] == 0  # an unnamed false start costs nobody
    who[2, early.t_ns] = "red"
    assert card.events(who)[0] == {"pad": 2, "edge": "press", "t_ms": -150.0, "player": "red"}
    verdict = card.verdict(who)
    assert verdict.bullets["red"] == 1
    assert "red made a false start on pad 2 at -150.0 ms (R-R13): bullet" in verdict.notes


def test_a_press_on_a_disarmed_card_is_a_moved_pawn_the_moment_it_happens():
    """R-R10: the live verdict says so at once, before anyone is named; naming the owner
    gives them the bullet, and naming someone else as the toucher passes it on."""
    card = live(DisarmedCard("green"))
    card = added(card, Edge(3, True, REVEAL + 410 * MS))
    verdict = card.verdict()
    assert [(p.pad, p.t_ms, p.player) for p in verdict.touch_presses] == [(3, 410.0, None)]
    who = {(3, REVEAL + 410 * MS): "blue"}
    assert card.verdict(who).bullets == {"red": 0, "blue": 1, "green": 0}
    assert card.verdict(who, (touch("red", "blue", None, REVEAL + 900 * MS),)).bullets == {"red": 1, "blue": 0, "green": 0}


def test_the_live_referee_is_fed_each_edge_once_and_agrees_with_the_whole_round():
    """Issue 12: a chattering pad's edges are judged as they come, not the card again
    per edge; the verdict is the one judge's on the whole round file."""
    from companion.rapidcity.judge import judge
    from companion.rapidcity.roundfile import parse_round

    first = card = added(live(), Edge(1, True, REVEAL + 300 * MS))
    for i in range(400):  # pad 3 chattering: an edge every 31 ms, past the bounce window
        card = card.with_edge(Edge(3, i % 2 == 0, REVEAL + 320 * MS + i * 31 * MS // 2 * 2)) or card  # kept in the window
        if i % 50 == 0:
            assert card.verdict() == judge(parse_round(card.round()))
    referee = card._live_referee()
    assert len(referee.edges) == len(card.edges)
    assert first.verdict() == judge(parse_round(first.round()))  # the card before the chatter: its own edges
    assert card.verdict() == judge(parse_round(card.round()))


def test_a_chattering_pad_cannot_bury_the_table_in_presses_to_name():
    card = live()
    card = added(card, Edge(1, True, REVEAL + 100 * MS))
    for i in range(20):
        card = added(card, Edge(3, True, REVEAL + (200 + 40 * i) * MS))
        card = added(card, Edge(3, False, REVEAL + (220 + 40 * i) * MS))
    listed, left = card.presses_to_name()
    assert [e.pad for e in listed] == [1, 3, 3, 3, 3] and left == 16


def test_two_pads_stamped_in_the_same_instant_are_named_apart():
    """A true dead heat on a microsecond-stamped pad board: one stamp, two presses."""
    card = live()
    card = added(card, Edge(1, True, REVEAL + 300 * MS))
    card = added(card, Edge(3, True, REVEAL + 300 * MS))
    assert [e.get("player") for e in card.events({(1, REVEAL + 300 * MS): "red"})] == ["red", None]


def test_the_last_press_is_guessed_only_when_one_player_and_one_press_are_left():
    a, b, c, d = (1, 10), (2, 20), (3, 30), (1, 40)
    players = ["red", "blue", "green"]
    assert last_one_left([a, b, c], {a: "red", b: "blue"}, players) == {c: "green"}
    assert last_one_left([a, b, c], {a: "red"}, players) == {}  # two left: not obvious
    assert last_one_left([a, b, c], {a: "red", b: "red"}, players) == {}  # two players unnamed
    assert last_one_left([a, b, c, d], {a: "red", b: "blue", c: "green"}, players) == {}  # a pawn moved
    assert last_one_left([a, b], {a: "red"}, players) == {}  # somebody claimed nothing
    assert last_one_left([a, b, c], {a: "red", b: "blue", c: "green"}, players) == {}  # all named


@pytest.mark.parametrize("card", [CharacterCard("indian"), TwoCharactersCard(("indian", "sheriff")),
                                  HealingCard("saloon"), ArmedCard("red", "left"), DisarmedCard("blue")])
def test_the_screen_asks_for_names_on_exactly_the_cards_whose_presses_the_judge_claims_with(card):
    """One place decides whether the pads decide a card (issue 28: the view and the judge
    decided it two opposite ways): a named press on a free tile claims it just where the
    screen treats the card as the pads'."""
    raced = live(card)
    raced = added(raced, Edge(2, True, REVEAL + 300 * MS))
    assert decided_by_pads(card) == bool(raced.verdict({(2, REVEAL + 300 * MS): "red"}).claims)
