"""Seas of Glory Module 3 in the turn engine (the pure rules are modifications.py and
crows_nest.py): the new tokens dealt with the base ones and the reserve of those left over, a
token leaving play shuffled into the reserve and one drawn from it onto a free port drawn at
random, the cleaned hull in a fight's contest, and the crow's nest when scouting. Every hook does
nothing with the module off, so the base game plays as before.

- The smuggler's hold is in play only with Module 7, the plank only with Module 11
  (modifications.modification_pool); what they do is wired with those modules: `has` is the hook
  they call (a ship carries the kind, e.g. `has(p, "smugglers_hold")`).
- Reading of MM-M3-05: a captain always declares a working crow's nest (declaring costs nothing).
- Reading of MM-M3-07 (crows_nest.nest_works): the nest works only with the masts undamaged.
- The optional selling rule (`module_3_selling`, MM-M3-19, -20): the port action at a port with
  no token draws one at random from the reserve; it lies face up there at its usual price, for
  this visitor's shipyard or a later one (modifications.offer_from_reserve)."""
from __future__ import annotations

from engine.core.flow import Events
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import combat as C
from engine.merchants_marauders.rules import modifications as M
from engine.merchants_marauders.rules.crows_nest import nest_works
from engine.merchants_marauders.state import Player, State
from engine.merchants_marauders.vocab import PORTS, Zone

NEST, HULL = "crows_nest", "cleaned_hull"


def on(s: State) -> bool:
    return bool(s.options.get("module_3"))


def has(p: Player, kind: str) -> bool:
    """The hook for the modules that give a modification its use (7: smuggler's hold, 11: plank)."""
    return kind in p.ship.modifications


# ---- setup ----
def pool(s: State) -> list[str]:
    """The tokens of this game: the base 16, Module 3's new ones whose module is on."""
    d = defs()
    needs = {k: m.needs_module for k, m in d.sog_modifications.modifications.items()}
    return M.modification_pool(d.modifications.tokens(), d.sog_modifications.tokens(), needs, on(s),
                               contraband=bool(s.options.get("module_7")), loyalty=bool(s.options.get("module_11")))


def setup(s: State) -> None:
    """With Module 3: every port's token dealt again from the larger pool, the rest the reserve
    (MM-M3-02, -03). The base deal is left as it was without the module."""
    if not on(s):
        return
    deal = M.deal(pool(s), PORTS, s.rng)
    for z, token in deal.ports.items():
        s.zones[z].modification, s.zones[z].revealed = token, False
    s.mod_reserve = list(deal.reserve)


def return_tokens(s: State, kinds: list[str]) -> bool:
    """Tokens leaving play with Module 3: into the reserve, and as many drawn from it at random,
    each face down onto a free port drawn at random (MM-M3-16 to -18). False without the module
    (the caller returns them the base way)."""
    if not on(s):
        return False
    ports: M.Ports = {z: s.zones[z].modification for z in PORTS}
    back = M.return_to_reserve(kinds, s.mod_reserve, ports, s.rng)
    for z, token in back.placed.items():
        s.zones[z].modification, s.zones[z].revealed = token, False
    s.mod_reserve = list(back.reserve)
    return True


def selling(s: State) -> bool:
    return on(s) and bool(s.options.get("module_3_selling"))


def offer_at_port(s: State, seat: int, ev: Events) -> None:
    """The optional selling rule: a port action at a port with no modification turns one up from
    the reserve there, at its price (MM-M3-19, -20); nothing without the rule or the reserve."""
    from engine.merchants_marauders.rules.common import say
    z = s.players[seat].zone
    ports: M.Ports = {p: s.zones[p].modification for p in PORTS}
    out = M.offer_from_reserve(z, ports, s.mod_reserve, s.rng, selling=selling(s))
    if out.drawn is None:
        return
    s.zones[z].modification, s.zones[z].revealed = out.drawn, True
    s.mod_reserve = list(out.reserve)
    s.reveals += 1
    say(ev, f"From the reserve: a {defs().all_modifications()[out.drawn].name} is offered at {z.replace('_', ' ').title()}")


# ---- in a fight and scouting ----
def dressed(s: State, role: C.Role, f: C.Fighter) -> C.Fighter:
    """A player side's fighter with its cleaned hull counted (MM-M3-04)."""
    assert s.fight is not None
    seat = s.fight.sides[role].seat
    if seat is None or HULL not in s.players[seat].ship.modifications:
        return f
    return f.model_copy(update={"cleaned_hull": True})


def _nest(p: Player) -> bool:
    from engine.merchants_marauders.rules.common import maxima
    return nest_works(NEST in p.ship.modifications, p.ship.points["masts"], maxima(p)["masts"])


def scouting_modifier(s: State, seat: int, target: str) -> int:
    """Dice more (or fewer) for `seat` scouting for `target` (a seat label, an NPC slot, or the
    merchant): its own working nest +1, a target player's working nest -1 (MM-M3-05, -06); an
    NPC's nest is Module 4's (upgrades_turn)."""
    from engine.merchants_marauders.rules.upgrades_turn import npc_has
    n = 1 if _nest(s.players[seat]) else 0
    if target.startswith("p") and target[1:].isdigit() and _nest(s.players[int(target[1:]) - 1]):
        n -= 1
    if target in s.npcs and npc_has(s, target, NEST):
        n -= 1
    return n


def scouted_modifier(s: State, seat: int) -> int:
    """An NPC scouting for `seat` rolls a die fewer against its working crow's nest."""
    return -1 if _nest(s.players[seat]) else 0


def free_ports(s: State) -> list[Zone]:
    return [z for z in PORTS if s.zones[z].modification is None]
