"""Ship modifications (base reconstruction sections 3 and 5; Seas of Glory Module 3): the tokens
in a game and their dealing to the ports, the bonuses that raise a ship's maxima, tokens
returning to play, and the optional selling rule.

Readings (Parley's, docs/rules-coverage/merchants_marauders.md):
- A bonus raises the maximum of its value; damage can still take the value to 0 and a repair
  brings it back to the raised maximum (MMB-SHIP-12). Fitting a token also raises the current
  value by its bonus, except the crew: hammocks make room for hands, who are then recruited.
  Removing one lowers the maximum, and a value above it comes down to it.
- Without Module 3 the 16 base tokens are dealt one to each port and a token leaving a ship goes
  back face down to a free port its owner chooses; with Module 3 the new tokens join (the
  smuggler's hold only with Module 7, the plank only with Module 11), the 8 left over form the
  reserve, and a token leaving play is shuffled into the reserve and as many tokens come out of
  it at random onto free ports drawn at random (MM-M3-16 to -18).
- Optional selling rule (MM-M3-19, -20): at a port with no token, the port action draws one at
  random from the reserve; it lies face up at that port at its usual price, bought now or later.

Random picks use `rng.die(n) - 1`, so a test scripts them with `Rng.forced`."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from pydantic import BaseModel, ConfigDict

from engine.core.errors import IllegalActionError
from engine.core.rng import Rng
from engine.merchants_marauders.defs_base import ModificationDef
from engine.merchants_marauders.effects import Stat
from engine.merchants_marauders.rules.ship import Fitted, PlayerShip, ShipCard
from engine.merchants_marauders.vocab import HIT_LOCATIONS, Zone

Bonuses = Mapping[str, Mapping[Stat, int]]      # modification kind -> the values it raises
Ports = dict[Zone, str | None]                  # each port's modification token (None: a free port)


def _pick(rng: Rng, n: int) -> int:
    return rng.die(n) - 1


def stat_bonuses(mods: Mapping[str, ModificationDef]) -> dict[str, dict[Stat, int]]:
    """Each kind's `stat` effects from the data (a kind with none raises nothing)."""
    out: dict[str, dict[Stat, int]] = {}
    for kind, m in mods.items():
        out[kind] = {e.stat: e.n for e in m.effects if e.kind == "stat" and e.stat is not None}
    return out


# ---- bonuses (MMB-SHIP-12) ----
def maxima(card: ShipCard, kinds: Sequence[str], bonuses: Bonuses) -> dict[Stat, int]:
    """The ship's values with every fitted modification's bonus added to the printed card."""
    out = dict(card.values)
    for kind in kinds:
        for stat, n in bonuses.get(kind, {}).items():
            out[stat] += n
    return out


def refit(ship: PlayerShip, card: ShipCard, fitted: Sequence[Fitted], bonuses: Bonuses) -> PlayerShip:
    """The ship with `fitted` as its modifications: a maximum raised lifts the current value with
    it (not the crew, who must be hired), and a value over a lowered maximum comes down to it."""
    if len(fitted) > card.mod_slots:
        raise IllegalActionError(f"A {card.name} has room for {card.mod_slots} modification(s).")
    before = maxima(card, ship.kinds(), bonuses)
    after = maxima(card, [f.kind for f in fitted], bonuses)
    points = dict(ship.points)
    for loc in HIT_LOCATIONS:
        gain = after[loc] - before[loc]
        if gain > 0 and loc != "crew":
            points[loc] += gain
        points[loc] = min(points[loc], after[loc])
    return ship.model_copy(update={"points": points, "modifications": tuple(fitted)})


def manoeuvre(card: ShipCard, kinds: Sequence[str], bonuses: Bonuses) -> int:
    """Manoeuvrability takes no damage: it is always the card's value plus its bonuses."""
    return maxima(card, kinds, bonuses)["manoeuvre"]


# ---- the tokens of a game and the deal (MM-M3-02, -03, -08, -12) ----
def modification_pool(base: Sequence[str], sog: Sequence[str], needs: Mapping[str, str | None],
                      new_modifications: bool = False, contraband: bool = False, loyalty: bool = False) -> list[str]:
    """The tokens in play: the base game's, plus Module 3's when it is on, leaving out a token
    whose module (`needs`: kind -> "contraband", "loyalty" or None) is off."""
    if not new_modifications:
        return list(base)
    on = {"contraband": contraband, "loyalty": loyalty}

    def in_play(kind: str) -> bool:
        module = needs.get(kind)
        return module is None or on.get(module, False)
    return [*base, *(t for t in sog if in_play(t))]


class Deal(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    ports: Ports
    reserve: list[str]          # face down; empty without Module 3


def deal(pool: Sequence[str], ports: Sequence[Zone], rng: Rng) -> Deal:
    """Setup: the tokens shuffled, one face down to every port, the rest the reserve."""
    if len(pool) < len(ports):
        raise ValueError(f"{len(pool)} modification tokens for {len(ports)} ports")
    tokens = list(pool)
    rng.shuffle(tokens)
    return Deal(ports=dict(zip(ports, tokens, strict=False)), reserve=tokens[len(ports):])


# ---- tokens returning to play ----
def free_ports(ports: Mapping[Zone, str | None]) -> list[Zone]:
    return [p for p, t in ports.items() if t is None]


def return_chosen(leaving: Sequence[str], chosen: Sequence[Zone], ports: Mapping[Zone, str | None]) -> Ports:
    """Base game: each token leaving a ship goes face down to a free port its owner names."""
    if len(chosen) != len(leaving) or len(set(chosen)) != len(chosen):
        raise IllegalActionError(f"Name {len(leaving)} different free ports for the modifications.")
    if taken := [p for p in chosen if p not in ports or ports[p] is not None]:
        raise IllegalActionError(f"{', '.join(taken)} already has a modification; pick a free port.")
    return {**ports, **dict(zip(chosen, leaving, strict=True))}


class Returned(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    ports: Ports
    reserve: list[str]
    placed: dict[Zone, str]     # the ports that got a token, face down


def return_to_reserve(leaving: Sequence[str], reserve: Sequence[str], ports: Mapping[Zone, str | None],
                      rng: Rng) -> Returned:
    """Module 3: the leaving tokens join the reserve; then as many are drawn from it at random,
    each onto a free port drawn at random; with no free port left the rest stay in the reserve."""
    pile, out, placed = [*reserve, *leaving], dict(ports), {}
    for _ in leaving:
        free = free_ports(out)
        if not free:
            break
        token = pile.pop(_pick(rng, len(pile)))
        port = free[_pick(rng, len(free))]
        out[port] = placed[port] = token
    return Returned(ports=out, reserve=pile, placed=placed)


def leaving_kinds(fitted: Collection[Fitted]) -> list[str]:
    """The tokens that go back to the ports or the modification reserve; one taken from an NPC
    goes to the NPC reserve instead (npc_upgrades.py)."""
    return [f.kind for f in fitted if f.npc_token is None]


# ---- optional selling rule (MM-M3-19, -20) ----
class Offer(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    ports: Ports
    reserve: list[str]
    drawn: str | None           # the token now face up at the port, or None


def offer_from_reserve(port: Zone, ports: Mapping[Zone, str | None], reserve: Sequence[str], rng: Rng,
                       selling: bool = True) -> Offer:
    """A port action at a port with no modification, under the optional rule: a token is drawn
    at random from the reserve and put face up there for sale. Nothing happens without the
    rule, at a port that has a token, or with an empty reserve."""
    if not selling or ports.get(port) is not None or not reserve:
        return Offer(ports=dict(ports), reserve=list(reserve), drawn=None)
    pile = list(reserve)
    token = pile.pop(_pick(rng, len(pile)))
    return Offer(ports={**ports, port: token}, reserve=pile, drawn=token)

