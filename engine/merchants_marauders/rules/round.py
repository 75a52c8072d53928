"""A round (base reconstruction section 4, "Round"): the merchant refill when the track is full,
the event card turned and resolved (its effect lasting the round) with the NPC movement its icons
show, the turns clockwise from the first player, and the round's end: the NPCs flagged by this
round's cards arrive, then the victory check (section 7.5: glory.game_over, glory.ranking)."""
from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engine.core.flow import Events
from engine.merchants_marauders.card_defs import EventDef, cards
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import glory as G
from engine.merchants_marauders.rules import npc as N
from engine.merchants_marauders.rules.combat import skulls
from engine.merchants_marauders.rules.common import (
    ability,
    captain,
    npc_captains,
    roll,
    say,
    sea,
    standing,
    total_glory,
)
from engine.merchants_marauders.rules.death import kill
from engine.merchants_marauders.rules.hits import locate
from engine.merchants_marauders.state import Round, State
from engine.merchants_marauders.vocab import NATIONS, ZONES, Nation


@cache
def event_def(card: str) -> EventDef:
    return {e.id: e for e in cards().event_deck(sog=True)}[card]


def refill_merchants(s: State, ev: Events, full_only: bool = True) -> None:
    """With the track full (8 tokens), they are shuffled face down and one goes to every zone
    without a merchant (MMB-ROUND-01); a convoy event refills from the track whatever its size."""
    if full_only and len(s.track) < defs().tokens.board.merchant_track:
        return
    tokens = list(s.track)
    s.rng.shuffle(tokens)
    placed = 0
    for z in ZONES:
        if s.zones[z].merchant is None and tokens:
            s.zones[z].merchant = tokens.pop()
            placed += 1
    s.track = tokens
    if placed:
        say(ev, f"{placed} merchant token{'s' if placed != 1 else ''} set out to sea")


def start_round(s: State, ev: Events) -> None:
    """Refill, then the event card, its effect and its NPC movement; the turns queued."""
    if s.round.event is not None:
        s.events.throw_away([s.round.event])
    s.round = Round(number=s.round.number + 1, to_play=list(s.order))
    from engine.merchants_marauders.rules.weather_turn import round_start
    round_start(s, ev)
    refill_merchants(s, ev)
    drawn = s.events.draw(s.rng)
    if not drawn:
        return
    e = event_def(drawn[0])
    s.round.event = e.id
    s.reveals += 1
    say(ev, f"Round {s.round.number}: {e.name}")
    resolve_event(s, e, ev)
    icons = [N.Icon(group=m.npc, bearing=m.to) for m in e.moves]
    s.npcs = N.move_npcs(s.npcs, icons, sea(), npc_captains(s), s.wars)
    from engine.merchants_marauders.rules.treasure_turn import on_event
    on_event(s, icons, ev)


def _arrival(e: EventDef) -> N.Arrival:
    assert e.npc is not None
    navy = e.npc.side != "pirate"
    skills = N.Skills(seamanship=e.npc.captain.seamanship, scouting=e.npc.captain.scouting,
                      leadership=e.npc.captain.leadership)
    return N.Arrival(side="navy" if navy else "pirate", nation=e.npc.side if navy else None,
                     ship=e.npc.ship, zone=e.npc.arrival, skills=skills)


def resolve_event(s: State, e: EventDef, ev: Events) -> None:
    """One named step per event kind; its effect holds for the round (MMB-ROUND-02)."""
    if e.kind == "npc":
        s.arrivals.append(_arrival(e))
        from engine.merchants_marauders.rules.upgrades_turn import on_event
        on_event(s, s.arrivals[-1], ev)            # Module 4: its upgrades drawn now
        from engine.merchants_marauders.rules.loyalty_turn import npc_event
        npc_event(s, ev)                           # Module 11: every crew a step (MM-M11-10)
        say(ev, f"An NPC will arrive in {e.npc.arrival.replace('_', ' ').title() if e.npc else ''} at the round's end")
    for f in e.effects:
        if f.do == "weather":
            _weather(s, f.zones or [], f.n, ev)
        elif f.do == "war_or_peace":
            _war_or_peace(s, ev)
        elif f.do == "sale_bonus":
            s.round.sale_bonus = f.n
        elif f.do == "embargo":
            s.round.embargo = s.rng.choice(list(NATIONS))
            say(ev, f"Embargo: the {s.round.embargo} ports neither buy nor sell this round")
        elif f.do == "crew_loss":
            for p in s.players:
                if not p.in_port or f.where != "at_sea":
                    p.ship.points["crew"] = max(min(1, p.ship.points["crew"]), p.ship.points["crew"] - f.n)
        elif f.do == "skill_modifier":
            s.round.scouting = f.dice or 0
        elif f.do == "drop_bounty":
            for p in s.players:
                for _ in range(f.n):
                    if p.bounties:
                        most = max(p.bounties, key=lambda k: p.bounties[k])
                        p.bounties[most] -= 1
                        p.bounties = {k: v for k, v in p.bounties.items() if v > 0}
        elif f.do == "refill_merchants":
            refill_merchants(s, ev, full_only=False)
        elif f.do == "start_war":
            from engine.merchants_marauders.rules.module1_turn import start_war
            start_war(s, f.nations or [], ev)
        elif f.do == "extra_mission_slot":
            from engine.merchants_marauders.rules.module1_turn import third_slot
            third_slot(s, ev)


def _weather(s: State, zones: Sequence[str], n: int, ev: Events) -> None:
    """Ships at sea in the storm's zones take n hits less their Seamanship skulls, placed by
    location dice as combat hits are."""
    from engine.merchants_marauders.rules.common import fighter
    for seat, p in enumerate(s.players):
        if p.in_port or p.zone not in zones:
            continue
        from engine.merchants_marauders.rules.glory_cards import specialist_bonus
        dice = captain(p).skills.seamanship + ability(p, "extra_die", "storm") + specialist_bonus(p, "skill_die", "seamanship")
        hits = max(0, n - skulls(roll(s, dice)))
        volley = locate(fighter(p), roll(s, hits))
        for loc, k in volley.hits.items():
            p.ship.points[loc] -= k
        say(ev, f"The storm deals {hits} hit{'s' if hits != 1 else ''} to {captain(p).name}")
        if p.ship.points["hull"] <= 0:
            kill(s, seat, ev)


def _war_or_peace(s: State, ev: Events) -> None:
    if s.wars:
        s.wars = []
        say(ev, "Peace: the war is over")
    else:
        pair = list(NATIONS)
        s.rng.shuffle(pair)
        a, b = sorted(pair[:2])
        s.wars = [(a, b)]
        say(ev, f"War between {a} and {b}")
    s.npcs = N.war_changes(s.npcs, s.wars)


def end_round(s: State, ev: Events) -> bool:
    """Flagged NPCs arrive; True when the game is over (the victory check, MMB-ROUND-07)."""
    if s.arrivals:
        from engine.merchants_marauders.rules.upgrades_turn import on_arrive
        on_arrive(s)                               # Module 4: tokens taken up, the replaced NPC's back
        from engine.merchants_marauders.rules.module1_turn import pirate_ships
        s.npcs, _ = N.arrive(s.npcs, s.arrivals, s.wars, pirate_ships(s))
        for a in s.arrivals:
            say(ev, f"A {a.side} {a.ship} arrives in {a.zone.replace('_', ' ').title()}")
        s.arrivals = []
    return reached(s, end_of_round=True)


def reached(s: State, end_of_round: bool = False) -> bool:
    """The victory check (glory.game_over): at the round's end, or at any moment under
    `victory = "immediate"`."""
    mode: G.VictoryMode = "immediate" if s.options.get("victory") == "immediate" else "finish_round"
    return G.game_over([standing(s, i) for i in range(len(s.players))], mode, end_of_round,
                       bool(s.options.get("glory_or_death")))


def rank(s: State, ev: Events) -> None:
    """Stashes are shown, then the ranking with its tie-breaks (MMB-WIN-03)."""
    god = bool(s.options.get("glory_or_death"))
    st = [standing(s, i) for i in range(len(s.players))]
    s.final = {i: {"glory": x.glory, "stash_glory": G.stash_glory(x.stash, god), "stash": x.stash,
                   "gold": x.gold, "bounties": x.bounties} for i, x in enumerate(st)}
    s.winners = G.winners(st, god)
    s.reveals += 1
    for i in range(len(s.players)):
        say(ev, f"{captain(s.players[i]).name}: {total_glory(s, i)} glory, {s.players[i].stash} gold stashed")


def at_war_nation(s: State, nation: Nation) -> bool:
    return N.at_war(nation, s.wars)
