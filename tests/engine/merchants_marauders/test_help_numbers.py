"""The numbers of the /rules help (data/merchants_marauders/help.toml) are Parley's own, quoted as
the data and the rule modules' constants have them: a changed price, count or limit fails here
until the help says so. The wording, notation and limits are checked in test_help.py."""
from __future__ import annotations

import re
from collections import Counter
from typing import Any

from engine.merchants_marauders import GAME
from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.card_models import MISSION_PAY
from engine.merchants_marauders.defs import DATA_DIR, defs
from engine.merchants_marauders.rules import (
    aftermath,
    captains,
    combat,
    cutthroat,
    glory,
    hits,
    locations,
    loyalty,
    raid,
    rumours_missions,
    setup,
    trade,
    treasure_galleon,
    turn,
    weather,
)
from engine.merchants_marauders.rules import port as port_rules
from engine.merchants_marauders.vocab import GOODS, LOCATION_OF_FACE, PORTS, WEAPONS, ZONES
from tests.engine.merchants_marauders.help_topics import line_with, text


# ---- the base game's numbers ----
def test_the_overview_and_turn_quote_the_setup_and_the_action_budget() -> None:
    t, board = text("overview"), defs().tokens.board
    assert board.glory_to_win == glory.GLORY_TO_WIN and f"**{board.glory_to_win} glory**" in t
    assert f"{GAME.min_players} to {GAME.max_players} players" in t
    assert f"{len(ZONES)} sea zones" in t and f"{len(PORTS)} zones that each have a port" in t
    assert f"with {glory.START_GOLD} gold and {glory.START_GLORY_CARDS} glory card" in t
    assert glory.START_SHIPS == ("sloop", "flute") and "picks a Sloop or a Flute in secret" in t
    assert turn.ACTIONS_PER_TURN == 3 and "a turn of 3 actions" in t and "you have **3 actions**" in text("turn")
    assert f"holds all {board.merchant_track} tokens" in text("round")


def test_moving_quotes_the_links_and_the_port_limit() -> None:
    t = text("moving")
    assert f"it links to {len(defs().map.zones['caribbean_sea'].neighbours)} zones" in t
    assert f"can carry {trade.PORT_CARD_LIMIT} cargo cards" in t
    assert combat.moves_allowed(0, 3) == 1 and "at most once a turn" in t


def test_scouting_quotes_the_skill_range_and_the_die() -> None:
    skills = [v for c in defs().all_captains().values() for v in c.skills.model_dump().values()]
    assert f"skills run {min(skills)} to {max(skills)}" in text("scouting")
    assert raid.found(["skull"]) and not raid.found([1, 2, 3, 4]) and "**one skull is enough**" in text("scouting")


def test_selling_and_buying_quote_the_prices() -> None:
    t, o = text("selling-and-buying"), trade.ORDINARY
    assert f"sells for **{trade.DEMAND_PRICE} gold**" in t and f"any other good for **{o.other_price} gold**" in t
    assert f"**{trade.DEMAND_GLORY_AT} or more** demand goods in one sale earns **1 glory**" in t
    assert f"you draw **{o.draws}** cargo cards" in t and f"just **{o.repeat_draws}**" in t
    assert f"costs **{o.buy_price} gold**, or **{o.pair_price} gold**" in t
    assert f"up to {trade.PORT_CARD_LIMIT} cards" in t
    goods = Counter(c.good for c in cards().base.cargo.cards.values())
    assert set(goods.values()) == {8} and f"has {len(GOODS)} goods ({', '.join(sorted(GOODS))}), 8 cards each" in t


COUNTED = {"buy_price", "demand_bonus", "hire_specialist", "repair_price", "discount", "redraw_cost", "buy_draws",
           "other_price"}     # the property kinds with a number of gold or cards; the rest are 1 die or none


def _numbers(effect: Any) -> list[int]:
    if effect.kind not in COUNTED:
        return []
    return [v for k in ("n", "repeat") if isinstance(v := getattr(effect, k, None), int)]


def test_every_port_is_listed_with_its_nation_and_the_numbers_of_its_property() -> None:
    zones = defs().map.zones
    for z in PORTS:
        zd = zones[z]
        assert zd.nation is not None
        line = line_with("ports", f"**{zd.name}** ({zd.nation.capitalize()})")
        for effect in zd.property:
            for n in _numbers(effect):
                assert re.search(rf"\b{n}\b", line), (z, n, line)
    assert not zones["caribbean_sea"].property and "no property" in text("ports")
    designed = [ln for ln in (DATA_DIR / "base" / "map.toml").read_text(encoding="utf-8").splitlines()
                if ln.startswith("property = [{") and "# design" in ln]
    assert len(designed) == 14 and "the other fourteen are Parley's design" in text("ports")
    assert "14 of the port properties" in text("readings")


def _ship_line(sd: Any) -> str:
    return (f"hull {sd.hull}, masts {sd.masts}, crew {sd.crew}, cannons {sd.cannons}, cargo {sd.cargo}, "
            f"manoeuvre {sd.manoeuvre}")


def test_every_ship_is_listed_with_the_datas_values() -> None:
    for sd in defs().all_ships().values():
        if sd.type == "treasure_galleon":
            continue
        line = line_with("ships", f"**{sd.name}:**")
        price = "not for sale" if sd.cost is None else f"{sd.cost} gold, sells for {sd.sale}"
        slots = f"{sd.mod_slots} modification slot" + ("s" if sd.mod_slots > 1 else "")
        assert f":** {price}; {_ship_line(sd)}; {slots}." in line, line
        assert ("A starting ship" in line) == sd.start_option, line
        assert ("1 glory when first bought" in line) == sd.buy_glory, line
    brig = defs().all_ships()["brig"]
    assert f"{brig.cost} gold, sells for {brig.sale}; {_ship_line(brig)}, {brig.mod_slots} modification slots" \
        in text("module-5-ships")
    assert defs().sog_ships.cards["galleon_m1"].manoeuvre == 1 and "**manoeuvre 1**" in text("module-5-ships")
    counts = [s.mod_slots for s in defs().all_ships().values()]
    assert f"A ship has {min(counts)} to {max(counts)} slots" in text("shipyard")


def test_the_shipyard_quotes_repairs_modifications_and_weapons() -> None:
    t = text("shipyard")
    assert port_rules.REPAIR_PRICE == 2 and f"**{port_rules.REPAIR_PRICE} gold** a point" in t
    mods = defs().modifications.modifications.values()
    assert f"Parley's {sum(m.tokens for m in mods)} are {len(mods)} kinds, 2 of each" in t
    for m in mods:
        assert m.tokens == 2
        line_with("shipyard", f"**{m.name}** ({m.cost} gold)")
    costs = {w.cost for w in defs().all_weapons().values()}
    assert costs == {3} and "**3 gold** each" in t and "(3 gold, one of each kind aboard" in text("hits-and-weapons")
    assert "modifications (4 to 6)" in text("readings") and {m.cost for m in mods} == {4, 5, 6}
    assert defs().weapons.per_kind == 1


def test_crew_specialists_rumours_and_missions_quote_the_limits() -> None:
    t = text("crew-and-specialists")
    assert port_rules.CREW_PRICE == 1 and "**1 + your skulls** crew at **1 gold** each" in t
    assert f"At most **{locations.SPECIALISTS_ABOARD}** aboard" in t
    specialists: Counter[str] = Counter()
    for card in cards().base.glory.cards.values():
        if card.specialist:
            specialists[card.specialist] += card.copies
    assert set(specialists.values()) == {3} and f"{len(specialists)} kinds ({', '.join(specialists)})" in t
    r = text("rumours-and-missions")
    assert f"You hold at most **{locations.RUMOURS_HELD}**" in r
    rumours = cards().base.rumours.rumours.values()
    true = sum(x.truth for x in rumours)
    assert f"{len(rumours)} rumours, {true} true and {len(rumours) - true} false" in r
    assert f"**{rumours_missions.BASE_SLOTS}** lie face up" in r and rumours_missions.MISSION_GLORY == 1
    assert rumours_missions.RUMOUR_GLORY == 1 and "A true rumour gives **1 glory**" in r
    low, high = MISSION_PAY
    assert f"**1 glory** and {low} to {high} gold" in r


def test_the_stash_quotes_its_rate_and_cap() -> None:
    t = text("stash")
    assert f"Each **{glory.STASH_GOLD_PER_GLORY} gold** in the stash is worth **1 glory**, up to " \
           f"**{glory.STASH_GLORY_MAX}** glory" in t
    assert ", ".join(str(c) for c in glory.GLORY_OR_DEATH_COSTS[:-1]) + f" and {glory.GLORY_OR_DEATH_COSTS[-1]}" in t


def test_raids_quote_the_cards_the_glory_and_the_deck() -> None:
    t = text("raids")
    assert raid.RAID_CARDS == 3 and "3 cargo cards are laid face up" in t
    assert f"Plunder of **{raid.RICH_RAID} gold** or more earns **1 glory**" in t
    deck = list(cards().base.cargo.cards.values())
    icons = Counter("escape" if c.icon == "escape" else "blank" if c.icon == "blank" else "damage" for c in deck)
    plunder = [c.plunder for c in deck]
    assert f"Parley's {len(deck)} cargo cards carry {icons['damage']} damage icons, {icons['escape']} escapes " \
           f"and {icons['blank']} blanks, and plunder of {min(plunder)} to {max(plunder)}" in t
    assert raid.nation_choices("spain", None) == ("spain",) and "In the Caribbean Sea only the token's nation" in t
    assert raid.raid_bounty("spain", "england", [raid.war("spain", "england")]) is None


def test_combat_and_hits_quote_the_contest_and_the_location_die() -> None:
    t = text("combat")
    assert f"manoeuvre is **{combat.MANOEUVRE_EDGE}** or more above" in t
    assert combat.GLORY_FOR_VICTORY == 1 and "gains **1 glory**" in text("crew-clash")
    faces = ", ".join(("a " if f == "skull" else "") + f"**{f}** {'the ' if f == 'skull' else ''}{loc}"
                      for f, loc in LOCATION_OF_FACE.items())
    assert faces in text("hits-and-weapons"), faces
    for w in defs().weapons.weapons.values():
        line_with("hits-and-weapons", f"**{w.name}:**")
    assert hits.SKULL_TARGET == {"chain_shot": "masts", "grapeshot": "crew"}


def test_the_clash_and_npcs_quote_the_rewards_and_skills() -> None:
    t, pay = text("crew-clash"), aftermath.PIRATE_NPC_REWARD
    assert f"draw {aftermath.NAVY_PLUNDER_DRAW} cargo cards" in t
    assert f"{pay['sloop']} gold for a pirate Sloop or {pay['frigate']} for a Frigate" in t
    assert f"{pay['brig']} for a Brig and {pay['man_o_war']} for a Man-o'-war" in t
    assert {n.reward for n in defs().all_npcs().values() if n.side == "pirate"} == {pay[s] for s in pay}
    npc_skills = [v for e in cards().base.events.events.values() if e.npc is not None
                  for v in (e.npc.captain.seamanship, e.npc.captain.scouting, e.npc.captain.leadership)]
    assert f"Leadership ({min(npc_skills)} to {max(npc_skills)})" in text("npcs")


def test_bounties_and_glory_quote_the_data() -> None:
    t = text("bounties-and-war")
    assert f"earns **{aftermath.BOUNTY_REWARD} gold** for each bounty token" in t
    base, both = defs().bounty_tokens(False), defs().bounty_tokens(True)
    assert set(base.values()) == {5} and set(both.values()) == {7}
    assert "5 bounty tokens per nation (7 with the expansion)" in t and defs().tokens.supply.war_flags == 2
    g = text("glory-and-victory")
    assert f"You hold at most **{glory.GLORY_HAND_LIMIT}**" in g
    deck = Counter({f: 0 for f in ("specialist", "combat", "trade", "sailing", "fortune")})
    for c in cards().base.glory.cards.values():
        deck[c.family] += c.copies
    assert f"Parley's deck has {deck.total()}: {deck['specialist']} specialists" in g
    assert f"{deck.total() - deck['specialist']} used once: {deck['combat']} for combat, {deck['trade']} for trade, " \
           f"{deck['sailing']} for sailing and {deck['fortune']} of fortune" in g
    assert f"selling {trade.DEMAND_GLORY_AT} or more demand goods" in g and f"plundering {raid.RICH_RAID} gold" in g


def test_captains_quote_the_decks_and_the_new_captains_gold() -> None:
    t = text("captains-and-death")
    assert {c.skills.total() for c in defs().all_captains().values()} == {10} and "adding up to 10" in t
    by_nation = defs().captains.by_nation()
    assert set(by_nation.values()) == {4} and f"base deck has {len(defs().captains.captains)}, 4 per nation" in t
    assert f"Module 1 adds {len(defs().sog_captains.captains)}" in t
    assert glory.starting_gold(3) == (10, 0) and glory.starting_gold(25) == (10, 15)
    assert f"You get {glory.START_GOLD} gold: the stash pays first" in t


# ---- the modules' and variants' numbers ----
def test_module_1_counts_the_new_cards() -> None:
    sog, t = cards().sog, text("module-1-new-cards")
    npc_cards = sum(e.kind == "npc" for e in sog.events.events.values())
    assert f"{len(sog.rumours.rumours)} rumours, {len(sog.missions.missions)} missions and " \
           f"{len(defs().sog_captains.captains)} captains" in t
    assert f"{len(sog.events.events)} events join the event deck ({npc_cards} of them NPC cards)" in t
    assert rumours_missions.MOST_SLOTS == 3 and "a **third mission** slot" in t
    replaced = {r.replaces: r.module for r in sog.rumours.replacements.values()}
    assert replaced == {"ru-12": 7} and "`ru-12` has its replacement, used with Module 7" in t
    assert "replacement for rumour `ru-12` is used" in text("module-7-contraband")


def test_module_2_and_3_list_the_new_kinds_with_their_prices() -> None:
    new = defs().sog_weapons.weapons.values()
    assert {w.tokens for w in new} == {4} and {w.cost for w in new} == {3}
    assert f"one of each of {len(WEAPONS)} kinds" in text("module-2-special-weapons")
    assert "Each new kind has 4 tokens at 3 gold" in text("module-2-special-weapons")
    for w in new:
        assert f"**{w.name}:**" in text("module-2-special-weapons"), w.name
    assert [hits.doubled_skulls(["skull"] * n) for n in (1, 2, 3)] == [2, 4, 5]
    assert "so 1 skull deals 2 hits, 2 deal 4 and 3 deal 5" in text("module-2-special-weapons")
    for m in defs().sog_modifications.modifications.values():
        assert m.tokens == 2
        line_with("module-3-modifications", f"**{m.name}** ({m.cost} gold")
    assert f"the {sum(m.tokens for m in defs().modifications.modifications.values())} base ones" \
        in text("module-3-modifications")


def test_modules_4_and_6_quote_the_upgrades_and_the_treasure_galleon() -> None:
    ups = defs().npc_upgrades.upgrades
    assert f"{len(ups)} face-down upgrade tokens" in text("module-4-npc-upgrades")
    tg, t = defs().sog_ships.npcs["treasure_galleon"], text("module-6-treasure-galleon")
    assert tg.start == treasure_galleon.START == "cartagena" and "in the **Cartagena** zone" in t
    assert tg.skills is not None and f"Seamanship {tg.skills.seamanship}, Scouting {tg.skills.scouting}, " \
                                     f"Leadership {tg.skills.leadership}" in t
    assert f"adds **{tg.gold_per_move} gold**" in t and f"per full **{tg.bounty_per_gold} gold**" in t
    assert tg.attack_bounties == 1 and "**1 Spanish bounty token**" in t and tg.glory == 1 and not tg.hunts
    assert treasure_galleon.LOW_MANOEUVRE == 1 and "its manoeuvre is 1" in t


def test_module_7_quotes_the_contraband_numbers() -> None:
    c, t = cards().sog.contraband, text("module-7-contraband")
    assert f"{len(c.cards)} contraband cards" in t and f"**{c.sale_gold} gold** each" in t
    assert c.sales_per_glory == 2 and "Every **second** contraband card you sell earns **1 glory**" in t
    assert "a flat **3 gold** a card (2 in Nassau" in t


def test_module_8_quotes_the_storm_and_the_wind_costs() -> None:
    t = text("module-8-wind-and-weather")
    assert f"one of the {len(defs().sog_tokens.compass.directions)} compass directions" in t
    assert weather.STORM_START == "caribbean_sea" and "starts in the Caribbean Sea" in t
    assert f"takes **{weather.STORM_HITS}** random hits, 1 fewer per Seamanship skull" in t
    assert weather.move_cost("NW", "NW") == 0 and weather.move_cost("NW", "SE") == 2
    assert weather.move_cost("NW", "N") == 1 and weather.move_cost("NW", "NW", free_move_used=True) == 1
    assert "takes 2 actions" in t and defs().map.zones["caracas"].neighbours["caribbean_sea"] == "NW"
    assert "Caracas to the Caribbean Sea (NW) is with the wind, and back (SE) against it" in t


def test_module_9_lists_every_location_with_its_defence_and_bounties() -> None:
    locs = defs().locations
    t = text("module-9-locations")
    assert f"{len(locs.tokens())} location tokens, {len(locs.locations)} kinds twice over" in t
    assert locs.visits_per_round == 1 and "at most one visit a round" in t
    assert f"Plunder of {locs.glory_plunder} gold or more earns 1 glory" in t
    for loc in locs.locations.values():
        line = line_with("location-tokens", f"**{loc.name}** (")
        if loc.raid is None:
            assert "Can't be raided" in line, line
            continue
        assert f"Defence {loc.raid.defence}" in line, line
        bounty = "1 + 1 bounty" if tuple(loc.raid.bounties) == (1, 1) else "no bounty"
        assert tuple(loc.raid.bounties) in ((1, 1), (0, 0)) and bounty in line, line
        for effect in loc.visit:
            if effect.kind in ("buy_off_bounties", "hire_specialist", "trade"):
                assert re.search(rf"\b{effect.n}\b", line), line
    assert locations.TOWN_SHIPYARD == ("ship", "repair", "weapon")
    assert "shipyard without modifications" in text("location-tokens")


def test_modules_10_and_11_quote_the_boards() -> None:
    g, t = defs().boards.goodwill, text("module-10-goodwill")
    assert f"goodwill from {g.start} to **{g.max}**" in t and f"for **{g.price} gold**" in t
    assert g.per_situation == 1 and "Only 1 goodwill per situation" in t
    levels = defs().boards.levels
    lt = text("module-11-loyalty")
    assert f"starting at **{levels[defs().boards.loyalty.start].name}**" in lt
    assert "Best first: " + ", ".join(lv.name for lv in levels.values()) + "." in lt
    prices = ", ".join(f"{lv.raise_price} gold from {lv.name}" if i == 0 else f"{lv.raise_price} from {lv.name}"
                       for i, lv in enumerate(x for x in levels.values() if x.raise_price))
    assert prices in lt, prices
    assert {lv.id: lv.raise_price for lv in levels.values() if lv.raise_price} == loyalty.RAISE_PRICES


def test_the_variants_quote_their_numbers_and_examples() -> None:
    t = text("variants")
    assert glory.stash_glory(50, True) == 3 and glory.stash_points_cost(5, True) == 100
    assert "50 gold stashed earn 3 glory; 5 glory take 100" in t
    assert f"pay {captains.EXTRA_DRAW_COST} gold" in t and f"up to {captains.MOST_DRAWN} captains" in t
    assert captains.DEALT["two_keep_one"] == 2 and "dealt 2 and keep 1" in t
    assert f"places {setup.LIFE_IS_PAIN_NAVIES} warships of different nations and {setup.LIFE_IS_PAIN_PIRATES} pirate" in t
    v6 = [trade.demand_gold(n, trading_rules=True) for n in (2, 3, 4)]
    assert v6 == [9, 12, 15] and "so 2 earn 9, 3 earn 12, 4 earn 15" in t
    assert trade.demand_gold(2, trade.PortTerms(demand_bonus=1), trading_rules=True) == 11 and "(2 earn 11)" in t
    assert f"first demand good earns {trade.V6_FIRST_PRICE} gold and each further one {trade.V6_NEXT_PRICE}" in t
    c = text("cutthroat")
    assert cutthroat.PENALTY == 2 and f"loses **{cutthroat.PENALTY}** of the {cutthroat.ACTIONS_PER_TURN} actions" in c
