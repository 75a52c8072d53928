"""Rules shown in play that no other engine test shows: where Cutthroat's split text lands
(MM-TOC-02), each Module 2 shot having its own effect (MM-M2-04), a location's visit being a choice
that leaves the visitor at sea (MM-M9-07, -10), Module 4's upgrade for the Naval Fort's extra NPC
event (MM-M9-59), options that are advice only (MM-M11-01, MM-V5-01, -02), Variant 4's setup
leaving loyalty alone (MM-V4-02), Variant 5's slow galleons (MM-V5-03), Variant 6's prices at a
Trading Post (MM-V6-09), where glory comes from (MMB-GLORY-01), and fever and fog (MMB-DECK-13)."""
from __future__ import annotations

import re
from typing import Any

from engine.core import replay
from engine.merchants_marauders import GAME, MerchantsOptions
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.policy import POLICIES
from engine.merchants_marauders.rules.common import captain, maxima
from engine.merchants_marauders.rules.glory import GlorySource
from engine.merchants_marauders.rules.round import event_def
from engine.merchants_marauders.rules.ships_turn import card_manoeuvre
from engine.merchants_marauders.state import label
from tests.engine.merchants_marauders.help_topics import text
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    game,
    in_port,
    no_cards,
    options,
    started,
    top,
    waiting,
)
from tests.engine.merchants_marauders.test_cutthroat_engine import _arrive
from tests.engine.merchants_marauders.test_locations_engine import _at
from tests.engine.merchants_marauders.test_sea_engine import FOG, _next_round
from tests.engine.merchants_marauders.test_weapons_engine import _aggressor_wins, _fight
from tests.engine.play_helpers import bot_game

FEVER = "ev-28"                 # a base event: 1 crew lost by every ship at sea


# ---- MM-TOC-02 ----
def test_mm_toc_02_the_out_of_turn_scouting_is_variant_5s_and_variant_4_is_only_its_setup() -> None:
    s, me = _arrive(3, variant_4=True)
    assert not isinstance(top(s), P.AmbushPrompt), "Life is Pain alone asks nobody to scout out of turn"
    assert len(game(3, seed="toc", variant_4=True).npcs) == 0 and len(started(3, seed="toc", variant_4=True).npcs) == 3
    s, me = _arrive(3, variant_5=True)
    assert isinstance(top(s), P.AmbushPrompt), "Cutthroat alone brings the whole out-of-turn scouting"
    assert started(3, seed="toc", variant_5=True).npcs == started(3, seed="toc").npcs, "and no setup NPCs"


# ---- MM-M2-04 ----
def _after_volley(shot: str) -> dict[Any, int]:
    s, a, d = _fight(["incendiary_shot", "double_shot"])
    _aggressor_wins(s, SKULL, 1, 1)
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    assert options(s, a) == ["shot incendiary_shot", "shot double_shot", "none"]
    s = do(s, a, shot)
    while isinstance(top(s), (P.SpreadPrompt, P.BurnPrompt)):
        s = GAME.apply(s, d, GAME.default_action(s, d)).state
    return dict(s.players[d].ship.points)


def test_mm_m2_04_each_new_shot_has_its_own_effect_on_the_same_dice() -> None:
    plain, fire, double = (_after_volley(x) for x in ("none", "shot incendiary_shot", "shot double_shot"))
    assert len({tuple(sorted(x.items())) for x in (plain, fire, double)}) == 3
    assert sum(plain.values()) - sum(double.values()) == 1, "double shot: the one skull deals 2"
    assert fire["hull"] == plain["hull"] + 1, "incendiary: the skull does no damage, the fire burns instead"


# ---- Module 9 ----
def test_mm_m9_07_a_visit_is_a_choice_and_the_captain_may_sail_past() -> None:
    s, me, zone = _at("trading_post")
    assert "visit" in options(s, me) and GAME.notate(s, GAME.default_action(s, me)) != "visit"
    on = next(o for o in options(s, me) if o.startswith("move "))
    s = do(s, me, on)
    assert me not in s.round.visited and s.players[me].zone != zone


def test_mm_m9_10_a_visitor_stays_at_sea_in_the_zone_and_may_be_scouted() -> None:
    s, me, zone = _at("trading_post")
    s.players[me].ship.cargo = []
    s = do(s, me, "visit")
    while isinstance(top(s), P.VisitPrompt):
        s = do(s, me, "done")
    assert not s.players[me].in_port and s.players[me].zone == zone and me in s.round.visited
    nxt = s.order[(s.order.index(me) + 1) % len(s.order)]
    at_sea(s, nxt, zone)
    s = do(s, me, "end")
    assert active(s) == nxt and f"scout {label(me)}" in options(s, nxt)


def test_mm_m9_59_with_module_4_the_forts_extra_npc_event_draws_its_upgrades() -> None:
    for opts, drawn in (({"module_4": True}, 1), ({}, 0)):
        s, me, zone = _at("naval_fort", seed="fort-up", **opts)
        nation = defs().map.zones[zone].nation
        card = next(c for c in s.events.pile + s.events.discard
                    if (e := event_def(c)).kind == "npc" and e.npc is not None and e.npc.side == nation)
        s.events.discard = [c for c in s.events.discard if c != card]
        s.events.pile = [c for c in s.events.pile if c != card] + [card]
        s.arrivals, s.npc_pending = [], []
        s = do(s, me, "visit")
        assert len(s.arrivals) == 1 and len(s.npc_pending) == drawn, opts


# ---- options that are advice ----
def test_mm_m11_01_loyalty_is_an_option_off_by_default_that_the_help_names() -> None:
    assert MerchantsOptions().module_11 is False
    assert GAME.view(started(2, seed="advice"), 0).players[0].loyalty is None
    assert "`module_11`" in text("module-11-loyalty")
    assert GAME.view(started(2, seed="advice", module_11=True), 0).players[0].loyalty is not None


def test_mm_v5_01_02_cutthroat_is_one_switch_off_by_default_with_only_its_described_part() -> None:
    assert MerchantsOptions().variant_5 is False
    assert not [f for f in MerchantsOptions.model_fields if f.startswith("variant_5") and f != "variant_5"]
    assert "`variant_5`" in text("variants") and "second part is missing" in text("cutthroat")
    s, me = _arrive(3)
    assert not isinstance(top(s), P.AmbushPrompt)


def test_mm_v5_03_cutthroat_brings_the_manoeuvre_1_galleons() -> None:
    cases: list[tuple[dict[str, Any], int]] = [({}, 2), ({"variant_5": True}, 1)]
    for opts, want in cases:
        s = started(2, seed="slow", **opts)
        assert card_manoeuvre(s, "galleon") == want
        d = GAME.describe(s, 0, action(A.Ship, ship="galleon")).description or ""
        assert f"manoeuvre {want}" in d


# ---- MM-V4-02 ----
def test_mm_v4_02_the_life_is_pain_setup_draws_leave_loyalty_alone() -> None:
    for seed in ("pain-a", "pain-b", "pain-c"):
        s = started(3, seed=seed, variant_4=True, module_11=True)
        assert len(s.npcs) >= 3
        first = s.round.event
        assert first is not None
        want = "restless" if event_def(first).kind == "npc" else "content"
        assert {p.loyalty for p in s.players} == {want}, "only round 1's own event card may cost a step"


# ---- MM-V6-09 ----
def _post_sale(**opts: Any) -> int:
    s, me, zone = _at("trading_post", seed="v6", **opts)
    p = s.players[me]
    demand = s.zones[zone].demand
    two = [c for c in s.cargo.pile if c.startswith(f"{demand}-")][:2]
    s.cargo.pile = [c for c in s.cargo.pile if c not in two]
    p.ship.cargo, p.ship.gold = list(two), 0
    s = do(s, me, "visit")
    for c in two:
        s = do(s, me, f"sell {c}")
    s = do(s, me, "done")
    return s.players[me].ship.gold


def test_mm_v6_09_variant_6s_prices_hold_at_a_trading_post() -> None:
    assert _post_sale(variant_6=True) == 9, "6 for the first demand good, 3 for the next"
    assert _post_sale() == 12, "without the variant, 6 each"


# ---- MMB-GLORY-01 ----
GAINS = re.compile(r"gains (\d+) glory \(([a-z ]+)\)")


def test_mmb_glory_01_every_glory_point_on_the_track_comes_from_a_listed_source() -> None:
    allowed = {"victory", "demand sale", "rich raid", "mission", "rumour", "ship", "stash"}
    assert {x.replace("_", " ") for x in GlorySource.__args__} == allowed  # type: ignore[attr-defined]
    end, log, setup = bot_game(GAME, POLICIES, "greedy", 3, 3, {}, 40_000)
    s = replay(GAME, setup, [])
    gained = 0
    for seat, typed in log:
        before = sum(p.glory for p in s.players)
        t = GAME.apply(s, seat, GAME.parse(s, seat, typed))
        s = t.state
        found = [(int(n), src) for e in t.events if (m := GAINS.search(e.text)) for n, src in [m.groups()]]
        assert all(src in allowed for _, src in found), found
        assert sum(p.glory for p in s.players) - before == sum(n for n, _ in found), typed
        gained += sum(n for n, _ in found)
    assert s.model_dump() == end.model_dump() and gained > 0


# ---- MMB-DECK-13 ----
def test_mmb_deck_13_fever_costs_each_ship_at_sea_a_crew_and_fog_a_scouting_die() -> None:
    s = started(3, seed="fever")
    a, b, c = s.order
    at_sea(s, a, "caribbean_sea")
    in_port(s, b, "havana")
    at_sea(s, c, "nassau")
    s.players[a].ship.points["crew"], s.players[c].ship.points["crew"] = 2, 1
    s.players[b].ship.points["crew"] = maxima(s.players[b])["crew"]
    crew_b = s.players[b].ship.points["crew"]
    s = _next_round(s, FEVER)
    assert s.round.event == FEVER
    assert s.players[a].ship.points["crew"] == 1, "at sea: 1 crew less"
    assert s.players[b].ship.points["crew"] == crew_b, "in port: none"
    assert s.players[c].ship.points["crew"] == 1, "Parley's design: fever never takes the last hand"
    s = _next_round(s, FOG)
    seat = active(s)
    no_cards(s)
    s.players[seat].specialists, s.players[seat].captain = [], "silas_pembury"    # no die of its own
    at_sea(s, seat, "caribbean_sea")
    s.zones["caribbean_sea"].merchant = "spain"
    n = captain(s.players[seat]).skills.scouting
    dice(s, *[1] * 6)
    s = do(s, seat, "scout merchant")
    assert s.round.scouting == -1 and len(s.rng.forced) == 6 - max(1, n - 1), "1 die fewer in the fog"
    assert waiting(s) == (seat,)
