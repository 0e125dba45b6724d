"""The calls the companion says aloud, as whole sentences in English or French.

Pure functions from what a game already records (a Rapid City card and its verdict, as the
round file and the stored call hold them; a Bountytown duel's outcome; a Spurs draw's hits;
the winners) to sentences. Each sentence comes from one template per language, filled with
names and numbers, never glued from English-shaped fragments: French places its articles
("au saloon", "à la prison"), its plurals (0 and 1 take the singular: "0 balle", "1 balle")
and its spaces before ":", ";", "!" and "?" (no-break spaces, so a line never starts with
one) its own way.

Players' names (and bounties' names) are said exactly as the table typed them, accents and
all. Rapid City's cards keep the names printed on them ("Soins", "Deux Personnages") in
both languages: that is what the table reads on the card in hand.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

NBSP = "\u00a0"  # before a French colon
THIN = "\u202f"  # before a French ; ! ?

#: the names printed on Rapid City's cards, said as printed whatever the language
PRINTED = {"two_characters": "Deux Personnages", "healing": "Soins"}

EN: dict[str, str] = {
    "character": "{character}!",
    "two_characters": "{printed}: {first} and {second}!",
    "healing": "{printed}: {location}!",
    "armed": "Armed cowboy: {player}, {hand} hand!",
    "disarmed": "Disarmed cowboy: {player}!",
    "claims": "In order: {claims}.",
    "claim": "{player} at {location}",
    "then": ", then ",
    "no_claims": "No tile claimed.",
    "dead_heat": "Dead heat: {first} and {second}.",
    "false_start": "False start: {players}.",
    "false_starts": "False starts: {players}.",
    "bullet": "{player} takes a bullet, {total} in all.",
    "healed": "{player} gives back a bullet, {total} in all.",
    "no_bullets": "Nobody takes a bullet.",
    "bullets.one": "{n} bullet",
    "bullets.many": "{n} bullets",
    "winner": "Game over: {players} wins!",
    "winners": "Game over: {players} win!",
    "no_winner": "Game over.",
    "hits": "{player}: {hits}.",
    "hits.one": "{n} hit",
    "hits.many": "{n} hits",
    "and": " and ",
    "someone": "someone",
    "duel.cancelled": "The duel is cancelled.",
    "duel.win": "{player} wins the duel and takes {bounty}!",
    "duel.tie": "A tie: {player} takes {bounty}.",
    "duel.lose": "{bounty} wins and escapes for good.",
    "duel.attacker_wins": "{attacker} wins the duel and takes {bounty} from {defender}!",
    "duel.attacker_ties": "{attacker} ties for the best hand and takes {bounty}.",
    "duel.defender_wins": "{defender} wins the duel and keeps {bounty}!",
    "duel.defender_ties_bounty": "{defender} ties with the bounty and keeps {bounty}.",
    "duel.bounty_wins": "{bounty} has the best hand and escapes for good.",
    "duel.open.attacker_wins": "{attacker} wins the duel!",
    "duel.open.attacker_ties": "{attacker} ties for the best hand.",
    "duel.open.defender_wins": "{defender} wins the duel!",
}
EN_WORDS: dict[str, str] = {
    "indian": "Indian", "sheriff": "Sheriff", "bandit": "Bandit",
    "at.prison": "the prison", "at.tipi": "the tipi", "at.saloon": "the saloon",
    "the.prison": "the prison", "the.tipi": "the tipi", "the.saloon": "the saloon",
    "right": "right", "left": "left",
}

FR: dict[str, str] = {
    "character": f"{{character}}{THIN}!",
    "two_characters": f"{{printed}}{NBSP}: {{first}} et {{second}}{THIN}!",
    "healing": f"{{printed}}{NBSP}: {{location}}{THIN}!",
    "armed": f"Cow-boy armé{NBSP}: {{player}}, main {{hand}}{THIN}!",
    "disarmed": f"Cow-boy désarmé{NBSP}: {{player}}{THIN}!",
    "claims": f"Dans l’ordre{NBSP}: {{claims}}.",
    "claim": "{player} {location}",
    "then": ", puis ",
    "no_claims": "Aucune tuile prise.",
    "dead_heat": f"Égalité parfaite{NBSP}: {{first}} et {{second}}.",
    "false_start": f"Faux départ{NBSP}: {{players}}.",
    "false_starts": f"Faux départs{NBSP}: {{players}}.",
    "bullet": "{player} prend une balle, {total} en tout.",
    "healed": "{player} rend une balle, {total} en tout.",
    "no_bullets": "Personne ne prend de balle.",
    "bullets.one": "{n} balle",
    "bullets.many": "{n} balles",
    "winner": f"Partie terminée{NBSP}: {{players}} gagne{THIN}!",
    "winners": f"Partie terminée{NBSP}: {{players}} gagnent{THIN}!",
    "no_winner": "Partie terminée.",
    "hits": f"{{player}}{NBSP}: {{hits}}.",
    "hits.one": "{n} touche",
    "hits.many": "{n} touches",
    "and": " et ",
    "someone": "quelqu’un",
    "duel.cancelled": "Le duel est annulé.",
    "duel.win": f"{{player}} gagne le duel et prend {{bounty}}{THIN}!",
    "duel.tie": f"Égalité{NBSP}: {{player}} prend {{bounty}}.",
    "duel.lose": "{bounty} gagne et s’échappe pour de bon.",
    "duel.attacker_wins": f"{{attacker}} gagne le duel et prend {{bounty}} à {{defender}}{THIN}!",
    "duel.attacker_ties": "{attacker} égale la meilleure main et prend {bounty}.",
    "duel.defender_wins": f"{{defender}} gagne le duel et garde {{bounty}}{THIN}!",
    "duel.defender_ties_bounty": "{defender} égale la prime et garde {bounty}.",
    "duel.bounty_wins": "{bounty} a la meilleure main et s’échappe pour de bon.",
    "duel.open.attacker_wins": f"{{attacker}} gagne le duel{THIN}!",
    "duel.open.attacker_ties": "{attacker} égale la meilleure main.",
    "duel.open.defender_wins": f"{{defender}} gagne le duel{THIN}!",
}
FR_WORDS: dict[str, str] = {
    "indian": "Indien", "sheriff": "Shérif", "bandit": "Bandit",
    "at.prison": "à la prison", "at.tipi": "au tipi", "at.saloon": "au saloon",
    "the.prison": "la prison", "the.tipi": "le tipi", "the.saloon": "le saloon",
    "right": "droite", "left": "gauche",
}

TEMPLATES = {"en": EN, "fr": FR}
WORDS = {"en": EN_WORDS, "fr": FR_WORDS}


def _say(lang: str, key: str, **values: Any) -> str:
    return TEMPLATES[lang][key].format(**values)


def counted(n: int, key: str, lang: str) -> str:
    """``n`` things in ``lang``: French keeps 0 and 1 singular ("0 balle"), English only 1."""
    singular = n == 1 or (lang == "fr" and n == 0)
    return _say(lang, f"{key}.{'one' if singular else 'many'}", n=n)


def listed(names: Sequence[str], lang: str) -> str:
    """"Ann, Bob and Zoë" / "Ann, Bob et Zoë" (no serial comma in either)."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + TEMPLATES[lang]["and"] + names[-1]


def _name(colour: str | None, names: Mapping[str, str], lang: str) -> str:
    if colour is None:
        return TEMPLATES[lang]["someone"]
    return names.get(colour, colour)


def card(card: Mapping[str, Any], names: Mapping[str, str], lang: str) -> str:
    """The card just revealed (a round file's ``card``), as the referee calls it."""
    kind, words = card["type"], WORDS[lang]
    if kind == "character":
        return _say(lang, kind, character=words[card["character"]])
    if kind == "two_characters":
        first, second = (words[c] for c in card["characters"])
        return _say(lang, kind, printed=PRINTED[kind], first=first, second=second)
    if kind == "healing":
        return _say(lang, kind, printed=PRINTED[kind], location=words[f"the.{card['location']}"])
    if kind == "armed":
        return _say(lang, kind, player=_name(card["player"], names, lang), hand=words[card["hand"]])
    return _say(lang, kind, player=_name(card["player"], names, lang))


def false_starters(round_: Mapping[str, Any]) -> list[str]:
    """The colours that pressed before the reveal (R-R4), in the order they did, once each."""
    early = [e["player"] for e in sorted(round_.get("events", ()), key=lambda e: e["t_ms"])
             if e["edge"] == "press" and e["t_ms"] < 0 and e.get("player")]
    return list(dict.fromkeys(early))


def call(round_: Mapping[str, Any], verdict: Mapping[str, Any], names: Mapping[str, str], lang: str) -> list[str]:
    """A confirmed Rapid City card's call: the false starts, who claimed which tile in time
    order, each dead heat, each bullet taken or given back with the new total, and the game's
    end. ``round_`` and ``verdict`` are a stored call's (round file and verdict JSON)."""
    said = []
    early = [_name(c, names, lang) for c in false_starters(round_)]
    if early:
        said.append(_say(lang, "false_start" if len(early) == 1 else "false_starts", players=listed(early, lang)))
    claims = sorted(verdict["claims"], key=lambda c: c["t_ms"])
    if claims:
        words = WORDS[lang]
        told = [_say(lang, "claim", player=_name(c["player"], names, lang), location=words[f"at.{c['location']}"])
                for c in claims]
        said.append(_say(lang, "claims", claims=TEMPLATES[lang]["then"].join(told)))
    elif round_["card"]["type"] not in ("armed", "disarmed"):  # cowboy cards are decided by touches
        said.append(_say(lang, "no_claims"))
    for heat in verdict.get("dead_heats", ()):
        first, second = (_name(p, names, lang) for p in heat["players"])
        said.append(_say(lang, "dead_heat", first=first, second=second))
    healed = set(verdict.get("healed", ()))
    moved = False
    for colour, total in verdict["totals"].items():
        if verdict["bullets"].get(colour) or colour in healed:
            key = "healed" if colour in healed else "bullet"
            said.append(_say(lang, key, player=_name(colour, names, lang), total=counted(total, "bullets", lang)))
            moved = True
    if not moved:
        said.append(_say(lang, "no_bullets"))
    if verdict.get("game_over"):
        said.append(game_over([_name(w, names, lang) for w in verdict.get("winners", ())], lang))
    return said


def game_over(winners: Sequence[str], lang: str) -> str:
    """The end of any game, with its winners' names (ties together)."""
    if not winners:
        return _say(lang, "no_winner")
    return _say(lang, "winner" if len(winners) == 1 else "winners", players=listed(winners, lang))


def hits(player: str, n: int, lang: str) -> str:
    """A Spurs draw's hits: "Ann: 2 hits." / "Ann : 2 touches."."""
    return _say(lang, "hits", player=player, hits=counted(n, "hits", lang))


def duel(result: str | None, roles: Mapping[str, str], bounty: str | None, lang: str) -> str:
    """A Bountytown duel's result (:class:`companion.bountytown.duel.Outcome`'s ``result``;
    None when a Cowboy Hat cancelled it). ``roles``: role -> player's name; ``bounty``: the
    bounty's name, None for a duel between players over none."""
    if result is None:
        return _say(lang, "duel.cancelled")
    key = f"duel.{result}" if bounty is not None else f"duel.open.{result}"
    return _say(lang, key, bounty=bounty, **roles)

