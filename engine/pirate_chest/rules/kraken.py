"""KRAKEN (Davy Jones): roll a die; an enemy exactly that far away on open sea is destroyed."""
from __future__ import annotations

from engine.pirate_chest.prompts import KrakenDiePrompt, KrakenTargetPrompt
from engine.pirate_chest.rules.board import distance, kind
from engine.pirate_chest.rules.common import Events, opponents, say
from engine.pirate_chest.rules.dice import roll_results
from engine.pirate_chest.rules.sinking import sink
from engine.pirate_chest.state import State


def summon_kraken(s: State, seat: int, ev: Events) -> None:
    s.turn.kraken_used = True
    results = roll_results(s, seat, ev, "the Kraken")
    if len(results) > 1:
        s.stack.append(KrakenDiePrompt(seats=[seat], results=results))
    else:
        kraken_strikes(s, seat, results[0], ev)


def kraken_victims(s: State, seat: int, reach: int) -> list[int]:
    """Enemies `reach` spaces away (either way round) and not on a port or island. A cursed roll
    cut below 1 reaches nobody (like every other roll pushed off the table)."""
    if reach < 1:
        return []
    here = s.players[seat].position
    return [o for o in opponents(s, seat)
            if distance(s, here, s.players[o].position) == reach and kind(s, s.players[o].position) == "open-sea"]


def kraken_strikes(s: State, seat: int, reach: int, ev: Events) -> None:
    victims = kraken_victims(s, seat, reach)
    if not victims:
        say(ev, f"The Kraken finds no ship {reach} spaces away.")
    elif len(victims) == 1:
        sink(s, victims[0], ev, by=seat)
    else:
        s.stack.append(KrakenTargetPrompt(seats=[seat], targets=victims))
