"""Captains' abilities about fights, sinking and coins: ROCKETS, GIRL POWER, UNDEAD, GHOSTLY,
RAMPAGE, STEAL, NO PRISONERS, MAP, RAM, CURSES."""
from __future__ import annotations

import pytest

from tests.engine.pirate_chest.scenario_helpers import GAME, act, islands, legal, pending_of, player, run, state, turn


def _table(*players: dict, forced=(), on_islands=None, **extra):
    patch = {"players": list(players), **turn(0), "islands": islands(on_islands), "rng": {"forced": list(forced)}}
    patch.update(extra)
    return state(patch, captains=[p["captain"] for p in players])


def _fight(attacker: dict, defender: dict, mode: str, dice: list[int], *more: dict):
    """Seat 0 sails 3 from space 1 onto seat 1 on space 4 and attacks with `mode`; the defender
    stands, nobody plays fight cards. `dice` are the fight dice in the order they are rolled
    (attacker, attacker's bonus die, defender, defender's bonus die)."""
    s = _table({**attacker, "position": 1}, {**defender, "position": 4}, *more, forced=[3, *dice])
    return act(s, (0, "roll"), (0, "sail 3 cw"), (0, mode), (1, "stand"), (0, "ready"), (1, "ready"))


# ---- ROCKETS (The Dragon Lady) and UNDEAD (Captain Barbossa) ----------------------------------

@pytest.mark.parametrize(("captain", "ability", "mode"), [
    ("dragon-lady", "rockets", "broadsides"), ("dragon-lady", "rockets", "both"),
    ("barbossa", "undead", "boarding"), ("barbossa", "undead", "both"),
])
def test_bonus_die_in_its_fight_type_attacking(captain: str, ability: str, mode: str) -> None:
    """PC-ROCKET-01, PC-UNDEAD-01, PC-ROCKET-02, PC-UNDEAD-02 (reading: a 'Both' fight counts as
    both types, so the extra die applies): 2 + 4 beats 5."""
    s, events = _fight(player(captain), player("kidd"), mode, [2, 4, 5])
    assert f"{GAME.seat_name(s, 0)} adds 4 ({ability})." in events
    assert s.players[1].position == 12 and s.players[0].sinkings == 1


@pytest.mark.parametrize(("captain", "mode"), [("dragon-lady", "broadsides"), ("barbossa", "boarding")])
def test_bonus_die_when_defending(captain: str, mode: str) -> None:
    """PC-ROCKET-01, PC-UNDEAD-01: the extra die counts for the defender too: 2 + 5 beats Kidd's 6."""
    s, events = _fight(player("kidd"), player(captain), mode, [6, 2, 5])
    assert s.players[0].position == 12 and s.players[1].position == 4


@pytest.mark.parametrize(("captain", "mode"), [("dragon-lady", "boarding"), ("barbossa", "broadsides")])
def test_bonus_die_not_in_the_other_fight_type(captain: str, mode: str) -> None:
    """PC-ROCKET-01, PC-UNDEAD-01: Rockets add nothing to Boarding, Undead nothing to Broadsides."""
    s, events = _fight(player(captain), player("kidd"), mode, [2, 5])
    assert not any("adds" in e for e in events)
    assert s.players[0].position == s.players[0].home and s.rng.forced == []


# ---- GIRL POWER (Calico Jack) -----------------------------------------------------------------

def test_girl_power_discard_a_card_for_plus_2() -> None:
    """PC-GIRL-01, PC-GIRL-02 (reading: once a fight, after the dice, on her own total only):
    3 against 4, Calico discards a card for 5 and wins."""
    s, _ = _fight(player("calico", hand=["rum", "knives"]), player("kidd"), "broadsides", [3, 4])
    assert pending_of(s).prompt == "decide on Girl Power"
    assert legal(s, 0) == ["girl-power knives", "girl-power rum", "pass"]
    s, events = act(s, (0, "girl-power rum"))
    assert "Girl Power: Calico Jack discards Rum for +2 (5)." in events
    assert s.players[0].hand == ["knives"] and s.players[1].position == 12
    assert s.stack == [] and legal(s, 0) == ["end"]


def test_girl_power_when_defending_or_passed() -> None:
    """PC-GIRL-01: she may use it defending; passing leaves the totals as rolled."""
    s, _ = _fight(player("kidd"), player("calico", hand=["rum"]), "boarding", [4, 3])
    assert legal(s, 1) == ["girl-power rum", "pass"]
    s, _ = act(s, (1, "pass"))
    assert s.players[1].position == 24 and s.players[1].hand == ["rum"]


def test_girl_power_needs_a_card() -> None:
    """PC-GIRL-01: with no card to discard there is no Girl Power decision."""
    s, _ = _fight(player("calico"), player("kidd"), "broadsides", [3, 4])
    assert s.stack == [] and s.players[0].position == 24


def test_girl_power_not_on_the_escape_roll() -> None:
    """PC-GIRL-03: the escape roll is not part of a fight: no Girl Power there."""
    s = _table(player("kidd", position=1), player("calico", position=4, hand=["rum"]), forced=[3])
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"), (0, "both"))
    assert legal(s, 1) == ["escape", "stand"]


# ---- GHOSTLY (Ghost of Redbeard) --------------------------------------------------------------

def test_ghostly_sunk_but_misses_no_turn() -> None:
    """PC-GHOST-01: the Ghost Ship sunk in a fight goes home and loses its coins, then plays its
    next turn as usual."""
    s, _ = _fight(player("redbeard", coins=["map"]), player("kidd"), "broadsides", [1, 6])
    ghost = s.players[0]
    assert (ghost.position, ghost.coins, ghost.skip_turns) == (18, [], 0)
    s.rng.forced = [1]
    s, _ = act(s, (1, "roll"), (1, "sail 1 cw"), (1, "end"))
    assert s.turn.seat == 0


def test_ghostly_against_no_prisoners() -> None:
    """PC-GHOST-02 (reading: sunk by Roberts in a fight, the Ghost Ship discards its hand but
    misses no turn)."""
    s, _ = _fight(player("roberts"), player("redbeard", hand=["rum", "knives"]), "broadsides", [6, 1])
    ghost = s.players[1]
    assert (ghost.position, ghost.hand, ghost.skip_turns) == (18, [], 0)


# ---- RAMPAGE (Black Bart) ---------------------------------------------------------------------

def test_rampage_extra_turn_after_sinking_an_enemy() -> None:
    """PC-RAMP-01: Bart sinks Hook and, when his turn ends, takes another before play moves on."""
    s, events = _fight(player("bart"), player("hook"), "broadsides", [6, 1], player("kidd", position=20))
    assert "Rampage: Black Bart earns an extra turn." in events
    s.rng.forced = [1]
    s, _ = act(s, (0, "end"))
    assert (s.turn.seat, s.turn.number, s.rotation) == (0, 2, 0)
    s, _ = act(s, (0, "roll"), (0, "sail 1 cw"), (0, "end"))
    assert s.turn.seat == 2          # Hook misses his turn (sunk); Kidd is next


def test_rampage_also_when_winning_as_defender() -> None:
    """PC-RAMP-02 (reading: any fight Bart wins counts, defending too; the extra turn comes as soon
    as the current turn ends, before the usual order goes on)."""
    s, events = _fight(player("hook"), player("bart"), "broadsides", [1, 6], player("kidd", position=20))
    assert "Rampage: Black Bart earns an extra turn." in events and s.players[0].position == 24
    assert (s.turn.seat, s.turn.number, s.rotation) == (1, 2, 0)   # Hook's turn ended: Bart's extra turn
    s.rng.forced = [1]
    s, _ = act(s, (1, "roll"), (1, "sail 1 cw"), (1, "end"))
    assert s.turn.seat == 1 and s.turn.number == 3     # now Bart's regular turn (seat after Hook)


# ---- STEAL (Sinbad the Sailor) ----------------------------------------------------------------

def test_steal_instead_of_fighting_is_an_option() -> None:
    """PC-STEAL-01 (reading: Sinbad may steal or fight, his choice)."""
    s = _table(player("sinbad", position=1), player("kidd", position=4, coins=["map"], hand=["rum"]), forced=[3])
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"))
    assert legal(s, 0) == ["broadsides", "boarding", "both", "steal-coin", "steal-card"]


def test_steal_coin_his_pick() -> None:
    """PC-STEAL-02: stealing a coin, Sinbad picks which; there is no fight and nobody sinks."""
    s = _table(player("sinbad", position=1), player("kidd", position=4, coins=["map", "key"]), forced=[3])
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"), (0, "steal-coin"), (1, "stand"))
    assert legal(s, 0) == ["take key", "take map"]
    s, _ = act(s, (0, "take key"))
    assert [p.coins for p in s.players] == [["key"], ["map"]]
    assert s.players[1].position == 4 and s.fight is None and legal(s, 0) == ["end"]


def test_steal_card_at_random() -> None:
    """PC-STEAL-02: stealing a card takes one at random; only the two of them see which."""
    s = _table(player("sinbad", position=1), player("kidd", position=4, hand=["rum", "knives", "axes"]), forced=[3])
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"), (0, "steal-card"))
    t = GAME.apply(s.model_copy(deep=True), 1, GAME.parse(s, 1, "stand"))
    stolen = t.state.players[0].hand
    assert len(stolen) == 1 and sorted(stolen + t.state.players[1].hand) == ["axes", "knives", "rum"]
    private = [e for e in t.events if e.visible_to is not None]
    assert [set(e.visible_to or ()) for e in private] == [{0, 1}]


def test_steal_nothing_to_steal_or_target_at_home() -> None:
    """PC-STEAL-03 (reading: with no coin, no steal-coin; with no card, no steal-card; a ship in its
    own home port cannot be landed on at all, so nothing is stolen there)."""
    s = _table(player("sinbad", position=1), player("kidd", position=4), forced=[3])
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"))
    assert legal(s, 0) == ["broadsides", "boarding", "both"]
    s = _table(player("sinbad", position=9), player("kidd", coins=["map"], hand=["rum"]), forced=[3])
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"))
    assert legal(s, 0) == ["end"] and s.players[1].coins == ["map"]


# ---- NO PRISONERS (Dread Pirate Roberts) ------------------------------------------------------

@pytest.mark.parametrize("roberts_attacks", [True, False], ids=["attacking", "defending"])
def test_no_prisoners_sunk_in_a_fight_discards_hand_misses_2_turns(roberts_attacks: bool) -> None:
    """PC-NOPRIS-01, PC-NOPRIS-02: sunk by Roberts in a fight (whoever attacked), the loser discards
    his whole hand and misses two turns."""
    if roberts_attacks:
        s, events = _fight(player("roberts"), player("kidd", hand=["rum", "flee"]), "boarding", [6, 1])
        loser = s.players[1]
    else:
        s, events = _fight(player("kidd", hand=["rum", "flee"]), player("roberts"), "boarding", [1, 6])
        loser = s.players[0]
    assert (loser.position, loser.hand, loser.skip_turns) == (12, [], 2)
    assert "No Prisoners: Captain Kidd discards the whole hand." in events
    assert {"rum", "flee"} <= set(s.deck.discard)


def test_no_prisoners_only_in_fights() -> None:
    """PC-NOPRIS-03: sunk by Roberts' Tidal Wave (not a fight), the victim keeps his hand and misses
    one turn."""
    s = _table(player("roberts", position=1, hand=["tidal-wave"]), player("kidd", position=10, hand=["rum"]))
    s, _ = act(s, (0, "play tidal-wave"))
    kidd = s.players[1]
    assert (kidd.position, kidd.hand, kidd.skip_turns) == (12, ["rum"], 1)


# ---- MAP (Yellowbeard) ------------------------------------------------------------------------

def test_map_yellowbeard_starts_with_the_map_one_island_empty() -> None:
    """PC-MAP-01, PC-MAP-02 (reading: the other three coins go one each on three islands; one island
    starts empty), PC-MAP-03 (his home port is Pirate Island)."""
    s = state(captains=["kidd", "yellowbeard"])
    yb = s.players[1]
    assert (yb.coins, yb.home, yb.position) == (["map"], 12, 12)
    assert sorted(c.id for pile in s.islands.values() for c in pile) == ["chest", "compass", "key"]
    assert len(s.islands) == 3 and all(len(pile) == 1 for pile in s.islands.values())


# ---- RAM (Captain Nemo) -----------------------------------------------------------------------

def test_ram_sinks_outright_coins_scatter() -> None:
    """PC-RAM-01, PC-RAM-02, PC-RAM-03, PC-RAM-04, PC-SUNK-06: Nemo rams instead of fighting: no fight
    dice, no cards; the rammed ship goes home and misses a turn; its coins sink hidden to the
    islands, not to Nemo."""
    s = _table(player("nemo", position=1), player("kidd", position=4, coins=["map", "key"], hand=["knives"]),
               forced=[3, 6, 6])
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"))
    assert legal(s, 0) == ["broadsides", "boarding", "both", "ram"]
    s, events = act(s, (0, "ram"), (1, "stand"))
    kidd = s.players[1]
    assert (kidd.position, kidd.coins, kidd.skip_turns, kidd.hand) == (12, [], 1, ["knives"])
    assert s.players[0].coins == [] and s.rng.forced == [6, 6]
    assert sorted((c.id, c.face_up) for pile in s.islands.values() for c in pile) == [("key", False), ("map", False)]
    assert s.stack == [] and legal(s, 0) == ["end"]


def test_ram_only_when_landing() -> None:
    """PC-RAM-01 (reading: the ram is offered when Nemo lands on a ship; a fight forced by a card
    such as Mutiny is an ordinary fight)."""
    s = _table(player("nemo", position=1, hand=["mutiny"]), player("kidd", position=10))
    s, _ = act(s, (0, "play mutiny"))
    assert s.fight is not None and s.fight.mode == "boarding"
    assert pending_of(s).prompt == "choose fight cards (sealed)"


def test_ram_nautilus_immune_to_wind_and_storm_cards() -> None:
    """PC-RAM-07 (reading: no Wind or Storm card can pick the Nautilus; Nemo still plays his own
    Wind cards): Doldrums, Typhoon and Hurricane are unplayable against him, Tidal Wave is not."""
    s = _table(player("kidd", position=1, hand=["doldrums", "typhoon", "hurricane", "tidal-wave"]),
               player("nemo", position=10))
    assert [n for n in legal(s, 0) if n.startswith("play")] == ["play tidal-wave"]
    s = _table(player("nemo", position=1, hand=["trade-winds"]), player("kidd"))
    s, _ = act(s, (0, "play trade-winds"))
    assert s.turn.moves_left == 2


# ---- CURSES (Mama Lola) -----------------------------------------------------------------------

def test_curses_once_a_turn_pick_an_opponent_and_roll() -> None:
    """PC-CURSES-01: on her turn Lola picks an opponent and rolls once on the Curse Table (3: he
    discards a random card); she cannot curse again that turn."""
    s = _table(player("lola", position=1), player("kidd", position=10, hand=["rum"]),
               player("hook", position=20, hand=["flee"]), forced=[3])
    assert legal(s, 0) == ["roll", "curse"]
    s, _ = act(s, (0, "curse"))
    assert legal(s, 0) == ["target kidd", "target hook"]
    s, events = act(s, (0, "target hook"))
    assert "Curse 3: Captain Hook discards a random card." in events
    assert (s.players[1].hand, s.players[2].hand) == (["rum"], [])
    assert legal(s, 0) == ["roll"]


def test_curses_again_next_turn() -> None:
    """PC-CURSES-01: the curse is once per turn, so her next turn brings it back."""
    out = run({"players": [player("lola", position=1), player("kidd", position=10)], **turn(0),
               "islands": islands(), "rng": {"forced": [4, 1, 1]}},
              [(0, "curse"), (0, "target kidd"), (0, "roll"), (0, "sail 1 cw"), (0, "end"),
               (1, "roll"), (1, "sail 1 cw"), (1, "end")], captains=["lola", "kidd"])
    assert "curse" in out["legal"]["0"]
