"""Pirate Chest bots: random (from engine.core); greedy, which plans for the Map, the Key and the
Chest; and greedy-v1, the first plain race for the coins, kept unchanged as a baseline for
`python -m bench --only bots`.

The greedy bot scores each legal decision by what it expects to hold afterwards: the coins it
carries, how close it is to the next coin it needs (or to home with the Chest), minus what it
stands to lose where it ends the turn. It reads only what its own seat may see — its hand, the
public board, face-up coins, hand sizes — never face-down coins, other hands or the deck order,
and it simulates nothing, so it cannot peek at a die the game's RNG has not rolled yet.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection
from functools import cache, wraps
from itertools import product
from typing import Any, TypeVar, cast

from engine.core.game import Game
from engine.core.policy import GreedyPolicy, RandomPolicy
from engine.pirate_chest import actions as A
from engine.pirate_chest.defs import CardDef, defs
from engine.pirate_chest.prompts import (
    CardTargetPrompt,
    CurseDiePrompt,
    CurseTargetPrompt,
    EngagePrompt,
    Prompt,
    SailPrompt,
    SpacePrompt,
    applies,
    blocked,
    engage_modes,
    open_prompt,
)
from engine.pirate_chest.rules.board import distance, islands, kind, step
from engine.pirate_chest.rules.cards import card_options, immune
from engine.pirate_chest.rules.common import at_home, captain, card, opponents
from engine.pirate_chest.rules.kraken import kraken_victims
from engine.pirate_chest.rules.turn import hand_limit, next_to_go
from engine.pirate_chest.state import State

# ---- greedy-v1: the first bot, unchanged (a baseline; tests and tools still use its `score`) ----


def goal(s: State, seat: int) -> int:
    """Where this ship wants to be: home with the Chest, else the nearest island worth visiting."""
    p = s.players[seat]
    if "chest" in p.coins:
        return p.home
    wanted = [i for i in islands(s) if any(c.id != "chest" or not c.face_up or {"map", "key"} <= set(p.coins)
                                           for c in s.islands.get(i, []))]
    holders = [o.position for i, o in enumerate(s.players) if i != seat and o.coins and o.position != o.home]
    places = wanted or holders or islands(s)
    return min(places, key=lambda n: distance(s, p.position, n))


def _sail_score(s: State, seat: int, a: A.Sail) -> float:
    prompt = open_prompt(s, SailPrompt)
    assert prompt is not None
    ship = prompt.ship
    if ship != seat:   # Lost: push the enemy as far from its goal as possible
        dest = step(s, s.players[ship].position, a.distance, a.direction)
        return distance(s, dest, goal(s, ship))
    dest = step(s, s.players[seat].position, a.distance, a.direction)
    return -distance(s, dest, goal(s, seat))


def _leader(s: State, seat: int) -> float:
    p = s.players[seat]
    return len(p.coins) * 2 + ("chest" in p.coins) * 5


def score(s: State, seat: int, a: Any) -> float:
    match a:
        case A.Sail():
            return _sail_score(s, seat, a)
        case A.Play(card=c):
            return 3 if card(c).effect in ("escape-bonus", "roll-bonus") else 1.5
        case A.Commit(card=c):
            return 2 + card(c).bonus
        case A.Target(seat=o) | A.Attack(seat=o) | A.Doll(seat=o):
            return _leader(s, o)
        case A.Engage(mode=m):
            return {"steal-coin": 4, "ram": 3, "both": 2}.get(m, 1)
        case A.Discard(card=c) | A.Keep(card=c):
            worth = card(c).bonus if card(c).effect == "fight" else 2
            return -worth if isinstance(a, A.Discard) else worth
        case A.Die(value=v):
            return v
        case A.Escape() | A.Roll():
            return 2
        case A.GirlPower():
            f = s.fight
            return 1 if f and f.totals.get(seat, 0) + 2 >= max(f.totals.values()) else -1
        case A.Uncommit() | A.End() | A.KeepDoll():
            return -5
    return 0


def greedy_v1(seed: str | int = 0) -> GreedyPolicy:
    policy = GreedyPolicy(score, seed)
    policy.name = "greedy-v1"
    return policy


# ---- greedy: values, in points (one space nearer a needed coin is worth about 2) ----------------

WIN = 1000.0
AVG_MOVE = 3.5          # spaces a die moves on average
REACH = 0.7             # a target one average move further away is worth 70 % as much
SUNK_COST = 6.0         # back to port and a missed turn
CHEST_HOME = 150.0      # carrying the Chest: what being at home would add (before the win itself)
HUNT_ODDS = 0.4         # a coin on an enemy ship is won in a fight, not picked up
REVEAL = 1.0            # turning a coin face up tells us where the Chest is
FIGHT_MODES = ("broadsides", "boarding", "both")

# The draft, strongest first, by table size: each captain's win share in games of these greedy
# bots with captains dealt at random — 2 seats: 1,600 games, ~170 per captain (+-0.04, a fair
# share 0.5): Morgan 0.71, Blackbeard 0.65, Sparrow 0.62 ... Yellowbeard 0.34; 4 seats: 1,200
# games, ~250 per captain (+-0.03, fair 0.25): Hook 0.41, Blackbeard 0.38, Sparrow 0.36 ... Nemo 0.15.
CAPTAIN_ORDER = {
    2: ("morgan", "blackbeard", "sparrow", "lola", "roberts", "barbossa", "redbeard", "blood", "hook", "kidd",
        "nemo", "calico", "jones", "silver", "bart", "sinbad", "dragon-lady", "horatio", "yellowbeard"),
    4: ("hook", "blackbeard", "sparrow", "morgan", "bart", "redbeard", "blood", "lola", "barbossa", "kidd",
        "roberts", "dragon-lady", "jones", "silver", "sinbad", "calico", "yellowbeard", "horatio", "nemo"),
}


def captain_rank(players: int, captain_id: str) -> int:
    """Lower is stronger; tables of 3 use the 2-seat order, larger ones the 4-seat order."""
    order = CAPTAIN_ORDER[2 if players < 4 else 4]
    return order.index(captain_id) if captain_id in order else len(order)

# What a card is worth kept in hand: playing it must gain more than this.
KEEP = {"go-home": 5, "go-to": 3, "extra-moves": 2.5, "rolled-move": 2.5, "sink": 4, "curse": 2.5, "shipwreck": 2,
        "steal-coin": 2.5, "landing-party": 2, "forced-boarding": 1.5, "lost": 2, "no-move": 1.5, "miss-turn": 2,
        "move-penalty": 1, "draw": 1.5, "roll-bonus": 1, "escape-bonus": 2, "discard-random": 1,
        "discard-chosen": 1, "steal-card": 1, "peek-deck": 0.2, "peek-hand": 0.5}


FIGHT_KEEP = 0.8        # a fight card kept is worth this much per point of bonus
FIGHT_KEEP_BASE = 0.0


def keep_value(card_id: str) -> float:
    c = card(card_id)
    return FIGHT_KEEP_BASE + c.bonus * FIGHT_KEEP if c.effect == "fight" else KEEP.get(c.effect, 1.0)


def holding_worth(coins: Collection[str]) -> float:
    """What a ship's coins are worth to it: the Chest most, the Map and Key as a pair."""
    base = 120.0 if "chest" in coins else {0: 0.0, 1: 22.0, 2: 55.0}[len({"map", "key"} & set(coins))]
    return base + 8.0 * ("compass" in coins) + 3.0 * ("voodoo-doll" in coins)


def marginal(held: Collection[str], coin: str) -> float:
    return holding_worth({*held, coin}) - holding_worth(held)


def reach(spaces: int) -> float:
    return float(REACH ** (spaces / AVG_MOVE))


@cache
def _die_faces(luck: bool) -> tuple[tuple[int, ...], ...]:
    return tuple(product(range(1, 7), repeat=2 if luck else 1))


@cache
def _mean_card_bonus(mode: str) -> float:
    """The fight bonus an unseen card adds on average in a fight of this mode (whole deck)."""
    cards = list(defs().cards)
    return sum(card(c).bonus for c in cards if applies(c, mode)) / len(cards)


def p_at_least(lead: float, luck_a: bool, luck_b: bool) -> float:
    """P(die_a + lead >= die_b): a fractional lead counts linearly between the two whole ones."""
    return _p_at_least(round(lead, 2), luck_a, luck_b)


@cache
def _p_at_least(lead: float, luck_a: bool, luck_b: bool) -> float:
    total = 0.0
    faces_a, faces_b = _die_faces(luck_a), _die_faces(luck_b)
    for da in faces_a:
        for db in faces_b:
            total += min(1.0, max(0.0, max(da) - max(db) + lead + 1))
    return total / (len(faces_a) * len(faces_b))


F = TypeVar("F", bound=Callable[..., Any])


def memo(method: F) -> F:
    """Remember what a Plan method found, for the rest of its decision (a Plan lives for one):
    a roll looks at the same dozen spaces for every die face and every card that moves."""
    @wraps(method)
    def remembered(self: Plan, *args: Any) -> Any:
        key = (method.__name__, *args)
        if key not in self._memo:
            self._memo[key] = method(self, *args)
        return self._memo[key]
    return cast(F, remembered)


class Plan:
    """One decision of one seat: what it knows, and the value of where each option leads."""

    def __init__(self, s: State, seat: int) -> None:
        self.s, self.seat = s, seat
        self.me = s.players[seat]
        self.held = frozenset(self.me.coins)
        self.pool = self._hidden_pool()
        self._memo: dict[tuple[Any, ...], Any] = {}
        self._abilities = [captain(s, i).ability if p.captain and not p.ability_blocked else ""
                           for i, p in enumerate(s.players)]
        # Moves still to come this turn after the one being chosen (a sail prompt has used its move).
        sailing = open_prompt(s, SailPrompt) is not None
        self.moves_after = s.turn.seat == seat and s.turn.moves_left - (0 if sailing else 1) > 0
        self._threat = {o: self.threat(o) for o in opponents(s, seat)}

    def has(self, seat: int, ability: str) -> bool:
        """rules.common.has_ability, looked up once per decision."""
        return self._abilities[seat] == ability

    # -- what the seat knows --------------------------------------------------------------------

    def _hidden_pool(self) -> list[str]:
        """The coins a face-down coin may be: every coin in play, less those face up or held."""
        coins = Counter(defs().boards.coins.base + (defs().boards.coins.variant if self.s.voodoo_doll else []))
        coins.subtract(c.id for cs in self.s.islands.values() for c in cs if c.face_up)
        coins.subtract(c for p in self.s.players for c in p.coins)
        return list(coins.elements())

    @memo
    def hidden_gain(self, held: frozenset[str], before: frozenset[str] | None = None) -> float:
        """Expected worth of one face-down coin to a ship holding `held`; the Chest counts only
        when the Map and the Key were aboard `before` the stop (rules.coins.may_take)."""
        if not self.pool:
            return 0.0
        ready = {"map", "key"} <= (held if before is None else before)
        return sum(marginal(held, c) for c in self.pool if c != "chest" or ready) / len(self.pool)

    def coins_at(self, island: int, held: frozenset[str], hidden_only: bool = False) -> tuple[float, frozenset[str]]:
        """Stopping at `island`: the coins surely held afterwards (the face-up ones we may take;
        none for a Landing Party, `hidden_only`), and the expected worth of its face-down ones."""
        coins = self.s.islands.get(island, [])
        shown = set() if hidden_only else {c.id for c in coins if c.face_up}
        ready = {"map", "key"} <= held   # the Chest needs both aboard before the stop
        after = held | {c for c in shown if c != "chest" or ready}
        hidden = sum(not c.face_up for c in coins)
        return hidden * (self.hidden_gain(after, held) + REVEAL), frozenset(after)

    # -- how much an enemy matters --------------------------------------------------------------

    def threat(self, seat: int) -> float:
        p = self.s.players[seat]
        near_win = CHEST_HOME * reach(distance(self.s, p.position, p.home)) if "chest" in p.coins else 0.0
        return holding_worth(p.coins) + near_win

    def weight(self, enemy: int) -> float:
        """Hurting the enemy most likely to win helps most; another one, half as much."""
        return 1.0 if self._threat[enemy] >= max(self._threat.values()) else 0.5

    def hurt_sink(self, enemy: int) -> float:
        """Sinking an enemy outside a fight: its coins scatter and it misses a turn."""
        if at_home(self.s, enemy):
            return 0.0
        return self.weight(enemy) * (SUNK_COST + 0.9 * self._threat[enemy])

    def hurt_freeze(self, enemy: int) -> float:
        return self.weight(enemy) * (1.0 + 0.1 * self._threat[enemy])

    # -- fights -----------------------------------------------------------------------------------

    def fight_bonus(self, seat: int, mode: str) -> float:
        """What a side adds to its die: its own cards if it is us, else its hand size times an
        average card; Rockets and Undead dice; Girl Power; the -2 curse."""
        p = self.s.players[seat]
        cards: float
        if seat == self.seat:
            cards = sum(card(c).bonus for c in p.hand if applies(c, mode))
        else:
            cards = len(p.hand) * _mean_card_bonus(mode)
        extra = (self.has(seat, "rockets") and mode != "boarding") \
            + (self.has(seat, "undead") and mode != "broadsides")
        girl = 1.0 if self.has(seat, "girl-power") and p.hand else 0.0
        return cards + 3.5 * extra + girl - (2.0 * (1 + extra) if p.dice_penalty else 0.0)

    @memo
    def p_attacker_wins(self, attacker: int, defender: int, mode: str) -> float:
        lead = self.fight_bonus(attacker, mode) - self.fight_bonus(defender, mode)
        return p_at_least(lead, self.has(attacker, "luck"), self.has(defender, "luck"))

    @memo
    def p_escape(self, seat: int, bonus: int = 0) -> float:
        """ESCAPE: 5 or better; the Nautilus +1, the -2 curse, cards already played (`bonus`)."""
        p = self.s.players[seat]
        need = 5 - bonus - self.has(seat, "ram") + (2 if p.dice_penalty else 0)
        faces = _die_faces(self.has(seat, "luck"))
        return sum(max(f) >= need for f in faces) / len(faces)

    def stake(self, held: Collection[str]) -> float:
        """What we lose when sunk: our coins, the Chest's promise, and the missed turn."""
        return holding_worth(held) + SUNK_COST + (CHEST_HOME * 0.5 if "chest" in held else 0.0)

    def attack_value(self, target: int, mode: str, held: frozenset[str], landed: bool = True,
                     at: int | None = None) -> float:
        """Expected gain of attacking `target` this way from space `at` (where we are, unless
        told); the loser is sunk and gives up his coins, unless our home port shelters us."""
        s, theirs = self.s, self.s.players[target].coins
        if mode in FIGHT_MODES:
            p = self.p_attacker_wins(self.seat, target, mode)
            win = holding_worth(held | set(theirs)) - holding_worth(held) + self.hurt_sink(target)
            sheltered = s.home_port_shelters_attacker and (self.me.position if at is None else at) == self.me.home
            value = p * win - (1 - p) * (0.0 if sheltered else self.stake(held))
        elif mode == "steal-coin":
            value = max((marginal(held, c) for c in theirs), default=0.0) + 2.0
        elif mode == "ram":
            value = self.hurt_sink(target)
        else:   # steal-card
            value = 1.5
        return value * (1 - self.p_escape(target)) if landed else value

    def best_attack(self, target: int, held: frozenset[str], at: int | None = None) -> float:
        return max(self.attack_value(target, m, held, at=at) for m in engage_modes(self.s, self.seat, target))

    # -- the value of a place ---------------------------------------------------------------------

    @memo
    def prospects(self, seat: int, pos: int, held: frozenset[str]) -> float:
        """How promising `pos` is: the best target's worth, discounted by how far it is."""
        s, p = self.s, self.s.players[seat]
        if "chest" in held:
            return CHEST_HOME * reach(distance(s, pos, p.home))
        best = 0.0
        for island, coins in s.islands.items():
            worth = sum(marginal(held, c.id) for c in coins if c.face_up and (c.id != "chest" or {"map", "key"} <= held))
            worth += sum(1 for c in coins if not c.face_up) * self.hidden_gain(held)
            d = distance(s, pos, island) or 2   # standing on it: sail off and back
            best = max(best, worth * reach(d))
        for o, enemy in enumerate(s.players):
            if o != seat and enemy.coins:
                worth = (holding_worth({*held, *enemy.coins}) - holding_worth(held)) * HUNT_ODDS
                best = max(best, worth * reach(distance(s, pos, enemy.position) + 3 * at_home(s, o)))
        return best

    def chance_attacked(self, enemy: int, pos: int) -> float:
        """Rough odds that `enemy` lands on `pos` (or the Kraken reaches it) before our next turn."""
        s, e = self.s, self.s.players[enemy]
        if e.skip_turns:
            return 0.0
        d = distance(s, e.position, pos)
        moves = 1 + ("compass" in e.coins) + self.has(enemy, "swift")
        odds = min(0.5, moves / 6) if 1 <= d <= 6 else (1 / 12 if moves > 1 and d <= 12 else 0.0)
        if self.has(enemy, "never-land") and kind(s, pos) == "port":
            odds += 0.2
        if self.has(enemy, "mutiny") and kind(s, pos) == "island":
            odds += 0.2
        if self.has(enemy, "kraken") and kind(s, pos) == "open-sea" and 1 <= d <= 6:
            odds += 1 / 6
        return odds

    def danger(self, pos: int, held: frozenset[str]) -> float:
        """What we expect to lose where we end the turn (nothing in our own home port)."""
        return 0.0 if pos == self.me.home else self.risk(pos) * self.stake(held)

    @memo
    def risk(self, pos: int) -> float:
        """The odds of being sunk at `pos` before our next turn."""
        return min(1.0, sum(self.chance_attacked(o, pos) * (1 - self.p_escape(self.seat))
                            * self.p_attacker_wins(o, self.seat, "both") for o in opponents(self.s, self.seat)))

    def value_here(self) -> float:
        return self.value_of(self.me.position, self.held) - self.danger(self.me.position, self.held)

    def value_of(self, pos: int, held: frozenset[str]) -> float:
        return holding_worth(held) + self.prospects(self.seat, pos, held)

    @memo
    def arrive(self, dest: int) -> float:
        """The value of ending a move on `dest`: coins taken, a forced fight, what lies beyond."""
        s = self.s
        if "chest" in self.held and dest == self.me.home:
            return WIN
        hidden, held = self.coins_at(dest, self.held)
        found = 5.0 if "chest" in held - self.held else 0.0   # the Chest in hand: turn for home now
        enemies = [o for o, p in enumerate(s.players) if o != self.seat and p.position == dest and not at_home(s, o)]
        fight = max((self.best_attack(o, held, dest) for o in enemies), default=0.0)   # landing forces one
        risk = 0.0 if self.moves_after else self.danger(dest, held)   # danger counts where the turn ends
        return self.value_of(dest, held) + hidden + found + fight - risk

    # -- dice and moves ---------------------------------------------------------------------------

    @memo
    def roll_sets(self, seat: int) -> list[tuple[float, list[int]]]:
        """Each way a roll of `seat` may come out: (probability, results it may choose from),
        as rules.dice.roll_results makes them (Luck, Raider, the -2 curse)."""
        s = self.s
        raider = (0, 1) if self.has(seat, "raider") else (0,)
        penalty = 2 if s.players[seat].dice_penalty else 0
        faces = _die_faces(self.has(seat, "luck"))
        return [(1 / len(faces), sorted({d + b - penalty for d in f for b in raider})) for f in faces]

    @memo
    def sail_value(self, distances: frozenset[int]) -> float:
        """Our best choice of distance and direction (as rules.move.sail_choices offers them)."""
        here = self.me.position
        options = [self.arrive(step(self.s, here, d, dr)) for d in distances if d > 0 for dr in ("cw", "ccw")
                   if not blocked(self.s, self.seat, here, d, dr)]
        if 0 in distances or not options:
            options.append(self.value_here())
        return max(options)

    @memo
    def roll_value(self, penalty: int = 0, bonus: int = 0) -> float:
        """Expected value of rolling a move now, then sailing the best way."""
        return sum(p * self.sail_value(frozenset(max(0, r - penalty + bonus) for r in results))
                   for p, results in self.roll_sets(self.seat))

    def move_gain(self) -> float:
        """What one more rolled move is worth from here."""
        t = self.s.turn
        return self.roll_value(t.move_penalty, t.roll_bonus) - self.value_here()

    def jump_gain(self, dest: int) -> float:
        return self.arrive(dest) - self.value_here()

    def push_gain(self, enemy: int) -> float:
        """Lost: push `enemy` one rolled die either way; how far it falls from its target."""
        e = self.s.players[enemy]
        now = self.prospects(enemy, e.position, frozenset(e.coins))
        best = 0.0
        for p, results in self.roll_sets(self.seat):
            best += p * max(now - self.prospects(enemy, step(self.s, e.position, r, dr), frozenset(e.coins))
                            for r in results for dr in ("cw", "ccw"))
        return self.weight(enemy) * best

    # -- curses and the Kraken --------------------------------------------------------------------

    def curse_value(self, victim: int, roll: int) -> float:
        """The CURSE TABLE, as harm to this victim: 6 sinks, 1 stops him, 4 only shows a hand."""
        p = self.s.players[victim]
        return {1: self.hurt_freeze(victim), 2: self.weight(victim) * (0.5 + 0.05 * self._threat[victim]),
                3: 0.8 if p.hand else 0.0, 4: 0.1, 5: 0.5 * self.weight(victim),
                6: self.hurt_sink(victim)}.get(roll, 0.0)

    @memo
    def curse_ev(self, victim: int) -> float:
        return sum(p * max(self.curse_value(victim, r) for r in results) for p, results in self.roll_sets(self.seat))

    def kraken_value(self, reach_: int) -> float:
        return max((self.hurt_sink(v) for v in kraken_victims(self.s, self.seat, reach_)), default=0.0)

    @memo
    def kraken_ev(self) -> float:
        return sum(p * max(self.kraken_value(r) for r in results) for p, results in self.roll_sets(self.seat))

    # -- cards --------------------------------------------------------------------------------------

    def play_gain(self, card_id: str) -> float:
        """The best a card does now (over its targets), less what it is worth kept."""
        c = card(card_id)
        options = card_options(self.s, self.seat, card_id)
        gain = self.effect_gain(c, None) if options is None else max(self.effect_gain(c, o) for o in options)
        return gain - keep_value(card_id)

    def effect_gain(self, c: CardDef, choice: int | None) -> float:
        """What a card's effect gains, aimed at `choice` (a seat or a space, as the card takes)."""
        if c.effect in PLACE_GAINS:
            return PLACE_GAINS[c.effect](self, c, choice)
        if choice is None:
            return self.untargeted_gain(c)
        return TARGET_GAINS[c.effect](self, c, choice) if c.effect in TARGET_GAINS else 0.0

    def untargeted_gain(self, c: CardDef) -> float:
        s, t = self.s, self.s.turn
        if c.effect == "go-home":
            return self.jump_gain(self.me.home)
        if c.effect == "extra-moves":   # each extra move is worth about one more roll from here
            return c.n * 0.8 * max(0.0, self.move_gain())
        if c.effect == "rolled-move":   # Westerlies: a rolled move, at once
            return self.roll_value(t.move_penalty) - self.value_here()
        if c.effect == "roll-bonus":    # Catch the Wind on the move roll still to come
            if t.base_move_done:
                return 0.0
            return self.roll_value(t.move_penalty, t.roll_bonus + c.n) - self.roll_value(t.move_penalty, t.roll_bonus)
        if c.effect == "sink":          # Hurricane: one of the ships it can sink, at random
            victims = [o for o in opponents(s, self.seat) if not immune(s, o, c) and not at_home(s, o)]
            return sum(self.hurt_sink(o) for o in victims) / max(1, len(victims))
        if c.effect == "no-move":       # Sargasso: every enemy next to us on open sea
            return sum(self.hurt_freeze(o) for o in opponents(s, self.seat) if not immune(s, o, c)
                       and kind(s, s.players[o].position) == "open-sea"
                       and distance(s, self.me.position, s.players[o].position) <= 1)
        if c.effect == "shipwreck":     # whoever sails next sinks: worth it when that is an enemy
            victim = next_to_go(s)
            return self.hurt_sink(victim) if victim not in (None, self.seat) and not immune(s, victim, c) else -1.0
        if c.effect == "draw":
            room = hand_limit(s, self.seat) - (len(self.me.hand) - 1)
            return 1.5 * min(c.n, max(0, room)) - (0.5 if c.as_move else 0.0)
        return {"peek-deck": 0.3}.get(c.effect, 0.0)

    # -- every decision -----------------------------------------------------------------------------

    def score(self, a: Any) -> float:
        prompt = self.s.stack[-1] if self.s.stack else None
        if prompt is None:
            return self.main_score(a)
        scorer = PROMPT_SCORES.get(type(a))
        return scorer(self, prompt, a) if scorer else 0.0

    def main_score(self, a: Any) -> float:
        """Your turn, nothing pending: everything is a gain over staying where we are."""
        match a:
            case A.Roll():
                return self.move_gain()
            case A.Privateer():
                return self.sail_value(frozenset([1])) - self.value_here()
            case A.NeverLand(port=n) | A.MutinyTo(island=n):
                return self.jump_gain(n)
            case A.Kraken():
                ev = self.kraken_ev()
                return ev if ev > 0 else -1.0   # nobody in reach now: perhaps after moving
            case A.Curse():
                return max(self.curse_ev(o) for o in opponents(self.s, self.seat))
            case A.Play(card=c):
                return self.play_gain(c)
        return 0.0   # End

    def sail_score(self, prompt: Prompt, a: A.Sail) -> float:
        s = self.s
        assert isinstance(prompt, SailPrompt)
        if prompt.ship == self.seat:
            return self.arrive(step(s, self.me.position, a.distance, a.direction)) if a.distance else self.value_here()
        e = s.players[prompt.ship]   # Lost: push the enemy away from what it wants
        return -self.prospects(prompt.ship, step(s, e.position, a.distance, a.direction), frozenset(e.coins))

    def target_score(self, prompt: Prompt, a: A.Target) -> float:
        if isinstance(prompt, CardTargetPrompt):
            return self.effect_gain(card(prompt.card), a.seat)
        if isinstance(prompt, CurseTargetPrompt):
            return self.curse_ev(a.seat)
        return self.hurt_sink(a.seat)   # the Kraken, when several ships lie at its distance

    def die_score(self, prompt: Prompt, a: A.Die) -> float:
        """A die result to choose (Luck, Raider): the one that does something, not the highest."""
        if isinstance(prompt, CurseDiePrompt):
            return self.curse_value(prompt.victim, a.value)
        return self.kraken_value(a.value)

    def space_score(self, prompt: Prompt, a: A.ToSpace) -> float:
        assert isinstance(prompt, SpacePrompt)
        return self.effect_gain(card(prompt.card), a.space)

    def engage_score(self, prompt: Prompt, a: A.Engage) -> float:
        assert isinstance(prompt, EngagePrompt)
        return self.attack_value(prompt.defender, a.mode, self.held)

    def stand_value(self) -> float:
        """Defending: what the attack costs or gains us if we do not escape."""
        f = self.s.fight
        assert f is not None
        if f.mode == "steal-coin":
            return -max((holding_worth(self.held) - holding_worth(self.held - {c}) for c in self.held), default=0.0)
        if f.mode == "steal-card":
            return -1.0
        if f.mode == "ram":
            return -self.stake(self.held)
        p = 1 - self.p_attacker_wins(f.attacker, self.seat, f.mode)
        win = holding_worth(self.held | set(self.s.players[f.attacker].coins)) - holding_worth(self.held)
        return p * (win + self.hurt_sink(f.attacker)) - (1 - p) * self.stake(self.held)

    def escape_score(self, a: Any) -> float:
        f = self.s.fight
        assert f is not None
        stand = self.stand_value()
        if isinstance(a, A.Stand):
            return stand
        bonus = f.escape_bonus + (card(a.card).n if isinstance(a, A.Play) else 0)
        cost = keep_value(a.card) if isinstance(a, A.Play) else 0.0
        return (1 - self.p_escape(self.seat, bonus)) * stand - cost

    def commit_score(self, a: Any) -> float:
        """Sealed fight cards: commit until the fight looks won; never take one back."""
        f = self.s.fight
        assert f is not None
        if isinstance(a, A.Uncommit):
            return -5.0
        if isinstance(a, A.Ready):
            return 0.0
        other = f.defender if f.attacker == self.seat else f.attacker
        committed = sum(card(c).bonus for c in f.cards.choice_of(self.seat, []))
        lead = committed + self.fight_bonus(self.seat, f.mode) - self.fight_bonus(other, f.mode) \
            - sum(card(c).bonus for c in self.me.hand if applies(c, f.mode))   # our cards not yet in
        lead -= 0 if f.attacker == self.seat else 1   # the attacker wins ties
        p = p_at_least(lead, self.has(self.seat, "luck"), self.has(other, "luck"))
        return card(a.card).bonus if p < 0.9 else -1.0

    def girl_power_score(self, a: Any) -> float:
        """Girl Power after the dice: discard a card only when +2 turns the fight our way."""
        f = self.s.fight
        if f is None or isinstance(a, A.Pass):
            return 0.0
        other = f.defender if f.attacker == self.seat else f.attacker
        mine, theirs = f.totals[self.seat], f.totals[other]
        wins = (lambda m: m >= theirs) if f.attacker == self.seat else (lambda m: m > theirs)
        return 10.0 - keep_value(a.card) if wins(mine + 2) and not wins(mine) else -1.0


def _landing_party_gain(plan: Plan, c: CardDef, island: int | None) -> float:
    """Landing Party: the hidden coins of an island next to us, without moving."""
    if island is None:
        return 0.0
    hidden, after = plan.coins_at(island, plan.held, hidden_only=True)
    return plan.value_of(plan.me.position, after) + hidden - plan.value_of(plan.me.position, plan.held)


def _go_to_gain(plan: Plan, c: CardDef, choice: int | None) -> float:
    """Pursuit, Give Chase (to an enemy's space), X Marks the Spot, Set Sail (to a space): a jump."""
    if choice is None:
        return 0.0
    return plan.jump_gain(plan.s.players[choice].position if c.where == "enemy" else choice)


def _steal_coin_gain(plan: Plan, c: CardDef, o: int) -> float:
    theirs = plan.s.players[o].coins
    return max((marginal(plan.held, x) for x in theirs), default=0.0) + plan.weight(o) * 2.0


# Cards whose choice is where we end up (a space, or the enemy whose space we sail to).
PLACE_GAINS: dict[str, Callable[[Plan, CardDef, int | None], float]] = {
    "landing-party": _landing_party_gain,
    "go-to": _go_to_gain,
}

TARGET_GAINS: dict[str, Callable[[Plan, CardDef, int], float]] = {
    "sink": lambda plan, c, o: plan.hurt_sink(o),
    "no-move": lambda plan, c, o: plan.hurt_freeze(o),
    "miss-turn": lambda plan, c, o: 2 * plan.hurt_freeze(o),
    "move-penalty": lambda plan, c, o: 0.1 * c.n * plan.hurt_freeze(o),
    "curse": lambda plan, c, o: plan.curse_ev(o),
    "steal-coin": _steal_coin_gain,
    "forced-boarding": lambda plan, c, o: plan.attack_value(o, "boarding", plan.held, landed=False),
    "discard-random": lambda plan, c, o: 0.4 * min(c.n, len(plan.s.players[o].hand)) * plan.weight(o),
    "discard-chosen": lambda plan, c, o: 0.4 * min(c.n, len(plan.s.players[o].hand)) * plan.weight(o),
    "peek-hand": lambda plan, c, o: 1.0,    # the card drawn; what we see we do not use
    "steal-card": lambda plan, c, o: 1.2,
    "lost": lambda plan, c, o: plan.push_gain(o),
}

PROMPT_SCORES: dict[type, Callable[[Plan, Prompt, Any], float]] = {
    A.ChooseCaptain: lambda plan, p, a: -captain_rank(len(plan.s.players), a.captain),
    A.Keep: lambda plan, p, a: keep_value(a.card),
    A.Sail: Plan.sail_score,
    A.Target: Plan.target_score,
    A.ToSpace: Plan.space_score,
    A.Die: Plan.die_score,
    A.Attack: lambda plan, p, a: plan.best_attack(a.seat, plan.held),
    A.Engage: Plan.engage_score,
    A.Play: lambda plan, p, a: plan.escape_score(a),
    A.Escape: lambda plan, p, a: plan.escape_score(a),
    A.Stand: lambda plan, p, a: plan.escape_score(a),
    A.Commit: lambda plan, p, a: plan.commit_score(a),
    A.Uncommit: lambda plan, p, a: plan.commit_score(a),
    A.Ready: lambda plan, p, a: plan.commit_score(a),
    A.GirlPower: lambda plan, p, a: plan.girl_power_score(a),
    A.Pass: lambda plan, p, a: plan.girl_power_score(a),
    A.TakeCoin: lambda plan, p, a: marginal(plan.held, a.coin),
    A.Discard: lambda plan, p, a: -keep_value(a.card),
    A.Doll: lambda plan, p, a: plan.curse_ev(a.seat) - 3.0,   # the doll leaves us for a random island
    A.KeepDoll: lambda plan, p, a: 0.0,
}


class PlanningGreedy(GreedyPolicy):
    """The greedy bot: one Plan per decision scores every legal action; ties broken at random."""
    name = "greedy"

    def __init__(self, seed: str | int = 0) -> None:
        super().__init__(lambda s, seat, a: Plan(s, seat).score(a), seed)

    def choose(self, game: Game[Any, Any, Any], s: Any, seat: int, legal: list[Any] | None = None) -> Any:
        actions = legal if legal is not None else game.legal_actions(s, seat)
        plan = Plan(s, seat)
        scored = [(plan.score(a), self.rand.random(), i) for i, a in enumerate(actions)]
        return actions[max(scored)[2]]


def greedy(seed: str | int = 0) -> PlanningGreedy:
    return PlanningGreedy(seed)


def random_policy(seed: str | int = 0) -> RandomPolicy:
    return RandomPolicy(seed)


POLICIES = {"greedy": greedy, "greedy-v1": greedy_v1, "random": random_policy}

__all__ = ["POLICIES", "Plan", "greedy", "greedy_v1", "random_policy", "score"]
