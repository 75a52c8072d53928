"""Module 9's Town in the turn engine: a visit gives exactly one port sub-action, the trade of the
Trading Post or the port's own shipyard, recruiting and rumour, and with Modules 10 and 11 the
goodwill and loyalty purchases; what the Town refuses (the port's properties, its modification,
its specialist, missions, the stash, a rumour that names its port)."""
from __future__ import annotations

from typing import Any

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules import missions_turn as MT
from engine.merchants_marauders.rules.common import captain, home_port, maxima
from engine.merchants_marauders.rules.locations import TOWN_CHOICES
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Zone
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    in_port,
    options,
    started,
    top,
)


def _town(zone: Zone, seed: str = "town", **opts: Any) -> tuple[State, int]:
    """The active seat at sea in `zone`, which holds a Town, with 20 gold and no bounties."""
    s = started(3, seed=seed, module_9=True, **opts)
    me = active(s)
    s.locations[zone] = "town"
    at_sea(s, me, zone)
    p = s.players[me]
    p.bounties, p.ship.gold, p.ship.cargo = {}, 20, []
    s.npcs = {}
    return s, me


def _hurt(s: State, seat: int) -> None:
    s.players[seat].ship.points["hull"] -= 1


def test_mm_m9_67_76_78_the_towns_shipyard_sells_no_modification_at_the_ports_prices_only_in_port() -> None:
    s, me = _town("old_providence")
    _hurt(s, me)
    z = s.zones["old_providence"]
    z.modification, z.revealed = "hammocks", True
    s = do(s, me, "visit")
    assert "shipyard" in options(s, me)
    s = do(s, me, "shipyard")
    assert isinstance(top(s), P.ShipyardPrompt)
    assert "modification" not in options(s, me), "a Town's shipyard fits no modification"
    gold = s.players[me].ship.gold
    s = do(s, me, "repair hull")
    assert s.players[me].ship.gold == gold - 2, "Old Providence's cheaper repairs hold only in its port"
    s = do(s, me, "done")
    assert not isinstance(top(s), (P.VisitPrompt, P.ShipyardPrompt)), "one sub-action only"
    # the other side: in the port itself the property and the modification are there
    s2, me2 = _town("old_providence", seed="town")
    _hurt(s2, me2)
    s2.zones["old_providence"].modification, s2.zones["old_providence"].revealed = "hammocks", True
    in_port(s2, me2, "old_providence")
    s2 = do(s2, me2, "port")
    s2 = do(s2, me2, "shipyard")
    assert "modification" in options(s2, me2)
    gold = s2.players[me2].ship.gold
    s2 = do(s2, me2, "repair hull")
    assert s2.players[me2].ship.gold == gold - 1


def test_mm_m9_78_recruiting_in_tortugas_town_rolls_as_anywhere() -> None:
    s, me = _town("tortuga")
    p = s.players[me]
    p.ship.points["crew"] = 1
    lead = captain(p).skills.leadership
    s = do(s, me, "visit")
    dice(s, *[1] * lead)
    s = do(s, me, "recruit")
    assert isinstance(top(s), P.RecruitPrompt) and top(s).most == 1, "no skull: 1 hand, Tortuga's no-roll not here"
    assert not s.rng.forced, "the Leadership dice were rolled"
    assert GAME.notate(s, GAME.default_action(s, me)) == "hire 1"
    s = do(s, me, "hire 1")
    assert s.players[me].ship.points["crew"] == 2 and s.players[me].ship.gold == 19


def test_mm_m9_84_a_town_rumour_takes_the_influence_check_of_a_port() -> None:
    s, me = _town("havana")
    s.players[me].rumour = None
    inf = captain(s.players[me]).skills.influence
    s = do(s, me, "visit")
    assert "rumour" in options(s, me)
    dice(s, SKULL, *[1] * (inf - 1))
    s = do(s, me, "rumour")
    assert s.players[me].rumour is not None and not isinstance(top(s), P.VisitPrompt)
    assert GAME.view(s, (me + 1) % 3).players[me].rumour in (None, True), "the rumour stays its holder's"


def test_mm_m9_84_a_failed_town_rumour_check_gives_nothing() -> None:
    s, me = _town("havana")
    s.players[me].rumour = None
    inf = captain(s.players[me]).skills.influence
    s = do(s, me, "visit")
    dice(s, *[1] * inf)
    s = do(s, me, "rumour")
    assert s.players[me].rumour is None


def test_mm_m9_84_goodwill_and_loyalty_are_offered_only_with_their_modules() -> None:
    s, me = _town("havana")
    s = do(s, me, "visit")
    assert "goodwill" not in options(s, me) and "loyalty" not in options(s, me)
    s, me = _town("havana", module_10=True, module_11=True)
    s = do(s, me, "visit")
    assert "goodwill" in options(s, me) and "loyalty" in options(s, me)
    s = do(s, me, "goodwill")
    p = s.players[me]
    assert p.goodwill == 1 and p.ship.gold == 18 and not isinstance(top(s), P.VisitPrompt)


def test_mm_m9_84_a_town_raises_loyalty_one_step_for_its_price() -> None:
    s, me = _town("havana", module_11=True)
    s.players[me].loyalty = "content"
    s = do(s, me, "visit")
    s = do(s, me, "loyalty")
    p = s.players[me]
    assert p.loyalty == "pleased" and p.ship.gold == 17 and not isinstance(top(s), P.VisitPrompt)


def test_mm_m9_73_74_77_no_specialist_mission_or_stash_in_a_town() -> None:
    for where in ("port_royal", "home"):
        s, me = _town("port_royal", module_10=True, module_11=True)
        if where == "home":
            home = home_port(s.players[me])
            s.locations[home] = "town"
            at_sea(s, me, home)
        _hurt(s, me)
        s.players[me].ship.points["crew"] = 1
        s = do(s, me, "visit")
        menu = [o for o in options(s, me) if o != "stop"]
        assert set(menu) <= set(TOWN_CHOICES) and {"specialist", "stash"}.isdisjoint(menu), where
        assert not any(o.startswith("claim") for o in menu)
        assert GAME.notate(s, GAME.default_action(s, me)) == "stop"


def test_mm_m9_72_a_rumour_naming_the_port_is_looked_into_only_in_the_port() -> None:
    s, me = _town("havana")
    r = next(c for c in s.rumours.pile if MT.rumour(c).at == "port" and MT.rumour(c).target == "havana") \
        if any(MT.rumour(c).at == "port" and MT.rumour(c).target == "havana" for c in s.rumours.pile) else None
    if r is None:       # pick a port rumour and put its Town at its port
        r = next(c for c in s.rumours.pile if MT.rumour(c).at == "port")
        s, me = _town(MT.rumour(r).target)
    s.players[me].rumour = r
    assert "investigate" not in options(s, me), "from the Town (at sea) the port's rumour is not looked into"
    in_port(s, me, MT.rumour(r).target)
    assert "investigate" in options(s, me)


def test_mm_m9_67_the_towns_crew_is_filled_for_free_by_a_pleased_crew() -> None:
    s, me = _town("havana", module_11=True)
    p = s.players[me]
    p.loyalty, p.ship.points["crew"], p.ship.gold = "pleased", 1, 0
    s = do(s, me, "visit")
    assert "recruit" in options(s, me), "no gold needed by a Pleased crew"
    s = do(s, me, "recruit")
    assert s.players[me].ship.points["crew"] == maxima(s.players[me])["crew"] and s.players[me].ship.gold == 0
