"""Rumours and missions in the turn engine: a rumour heard in port with an Influence check and
held in secret, looked into at its target with an action of its own; a mission claimed at its
port, a delivery made at its target, the board refilled at once; a dead captain's mission freed."""
from __future__ import annotations

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules.common import captain
from engine.merchants_marauders.rules.rumours_missions import Slot
from engine.merchants_marauders.state import State
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


def _skill(s: State, seat: int, skill: str) -> int:
    return int(getattr(captain(s.players[seat]).skills, skill))


def _clean(s: State, seat: int, cap: str = "silas_pembury") -> None:
    """A captain with no rumour or mission die nor reroll (Silas Pembury), no bounties."""
    s.players[seat].captain, s.players[seat].bounties = cap, {}
    s.round.scouting, s.round.embargo = 0, None


def test_mmb_port_17_a_rumour_heard_in_port_is_held_in_secret() -> None:
    s = started(3, seed="hear")
    seat = active(s)
    _clean(s, seat)
    in_port(s, seat, "tortuga")
    s.rumours.pile = [c for c in s.rumours.pile if c != "ru-02"] + ["ru-02"]
    s = do(s, seat, "port")
    assert "rumour" in options(s, seat)
    dice(s, SKULL)
    s = do(s, seat, "rumour")
    assert s.players[seat].rumour == "ru-02" and "rumour" not in options(s, seat)
    other = GAME.view(s, (seat + 1) % 3).players[seat]
    assert other.rumour is None and other.has_rumour and GAME.view(s, seat).players[seat].rumour == "ru-02"
    s = do(s, seat, "done")
    s.turn.port_done = False
    s = do(s, seat, "port")
    assert "rumour" not in options(s, seat), "one rumour at a time"


def test_mmb_turn_12_deck_05_a_true_rumour_looked_into_at_its_target_pays_glory_and_gold() -> None:
    s = started(3, seed="look")
    seat = active(s)
    _clean(s, seat)
    s.players[seat].rumour = "ru-02"                # Old Providence, at sea, Scouting, 10 gold
    in_port(s, seat, "old_providence")
    assert "investigate" not in options(s, seat), "a sea rumour is looked into at sea"
    at_sea(s, seat, "old_providence")
    dice(s, *[1] * _skill(s, seat, "scouting"))
    s = do(s, seat, "investigate")
    assert s.players[seat].rumour == "ru-02" and s.turn.actions == 2, "a failed look keeps the rumour"
    dice(s, SKULL, *[1] * (_skill(s, seat, "scouting") - 1))
    s = do(s, seat, "investigate")
    p = s.players[seat]
    assert p.rumour is None and p.glory == 1 and p.ship.gold == 20 and "ru-02" in s.rumours.discard


def test_mmb_port_18_deck_07_a_mission_claimed_at_its_port_and_delivered_at_its_target() -> None:
    s = started(3, seed="mission")
    seat = active(s)
    _clean(s, seat)
    s.board = [Slot(mission="mi-02"), Slot(mission="mi-03")]      # mi-02: 2 rum, Port Royal to Old Providence
    in_port(s, seat, "port_royal")
    s = do(s, seat, "port")
    assert "claim mi-02" in options(s, seat) and "claim mi-03" not in options(s, seat)
    dice(s, SKULL)
    s = do(s, seat, "claim mi-02")
    assert s.board[0].holder == seat and not [o for o in options(s, seat) if o.startswith("claim")]
    s = do(s, seat, "done")
    in_port(s, seat, "old_providence")
    s.players[seat].ship.cargo = ["rum-1"]
    assert "attempt" not in options(s, seat), "the delivery needs both rum cards"
    s.players[seat].ship.cargo = ["rum-1", "sugar-1", "rum-2"]
    nxt = s.missions.pile[-1]
    s = do(s, seat, "attempt")
    p = s.players[seat]
    assert p.ship.cargo == ["sugar-1"] and p.ship.gold == 17 and p.glory == 1
    assert [x.mission for x in s.board] == [nxt, "mi-03"] and s.board[0].holder is None


def test_a_passenger_takes_a_hold_space_until_it_lands() -> None:
    s = started(3, seed="passenger")
    seat = active(s)
    _clean(s, seat)
    s.board = [Slot(mission="mi-09"), Slot(mission="mi-03")]      # mi-09: Cartagena to Havana
    in_port(s, seat, "cartagena")
    s = do(s, seat, "port")
    dice(s, SKULL)
    s = do(s, seat, "claim mi-09")
    assert s.players[seat].passenger == 1
    s.players[seat].ship.cargo = ["rum-1", "rum-2"]
    s = do(s, seat, "done")
    s = do(s, seat, "leave")
    assert isinstance(top(s), P.KeepCargoPrompt) and top(s).room == 1


def test_mmb_capt_01_02_a_dead_captains_cards_ship_and_bounties_go_and_the_mission_slot_is_refilled() -> None:
    from engine.merchants_marauders.rules.death import kill
    s = started(3, seed="dead-mission")
    seat = active(s)
    s.board = [Slot(mission="mi-02", holder=seat), Slot(mission="mi-03")]
    p = s.players[seat]
    p.rumour, p.ship.cargo, p.ship.weapons, p.ship.gold, p.bounties = "ru-05", ["rum-1"], ["grapeshot"], 14, {"spain": 2}
    p.glory_cards, p.glory, p.stash, old = ["gl-gunner-1"], 3, 12, p.captain
    nxt = s.missions.pile[-1]
    kill(s, seat, [])
    p = s.players[seat]
    assert [x.mission for x in s.board] == [nxt, "mi-03"] and p.rumour is None and "ru-05" in s.rumours.discard
    assert old in s.captains.discard and p.captain != old and "gl-gunner-1" in s.glory.discard and not p.glory_cards
    assert "rum-1" in s.cargo.discard and not p.ship.weapons and p.ship.gold == 0 and not p.bounties
    assert p.glory == 3 and p.stash == 12


def test_mm_m1_09_each_offered_mission_shows_where_it_is_claimed_and_leaves_the_offer_when_taken() -> None:
    """The mission marker is the board panel's 'claim at' beside its card: every mission on offer
    names its claim zone, and a claimed one is no longer on offer."""
    from engine.merchants_marauders.card_defs import cards
    from render.merchants_marauders.panels import _play_lines
    s = started(3, seed="marker", module_1=True)
    seat = active(s)
    _clean(s, seat)
    s.board = [Slot(mission="mi-02"), Slot(mission="mi-03")]
    missions = {m.id: m for m in cards().mission_deck()}
    line = dict(_play_lines(GAME.view(s, None)))["Missions"]
    for m in ("mi-02", "mi-03"):
        assert f"{missions[m].name} (claim at " in line, m
    assert f"{missions['mi-02'].name} (claim at Port Royal" in line
    in_port(s, seat, "port_royal")
    s = do(s, seat, "port")
    dice(s, SKULL)
    s = do(s, seat, "claim mi-02")
    line = dict(_play_lines(GAME.view(s, None)))["Missions"]
    assert missions["mi-02"].name not in line and missions["mi-03"].name in line
