"""Setup of a base game (base reconstruction section 3): every deck shuffled, a demand token face
up at each port over a hidden pile, a modification token face down at each port, a merchant token
(nation hidden) in each of the 17 zones, two missions on the board, no NPC at sea; each player is
dealt a captain, takes 10 gold and 1 glory card, and picks a sloop or a flute in secret (the
captains and ships are shown together once every seat is in); the first player is drawn and play
runs clockwise from them all game.

(rules/setup.py is the Variant 4 pure module; this file is the engine's setup of a new game.)"""
from __future__ import annotations

from engine.core.deck import Deck
from engine.core.flow import Events
from engine.core.rng import Rng
from engine.core.sealed import Sealed
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import glory as G
from engine.merchants_marauders.rules import variants_turn
from engine.merchants_marauders.rules.common import home_port, maxima, name, say
from engine.merchants_marauders.state import Player, Ship, State, ZoneState
from engine.merchants_marauders.vocab import GOODS, PORTS, ZONES, Good, Nation, ShipType, Zone

MISSIONS_ON_BOARD = 2


def start_ships() -> list[ShipType]:
    return [t for t, sd in defs().ships.ships.items() if sd.start_option]


def _deck(rng: Rng, ids: list[str]) -> Deck:
    d = Deck(pile=list(ids))
    d.shuffle(rng)
    return d


def _map(rng: Rng) -> tuple[dict[Zone, ZoneState], list[Good]]:
    d = defs()
    demand: list[Good] = [g for g in GOODS for _ in range(d.tokens.demand.per_good)]
    rng.shuffle(demand)
    mods = d.modifications.tokens()
    rng.shuffle(mods)
    merchants: list[Nation] = [n for n, k in d.tokens.merchants.items() for _ in range(k)]
    rng.shuffle(merchants)
    zones = {z: ZoneState(merchant=merchants[i]) for i, z in enumerate(ZONES)}
    for i, z in enumerate(PORTS):
        zones[z].demand, zones[z].modification = demand[i], mods[i]
    return zones, demand[len(PORTS):]


def new_game(n: int, seed: str, options: dict[str, bool | str]) -> State:
    rng, c = Rng(seed=seed), cards()
    if not 2 <= n <= 4:
        raise ValueError(f"Merchants & Marauders plays with 2 to 4 players, not {n}.")
    zones, pile = _map(rng)
    from engine.merchants_marauders.rules import module1_turn as M1
    s = State(rng=rng, players=[], order=[], zones=zones, demand_pile=pile, options=options,
              cargo=_deck(rng, [k.id for k in c.cargo_deck(bool(options.get("module_7")))]),
              events=_deck(rng, M1.event_ids(options)),
              glory=_deck(rng, [g.id for g in c.glory_deck()]), captains=_deck(rng, M1.captain_ids(options)),
              missions=_deck(rng, M1.mission_ids(options)),
              rumours=_deck(rng, [r.id for r in c.rumour_deck(sog=M1.rumour_sog(options),
                                                              contraband=bool(options.get("module_7")))]))
    M1.deal_missions(s, MISSIONS_ON_BOARD)         # Module 1's separate decks: one slot each
    from engine.merchants_marauders.rules.locations_turn import setup as locations_setup
    locations_setup(s)
    for seat in range(n):
        cap = M1.dealt_captain(s, seat)            # Module 1's separate decks: dealt in turn
        s.players.append(Player(captain=cap, ship=Ship(gold=G.START_GOLD),
                                glory_cards=s.glory.draw(rng, G.START_GLORY_CARDS)))
    variants_turn.deal_captains(s)
    first = rng.choice(list(range(n)))
    s.order = [(first + i) % n for i in range(n)]
    s.turn.seat = first
    from engine.merchants_marauders.rules.treasure_turn import setup as treasure_setup
    treasure_setup(s)
    from engine.merchants_marauders.rules.mods_turn import setup as mods_setup
    mods_setup(s)                                  # Module 3: the larger pool and its reserve
    from engine.merchants_marauders.rules.upgrades_turn import setup as upgrades_setup
    upgrades_setup(s)                              # Module 4: the NPC upgrade reserve
    s.picks = Sealed[str](seats=list(range(n)))
    s.stack.append(P.SetupPrompt(seats=list(range(n))))
    return s


def fit_out(s: State, seat: int, ship: ShipType) -> None:
    """A captain's starting ship: every location at the printed value, the crew full, in the
    captain's home port (base section 3 step 2)."""
    p = s.players[seat]
    p.ship.type = ship
    p.ship.points = maxima(p)
    p.zone, p.in_port = home_port(p), True


def reveal_picks(s: State, ev: Events) -> None:
    """Every seat is in: the captains and ships are shown together."""
    assert s.picks is not None
    for seat, ship in sorted(s.picks.revealed().items()):
        fit_out(s, seat, ship)  # type: ignore[arg-type]
        say(ev, f"{name(s, seat)} sails a {ship} from {s.players[seat].zone.replace('_', ' ').title()}")
    s.picks = None
    s.reveals += 1
    variants_turn.after_reveal(s, ev)
    s.turn.phase = "round_start"
