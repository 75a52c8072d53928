"""Naval combat on the turn's stack (base reconstruction 6.2; the pure rules are combat.py,
hits.py, crew_clash.py): one `Fight` record and a small machine of steps the flow runs whenever
no prompt is open: orders (sealed, both sides at once; an NPC's by the player left of its
opponent, or the NPC bot) → contest (both Seamanship pools rolled) → shots (a shooter with chain
shot or grapeshot chooses after seeing its location dice) → resolve (both volleys together;
a sinking, a flight, a crew clash fought out with dice, or the next round) → aftermath
(fight_end.py) → end.

Engine guard [design]: a fight still undecided after MAX_ROUNDS rounds breaks off with no victor,
so two ships that can no longer hurt each other never hold the game."""
from __future__ import annotations

from typing import Any, Literal

from engine.core.flow import Events
from engine.core.sealed import Sealed
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import aftermath as AM
from engine.merchants_marauders.rules import combat as C
from engine.merchants_marauders.rules import crew_clash as CC
from engine.merchants_marauders.rules import fight_cards as FC
from engine.merchants_marauders.rules import hits as H
from engine.merchants_marauders.rules import mods_turn as MT
from engine.merchants_marauders.rules import npc as N
from engine.merchants_marauders.rules import upgrades_turn as UT
from engine.merchants_marauders.rules import weapons_turn as WT
from engine.merchants_marauders.rules.common import (
    add_bounty,
    at_war,
    captain,
    fighter,
    name,
    pirate,
    roll,
    say,
    show,
)
from engine.merchants_marauders.state import Fight, Side, State
from engine.merchants_marauders.vocab import HIT_LOCATIONS, HitLocation, Order

MAX_ROUNDS = 12
SHOT_WEAPONS = ("chain_shot", "grapeshot", "incendiary_shot", "double_shot")   # the last two: Module 2
Who = tuple[Literal["seat", "npc"], Any]


def _side(who: Who) -> Side:
    return Side(seat=who[1]) if who[0] == "seat" else Side(npc=who[1])


def npc_points(ship: str) -> dict[HitLocation, int]:
    sd = defs().all_ships()[ship]  # type: ignore[index]
    return {loc: getattr(sd, loc) for loc in HIT_LOCATIONS}


def start_fight(s: State, aggressor: Who, defender: Who, ev: Events) -> None:
    """The scout is the aggressor (MMB-COMBAT-01); a player attacking pays the bounty
    (aftermath.attack_bounty: a navy's nation, a non-pirate's captain's nation, none for pirates)."""
    f = Fight(sides={"aggressor": _side(aggressor), "defender": _side(defender)})
    slot = next((x.npc for x in f.sides.values() if x.npc is not None), None)
    if slot is not None:
        f.npc_points = npc_points(s.npcs[slot].ship)
    s.fight = f
    a, d = f.sides["aggressor"], f.sides["defender"]
    say(ev, f"Combat: {side_name(s, 'aggressor')} attacks {side_name(s, 'defender')}")
    if a.seat is not None:
        me = captain(s.players[a.seat]).nation
        if d.npc is not None:
            n = s.npcs[d.npc]
            kind: AM.Opponent = "navy" if n.side == "navy" else "pirate_npc"
            add_bounty(s, a.seat, AM.attack_bounty(kind, n.nation, False, at_war(s, n.nation, me)), ev)
        elif d.seat is not None:
            q = s.players[d.seat]
            add_bounty(s, a.seat, AM.attack_bounty("player", captain(q).nation, pirate(q)), ev)
    for role in C.ROLES:
        _long_guns(s, role, ev)


def _long_guns(s: State, role: C.Role, ev: Events) -> None:
    """Long guns (base section 5): before the first round the owner rolls 1 die; a skull is 1
    hit on the enemy, placed by a location die (aftermath.long_guns_hits)."""
    f = s.fight
    assert f is not None
    seat = f.sides[role].seat
    if seat is None or "long_guns" not in s.players[seat].ship.modifications or f.step != "orders":
        return
    (face,) = roll(s, 1)
    if not AM.long_guns_hits(face):
        say(ev, f"{name(s, seat)}'s long guns miss")
        return
    enemy = C.other(role)
    target = side_fighter(s, enemy)
    hits = H.locate(target, roll(s, 1)).hits
    set_points(s, enemy, C.take_hits(target, hits).points)
    _cargo_losses(s, enemy, hits.get("cargo", 0))
    say(ev, f"{name(s, seat)}'s long guns hit {side_name(s, enemy)}: " + ", ".join(hits))
    if side_fighter(s, enemy).sunk:
        f.victor, f.step = role, "aftermath"
        say(ev, f"{side_name(s, enemy)} sinks")
        loser(s, enemy)


def side_name(s: State, role: C.Role) -> str:
    assert s.fight is not None
    x = s.fight.sides[role]
    return name(s, x.seat) if x.seat is not None else f"the {N.slot_name(str(x.npc))}"


def side_fighter(s: State, role: C.Role) -> C.Fighter:
    assert s.fight is not None
    x = s.fight.sides[role]
    if x.seat is not None:
        from engine.merchants_marauders.rules.ships_turn import slow
        return fighter(s.players[x.seat], slow(s))
    n = s.npcs[str(x.npc)]
    from engine.merchants_marauders.rules.treasure_turn import npc_manoeuvre
    return C.Fighter(points=dict(s.fight.npc_points), manoeuvre=npc_manoeuvre(s, n.ship, defs().all_ships()[n.ship].manoeuvre),
                     seamanship=n.skills.seamanship, leadership=n.skills.leadership, npc=True,
                     weapons=UT.weapons(s, n.slot), cleaned_hull=UT.npc_has(s, n.slot, "cleaned_hull"))


def set_points(s: State, role: C.Role, points: dict[HitLocation, int]) -> None:
    assert s.fight is not None
    x = s.fight.sides[role]
    if x.seat is not None:
        s.players[x.seat].ship.points = dict(points)
    else:
        s.fight.npc_points = dict(points)


def decider(s: State, role: C.Role) -> int | None:
    """Who gives this side's orders: its captain, or for an NPC the player left of its opponent
    (npc.decider; None: the NPC bot)."""
    assert s.fight is not None
    x, y = s.fight.sides[role], s.fight.sides[C.other(role)]
    if x.seat is not None:
        return x.seat
    return N.decider(y.seat, s.order) if y.seat is not None else None


def npc_bot_order(s: State, role: C.Role) -> str:
    """The NPC bot boards when its crew outnumbers the enemy's, else it shoots."""
    assert s.fight is not None
    me, them = side_fighter(s, role), side_fighter(s, C.other(role))
    legal = C.legal_orders(me, s.fight.round_no)
    return "board" if "board" in legal and me.at("crew") > them.at("crew") else "shoot"


def roles_of(s: State, seat: int) -> list[C.Role]:
    return [r for r in C.ROLES if decider(s, r) == seat]


def order_options(s: State, seat: int) -> list[Any]:
    assert s.fight is not None
    out: list[Any] = []
    for role in roles_of(s, seat):
        f = side_fighter(s, role)
        for o in C.legal_orders(f, s.fight.round_no):
            out.append(action(A.Order, order=o))
            if o == "board" and "boarding_hooks" in f.weapons:
                out.append(action(A.Order, order="hooks"))
    return out


def default_order(s: State, seat: int) -> Any:
    """Shoot when the ship has cannons, else flee when allowed, else the first legal order; for
    an NPC, the NPC bot's order."""
    legal = order_options(s, seat)
    role = roles_of(s, seat)[0]
    assert s.fight is not None
    if s.fight.sides[role].npc is not None:
        return action(A.Order, order=npc_bot_order(s, role))
    if side_fighter(s, role).at("cannons") > 0:
        return action(A.Order, order="shoot")
    flee = action(A.Order, order="flee")
    return flee if flee in legal else legal[0]


# ---- the machine ----
def step(s: State, ev: Events) -> None:
    f = s.fight
    assert f is not None
    from engine.merchants_marauders.rules import boarding
    steps = {"orders": _orders, "contest": _contest, "cards": _cards, "volley": _volley, "shots": _shots,
             "resolve": _resolve, "clash": boarding.clash_roll, "clash_cards": boarding.clash_cards,
             "clash_apply": boarding.clash_apply}
    steps.get(f.step, _after)(s, ev)


def _after(s: State, ev: Events) -> None:
    from engine.merchants_marauders.rules.fight_end import aftermath, close
    assert s.fight is not None
    (aftermath if s.fight.step == "aftermath" else close)(s, ev)


def _orders(s: State, ev: Events) -> None:
    f = s.fight
    assert f is not None
    if WT.fire(s, ev):                  # Module 2: a burning ship burns before the orders
        return
    humans = [d for r in C.ROLES if (d := decider(s, r)) is not None]
    for r in C.ROLES:
        if decider(s, r) is None:
            f.declared[r] = npc_bot_order(s, r)
    f.orders = Sealed[str](seats=humans)
    s.stack.append(P.OrdersPrompt(seats=list(humans)))


def lock_order(s: State, seat: int, pr: P.OrdersPrompt, order: str, ev: Events) -> None:
    f = s.fight
    assert f is not None and f.orders is not None
    f.orders.choose(seat, order)
    pr.seats.remove(seat)
    say(ev, "Your order is in; nobody sees it until both are in.", to=seat)
    if not f.orders.lock(seat):
        return
    s.stack.pop()
    for seat_, o in f.orders.revealed().items():
        for r in roles_of(s, seat_):
            f.declared[r] = o
    f.orders = None
    s.reveals += 1
    say(ev, f"Round {f.round_no} orders: {side_name(s, 'aggressor')} {f.declared['aggressor']}, "
        f"{side_name(s, 'defender')} {f.declared['defender']}")
    f.step = "contest"


def _order(f: Fight, r: C.Role) -> Order:
    o = f.declared[r]
    return "board" if o == "hooks" else o  # type: ignore[return-value]


def _contest(s: State, ev: Events) -> None:
    """Both Seamanship pools rolled; hooks spent; each shooter's location dice rolled."""
    f = s.fight
    assert f is not None
    fs = {r: MT.dressed(s, r, side_fighter(s, r)) for r in C.ROLES}     # Module 3: a cleaned hull
    flee = any(o == "flee" for o in f.declared.values())
    f.contest = {r: roll(s, C.contest_dice(fs[r], fs[C.other(r)], flee, _bonus(s, r, "skill_die", "seamanship")
                                                                 + WT.penalty(s, r, "seamanship")))
                 for r in C.ROLES}
    hooks = frozenset(r for r in C.ROLES if f.declared[r] == "hooks")
    for r in hooks:
        seat = f.sides[r].seat
        if seat is not None:
            s.players[seat].ship.weapons.remove("boarding_hooks")
        UT.spent_hooks(s, r)                        # Module 4: an NPC's hooks, spent for this fight
    _say_contest(s, ev)
    FC.open_windows(s, "contest")
    f.step = "cards"


def _say_contest(s: State, ev: Events) -> None:
    f = s.fight
    assert f is not None
    c = _contest_of(f)
    f.winner = c.winner
    say(ev, f"Seamanship: {side_name(s, 'aggressor')} {show(f.contest['aggressor'])}, "
        f"{side_name(s, 'defender')} {show(f.contest['defender'])}; "
        f"{side_name(s, c.winner) + ' wins' if c.winner else 'no winner'}")


def _cards(s: State, ev: Events) -> None:
    """The contest's glory-card windows, one fighter at a time (fight_cards.py)."""
    assert s.fight is not None
    if not FC.next_window(s, "contest") and not WT.spikes(s):
        s.fight.step = "volley"


def _volley(s: State, ev: Events) -> None:
    """Each shooter's hits (a gunner's and the cards' added, the target's cancelled), then its
    location dice."""
    f = s.fight
    assert f is not None
    c = _contest_of(f)
    f.winner = c.winner
    fs = {r: side_fighter(s, r) for r in C.ROLES}
    f.dice = {}
    for r in C.ROLES:
        n = C.hits_dealt(_order(f, r), r, c, fs[r].at("cannons"))
        n += _bonus(s, r, "extra_hit") if n else 0           # a gunner aboard
        n += f.extra_hits.get(r, 0) if _order(f, r) == "shoot" and fs[r].at("cannons") else 0
        n = max(0, n - f.cancel.get(C.other(r), 0))
        if n:
            f.dice[r] = roll(s, n)
            say(ev, f"{side_name(s, r)} fires {n}: {show(f.dice[r])}")
    f.shots = {}
    f.step = "shots"


def _contest_of(f: Fight) -> C.Contest:
    hooks = frozenset(r for r in C.ROLES if f.declared[r] == "hooks")
    return C.contest(f.contest, hooks)


def _shots(s: State, ev: Events) -> None:
    f = s.fight
    assert f is not None
    for r, faces in f.dice.items():
        if r in f.shots:
            continue
        seat = f.sides[r].seat
        have = [w for w in SHOT_WEAPONS if seat is not None and w in s.players[seat].ship.weapons]
        if seat is None and UT.npc_shot(s, r, faces):     # Module 4: the NPC bot's shot
            continue
        if seat is None or not have or "skull" not in faces:
            f.shots[r] = "none"
            continue
        s.stack.append(P.ShotPrompt(seats=[seat], role=r, weapons=have))
        return
    if WT.spread(s):                    # Module 2: double shot's last hits, the target's choice
        return
    f.step = "resolve"


def choose_shot(s: State, seat: int, pr: P.ShotPrompt, weapon: str | None, ev: Events) -> None:
    assert s.fight is not None
    s.stack.pop()
    s.fight.shots[pr.role] = weapon or "none"
    if weapon:
        s.players[seat].ship.weapons.remove(weapon)  # type: ignore[arg-type]
        say(ev, f"{name(s, seat)} fires {weapon.replace('_', ' ')}")


def _resolve(s: State, ev: Events) -> None:
    f = s.fight
    assert f is not None
    fs = {r: side_fighter(s, r) for r in C.ROLES}
    hits_on: dict[C.Role, dict[HitLocation, int]] = {}
    lit: list[C.Role] = []
    for r, faces in f.dice.items():
        shot = f.shots.get(r, "none")
        volley = H.locate(fs[C.other(r)], faces, None if shot == "none" else shot, WT.remainder(s, r))  # type: ignore[arg-type]
        hits_on[C.other(r)] = dict(volley.hits)
        lit += [C.other(r)] if volley.ignites else []
    for r in C.ROLES:
        _surgeon(s, r, hits_on.get(r, {}))
    orders = {r: _order(f, r) for r in C.ROLES}
    end = C.finish_round(fs, orders, _contest_of(f), hits_on)
    for r in lit:
        WT.ignite(s, r, ev)
    WT.after_round(s, _contest_of(f), end.ending == "clash")
    for r in C.ROLES:
        set_points(s, r, end.fighters[r].points)
        _cargo_losses(s, r, hits_on.get(r, {}).get("cargo", 0))
        if hits_on.get(r):
            say(ev, f"{side_name(s, r)} takes " + ", ".join(f"{k} {loc}" for loc, k in hits_on[r].items()))
    if end.ending == "sunk":
        f.victor = end.victor
        for r in end.sunk:
            say(ev, f"{side_name(s, r)} sinks")
            loser(s, r)
        f.step = "aftermath"
    elif end.ending == "clash":
        assert end.boarder is not None
        f.clash = CC.begin_clash(end.fighters, end.boarder)
        WT.extinguish(s, ev)
        f.step = "clash"
        say(ev, f"{side_name(s, end.boarder)} boards")
    elif end.ending == "fled" or f.round_no >= MAX_ROUNDS:
        say(ev, "The combat ends: a ship gets away" if end.ending == "fled" else "The combat breaks off")
        f.step = "end"
    else:
        f.round_no += 1
        f.declared, f.contest, f.dice, f.shots, f.winner = {}, {}, {}, {}, None
        f.extra_hits, f.cancel = {}, {}
        f.step = "orders"


def _surgeon(s: State, role: C.Role, hits: dict[HitLocation, int]) -> None:
    """A surgeon aboard saves the first crew lost to hits in each fight (reading: hits only; the
    crew clash's losses are the clash's)."""
    f = s.fight
    assert f is not None
    left = _bonus(s, role, "ignore_crew_loss") - f.crew_saved.get(role, 0)
    saved = min(max(left, 0), hits.get("crew", 0))
    if saved:
        hits["crew"] -= saved
        f.crew_saved[role] = f.crew_saved.get(role, 0) + saved


def _cargo_losses(s: State, role: C.Role, cargo_hits: int) -> None:
    """Every Cargo hit discards a random cargo card, all of them at 0 (MMB-COMBAT, step 5)."""
    assert s.fight is not None
    x = s.fight.sides[role]
    if x.seat is None:
        s.fight.npc_cargo_hits += cargo_hits
        return
    ship = s.players[x.seat].ship
    from engine.merchants_marauders.rules.contraband_turn import cargo_hits as by_compartment
    if by_compartment(s, x.seat, cargo_hits):          # Module 7: both compartments
        return
    for _ in range(C.cargo_cards_lost(len(ship.cargo), cargo_hits, ship.points["cargo"])):
        s.cargo.throw_away([ship.cargo.pop(s.rng.choice(list(range(len(ship.cargo)))))])


def _bonus(s: State, role: C.Role, do: str, skill: str | None = None) -> int:
    """What a player side's specialists give (glory_cards.specialist_bonus); NPCs have none."""
    from engine.merchants_marauders.rules.glory_cards import specialist_bonus
    assert s.fight is not None
    seat = s.fight.sides[role].seat
    return 0 if seat is None else specialist_bonus(s.players[seat], do, skill)


def loser(s: State, role: C.Role) -> None:
    assert s.fight is not None
    seat = s.fight.sides[role].seat
    if seat is not None:
        s.fight.dead.append(seat)
