"""One handler per (prompt, decision): what each answer does to the state. The flow (flow.py)
then runs whatever follows without a decision."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules import (
    death,
    fight,
    fight_cards,
    fight_end,
    glory_cards,
    missions_turn,
    port,
    raiding,
    rerolls,
    turn,
    variants_turn,
    weapons_turn,
)
from engine.merchants_marauders.rules.common import name, say
from engine.merchants_marauders.rules.loyalty_levels_turn import glory_check
from engine.merchants_marauders.rules.start import reveal_picks
from engine.merchants_marauders.state import State

Handler = Callable[[State, int, Any, Any, Events], None]


def _pop(s: State) -> None:
    s.stack.pop()


def _pick(s: State, seat: int, pr: P.SetupPrompt, a: A.Ship, ev: Events) -> None:
    assert s.picks is not None
    s.picks.choose(seat, a.ship)
    pr.seats.remove(seat)
    say(ev, f"You pick a {a.ship}; nobody sees it until every seat is in.", to=seat)
    if s.picks.lock(seat):
        _pop(s)
        reveal_picks(s, ev)


def _new_captain(s: State, seat: int, pr: P.NewCaptainPrompt, a: Any, ev: Events) -> None:
    if isinstance(a, A.Redraw):
        death.redraw(s, seat, ev)
        return
    _pop(s)
    death.set_up(s, seat, a.ship, ev)


# ---- the action menu ----
def _move(s: State, seat: int, pr: P.ActionPrompt, a: A.Move, ev: Events) -> None:
    _pop(s)
    turn.move(s, seat, a.to, ev)


def _wind(s: State, seat: int, pr: P.ActionPrompt, a: A.WindMove, ev: Events) -> None:
    from engine.merchants_marauders.rules.weather_turn import wind_move
    _pop(s)
    wind_move(s, seat, a.to, ev)


def _enter(s: State, seat: int, pr: P.ActionPrompt, a: A.Enter, ev: Events) -> None:
    from engine.merchants_marauders.rules import villon_turn
    from engine.merchants_marauders.rules.goodwill_turn import ask_entry
    _pop(s)
    if villon_turn.may_try(s, seat):       # Alexander Villon's Influence check (MM-M10-23)
        villon_turn.attempt(s, seat, ev)
    elif not ask_entry(s, seat):           # Module 10: a closed port asks for its goodwill first
        turn.enter(s, seat, ev)


def _economy(s: State, seat: int, pr: Any, a: Any, ev: Events) -> None:
    """Modules 7, 10 and 11: contraband, goodwill and loyalty (their *_turn glue modules)."""
    from engine.merchants_marauders.rules import contraband_turn, goodwill_turn, loyalty_turn
    if isinstance(a, A.Fierce):
        _pop(s)
        loyalty_turn.fierce(s, seat, ev)
    elif isinstance(pr, P.PlankPrompt):
        s.stack.remove(pr)
        loyalty_turn.plank(s, seat, a, ev)
    elif isinstance(pr, P.EnterPrompt):
        _pop(s)
        if isinstance(a, A.PayGoodwill):
            goodwill_turn.pay_entry(s, seat, pr, ev)
    elif isinstance(pr, P.RerollPrompt):
        _pop(s)
        goodwill_turn.accept(s, seat, pr, ev)
    elif isinstance(a, A.Favour):
        goodwill_turn.redraw(s, seat, pr, ev)
    elif isinstance(a, A.Smuggle):
        contraband_turn.smuggle(s, seat, pr, a.card, ev)
    elif isinstance(a, A.Compartment):
        contraband_turn.hit(s, seat, pr, a.which, ev)
    else:
        contraband_turn.answer(s, seat, pr, a, ev)


def _leave(s: State, seat: int, pr: P.ActionPrompt, a: A.Leave, ev: Events) -> None:
    _pop(s)
    turn.leave(s, seat, ev)


def _scout(s: State, seat: int, pr: P.ActionPrompt, a: A.Scout, ev: Events) -> None:
    _pop(s)
    turn.scout(s, seat, a.target, ev)


def _port(s: State, seat: int, pr: P.ActionPrompt, a: A.Port, ev: Events) -> None:
    _pop(s)
    turn.spend(s)
    s.turn.port_done = True
    s.stack.append(P.PortPrompt(seats=[seat]))
    from engine.merchants_marauders.rules.mods_turn import offer_at_port
    offer_at_port(s, seat, ev)                     # Module 3's optional selling rule


def _investigate(s: State, seat: int, pr: P.ActionPrompt, a: A.Investigate, ev: Events) -> None:
    _pop(s)
    turn.spend(s)
    missions_turn.investigate(s, seat, ev)


def _attempt(s: State, seat: int, pr: P.ActionPrompt, a: A.Attempt, ev: Events) -> None:
    _pop(s)
    turn.spend(s)
    missions_turn.attempt(s, seat, ev)


def _claim(s: State, seat: int, pr: P.PortPrompt, a: A.Claim, ev: Events) -> None:
    pr.taken.append("mission")
    missions_turn.claim(s, seat, a.mission, ev)


def _play(s: State, seat: int, pr: P.ActionPrompt, a: A.Play, ev: Events) -> None:
    """A glory card played on the turn costs no action."""
    _pop(s)
    if glory_check(s, seat, ev):            # Module 11: an Unhappy crew's check first
        glory_cards.play(s, seat, a.card, ev)


def _play_redraw(s: State, seat: int, pr: P.BuyPrompt, a: A.Play, ev: Events) -> None:
    if not glory_check(s, seat, ev):
        return
    s.players[seat].glory_cards.remove(a.card)
    s.glory.throw_away([a.card])
    port.redraw(s, seat, pr, ev, free=True)


def _end(s: State, seat: int, pr: P.ActionPrompt, a: A.End, ev: Events) -> None:
    _pop(s)
    s.turn.ended = True
    say(ev, f"{name(s, seat)} ends the turn")


# ---- cargo kept ----
def _keep(s: State, seat: int, pr: P.KeepCargoPrompt, a: A.Keep, ev: Events) -> None:
    from engine.merchants_marauders.rules.smuggling_turn import keep_room
    pr.kept.append(a.card)
    if pr.why == "leave" and len(pr.kept) == pr.room:
        _pop(s)
        turn.keep_on_leaving(s, seat, pr.kept, ev)
    elif pr.why == "plunder" and len(pr.kept) + len(pr.smuggled) >= keep_room(s, seat, pr):
        _keep_done(s, seat, pr, A.Done(), ev)


def _keep_done(s: State, seat: int, pr: P.KeepCargoPrompt, a: A.Done, ev: Events) -> None:
    _pop(s)
    raiding.keep_plunder(s, seat, pr, ev)


def _cargo(s: State, seat: int, pr: Any, a: Any, ev: Events) -> None:
    """Modules 1, 3 and 7: plunder kept as contraband, the smuggler's hold, the new rumour deck."""
    from engine.merchants_marauders.rules import smuggling_turn
    if isinstance(a, A.Smuggle):
        if smuggling_turn.smuggle(s, seat, pr, a.card):
            _keep_done(s, seat, pr, A.Done(), ev)
    elif isinstance(a, A.Hide):
        _pop(s)
        smuggling_turn.hide(s, seat, a.card, ev)
    else:
        pr.taken.append("rumour")
        from engine.merchants_marauders.rules.missions_turn import take_rumour
        take_rumour(s, seat, ev, deck="new")


# ---- the port ----
def _part(s: State, seat: int, pr: P.PortPrompt, a: A.Part, ev: Events) -> None:
    port.open_part(s, seat, pr, a.part, ev)


def _done(s: State, seat: int, pr: Any, a: A.Done, ev: Events) -> None:
    _pop(s)
    if isinstance(pr, P.SellPrompt):
        port.sell(s, seat, pr.selling, ev)
    elif isinstance(pr, P.BuyPrompt):
        port.end_buying(s, pr)
    elif isinstance(pr, P.StashPrompt) and pr.step == "tens" and s.players[seat].ship.gold > 0:
        s.stack.append(P.StashPrompt(seats=[seat], step="units"))


def _sell(s: State, seat: int, pr: P.SellPrompt, a: A.Sell, ev: Events) -> None:
    pr.selling.append(a.card)


def _buy(s: State, seat: int, pr: P.BuyPrompt, a: A.Buy, ev: Events) -> None:
    port.buy(s, seat, pr, a.card, ev)


def _redraw(s: State, seat: int, pr: P.BuyPrompt, a: A.Redraw, ev: Events) -> None:
    port.redraw(s, seat, pr, ev)


def _ship(s: State, seat: int, pr: P.ShipyardPrompt, a: A.Ship, ev: Events) -> None:
    port.buy_ship(s, seat, a.ship, ev)


def _repair(s: State, seat: int, pr: P.ShipyardPrompt, a: A.Repair, ev: Events) -> None:
    port.repair(s, seat, a.location, ev)


def _modification(s: State, seat: int, pr: P.ShipyardPrompt, a: A.Modification, ev: Events) -> None:
    port.buy_modification(s, seat, ev)


def _weapon(s: State, seat: int, pr: P.ShipyardPrompt, a: A.UseWeapon, ev: Events) -> None:
    port.buy_weapon(s, seat, a.weapon, ev)


def _hire(s: State, seat: int, pr: P.RecruitPrompt, a: A.Hire, ev: Events) -> None:
    _pop(s)
    port.hire(s, seat, a.n, ev)


def _stash(s: State, seat: int, pr: P.StashPrompt, a: A.Stash, ev: Events) -> None:
    _pop(s)
    port.stash(s, seat, a.n, ev)
    if pr.step == "tens" and s.players[seat].ship.gold > 0:
        s.stack.append(P.StashPrompt(seats=[seat], step="units"))


# ---- raids ----
def _nation(s: State, seat: int, pr: P.RaidPrompt, a: A.ChooseNation, ev: Events) -> None:
    _pop(s)
    raiding.raid_for(s, seat, a.nation, ev)


def _release(s: State, seat: int, pr: P.RaidPrompt, a: A.Release, ev: Events) -> None:
    _pop(s)
    raiding.release(s, seat, ev)


def _skull(s: State, seat: int, pr: P.RaidSkullPrompt, a: Any, ev: Events) -> None:
    raiding.spend(s, seat, a, ev)


def _stop(s: State, seat: int, pr: P.RaidSkullPrompt, a: A.Stop, ev: Events) -> None:
    _pop(s)
    raiding.finish(s, seat, ev)


# ---- combat ----
def _order(s: State, seat: int, pr: P.OrdersPrompt, a: A.Order, ev: Events) -> None:
    fight.lock_order(s, seat, pr, a.order, ev)


def _shot(s: State, seat: int, pr: P.ShotPrompt, a: Any, ev: Events) -> None:
    fight.choose_shot(s, seat, pr, a.weapon if isinstance(a, A.Shot) else None, ev)


def _burn(s: State, seat: int, pr: P.BurnPrompt, a: A.Hit, ev: Events) -> None:
    weapons_turn.choose_burn(s, pr, a.location, ev)


def _spread(s: State, seat: int, pr: P.SpreadPrompt, a: A.Hit, ev: Events) -> None:
    weapons_turn.choose_spread(s, pr, a.location)


def _spikes(s: State, seat: int, pr: P.SpikesPrompt, a: Any, ev: Events) -> None:
    weapons_turn.choose_spikes(s, seat, pr, isinstance(a, A.UseWeapon), ev)


def _upgrade(s: State, seat: int, pr: P.UpgradesPrompt, a: A.Take, ev: Events) -> None:
    from engine.merchants_marauders.rules.upgrades_turn import take
    take(s, seat, pr, a.item, ev)


def _card(s: State, seat: int, pr: P.CardPrompt, a: A.Play, ev: Events) -> None:
    if not glory_check(s, seat, ev):
        return
    fight_cards.play(s, seat, pr, a.card, ev)


def _reroll(s: State, seat: int, pr: P.CardPrompt, a: A.Reroll, ev: Events) -> None:
    fight_cards.reroll(s, seat, pr, ev)


def _reroll_check(s: State, seat: int, pr: P.RerollPrompt, a: A.Reroll, ev: Events) -> None:
    rerolls.reroll(s, seat, pr, ev)


def _pop_handler(s: State, seat: int, pr: Any, a: Any, ev: Events) -> None:
    _pop(s)


def _pass(s: State, seat: int, pr: P.CardPrompt, a: A.Pass, ev: Events) -> None:
    _pop(s)
    if pr.window == "scouted":
        from engine.merchants_marauders.rules.cutthroat_turn import finder  # an NPC, or a Cutthroat scout
        fight.start_fight(s, aggressor=finder(pr.slot), defender=("seat", seat), ev=ev)


def _raid_card(s: State, seat: int, pr: P.RaidSkullPrompt, a: A.Play, ev: Events) -> None:
    if not glory_check(s, seat, ev):
        return
    raiding.reroll(s, seat, a.card, ev)


def _take(s: State, seat: int, pr: P.PlunderPrompt, a: A.Take, ev: Events) -> None:
    fight_end.take(s, seat, pr, a, ev)


def _treasure(s: State, seat: int, pr: P.TreasurePrompt, a: Any, ev: Events) -> None:
    from engine.merchants_marauders.rules.treasure_turn import take_ship
    _pop(s)
    if isinstance(a, A.Take):
        take_ship(s, seat, ev)


def _capture(s: State, seat: int, pr: Any, a: Any, ev: Events) -> None:
    from engine.merchants_marauders.rules import capture_turn
    if isinstance(pr, P.OldModsPrompt):
        capture_turn.place_old(s, seat, pr, a.zone, ev)
    else:
        capture_turn.answer(s, seat, pr, isinstance(a, A.Take), ev)


def _discard_glory(s: State, seat: int, pr: P.DiscardGloryPrompt, a: A.Discard, ev: Events) -> None:
    p = s.players[seat]
    p.glory_cards.remove(a.card)
    s.glory.throw_away([a.card])
    say(ev, f"{name(s, seat)} discards a glory card")
    if len(p.glory_cards) <= 4:
        s.stack.remove(pr)


def _ambush(s: State, seat: int, pr: P.AmbushPrompt, a: Any, ev: Events) -> None:
    from engine.merchants_marauders.rules import cutthroat_turn
    cutthroat_turn.answer(s, seat, pr, "scout" if isinstance(a, A.Scout) else "pass", ev)


def _redraw_favour(s: State, seat: int, pr: Any, a: Any, ev: Events) -> None:
    """Module 10: goodwill's redraw of a rumour, glory cards, a mission or a raid's cards."""
    from engine.merchants_marauders.rules import goodwill_redraws_turn as GR
    if isinstance(pr, P.RaidSkullPrompt):
        GR.raid_redraw(s, seat, ev)
    elif isinstance(pr, P.BombardPrompt):
        GR.bombard_redraw(s, seat, pr, ev)
    else:
        GR.answer(s, seat, pr, a, ev)


def _visit(s: State, seat: int, pr: Any, a: Any, ev: Events) -> None:
    from engine.merchants_marauders.rules import locations_turn as LT
    if isinstance(pr, P.ActionPrompt):
        _pop(s)
        LT.visit(s, seat, ev)
    else:
        LT.answer(s, seat, pr, a, ev)


def _loc_raid(s: State, seat: int, pr: Any, a: Any, ev: Events) -> None:
    from engine.merchants_marauders.rules import location_raid_turn as LRT
    if isinstance(pr, P.ActionPrompt):
        _pop(s)
        LRT.start(s, seat, ev)
    elif isinstance(a, A.Fire):
        LRT.fire(s, seat, pr, ev)
    elif isinstance(a, A.Discard):
        LRT.discard(s, seat, pr, a.card, ev)
    elif isinstance(a, A.Stop):
        LRT.stop(s, seat, pr, ev)
    elif isinstance(a, A.Attack):
        LRT.attack(s, seat, pr, ev)
    else:
        LRT.withdraw(s, seat, pr, ev)


HANDLERS: dict[tuple[type, type], Handler] = {
    (P.ActionPrompt, A.Fierce): _economy,
    (P.PlankPrompt, A.Check): _economy,
    (P.PlankPrompt, A.Crew): _economy,
    (P.PlankPrompt, A.Accept): _economy,
    (P.EnterPrompt, A.PayGoodwill): _economy,
    (P.EnterPrompt, A.Stay): _economy,
    (P.RerollPrompt, A.Accept): _economy,
    (P.BuyPrompt, A.Favour): _economy,
    (P.BuyPrompt, A.Smuggle): _economy,
    (P.ContrabandPrompt, A.Resist): _economy,
    (P.ContrabandPrompt, A.Dump): _economy,
    (P.CompartmentPrompt, A.Compartment): _economy,
    (P.SetupPrompt, A.Ship): _pick,
    (P.SetupPrompt, A.Captain): variants_turn.keep_captain,
    (P.SetupPrompt, A.Draw): variants_turn.draw_captain,
    (P.NewCaptainPrompt, A.Ship): _new_captain,
    (P.NewCaptainPrompt, A.Redraw): _new_captain,
    (P.ActionPrompt, A.Move): _move,
    (P.ActionPrompt, A.WindMove): _wind,
    (P.ActionPrompt, A.Enter): _enter,
    (P.ActionPrompt, A.Leave): _leave,
    (P.ActionPrompt, A.Scout): _scout,
    (P.ActionPrompt, A.Port): _port,
    (P.ActionPrompt, A.End): _end,
    (P.ActionPrompt, A.Investigate): _investigate,
    (P.ActionPrompt, A.Play): _play,
    (P.BuyPrompt, A.Play): _play_redraw,
    (P.ActionPrompt, A.Attempt): _attempt,
    (P.PortPrompt, A.Claim): _claim,
    (P.KeepCargoPrompt, A.Keep): _keep,
    (P.KeepCargoPrompt, A.Done): _keep_done,
    (P.KeepCargoPrompt, A.Smuggle): _cargo,
    (P.ActionPrompt, A.Hide): _cargo,
    (P.PortPrompt, A.NewRumour): _cargo,
    (P.PortPrompt, A.Part): _part,
    (P.PortPrompt, A.Done): _done,
    (P.SellPrompt, A.Sell): _sell,
    (P.SellPrompt, A.Done): _done,
    (P.BuyPrompt, A.Buy): _buy,
    (P.BuyPrompt, A.Redraw): _redraw,
    (P.BuyPrompt, A.Done): _done,
    (P.ShipyardPrompt, A.Ship): _ship,
    (P.ShipyardPrompt, A.Repair): _repair,
    (P.ShipyardPrompt, A.Modification): _modification,
    (P.ShipyardPrompt, A.UseWeapon): _weapon,
    (P.ShipyardPrompt, A.Done): _done,
    (P.RecruitPrompt, A.Hire): _hire,
    (P.StashPrompt, A.Stash): _stash,
    (P.StashPrompt, A.Done): _done,
    (P.RaidPrompt, A.ChooseNation): _nation,
    (P.RaidPrompt, A.Release): _release,
    (P.RaidSkullPrompt, A.Draw): _skull,
    (P.RaidSkullPrompt, A.Discard): _skull,
    (P.RaidSkullPrompt, A.Swap): _skull,
    (P.RaidSkullPrompt, A.UseWeapon): _skull,
    (P.RaidSkullPrompt, A.Stop): _stop,
    (P.OrdersPrompt, A.Order): _order,
    (P.ShotPrompt, A.Shot): _shot,
    (P.ShotPrompt, A.NoShot): _shot,
    (P.BurnPrompt, A.Hit): _burn,
    (P.SpreadPrompt, A.Hit): _spread,
    (P.SpikesPrompt, A.UseWeapon): _spikes,
    (P.SpikesPrompt, A.NoShot): _spikes,
    (P.UpgradesPrompt, A.Take): _upgrade,
    (P.UpgradesPrompt, A.Done): _done,
    (P.PlunderPrompt, A.Take): _take,
    (P.CardPrompt, A.Play): _card,
    (P.CardPrompt, A.Pass): _pass,
    (P.CardPrompt, A.Reroll): _reroll,
    (P.RerollPrompt, A.Reroll): _reroll_check,
    (P.RerollPrompt, A.Pass): _pop_handler,
    (P.RaidSkullPrompt, A.Play): _raid_card,
    (P.PlunderPrompt, A.Done): _done,
    (P.DiscardGloryPrompt, A.Discard): _discard_glory,
    (P.TreasurePrompt, A.Take): _treasure,
    (P.TreasurePrompt, A.Done): _treasure,
    (P.CapturePrompt, A.Take): _capture,
    (P.CapturePrompt, A.Done): _capture,
    (P.OldModsPrompt, A.To): _capture,
    (P.AmbushPrompt, A.Scout): _ambush,
    (P.AmbushPrompt, A.Pass): _ambush,
    (P.RedrawPrompt, A.Favour): _redraw_favour,
    (P.RedrawPrompt, A.Accept): _redraw_favour,
    (P.RaidSkullPrompt, A.Favour): _redraw_favour,
    (P.BombardPrompt, A.Favour): _redraw_favour,
    (P.ActionPrompt, A.Visit): _visit,
    (P.VisitPrompt, A.PayOff): _visit,
    (P.VisitPrompt, A.Give): _visit,
    (P.VisitPrompt, A.Stop): _visit,
    (P.VisitPrompt, A.Warship): _visit,
    (P.VisitPrompt, A.To): _visit,
    (P.VisitPrompt, A.Salvage): _visit,
    (P.VisitPrompt, A.Sell): _visit,
    (P.VisitPrompt, A.Buy): _visit,
    (P.VisitPrompt, A.Done): _visit,
    (P.VisitPrompt, A.Part): _visit,
    (P.ActionPrompt, A.RaidLocation): _loc_raid,
    (P.BombardPrompt, A.Fire): _loc_raid,
    (P.BombardPrompt, A.Discard): _loc_raid,
    (P.BombardPrompt, A.Stop): _loc_raid,
    (P.LandBattlePrompt, A.Attack): _loc_raid,
    (P.LandBattlePrompt, A.Withdraw): _loc_raid,
}


def apply_action(s: State, seat: int, a: Any, ev: Events) -> None:
    """`a` is one of the seat's legal actions: engine.core.act checked it (the Game contract).
    The prompt answered is the one on top of the stack."""
    top = s.stack[-1]
    HANDLERS[(type(top), type(a))](s, seat, top, a, ev)
