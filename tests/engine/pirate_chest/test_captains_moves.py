"""Captains' abilities about dice, draws and moving: LUCK, PRIVATEER, KRAKEN, SWIFT, BLOCKADE,
RAIDER, FEARSOME, NEVER LAND, MUTINY."""
from __future__ import annotations

from engine.pirate_chest.prompts import DiscardPrompt, EngagePrompt
from tests.engine.pirate_chest.scenario_helpers import (
    act,
    current,
    deck,
    islands,
    legal,
    pending_of,
    player,
    run,
    state,
    turn,
)


def _table(*players: dict, forced=(), on_islands=None, **extra):
    """Seat 0 to play; the given whole player objects; scripted dice."""
    patch = {"players": list(players), **turn(0), "islands": islands(on_islands), "rng": {"forced": list(forced)}}
    patch.update(extra)
    return state(patch, captains=[p["captain"] for p in players])


# ---- LUCK (Jack Sparrow) ----------------------------------------------------------------------

def test_luck_move_roll_two_dice_keep_either() -> None:
    """PC-LUCK-01: Sparrow rolls two dice for a move and sails by either one."""
    s = _table(player("sparrow", position=1), player("kidd"), forced=[2, 5])
    s, events = act(s, (0, "roll"))
    assert events == ["Jack Sparrow rolls 2 and 5 for a move (Luck: keeps one)."]
    assert legal(s, 0) == ["sail 2 cw to skull-isle", "sail 2 ccw to sea-23", "sail 5 cw to caribbean",
                           "sail 5 ccw to sea-20"]


def test_luck_fight_roll_keeps_the_better_die() -> None:
    """PC-LUCK-01: in a fight Sparrow rolls two dice and the better one counts (1 and 6: 6)."""
    out = run({"players": [player("sparrow", position=1), player("kidd", position=4)], **turn(0),
               "islands": islands(), "rng": {"forced": [3, 3, 1, 6, 5]}},
              [(0, "roll"), (0, "sail 3 cw"), (0, "broadsides"), (1, "stand"), (0, "ready"), (1, "ready")],
              captains=["sparrow", "kidd"])
    assert "Totals: Jack Sparrow 6, Captain Kidd 5." in out["events"]


def test_luck_curse_roll_chooses_the_result() -> None:
    """PC-LUCK-01: on the Curse Table (Voodoo Magic) Sparrow picks which of his two dice applies."""
    s = _table(player("sparrow", position=1, hand=["voodoo-magic"]), player("kidd", position=4, hand=["knives"]),
               forced=[3, 6])
    s, _ = act(s, (0, "play voodoo-magic"))
    assert legal(s, 0) == ["die 3", "die 6"]
    s, events = act(s, (0, "die 3"))
    assert s.players[1].hand == [] and "knives" in s.deck.discard and s.players[1].times_sunk == 0


def test_luck_start_of_turn_draw_two_keep_one() -> None:
    """PC-LUCK-02: Sparrow's turn draw is two cards; he keeps one and discards the other."""
    s = _table(player("kidd", position=1), player("sparrow", position=20), forced=[1],
               deck=deck(["rum", "flee", "knives"]))
    s, _ = act(s, (0, "roll"), (0, "sail 1 cw"), (0, "end"))
    assert pending_of(s).prompt == "keep one of two drawn cards"
    assert legal(s, 1) == ["keep flee", "keep knives"]
    s, _ = act(s, (1, "keep knives"))
    assert (s.players[1].hand, s.deck.discard, s.deck.pile) == (["knives"], ["flee"], ["rum"])


def test_luck_single_draw_from_a_card_is_two_keep_one() -> None:
    """PC-LUCK-02: the one card Spy Glass draws also becomes draw two, keep one."""
    s = _table(player("sparrow", position=1, hand=["spy-glass"]), player("kidd", hand=["knives"]),
               deck=deck(["rum", "flee", "axes"]))
    s, _ = act(s, (0, "play spy-glass"))
    assert legal(s, 0) == ["keep axes", "keep flee"]


def test_luck_multi_card_draws_unchanged() -> None:
    """PC-LUCK-03 (reading: Luck changes only single-card draws; Rum's 2 cards are just 2 cards)."""
    s = _table(player("sparrow", position=1, hand=["rum"]), player("kidd"), deck=deck(["flee", "axes", "pikes"]))
    s, _ = act(s, (0, "play rum"))
    assert s.stack == [] and sorted(s.players[0].hand) == ["axes", "pikes"] and s.deck.pile == ["flee"]


def test_luck_every_die_he_rolls_including_westerlies() -> None:
    """PC-LUCK-04 (reading: Luck applies to every die Sparrow rolls himself, Westerlies' extra 1D6
    too; the bonus dice of Rockets and Undead belong to other captains, so the two never meet)."""
    s = _table(player("sparrow", position=1, hand=["westerlies"]), player("kidd"), forced=[1, 6])
    s, _ = act(s, (0, "play westerlies"))
    assert [n.rsplit(" to ", 1)[0] for n in legal(s, 0)] == ["sail 1 cw", "sail 1 ccw", "sail 6 cw", "sail 6 ccw"]


# ---- PRIVATEER (Captain Kidd) -----------------------------------------------------------------

def test_privateer_move_one_space_instead_of_rolling() -> None:
    """PC-PRIV-01: Kidd may sail exactly 1 space, either way, with no roll."""
    s = _table(player("kidd", position=2), player("jones"), forced=[6])
    assert legal(s, 0) == ["roll", "privateer"]
    s, events = act(s, (0, "privateer"))
    assert legal(s, 0) == ["sail 1 cw to skull-isle", "sail 1 ccw to sea-1"]
    assert s.rng.forced == [6] and events == []


def test_privateer_on_every_move_extra_moves_too() -> None:
    """PC-PRIV-02: with the Compass's extra move Kidd may use Privateer again."""
    s = _table(player("kidd", position=2, coins=["compass"]), player("jones"), **turn(0, moves_left=2))
    s, _ = act(s, (0, "privateer"), (0, "sail 1 cw"))
    assert legal(s, 0) == ["roll", "privateer", "end"]   # extra moves may be left unused
    s, _ = act(s, (0, "privateer"), (0, "sail 1 cw"))
    assert s.players[0].position == 4 and legal(s, 0) == ["end"]


# ---- KRAKEN (Davy Jones) ----------------------------------------------------------------------

def test_kraken_before_or_after_the_move_once_a_turn() -> None:
    """PC-KRAKEN-01 (reading: once per turn, before or after the move, even with extra moves)."""
    s = _table(player("jones", position=1, coins=["compass"]), player("kidd", position=20),
               forced=[6, 1, 1], **turn(0, moves_left=2))
    assert legal(s, 0) == ["roll", "kraken"]
    before, _ = act(s, (0, "kraken"))
    assert legal(before, 0) == ["roll"]
    after, _ = act(s, (0, "roll"), (0, "sail 6 cw"))
    assert "kraken" in legal(after, 0)
    after, _ = act(after, (0, "kraken"), (0, "roll"), (0, "sail 1 cw"))
    assert "kraken" not in legal(after, 0)


def test_kraken_sinks_the_enemy_at_the_rolled_distance() -> None:
    """PC-KRAKEN-02, PC-KRAKEN-04: roll 4, the enemy 4 spaces away on open sea is destroyed: it goes
    home, misses a turn and its coins sink hidden to the islands (not to Davy Jones)."""
    s = _table(player("jones", position=1), player("kidd", position=5, coins=["map"]), forced=[4])
    s, events = act(s, (0, "kraken"))
    kidd = s.players[1]
    assert (kidd.position, kidd.coins, kidd.skip_turns) == (12, [], 1)
    assert s.players[0].coins == [] and [c.id for pile in s.islands.values() for c in pile] == ["map"]
    assert all(not c.face_up for pile in s.islands.values() for c in pile)


def test_kraken_misses_when_no_ship_at_that_distance() -> None:
    """PC-KRAKEN-02: nothing 3 spaces away, nothing happens."""
    s = _table(player("jones", position=1), player("kidd", position=5), forced=[3])
    s, events = act(s, (0, "kraken"))
    assert "The Kraken finds no ship 3 spaces away." in events and s.players[1].position == 5


def test_kraken_cannot_reach_special_spaces() -> None:
    """PC-KRAKEN-03: a ship on a deserted island (or any port) is safe from the Kraken."""
    s = _table(player("jones", position=1), player("kidd", position=3), player("hook", position=6),
               forced=[2, 5])
    s, _ = act(s, (0, "kraken"))
    assert s.players[1].position == 3
    s.turn.kraken_used = False
    s, _ = act(s, (0, "kraken"))
    assert s.players[2].position == 6 and s.players[2].times_sunk == 0


def test_kraken_flying_dutchman_immune_to_storms() -> None:
    """PC-KRAKEN-05: Typhoon and Hurricane cannot pick Davy Jones: with him the only enemy they are
    unplayable, and Typhoon's 'farthest' passes him over for a nearer ship."""
    s = _table(player("kidd", position=1, hand=["typhoon", "hurricane", "tidal-wave"]), player("jones", position=13))
    assert [n for n in legal(s, 0) if n.startswith("play")] == ["play tidal-wave"]
    s = _table(player("kidd", position=1, hand=["typhoon"]), player("jones", position=13), player("hook", position=7))
    s, _ = act(s, (0, "play typhoon"))
    assert [(p.position, p.times_sunk) for p in s.players[1:]] == [(13, 0), (24, 1)]


# ---- SWIFT (Captain Blood) --------------------------------------------------------------------

def test_swift_moves_twice_each_turn() -> None:
    """PC-SWIFT-01: Blood's turn has two moves, each rolled separately."""
    s = _table(player("kidd", position=1), player("blood", position=20), forced=[1, 2, 3])
    s, _ = act(s, (0, "roll"), (0, "sail 1 cw"), (0, "end"))
    assert (s.turn.seat, s.turn.moves_left) == (1, 2)
    s, _ = act(s, (1, "roll"), (1, "sail 2 cw"), (1, "roll"), (1, "sail 3 cw"))
    assert s.players[1].position == 1 and legal(s, 1) == ["end"]


def test_swift_each_move_can_end_in_a_fight() -> None:
    """PC-SWIFT-02: Blood fights after his first move and still has his second."""
    s = _table(player("blood", position=1), player("kidd", position=4, coins=["map"]), forced=[3, 6, 1, 2],
               **turn(0, moves_left=2))
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"), (0, "boarding"), (1, "stand"), (0, "ready"), (1, "ready"))
    assert s.players[0].coins == ["map"] and s.players[1].position == 12
    assert legal(s, 0) == ["roll", "end"]


# ---- BLOCKADE (Admiral Horatio) ---------------------------------------------------------------

def test_blockade_no_ship_sails_through_or_past_the_admiral() -> None:
    """PC-BLOCK-01, PC-BLOCK-04, PC-BLOCK-06 (the ability goes with the Admiral, whatever his ship is
    called): a roll that would carry a ship over the Admiral must go the other way, in both
    directions round the track."""
    s = _table(player("kidd", position=3), player("horatio", position=5), forced=[4])
    s, _ = act(s, (0, "roll"))
    assert legal(s, 0) == ["sail 4 ccw to sea-23"]
    s = _table(player("kidd", position=7), player("horatio", position=5), forced=[4])
    s, _ = act(s, (0, "roll"))
    assert legal(s, 0) == ["sail 4 cw to sea-11"]


def test_blockade_stopping_on_the_admiral_is_allowed() -> None:
    """PC-BLOCK-02 (reading: only going through or past is barred; stopping on him means a fight)."""
    s = _table(player("kidd", position=3), player("horatio", position=5), forced=[2])
    s, _ = act(s, (0, "roll"))
    assert legal(s, 0) == ["sail 2 cw to sea-5", "sail 2 ccw to sea-1"]
    s, _ = act(s, (0, "sail 2 cw"))
    assert legal(s, 0) == ["broadsides", "boarding", "both"]


def test_blockade_go_to_moves_jump_it() -> None:
    """PC-BLOCK-03 (reading: moves that go straight to a space (Never Land, Mutiny, Pursuit, X Marks
    the Spot …) are not sailing through, so the blockade does not stop them)."""
    s = _table(player("hook", position=4), player("horatio", position=5))
    s, _ = act(s, (0, "never-land pirate-island"))
    assert s.players[0].position == 12


def test_blockade_stops_a_ship_pushed_by_lost() -> None:
    """PC-BLOCK-03 (reading): Lost's push is rolled sailing, so it cannot carry a ship past the Admiral."""
    s = _table(player("kidd", position=1, hand=["lost"]), player("hook", position=3), player("horatio", position=5),
               forced=[4])
    s, _ = act(s, (0, "play lost"), (0, "target hook"))
    assert legal(s, 0) == ["sail 4 ccw to sea-23"]


def test_blockade_leaving_the_admirals_space_either_way() -> None:
    """PC-BLOCK-04 (reading: a ship sharing the Admiral's space may leave it in either direction)."""
    s = _table(player("kidd", position=5), player("horatio", position=5), forced=[3])
    s, _ = act(s, (0, "roll"))
    assert legal(s, 0) == ["sail 3 cw to sea-8", "sail 3 ccw to sea-2"]


def test_blockade_admiral_hand_limit_is_7() -> None:
    """PC-BLOCK-05: the Admiral ends his turn keeping 7 cards; with 8 he discards 1."""
    seven = ["rum", "flee", "knives", "axes", "pikes", "scurvy", "lost"]
    s = _table(player("horatio", position=1, hand=seven), player("kidd"), forced=[1, 1])
    s, _ = act(s, (0, "roll"), (0, "sail 1 cw"), (0, "end"))
    assert s.turn.seat == 1 and len(s.players[0].hand) == 7
    s = _table(player("horatio", position=1, hand=[*seven, "darkness"]), player("kidd"), forced=[1])
    s, _ = act(s, (0, "roll"), (0, "sail 1 cw"), (0, "end"))
    assert pending_of(s).prompt == "discard cards" and current(s, DiscardPrompt).count == 1


# ---- RAIDER (Captain Morgan) ------------------------------------------------------------------

def test_raider_may_add_1_to_a_move_roll() -> None:
    """PC-RAIDER-01: rolling 3 for a move, Morgan sails 3 or 4."""
    s = _table(player("morgan", position=1), player("kidd"), forced=[3])
    s, _ = act(s, (0, "roll"))
    assert [n.rsplit(" to ", 1)[0] for n in legal(s, 0)] == ["sail 3 cw", "sail 3 ccw", "sail 4 cw", "sail 4 ccw"]


def test_raider_adds_1_in_fights() -> None:
    """PC-RAIDER-01: a fight roll of 5 counts 6, and the attacker wins the 6-6 tie."""
    out = run({"players": [player("morgan", position=1), player("kidd", position=4)], **turn(0),
               "islands": islands(), "rng": {"forced": [3, 5, 6]}},
              [(0, "roll"), (0, "sail 3 cw"), (0, "broadsides"), (1, "stand"), (0, "ready"), (1, "ready")],
              captains=["morgan", "kidd"])
    assert "Totals: Captain Morgan 6, Captain Kidd 6." in out["events"]
    assert out["state"]["players"][1]["position"] == 12


def test_raider_curse_roll_pushed_to_7_does_nothing() -> None:
    """PC-RAIDER-01, PC-RAIDER-02 (reading: Morgan may add 1 on the Curse Table too; a 7 has no
    entry, so nothing happens; he may keep the 6 instead)."""
    s = _table(player("morgan", position=1, hand=["voodoo-magic"]), player("kidd", position=20), forced=[6])
    s, _ = act(s, (0, "play voodoo-magic"))
    assert legal(s, 0) == ["die 6", "die 7"]
    s7, events = act(s, (0, "die 7"))
    assert "The curse roll of 7 has no effect." in events and s7.players[1].position == 20
    s6, _ = act(s, (0, "die 6"))
    assert s6.players[1].position == 12


# ---- FEARSOME (Blackbeard) --------------------------------------------------------------------

def test_fearsome_draws_2_at_the_start_of_his_turn() -> None:
    """PC-FEAR-01: Blackbeard's turn starts with two cards drawn."""
    s = _table(player("kidd", position=1), player("blackbeard", position=20), forced=[1],
               deck=deck(["rum", "flee", "knives"]))
    s, events = act(s, (0, "roll"), (0, "sail 1 cw"), (0, "end"))
    assert (s.turn.seat, sorted(s.players[1].hand), s.deck.pile) == (1, ["flee", "knives"], ["rum"])
    assert "Blackbeard draws 2 cards." in events


# ---- NEVER LAND (Captain Hook) ----------------------------------------------------------------

def test_never_land_go_to_any_port_as_the_move() -> None:
    """PC-NEVER-01: instead of rolling Hook may go to any port; that is his move."""
    s = _table(player("hook"), player("kidd", position=1))
    assert legal(s, 0) == ["roll", "never-land caribbean", "never-land pirate-island", "never-land graveyard"]
    s, _ = act(s, (0, "never-land graveyard"))
    assert s.players[0].position == 18 and legal(s, 0) == ["end"]


def test_never_land_fights_enemies_there_not_in_their_home_port() -> None:
    """PC-NEVER-02: arriving in the Caribbean Hook must fight Kidd there, but not Sparrow, at home."""
    s = _table(player("hook"), player("sparrow"), player("kidd", position=6))
    s, _ = act(s, (0, "never-land caribbean"))
    assert legal(s, 0) == ["broadsides", "boarding", "both"] and current(s, EngagePrompt).defender == 2


def test_never_land_home_with_the_chest_wins() -> None:
    """PC-NEVER-03, PC-NEVER-04: Hook's home is the Seven Seas; jumping there with the Chest wins."""
    out = run({"players": [player("hook", position=9, coins=["map", "key", "chest"]), player("kidd")],
               **turn(0), "islands": islands()}, [(0, "never-land seven-seas")], captains=["hook", "kidd"])
    assert out["state"]["players"][0]["position"] == 24 and out["outcome"]["winners"] == [0]


# ---- MUTINY (Long John Silver) ----------------------------------------------------------------

def test_mutiny_go_to_an_island_where_another_ship_lies() -> None:
    """PC-MUTINY-01: Silver may go to a deserted island holding another ship, not to an empty one."""
    s = _table(player("silver"), player("kidd", position=9), player("hook", position=15), player("jones", position=20))
    assert [n for n in legal(s, 0) if n.startswith("mutiny")] == ["mutiny parrot-cay", "mutiny cutlass-key"]
    s = _table(player("silver"), player("kidd", position=10))
    assert legal(s, 0) == ["roll"]


def test_mutiny_then_fights_there() -> None:
    """PC-MUTINY-02: arriving, Silver turns over the island's coin and must fight the ship there."""
    s = _table(player("silver"), player("kidd", position=9), on_islands={9: ["key"]})
    s, _ = act(s, (0, "mutiny parrot-cay"))
    assert s.players[0].position == 9 and s.players[0].coins == ["key"]
    assert legal(s, 0) == ["broadsides", "boarding", "both"]


def test_kraken_cursed_roll_below_one_reaches_nobody() -> None:
    """PC-KRAKEN-02 with PC-CURSE-02 (reading: a Kraken roll cut below 1 by the curse's -2 reaches
    nobody, not even an enemy on Davy Jones's own open-sea space)."""
    s = _table(player("jones", position=1, dice_penalty=True), player("kidd", position=1), forced=[2])
    s, events = act(s, (0, "kraken"))
    assert s.players[1].position == 1 and s.players[1].times_sunk == 0
    assert "The Kraken finds no ship 0 spaces away." in events
