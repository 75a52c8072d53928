"""Applying a decision: the answer to the prompt on top of the stack, or an anytime action
(opening a crate, Barrelbeard's landing). Each handler is a few lines that call the rule modules;
what comes next is the flow's business (flow.py)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event, IllegalActionError
from engine.scoundrel_bay import actions as A
from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules import add_card, captains, end_of_stage, invade, sail
from engine.scoundrel_bay.rules.board import region, regions_at
from engine.scoundrel_bay.rules.common import me, name, plural, say
from engine.scoundrel_bay.rules.crates import open_crate
from engine.scoundrel_bay.rules.effects import damage, kill, losable, pay_price, queue, reward_text
from engine.scoundrel_bay.rules.milestones import take_upgrade
from engine.scoundrel_bay.rules.moves import move_pirate
from engine.scoundrel_bay.rules.recruit import recruit
from engine.scoundrel_bay.rules.tracks import spend
from engine.scoundrel_bay.state import State

Ev = list[Event]


def apply_action(s: State, seat: int, a: Any, ev: Ev) -> None:
    if isinstance(a, A.OpenCrate):
        open_crate(s, seat, a.crate, ev)
        return
    if isinstance(a, A.Place):
        barrelbeard(s, seat, a, ev)
        return
    top = s.stack[-1]
    handler = HANDLERS.get((type(top), type(a)))
    if handler is None:
        raise IllegalActionError(f"'{a.kind}' does not answer '{top.text}'.")
    handler(s, seat, top, a, ev)


def close(s: State, top: Any) -> None:
    s.stack.remove(top)


# ---- step 1 --------------------------------------------------------------------------------

def take(s: State, seat: int, top: P.ActionPrompt, a: A.Take, ev: Ev) -> None:
    close(s, top)
    p = me(s, seat)
    if a.action == p.last_action:
        p.unlocks -= 1
        s.unlock_supply += 1
        say(s, ev, f"{name(seat)} spends an unlock tile to {a.action} again.")
    p.last_action = a.action
    p.hand.remove(a.card)
    s.turn.card = a.card
    if a.action == "recruit":
        recruit(s, seat, a.card, ev)
        captains.rumwhistle_offer(s, seat)
        s.turn.phase = "after_action"
        return
    p.played.append(a.card)
    if a.action == "sail":
        s.stack.append(P.DistancePrompt(seats=[seat]))
        s.turn.phase = "sail"
    else:
        invade.begin(s, seat, a.card)
        s.stack.append(P.LandPrompt(seats=[seat]))
        s.turn.phase = "invade"


def distance(s: State, seat: int, top: P.DistancePrompt, a: A.Distance, ev: Ev) -> None:
    close(s, top)
    sail.sail(s, seat, a.n, ev)
    s.stack.append(P.SailBonusPrompt(seats=[seat]))
    s.turn.phase = "shoot"


def sail_bonus(s: State, seat: int, top: P.SailBonusPrompt, a: A.SailBonus, ev: Ev) -> None:
    close(s, top)
    sail.take_bonus(s, seat, a.which, ev)
    if a.charts:
        s.stack.append(P.MovePrompt(seats=[seat], moves=1, hideouts=True))


def shoot(s: State, seat: int, top: P.ShootPrompt, a: A.KeepRoll, ev: Ev) -> None:
    close(s, top)
    sail.start_fight(s, seat, ev)
    offer_reroll(s, seat)


def use_beastbane(s: State, seat: int, top: P.ShootPrompt, a: A.Beastbane, ev: Ev) -> None:
    close(s, top)
    captains.beastbane(s, seat, ev)


def offer_reroll(s: State, seat: int) -> None:
    fight = s.turn.fight
    if fight is not None and (fight.free_rerolls or me(s, seat).resources["ring"]):
        s.stack.append(P.RerollPrompt(seats=[seat]))


def keep_roll(s: State, seat: int, top: P.RerollPrompt, a: A.KeepRoll, ev: Ev) -> None:
    close(s, top)


def reroll(s: State, seat: int, top: P.RerollPrompt, a: A.Reroll, ev: Ev) -> None:
    close(s, top)
    sail.reroll(s, seat, a.free, ev)
    offer_reroll(s, seat)


def land(s: State, seat: int, top: P.LandPrompt, a: A.Land, ev: Ev) -> None:
    invade.land(s, seat, a, ev)


def stop_invading(s: State, seat: int, top: P.LandPrompt, a: A.Done, ev: Ev) -> None:
    close(s, top)
    s.turn.invasion = None
    s.turn.phase = "after_action"


def dig(s: State, seat: int, top: P.DigPrompt, a: A.Dig, ev: Ev) -> None:
    close(s, top)
    invade.dig(s, seat, top.region, a.types, ev)


def plunder(s: State, seat: int, top: P.PlunderPrompt, a: A.Plunder, ev: Ev) -> None:
    top.used += invade.plunder(s, seat, top.region, a.crate, ev)


def stop_plundering(s: State, seat: int, top: P.PlunderPrompt, a: A.Done, ev: Ev) -> None:
    close(s, top)
    invade.refill_crates(s, top.region)


def deliver(s: State, seat: int, top: P.HarborPrompt, a: A.Deliver, ev: Ev) -> None:
    top.used += invade.deliver(s, seat, top.region, a.crate, ev)
    top.passed = True


def harbor_trade(s: State, seat: int, top: P.HarborPrompt, a: A.Trade, ev: Ev) -> None:
    top.traded = True
    invade.trade(s, seat, top.region, a.option, a.alternative, ev)


def market_trade(s: State, seat: int, top: P.MarketPrompt, a: A.Trade, ev: Ev) -> None:
    close(s, top)
    invade.trade(s, seat, top.region, a.option, a.alternative, ev, top.discount)


def finish(s: State, seat: int, top: Any, a: Any, ev: Ev) -> None:
    """Done or decline: the prompt closes with nothing more taken."""
    close(s, top)


# ---- step 2 --------------------------------------------------------------------------------

def buy(s: State, seat: int, top: P.CardPrompt, a: A.Buy, ev: Ev) -> None:
    close(s, top)
    me(s, seat).hand.append(add_card.buy(s, seat, a.slot, ev))
    add_card.refill_display(s)
    s.turn.phase = "end_turn"


def scout(s: State, seat: int, top: P.CardPrompt, a: A.Scout, ev: Ev) -> None:
    close(s, top)
    add_card.scout(s, seat, a.flag, ev)
    s.turn.phase = "end_turn"


def no_card(s: State, seat: int, top: P.CardPrompt, a: A.Done, ev: Ev) -> None:
    close(s, top)
    say(s, ev, f"{name(seat)} can add no card this turn.")
    s.turn.phase = "end_turn"


# ---- rewards and losses ------------------------------------------------------------------------

def move(s: State, seat: int, top: P.MovePrompt, a: A.Move, ev: Ev) -> None:
    move_pirate(s, seat, a, ev)
    if a.captain:
        captains.captain_left(s, seat)
    top.moves -= 1
    if top.moves <= 0:
        close(s, top)
    if region(a.target).kind == "harbor" and captains.ability(s, seat, "market-discount"):
        t = captains.tile(s, seat)
        assert t is not None
        s.stack.append(P.MarketPrompt(seats=[seat], region=a.target, discount=t.discount))


def accept_price(s: State, seat: int, top: P.PricePrompt, a: A.Accept, ev: Ev) -> None:
    close(s, top)
    pay_price(s, seat, top.effect.price)
    s.effects.insert(0, top.effect.model_copy(update={"price": []}))


def sell(s: State, seat: int, top: P.SellPrompt, a: A.Sell, ev: Ev) -> None:
    p = me(s, seat)
    p.resources[a.resource] -= 1
    p.doubloons += defs().rules.exchange["resource_sale_doubloons"]
    say(s, ev, f"{name(seat)} sells a {a.resource}.")


def lose(s: State, seat: int, top: P.LosePrompt, a: A.Lose, ev: Ev) -> None:
    kill(s, seat, (a.space, a.captain), ev)
    top.n -= 1
    if top.n and not losable(s, seat):
        if top.shortfall:
            damage(s, seat, top.n, ev)
        top.n = 0
    if not top.n:
        close(s, top)


def pay_resource(s: State, seat: int, top: P.PayResourcePrompt, a: A.PayResource, ev: Ev) -> None:
    me(s, seat).resources[a.resource] -= 1
    say(s, ev, f"{name(seat)} pays a {a.resource}.")
    top.n -= 1
    if top.n and not any(me(s, seat).resources.values()):
        damage(s, seat, top.n, ev)
        top.n = 0
    if not top.n:
        close(s, top)


def extra_maps(s: State, seat: int, top: P.ExtraMapsPrompt, a: A.Accept, ev: Ev) -> None:
    close(s, top)
    p = me(s, seat)
    spend(p.resources, "map", a.option)
    per = defs().milestones.upgrades["treasure-maps"].n
    p.doubloons += per * a.option
    say(s, ev, f"{name(seat)} spends {a.option} extra maps for {per * a.option} doubloons.")


def rummage(s: State, seat: int, top: P.RummagePrompt, a: A.Accept | A.Decline, ev: Ev) -> None:
    crate = top.crates.pop(0)
    if isinstance(a, A.Accept):
        queue(s, seat, [defs().crates.crates[crate].contents[a.option]], "Rummagers")
    if not top.crates:
        close(s, top)


def upgrade(s: State, seat: int, top: P.UpgradePrompt, a: A.Milestone, ev: Ev) -> None:
    close(s, top)
    take_upgrade(s, seat, a.upgrade, a.discard, ev)


# ---- the end of the stage ------------------------------------------------------------------

def bid(s: State, seat: int, top: P.BidPrompt, a: A.Bid, ev: Ev) -> None:
    stage = s.stage
    assert stage is not None and stage.bids is not None
    stage.bids.choose(seat, a.doubloons)
    top.seats.remove(seat)
    say(s, ev, f"You bid {plural(a.doubloons, 'doubloon')} in secret; nobody sees a bid until every bid is in.", to=seat)
    if stage.bids.lock(seat):
        close(s, top)
        end_of_stage.resolve_bids(s, ev)


def pick(s: State, seat: int, top: P.PickPrompt, a: A.Pick, ev: Ev) -> None:
    choice = end_of_stage.event_def(s).choices[a.choice]
    queue(s, seat, choice, end_of_stage.event_def(s).name)
    say(s, ev, f"{name(seat)} chooses {reward_text(choice)}.")
    top.taken.append(a.choice)
    if top.after:
        top.seats = [top.after.pop(0)]
    else:
        close(s, top)


def exchange(s: State, seat: int, top: P.ExchangePrompt, a: A.Exchange | A.Decline, ev: Ev) -> None:
    if isinstance(a, A.Exchange):
        p = me(s, seat)
        p.resources[a.give] -= 1
        for r in a.get:
            p.resources[r] += 1
        say(s, ev, f"{name(seat)} gives a {a.give} for {a.get[0]} and {a.get[1]}.")
    top.seats.remove(seat)
    if not top.seats:
        close(s, top)


def display_recruit(s: State, seat: int, top: P.DisplayRecruitPrompt, a: A.Accept, ev: Ev) -> None:
    close(s, top)
    recruit(s, seat, add_card.buy(s, seat, a.option, ev, free=True), ev)


def feed(s: State, seat: int, top: P.FeedPrompt, a: A.Feed, ev: Ev) -> None:
    stage = s.stage
    assert stage is not None and stage.feed is not None
    stage.feed.choose(seat, a.fed)
    top.seats.remove(seat)
    if stage.feed.lock(seat):
        close(s, top)
        end_of_stage.resolve_feeding(s, ev)


def final_done(s: State, seat: int, top: P.FinalCratesPrompt, a: A.Done, ev: Ev) -> None:
    top.seats.remove(seat)
    if not top.seats:
        close(s, top)


def choose_captain(s: State, seat: int, top: P.CaptainPrompt, a: A.ChooseCaptain, ev: Ev) -> None:
    me(s, seat).captain_tile = a.tile
    top.tiles.remove(a.tile)
    say(s, ev, f"{name(seat)} takes {defs().captains.captains[a.tile].name}.")
    if top.after:
        top.seats = [top.after.pop(0)]
    else:
        close(s, top)


# ---- anytime -------------------------------------------------------------------------------

def barrelbeard_places(s: State, seat: int) -> list[A.Place]:
    """Barrelbeard: on your own turn, 1 map places a pirate or the captain by the ship."""
    from engine.scoundrel_bay.rules.tracks import can_pay
    p = me(s, seat)
    if (seat != s.turn.seat or s.stage is not None or not captains.ability(s, seat, "map-landing")
            or not can_pay(dict(p.resources), "map", 1)):
        return []
    who = [False] * bool(p.crew_space.active) + [True] * (p.crew_space.captain == "active")
    return [A.action(A.Place, region=rid, captain=c) for rid in regions_at(p.ship) for c in who]


def barrelbeard(s: State, seat: int, a: A.Place, ev: Ev) -> None:
    if a not in barrelbeard_places(s, seat):
        raise IllegalActionError("Barrelbeard cannot land a pirate there now.")
    p = me(s, seat)
    spend(p.resources, "map", 1)
    if a.captain:
        p.crew_space.captain, p.captain_at = "away", a.region
        captains.captain_left(s, seat)
    else:
        p.crew_space.active -= 1
        s.regions[a.region].pirates[seat] = s.regions[a.region].pirates.get(seat, 0) + 1
    say(s, ev, f"{name(seat)} lands {'the captain' if a.captain else 'a pirate'} in {region(a.region).name} with Barrelbeard's map.")


HANDLERS: dict[tuple[type, type], Callable[..., None]] = {
    (P.ActionPrompt, A.Take): take,
    (P.DistancePrompt, A.Distance): distance,
    (P.SailBonusPrompt, A.SailBonus): sail_bonus,
    (P.ShootPrompt, A.KeepRoll): shoot,
    (P.ShootPrompt, A.Beastbane): use_beastbane,
    (P.RerollPrompt, A.KeepRoll): keep_roll,
    (P.RerollPrompt, A.Reroll): reroll,
    (P.LandPrompt, A.Land): land,
    (P.LandPrompt, A.Done): stop_invading,
    (P.DigPrompt, A.Dig): dig,
    (P.DigPrompt, A.Done): finish,
    (P.PlunderPrompt, A.Plunder): plunder,
    (P.PlunderPrompt, A.Done): stop_plundering,
    (P.HarborPrompt, A.Deliver): deliver,
    (P.HarborPrompt, A.Trade): harbor_trade,
    (P.HarborPrompt, A.Done): finish,
    (P.MarketPrompt, A.Trade): market_trade,
    (P.MarketPrompt, A.Decline): finish,
    (P.CardPrompt, A.Buy): buy,
    (P.CardPrompt, A.Scout): scout,
    (P.CardPrompt, A.Done): no_card,
    (P.MovePrompt, A.Move): move,
    (P.MovePrompt, A.Done): finish,
    (P.PricePrompt, A.Accept): accept_price,
    (P.PricePrompt, A.Decline): finish,
    (P.SellPrompt, A.Sell): sell,
    (P.SellPrompt, A.Done): finish,
    (P.LosePrompt, A.Lose): lose,
    (P.PayResourcePrompt, A.PayResource): pay_resource,
    (P.ExtraMapsPrompt, A.Accept): extra_maps,
    (P.ExtraMapsPrompt, A.Decline): finish,
    (P.RummagePrompt, A.Accept): rummage,
    (P.RummagePrompt, A.Decline): rummage,
    (P.UpgradePrompt, A.Milestone): upgrade,
    (P.BidPrompt, A.Bid): bid,
    (P.PickPrompt, A.Pick): pick,
    (P.ExchangePrompt, A.Exchange): exchange,
    (P.ExchangePrompt, A.Decline): exchange,
    (P.DisplayRecruitPrompt, A.Accept): display_recruit,
    (P.DisplayRecruitPrompt, A.Decline): finish,
    (P.FeedPrompt, A.Feed): feed,
    (P.FinalCratesPrompt, A.Done): final_done,
    (P.CaptainPrompt, A.ChooseCaptain): choose_captain,
}
