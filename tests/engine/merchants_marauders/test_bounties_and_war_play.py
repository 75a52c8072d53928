"""Bounties, closed ports and war through play (base reconstruction 7.1 to 7.3, Tortuga's property
of section 2): raids and fights give the bounties, the war-or-peace event is drawn at a round's
start after every seat ends its turn, and the ports a captain may enter are the ones its decisions
offer. The pure rule tests (test_bounties.py) stay beside these."""
from __future__ import annotations

from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules.npc import Npc, Skills
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Nation, Zone
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    in_port,
    no_cards,
    options,
    started,
    top,
)
from tests.engine.merchants_marauders.test_naval_combat_play import _duel, _round
from tests.engine.merchants_marauders.test_raiding_play import _raid, _raider

ENGLISH = "margaret_thorne"      # an English captain (home port Nassau)
WAR_CARDS = [e.id for e in cards().event_deck() if e.kind == "war_or_peace"]


def _next_round(s: State, event: str, *forced: int) -> State:
    """Every seat ends its turn; the next round opens with `event` (the war card's two nations
    are drawn with the scripted `forced` values)."""
    s.events.pile = [e for e in s.events.pile if e != event] + [event]
    s.events.discard = [e for e in s.events.discard if e != event]
    dice(s, *forced)
    first = s.round.number
    while s.round.number == first:
        s = do(s, active(s), "end") if "end" in options(s, active(s)) else do(s, active(s), "done")
    assert s.round.event == event
    return s


def _english_at(s: State, seat: int, zone: str, port: bool = False) -> None:
    s.players[seat].captain = ENGLISH
    (in_port if port else at_sea)(s, seat, zone)


# ---- 7.2: closed ports ----
def test_mmb_bounty_05_a_nations_ports_close_to_a_captain_it_wants_and_only_to_it() -> None:
    s = started(2, seed="closed")
    a = s.order[0]
    no_cards(s)
    _english_at(s, a, "santo_domingo")              # a Spanish port
    assert "enter" in options(s, a)
    s.players[a].bounties = {"france": 2}
    assert "enter" in options(s, a), "a French bounty does not close a Spanish port"
    s.players[a].bounties = {"spain": 1}
    assert "enter" not in options(s, a)


def _captain_of(nation: Nation) -> str:
    return next(c.id for c in defs().captains.captains.values() if c.nation == nation)


def _port_of(nation: Nation) -> Zone:
    return next(z for z in defs().map.ports_of(nation) if z != "tortuga")


def test_mmb_war_01_02_04_bounty_06_a_war_card_starts_a_war_closing_ports_and_the_next_ends_it() -> None:
    s = started(2, seed="war")
    no_cards(s)
    assert s.wars == []
    s = _next_round(s, WAR_CARDS[0])
    assert len(s.wars) == 1 and len(set(s.wars[0])) == 2, "two nations at war"
    x, y = s.wars[0]
    seat = active(s)
    s.players[seat].captain = _captain_of(x)
    at_sea(s, seat, _port_of(y))
    assert "enter" not in options(s, seat), "at war: the enemy's ports are closed"
    at_sea(s, seat, _port_of(x))
    assert "enter" in options(s, seat), "its own nation's ports stay open"
    s = _next_round(s, WAR_CARDS[1])
    assert s.wars == [], "the next war card brings peace"
    seat = active(s)
    s.players[seat].captain = _captain_of(x)
    at_sea(s, seat, _port_of(y))
    assert "enter" in options(s, seat)


def test_mmb_map_08_tortuga_takes_in_a_wanted_captain_but_not_in_a_war_with_france() -> None:
    s = started(2, seed="tortuga")
    a = s.order[0]
    no_cards(s)
    _english_at(s, a, "tortuga")
    s.players[a].bounties = {"france": 3}
    assert "enter" in options(s, a), "Tortuga stays open to a French bounty"
    _english_at(s, a, "petit_goave")
    assert "enter" not in options(s, a), "another French port does not"
    s.wars = [("england", "france")]
    _english_at(s, a, "tortuga")
    assert "enter" not in options(s, a), "but France at war with England closes Tortuga too"


def test_mmb_bounty_07_a_port_that_closes_on_a_captain_inside_leaves_it_only_leaving() -> None:
    s = started(2, seed="inside")
    no_cards(s)
    s = _next_round(s, WAR_CARDS[0])
    x, y = s.wars[0]
    s.wars = []                                     # peace again, and the same war card drawn anew
    for seat in s.order:
        s.players[seat].captain = _captain_of(x)
        in_port(s, seat, _port_of(y))
    assert "port" in options(s, active(s))
    for _ in range(40):
        s = _next_round(s, WAR_CARDS[0])
        if s.wars and set(s.wars[0]) == {x, y}:
            break
        s.wars = []
    assert set(s.wars[0]) == {x, y}
    seat = active(s)
    assert "port" not in options(s, seat) and "leave" in options(s, seat), "no port action, only leaving"


# ---- 7.3: the navy in a war ----
def test_mmb_war_03_a_warring_navys_frigate_becomes_a_man_o_war_where_it_lies_and_turns_back_at_peace() -> None:
    s = started(2, seed="navy-war")
    no_cards(s)
    for n in ("spain", "england"):
        s.npcs[f"navy_{n}"] = Npc(slot=f"navy_{n}", side="navy", nation=n, ship="frigate", zone="caribbean_sea",
                                  skills=Skills(seamanship=2, scouting=2, leadership=2))
    s.npcs["navy_france"] = Npc(slot="navy_france", side="navy", nation="france", ship="frigate", zone="tortuga",
                                skills=Skills(seamanship=2, scouting=2, leadership=2))
    s = _next_round(s, WAR_CARDS[0], 1, 1)
    warring = set(s.wars[0])
    for slot, npc in s.npcs.items():
        if slot.startswith("navy_") and npc.nation in ("spain", "england", "france"):
            assert npc.ship == ("man_o_war" if npc.nation in warring else "frigate"), slot
    s = _next_round(s, WAR_CARDS[1])
    assert all(n.ship == "frigate" for k, n in s.npcs.items() if k.startswith("navy_"))


def test_mmb_war_05_raiding_a_merchant_of_a_nation_at_war_gives_no_bounty() -> None:
    s, a = _raider(["sugar-1", "rum-1", "rum-2"])
    s.players[a].captain = ENGLISH
    s.players[a].ship.points = {"hull": 3, "masts": 3, "crew": 3, "cannons": 3, "cargo": 3}
    s.wars = [("spain", "england")]
    dice(s, SKULL, SKULL, SKULL)
    s = do(s, a, "scout merchant")
    s = do(s, a, "nation spain")
    assert not s.players[a].bounties, "an enemy's merchant: no bounty"
    s, a = _raider(["sugar-1", "rum-1", "rum-2"], seed="peace")
    s = _raid(s, a, 1, 2)
    assert s.players[a].bounties == {"spain": 1}, "in peace the same raid costs a Spanish bounty"


# ---- 7.1: bounties and pirates ----
def test_mmb_bounty_02_a_nation_wants_a_captain_again_and_again() -> None:
    s, a = _raider(["sugar-1", "rum-1", "rum-2"])
    s = _raid(s, a, 1, 2)
    s = do(s, a, "stop")
    s = do(s, a, "done") if isinstance(top(s), P.KeepCargoPrompt) else s
    assert s.players[a].bounties == {"spain": 1}
    s.zones["caribbean_sea"].merchant = "spain"
    s.cargo.pile += ["sugar-3", "rum-3", "sugar-2"]
    s = _raid(s, a, 1, 2)
    assert s.players[a].bounties == {"spain": 2}, "no limit: a second Spanish bounty"


def test_mmb_bounty_01_03_04_a_captain_beating_a_pirate_player_is_paid_5_a_token_unless_its_nation_is_at_war() -> None:
    def pirate(s: State, a: int, d: int) -> None:
        s.players[d].bounties = {"england": 1, "spain": 1}
    s, a, d = _duel(seed="hunter", prep=pirate)
    s.players[d].ship.points["hull"] = 1
    gold = s.players[a].ship.gold
    assert not s.players[a].bounties, "attacking a pirate gives no bounty"
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, 1, 1, 1, SKULL, 1, 1)
    assert s.players[d].deaths == 1 and s.players[a].ship.gold == gold + 10, "two tokens: 10 gold"
    assert s.players[d].bounties == {}, "the tokens go with the dead captain"
    # Pieter Hoogeveen is Dutch: with the Netherlands at war with Spain, the Spanish token pays nothing
    s, a, d = _duel(seed="hunter-war", prep=pirate)
    s.players[d].ship.points["hull"] = 1
    s.wars = [("spain", "netherlands")]
    gold = s.players[a].ship.gold
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, 1, 1, 1, SKULL, 1, 1)
    assert s.players[a].ship.gold == gold + 5
