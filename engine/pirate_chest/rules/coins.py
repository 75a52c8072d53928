"""PIECES OF EIGHT on the islands: THE MAP, THE KEY, THE CHEST, THE MAGIC COMPASS, Voodoo Doll."""
from __future__ import annotations

from engine.core.pieces import face_down
from engine.pirate_chest.rules.board import space_name
from engine.pirate_chest.rules.common import Events, name, say
from engine.pirate_chest.rules.sinking import coin_name
from engine.pirate_chest.state import State

TAKE_ORDER = ["map", "key", "compass", "voodoo-doll", "chest"]   # the order coins are reported in


def may_take(held: list[str], coin: str) -> bool:
    """THE CHEST is taken only by a ship that already held the Map and the Key before this stop."""
    return coin != "chest" or ("map" in held and "key" in held)


def reveal_and_take(s: State, seat: int, island: int, ev: Events, hidden_only: bool = False) -> None:
    """Stopping on coins turns them face up; every coin the ship may take, it takes.

    The Chest needs the Map and the Key held *before* the stop, so landing on the Key and the
    Chest together takes the Key and leaves the Chest, face up. A Landing Party (`hidden_only`)
    brings back only coins that were face down when it landed.
    """
    coins = s.islands.get(island, [])
    if not coins:
        return
    held = list(s.players[seat].coins)
    hidden = face_down(coins)
    for c in hidden:
        c.turn_over()
    if hidden:
        say(ev, f"{name(s, seat)} turns over {', '.join(coin_name(c.id) for c in hidden)} at {space_name(s, island)}.")
    reachable = hidden if hidden_only else list(coins)
    for coin_id in TAKE_ORDER:
        for c in [c for c in reachable if c.id == coin_id]:
            if may_take(held, c.id):
                coins.remove(c)
                s.players[seat].coins.append(c.id)
                say(ev, f"{name(s, seat)} takes {coin_name(c.id)}.")
            else:
                say(ev, f"{coin_name(c.id)} stays at {space_name(s, island)}: {_why_not(s.players[seat].coins)}.")
    if not coins:
        del s.islands[island]


def _why_not(held_now: list[str]) -> str:
    if "map" in held_now and "key" in held_now:   # one of them came aboard at this very stop
        return "it needs the Map and the Key already aboard on landing"
    return "it needs the Map and the Key"
