"""The engine side of Achievements and the game end: each seat's Facts read off the state and
handed to rules/achievements.py, markers placed and progress cubes moved; the end-of-turn check
through rules/game_end.py."""
from __future__ import annotations

from engine.core.flow import Events
from engine.core.types import Event
from engine.dead_reckoning.rules import achievements, game_end
from engine.dead_reckoning.rules import island_control as ic
from engine.dead_reckoning.rules.common import name
from engine.dead_reckoning.state import State, label


def facts(s: State, seat: int) -> achievements.Facts:
    p, me = s.players[seat], label(seat)
    buildings = permanent = 0
    for isl in s.islands.values():           # one pass: this runs after every step of a turn
        permanent += isl.permanent.get(me, 0)
        if isl.buildings and ic.controller(isl) == me:      # control matters only where something stands
            buildings += len(isl.buildings)
    return achievements.Facts(
        ship_wins=p.wins, level_4_cards=p.experts, ships_sunk=p.sunk, buildings=buildings, chest=p.chest,
        permanent_cubes=permanent, upgrades=p.upgrades_taken, explored=p.explored,
        cargo_returned=achievements.goal("master_merchant", len(s.players)) if p.merchant else 0,
        unexplored_left=sum(1 for sp in s.grid.values() if not sp.face_up))


def check(s: State, seat: int, own_turn: bool, ev: Events) -> None:
    p = s.players[seat]
    done = achievements.check(p.record, facts(s, seat), len(s.players), own_turn)
    if done.record == p.record:
        return
    p.record = done.record
    p.cubes = max(0, p.cubes + done.supply)     # a progress cube needs one in the supply
    for aid in done.placed:
        ev.append(Event(text=f"{name(seat)} completes {achievements.definition(aid).name}"))
    for aid in done.announce:
        ev.append(Event(text=f"{name(seat)} has 30 coins in the chest: {achievements.definition(aid).name}"))


def end_of_turn(s: State, seat: int) -> None:
    labels = [label(x) for x in s.order]
    s.end = game_end.end_of_turn(s.end, label(seat), s.players[seat].record.markers(), labels)
    for x in s.end.finished:
        s.players[int(x[1:]) - 1].finished = True


def over(s: State) -> bool:
    return game_end.game_over(s.end)
