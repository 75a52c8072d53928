"""Scoundrel Bay bots: random (engine.core); greedy, which prices every decision in gold; and
greedy-v1, the first heuristic, kept unchanged as a baseline for `python -m bench --only bots`.

The greedy bot scores each legal decision by the gold it expects the decision to add by the end of
the game: final-scoring majorities in harbors, 2 gold a pirate in villages, pirates times hideouts,
reputation (mostly from monsters), doubloons from treasures, crates, trades and the Scoundrel Bay
pot — less what it stands to lose (pirates left on beaches, ship damage, sick or starving crew).
Rewards it cannot see yet are priced at the average of what the rulebook's components could be.

It reads only what its seat may see: its own hand, the board, face-up crates, monster types
printed on the sea spaces (never a face-down stand), the height of treasure stacks (never a
face-down tile), public tracks and counts; never another hand, the pirate deck, the event deck,
the crate stacks or another seat's sealed bid or feeding choice. It simulates nothing.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from itertools import combinations
from typing import Any

from engine.core.game import Game
from engine.core.policy import GreedyPolicy, RandomPolicy
from engine.scoundrel_bay import actions as A
from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.defs import POT_HARBOR, CardDef, Loss, Reward, defs
from engine.scoundrel_bay.rules.board import (
    can_cross,
    neighbours,
    owner_counts,
    reefs_passed,
    region,
    regions_at,
    sail_path,
    strength,
)
from engine.scoundrel_bay.rules.cards import card_def, crew_flags
from engine.scoundrel_bay.rules.end_of_stage import event_def
from engine.scoundrel_bay.rules.invade import delivery_doubloons, hideout_open, landings, raids, treasure_strength
from engine.scoundrel_bay.rules.sail import bonus_choices
from engine.scoundrel_bay.rules.scoring import harbor_gold, scoundrel_bay_payout, ship_damage_gold
from engine.scoundrel_bay.state import State

# ---- greedy-v1: the first bot, unchanged (a baseline for bench/bots.py) ------------------------

REGION_VALUE = {"harbor": 3.0, "hideout": 3.5, "village": 2.5, "beach": 1.0}
ACTION_VALUE = {"invade": 3.0, "sail": 2.5, "recruit": 2.0}


def _take_v1(s: State, seat: int, a: A.Take) -> float:
    p, c = s.players[seat], card_def(a.card)
    value = ACTION_VALUE[a.action] - (2.0 if a.action == p.last_action else 0.0)
    if a.action == "recruit":
        value += min(c.pirates, p.citizens) * 0.8 + len(c.tools) * 0.7 - (1.5 if p.crew_space.active > 6 else 0)
    return value


def _land_v1(s: State, seat: int, a: A.Land) -> float:
    return (a.pirates + 2 * a.captain) * REGION_VALUE[region(a.region).kind] / 2


def _reroll_v1(s: State, seat: int, a: A.Reroll) -> float:
    fight = s.turn.fight
    if fight is None or fight.face == "critical":
        return -5.0
    if fight.face == "miss":
        return 2.0
    m = defs().monsters.monsters[fight.monster]
    losing = s.players[seat].tools["gun"] < m.guns + int(fight.face)
    return (1.0 if losing else -1.0) - (0.0 if a.free else 0.5)


def _bid_v1(s: State, seat: int, a: A.Bid) -> float:
    return -abs(a.doubloons - min(4, s.players[seat].doubloons // 4))


def _open_v1(s: State, seat: int, a: A.OpenCrate) -> float:
    return 3.0 if isinstance(s.stack[-1], P.FinalCratesPrompt) else -2.0


SCORES_V1: dict[type, Callable[[State, int, Any], float]] = {
    A.Take: _take_v1,
    A.Land: _land_v1,
    A.Distance: lambda s, seat, a: float(a.n),
    A.SailBonus: lambda s, seat, a: -1.0 if a.which is None else {"star": 3.0, "sun": 2.0, "moon": 1.0}[a.which],
    A.Reroll: _reroll_v1,
    A.Dig: lambda s, seat, a: 3.0 * sum(a.types),
    A.Plunder: lambda s, seat, a: 4.0 + defs().crates.crates[a.crate].doubloons / 3,
    A.Deliver: lambda s, seat, a: 5.0 + defs().crates.crates[a.crate].doubloons,
    A.Trade: lambda s, seat, a: 1.5,
    A.Buy: lambda s, seat, a: 1.0 - defs().cards.display.costs[a.slot] * 0.4,
    A.Scout: lambda s, seat, a: -1.0,
    A.Move: lambda s, seat, a: 2.0 if region(a.source).kind == "beach" else 0.5 if region(a.target).kind == "hideout" else -0.5,
    A.Accept: lambda s, seat, a: 1.0,
    A.Sell: lambda s, seat, a: 0.5 if a.resource == "rum" else -0.5,
    A.Exchange: lambda s, seat, a: 0.5,
    A.Bid: _bid_v1,
    A.Feed: lambda s, seat, a: float(a.fed),
    A.Lose: lambda s, seat, a: 1.0 if a.space == "sick" else -3.0 if a.captain else 0.0,
    A.OpenCrate: _open_v1,
    A.Milestone: lambda s, seat, a: 0.0 if a.discard else 1.0,
}


def score_v1(s: State, seat: int, a: Any) -> float:
    fn = SCORES_V1.get(type(a))
    return fn(s, seat, a) if fn else 0.0


def greedy_v1(seed: str | int = 0) -> GreedyPolicy:
    policy = GreedyPolicy(score_v1, seed)
    policy.name = "greedy-v1"
    return policy


# ---- greedy: every decision priced in gold --------------------------------------------------------

RESOURCES = ("ring", "map", "rum", "food")
TOOLS = ("food_production", "sword", "gun", "shield")
STAGES = 5                   # reefs, each ending a stage with a feeding
TURNS_PER_STAGE = 4.5        # a seat's turns between two reefs (3.5 to 5 in bot games)
POTENTIAL = 0.4              # weight of next turn's invasion from where the ship will lie
KEEP = 0.3                   # weight of what a card played would have been worth kept in hand
HIDEOUT_HOPE = 1.0           # hideouts the bot hopes to add later (times what is left of the game)
# An active pirate kept aboard (CREW) and one coming aboard (RECRUIT), at most: seeded matches found
# both best at nothing, as pirates score only once landed and eat until then; crew_value takes off
# more for a crowded or hungry crew.
CREW = 0.0
RECRUIT = 0.0
GUN, SHIELD, SWORD = 4.0, 3.0, 2.5       # a tool level, early in the game (less as it ends)
RING, MAP, RUM = 3.0, 1.0, 1.5          # a resource, early in the game
BID = 1 / 3                  # of the stake of a blind bid
BEACH = 0.7                  # of a pirate's death at the end, for one landed on a beach early (it may still leave)
DELIVERY = 0.75              # of a crate's doubloons, for one still to be delivered
FLAG = 0.5                   # a card in the crew area: one more pirate for every later invasion of its flag
# Context-free worth of a reward, for averages over components the seat cannot see yet.
FLAT = {"doubloons": 1.0, "ring": 3.0, "map": 2.0, "rum": 1.5, "food": 1.2, "food_production": 2.5, "sword": 2.5,
        "gun": 2.5, "shield": 2.0, "reputation": 2.5, "pirate_move": 1.5, "citizens": 1.0, "unlock": 2.0,
        "ship_repair": 1.5, "cook": 3.0, "blind_recruit": 4.0, "paid_blind_recruit": 1.0, "sell_resources": 1.0,
        "scoundrel_bay_half": 2.0}


def flat_worth(rewards: list[Reward]) -> float:
    return sum(FLAT.get(r.gain, 1.0) * r.n for r in rewards)


@cache
def treasure_worth(kind: int) -> float:
    """The mean worth of a face-down treasure of a type: the average over every tile of that type."""
    tiles = [t for t in defs().treasures.treasures.values() if t.type == kind]
    return sum(flat_worth(t.rewards) for t in tiles) / len(tiles)


@cache
def mean_card() -> tuple[float, float]:
    """(pirate symbols, tool symbols) of the average pirate card: what a blind recruitment brings."""
    cards = list(defs().cards.cards.values())
    return sum(c.pirates for c in cards) / len(cards), sum(len(c.tools) for c in cards) / len(cards)


class Reading:
    """What the seat sees that the scores need, worked out once per decision (and memoised)."""

    def __init__(self, s: State, seat: int) -> None:
        self.s, self.seat, self.p = s, seat, s.players[seat]
        self.turns_left = turns_left(s, seat)
        self.feedings_left = max(0, STAGES - s.stages_done)
        self.time = min(1.0, self.turns_left / 10)
        self.res = {r: resource_worth(self, r) for r in RESOURCES}
        self.crew = crew_value(self, CREW)
        self.newcomer = crew_value(self, RECRUIT)
        self.captain_aboard = 0.5 * self.time
        self._counts: dict[str, dict[int, int]] = {}
        self.tiebreak = s.reputation.order()
        self._memo: dict[tuple[Any, ...], float] = {}

    def counts(self, rid: str) -> dict[int, int]:
        """Every owner's pirates in a region (captains 2), as final scoring counts them."""
        if rid not in self._counts:
            self._counts[rid] = owner_counts(self.s, rid)
        return self._counts[rid]

    def memo(self, key: tuple[Any, ...], fn: Callable[[], float]) -> float:
        if key not in self._memo:
            self._memo[key] = fn()
        return self._memo[key]

    @property
    def rep_step(self) -> float:
        """Gold of one reputation space where the seat stands (what a dead pirate costs at the end)."""
        space, gold = self.s.reputation.space(self.seat), defs().reputation.spaces
        return float(max(1, gold[max(space, 1)].gold - gold[max(space, 1) - 1].gold))

    @property
    def food_short(self) -> int:
        """Food missing for the next feeding, counting this stage's cooking."""
        crew = self.p.crew_space
        need = 2 * (crew.captain in ("active", "sick")) + crew.active + crew.sick
        return need - self.p.resources["food"] - self.p.resources["ring"] - self.p.tools["food_production"]

    @property
    def best_move(self) -> float:
        """What the seat's best pirate move is worth now (a pirate move reward)."""
        return self.memo(("best-move",), partial(best_move, self))


def turns_left(s: State, seat: int) -> float:
    """Turns this seat still plays: exact once the game end is triggered, else an estimate by reef."""
    if s.end_turns is not None:
        return float(max(0, s.end_turns - s.players[seat].turns))
    return (STAGES - len(s.reefs_passed)) * TURNS_PER_STAGE + defs().rules.end["extra_turns"] + 1


def resource_worth(r: Reading, what: str) -> float:
    if what == "food":
        if r.feedings_left == 0:
            return 0.1
        return 2.5 if r.food_short > 0 else 1.0
    base = {"ring": RING, "map": MAP, "rum": RUM}[what]
    return base * r.time + 0.2


def crew_value(r: Reading, most: float) -> float:
    """An active pirate aboard: up to `most` early for a later invasion, nothing at the end, less
    when the crew is crowded past 6 or the next feeding is short of food."""
    if r.turns_left <= 1:
        return 0.0
    value = min(most, r.turns_left / 6) - 0.1 * max(0, r.p.crew_space.active - 6)
    return value - (1.0 if r.food_short > 0 else 0.0)


# ---- what rewards and losses are worth ------------------------------------------------------------

def tool_worth(r: Reading, tool: str, n: int = 1) -> float:
    """GAINING TOOLS: what the next levels are worth; past the end of a track, reputation instead."""
    level, high = r.p.tools[tool], getattr(defs().player_boards.tracks, tool).high
    fits = max(0, min(n, high - level))
    per = {"gun": GUN if level < 8 else 1.0, "shield": SHIELD if level < 8 else 0.8,
           "sword": SWORD if level < 8 else 0.5, "food_production": min(3.0, 1.0 * r.feedings_left)}[tool]
    return fits * per * (r.time if tool != "food_production" else 1.0) + rep_worth(r, n - fits)


def rep_worth(r: Reading, n: int) -> float:
    """ADVANCING ON THE REPUTATION TRACK: the gold of the spaces gained and their bonuses."""
    if n <= 0:
        return 0.0
    spaces, top = defs().reputation.spaces, max(defs().reputation.spaces)
    here, total = r.s.reputation.space(r.seat), 0.0
    for step in range(here + 1, here + n + 1):
        if step > top:
            total += defs().rules.overflow.reputation_doubloons
        else:
            total += spaces[step].gold - spaces[step - 1].gold + flat_worth(spaces[step].bonus)
    return total


def gain_worth(r: Reading, gain: str, n: int) -> float:
    p = r.p
    if gain == "doubloons":
        return float(n)
    if gain in RESOURCES:
        return n * r.res[gain]
    if gain in TOOLS:
        return tool_worth(r, gain, n)
    if gain == "reputation":
        return rep_worth(r, n)
    if gain == "pirate_move":
        return n * r.best_move
    if gain == "citizens":
        return min(n, p.citizens) * r.newcomer
    if gain == "unlock":
        return n * 2.0 * r.time if r.s.unlock_supply else 0.0
    if gain == "ship_repair":
        low = defs().player_boards.tracks.ship_damage.low
        return float(ship_damage_gold(p.ship_damage) - ship_damage_gold(max(low, p.ship_damage - n)))
    if gain == "cook":
        return p.tools["food_production"] * r.res["food"]
    if gain in ("blind_recruit", "paid_blind_recruit"):
        pirates, tools = mean_card()
        return min(pirates, p.citizens) * r.newcomer + tools * 2.5 * r.time + FLAG * r.time
    if gain == "sell_resources":
        return sum(p.resources[x] * max(0.0, defs().rules.exchange["resource_sale_doubloons"] - r.res[x]) for x in RESOURCES)
    if gain == "scoundrel_bay_half":
        return float(r.s.pot // 2)
    return 0.0


def worth(r: Reading, rewards: list[Reward]) -> float:
    return sum(gain_worth(r, x.gain, x.n) for x in rewards)


def damage_cost(r: Reading, n: int) -> float:
    """SHIP DAMAGE: the gold lost under the marker, and 10 doubloons a space past the end."""
    track, level = defs().player_boards.tracks.ship_damage, r.p.ship_damage
    after = min(track.high, level + n)
    return float(ship_damage_gold(after) - ship_damage_gold(level) + 10 * (level + n - after))


def loss_cost(r: Reading, losses: list[Loss]) -> float:
    cost = 0.0
    for x in losses:
        if x.suffer == "ship_damage":
            cost += damage_cost(r, x.n)
        elif x.suffer == "pirate_dies":
            cost += x.n * (r.rep_step + 0.5 * r.crew)
        elif x.suffer == "doubloons":
            cost += x.n
        elif x.suffer == "any_resource":
            cost += x.n * min(r.res.values())
    return cost


# ---- final scoring: what pirates in a region add at the end ---------------------------------------

def final_gain(r: Reading, rid: str, k: int) -> float:
    """FINAL SCORING, by region kind, of `k` more of the seat's pirates in `rid` (captain 2; k < 0
    takes them away)."""
    return r.memo(("final", rid, k), partial(_final_gain, r, rid, k))


def _final_gain(r: Reading, rid: str, k: int) -> float:
    kind = region(rid).kind
    if kind == "village":
        return float(defs().rules.scoring.village_gold * k)
    if kind == "beach":
        return -k * r.rep_step * (1.0 if r.turns_left < 6 else BEACH)
    if kind == "hideout":
        return hideout_gain(r, rid, k)
    return harbor_gain(r, rid, k)


def hideout_gain(r: Reading, rid: str, k: int) -> float:
    """Hideouts score pirates times hideouts, so each one counts for more as more follow: the
    gain is taken against a hope of `HIDEOUT_HOPE` more hideouts and twice as many pirates to come."""
    hideouts = [h.id for h in defs().board.of_kind("hideout")]
    mine = [r.counts(h).get(r.seat, 0) for h in hideouts]
    after = [n + k if h == rid else n for h, n in zip(hideouts, mine, strict=True)]
    return hideout_hope(r, after) - hideout_hope(r, mine)


def hideout_hope(r: Reading, pirates: list[int]) -> float:
    if not any(pirates):
        return 0.0
    more = HIDEOUT_HOPE * r.time
    return (sum(pirates) + 2 * more) * (sum(1 for n in pirates if n) + more)


def harbor_gold_of(r: Reading, rid: str, counts: dict[int, int]) -> int:
    if region(rid).name == POT_HARBOR:       # Scoundrel Bay pays shares of the pot
        return scoundrel_bay_payout(counts, r.tiebreak, r.s.pot)[0].get(r.seat, 0)
    gold = r.s.harbor_tokens.get(rid, region(rid).gold)
    return harbor_gold(counts, r.tiebreak, gold).get(r.seat, 0)


def harbor_gain(r: Reading, rid: str, k: int) -> float:
    before = r.counts(rid)
    after = {**before, r.seat: max(0, before.get(r.seat, 0) + k)}
    return float(harbor_gold_of(r, rid, after) - harbor_gold_of(r, rid, before))


def move_gain(r: Reading, m: A.Move) -> float:
    """PIRATE MOVE: the region left and the region reached, at final scoring."""
    return step_gain(r, m.source, m.target, m.captain)


def step_gain(r: Reading, source: str, target: str, captain: bool) -> float:
    w = defs().rules.captain.strength if captain else 1
    return final_gain(r, target, w) + final_gain(r, source, -w)


def best_move(r: Reading) -> float:
    """The best pirate move the seat could make now (what a pirate move reward is worth)."""
    best = 0.0
    for rid, here in r.s.regions.items():
        for captain, there in ((False, here.pirates.get(r.seat, 0) > 0), (True, r.p.captain_at == rid)):
            if there:
                best = max([best, *(step_gain(r, rid, target, captain) for target, bridge in neighbours(rid)
                                    if can_cross(r.s, r.seat, bridge))])
    return best


# ---- crates -----------------------------------------------------------------------------------------

def harbor_ahead(r: Reading, letter: str) -> bool:
    """Whether the crate's harbor still lies ahead of the ship on the route."""
    harbor = next((h for h in defs().board.of_kind("harbor") if h.letter == letter), None)
    return harbor is not None and any(sp >= r.p.ship for sp in harbor.seas)


def hold_value(r: Reading, crate: str) -> float:
    """An undelivered crate: its contents opened, or its doubloons if it can still be delivered."""
    c = defs().crates.crates[crate]
    deliver = 0.0
    if r.turns_left > 2:
        deliver = DELIVERY * (c.doubloons if harbor_ahead(r, c.letter) else c.doubloons / 2)
    return max(worth(r, c.contents), deliver)


def deliver_gain(r: Reading, rid: str, crate: str) -> float:
    return delivery_doubloons(r.s, r.seat, rid, crate) - hold_value(r, crate)


def open_gain(r: Reading, crate: str) -> float:
    return worth(r, defs().crates.crates[crate].contents) - hold_value(r, crate) - 0.1


# ---- invasion actions, for a strength the seat would have there -----------------------------------

def dig_value(r: Reading, rid: str, power: int) -> float:
    """DIG FOR TREASURE: the best set of face-down treasures (priced at their type's average)."""
    pool = [t for t, stack in zip(region(rid).treasure_spaces, r.s.regions[rid].treasures, strict=True)
            for _ in stack]
    maps = r.p.resources["map"] + r.p.resources["ring"]
    need = {t: treasure_strength(r.s, r.seat, t) for t in set(pool)}
    best = 0.0
    for k in range(1, min(len(pool), maps) + 1):
        for combo in set(combinations(sorted(pool), k)):
            if sum(need[t] for t in combo) <= power:
                best = max(best, sum(treasure_worth(t) - r.res["map"] for t in combo))
    return best


def plunder_value(r: Reading, rid: str, power: int) -> float:
    """PLUNDER: the face-up crates of the village the strength can carry."""
    crates = [c for c in r.s.regions[rid].crates if c is not None]
    best = 0.0
    for k in range(1, len(crates) + 1):
        for combo in combinations(crates, k):
            if sum(defs().crates.crates[c].pirates for c in combo) <= power:
                best = max(best, sum(hold_value(r, c) for c in combo))
    return best


def trade_value(r: Reading, rid: str, discount: int = 0) -> float:
    """TRADE IN THE MARKET: the best option the food (or rings) pays for, less the food."""
    have = r.p.resources["food"] + r.p.resources["ring"]
    best = 0.0
    for o in region(rid).market:
        food = max(0, o.food - discount)
        if food <= have:
            for rewards in (o.rewards, o.alternative):
                if rewards:
                    best = max(best, worth(r, rewards) - food * r.res["food"])
    return best


def harbor_value(r: Reading, rid: str, power: int) -> float | None:
    """RAID AND TRADE: the trading ship, the best deliveries and a trade; None if the ship bars the way."""
    gains = sorted(((deliver_gain(r, rid, c), defs().crates.crates[c].pirates) for c in r.p.undelivered), reverse=True)
    delivered, used, raid = 0.0, 0, raids(r.s, r.seat, rid)
    for gain, need in gains:
        if used + need <= power and (gain > 0 or (not raid and used == 0)):
            delivered, used = delivered + gain, used + need
    if not raid and used == 0:
        return None
    ship = region(rid).ship
    return (worth(r, ship.rewards) if ship else 0.0) + delivered + trade_value(r, rid)


def action_value(r: Reading, rid: str, power: int) -> float | None:
    kind = region(rid).kind
    if kind == "beach":
        return dig_value(r, rid, power)
    if kind == "village":
        return plunder_value(r, rid, power)
    if kind == "harbor":
        return harbor_value(r, rid, power)
    return 0.0


def land_value(r: Reading, rid: str, pirates: int, captain: bool) -> float:
    """INVADE one region: its final-scoring gain and invasion action, less the pirates (and maps)
    spent. Very low when a harbor's trading ship would bar the way."""
    def value() -> float:
        w = pirates + (defs().rules.captain.strength if captain else 0)
        act = action_value(r, rid, strength(r.s, r.seat, rid) + w)
        if act is None:
            return -99.0
        v = final_gain(r, rid, w) + act - pirates * r.crew - (r.captain_aboard if captain else 0.0)
        return v - region(rid).maps * r.res["map"]
    return r.memo(("land", rid, pirates, captain), value)


def invasion_value(r: Reading, flag: str, capacity: int) -> float:
    """The best landing, then the best other landing with what is left (resolved one by one)."""
    opts = landings(r.s, r.seat, flag, capacity, [])
    if not opts:
        return -99.0
    first = max(opts, key=lambda a: land_value(r, a.region, a.pirates, a.captain))
    used = first.pirates + (defs().rules.captain.flags if first.captain else 0)
    rest = [a for a in landings(r.s, r.seat, flag, capacity - used, [first.region])
            if a.pirates <= r.p.crew_space.active - first.pirates and not (a.captain and first.captain)]
    second = max([0.0, *(land_value(r, a.region, a.pirates, a.captain) for a in rest)])
    return land_value(r, first.region, first.pirates, first.captain) + second


def potential(r: Reading, space: int, cards: list[str]) -> float:
    """Next turn's best invasion from `space` with one of `cards` (a ship that stays or sails there)."""
    best = 0.0
    for card in set(cards):
        best = max(best, r.memo(("potential", space, card), partial(_potential, r, space, card)))
    return best


def _potential(r: Reading, space: int, card: str) -> float:
    flag, p = card_def(card).flag, r.p
    capacity = crew_flags(r.s, r.seat, flag)
    best = 0.0
    for rid in regions_at(space):
        if region(rid).flag != flag or not hideout_open(r.s, r.seat, rid):
            continue
        for captain in (False, True) if p.crew_space.captain == "active" else (False,):
            for k in range(0, min(p.crew_space.active, capacity - int(captain)) + 1):
                if k or captain:
                    best = max(best, land_value(r, rid, k, captain))
    return best


# ---- sail and shoot monster ---------------------------------------------------------------------------

@cache
def destination(start: int, n: int) -> int:
    return sail_path(start, n)[-1]


@cache
def passed(start: int, n: int) -> tuple[int, ...]:
    return tuple(reefs_passed(start, n))


@cache
def monster_type(space: int) -> str | None:
    """The monster type printed on a sea space (all the seat knows of a stand lying there)."""
    return defs().board.space(space).monster


def unseen_monsters(s: State, kind: str) -> list[Any]:
    """Monsters of a type whose stands are still face down somewhere: every one not yet revealed
    (conquered or discarded, both public), as the seat can tell them apart."""
    seen = set(s.discarded_monsters) | {m for p in s.players for m in p.monsters}
    if s.turn.fight is not None:
        seen.add(s.turn.fight.monster)
    mine = [m for m in defs().monsters.monsters.values() if m.type == kind]
    return [m for m in mine if m.id not in seen] or mine


def outcome(r: Reading, monster: Any, face: int | str) -> float:
    """SHOOT MONSTER step 4 for one die face: rewards if conquered, less the losses if not defended."""
    kind = defs().monsters.types[monster.type]
    reward = r.memo(("conquest", kind.type), partial(worth, r, kind.rewards))
    if face == "critical":
        return reward
    if face == "miss":
        return 0.0
    die = int(face)
    won = r.p.tools["gun"] >= monster.guns + die
    hurt = r.p.tools["shield"] < monster.shields + die
    return (reward if won else 0.0) - (r.memo(("attack", kind.type), partial(loss_cost, r, kind.losses)) if hurt else 0.0)


def monster_ev(r: Reading, monster: Any, rerolls: bool) -> float:
    faces = defs().monsters.die.faces
    plain = sum(outcome(r, monster, f) for f in faces) / len(faces)
    if not rerolls:
        return plain
    return sum(max(outcome(r, monster, f), plain - r.res["ring"]) for f in faces) / len(faces)


def fight_value(r: Reading, space: int) -> float:
    """What shooting the monster lying on `space` is worth on average (its stand unseen)."""
    kind = monster_type(space)
    if space not in r.s.monsters or kind is None:
        return 0.0
    def value() -> float:
        pool = unseen_monsters(r.s, kind)
        rerolls = r.p.resources["ring"] > 0
        return sum(monster_ev(r, m, rerolls) for m in pool) / len(pool)
    return r.memo(("fight", space), value)


def reroll_value(r: Reading, free: bool) -> float:
    fight = r.s.turn.fight
    assert fight is not None
    m, faces = defs().monsters.monsters[fight.monster], defs().monsters.die.faces
    return sum(outcome(r, m, f) for f in faces) / len(faces) - (0.0 if free else r.res["ring"])


def kept_roll_value(r: Reading) -> float:
    fight = r.s.turn.fight
    if fight is None:                                    # ShootPrompt: the stand is not turned yet
        return fight_value(r, r.p.ship)
    return outcome(r, defs().monsters.monsters[fight.monster], fight.face)


def beastbane_value(r: Reading) -> float:
    t = defs().captains.captains["beastbane"]
    return worth(r, t.rewards) - tool_worth(r, "sword") - loss_cost(r, t.losses)


def sail_value(r: Reading, card: str, n: int, hand: list[str]) -> float:
    """SAIL n spaces with `card`: its best reward at that distance, the monster where the ship
    stops, a first pass of a reef, and the invasion the new space offers next turn."""
    c, start = card_def(card), r.p.ship
    dest = destination(start, n)
    bonus = max([0.0, *(r.memo(("bonus", card, w), partial(worth, r, getattr(c, w))) for w in bonus_choices(n))])
    reefs = [x for x in defs().board.reefs if x.number in passed(start, n) and x.number not in r.s.reefs_passed]
    first = sum(worth(r, x.first_past) for x in reefs)
    return bonus + fight_value(r, dest) + first + POTENTIAL * potential(r, dest, hand)


# ---- cards ---------------------------------------------------------------------------------------------

def recruit_value(r: Reading, c: CardDef) -> float:
    """RECRUIT: the citizens who come aboard, the tools, and one more flag in the crew area."""
    tools = sum(tool_worth(r, t, c.tools.count(t)) for t in set(c.tools))
    return min(c.pirates, r.p.citizens) * r.newcomer + tools + FLAG * r.time


def card_value(r: Reading, card: str) -> float:
    """A card in hand: the better of recruiting it and its best sail reward."""
    def value() -> float:
        c = card_def(card)
        return max(recruit_value(r, c), 0.8 * max(worth(r, c.star), worth(r, c.sun), worth(r, c.moon)))
    return r.memo(("card", card), value)


def without(hand: list[str], card: str) -> list[str]:
    rest = list(hand)
    rest.remove(card)
    return rest


def take_value(r: Reading, a: A.Take) -> float:
    """PLAY 1 CARD AND PERFORM 1 ACTION, priced by what the action brings this turn."""
    c, hand = card_def(a.card), without(r.p.hand, a.card)
    if a.action == "recruit":
        value = recruit_value(r, c) + POTENTIAL * potential(r, r.p.ship, hand)
    elif a.action == "sail":
        value = max(sail_value(r, a.card, n, hand) for n in range(1, 4))
    else:
        value = invasion_value(r, c.flag, crew_flags(r.s, r.seat, c.flag))
    unlock = 2.0 * r.time if a.action == r.p.last_action else 0.0
    return value - unlock - KEEP * card_value(r, a.card)


# ---- the other decisions ------------------------------------------------------------------------------

def bid_target(r: Reading) -> int:
    """BLIND BID: a third of what is at stake (the best reward, or the punishment avoided)."""
    e = event_def(r.s)
    stake = max((worth(r, c) for c in e.choices), default=0.0) if e.kind == "bid-rewards" else loss_cost(r, e.punishment)
    return max(0, min(r.p.doubloons, round(stake * BID)))


def accept_value(r: Reading, a: A.Accept) -> float:
    top = r.s.stack[-1]
    if isinstance(top, P.PricePrompt):
        e = top.effect
        assert e.gain is not None
        price = sum(n if what == "doubloons" else tool_worth(r, "sword") if what == "sword" else n * r.res[what]
                    for what, n in e.price)
        return gain_worth(r, e.gain, e.n) - price
    if isinstance(top, P.DisplayRecruitPrompt):
        card = r.s.display[a.option]
        return recruit_value(r, card_def(card)) if card else 0.0
    if isinstance(top, P.ExtraMapsPrompt):
        return a.option * (defs().milestones.upgrades["treasure-maps"].n - r.res["map"])
    if isinstance(top, P.RummagePrompt):
        return worth(r, [defs().crates.crates[top.crates[0]].contents[a.option]])
    return 0.0


def buy_value(r: Reading, a: A.Buy) -> float:
    card = r.s.display[a.slot]
    assert card is not None
    return card_value(r, card) - defs().cards.display.costs[a.slot] * r.res["rum"]


def scout_value(r: Reading, a: A.Scout) -> float:
    """SCOUTING: the average card of the flag (the deck is unseen), less 3 rum."""
    return flag_mean(a.flag) - defs().cards.display.scout_rum * r.res["rum"]


@cache
def flag_mean(flag: str) -> float:
    """What the average card of a flag is worth, by the context-free worths."""
    cards = [c for c in defs().cards.cards.values() if c.flag == flag]
    def one(c: CardDef) -> float:
        recruit = c.pirates * FLAT["citizens"] + sum(FLAT[t] for t in c.tools) + FLAG
        return max(recruit, 0.8 * max(flat_worth(c.star), flat_worth(c.sun), flat_worth(c.moon)))
    return sum(one(c) for c in cards) / len(cards)


def place_value(r: Reading, a: A.Place) -> float:
    """Barrelbeard: a pirate (or the captain) landed for a map, with no invasion action."""
    w = defs().rules.captain.strength if a.captain else 1
    aboard = r.captain_aboard if a.captain else r.crew
    return final_gain(r, a.region, w) - r.res["map"] - aboard


def sail_bonus_value(r: Reading, a: A.SailBonus) -> float:
    if a.which is None:
        return 0.0
    return worth(r, getattr(card_def(r.s.turn.card or ""), a.which)) + (0.5 * r.best_move if a.charts else 0.0)


def trade_choice_value(r: Reading, a: A.Trade) -> float:
    top = r.s.stack[-1]
    rid = top.region if isinstance(top, P.HarborPrompt | P.MarketPrompt) else ""
    if not rid:
        return 0.0
    o = region(rid).market[a.option]
    food = max(0, o.food - (top.discount if isinstance(top, P.MarketPrompt) else 0))
    return worth(r, o.alternative if a.alternative else o.rewards) - food * r.res["food"]


def dig_choice_value(r: Reading, a: A.Dig) -> float:
    return sum(treasure_worth(t) - r.res["map"] for t in a.types)


def land_choice_value(r: Reading, a: A.Land) -> float:
    return land_value(r, a.region, a.pirates, a.captain)


def distance_value(r: Reading, a: A.Distance) -> float:
    return sail_value(r, r.s.turn.card or "", a.n, r.p.hand)


def deliver_value(r: Reading, a: A.Deliver) -> float:
    top = r.s.stack[-1]
    return deliver_gain(r, top.region, a.crate) if isinstance(top, P.HarborPrompt) else 0.0


SCORES: dict[type, Callable[[Reading, Any], float]] = {
    A.Take: take_value,
    A.Distance: distance_value,
    A.SailBonus: sail_bonus_value,
    A.KeepRoll: lambda r, a: kept_roll_value(r),
    A.Reroll: lambda r, a: reroll_value(r, a.free),
    A.Beastbane: lambda r, a: beastbane_value(r),
    A.Land: land_choice_value,
    A.Place: place_value,
    A.Dig: dig_choice_value,
    A.Plunder: lambda r, a: hold_value(r, a.crate),
    A.Deliver: deliver_value,
    A.Trade: trade_choice_value,
    A.Buy: buy_value,
    A.Scout: scout_value,
    A.OpenCrate: lambda r, a: open_gain(r, a.crate),
    A.Move: move_gain,
    A.Accept: accept_value,
    A.Sell: lambda r, a: defs().rules.exchange["resource_sale_doubloons"] - r.res[a.resource],
    A.Exchange: lambda r, a: sum(r.res[x] for x in a.get) - r.res[a.give],
    A.Bid: lambda r, a: -abs(a.doubloons - bid_target(r)),
    A.Pick: lambda r, a: worth(r, event_def(r.s).choices[a.choice]),
    A.PayResource: lambda r, a: -r.res[a.resource],
    A.Lose: lambda r, a: -5.0 if a.captain else 1.0 if a.space == "sick" else 0.0,
    A.Feed: lambda r, a: float(a.fed),
    A.Milestone: lambda r, a: rep_worth(r, 1) if a.discard else 3.0,
}


def score(s: State, seat: int, a: Any) -> float:
    """The gold `a` is expected to add for `seat`; 0 for finishing a step or declining."""
    return score_with(Reading(s, seat), a)


def score_with(r: Reading, a: Any) -> float:
    fn = SCORES.get(type(a))
    return fn(r, a) if fn else 0.0


class ReadingGreedy(GreedyPolicy):
    """The greedy bot, reading the seat's position once per decision rather than once per option."""

    def __init__(self, seed: str | int = 0) -> None:
        super().__init__(score, seed)

    def choose(self, game: Game[Any, Any, Any], s: Any, seat: int, legal: list[Any] | None = None) -> Any:
        actions = legal if legal is not None else game.legal_actions(s, seat)
        r = Reading(s, seat)
        scored = [(score_with(r, a), self.rand.random(), i) for i, a in enumerate(actions)]
        return actions[max(scored)[2]]


def greedy(seed: str | int = 0) -> ReadingGreedy:
    return ReadingGreedy(seed)


POLICIES: dict[str, Callable[[str | int], Any]] = {"greedy": greedy, "greedy-v1": greedy_v1, "random": RandomPolicy}
