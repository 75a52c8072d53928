"""The port action (base reconstruction section 4, "Port sub-actions"): once a turn, in a port
that is open to the captain; its parts in any order, each once, selling only first. The prices
and limits are trade.py's and glory.py's; the shipyard's and recruiting's numbers are the
reconstruction's (2 gold a repaired point, 3 a special weapon, 1 a hired hand) with the ports'
properties from the map data."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import glory as G
from engine.merchants_marauders.rules import module1_turn as M1
from engine.merchants_marauders.rules import trade as T
from engine.merchants_marauders.rules.combat import skulls
from engine.merchants_marauders.rules.common import (
    ability,
    captain,
    cargo_card,
    cargo_cards,
    gain_glory,
    hold,
    home_port,
    maxima,
    name,
    port_nation,
    port_terms,
    roll,
    say,
    show,
    zone_effect,
)
from engine.merchants_marauders.rules.death import return_modifications
from engine.merchants_marauders.rules.weapons_turn import weapon_kinds
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import HIT_LOCATIONS, Good

REPAIR_PRICE = 2
CREW_PRICE = 1


def _here(s: State, seat: int, kind: str, service: str | None = None) -> int | None:
    """The port's property, which holds only in the port itself: a Town's shipyard and recruiting
    in the same zone know none (Module 9, MM-M9-78)."""
    p = s.players[seat]
    return zone_effect(p.zone, kind, service) if p.in_port else None


def _embargoed(s: State, seat: int) -> bool:
    return s.round.embargo is not None and port_nation(s.players[seat].zone) == s.round.embargo


def port_options(s: State, seat: int, pr: P.PortPrompt) -> list[Any]:
    p, out = s.players[seat], []
    z = s.zones[p.zone]
    from engine.merchants_marauders.rules import contraband_turn as CT
    from engine.merchants_marauders.rules import goodwill_turn as GT
    from engine.merchants_marauders.rules import loyalty_levels_turn as LL
    from engine.merchants_marauders.rules import loyalty_turn as LT
    if not pr.taken and (p.ship.cargo or CT.sellable(s, seat)) and z.demand is not None and not _embargoed(s, seat):
        out.append("sell")
    if "buy" not in pr.taken and not _embargoed(s, seat) and p.ship.gold >= 2 \
            and CT.carried(s, seat) < T.port_card_limit(hold(p)) and (s.cargo.pile or s.cargo.discard):
        out.append("buy")
    if "shipyard" not in pr.taken and len(shipyard_options(s, seat)) > 1:
        out.append("shipyard")
    if "recruit" not in pr.taken and p.ship.points["crew"] < maxima(p)["crew"] \
            and (p.ship.gold >= CREW_PRICE or LL.free_crew(s, seat)):
        out.append("recruit")
    if "stash" not in pr.taken and (p.zone == home_port(p) or s.turn.stash_anywhere) and p.ship.gold > 0:
        out.append("stash")
    hire = zone_effect(p.zone, "hire_specialist")
    if "specialist" not in pr.taken and (hire is not None and p.ship.gold >= hire and s.glory.pile
                                         or LL.free_specialist(s, seat)):       # Module 11: Pleased, free

        out.append("specialist")
    from engine.merchants_marauders.rules import missions_turn as MT
    if "rumour" not in pr.taken and MT.may_take_rumour(s, seat):
        out.append("rumour")
    if "goodwill" not in pr.taken and GT.may_buy(s, seat):           # Module 10
        out.append("goodwill")
    if "loyalty" not in pr.taken and LT.may_raise(s, seat):           # Module 11
        out.append("loyalty")
    claims = MT.claim_options(s, seat) if "mission" not in pr.taken else []
    if "rumour" not in pr.taken and MT.may_take_rumour(s, seat, "new") and M1.separate(s.options):
        claims.append(action(A.NewRumour))            # Module 1's separate decks: the new rumours
    return [*(action(A.Part, part=x) for x in out), *claims, action(A.Done)]


def open_part(s: State, seat: int, pr: P.PortPrompt, part: str, ev: Events) -> None:
    pr.taken.append(part)
    if part == "sell":
        s.stack.append(P.SellPrompt(seats=[seat]))
    elif part == "buy":
        draw_to_buy(s, seat, ev)
    elif part == "shipyard":
        s.stack.append(P.ShipyardPrompt(seats=[seat]))
    elif part == "recruit":
        recruit_roll(s, seat, ev)
    elif part == "specialist":
        hire_specialist(s, seat, ev)
    elif part == "rumour":
        from engine.merchants_marauders.rules.missions_turn import take_rumour
        take_rumour(s, seat, ev)
    elif part == "goodwill":
        from engine.merchants_marauders.rules.goodwill_turn import buy as buy_goodwill
        buy_goodwill(s, seat, ev)
    elif part == "loyalty":
        from engine.merchants_marauders.rules.loyalty_turn import raise_loyalty
        raise_loyalty(s, seat, ev)
    else:
        from engine.merchants_marauders.rules.loyalty_turn import lose
        if not lose(s, seat, "stash", ev):          # Module 11: declaring a stash (MM-M11-11)
            s.stack.append(P.StashPrompt(seats=[seat]))


# ---- Sell goods ----
def sell(s: State, seat: int, selling: list[str], ev: Events) -> None:
    p = s.players[seat]
    z = s.zones[p.zone]
    from engine.merchants_marauders.rules.contraband_turn import sell as sell_contraband
    selling = sell_contraband(s, seat, selling, ev)              # Module 7: at its named port
    if not selling or z.demand is None:
        return
    terms = port_terms(s, p.zone, seat)
    terms = terms.model_copy(update={"demand_bonus": terms.demand_bonus + s.turn.sale_bonus})
    s.turn.sale_bonus = 0
    sale = T.sell(cargo_cards(p.ship.cargo), selling, z.demand, terms, trading_rules=bool(s.options.get("variant_6")))
    p.ship.cargo = [c.id for c in sale.cargo]
    p.ship.gold += sale.gold
    s.cargo.throw_away(selling)
    say(ev, f"{name(s, seat)} sells {len(selling)} cargo for {sale.gold} gold")
    if sale.replace_demand:
        z.demand, s.demand_pile = T.replace_demand(z.demand, s.demand_pile)
        s.reveals += 1
        say(ev, f"{p.zone.replace('_', ' ').title()} now demands {z.demand}")
    gain_glory(s, seat, sale.glory, "demand_sale", ev)


# ---- Buy goods ----
def _deck_top(s: State, n: int) -> list[str]:
    """The cargo deck's top cards, index 0 first; an empty deck takes the shuffled discards."""
    if len(s.cargo.pile) < n and s.cargo.discard:
        under = list(s.cargo.discard)
        s.rng.shuffle(under)
        s.cargo.pile, s.cargo.discard = under + s.cargo.pile, []
    return list(reversed(s.cargo.pile))


def _take_top(s: State, k: int) -> None:
    s.cargo.pile = s.cargo.pile[:len(s.cargo.pile) - k]


def draw_to_buy(s: State, seat: int, ev: Events) -> None:
    p = s.players[seat]
    z = s.zones[p.zone]
    assert z.demand is not None
    n = T.cards_to_draw(port_terms(s, p.zone, seat), p.bought_at == p.zone)
    deck = _deck_top(s, n + 8)
    from engine.merchants_marauders.rules.contraband_turn import draw_to_buy as draw_replacing
    d = draw_replacing(s, seat, deck, n)
    _take_top(s, len(deck) - len(d.deck))
    s.cargo.throw_away([c.id for c in d.discarded])
    s.reveals += 1
    say(ev, f"{name(s, seat)} draws {', '.join(c.id for c in d.drawn)} to buy")
    s.stack.append(P.BuyPrompt(seats=[seat], drawn=[c.id for c in d.drawn]))


def counted(s: State, seat: int, pr: P.BuyPrompt, also: str | None = None) -> list[str]:
    """The drawn cards whose goods count toward the pair price: all but those taken as contraband
    (and `also`, a card about to be), MM-M7-07."""
    smuggled = set(s.players[seat].contraband) & set(pr.bought)
    return [c for c in pr.drawn if c not in smuggled and c != also]


def _prices(pr: P.BuyPrompt, s: State, seat: int, also: str | None = None) -> dict[Good, int]:
    return T.prices([cargo_card(c).good for c in counted(s, seat, pr, also)], port_terms(s, s.players[seat].zone, seat))


def surcharge(s: State, seat: int, pr: P.BuyPrompt, card: str) -> int:
    """Taking `card` as contraband may end the pair its good made among the ordinary cards: the
    cards of that good already bought at the pair price pay the difference (MM-M7-07)."""
    good = cargo_card(card).good
    smuggled = set(s.players[seat].contraband)
    paid = [c for c in pr.bought if c not in smuggled and cargo_card(c).good == good]
    if not paid:
        return 0
    return len(paid) * (_prices(pr, s, seat, also=card)[good] - _prices(pr, s, seat)[good])


def buy_options(s: State, seat: int, pr: P.BuyPrompt) -> list[Any]:
    p = s.players[seat]
    price = _prices(pr, s, seat)
    room = len(p.ship.cargo) + len(p.contraband) < T.port_card_limit(hold(p))
    out: list[Any] = [action(A.Buy, card=c) for c in pr.drawn
                      if c not in pr.bought and room and price[cargo_card(c).good] <= p.ship.gold]
    terms = port_terms(s, p.zone, seat)
    if terms.redraw_cost is not None and not pr.redrawn and not pr.bought and p.ship.gold >= terms.redraw_cost:
        out.append(action(A.Redraw))
    if not pr.bought:
        from engine.merchants_marauders.rules.glory_cards import redraw_cards
        out += redraw_cards(s, seat)
    from engine.merchants_marauders.rules import contraband_turn, goodwill_turn
    out += [*contraband_turn.smuggle_options(s, seat, pr), *goodwill_turn.redraw_options(s, seat, pr)]
    return [*out, action(A.Done)]


def buy(s: State, seat: int, pr: P.BuyPrompt, card: str, ev: Events) -> None:
    p = s.players[seat]
    offered = [cargo_card(c) for c in counted(s, seat, pr)]
    bought = T.buy(cargo_cards(p.ship.cargo), p.ship.gold, offered, [card], hold(p), port_terms(s, p.zone, seat))
    p.ship.cargo.append(card)
    p.ship.gold -= bought.cost
    pr.bought.append(card)
    s.turn.bought_here = p.zone
    say(ev, f"{name(s, seat)} buys {card} for {bought.cost} gold")


def redraw(s: State, seat: int, pr: P.BuyPrompt, ev: Events, free: bool = False) -> None:
    """The paid redraw (Santo Domingo, a captain's ability) or a glory card's, for nothing."""
    p = s.players[seat]
    z = s.zones[p.zone]
    assert z.demand is not None
    deck = _deck_top(s, len(pr.drawn) + 8)
    offered = T.BuyDraw(drawn=cargo_cards(pr.drawn), discarded=[], deck=cargo_cards(deck))
    terms = port_terms(s, p.zone, seat).model_copy(update={"redraw_cost": 0}) if free else port_terms(s, p.zone, seat)
    cost, again = T.redraw(terms, p.ship.gold, pr.redrawn and not free, offered, z.demand)
    _take_top(s, len(deck) - len(again.deck))
    s.cargo.throw_away([c.id for c in again.discarded])
    p.ship.gold -= cost
    pr.drawn, pr.redrawn = [c.id for c in again.drawn], pr.redrawn or not free
    s.reveals += 1
    say(ev, f"{name(s, seat)} pays {cost} gold to redraw: {', '.join(pr.drawn)}")


def end_buying(s: State, pr: P.BuyPrompt) -> None:
    s.cargo.throw_away([c for c in pr.drawn if c not in pr.bought])


# ---- Shipyard ----
def ship_price(s: State, seat: int, ship: str) -> int:
    p = s.players[seat]
    sd, old = defs().all_ships()[ship], defs().all_ships()[p.ship.type]  # type: ignore[index]
    assert sd.cost is not None
    return max(0, sd.cost - (_here(s, seat, "discount", "ship") or 0) - (old.sale or 0))


def repair_price(s: State, seat: int) -> int:
    """2 gold a point, 1 at Old Providence, less the captain's repair discount."""
    p = s.players[seat]
    return max(0, (_here(s, seat, "repair_price") or REPAIR_PRICE) - ability(p, "discount", service="repair"))


def weapon_price(s: State, seat: int, weapon: str) -> int:
    w = weapon_kinds(s)[weapon]
    return max(0, w.cost - (_here(s, seat, "discount", "weapon") or 0))


def weapons_left(s: State, weapon: str) -> int:
    aboard = sum(1 for p in s.players for w in p.ship.weapons if w == weapon)
    return int(weapon_kinds(s)[weapon].tokens) - aboard


def shipyard_options(s: State, seat: int) -> list[Any]:
    p = s.players[seat]
    gold, top = p.ship.gold, maxima(p)
    from engine.merchants_marauders.rules.ships_turn import yard_ships
    out: list[Any] = [action(A.Ship, ship=t) for t, sd in yard_ships(s).items()
                      if sd.cost is not None and t != p.ship.type and ship_price(s, seat, t) <= gold]
    out += [action(A.Repair, location=loc) for loc in HIT_LOCATIONS
            if loc != "crew" and p.ship.points[loc] < top[loc] and repair_price(s, seat) <= gold]
    z = s.zones[p.zone]
    if p.in_port and z.modification is not None and z.revealed and len(p.ship.modifications) < defs().all_ships()[p.ship.type].mod_slots \
            and defs().all_modifications()[z.modification].cost <= gold:
        out.append(action(A.Modification))
    out += [action(A.UseWeapon, weapon=w) for w in weapon_kinds(s)
            if w not in p.ship.weapons and weapons_left(s, w) > 0 and weapon_price(s, seat, w) <= gold]
    return [*out, action(A.Done)]


def buy_ship(s: State, seat: int, ship: str, ev: Events) -> None:
    """The old ship is sold; crew (up to the new crew value) and weapons cross; modifications go
    back to ports; a first frigate or galleon of this captain is worth 1 glory (MMB-PORT-09 to -12)."""
    p = s.players[seat]
    price, crew = ship_price(s, seat, ship), p.ship.points["crew"]
    return_modifications(s, p.ship.modifications, p.ship)
    p.ship.modifications, p.ship.type = [], ship  # type: ignore[assignment]
    p.ship.points = maxima(p)
    p.ship.points["crew"] = min(crew, p.ship.points["crew"])
    p.ship.gold -= price
    say(ev, f"{name(s, seat)} buys a {ship} for {price} gold (the old ship sold)")
    glory = G.ship_glory(ship, p.ship_glory)  # type: ignore[arg-type]
    if glory:
        p.ship_glory = True
        gain_glory(s, seat, glory, "ship", ev)


def repair(s: State, seat: int, location: str, ev: Events) -> None:
    p = s.players[seat]
    p.ship.gold -= repair_price(s, seat)
    p.ship.points[location] += 1  # type: ignore[index]
    say(ev, f"{name(s, seat)} repairs 1 {location}")


def buy_modification(s: State, seat: int, ev: Events) -> None:
    p = s.players[seat]
    z = s.zones[p.zone]
    assert z.modification is not None
    m = defs().all_modifications()[z.modification]
    p.ship.gold -= m.cost
    p.ship.modifications.append(m.id)
    z.modification = None
    for e in m.effects:
        if e.kind == "stat" and e.stat in HIT_LOCATIONS:
            p.ship.points[e.stat] += e.n
    say(ev, f"{name(s, seat)} fits a {m.name}")


def buy_weapon(s: State, seat: int, weapon: str, ev: Events) -> None:
    p = s.players[seat]
    p.ship.gold -= weapon_price(s, seat, weapon)
    p.ship.weapons.append(weapon)  # type: ignore[arg-type]
    say(ev, f"{name(s, seat)} buys {weapon.replace('_', ' ')}")


# ---- Recruit crew ----
def recruit_roll(s: State, seat: int, ev: Events) -> None:
    """Leadership rolled: up to 1 + skulls hired, 1 gold each, never above the crew value
    (MMB-PORT-16); Tortuga hires without a roll, Basse-Terre adds a die."""
    from engine.merchants_marauders.rules.loyalty_levels_turn import free_crew, sign_on
    p = s.players[seat]
    room = maxima(p)["crew"] - p.ship.points["crew"]
    if free_crew(s, seat):                      # Module 11: a Pleased crew signs on its mates free
        sign_on(s, seat, ev)
        return
    if _here(s, seat, "no_roll") is not None or ability(p, "no_roll", "recruit"):
        most = room
        say(ev, f"{name(s, seat)} recruits without a roll")
    else:
        extra = sum(e.n for e in defs().map.zones[p.zone].property if e.kind == "extra_die" and e.when == "recruit") \
            if p.in_port else 0
        from engine.merchants_marauders.rules.glory_cards import specialist_bonus
        dice = captain(p).skills.leadership + extra + ability(p, "extra_die", "recruit") \
            + specialist_bonus(p, "skill_die", "leadership")
        faces = roll(s, dice)
        most = 1 + skulls(faces)
        say(ev, f"{name(s, seat)} rolls Leadership to recruit: {show(faces)}")
    s.stack.append(P.RecruitPrompt(seats=[seat], most=max(0, min(most, room, p.ship.gold // CREW_PRICE))))


def hire(s: State, seat: int, n: int, ev: Events) -> None:
    p = s.players[seat]
    p.ship.points["crew"] += n
    p.ship.gold -= n * CREW_PRICE
    say(ev, f"{name(s, seat)} hires {n} crew")


# ---- Stash ----
def stash(s: State, seat: int, n: int, ev: Events) -> None:
    """Gold into the chest: the move is announced, the amount only to its owner (MMB-PORT-19)."""
    p = s.players[seat]
    home = p.zone if s.turn.stash_anywhere else home_port(p)
    p.ship.gold, p.stash = G.stash(p.ship.gold, p.stash, n, p.zone if p.in_port else None, home)
    say(ev, f"{name(s, seat)} stashes gold")
    say(ev, f"You stash {n} gold (the stash now holds {p.stash})", to=seat)


# ---- Port Royal and Trinidad: hire a specialist ----
def hire_specialist(s: State, seat: int, ev: Events) -> None:
    """Pay 5 and turn glory cards until a specialist comes up (the others are discarded); it
    goes aboard, or into the hand when 2 are aboard already (MMB-MAP-09)."""
    from engine.merchants_marauders.rules.glory_cards import SPECIALISTS_ABOARD, card
    from engine.merchants_marauders.rules.loyalty_levels_turn import free_specialist, take_free_specialist
    p = s.players[seat]
    if free_specialist(s, seat):                # Module 11: a Pleased crew's free hire, once a round
        take_free_specialist(s, seat)
    else:
        p.ship.gold -= zone_effect(p.zone, "hire_specialist") or 0
    turned: list[str] = []
    while s.glory.pile or s.glory.discard:
        (c,) = s.glory.draw(s.rng)
        if card(c).family == "specialist":
            s.reveals += 1
            say(ev, f"{name(s, seat)} hires {card(c).name} (turning {len(turned)} other cards)")
            s.glory.throw_away(turned)
            if len(p.specialists) < SPECIALISTS_ABOARD:
                p.specialists.append(c)
            else:
                p.glory_cards.append(c)
                if len(p.glory_cards) > G.GLORY_HAND_LIMIT:
                    s.stack.append(P.DiscardGloryPrompt(seats=[seat]))
            return
        turned.append(c)
    s.glory.throw_away(turned)
