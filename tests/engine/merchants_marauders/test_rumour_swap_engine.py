"""MM-REPL-02 / MM-M7-31 through play: with Module 7 (contraband) the base cargo rumour ru-12 is
replaced by the expansion's reworked card in the rumour deck a new game deals from, and that
card, heard in port and looked into at its target, pays its cargo with contraband allowed."""
from __future__ import annotations

from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules.common import captain
from engine.merchants_marauders.state import State
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    dice,
    do,
    in_port,
    no_cards,
    options,
    started,
    top,
)

OLD, NEW = "ru-12", "sru-r1"   # "Every Good under the Sun", before and after contraband


def _rumours(s: State) -> list[str]:
    return [*s.rumours.pile, *s.rumours.discard]


def test_mm_m7_31_the_deck_dealt_with_contraband_holds_the_reworked_rumour_and_not_the_old() -> None:
    with_contraband = _rumours(started(3, seed="swap", module_7=True))
    assert NEW in with_contraband and OLD not in with_contraband
    assert len(with_contraband) == len(_rumours(started(3, seed="swap")))


def test_mm_m7_31_without_contraband_the_base_card_stays() -> None:
    plain = _rumours(started(3, seed="swap"))
    assert OLD in plain and NEW not in plain
    with_sog = _rumours(started(3, seed="swap", module_1=True))
    assert OLD in with_sog and NEW not in with_sog


def test_mm_repl_02_the_reworked_rumour_is_heard_and_looked_into_and_may_pay_contraband() -> None:
    s = started(3, seed="swap-play", module_7=True)
    s.stack = [x for x in s.stack if isinstance(x, P.ActionPrompt)]
    seat = active(s)
    p = s.players[seat]
    p.captain, p.bounties, p.ship.cargo, p.contraband = "silas_pembury", {}, [], []
    s.round.scouting, s.round.embargo, s.round.sale_bonus, s.wars = 0, None, 0, []
    no_cards(s)
    in_port(s, seat, "tortuga")
    s.rumours.pile = [c for c in s.rumours.pile if c != NEW] + [NEW]
    s = do(s, seat, "port")
    dice(s, SKULL)
    s = do(s, seat, "rumour")
    assert s.players[seat].rumour == NEW
    s = do(s, seat, "done")
    in_port(s, seat, "st_johns")
    s.turn.port_done = False
    s.cargo.pile = [c for c in s.cargo.pile if c not in ("cb-rum-1", "sugar-1", "timber-1")] + [
        "timber-1", "sugar-1", "cb-rum-1"]
    dice(s, SKULL, *[1] * (captain(s.players[seat]).skills.influence - 1))
    s = do(s, seat, "investigate")
    assert isinstance(top(s), P.KeepCargoPrompt) and "contraband cb-rum-1" in options(s, seat)
    assert s.players[seat].rumour is None and NEW in s.rumours.discard
