"""GENERAL SETUP, PLAYER SETUP and the 2-player ghosts: random player boards (the lowest number
plays first, then clockwise), 6/7/8/9 doubloons in turn order, the reputation discs stacked with
the first player's on top, monsters, treasures (extra ones for 3 and 4 players) and crates laid
out at random, the display dealt, and the variants' components."""
from __future__ import annotations

from engine.core import Rng
from engine.core.deck import Deck
from engine.core.pieces import Piece
from engine.scoundrel_bay.defs import POT_HARBOR, defs
from engine.scoundrel_bay.rules.cards import starting_card
from engine.scoundrel_bay.rules.feed import Crew
from engine.scoundrel_bay.rules.reputation import ReputationTrack
from engine.scoundrel_bay.state import GHOST, Player, Region, State

VARIANTS = ("milestones", "alternative_harbor_scoring", "captain_powers")


def turn_order(boards: list[int]) -> list[int]:
    """Seats clockwise from the one with the lowest player board number."""
    first = boards.index(min(boards))
    return [(first + i) % len(boards) for i in range(len(boards))]


def new_game(n: int, seed: str, variants: dict[str, bool], boards: list[int] | None = None) -> State:
    d, rng = defs(), Rng(seed=seed)
    if boards is None:
        numbers = sorted(d.player_boards.boards)
        rng.shuffle(numbers)
        boards = numbers[:n]
    order = turn_order(boards)
    deck = Deck(pile=sorted(d.cards.cards))
    deck.shuffle(rng)
    events = sorted(d.events.events)
    rng.shuffle(events)
    s = State(rng=rng, players=[_player(b) for b in boards], order=order, regions=_regions(n, rng),
              monsters=_monsters(rng), deck=deck, display=[None] * len(d.cards.display.costs),
              crate_stacks=_crate_stacks(rng), events=events,
              reputation=_track(order, n), unlock_supply=d.supply.unlock_tiles - n * d.supply.start.unlock_tiles,
              options={v: bool(variants.get(v)) for v in VARIANTS})
    _fill_crates(s)
    for i, seat in enumerate(order):
        s.players[seat].doubloons = d.supply.start.doubloons[i]
    for p in s.players:
        p.hand += [c for c in _deal(s, d.supply.start.drawn_cards)]
    s.display = _deal(s, len(s.display))  # type: ignore[assignment]
    s.reveals = 0
    if n == 2:
        _ghosts(s)
    if s.options["milestones"]:
        _milestones(s)
    if s.options["alternative_harbor_scoring"]:
        _harbor_tokens(s)
    s.turn.seat = order[0]
    return s


def _deal(s: State, n: int) -> list[str]:
    return [s.deck.pile.pop() for _ in range(min(n, len(s.deck.pile)))]


def _player(board: int) -> Player:
    d = defs()
    start, kit = d.player_boards.boards[board].start, d.supply.start
    return Player(board=board, hand=[starting_card(board)], citizens=d.supply.pirates_per_colour - kit.active_pirates,
                  crew_space=Crew(captain="active", active=kit.active_pirates),
                  tools={t: start[t] for t in ("food_production", "sword", "gun", "shield")},
                  ship_damage=start["ship_damage"], unlocks=kit.unlock_tiles,
                  resources={"ring": kit.ring, "map": kit.map, "rum": kit.rum, "food": kit.food},
                  ship=d.board.start)


def _track(order: list[int], n: int) -> ReputationTrack:
    """Discs stacked from the seat right of the first player counter-clockwise: the first player's
    ends on top. The 2-player ghost disc starts on its marked space."""
    d = defs()
    extra = {GHOST: d.reputation.two_player_space} if n == 2 else None
    return ReputationTrack.opening(max(d.reputation.spaces), list(reversed(order)), extra)


def _monsters(rng: Rng) -> dict[int, Piece]:
    d = defs()
    out: dict[int, Piece] = {}
    for kind in d.monsters.types:
        ids = sorted(m.id for m in d.monsters.monsters.values() if m.type == kind)
        rng.shuffle(ids)
        for space in (sp for sp in d.board.sea if sp.monster == kind):
            out[space.number] = Piece(id=ids.pop())
    return out


def _regions(n: int, rng: Rng) -> dict[str, Region]:
    """Treasure spaces get one face-down tile of their type, two for the types doubled at n players."""
    d = defs()
    bags: dict[int, list[str]] = {}
    for t in (1, 2, 3):
        bags[t] = sorted(x.id for x in d.treasures.treasures.values() if x.type == t)
        rng.shuffle(bags[t])
    doubled = d.rules.setup.get(n, [])
    regions = {}
    for rid, r in d.board.regions.items():
        stacks = [[Piece(id=bags[t].pop()) for _ in range(2 if t in doubled else 1)] for t in r.treasure_spaces]
        regions[rid] = Region(treasures=stacks, crates=[None] * len(r.crate_spaces))
    return regions


def _crate_stacks(rng: Rng) -> dict[int, list[str]]:
    stacks = {}
    for t in (1, 2, 3):
        stacks[t] = sorted(c.id for c in defs().crates.crates.values() if c.type == t)
        rng.shuffle(stacks[t])
    return stacks


def _fill_crates(s: State) -> None:
    for rid, r in defs().board.regions.items():
        s.regions[rid].crates = [s.crate_stacks[t].pop() for t in r.crate_spaces]


def _ghosts(s: State) -> None:
    g = defs().supply.ghosts
    for rid, k in g.harbors.items():
        s.regions[rid].pirates[GHOST] = k
    s.ghost_reserve = g.reserve


def _milestones(s: State) -> None:
    for mtype in defs().milestones.milestones:
        s.milestone_sides[mtype] = s.rng.choice(["a", "b"])
    s.upgrade_supply = sorted(defs().milestones.upgrades)


def _harbor_tokens(s: State) -> None:
    """A random token on each scoring space of the first four harbors (not Scoundrel Bay)."""
    d = defs()
    by_place: dict[int, list[int]] = {p: [t.gold for t in d.harbor_tokens.tokens if t.place == p] for p in (1, 2, 3)}
    for golds in by_place.values():
        s.rng.shuffle(golds)
    for h in (r for r in d.board.of_kind("harbor") if r.name != POT_HARBOR):
        s.harbor_tokens[h.id] = [by_place[p].pop() for p in (1, 2, 3)]


def captain_draft(s: State) -> tuple[list[str], list[int]]:
    """CAPTAIN POWERS setup: one tile more than players, chosen counter-clockwise from the seat
    right of the first player."""
    tiles = sorted(defs().captains.captains)
    s.rng.shuffle(tiles)
    return sorted(tiles[:len(s.players) + 1]), list(reversed(s.order))
