"""TURN SEQUENCE — moving: roll and sail either way, blockades, special moves, landing."""
from __future__ import annotations

from engine.pirate_chest.prompts import SailPrompt
from engine.pirate_chest.rules.board import kind, ports, space_name, step
from engine.pirate_chest.rules.coins import reveal_and_take
from engine.pirate_chest.rules.common import Events, card, name, say
from engine.pirate_chest.rules.dice import roll_results
from engine.pirate_chest.rules.fight import begin_attack
from engine.pirate_chest.state import LastMove, State


def can_move(s: State, seat: int) -> bool:
    """A move (rolled or 'as your move') is available: moves left and not frozen."""
    t = s.turn
    return t.seat == seat and t.phase == "main" and t.moves_left > 0 and not t.frozen


def use_move(s: State) -> None:
    s.turn.moves_left -= 1
    s.turn.base_move_done = True


def roll_move(s: State, seat: int, ev: Events) -> None:
    """Roll one die for a move; modifiers (Sandbar, Catch the Wind…) apply; never below 0."""
    use_move(s)
    push_rolled_sail(s, seat, seat, ev, penalty=s.turn.move_penalty, bonus=s.turn.roll_bonus)
    s.turn.roll_bonus = 0


def push_rolled_sail(s: State, roller: int, ship: int, ev: Events, card_id: str = "",
                     penalty: int = 0, bonus: int = 0) -> None:
    """Roll, then ask where `ship` sails (a move, or the card `card_id`: Westerlies, Lost)."""
    results = roll_results(s, roller, ev, card(card_id).name if card_id else "a move")
    distances = sorted({max(0, r - penalty + bonus) for r in results})
    s.stack.append(SailPrompt(seats=[roller], ship=ship, distances=distances, card=card_id))


def privateer(s: State, seat: int) -> None:
    """PRIVATEER: sail exactly one space instead of rolling."""
    use_move(s)
    s.stack.append(SailPrompt(seats=[seat], ship=seat, distances=[1]))


def sail(s: State, prompt: SailPrompt, distance: int, direction: str, ev: Events) -> None:
    ship = prompt.ship
    start = s.players[ship].position
    if distance == 0:
        say(ev, f"{name(s, ship)} stays at {space_name(s, start)}.")
        return
    dest = step(s, start, distance, direction)
    way = "clockwise" if direction == "cw" else "counter-clockwise"
    say(ev, f"{name(s, ship)} sails {distance} {way} to {space_name(s, dest)}.")
    if prompt.pushed:
        relocate(s, ship, dest)   # Lost: the ship is pushed; nothing happens where it stops
    else:
        arrive(s, ship, dest, ev)


def relocate(s: State, seat: int, dest: int) -> None:
    s.last_move = LastMove(seat=seat, start=s.players[seat].position, end=dest)
    s.players[seat].position = dest


def arrive(s: State, seat: int, dest: int, ev: Events) -> None:
    """End a move on `dest`: turn over and take coins, then fight an enemy there."""
    relocate(s, seat, dest)
    reveal_and_take(s, seat, dest, ev)
    begin_attack(s, seat, ev)


def jump(s: State, seat: int, dest: int, ev: Events, how: str) -> None:
    """A move that goes straight to a space (Never Land, Mutiny, 'as your move' cards)."""
    use_move(s)
    say(ev, f"{name(s, seat)} {how} to {space_name(s, dest)}.")
    arrive(s, seat, dest, ev)


def never_land_ports(s: State, seat: int) -> list[int]:
    """NEVER LAND: any port (other than where Hook already is)."""
    return [p for p in ports(s) if p != s.players[seat].position]


def mutiny_islands(s: State, seat: int) -> list[int]:
    """MUTINY: a deserted island where another pirate ship lies."""
    return sorted({p.position for i, p in enumerate(s.players)
                   if i != seat and kind(s, p.position) == "island"
                   and p.position != s.players[seat].position})

