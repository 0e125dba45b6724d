"""The spoken calls' words, in English and French: grammar, plurals, typography, the cards'
printed names and the players' names said exactly as typed."""

from __future__ import annotations

import pytest

from companion.rapidcity.judge import judge, verdict_to_json
from companion.rapidcity.roundfile import parse_round
from companion.voice import LANGUAGES, language, phrases, samples

NBSP, THIN = phrases.NBSP, phrases.THIN
NAMES = samples.NAMES


def sample_call(lang: str) -> list[str]:
    return phrases.call(samples.ROUND, verdict_to_json(judge(parse_round(samples.ROUND))), NAMES, lang)


def test_every_language_has_every_phrase():
    for lang in LANGUAGES:
        assert phrases.TEMPLATES[lang].keys() == phrases.EN.keys()
        assert phrases.WORDS[lang].keys() == phrases.EN_WORDS.keys()


def test_a_round_is_called_in_order_with_its_false_start_dead_heat_and_bullet():
    assert sample_call("en") == [
        "False start: Bob.",
        "In order: Zoë at the saloon, then José at the tipi, then Ann at the saloon.",
        "Dead heat: José and Ann.",
        "Bob takes a bullet, 2 bullets in all."]
    assert sample_call("fr") == [
        f"Faux départ{NBSP}: Bob.",
        f"Dans l’ordre{NBSP}: Zoë au saloon, puis José au tipi, puis Ann au saloon.",
        f"Égalité parfaite{NBSP}: José et Ann.",
        "Bob prend une balle, 2 balles en tout."]


@pytest.mark.parametrize("total, en, fr", [(0, "0 bullets", "0 balle"), (1, "1 bullet", "1 balle"),
                                           (2, "2 bullets", "2 balles")])
def test_plurals_follow_each_language(total, en, fr):
    """French keeps 0 and 1 singular; English only 1."""
    assert phrases.counted(total, "bullets", "en") == en
    assert phrases.counted(total, "bullets", "fr") == fr
    assert phrases.hits("Zoë", total, "fr") == f"Zoë{NBSP}: {fr.replace('balle', 'touche')}."


def test_healing_and_the_game_end_are_said_with_every_winner():
    rnd = {**samples.ROUND, "card": {"type": "healing", "location": "saloon"}, "events": []}
    verdict = {"claims": [{"pad": 3, "location": "saloon", "player": "blue", "t_ms": 80.0}],
               "bullets": {"red": 1, "blue": 0}, "healed": ["blue"], "totals": {"red": 6, "blue": 0},
               "game_over": True, "winners": ["blue"]}
    said = phrases.call(rnd, verdict, NAMES, "fr")
    assert said[-3:] == ["José prend une balle, 6 balles en tout.", "Zoë rend une balle, 0 balle en tout.",
                         f"Partie terminée{NBSP}: Zoë gagne{THIN}!"]
    assert phrases.game_over(["Zoë", "José", "Ann"], "en") == "Game over: Zoë, José and Ann win!"


def test_nobody_hit_and_nobody_claiming_are_said():
    rnd = {**samples.ROUND, "events": []}
    verdict = {"claims": [], "bullets": {"red": 0}, "healed": [], "totals": {"red": 2}}
    assert phrases.call(rnd, verdict, NAMES, "en") == ["No tile claimed.", "Nobody takes a bullet."]
    assert phrases.call(rnd, verdict, NAMES, "fr") == ["Aucune tuile prise.", "Personne ne prend de balle."]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cards_keep_their_printed_french_names_in_both_languages(lang):
    assert phrases.card({"type": "healing", "location": "prison"}, NAMES, lang).startswith("Soins")
    two = phrases.card({"type": "two_characters", "characters": ["sheriff", "bandit"]}, NAMES, lang)
    assert two.startswith("Deux Personnages")


def test_cards_are_called_with_the_players_names():
    assert phrases.card({"type": "armed", "player": "red", "hand": "left"}, NAMES, "fr") == \
        f"Cow-boy armé{NBSP}: José, main gauche{THIN}!"
    assert phrases.card({"type": "disarmed", "player": "blue"}, NAMES, "en") == "Disarmed cowboy: Zoë!"
    assert phrases.card({"type": "character", "character": "sheriff"}, NAMES, "fr") == f"Shérif{THIN}!"
    assert phrases.card({"type": "healing", "location": "prison"}, NAMES, "fr") == \
        f"Soins{NBSP}: la prison{THIN}!"


def test_french_punctuation_has_its_no_break_space_and_english_none():
    for lang, (before_colon, before_bang) in {"fr": (NBSP, THIN), "en": ("", "")}.items():
        for text in phrases.TEMPLATES[lang].values():
            for mark, space in ((":", before_colon), ("!", before_bang)):
                if mark in text:
                    assert f"{space}{mark}" in text and f" {mark}" not in text.replace(f"{space}{mark}", ""), text


def test_duels_say_their_result_with_the_bounty_and_the_players():
    roles = {"attacker": "José", "defender": "Zoë"}
    assert phrases.duel("defender_wins", roles, "Butch Cassidy", "fr") == \
        f"Zoë gagne le duel et garde Butch Cassidy{THIN}!"
    assert phrases.duel("attacker_wins", roles, None, "en") == "José wins the duel!"
    assert phrases.duel("win", {"player": "Zoë"}, "Belle Starr", "en") == "Zoë wins the duel and takes Belle Starr!"
    assert phrases.duel(None, roles, None, "fr") == "Le duel est annulé."


def test_names_are_never_altered():
    odd = {"red": "-josé {0} l’Ami", "blue": "ZOË"}
    said = phrases.card({"type": "disarmed", "player": "red"}, odd, "fr")
    assert "-josé {0} l’Ami" in said
    assert "ZOË" in phrases.game_over(["ZOË"], "en")


def test_the_language_comes_from_the_setting_then_language_then_english(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "de_DE:fr_FR.UTF-8:en")
    assert language(None) == "fr"
    assert language("en") == "en"
    monkeypatch.setenv("LANGUAGE", "de")
    assert language(None) == "en"
