"""ON BEING SUNK and coin movements; VICTORY (the Chest brought home)."""
from __future__ import annotations

from engine.core.pieces import Piece
from engine.pirate_chest.defs import defs
from engine.pirate_chest.rules.board import islands, space_name
from engine.pirate_chest.rules.common import Events, at_home, has_ability, name, say
from engine.pirate_chest.state import State


def coin_name(coin: str) -> str:
    return defs().boards.coins.names[coin]


def scatter_coin(s: State, coin: str) -> int:
    """Put a coin face down on a random deserted island (several may share one island)."""
    island = s.rng.choice(islands(s))
    s.islands.setdefault(island, []).append(Piece(id=coin))
    return island


def sink(s: State, seat: int, ev: Events, by: int | None = None, in_fight: bool = False,
         sheltered: bool = True) -> bool:
    """Sink a ship unless it is in its own home port (and `sheltered` there). Returns whether it sank.

    `by` is credited with the sinking. In a fight the coins go to the winner `by`; any other
    sinking scatters them face down.
    """
    if sheltered and at_home(s, seat):
        say(ev, f"{name(s, seat)} is safe in its home port and cannot be destroyed.")
        return False
    p = s.players[seat]
    where = "stays in" if p.position == p.home else "returns to"
    say(ev, f"{name(s, seat)} is sunk and {where} {space_name(s, p.home)}.")
    p.position = p.home
    p.times_sunk += 1
    coins, p.coins = p.coins, []
    if by is not None:
        s.players[by].sinkings += 1
    if in_fight and by is not None:
        s.players[by].coins += coins
        if coins:
            say(ev, f"{name(s, by)} takes {', '.join(coin_name(c) for c in coins)}.")
    else:
        for c in coins:
            scatter_coin(s, c)
        if coins:
            say(ev, f"{', '.join(coin_name(c) for c in coins)} sink back, hidden on random islands.")
    _miss_turns(s, seat, ev, no_prisoners=in_fight and by is not None and has_ability(s, by, "no-prisoners"))
    if s.turn.seat == seat and s.turn.phase == "main":
        s.turn.moves_left = 0
        s.turn.phase = "ending"   # being sunk on your own turn ends it
    return True


def _miss_turns(s: State, seat: int, ev: Events, no_prisoners: bool) -> None:
    p = s.players[seat]
    if no_prisoners:
        s.deck.throw_away(p.hand)
        p.hand = []
        say(ev, f"No Prisoners: {name(s, seat)} discards the whole hand.")
    if has_ability(s, seat, "ghostly"):
        say(ev, f"Ghostly: {name(s, seat)} does not miss a turn.")
        return
    p.skip_turns += 2 if no_prisoners else 1


def check_win(s: State, ev: Events) -> None:
    """VICTORY: holding the Chest in your own home port wins at once."""
    for seat, p in enumerate(s.players):
        if "chest" in p.coins and p.position == p.home and s.winner is None:
            s.winner = seat
            s.ended = f"{name(s, seat)} brought the Dead Man's Chest home"
            say(ev, f"{name(s, seat)} brings the Dead Man's Chest home and wins!")
