"""Bots for Merchants & Marauders: `random`, `greedy` and the first greedy bot, `greedy-v1`
(policy_v1.py, kept to measure against).

`greedy` scores each legal decision from what its own seat may see (policy_sea.py reads the
board once per decision) and takes the best; ties go to its seeded coin. How it plays:
- trade: buy cheap goods that another open port demands, sell demand goods together (three at
  once earn glory), dump goods nobody wants when the hold is needed;
- raid merchants when the ship can take the cards' damage, spending skulls on the cards that
  would break it or on blind draws when the cards are poor;
- fight only a weaker ship, flee when hurt or outgunned, board with more crew and Leadership;
- keep clear of the NPCs that hunt it (end the turn in port when one is near), mend the ship,
  hire crew, and stash the gold above a working reserve for glory;
- investigate rumours and take missions, buy a frigate when rich.
Prompts it has no opinion on get the game's own deadline default, so every module and variant
plays. It never copies the state: one pass over the legal actions with a few board readings."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.game import Game
from engine.core.policy import GreedyPolicy, Policy, RandomPolicy
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import policy_sea as S
from engine.merchants_marauders import policy_v1
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules.common import at_war, cargo_card, closed, fighter, hold, home_port, pirate
from engine.merchants_marauders.state import State, seat_of
from engine.merchants_marauders.vocab import Nation

PORT_PROMPTS = (P.PortPrompt, P.SellPrompt, P.BuyPrompt, P.ShipyardPrompt, P.RecruitPrompt, P.StashPrompt)
BETTER_SHIPS = ("brig", "frigate", "galleon", "man_o_war")
MAX_BOUNTIES = 3      # more and the navies hunt it everywhere and most ports close to it
DANGER = 3.0          # sailing into a hunter that would likely win: worth about five moves of progress


class Greedy(GreedyPolicy):
    """The greedy bot: reads the board once per decision, then scores every legal action (the
    core's GreedyPolicy would read the board again for each one); prompts without a scorer get
    the game's default."""
    name = "greedy"

    def __init__(self, seed: str | int = 0) -> None:
        super().__init__(score, seed)

    def choose(self, game: Game[Any, Any, Any], s: State, seat: int, legal: list[Any] | None = None) -> Any:
        actions = legal if legal is not None else game.legal_actions(s, seat)
        if len(actions) == 1:
            return actions[0]
        S.MEMO.clear()
        scorer = _scorer(s, seat)
        if scorer is None:
            return game.default_action(s, seat)
        scored = [(scorer(s, seat, a), self.rand.random(), i) for i, a in enumerate(actions)]
        return actions[max(scored)[2]]


def score(s: State, seat: int, a: Any) -> float:
    """One action's score, as Greedy.choose scores it (0 where the bot has no opinion)."""
    S.MEMO.clear()
    scorer = _scorer(s, seat)
    return scorer(s, seat, a) if scorer is not None else 0.0


def _scorer(s: State, seat: int) -> Callable[[State, int, Any], float] | None:
    top = s.stack[-1]
    if isinstance(top, P.ActionPrompt):
        return _Turn(s, seat).score
    if isinstance(top, PORT_PROMPTS):
        return _port
    if isinstance(top, (P.OrdersPrompt, P.ShotPrompt, P.PlunderPrompt)):
        return _fight
    if isinstance(top, P.CapturePrompt):                     # an NPC's ship taken: the engine's own scorer
        from engine.merchants_marauders.rules.capture_turn import score as prize_score
        return prize_score
    if isinstance(top, (P.RaidPrompt, P.RaidSkullPrompt, P.KeepCargoPrompt)):
        return _raid
    if isinstance(top, (P.SetupPrompt, P.NewCaptainPrompt)):
        return _setup
    if isinstance(top, P.CardPrompt):
        return lambda s, seat, a: (2.0 if isinstance(a, A.Play) and top.window in ("scouted", "clash")
                                   else (1.0 if isinstance(a, A.Pass) else 0.5))
    return None


# ---- the turn's actions ----
class _Turn:
    """The three actions of a turn: sail toward the goal, avoiding hunters; raid and attack only
    what the ship can beat; end the turn in port when hunters are about."""

    def __init__(self, s: State, seat: int) -> None:
        self.p = p = s.players[seat]
        self.me = fighter(p)
        self.goal = S.goal(s, seat)
        self.fragile = S.fragile(p)
        self.here = S.threat(s, seat, p.zone, self.me)
        self.last = s.turn.actions <= 1

    def score(self, s: State, seat: int, a: Any) -> float:
        p = self.p
        if isinstance(a, A.Port):
            return 8.0 if _useful_port(s, seat) else 0.0
        if isinstance(a, A.Scout):
            return self._scout(s, a)
        if isinstance(a, (A.Move, A.WindMove)):
            bonus = 0.6 if isinstance(a, A.WindMove) else 0.0        # the wind's move is free
            danger = S.threat(s, seat, a.to, self.me) * DANGER
            if self.goal is not None:
                return 4.0 - S.distance(a.to, self.goal) * 0.6 - danger + bonus
            merchant = 1.5 if s.zones[a.to].merchant is not None and not self.fragile else 0.0
            return 2.0 + merchant - danger + bonus
        if isinstance(a, A.Enter):
            if closed(s, seat, p.zone):
                return 0.2       # only goodwill opens it (Module 10), and the bot keeps its goodwill
            if self.goal == p.zone:
                return 7.0
            return 3.5 if self.here > 0 and self.last else 0.3     # a port is safe from hunters
        if isinstance(a, A.Leave):
            if s.turn.port_done or not _useful_port(s, seat):
                return 3.0
            return 0.1
        if isinstance(a, (A.Investigate, A.Attempt)):
            return 7.5
        if isinstance(a, A.Play):
            return _play(a)
        if isinstance(a, A.Visit):
            return 1.0
        if isinstance(a, A.End):
            return 0.5 if p.in_port or self.here == 0 else -1.0
        return 0.0

    def _scout(self, s: State, a: A.Scout) -> float:
        p = self.p
        if a.target == "merchant":
            # a raid: all its cards' icons must leave every location above 0
            if self.fragile or self.here >= 1 or sum(p.bounties.values()) >= MAX_BOUNTIES:
                return -1.0
            return 6.0
        if a.target in s.npcs:
            n = s.npcs[a.target]
            edge = S.odds(self.me, S.npc_fighter(n))
            navy_cost = 1.0 if n.side == "navy" else 0.0              # a bounty for attacking a navy
            return 5.5 - navy_cost if edge >= 1.8 and not self.fragile else -1.0
        q = s.players[seat_of(a.target)]
        edge = S.odds(self.me, fighter(q))
        if edge >= 1.8 and not self.fragile:
            return 5.0 if pirate(q) and not pirate(p) else 3.0
        return -1.0


def _useful_port(s: State, seat: int) -> bool:
    p = s.players[seat]
    z = s.zones[p.zone]
    goods = {cargo_card(c).good for c in p.ship.cargo}
    hurt = S.hurt(p) > 0
    return z.demand in goods or (p.zone == home_port(p) and S.stash_target(s, seat) > 0) \
        or (p.ship.gold >= 4 and len(p.ship.cargo) < hold(p)) or (hurt and p.ship.gold >= 2) \
        or (p.ship.gold >= S.RICH_FOR_FRIGATE and p.ship.type in ("sloop", "flute"))


def _play(a: A.Play) -> float:
    from engine.merchants_marauders.rules.glory_cards import card, verb
    if card(a.card).family == "specialist" or verb(a.card) in ("extra_actions", "free_repair", "drop_bounty"):
        return 9.0
    return 0.1


# ---- in port ----
def _port(s: State, seat: int, a: Any) -> float:
    p = s.players[seat]
    if isinstance(a, A.Claim):
        return 4.5
    if isinstance(a, A.Play):
        return 0.1
    if isinstance(a, A.Part):
        return _part(s, seat, a.part)
    if isinstance(a, A.Sell):
        return _sell(s, seat, a.card)
    if isinstance(a, A.Buy):
        return _buy(s, seat, a.card)
    if isinstance(a, A.Stash):
        return _stash(s, seat, a.n)
    if isinstance(a, A.Repair):
        first = {"hull": 3.0, "cannons": 2.0, "masts": 1.5, "cargo": 0.5}.get(a.location, 0.5)
        return first if p.ship.gold >= 2 else -1.0
    if isinstance(a, A.Ship):
        return 6.0 if a.ship == "frigate" and p.ship.gold >= S.RICH_FOR_FRIGATE else -1.0
    if isinstance(a, A.Hire):
        return float(min(a.n, max(0, p.ship.gold - 2)))
    if isinstance(a, A.Modification):
        return 1.5 if p.ship.gold >= 12 else -1.0
    if isinstance(a, A.UseWeapon):
        return 1.0 if p.ship.gold >= 10 and not p.ship.weapons else -1.0
    if isinstance(a, A.Done):
        return 0.5
    return 0.0


def _part(s: State, seat: int, part: str) -> float:
    p = s.players[seat]
    if part == "buy":
        return 6.0 if p.ship.gold >= 4 else 0.0
    if part == "recruit":
        return 4.0 if p.ship.gold >= 3 else 0.0
    if part == "shipyard":
        return 5.0 if S.hurt(p) > 0 or p.ship.gold >= S.RICH_FOR_FRIGATE else 1.0
    if part == "sell":
        demand = s.zones[p.zone].demand
        return 9.0 if any(_sell(s, seat, c) > 0 for c in p.ship.cargo) or demand is None else 0.2
    return {"stash": 8.0 if S.stash_target(s, seat) > 0 else 0.0, "rumour": 3.5, "specialist": 3.0,
            "goodwill": 2.0, "loyalty": 2.5}.get(part, 0.5)            # goodwill, loyalty: Modules 10, 11


def _sell(s: State, seat: int, c: str) -> float:
    """Demand goods always; another good only if no open port wants it and the hold is full."""
    p = s.players[seat]
    good = cargo_card(c).good
    if good == s.zones[p.zone].demand:
        return 5.0
    if not S.demand_ports(s, seat, good) and len(p.ship.cargo) >= hold(p):
        return 1.0
    return -1.0


def _buy(s: State, seat: int, c: str) -> float:
    """A good worth carrying: demanded at another open port, the nearer the better; two of a kind
    drawn cost 2 instead of 3 (base 4.4), and three demand goods sold at once earn glory."""
    p = s.players[seat]
    good = cargo_card(c).good
    top = s.stack[-1]
    ports = [z for z in S.demand_ports(s, seat, good) if z != p.zone]
    if not ports or p.ship.gold < 3 + 1:
        return -1.0
    near = min(S.distance(p.zone, z) for z in ports)
    drawn = [cargo_card(x).good for x in getattr(top, "drawn", [])].count(good)
    aboard = [cargo_card(x).good for x in p.ship.cargo].count(good)
    return 3.0 - 0.3 * near + (0.8 if drawn >= 2 else 0.0) + 0.5 * aboard


def _stash(s: State, seat: int, n: int) -> float:
    """Aim at the stash target (policy_sea.stash_target): the tens, then the units."""
    want = S.stash_target(s, seat)
    top = s.stack[-1]
    aim = 10 * (want // 10) if isinstance(top, P.StashPrompt) and top.step == "tens" else want % 10
    return 5.0 - abs(n - aim)


# ---- fights ----
def _fight(s: State, seat: int, a: Any) -> float:
    if isinstance(a, A.Order):
        return _order(s, seat, a.order)
    if isinstance(a, A.Shot):
        return 0.0           # a shot weapon only moves the hull's hits elsewhere: keep it for raids
    if isinstance(a, A.NoShot):
        return 0.5
    if isinstance(a, A.Take):
        return {"gold": 5.0, "cargo": 3.0, "contraband": 3.5, "card": 2.0, "weapon": 1.0, "rumour": 1.5, "specialist": 2.5,
                "ship": _prize(s, seat)}.get(a.what, 1.0)
    return 0.0


def _order(s: State, seat: int, order: str) -> float:
    """For its own ship: shoot, board with the stronger crew, flee when hurt or outgunned. For an
    NPC it runs against another captain: the NPC bot's own choice."""
    from engine.merchants_marauders.rules.combat import other
    from engine.merchants_marauders.rules.fight import npc_bot_order, roles_of, side_fighter
    f = s.fight
    assert f is not None
    role = roles_of(s, seat)[0]
    if f.sides[role].seat is None:
        return 2.0 if order == npc_bot_order(s, role) else 0.0
    me, them = side_fighter(s, role), side_fighter(s, other(role))
    edge = S.odds(me, them)
    if order == "flee":
        return 3.0 if me.at("hull") <= 1 or me.at("cannons") == 0 or edge < 0.7 else -1.0
    if order in ("board", "hooks"):
        crew = me.at("crew") - them.at("crew") + 0.5 * (me.leadership - them.leadership)
        return 2.5 + (0.2 if order == "hooks" else 0.0) if crew >= 1 or them.at("crew") == 0 else -0.5
    return 2.0 if me.at("cannons") > 0 else 0.0


def _prize(s: State, seat: int) -> float:
    """Take the beaten captain's ship when it is a bigger one than ours and still sails."""
    f = s.fight
    if f is None:
        return -1.0
    p = s.players[seat]
    loser = next((x.seat for x in f.sides.values() if x.seat is not None and x.seat != seat), None)
    if loser is None:
        return -1.0
    q = s.players[loser]
    better = q.ship.type in BETTER_SHIPS and p.ship.type not in BETTER_SHIPS
    return 4.0 if better and q.ship.points["hull"] >= 2 else -1.0


# ---- raids ----
def _raid(s: State, seat: int, a: Any) -> float:
    p = s.players[seat]
    if isinstance(a, A.ChooseNation):
        return _raid_nation(s, seat, a.nation)
    if isinstance(a, A.Release):
        return 0.0
    if isinstance(a, A.Keep):
        return 1.0 + cargo_card(a.card).plunder / 10 + (2.0 if S.demand_ports(s, seat, cargo_card(a.card).good) else 0.0)
    r = s.raid
    if r is None:
        return 0.5 if isinstance(a, A.Done) else 0.0
    cards = S.raid_cards(r.cards)
    now = S.raid_score(p, cards)
    if isinstance(a, A.Stop):
        return now
    if isinstance(a, A.Discard):
        return S.raid_score(p, S.raid_cards(c for c in r.cards if c != a.card)) - 0.1
    if isinstance(a, A.Draw):
        return S.draw_score(p, cards) - 0.1
    if isinstance(a, A.Swap):
        return S.draw_score(p, S.raid_cards(c for c in r.cards if c != a.card)) - 0.2
    if isinstance(a, (A.UseWeapon, A.Play)):     # one more skull, or the dice again: when they help
        return now + 1.0 if S.raid_value(p, cards).fails else now - 1.0
    return 0.0


def _raid_nation(s: State, seat: int, nation: Nation) -> float:
    """The bounty's nation: never one whose ports the bot needs (home, or demanding its goods);
    a nation already hunting it costs least."""
    p = s.players[seat]
    from engine.merchants_marauders.rules.common import captain, port_nation
    if at_war(s, nation, captain(p).nation):
        return 8.0                                  # no bounty at all (base 6.1 step 2)
    home = port_nation(home_port(p)) == nation or captain(p).nation == nation
    ports = sum(1 for z in S.open_ports(s, seat) if port_nation(z) == nation)
    return 3.0 - (4.0 if home else 0.0) - 0.2 * ports + (1.0 if p.bounties.get(nation, 0) else 0.0)


# ---- setup and a new captain ----
def _setup(s: State, seat: int, a: Any) -> float:
    if isinstance(a, A.Ship):
        return 1.0 if a.ship == "sloop" else 0.5
    if isinstance(a, A.Captain):
        return 0.5
    return 0.0


def _distance(a: str, b: str) -> int:
    """Moves between two zones (tests/e2e steer a captain with it)."""
    return S.distance(a, b)  # type: ignore[arg-type]


POLICIES: dict[str, Callable[[str | int], Policy]] = {
    "random": lambda seed: RandomPolicy(seed),
    "greedy": lambda seed: Greedy(seed),
    "greedy-v1": lambda seed: GreedyPolicy(policy_v1.score, seed),
}
