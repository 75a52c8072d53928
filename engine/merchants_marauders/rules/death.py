"""Captain death and the new captain (base reconstruction section 5, "Captain death"; the pure
rules are glory.captain_death, new_captain, may_redraw_captain). The dead captain's cards, ship
and all aboard are discarded, the modifications go back to ports without one (at random), the
bounty tokens go; glory and the stash stay. A new captain is drawn at once (and may be redrawn
when a pirate NPC sits in its home zone), picks a sloop or a flute, and acts from the player's
next turn."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.rules import glory as G
from engine.merchants_marauders.rules.common import home_port, name, say
from engine.merchants_marauders.rules.start import fit_out, start_ships
from engine.merchants_marauders.state import Player, Ship, State
from engine.merchants_marauders.vocab import PORTS


def holdings(p: Player) -> G.Holdings:
    return G.Holdings(home_port=home_port(p), ship=p.ship.type, glory=p.glory, stash=p.stash, gold=p.ship.gold,
                      glory_cards=list(p.glory_cards), cargo=list(p.ship.cargo), weapons=list(p.ship.weapons),
                      modifications=list(p.ship.modifications), ship_glory_earned=p.ship_glory,
                      bounties=[n for n, k in p.bounties.items() for _ in range(k)])


def return_modifications(s: State, mods: list[str], ship: Ship | None) -> None:
    """Modifications leaving play (off `ship`, or None for one never fitted) go face down to
    ports that have none, drawn at random."""
    from engine.merchants_marauders.rules.mods_turn import return_tokens
    from engine.merchants_marauders.rules.upgrades_turn import claim_returns
    mods = claim_returns(s, ship, mods)            # Module 4: NPC tokens go to the NPC reserve
    if return_tokens(s, mods):                     # Module 3: through the reserve
        return
    for m in mods:
        free = [z for z in PORTS if s.zones[z].modification is None]
        if free:
            z = s.rng.choice(free)
            s.zones[z].modification, s.zones[z].revealed = m, False


def kill(s: State, seat: int, ev: Events) -> None:
    """The captain dies; a new one is drawn and waits for its ship (NewCaptainPrompt)."""
    from engine.merchants_marauders.rules.glory_cards import lose_specialists
    from engine.merchants_marauders.rules.missions_turn import drop_all
    p = s.players[seat]
    _keep_gold(s, seat, ev)
    drop_all(s, seat)
    lose_specialists(s, p)
    death = G.captain_death(holdings(p))
    say(ev, f"{name(s, seat)} is dead")
    s.cargo.throw_away(death.lost.cargo)
    from engine.merchants_marauders.rules import contraband_turn, goodwill_turn, loyalty_turn
    contraband_turn.on_death(s, seat)          # Modules 7, 10, 11: the compartment and goodwill go,
    goodwill_turn.on_death(s, seat)            # the new crew starts Content
    loyalty_turn.new_captain(s, seat)
    s.glory.throw_away(death.lost.glory_cards)
    s.captains.throw_away([p.captain])
    return_modifications(s, death.to_ports, p.ship)
    from engine.merchants_marauders.rules.upgrades_turn import lose_tokens
    lose_tokens(s, p)                              # Module 4: NPC weapon tokens aboard go back too
    from engine.merchants_marauders.rules.module1_turn import successor
    p.captain = successor(s, p.captain)        # Module 1's separate decks: from the dead one's deck
    p.ship, p.glory_cards, p.bounties, p.ship_glory, p.bought_at = Ship(), [], {}, False, None
    p.glory, p.stash, p.deaths = death.kept.glory, death.kept.stash, p.deaths + 1
    p.zone, p.in_port = home_port(p), True
    say(ev, f"{name(s, seat)} takes command in {p.zone.replace('_', ' ').title()}")
    if s.turn.seat == seat:
        s.turn.ended = True
    s.stack.append(P.NewCaptainPrompt(seats=[seat]))


def _keep_gold(s: State, seat: int, ev: Events) -> None:
    """A glory card that saves gold from a death is played at once (always worth it [design])."""
    from engine.merchants_marauders.rules.glory_cards import card, verb
    p = s.players[seat]
    saver = next((c for c in p.glory_cards if verb(c) == "keep_on_death"), None)
    if saver is None:
        return
    p.glory_cards.remove(saver)
    s.glory.throw_away([saver])
    p.kept_gold = min(card(saver).effects[0].n, p.ship.gold)
    say(ev, f"{name(s, seat)} plays {card(saver).name}: {p.kept_gold} gold saved")


def pirate_in_home_zone(s: State, seat: int) -> bool:
    zones = [n.zone for n in s.npcs.values() if n.side == "pirate"]
    return G.may_redraw_captain(home_port(s.players[seat]), zones)


def new_captain_options(s: State, seat: int) -> list[Any]:
    out: list[Any] = [action(A.Ship, ship=t) for t in start_ships()]
    if pirate_in_home_zone(s, seat):
        out.append(action(A.Redraw))
    return out


def redraw(s: State, seat: int, ev: Events) -> None:
    p = s.players[seat]
    s.captains.throw_away([p.captain])
    from engine.merchants_marauders.rules.module1_turn import successor
    p.captain = successor(s, p.captain)
    p.zone = home_port(p)
    say(ev, f"The new captain is redrawn: {name(s, seat)}")


def set_up(s: State, seat: int, ship: str, ev: Events) -> None:
    """The new captain's ship, gold (from the stash first) and glory card."""
    p = s.players[seat]
    fit_out(s, seat, ship)  # type: ignore[arg-type]
    p.ship.gold, p.stash = G.starting_gold(p.stash)
    p.ship.gold, p.kept_gold = p.ship.gold + p.kept_gold, 0
    p.glory_cards = s.glory.draw(s.rng, G.START_GLORY_CARDS)
    say(ev, f"{name(s, seat)} sails a {ship}")
