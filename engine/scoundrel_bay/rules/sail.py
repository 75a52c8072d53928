"""B) SAIL AND SHOOT MONSTER: sail 1-3 spaces along the arrows and take the played card's reward
for that distance (1: star, sun or moon; 2: sun or moon; 3: moon); then shoot the monster where
the ship stops. The monster's stand shows its guns and shields; the die adds to both (critical
hit: conquered, no losses; miss: neither). Each pirate ring buys a reroll. Guns at least the
monster's total conquer it (its rewards); shields below its total suffer its losses.
The first ship past each reef ends the stage once its turn is over (reefs 1 and 5 give 1
reputation at once)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.scoundrel_bay.defs import Reward, SailReward, defs
from engine.scoundrel_bay.rules.board import reefs_passed, sail_path
from engine.scoundrel_bay.rules.cards import card_def
from engine.scoundrel_bay.rules.common import me, name, say
from engine.scoundrel_bay.rules.effects import queue, queue_losses, reward_text
from engine.scoundrel_bay.state import Fight

if TYPE_CHECKING:
    from engine.scoundrel_bay.state import State

MAX_DISTANCE = 3


def sail(s: State, seat: int, n: int, ev: list[Event]) -> None:
    p = me(s, seat)
    start = p.ship
    p.ship = sail_path(start, n)[-1]
    s.turn.distance = n
    say(s, ev, f"{name(seat)} sails {n} to sea space {p.ship}.")
    for reef in reefs_passed(start, n):
        if reef in s.reefs_passed:
            continue
        s.reefs_passed.append(reef)
        s.turn.reefs.append(reef)
        r = next(x for x in defs().board.reefs if x.number == reef)
        say(s, ev, f"{name(seat)} is first past reef {reef}: the stage ends after this turn.")
        queue(s, seat, r.first_past, f"first past reef {reef}")


def bonus_choices(distance: int) -> list[SailReward]:
    return list(defs().rules.sail.rewards[distance])


def take_bonus(s: State, seat: int, which: SailReward | None, ev: list[Event]) -> None:
    if which is None:
        return
    card = card_def(s.turn.card or "")
    rewards: list[Reward] = getattr(card, which)
    say(s, ev, f"{name(seat)} takes the {which} reward of {card.name}: {reward_text(rewards)}.")
    queue(s, seat, rewards, f"the {which} of {card.name}")


def start_fight(s: State, seat: int, ev: list[Event]) -> bool:
    """SHOOT MONSTER steps 1-2: reveal the stand and roll. False when no monster is there."""
    space = me(s, seat).ship
    stand = s.monsters.pop(space, None)
    if stand is None:
        return False
    stand.turn_over()
    s.reveals += 1
    m = defs().monsters.monsters[stand.id]
    from engine.scoundrel_bay.rules.milestones import free_rerolls
    s.turn.fight = Fight(seat=seat, monster=stand.id, space=space, face=roll(s), free_rerolls=free_rerolls(s, seat))
    say(s, ev, f"{name(seat)} shoots {m.name}, a {m.type} with {m.guns} guns and {m.shields} shields: the die shows {face_text(s.turn.fight.face)}.")
    return True


def roll(s: State) -> int | str:
    faces = defs().monsters.die.faces
    return faces[s.rng.die(len(faces)) - 1]


def face_text(face: int | str) -> str:
    return {"critical": "a critical hit", "miss": "a miss"}.get(str(face), f"+{face}")


def reroll(s: State, seat: int, free: bool, ev: list[Event]) -> None:
    fight = s.turn.fight
    assert fight is not None
    if free:
        fight.free_rerolls -= 1
    else:
        me(s, seat).resources["ring"] -= 1
    fight.face = roll(s)
    say(s, ev, f"{name(seat)} rerolls ({'free' if free else 'a pirate ring'}): {face_text(fight.face)}.")


def resolve_fight(s: State, ev: list[Event]) -> None:
    """SHOOT MONSTER step 4: conquered or discarded; defended or losses."""
    fight = s.turn.fight
    assert fight is not None
    s.turn.fight = None
    seat, p = fight.seat, me(s, fight.seat)
    m = defs().monsters.monsters[fight.monster]
    kind = defs().monsters.types[m.type]
    if fight.face == "critical":
        conquered, hurt = True, False
    elif fight.face == "miss":
        conquered, hurt = False, False
    else:
        die = int(fight.face)
        conquered, hurt = p.tools["gun"] >= m.guns + die, p.tools["shield"] < m.shields + die
    if conquered:
        p.monsters.append(fight.monster)
        queue(s, seat, kind.rewards, f"conquering {m.name}")
    else:
        s.discarded_monsters.append(fight.monster)
    if hurt:
        queue_losses(s, seat, kind.losses, f"{m.name}'s attack")
    verdict = ("conquers" if conquered else "does not conquer") + " it and " + ("suffers its losses" if hurt else "takes no losses")
    say(s, ev, f"{name(seat)} {verdict}.")
