"""The /rules help (data/dead_reckoning/help.toml): well-formed topics within Discord's limits, a topic
for every part of the rulebook and the variant, Parley's own numbers (the rules, Achievements,
Buildings, boards, Upgrades, Sailors and the tower) quoted as the data has them, the buttons, prompts
and notation as the engine writes them, the defaults it describes, and Parley's own wording: no run
of 8 words copied from the rulebook."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from engine.core.help import load_help
from engine.dead_reckoning import GAME, DeadReckoningOptions, labels, notation
from engine.dead_reckoning import actions as A
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.actions import action
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules import leveling
from engine.dead_reckoning.rules.common import card_names
from engine.dead_reckoning.rules.discard_draw import cards_to_draw
from engine.dead_reckoning.rules.scoring import CATEGORIES, island_coins
from engine.dead_reckoning.rules.tower import active_wins, tower_defs
from engine.dead_reckoning.state import Space, State
from tests.engine.help_checks import (
    HelpFile,
    check_copy_check_catches,
    check_cross_references,
    check_fields_within_limits,
    check_file_not_copied,
    check_header,
    check_ids,
    check_offered_in_file_order,
    check_topic_not_copied,
    rule_windows,
)

REPO = Path(__file__).resolve().parents[3]
HELP = REPO / "data" / "dead_reckoning" / "help.toml"

REQUIRED = ["overview", "turn", "cards", "sailors", "goods", "sails-and-moving", "buying", "abilities",
            "upgrades", "cleanup", "leveling", "islands", "ocean-boards", "buildings", "pirate-mode",
            "battles", "defending", "battle-tower", "sinking", "achievements", "bonus-tokens", "game-end",
            "scoring", "readings", "playing-in-parley"]

HELP_FILE = HelpFile(HELP)
TOPICS, BY_ID, FILE_TEXT = HELP_FILE.topics, HELP_FILE.by_id, HELP_FILE.file_text
text, line_with = HELP_FILE.text, HELP_FILE.line_with


def rulebook_windows() -> frozenset[tuple[str, ...]]:
    return rule_windows("dead_reckoning.txt")


def game_state(players: int = 2, **options: bool) -> State:
    return GAME.setup(players, DeadReckoningOptions(**options), "help")


# ---- the file ----
def test_every_topic_has_the_fields_within_limits() -> None:
    check_fields_within_limits(TOPICS)


def test_ids_are_unique_and_the_expected_topics_exist() -> None:
    check_ids(TOPICS, REQUIRED)


def test_the_game_offers_the_topics_in_file_order() -> None:
    check_offered_in_file_order(load_help(HELP), TOPICS)
    check_offered_in_file_order(GAME.help_topics(), TOPICS)


def test_the_header_says_it_is_parleys_own_wording() -> None:
    check_header(FILE_TEXT)


def test_topics_named_in_bold_exist() -> None:
    """'see **islands**' and '(see **pirate-mode**, **buildings**)' point at real topics."""
    check_cross_references(TOPICS, least=20)


# ---- Parley's numbers, as the data has them ----
def test_the_overview_quotes_the_setup_numbers() -> None:
    r, kit, t = defs().rules, defs().supply.player, text("overview")
    islands = r.setup.islands
    assert f"With 4 players {islands[4]} boards are islands, with 3 players {islands[3]}, with 2 players {islands[2]}" in t
    assert f"{r.setup.grid_columns} columns and {r.setup.grid_rows} rows" in t
    assert f"{kit.chest_coins} coins in the chest, {kit.cubes} cubes, {r.setup.opening_hand} cards in hand" in t
    a, b, c, d = r.setup.starting_cargo
    assert f"the Docks get {a}, {b}, {c} and {d} cargo" in t and r.setup.level_up_seat == 4
    assert f"with {defs().achievements.end_trigger} Achievement markers placed" in t
    assert f"deck of {kit.sailor_cards} Sailor cards" in t


def test_sails_moving_and_exploring_match_the_rules() -> None:
    t, turn = text("sails-and-moving"), defs().rules.turn
    assert f"**{turn.sail_max}** at most" in t and "costs 1 Sail" in t
    assert turn.set_sails_per_turn == 1 and "**Setting sails:** once a turn" in t
    assert turn.explores_per_turn == 1 and "at most one board a turn" in t
    assert f"deals {defs().buildings.buildings['garrison'].entry_damage} damage to every Ship" in t


def test_buying_quotes_the_limit_the_costs_and_the_merchant_cubes_by_row() -> None:
    t = text("buying")
    assert f"up to **{defs().rules.turn.buys_per_turn}** a turn" in t
    cards = list(defs().advancements.cards.values())
    for row in (1, 2, 3, 4):
        costs = [c.cost for c in cards if c.row == row]
        assert re.search(rf"row {row}( cards cost)? {min(costs)}-{max(costs)}\b", t, re.I), f"row {row} costs"
        cubes = [c.back.cubes for c in cards if c.row == row and c.back is not None and c.back.cubes]
        assert re.search(rf"\b{min(cubes)}-{max(cubes)}( black cubes)? in row {row}\b", t), f"row {row} backs"
    assert any(c.back is not None and c.back.cubes == 0 for c in cards) and "with none strikes its colours" in t


def test_cleanup_quotes_the_draw_the_limit_and_its_example_adds_up() -> None:
    t, c = text("cleanup"), defs().rules.cleanup
    assert f"Draw {c.draw}, but never past your hand limit of {c.hand_limit}, plus {c.hand_size_per_island} for each" in t
    assert c.set_aside_max == 1 and "Only 1 may stay aside" in t
    assert "you kept 3 cards and played one draw bonus. The draw would be 5" in t
    assert c.draw + 1 == 5 and cards_to_draw(3, c.hand_limit, 1) == 3 and "lets in only 3" in t


def test_the_cards_topic_counts_the_deck_and_names_real_cards() -> None:
    t, sailors = text("cards"), defs().sailors.sailors.values()
    assert sum(s.copies for s in sailors) == defs().supply.player.sailor_cards == 12
    for s in sailors:
        assert s.name in t, s.name
        if s.copies > 1:
            plural = s.name if s.name.endswith("Crew") else f"{s.name}s"
            assert f"{s.copies} {plural}" in t, s.name
    r = defs().rules.cleanup
    assert f"up to {r.advancements_per_card} Advancements" in t
    for span in re.findall(r"`([^`]+)`", t):
        assert span in card_names(), span


def test_every_sailor_has_its_line_with_the_datas_prices() -> None:
    t = text("sailors")
    for s in defs().sailors.sailors.values():
        line_with("sailors", f"**{s.name}:**")
    bosun = defs().sailors.sailors["bosun"].levels[3].abilities[0].options
    prices = {o.effects[0].tier: o.cost[0].n for o in bosun if o.cost}
    assert f"Basic Upgrade for {prices['basic']} cargo" in t and f"Advanced one for {prices['advanced']} cargo" in t
    crew = defs().sailors.sailors["crew"].levels[1].abilities[1]
    assert crew.where == "harbor" and f"for {crew.options[0].cost[0].n} cargo in Harbor only" in t
    purser = defs().sailors.sailors["purser"].levels[3].abilities[0].options[0].effects[0]
    assert f"each one gives {purser.bonus_cargo} cargo and {purser.bonus_coin} coin more" in t


def test_every_upgrade_tile_is_named_under_its_tier() -> None:
    t, values = text("upgrades"), defs().rules.scoring.upgrade
    tiles = list(defs().upgrades.tiles.values())
    basic = line_with("upgrades", f"Basic, {values['basic']} coin each")
    advanced = line_with("upgrades", f"Advanced, {values['advanced']} coins each")
    for tile in tiles:
        assert f"**{tile.name}**" in (basic if tile.tier == "basic" else advanced), tile.name
    assert f"{sum(x.copies for x in tiles)} in all" in t


def test_every_building_is_listed_with_its_count_cost_and_defence() -> None:
    b = defs().buildings
    for kind in b.buildings.values():
        line = line_with("buildings", f"**{kind.name}** ({kind.count} in the box)")
        cost = " and ".join(f"{p.n} {p.res}" for p in kind.cost)
        assert f": {cost}." in line, line
        if kind.defense_cubes:
            assert f"Defends with {kind.defense_cubes} black cubes" in line, line
        if not kind.attackable:
            assert "can't be attacked" in line, line
        if kind.bonus.cargo:
            assert f"gives {kind.bonus.cargo} cargo and {kind.bonus.coin} coin more" in line, line
    assert f"Both together defend with {b.both_defense_cubes} cubes" in text("buildings")
    assert f"each is worth {b.score} coin" in text("buildings")
    assert f"**Builder** wants {defs().achievements.achievements['builder'].target} at once" in text("buildings")


def _production(board: Any) -> str:
    parts = []
    if board.production.cargo:
        parts.append(f"{board.production.cargo} cargo")
    if board.production.coin:
        parts.append(f"{board.production.coin} coin" + ("s" if board.production.coin > 1 else ""))
    return " and ".join(parts)


def test_every_island_and_open_sea_is_listed_as_the_data_has_it() -> None:
    """The ocean-boards topic quotes ocean.toml: a changed number fails here."""
    islands = defs().ocean.islands()
    assert len(islands) == 12
    for board in islands:
        line = line_with("ocean-boards", f"**{board.name}:**")
        assert f"{board.slots} slots; makes {_production(board)};" in line, line
        assert f"; {' / '.join(str(v) for v in board.scores)} coins" in line, line
        assert ("hand size" in line) == board.hand_size, line
    for sea in defs().ocean.seas():
        line = line_with("ocean-boards", f"**{sea.name}:**")
        assert f":** {', '.join(sea.arrows)};" in line, line
        when = "every game" if not sea.player_icons else " or ".join(str(n) for n in sea.player_icons) + " players"
        assert line.endswith(f"{when}."), line
    counts = defs().rules.setup.islands
    assert f"{counts[4]}, {counts[3]} or {counts[2]} islands at random (4, 3, 2 players)" in text("ocean-boards")


def test_islands_topic_quotes_cubes_and_final_turn_influence() -> None:
    t = text("islands")
    assert f"your {defs().supply.player.cubes} cubes serve" in t
    assert defs().rules.end.influence_actions_after_final == 2 and "need two Influence icons" in t
    assert defs().rules.cleanup.hand_size_per_island == 1 and "raises your hand limit by 1" in t


def test_every_achievement_is_listed_with_its_coins_goal_and_timing() -> None:
    a = defs().achievements
    t = text("achievements")
    anyone, own = t.split("**Met only on your own turn:**")
    assert "**Met on anyone's turn**" in anyone
    for ach in a.achievements.values():
        line = line_with("achievements", f"**{ach.name}** ({ach.coins} coins)")
        assert line in (anyone if ach.off_turn else own), f"{ach.name} is under the wrong heading"
        if ach.target is not None and ach.target > 1:     # a goal of 1 reads "sink a Ship"
            assert re.search(rf"\b{ach.target}\b", line.split("):", 1)[1]), line
    explorer = a.achievements["explorer"].by_players
    assert f"explore {explorer[2]} boards with 2 players, {explorer[3]} with 3, {explorer[4]} with 4" in t
    assert f"Each player has {a.markers_per_player} markers" in t
    assert f"{a.end_trigger} markers end the game" in t
    assert "announces it to everyone" in t and "stays private until the final score" in t


def test_every_bonus_token_is_listed_and_the_bonus_matches() -> None:
    a = defs().achievements
    t = text("bonus-tokens")
    names = {k: v.name for k, v in a.achievements.items()}
    for token in a.tokens.values():
        pair = " and ".join(names[x] for x in token.shows)
        assert f"- {pair}\n" in t, pair
    assert f"dealt {a.bonus_dealt} of Parley's {len(a.tokens)} tokens and keeps {a.bonus_kept}" in t
    assert f"worth **{a.bonus_coins} coins** more" in t
    assert "bonus_tokens" in DeadReckoningOptions.model_fields and "`bonus_tokens`" in t


def test_battles_quote_the_extras_and_the_loss() -> None:
    t, r = text("battles"), defs().rules
    assert f"{defs().ocean.harbor.defender_cubes} for a Ship attacked in the Harbor" in t
    assert f"{r.battle.cubes_per_building} per Building at your own island" in t
    assert f"{r.end.battle_cubes_after_final} after your final turn" in t
    assert f"the loser takes {r.battle.loser_damage} damage" in t
    assert f"every Ship at {defs().ship.sinks_at} damage sinks" in t


def test_the_tower_topic_quotes_every_zones_odds() -> None:
    """A zone added to tower.toml, or new odds, fails here until the help says so."""
    names = {"exploding": "**Exploding shot**", "strength-1": "**1 strength**", "strength-2": "**2 strength**",
             "damage": "**Damage**", "coin-1": "**1 coin**", "coin-2": "**2 coins**", "cargo-1": "**1 cargo**",
             "cargo-2": "**2 cargo**", "either-1": "**1 of either**", "empty": "**Empty deck**"}
    tower, t = tower_defs(), text("battle-tower")
    assert {z.id for z in tower.zones} == set(names)
    for z in tower.zones:
        assert f"{names[z.id]} {z.percent}%" in t, z.id
    assert f"After {tower.max_explosion_rounds} rounds" in t
    assert f"({tower.knock_percent}% each)" in t
    assert "4 cubes against 5 is an even fight" in t and abs(active_wins(4, 5) - 0.5) < 0.02
    assert defs().rules.battle.exploding_extra == 1 and "with 1 extra cube of its colour" in t


def test_sinking_and_the_end_quote_the_rules() -> None:
    r = defs().rules
    assert f"**{defs().ship.sinks_at} damage sinks a Ship.**" in text("sinking")
    assert f"otherwise {r.battle.sink_coin_loss} coins from your Treasure chest" in text("sinking")
    t = text("game-end")
    assert r.end.final_turns == 1 and "**one final turn**" in t
    assert f"{defs().achievements.end_trigger} or more Achievement markers" in t
    assert r.end.influence_actions_after_final == 2 and "take **two** Influence icons" in t
    assert f"they add **{r.end.battle_cubes_after_final}** Battle cubes" in t


def test_scoring_names_every_category_and_the_island_example_adds_up() -> None:
    t = text("scoring")
    for label in CATEGORIES.values():
        assert f"**{label}:**" in t, label
    lantern = next(b for b in defs().ocean.islands() if b.name == "Lantern Isle")
    assert f"Lantern Isle ({lantern.slots} slots, {' / '.join(str(v) for v in lantern.scores)})" in t
    assert "you have 2 cubes, a rival 1, and 2 slots are empty" in t and lantern.slots - 3 == 2
    assert island_coins({"p1": 2, "p2": 1}, 2, lantern.scores) == {"p1": 4, "p2": 2}
    assert "score 4; your rival comes third and scores 2" in t
    values = defs().rules.scoring
    assert values.advancements_per_coin == 2 and "1 per 2 you own" in t
    assert f"{values.upgrade['basic']} per Basic tile and {values.upgrade['advanced']} per Advanced" in t


# ---- the buttons, prompts and notation the engine writes ----
def test_quoted_buttons_are_the_engines_labels() -> None:
    s = game_state()
    s.grid["a1"] = Space(board="gull-rock", face_up=True)
    r1_22 = defs().advancements.cards["r1-22"].name
    buttons: dict[str, Any] = {
        "End the main phase": action(A.End), "Play Deck Hand 1": action(A.Play, card="deck-hand-1"),
        "Sails": action(A.SetSails), "Sail to a1 (Gull Rock)": action(A.Move, to="a1"), "Stop": action(A.Stop),
        "Attack the Merchant ship": action(A.Raid), "Attack the Buildings here": action(A.AttackBuildings),
        "Goods": action(A.Menu, group="goods"), "Play": action(A.Menu, group="play"),
        "Use": action(A.Menu, group="use"), "Level up Deck Hand 1": action(A.Level, card="deck-hand-1"),
        "Battle with 3 cubes": action(A.Cubes, n=3), "Use Gunner 1: ability 2": action(A.Use, source="gunner-1", n=2),
        f"Sleeve {r1_22} on Crew 1": action(A.Sleeve, advancement="r1-22", card="crew-1"), "Done": action(A.Done),
        "Pirate": action(A.SetMode, mode="pirate"), "Mercantile": action(A.SetMode, mode="mercantile"),
        "Merchant": action(A.Merchant),
    }
    for label, a in buttons.items():
        assert labels.describe(s, 0, a).label == label
        assert f"**{label}**" in FILE_TEXT, label
    fight = labels.describe(s, 0, action(A.Fight, target=1)).label
    assert fight.startswith("Fight the Pirate") and "**Fight the Pirate**" in text("pirate-mode")
    assert labels.card_name("hull-B") == "Upgrade on hull B" and "**Upgrade on hull B**" in text("abilities")


def test_quoted_prompts_are_the_engines() -> None:
    assert f"**{P.LevelPrompt.text}**" in text("leveling")
    assert f"**{P.ResponsePrompt.text}**" in text("defending")
    assert f"**{P.AbilityPrompt.text}**" in text("defending")


def _notation_examples() -> dict[str, Any]:
    return {
        "play deck-hand-1": action(A.Play, card="deck-hand-1"), "sails": action(A.SetSails),
        "move b2": action(A.Move, to="b2"), "stop": action(A.Stop),
        "load cargo a": action(A.Load, res="cargo", hold="A"),
        "shift coin d a": action(A.Shift, res="coin", hold="D", to="A"), "buy": action(A.Buy),
        "trade": action(A.Trade), "raid": action(A.Raid), "attack p3": action(A.Attack, target=2),
        "use gunner-1 2": action(A.Use, source="gunner-1", n=2), "cubes 4": action(A.Cubes, n=4),
        "cubes 3": action(A.Cubes, n=3), "end": action(A.End), "merchant": action(A.Merchant),
        "fight p2": action(A.Fight, target=1), "take b2": action(A.Take, at="b2"),
        "level deck-hand-1": action(A.Level, card="deck-hand-1"),
        "sail deck-hand-1": action(A.SailChoice, card="deck-hand-1", index=0, take=True),
        "keep deck-hand-1": action(A.SailChoice, card="deck-hand-1", index=0, take=False),
    }


def test_every_code_span_is_real_notation_a_card_a_name_or_an_option() -> None:
    """Whatever the help puts in `code` is something a player can type or will see: a decision as
    notation.notate writes it, a Sailor card id, a board, hold or seat name, or a game option."""
    s = game_state()
    examples = _notation_examples()
    for typed, a in examples.items():
        assert notation.notate(s, a) == typed
    names = {*card_names(), *s.grid, "a", "c", "d", "p1", "p4"}
    for t in TOPICS:
        for span in re.findall(r"`([^`]+)`", t["text"]):
            assert span in examples or span in names or span in DeadReckoningOptions.model_fields, \
                f"{t['id']}: `{span}` is neither notation, a card, a name nor an option"
    assert "c4" in s.grid and "a1" in s.grid


def test_the_play_examples_cover_the_main_menu() -> None:
    line = line_with("playing-in-parley", "**/play**").split("Boards are")[0]   # then the names
    shown = set(re.findall(r"`([a-z]+)[ `]", line))
    assert shown <= notation.VERBS
    assert {"play", "sails", "move", "stop", "load", "shift", "buy", "trade", "raid", "attack", "use", "cubes",
            "end"} <= shown


# ---- the defaults the help describes ----
def test_the_level_up_default_is_the_lowest_card_first_in_hand_order() -> None:
    hand = [leveling.HandCard(card="crew-1", kind="crew", level=2),
            leveling.HandCard(card="gunner-1", kind="gunner", level=1),
            leveling.HandCard(card="bosun", kind="bosun", level=1)]
    assert leveling.default_choice(hand) == "gunner-1"
    assert "Parley levels your lowest-level card, the first in your hand on a tie" in text("leveling")


def test_the_main_menu_default_is_taken_without_listing_the_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    """`end` on the main menu, `done` in one of its groups: what the whole list would give."""
    import engine.dead_reckoning as dr
    s = game_state()
    seat = s.turn.seat
    s.stack.append(P.MainPrompt(seats=[seat]))
    main = GAME.default_action(s, seat)
    s.stack.append(P.MenuPrompt(seats=[seat], group="goods"))
    group = GAME.default_action(s, seat)
    monkeypatch.setattr(dr, "_menu_default", lambda s, seat: None)
    assert group == GAME.default_action(s, seat) == action(A.Done)
    s.stack.pop()
    assert main == GAME.default_action(s, seat) == action(A.End)


def test_the_mode_default_is_mercantile() -> None:
    s = game_state()
    s.stack.append(P.ModePrompt(seats=[s.turn.seat]))
    assert GAME.default_action(s, s.turn.seat) == action(A.SetMode, mode="mercantile")
    assert "Mercantile is the default: if your deadline passes, Parley picks it" in text("pirate-mode")


def test_the_token_default_is_the_first_token_dealt() -> None:
    s = game_state(bonus_tokens=True)
    pending = GAME.pending(s)
    assert pending is not None and isinstance(s.stack[-1], P.TokenPrompt)
    seat = pending.waiting_on[0]
    assert GAME.default_action(s, seat) == action(A.Keep, token=s.players[seat].tokens_dealt[0])
    assert "Parley keeps the first one you were dealt" in text("bonus-tokens")


# ---- Parley's own wording ----
@pytest.mark.parametrize("topic", TOPICS, ids=[t["id"] for t in TOPICS])
def test_no_eight_word_run_from_the_rulebook(topic: dict[str, Any]) -> None:
    check_topic_not_copied(topic, rulebook_windows())


def test_no_eight_word_run_from_the_rulebook_anywhere_in_the_file() -> None:
    check_file_not_copied(FILE_TEXT, rulebook_windows())


def test_the_copy_check_would_catch_a_copied_sentence() -> None:
    check_copy_check_catches(
        rulebook_windows(), 1000, "you may never BATTLE the same ship, building, or non-player more than once in a turn!")
