"""Module 8's two parts played apart (MM-M8-01, -02; rules/weather_turn.py): `module_8_parts` at
`storm` plays the storm token without the wind (the vane still spun to steer it, no free Move,
no Move costing 2), at `wind` the wind without a storm token, at `both` (the default) both."""
from __future__ import annotations

from typing import get_args

from engine.merchants_marauders import GAME, MerchantsOptions
from engine.merchants_marauders.rules import weather as W
from engine.merchants_marauders.rules.common import captain, sea
from engine.merchants_marauders.rules.npc import Npc, Skills
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import BEARINGS, clockwise
from tests.engine.merchants_marauders.scenario_helpers import (
    active,
    at_sea,
    dice,
    do,
    no_cards,
    options,
    started,
)
from tests.engine.merchants_marauders.test_sea_engine import FOG, _hp, _next_round


def _windy(parts: str, seed: str = "parts") -> tuple[State, int, str, str]:
    """At sea in the Caribbean Sea with the vane toward one neighbour (downwind), the opposite
    neighbour upwind."""
    s = started(3, seed=seed, module_8=True, module_8_parts=parts)
    seat = active(s)
    at_sea(s, seat, "caribbean_sea")
    here = sea()["caribbean_sea"]
    wind = next(b for b in BEARINGS if b in here and clockwise(b, 4) in here)
    s.round.wind = wind
    return s, seat, here[wind], here[clockwise(wind, 4)]


def test_mm_m8_01_the_parts_option_is_both_by_default_and_names_every_part() -> None:
    assert MerchantsOptions().module_8_parts == "both"
    assert set(get_args(MerchantsOptions.model_fields["module_8_parts"].annotation)) == {"both", "wind", "storm"}
    s = started(3, seed="parts", module_8=True)
    assert s.round.wind is not None and s.storm is not None and GAME.view(s, None).wind == s.round.wind


def test_mm_m8_02_the_storm_alone_sails_by_the_vane_and_the_wind_costs_nothing() -> None:
    s = started(3, seed="storm-only", module_8=True, module_8_parts="storm")
    wind = s.round.wind
    assert wind is not None, "the vane is still spun, to steer the storm"
    assert s.storm == W.move_storm(W.STORM_START, wind, sea())
    before = s.storm
    s = _next_round(s, FOG)
    assert s.round.wind is not None and before is not None and s.storm == W.move_storm(before, s.round.wind, sea())
    v = GAME.view(s, None)
    assert v.storm == s.storm and v.wind is None, "no wind on the board: only the storm"
    s, seat, downwind, upwind = _windy("storm")
    s.storm = None
    assert not any(o.startswith("wind ") for o in options(s, seat)), "no free Move with the wind"
    s = do(s, seat, f"move {upwind}")
    assert s.turn.actions == 2, "against the vane a Move costs 1"


def test_mm_m8_02_the_storm_alone_still_strikes() -> None:
    s, seat, downwind, _ = _windy("storm", seed="storm-strike")
    s.storm = downwind  # type: ignore[assignment]
    no_cards(s)
    s.players[seat].specialists = []
    hp = _hp(s, seat)
    dice(s, *[1] * captain(s.players[seat]).skills.seamanship, 1, 2, 4)    # no skull: 3 hits
    s = do(s, seat, f"move {downwind}")
    assert _hp(s, seat) == hp - 3


def test_mm_m8_01_the_wind_alone_has_no_storm_token() -> None:
    s = started(3, seed="wind-only", module_8=True, module_8_parts="wind")
    assert s.round.wind is not None and s.storm is None and GAME.view(s, None).storm is None
    s, seat, downwind, upwind = _windy("wind", seed="wind-strike")
    assert f"wind {downwind}" in options(s, seat)
    hp = _hp(s, seat)
    s = do(s, seat, f"move {upwind}")
    assert s.turn.actions == 1 and _hp(s, seat) == hp, "against the wind costs 2; no storm strikes"


def test_mm_m8_21_with_the_wind_alone_npcs_scout_where_a_storm_would_be() -> None:
    s, seat, downwind, _ = _windy("wind", seed="wind-npc")
    s.npcs = {"pirate_sloop": Npc(slot="pirate_sloop", side="pirate", nation=None, ship="sloop", zone=downwind,
                                  skills=Skills(seamanship=1, scouting=1, leadership=1))}
    s.round.scouting = 0
    dice(s, 1)
    s = do(s, seat, f"move {downwind}")
    assert ("pirate_sloop", seat) in s.turn.scouted
