"""TURN SEQUENCE: whose turn is next, missed turns, the draw, the end of a turn, hand limit."""
from __future__ import annotations

from engine.pirate_chest.prompts import DiscardPrompt, DollPrompt
from engine.pirate_chest.rules.common import Events, has_ability, name, opponents, say
from engine.pirate_chest.rules.drawing import draw
from engine.pirate_chest.state import Player, State, Turn

HAND_LIMIT = 5
BLOCKADE_HAND_BONUS = 2


def hand_limit(s: State, seat: int) -> int:
    return HAND_LIMIT + (BLOCKADE_HAND_BONUS if has_ability(s, seat, "blockade") else 0)


def next_to_go(s: State) -> int | None:
    """The seat that will actually take the next turn (extra turns first, missed turns skipped)."""
    if s.extra_turns:
        return s.extra_turns[0]
    skips = [p.skip_turns for p in s.players]
    seat = s.rotation
    for _ in range(len(s.players) * (max(skips) + 1)):
        seat = (seat + 1) % len(s.players)
        if skips[seat] == 0:
            return seat
        skips[seat] -= 1
    return None


def _expire_effects(p: Player) -> None:
    """Effects lasting 'until the end of his next turn' end with that turn, even a missed one."""
    p.dice_penalty = False
    p.ability_blocked = False


def start_next_turn(s: State, ev: Events) -> None:
    while True:
        if s.extra_turns:
            seat = s.extra_turns.pop(0)
        else:
            s.rotation = (s.rotation + 1) % len(s.players)
            seat = s.rotation
        p = s.players[seat]
        if p.skip_turns == 0:
            begin_turn(s, seat, ev)
            return
        p.skip_turns -= 1
        p.frozen_next_turn = False
        p.move_penalty_next_turn = 0
        _expire_effects(p)
        say(ev, f"{name(s, seat)} misses this turn.")


def begin_turn(s: State, seat: int, ev: Events) -> None:
    """Start of turn: the Compass and Swift add moves; draw a card (Fearsome: two)."""
    p = s.players[seat]
    number = s.turn.number + 1
    if s.turn_limit and number > s.turn_limit:
        s.turn.phase = "done"
        s.ended = f"the agreed limit of {s.turn_limit} turns was reached with no winner"
        say(ev, f"The game ends: {s.ended}.")
        return
    moves = 1 + ("compass" in p.coins) + has_ability(s, seat, "swift")
    s.turn = Turn(seat=seat, number=number, phase="main", moves_left=moves,
                  frozen=p.frozen_next_turn, move_penalty=p.move_penalty_next_turn)
    p.frozen_next_turn = False
    p.move_penalty_next_turn = 0
    say(ev, f"Turn {number}: {name(s, seat)} to play." + (" (cannot move this turn)" if s.turn.frozen else ""))
    draw(s, seat, 2 if has_ability(s, seat, "fearsome") else 1, ev)


def end_turn(s: State, ev: Events) -> None:
    """Step through the end of a turn: Voodoo Doll, then discard down to the hand limit, then
    hand over to the next turn (each step runs once the decision before it is answered)."""
    t = s.turn
    seat = t.seat
    if t.ending_step == 0:
        t.ending_step = 1
        if "voodoo-doll" in s.players[seat].coins and opponents(s, seat):
            s.stack.append(DollPrompt(seats=[seat], targets=opponents(s, seat)))
    elif t.ending_step == 1:
        t.ending_step = 2
        excess = len(s.players[seat].hand) - hand_limit(s, seat)
        if excess > 0:
            s.stack.append(DiscardPrompt(seats=[seat], count=excess))
    else:
        _expire_effects(s.players[seat])
        start_next_turn(s, ev)

