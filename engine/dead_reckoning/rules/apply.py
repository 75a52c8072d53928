"""One handler per (prompt, decision): what each answer does to the state. The flow (flow.py)
then runs whatever follows without a decision."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.flow import Events
from engine.core.types import Event
from engine.dead_reckoning import actions as A
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.rules import (
    abilities,
    battle,
    buy_and_resolve,
    claims,
    cleanup,
    goods,
    leveling,
    move_ship,
    pirate_mode,
    play_card,
)
from engine.dead_reckoning.rules.common import name
from engine.dead_reckoning.rules.effects import gain, stow
from engine.dead_reckoning.rules.main_phase import hand_cards
from engine.dead_reckoning.state import State

Handler = Callable[[State, int, Any, Any, Events], None]


def _pop(s: State) -> None:
    s.stack.pop()


def _keep(s: State, seat: int, pr: P.TokenPrompt, a: A.Keep, ev: Events) -> None:
    s.players[seat].token = a.token
    pr.seats.remove(seat)
    if not pr.seats:
        _pop(s)


def level(s: State, seat: int, card: str, ev: Events) -> None:
    """One card in hand up one level (rules/leveling.py); reaching 4 is public (Expert Sailors)."""
    p = s.players[seat]
    result = leveling.level_up(hand_cards(s, seat), leveling.Window(), card)
    p.levels[card] += 1
    p.level_open = False
    if result.reached_top:
        p.experts += 1
        ev.append(Event(text=f"{name(seat)} has a card at level 4"))
        # its Expert Sailors cube goes on now, on whoever's turn (DR-ACH-09; the marker itself waits)
        claims.check(s, seat, seat == s.turn.seat, ev)
    ev.append(Event(text=f"{name(seat)} levels up {card}", visible_to=frozenset({seat})))


def _level(s: State, seat: int, pr: Any, a: A.Level, ev: Events) -> None:
    level(s, seat, a.card, ev)
    if isinstance(pr, P.LevelPrompt):
        _pop(s)


def _play(s: State, seat: int, pr: Any, a: A.Play, ev: Events) -> None:
    if s.battle is not None:
        battle.play_card(s, seat, a.card)
    else:
        play_card.play(s, seat, a.card)
    ev.append(Event(text=f"{name(seat)} plays {a.card}"))


def _use(s: State, seat: int, pr: P.MainPrompt, a: A.Use, ev: Events) -> None:
    abilities.use(s, seat, a, ev)


def _sails(s: State, seat: int, pr: P.MainPrompt, a: A.SetSails, ev: Events) -> None:
    play_card.sails(s, seat)


def _sail_choice(s: State, seat: int, pr: P.SailsPrompt, a: A.SailChoice, ev: Events) -> None:
    play_card.choose(s, seat, pr, a)


def _move(s: State, seat: int, pr: Any, a: A.Move, ev: Events) -> None:
    if isinstance(pr, P.MainPrompt):
        move_ship.start_moving(s, seat, a.to, ev)
    else:
        move_ship.move(s, seat, a.to, ev)


def _stop(s: State, seat: int, pr: P.MovingPrompt, a: A.Stop, ev: Events) -> None:
    _pop(s)
    move_ship.stop(s, seat, ev)


def _buy(s: State, seat: int, pr: P.MainPrompt, a: Any, ev: Events) -> None:
    buy_and_resolve.buy(s, seat, ev)


def _raid(s: State, seat: int, pr: P.MainPrompt, a: A.Raid, ev: Events) -> None:
    buy_and_resolve.raid(s, seat, ev)


def _attack(s: State, seat: int, pr: P.MainPrompt, a: A.Attack, ev: Events) -> None:
    s.turn.flags_used += 1
    battle.start(s, "ship", seat, s.players[seat].ship.at, defender=a.target, why="flag")


def _fight(s: State, seat: int, pr: Any, a: A.Fight, ev: Events) -> None:
    if isinstance(pr, P.PirateOrderPrompt):
        _pop(s)
        pirate_mode.fight(s, a.target, "pirate_stop")
    else:
        pirate_mode.fight(s, a.target, "pirate_start")


def _buildings(s: State, seat: int, pr: P.MainPrompt, a: A.AttackBuildings, ev: Events) -> None:
    from engine.dead_reckoning.rules import island_control as ic
    at = s.players[seat].ship.at
    owner = ic.controller(s.islands[at])
    assert owner is not None
    battle.start(s, "building", seat, at, defender=int(owner[1:]) - 1, why="buildings")


def _merchant(s: State, seat: int, pr: P.MainPrompt, a: A.Merchant, ev: Events) -> None:
    goods.master_merchant(s, seat, ev)
    ev.append(Event(text=f"{name(seat)} returns 12 cargo: Master Merchant"))


def _end(s: State, seat: int, pr: P.MainPrompt, a: A.End, ev: Events) -> None:
    _pop(s)
    s.turn.phase = "refill"


def _goods(fn: Callable[[State, int, Any], None]) -> Handler:
    def handler(s: State, seat: int, pr: Any, a: Any, ev: Events) -> None:
        fn(s, seat, a)
    return handler


def _slot(s: State, seat: int, pr: P.InfluencePrompt, a: A.Slot, ev: Events) -> None:
    abilities.place_influence(s, seat, pr, a.slot)
    if pr.left <= 0:
        _pop(s)


def _produce(s: State, seat: int, pr: P.ProducePrompt, a: A.Produce, ev: Events) -> None:
    abilities.produce(s, seat, pr, a.at)


def _build(s: State, seat: int, pr: P.BuildPrompt, a: A.Build, ev: Events) -> None:
    abilities.build(s, seat, pr, a, ev)
    ev.append(Event(text=f"{name(seat)} builds a {a.building} at {a.at}"))


def _upgrade(s: State, seat: int, pr: P.UpgradePrompt, a: A.Upgrade, ev: Events) -> None:
    _pop(s)
    abilities.take_upgrade(s, seat, a)


def _pay(s: State, seat: int, pr: P.PayPrompt, a: A.PayShip, ev: Events) -> None:
    abilities.paid(s, seat, pr, a.ship, ev)


def _room(s: State, seat: int, pr: P.RoomPrompt, a: Any, ev: Events) -> None:
    """Room made: the gain goes on aboard as far as it fits now; refusing lets the rest go."""
    if isinstance(a, A.Refuse):
        _pop(s)
        return
    (goods.jettison if isinstance(a, A.Jettison) else goods.unload)(s, seat, a)
    pr.n -= stow(s, seat, pr.res, pr.n)
    if pr.n <= 0:
        _pop(s)


def _amount(s: State, seat: int, pr: P.AmountPrompt, a: A.Amount, ev: Events) -> None:
    _pop(s)
    goods.finish_move(s, seat, pr.op, pr.res, pr.hold, pr.to, a.n)


def _menu(s: State, seat: int, pr: P.MainPrompt, a: A.Menu, ev: Events) -> None:
    s.stack.append(P.MenuPrompt(seats=[seat], group=a.group))


def _from_menu(s: State, seat: int, pr: P.MenuPrompt, a: Any, ev: Events) -> None:
    """A choice from a folded group is the main menu's own choice."""
    _pop(s)
    main = s.stack[-1]
    handler = HANDLERS.get((P.MainPrompt, type(a)))
    if handler is None:
        ANYTIME[type(a)](s, seat, a)
    else:
        handler(s, seat, main, a, ev)


def _split(s: State, seat: int, pr: P.SplitPrompt, a: A.Split, ev: Events) -> None:
    _pop(s)
    stow(s, seat, pr.res, a.ship)
    gain(s, seat, pr.res, "dock", pr.n - a.ship, ev)


def _cubes(s: State, seat: int, pr: Any, a: A.Cubes, ev: Events) -> None:
    if isinstance(pr, P.ResponsePrompt):
        battle.respond(s, seat, a.n, ev)
    else:
        _pop(s)
        battle.set_cubes(s, seat, a.n, ev)


def _battle_use(s: State, seat: int, pr: P.AbilityPrompt, a: A.Use, ev: Events) -> None:
    _pop(s)
    battle.use(s, seat, a, ev)


def _pass(s: State, seat: int, pr: P.AbilityPrompt, a: A.Pass, ev: Events) -> None:
    _pop(s)
    battle.pass_turn(s, ev)


def _remove(s: State, seat: int, pr: P.CubePrompt, a: A.Remove, ev: Events) -> None:
    _pop(s)
    battle.remove_cube(s, seat, a.zone, ev)


def _plunder(s: State, seat: int, pr: P.PlunderPrompt, a: Any, ev: Events) -> None:
    _pop(s)
    battle.place_plunder(s, seat, a, ev)


def _take(s: State, seat: int, pr: Any, a: A.Take, ev: Events) -> None:
    abilities.take_cube(s, seat, a.at)
    ev.append(Event(text=f"{name(seat)} takes a cube back from {a.at}"))


def _mode(s: State, seat: int, pr: P.ModePrompt, a: A.SetMode, ev: Events) -> None:
    _pop(s)
    s.players[seat].ship.mode = a.mode
    s.turn.phase = "sails"
    if a.mode == "pirate":
        ev.append(Event(text=f"{name(seat)} hoists the Pirate flag"))


def _sleeve(s: State, seat: int, pr: P.SleevePrompt, a: A.Sleeve, ev: Events) -> None:
    cleanup.do_sleeve(s, seat, a)


def _done(s: State, seat: int, pr: Any, a: A.Done, ev: Events) -> None:
    _pop(s)
    if isinstance(pr, P.SleevePrompt):
        s.turn.phase = "draw"


HANDLERS: dict[tuple[type, type], Handler] = {
    (P.TokenPrompt, A.Keep): _keep,
    (P.LevelPrompt, A.Level): _level,
    (P.ResponsePrompt, A.Level): _level,
    (P.MainPrompt, A.Play): _play,
    (P.BattleCubesPrompt, A.Play): _play,
    (P.ResponsePrompt, A.Play): _play,
    (P.MainPrompt, A.Use): _use,
    (P.MainPrompt, A.SetSails): _sails,
    (P.MainPrompt, A.Move): _move,
    (P.SailsPrompt, A.SailChoice): _sail_choice,
    (P.MovingPrompt, A.Move): _move,
    (P.MovingPrompt, A.Stop): _stop,
    (P.MainPrompt, A.Buy): _buy,
    (P.MainPrompt, A.Trade): _buy,
    (P.MainPrompt, A.Raid): _raid,
    (P.MainPrompt, A.Attack): _attack,
    (P.MainPrompt, A.Fight): _fight,
    (P.PirateOrderPrompt, A.Fight): _fight,
    (P.MainPrompt, A.AttackBuildings): _buildings,
    (P.MainPrompt, A.Merchant): _merchant,
    (P.MainPrompt, A.End): _end,
    (P.MainPrompt, A.Menu): _menu,
    **{(P.MenuPrompt, kind): _from_menu for kind in (A.Load, A.Unload, A.Shift, A.Jettison, A.Play, A.Use)},
    (P.MenuPrompt, A.Done): _done,
    (P.MainPrompt, A.Load): _goods(goods.start_move),
    (P.MainPrompt, A.Unload): _goods(goods.start_move),
    (P.AmountPrompt, A.Amount): _amount,
    (P.InfluencePrompt, A.Slot): _slot,
    (P.ProducePrompt, A.Produce): _produce,
    (P.ProducePrompt, A.Done): _done,
    (P.BuildPrompt, A.Build): _build,
    (P.BuildPrompt, A.Done): _done,
    (P.UpgradePrompt, A.Upgrade): _upgrade,
    (P.SplitPrompt, A.Split): _split,
    (P.PayPrompt, A.PayShip): _pay,
    (P.RoomPrompt, A.Jettison): _room,
    (P.RoomPrompt, A.Unload): _room,
    (P.RoomPrompt, A.Refuse): _room,
    (P.BattleCubesPrompt, A.Cubes): _cubes,
    (P.ResponsePrompt, A.Cubes): _cubes,
    (P.AbilityPrompt, A.Use): _battle_use,
    (P.AbilityPrompt, A.Pass): _pass,
    (P.CubePrompt, A.Remove): _remove,
    (P.PlunderPrompt, A.Stow): _plunder,
    (P.PlunderPrompt, A.ToIsland): _plunder,
    (P.PlunderPrompt, A.ToSupply): _plunder,
    (P.ModePrompt, A.SetMode): _mode,
    (P.InfluencePrompt, A.Take): _take,
    (P.BattleCubesPrompt, A.Take): _take,
    (P.ResponsePrompt, A.Take): _take,
    (P.SleevePrompt, A.Sleeve): _sleeve,
    (P.SleevePrompt, A.Done): _done,
}
ANYTIME: dict[type, Callable[[State, int, Any], None]] = {A.Shift: goods.start_move, A.Jettison: goods.start_move}


def apply_action(s: State, seat: int, a: Any, ev: Events) -> None:
    """`a` is one of the seat's legal actions: engine.core.act checked it (the Game contract)."""
    top = s.stack[-1]
    if seat not in top.seats:              # the level-up between turns (a side decision)
        level(s, seat, a.card, ev)
        return
    handler = HANDLERS.get((type(top), type(a)))
    if handler is None:
        ANYTIME[type(a)](s, seat, a)
        return
    handler(s, seat, top, a, ev)
