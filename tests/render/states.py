"""Real Pirate Chest states for the render tests, reached by seeded greedy bots."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Setup, act, get_game, setup_state
from engine.pirate_chest.policy import greedy
from engine.pirate_chest.state import State

CAPTAINS = ["sparrow", "kidd", "jones", "lola", "dragon-lady", "blackbeard"]
GAME = get_game("pirate_chest")
PLAYERS = {0: "alice", 1: "bob_the_builder", 2: "carol", 3: "Bot 4", 4: "eve", 5: "frankenstein99"}


def play(players: int = 4, seed: str = "x", steps: int = 200, stop: Callable[[State], bool] | None = None,
         **options: Any) -> State:
    """Play `steps` bot decisions (or until the game ends, or `stop(state)` holds)."""
    opts = {"captains": CAPTAINS[:players], **options}
    s = setup_state(GAME, Setup(game="pirate_chest", players=players, seed=seed, options=opts))
    pol = greedy(seed)
    for _ in range(steps):
        p = GAME.pending(s)
        if p is None or (stop is not None and stop(s)):
            break
        s = act(GAME, s, p.waiting_on[0], pol.choose(GAME, s, p.waiting_on[0])).state
    return s


def finished(players: int = 4, seed: str = "x") -> State:
    s = play(players, seed, steps=5000)
    assert GAME.pending(s) is None, "the bots did not finish the game"
    return s


def mid_fight(players: int = 4, seed: str = "x", sealed: bool = True) -> State:
    """A state with a fight in progress (with a sealed card committed when `sealed`)."""
    def stop(s: State) -> bool:
        return s.fight is not None and (not sealed or any(s.fight.cards.choices.values()))
    s = play(players, seed, steps=5000, stop=stop)
    assert s.fight is not None, "no fight reached"
    return s


def view(s: State, viewer: int | None) -> Any:
    return GAME.view(s, viewer)


def players_for(s: State) -> dict[int, str]:
    """Player names for the seats of `s` (as the bot passes to the board)."""
    return {seat: name for seat, name in PLAYERS.items() if seat < len(s.players)}


def with_everything(v: Any) -> Any:
    """A view (not a reachable state) with the most to draw: seat 0 holds every base coin, seat 1
    the variant coin, and the first island holds a face-up coin and two face-down ones."""
    ships = list(v.ships)
    ships[0] = ships[0].model_copy(update={"coins": ["compass", "map", "key", "chest"]})
    ships[1] = ships[1].model_copy(update={"coins": ["voodoo-doll"]})
    island = next(i for i, sp in enumerate(v.spaces) if sp.kind == "island")
    spaces = list(v.spaces)
    spaces[island] = spaces[island].model_copy(update={"coins": ["compass", "hidden", "hidden"]})
    others = [sp.model_copy(update={"coins": []}) if i != island else sp for i, sp in enumerate(spaces)]
    return v.model_copy(update={"ships": ships, "spaces": others})
