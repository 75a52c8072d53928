"""PIECES OF EIGHT on the islands: THE MAP, THE KEY, THE CHEST, THE MAGIC COMPASS, Voodoo Doll."""
from __future__ import annotations

from engine.pirate_chest.rules.board import space_name
from engine.pirate_chest.rules.common import Events, name, say
from engine.pirate_chest.rules.sinking import coin_name
from engine.pirate_chest.state import State

# Map and Key first, so a ship landing on all three at once can take the Chest too.
TAKE_ORDER = ["map", "key", "compass", "voodoo-doll", "chest"]


def may_take(s: State, seat: int, coin: str) -> bool:
    """THE CHEST is taken only by a ship already holding the Map and the Key."""
    held = s.players[seat].coins
    return coin != "chest" or ("map" in held and "key" in held)


def reveal_and_take(s: State, seat: int, island: int, ev: Events) -> None:
    """Stopping on coins turns them face up; every coin the ship may take, it takes."""
    coins = s.islands.get(island, [])
    if not coins:
        return
    hidden = [c for c in coins if not c.face_up]
    for c in hidden:
        c.face_up = True
    if hidden:
        say(ev, f"{name(s, seat)} turns over {', '.join(coin_name(c.id) for c in hidden)} at {space_name(s, island)}.")
    for coin_id in TAKE_ORDER:
        for c in [c for c in coins if c.id == coin_id]:
            if may_take(s, seat, c.id):
                coins.remove(c)
                s.players[seat].coins.append(c.id)
                say(ev, f"{name(s, seat)} takes {coin_name(c.id)}.")
            else:
                say(ev, f"{coin_name(c.id)} stays at {space_name(s, island)}: it needs the Map and the Key.")
    if not coins:
        del s.islands[island]
