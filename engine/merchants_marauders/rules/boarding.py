"""The crew clash on the fight's steps (base reconstruction 6.3; the pure rules are
crew_clash.py): each round both sides roll Leadership (a captain's ability and a boatswain add
dice), the fighters holding glory cards may reroll or add dice, then both crews fall together;
the clash ends when a crew is gone, the loser's captain dying. Engine guard [design]: a clash
still undecided after MAX_CLASH_ROUNDS rounds leaves the boarded ship holding."""
from __future__ import annotations

from engine.core.flow import Events
from engine.merchants_marauders.rules import combat as C
from engine.merchants_marauders.rules import crew_clash as CC
from engine.merchants_marauders.rules import fight_cards as FC
from engine.merchants_marauders.rules import weapons_turn as WT
from engine.merchants_marauders.rules.common import ability, roll, say, show
from engine.merchants_marauders.rules.fight import _bonus, loser, set_points, side_fighter, side_name
from engine.merchants_marauders.state import State

MAX_CLASH_ROUNDS = 50


def _clash_bonus(s: State, role: C.Role) -> int:
    assert s.fight is not None
    seat = s.fight.sides[role].seat
    if seat is None:
        return 0
    from engine.merchants_marauders.rules.loyalty_levels_turn import clash_modifier
    return ability(s.players[seat], "extra_die", "crew_clash") + _bonus(s, role, "skill_die", "leadership") \
        + clash_modifier(s, seat)                           # Module 11: Happy +1, Angry -1


def clash_roll(s: State, ev: Events) -> None:
    f = s.fight
    assert f is not None and f.clash is not None
    if f.clash.over or f.clash.rounds >= MAX_CLASH_ROUNDS:
        _finish(s, ev)
        return
    f.clash_faces = {r: roll(s, CC.clash_dice(side_fighter(s, r), _clash_bonus(s, r) + WT.penalty(s, r, "leadership")))
                     for r in C.ROLES}
    f.penalty = {}                      # spikes' Leadership die: the clash's first round only
    say(ev, f"Crew clash: {side_name(s, 'aggressor')} {show(f.clash_faces['aggressor'])}, "
        f"{side_name(s, 'defender')} {show(f.clash_faces['defender'])}")
    FC.open_windows(s)
    f.step = "clash_cards"


def clash_cards(s: State, ev: Events) -> None:
    assert s.fight is not None
    if not FC.next_window(s, "clash"):
        s.fight.step = "clash_apply"


def clash_apply(s: State, ev: Events) -> None:
    f = s.fight
    assert f is not None and f.clash is not None
    f.clash = CC.clash_round(f.clash, f.clash_faces)
    after = CC.after_clash({r: side_fighter(s, r) for r in C.ROLES}, f.clash)
    for r in C.ROLES:
        set_points(s, r, after[r].points)
    f.step = "clash"


def _finish(s: State, ev: Events) -> None:
    f = s.fight
    assert f is not None and f.clash is not None
    c = f.clash
    winner = c.winner if c.winner is not None else c.boarded
    f.victor, f.boarded = winner, True
    lost = C.other(winner)
    say(ev, f"{side_name(s, winner)} wins the crew clash")
    if CC.captain_dies(lost, c.model_copy(update={"winner": winner}), f.sides[lost].seat is None):
        loser(s, lost)
    f.step = "aftermath"
