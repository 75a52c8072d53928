"""Game End — the 4-marker trigger, the final turns, and what a finished player's turn changes.

A player who ends its own turn with 4 or more Achievement markers triggers the end; every other
player then has one final turn, in turn order, and the game ends (the triggerer plays no more:
the turn that triggered was its final one). Markers others reach during that round change
nothing. Once a player has had its final turn it is `finished`: an opponent needs two Influence
actions to replace one of its island cubes, and it adds 2 Battle cubes in any battle. It still
draws and levels as usual, since it may have to defend.

DR-END-05 reading: each Influence icon is one action, so a finished player's cube falls to two
icons spent on it in one turn (from one ability or two); a single hit lapses when the turn ends."""
from __future__ import annotations

from pydantic import BaseModel

from engine.dead_reckoning.defs import defs


def triggers_end(markers: int) -> bool:
    """At the end of a player's own turn: 4 or more markers on the Harbor board end the game."""
    return markers >= defs().achievements.end_trigger


class GameEnd(BaseModel):
    triggered_by: str | None = None
    final_turns: list[str] = []      # seats still to play their final turn, in turn order
    finished: list[str] = []         # seats whose final turn is over, in the order they finished


def end_of_turn(end: GameEnd, seat: str, markers: int, order: list[str]) -> GameEnd:
    """The game-end check at the end of `seat`'s turn. `order` is every seat in turn order."""
    if end.triggered_by is None:
        if not triggers_end(markers):
            return end
        start = order.index(seat)
        others = [order[(start + i) % len(order)] for i in range(1, len(order))]
        turns = defs().rules.end.final_turns
        return GameEnd(triggered_by=seat, final_turns=[s for s in others for _ in range(turns)],
                       finished=[seat])
    if end.final_turns and end.final_turns[0] == seat:
        rest = end.final_turns[1:]
        done = end.finished + ([seat] if seat not in rest else [])
        return GameEnd(triggered_by=end.triggered_by, final_turns=rest, finished=done)
    return end


def game_over(end: GameEnd) -> bool:
    """Every final turn has been played: time to add up the coins."""
    return end.triggered_by is not None and not end.final_turns


def is_finished(end: GameEnd, seat: str) -> bool:
    return seat in end.finished


def extra_battle_cubes(end: GameEnd, seat: str) -> int:
    """Battle cubes a side adds for having had its final turn."""
    return defs().rules.end.battle_cubes_after_final if is_finished(end, seat) else 0


def influence_to_replace(end: GameEnd, owner: str) -> int:
    """Influence actions an opponent needs to replace one island cube of `owner`."""
    return defs().rules.end.influence_actions_after_final if is_finished(end, owner) else 1


class Siege(BaseModel):
    """Influence spent this turn on finished players' cubes that has not yet replaced them:
    slot key (for example `b3:2`) -> icons spent on it. Empty again at the end of every turn."""
    hits: dict[str, int] = {}


def place_influence(siege: Siege, slot: str, needed: int) -> tuple[Siege, bool]:
    """One Influence icon spent on the cube in `slot`, which takes `needed` icons to replace.
    Returns the siege after it and whether the cube is replaced now."""
    n = siege.hits.get(slot, 0) + 1
    if n >= needed:
        return Siege(hits={k: v for k, v in siege.hits.items() if k != slot}), True
    return Siege(hits={**siege.hits, slot: n}), False


def turn_over(siege: Siege) -> Siege:
    """Half a replacement does not carry over to another turn."""
    del siege
    return Siege()
