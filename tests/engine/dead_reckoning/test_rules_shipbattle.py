"""Scenario tests of the battle rules and of one player's Ship against another's (DR-BAT, DR-BPVP),
the rulebook's complex battle played through by notation (DR-EX) and a sinking in the middle of
one's own turn (DR-SINK-13). The tower is scripted with `land` (rules/tower.py reads the script
owner by owner in the order the cubes were set: the attacker's first, then the defender's, then
each round of explosions). The defender answers on its own seat: its prompts are waited on it,
their deadline default is legal, and the attacker cannot answer them."""
from __future__ import annotations

from engine.core import act_text
from engine.core.errors import IllegalActionError, NotYourTurnError
from engine.dead_reckoning import GAME
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.common import cannons, flags
from engine.dead_reckoning.rules.load_unload import lay_tile
from engine.dead_reckoning.rules.tower import Knock, tally
from engine.dead_reckoning.state import HARBOR, State, label
from tests.engine.dead_reckoning.scenario_helpers import (
    active,
    cargo_aboard,
    do,
    game,
    hand,
    land,
    main_seat,
    options,
    resettle,
    top,
    waiting,
)


# ---- helpers ----
def _default(s: State, seat: int) -> str:
    """The notation of the seat's deadline default, which must be one of its options."""
    text = GAME.notate(s, GAME.default_action(s, seat))
    assert text in options(s, seat), f"the default {text!r} is not legal"
    return text


def _refused(s: State, seat: int, notation: str) -> bool:
    try:
        act_text(GAME, s, seat, notation)
    except (IllegalActionError, NotYourTurnError):
        return True
    return False


def _score(s: State, attacker: int, defender: int) -> tuple[int, int]:
    """Battle strength now, the abilities' extra strength included."""
    b = s.battle
    assert b is not None
    t = tally(b.board)
    a, d = (t[label(x)].strength + b.extra_strength.get(label(x), 0) for x in (attacker, defender))
    return a, d


def _most(s: State, seat: int) -> int:
    """The most cubes the seat is offered now."""
    return max(int(o.split()[1]) for o in options(s, seat) if o.startswith("cubes "))


def _flag(s: State, seat: int, *others: str) -> State:
    """Play a level-2 Captain: one Attack flag this turn."""
    hand(s, seat, "captain", *others)
    s.players[seat].levels["captain"] = 2
    return do(s, seat, "play captain")


def _together(s: State, at: str, *seats: int) -> None:
    for x in seats:
        s.players[x].ship.at = at


def _to_the_end(s: State) -> State:
    """Finish the battle with every waited-on seat taking its deadline default."""
    while s.battle is not None:
        seat = waiting(s)[0]
        s = do(s, seat, _default(s, seat))
    return s


def _island(s: State) -> str:
    return next(pos for pos in ("a1", "b1", "c1") if pos in s.islands)


def _merchant(cubes: int) -> str:
    return next(c.id for c in defs().advancements.deck(1)
                if c.kind == "merchant" and c.back is not None and c.back.cubes == cubes)


def _next_turn(s: State) -> State:
    """End the active seat's turn, every decision on its deadline default, up to the next seat's
    main menu (its owed level-up answered too)."""
    seat = active(s)
    s = do(s, seat, "end")
    while active(s) == seat or not isinstance(top(s), P.MainPrompt):
        w = waiting(s)[0]
        s = do(s, w, _default(s, w))
    return s


# ---- the complex battle of the rulebook (DR-EX), played by notation ----
def test_dr_ex_01_to_17_the_complex_battle_played_through_by_notation() -> None:
    """The walkthrough with the fixture it implies (DR-EX-16): Purple's second Ship Cannon is an
    Upgrade, its Gunner is level 3 with 2 more Cannons sleeved, its Deck Hand has a sleeved
    Cannon with +1 strength per Cannon; Green's level-1 Crew has a sleeved Cannon with its "drop
    2". The tower is scripted as docs/dead_reckoning-tower.md reads the walkthrough (DR-EX-07,
    -09: the rules win), so the ending is the printed one."""
    s = game(2, seed="walkthrough")
    purple = main_seat(s)
    green = 1 - purple
    pp, gp = s.players[purple], s.players[green]
    at = _island(s)
    hand(s, purple, "captain", "gunner-1", "deck-hand-1", "bosun")
    pp.levels.update({"captain": 3, "gunner-1": 3, "deck-hand-1": 1})
    pp.sleeves.update({"gunner-1": ["r2-03"], "deck-hand-1": ["r2-16"]})      # Chase Guns; Marksman
    pp.ship.upgrades["B"] = ["swivel-gun"]
    pp.ship.hull = lay_tile(pp.ship.hull, "B", defs().upgrades.tiles["swivel-gun"])
    hand(s, green, "gunner-1", "crew-1", "bosun")
    gp.levels.update({"gunner-1": 2, "crew-1": 1})
    gp.sleeves["crew-1"] = ["r2-04"]                                           # Gun Crew
    gp.ship.at = at
    s.turn.sails_set, pp.ship.sails = True, 1
    # DR-EX-01: Purple moves onto Green's board and uses its level-3 Captain's Attack flag
    s = do(s, purple, "play captain")
    s = do(s, purple, f"move {at}")
    s = do(s, purple, "stop")
    assert s.battle is None, "Green is Mercantile: stopping by it starts nothing"
    s = do(s, purple, f"attack {label(green)}")
    # DR-EX-02: 2 Ship Cannons, 3 on the Gunner, 1 on the Deck Hand: all 6
    assert _most(s, purple) == 2, "before the cards, only the Ship's 2 Cannons"
    s = do(s, purple, "play gunner-1")
    s = do(s, purple, "play deck-hand-1")
    assert _most(s, purple) == 6 and _refused(s, purple, "cubes 7")
    s = do(s, purple, "cubes 6")
    # DR-EX-03: Green answers on its own seat: Gunner at level 2, Crew at level 1, 3 Cannons in all
    assert waiting(s) == (green,) and isinstance(top(s), P.ResponsePrompt)
    assert _most(s, green) == 1, "Green's printed Ship Cannon alone (DR-BPVP-09)"
    assert _default(s, green) == "cubes 1" and _refused(s, purple, "cubes 1")
    s = do(s, green, "play gunner-1")
    s = do(s, green, "play crew-1")
    assert _most(s, green) == 3
    g = label(green)
    # the last three landings are Purple's drop 2: a knock of a green cube, then its two cubes
    land(s, "strength-2", "coin-2", "coin-2", "coin-1", "cargo-2", "either-1",   # purple's 6
         "strength-2", "damage", "empty",                                       # green's 3
         "exploding", "coin-1", "strength-1", "exploding", "strength-2", "empty",   # Green's drop 2
         Knock(owner=g, zone="strength-2", to="either-1"), "either-1", "strength-1")  # type: ignore[arg-type]
    s = do(s, green, "cubes 3")
    b = s.battle
    assert b is not None and b.cubes == {label(purple): 6, g: 3}            # DR-EX-04: 9 in one drop
    assert _score(s, purple, green) == (2, 2)
    # DR-EX-05: 2 to 2, Purple first, and it passes though it has abilities
    assert waiting(s) == (purple,) and isinstance(top(s), P.AbilityPrompt)
    assert {"use gunner-1 2", "use deck-hand-1 2", "use captain 1"} <= set(options(s, purple))
    s = do(s, purple, "pass")
    # DR-EX-06: Green's drop 2 (its Gun Crew), on its own seat; the attacker cannot use it
    assert waiting(s) == (green,) and options(s, green) == ["use crew-1 2", "pass"]
    assert _default(s, green) == "pass" and _refused(s, purple, "use crew-1 2")
    s = do(s, green, "use crew-1 2")
    assert _score(s, purple, green) == (2, 5)
    # DR-EX-08: Purple answers with its Gunner's drop 2 (the passer plays again, DR-BPVP-12)
    assert waiting(s) == (purple,)
    s = do(s, purple, "use gunner-1 2")
    assert _score(s, purple, green) == (3, 3), "the rules count Purple's new cube (DR-EX-09)"
    # DR-EX-10: Green has nothing left, so its pass is taken for it and Purple is asked again
    assert waiting(s) == (purple,) and options(s, purple) == ["use captain 1", "use deck-hand-1 2", "pass"]
    # DR-EX-11: Purple's +1 strength (Marksman: 1 per Cannon on its Deck Hand)
    s = do(s, purple, "use deck-hand-1 2")
    assert s.battle is not None and s.battle.extra_strength == {label(purple): 1}
    assert _score(s, purple, green) == (4, 3)
    # DR-EX-12, -17: Green passes (nothing to use), then Purple passes with its Captain's win
    # bonus unused: two passes in a row end the step, and the bonus never pays
    assert waiting(s) == (purple,) and "use captain 1" in options(s, purple)
    s = do(s, purple, "pass")
    # DR-EX-13: Purple 5 coins, 2 cargo, 2 of its choice; Green 1 coin, 1 of its choice. Purple's
    # holds take 7 of its 9: what finds no room goes back to the supply without a question
    assert isinstance(top(s), P.PlunderPrompt) and waiting(s) == (purple,)
    assert s.battle is not None and s.battle.plunder == {purple: {"coin": 5, "cargo": 2, "either": 2},
                                                         green: {"coin": 1, "cargo": 0, "either": 1}}
    for n in ["stow coin a"] * 4 + ["stow coin d", "stow cargo d", "stow cargo d"]:
        s = do(s, purple, n)
    assert waiting(s) == (green,) and _refused(s, purple, "stow coin a") and _default(s, green) == "stow coin a"
    s = do(s, green, "stow coin a")
    assert "stow cargo a" in options(s, green), "the piece of Green's choice may be cargo or a coin"
    s = do(s, green, "stow coin a")
    assert s.battle is None
    # DR-EX-14, -15: Green's damage cube hurts Purple; Green loses the tie at 3 (our 4 to 3) and
    # takes 1; Purple wins and puts a cube on Legendary; the unused Captain paid nothing
    pp, gp = s.players[purple], s.players[green]
    assert (pp.ship.damage, gp.ship.damage) == (1, 1)
    assert (pp.ship.hull.carried().coin, pp.ship.hull.carried().cargo, gp.ship.hull.carried().coin) == (5, 2, 2)
    assert pp.wins == 1 and gp.wins == 0
    assert pp.record.claims["legendary"].cubes == 1 and pp.cubes == 29
    assert "gunner-1" in gp.defence and "crew-1" in gp.defence, "Green's cards stay out (DR-BPVP-06)"
    assert isinstance(top(s), P.MainPrompt) and waiting(s) == (purple,)


# ---- Battle Rules (DR-BAT) ----
def test_dr_bat_01_a_ship_battle_a_merchant_raid_and_a_building_attack_are_the_three_kinds() -> None:
    s = game(2, seed="kinds")
    seat = main_seat(s)
    other = 1 - seat
    s = _flag(s, seat)
    _together(s, "b1", seat, other)
    s = do(s, seat, f"attack {label(other)}")
    assert s.battle is not None and s.battle.kind == "ship" and s.battle.defender == other
    s = GAME.setup(2, GAME.Options(), "kinds-merchant")
    seat = main_seat(s)
    card = _merchant(2)
    s.grid["c1"].card, s.merchant_backs[card] = card, card
    s.players[seat].ship.at = "c1"
    s = do(s, seat, "raid")
    assert s.battle is not None and s.battle.kind == "merchant" and s.battle.card == card
    s = do(s, seat, "cubes 1")
    assert not any(isinstance(x, P.ResponsePrompt) for x in s.stack), "a Merchant never answers"
    s = GAME.setup(2, GAME.Options(), "kinds-buildings")
    seat = main_seat(s)
    other = 1 - seat
    at = _island(s)
    isl = s.islands[at]
    isl.slots, isl.buildings, s.holders[at] = [label(other)] * len(isl.slots), ["fort"], other
    s.players[seat].ship.at = at
    s = do(s, seat, "attack buildings")
    assert s.battle is not None and s.battle.kind == "building" and s.battle.defender == other


def test_dr_bat_02_each_cannon_and_battle_ability_fires_once_a_turn_across_battles() -> None:
    """A level-3 Gunner (1 Cannon, "drop 2") and the printed Cannon: 2 Cannons for the turn. One
    cube and the drop spent on a Merchant leave 1 Cannon and no drop for the ship battle after."""
    s = game(2, seed="spread")
    seat = main_seat(s)
    other = 1 - seat
    hand(s, seat, "captain", "gunner-1")
    s.players[seat].levels.update({"captain": 2, "gunner-1": 3})
    s = do(s, seat, "play captain")
    s = do(s, seat, "play gunner-1")
    card = _merchant(2)
    s.grid["b1"].card, s.merchant_backs[card] = card, card
    _together(s, "b1", seat, other)
    hand(s, other)
    s = do(s, seat, "raid")
    assert _most(s, seat) == 2
    land(s, "strength-2", "empty", "empty", "empty", "empty")
    s = do(s, seat, "cubes 1")
    assert "use gunner-1 2" in options(s, seat)
    s = do(s, seat, "use gunner-1 2")
    s = _to_the_end(s)
    s = do(s, seat, f"attack {label(other)}")
    assert _most(s, seat) == 1, "one Cannon fired on the Merchant, one left"
    assert _refused(s, seat, "cubes 2")
    land(s, "empty", "empty")
    s = do(s, seat, "cubes 1")
    assert s.battle is None, "the drop was used on the Merchant: no ability window this time"


def test_dr_bat_03_04_the_same_target_is_battled_at_most_once_a_turn() -> None:
    """Two Attack flags, one opponent: a second attack on it is not offered (DR-BAT-03); nor after
    stopping on it as a Pirate and fighting it (DR-BAT-04); Buildings once a turn too."""
    s = game(2, seed="once")
    seat = main_seat(s)
    other = 1 - seat
    hand(s, seat, "captain", "gunner-1")
    s.players[seat].levels.update({"captain": 2, "gunner-1": 2})
    s.players[seat].sleeves["gunner-1"] = ["r2-06"]          # Boarding Hooks: a second Attack flag
    s = do(s, seat, "play captain")
    s = do(s, seat, "play gunner-1")
    _together(s, "b1", seat, other)
    hand(s, other)
    assert f"attack {label(other)}" in options(s, seat)
    s = do(s, seat, f"attack {label(other)}")
    land(s, "empty", "empty", "empty")
    s = _to_the_end(s)
    assert flags(s, seat) == 1, "a flag is left"
    assert f"attack {label(other)}" not in options(s, seat) and _refused(s, seat, f"attack {label(other)}")
    # DR-BAT-04: stop on the opponent in Pirate mode, fight it, and the flag may not hit it again
    s = GAME.setup(2, GAME.Options(), "once-pirate")
    seat = main_seat(s)
    other = 1 - seat
    s = _flag(s, seat)
    at = _island(s)
    s.players[other].ship.at, s.players[other].ship.mode = at, "pirate"
    hand(s, other)
    s.turn.sails_set, s.players[seat].ship.sails = True, 1
    s = do(s, seat, f"move {at}")
    s = do(s, seat, "stop")
    assert s.battle is not None and s.battle.why == "pirate_stop"
    land(s, "strength-2", "empty")
    s = _to_the_end(s)
    assert s.players[other].ship.at == s.players[seat].ship.at
    assert flags(s, seat) == 1 and f"attack {label(other)}" not in options(s, seat), "fought already this turn"
    # Buildings: a lost attack is not offered again the same turn
    s = GAME.setup(2, GAME.Options(), "once-buildings")
    seat = main_seat(s)
    other = 1 - seat
    isl = s.islands[at]
    isl.slots, isl.buildings, s.holders[at] = [label(other)] * len(isl.slots), ["garrison"], other
    s.players[seat].ship.at = at
    s = do(s, seat, "attack buildings")
    land(s, "empty", "strength-1", "empty")
    s = do(s, seat, "cubes 1")
    assert s.battle is None and s.islands[at].buildings == ["garrison"]
    assert "attack buildings" not in options(s, seat)


def test_dr_bat_05_cubes_go_home_and_cubes_taken_from_islands_stay_in_the_supply() -> None:
    """The attacker, out of cubes, takes one back from an island to fire; after the battle it is in
    the supply, not back on the island. The defender's cubes are all back in its supply."""
    s = game(2, seed="home")
    seat = main_seat(s)
    other = 1 - seat
    at = next(pos for pos in s.islands)
    s.islands[at].slots[0] = label(seat)
    s.players[seat].cubes = 0
    s = _flag(s, seat)
    _together(s, "b2", seat, other)
    hand(s, other)
    before = s.players[other].cubes
    s = do(s, seat, f"attack {label(other)}")
    assert _most(s, seat) == 0 and f"take {at}" in options(s, seat)
    s = do(s, seat, f"take {at}")
    land(s, "empty", "strength-2")
    s = do(s, seat, "cubes 1")
    assert s.battle is None and s.players[other].wins == 1
    assert s.players[seat].cubes == 1 and s.islands[at].slots[0] is None
    assert s.players[other].cubes == before - s.players[other].record.claims["legendary"].cubes


# ---- one player's Ship against another's (DR-BPVP) ----
def test_dr_bpvp_01_an_attack_flag_a_stop_on_a_pirate_or_a_pirate_met_at_the_start() -> None:
    s = game(2, seed="ways")
    seat = main_seat(s)
    other = 1 - seat
    _together(s, "b1", seat, other)
    hand(s, seat, "bosun")
    assert not any(o.startswith(("attack", "fight")) for o in options(s, seat)), "no flag, no Pirate: no battle"
    s = _flag(s, seat)
    s = do(s, seat, f"attack {label(other)}")
    assert s.battle is not None and (s.battle.kind, s.battle.why, s.battle.defender) == ("ship", "flag", other)
    # ending a move on a Pirate starts the battle; on a Mercantile Ship nothing
    for mode in ("mercantile", "pirate"):
        s = GAME.setup(2, GAME.Options(), f"ways-{mode}")
        seat = main_seat(s)
        other = 1 - seat
        s.players[other].ship.at, s.players[other].ship.mode = "b1", mode
        s.turn.sails_set, s.players[seat].ship.sails = True, 1
        s = do(s, seat, "move b1")
        s = do(s, seat, "stop")
        if mode == "pirate":
            assert s.battle is not None and s.battle.why == "pirate_stop" and waiting(s) == (seat,)
        else:
            assert s.battle is None and isinstance(top(s), P.MainPrompt)
    # a Pirate on the board where the turn starts may be fought without a flag (DR-PIR-09)
    s = GAME.setup(2, GAME.Options(), "ways-start")
    seat = active(s)
    other = 1 - seat
    _together(s, "b1", seat, other)
    s.players[other].ship.mode = "pirate"
    s.stack, s.turn.phase = [], "start"
    s = resettle(s)
    seat = main_seat(s)
    assert s.battle is None and f"fight {label(other)}" in options(s, seat)
    s = do(s, seat, f"fight {label(other)}")
    assert s.battle is not None and (s.battle.why, s.battle.defender) == ("pirate_start", other)


def test_dr_bpvp_02_the_attacker_sets_its_cubes_first_up_to_its_cannons() -> None:
    s = game(2, seed="first")
    seat = main_seat(s)
    other = 1 - seat
    s = _flag(s, seat, "gunner-1", "bosun")
    s.players[seat].levels["gunner-1"] = 2
    _together(s, "b1", seat, other)
    s = do(s, seat, f"attack {label(other)}")
    assert waiting(s) == (seat,) and isinstance(top(s), P.BattleCubesPrompt)
    assert options(s, seat) == ["play gunner-1", "cubes 0", "cubes 1"], "a card with a Cannon, not the Bosun"
    assert GAME.legal_actions(s, other) == [] and _refused(s, other, "cubes 1"), "the defender waits"
    s = do(s, seat, "play gunner-1")
    assert _most(s, seat) == 2 and _refused(s, seat, "cubes 3")
    s = do(s, seat, "cubes 2")
    assert s.battle is not None and s.battle.cubes[label(seat)] == 2 and label(other) not in s.battle.cubes
    assert waiting(s) == (other,)


def test_dr_bpvp_03_the_defender_answers_on_its_own_seat_and_its_default_is_legal() -> None:
    """The answer waits on the defender alone, as a reaction; its default fires every Cannon and
    plays no card; the attacker cannot answer for it; the defender may set fewer cubes."""
    s = game(3, seed="answer")
    seat = main_seat(s)
    other, third = s.order[1], s.order[2]
    s = _flag(s, seat)
    _together(s, "b1", seat, other)
    hand(s, other, "gunner-1", "bosun")
    s.players[other].levels["gunner-1"] = 2
    s = do(s, seat, f"attack {label(other)}")
    s = do(s, seat, "cubes 1")
    pending = GAME.pending(s)
    assert pending is not None and pending.waiting_on == (other,) and pending.kind == "reaction"
    assert options(s, other) == ["play gunner-1", "cubes 0", "cubes 1"]
    assert _default(s, other) == "cubes 1" and GAME.default_action(s, other).kind == "cubes"
    for intruder in (seat, third):
        assert _refused(s, intruder, "cubes 1") and _refused(s, intruder, "play gunner-1")
    s = do(s, other, "play gunner-1")
    assert _default(s, other) == "cubes 2"
    land(s, "empty", "empty")
    s = do(s, other, "cubes 1")
    assert s.battle is None and s.tower.script == [], "1 cube each: the defender chose fewer than 2"
    assert s.players[other].defence == ["gunner-1"] and "gunner-1" not in s.players[other].hand


def test_dr_bpvp_04_each_building_at_an_island_a_side_controls_adds_a_cube_for_that_side() -> None:
    """Both Ships at an island with a Fort and an Outpost: its controller, attacker or defender,
    drops 2 cubes more; Buildings on another island of its own add nothing here."""
    for owner in ("attacker", "defender", "elsewhere"):
        s = game(2, seed="walkthrough")          # two islands face up in row 1
        seat = main_seat(s)
        other = 1 - seat
        here, there = list(s.islands)[:2]
        holder = other if owner == "defender" else seat
        isl = s.islands[here if owner != "elsewhere" else there]
        isl.slots, isl.buildings = [label(holder)] * len(isl.slots), ["fort", "outpost"]
        s.holders[here if owner != "elsewhere" else there] = holder
        s = _flag(s, seat)
        _together(s, here, seat, other)
        hand(s, other, "bosun")
        s = do(s, seat, f"attack {label(other)}")
        s = do(s, seat, "cubes 1")
        assert s.battle is not None and s.battle.cubes[label(seat)] == (3 if owner == "attacker" else 1)
        land(s, *["empty"] * 10)
        s = do(s, other, "cubes 1")
        dropped = 10 - len(s.tower.script)
        assert dropped == {"attacker": 3 + 1, "defender": 1 + 3, "elsewhere": 1 + 1}[owner]


def test_dr_bpvp_05_a_ship_attacked_in_harbor_gets_four_more_cubes() -> None:
    """Both Ships in Harbor: the attacked one drops its Cannon and 4 more, the attacker only its
    own; the same attack out at sea gives no extra cubes. The extra cubes come out of the
    supply: with 3 cubes left the defender drops 3."""
    for where, supply in ((HARBOR, 30), ("b1", 30), (HARBOR, 3)):
        s = game(2, seed=f"harbor-{where}")
        seat = main_seat(s)
        other = 1 - seat
        s = _flag(s, seat)
        _together(s, where, seat, other)
        s.players[other].cubes = supply
        hand(s, other, "bosun")
        assert f"attack {label(other)}" in options(s, seat)
        s = do(s, seat, f"attack {label(other)}")
        s = do(s, seat, "cubes 1")
        assert s.battle is not None and s.battle.cubes[label(seat)] == 1
        land(s, *["empty"] * 10)
        s = do(s, other, "cubes 1")
        assert 10 - len(s.tower.script) == 1 + (1 if where != HARBOR else min(5, supply))


def test_dr_bpvp_06_07_08_a_defence_card_stays_out_and_fires_on_every_later_turn() -> None:
    """The rulebook's case: seat 1 attacks seat 4, who plays a Gunner in defence (1 Cannon, "drop
    2"); seats 2 and 3 attack seat 4 in turn and the Gunner's Cannon and drop serve again each
    time, unplayed; on seat 4's own turn it counts as played; its Cleanup discards it."""
    s = game(4, seed="defence")
    a1, a2, a3, d = s.order
    for x in s.order:
        s.players[x].ship.at = "b1"
    hand(s, d, "gunner-1", "bosun")
    s.players[d].levels["gunner-1"] = 3
    for turn, attacker in enumerate((a1, a2, a3)):
        assert main_seat(s) == attacker
        s = _flag(s, attacker)
        s = do(s, attacker, f"attack {label(d)}")
        s = do(s, attacker, "cubes 1")
        assert waiting(s) == (d,)
        if turn == 0:
            assert _most(s, d) == 1 and "play gunner-1" in options(s, d)
            s = do(s, d, "play gunner-1")
        else:
            assert "play gunner-1" not in options(s, d) and s.players[d].defence == ["gunner-1"]
        assert _most(s, d) == 2, "the printed Cannon and the Gunner's, on this turn too"
        land(s, *["empty"] * 10)
        s = do(s, d, "cubes 2")
        assert waiting(s) == (d,) and options(s, d) == ["use gunner-1 2", "pass"]
        assert _default(s, d) == "pass" and _refused(s, attacker, "use gunner-1 2")
        s = do(s, d, "use gunner-1 2")
        assert s.battle is None and 10 - len(s.tower.script) == 1 + 2 + 2
        s = _next_turn(s)
    assert active(s) == d and s.players[d].defence == ["gunner-1"] and s.players[d].played == []
    assert cannons(s, d) == 2 and "use gunner-1 1" in options(s, d), "as if played this turn"
    assert "gunner-1" not in s.players[d].hand
    s = _next_turn(s)
    assert s.players[d].defence == [] and "gunner-1" in s.players[d].deck.discard


def test_dr_bpvp_10_all_cubes_drop_together_and_exploding_shots_resolve_at_once() -> None:
    """The attacker's cube explodes: it and its extra are dropped again after the defender's cube
    landed in the same drop, all before anyone may use an ability."""
    s = game(2, seed="together")
    seat = main_seat(s)
    other = 1 - seat
    hand(s, seat, "captain")
    s.players[seat].levels["captain"] = 2
    s.players[seat].sleeves["captain"] = ["r1-19"]           # Steady Aim: keeps the window open
    s = do(s, seat, "play captain")
    _together(s, "b1", seat, other)
    hand(s, other, "bosun")
    s = do(s, seat, f"attack {label(other)}")
    s = do(s, seat, "cubes 1")
    land(s, "exploding", "strength-1", "strength-2", "empty")
    s = do(s, other, "cubes 1")
    b = s.battle
    assert b is not None and isinstance(top(s), P.AbilityPrompt) and waiting(s) == (seat,)
    assert b.board.cubes == {label(seat): {"strength-2": 1, "empty": 1}, label(other): {"strength-1": 1}}
    assert s.tower.script == []


def test_dr_bpvp_11_12_abilities_alternate_from_the_attacker_until_two_passes_in_a_row() -> None:
    """Attacker: Broadside Drill (damage; +1 strength). Defender: a level-3 Gunner's drop 2. A pass
    followed by the other side's ability does not end the step, and the passer may use one
    again (DR-BPVP-12); two passes in a row end it, abilities unused or not."""
    for line in ("long", "short"):
        s = game(2, seed=f"window-{line}")
        seat = main_seat(s)
        other = 1 - seat
        hand(s, seat, "captain")
        s.players[seat].levels["captain"] = 2
        s.players[seat].sleeves["captain"] = ["r2-17"]
        s = do(s, seat, "play captain")
        _together(s, "b1", seat, other)
        hand(s, other, "gunner-1")
        s.players[other].levels["gunner-1"] = 3
        s = do(s, seat, f"attack {label(other)}")
        s = do(s, seat, "cubes 1")
        s = do(s, other, "play gunner-1")
        land(s, *["empty"] * 10)
        s = do(s, other, "cubes 2")
        assert waiting(s) == (seat,) and options(s, seat) == ["use captain 1", "use captain 2", "pass"]
        s = do(s, seat, "pass")
        assert waiting(s) == (other,) and _default(s, other) == "pass"
        if line == "short":
            s = do(s, other, "pass")
            assert s.battle is None, "two passes in a row: the attacker's unused abilities go unused"
            continue
        s = do(s, other, "use gunner-1 2")
        assert waiting(s) == (seat,), "the attacker passed once and is asked again"
        s = do(s, seat, "use captain 2")
        assert s.battle is not None and s.battle.extra_strength == {label(seat): 1}
        assert waiting(s) == (seat,), "the defender has nothing left: its pass is taken for it"
        assert options(s, seat) == ["use captain 1", "pass"]
        s = do(s, seat, "pass")
        assert s.battle is None and 10 - len(s.tower.script) == 1 + 2 + 2


def _duel(seed: str, attacker_wins: bool, *, damage: tuple[int, int] = (0, 0), hit: tuple[bool, bool] = (False, False),
          players: int = 2) -> tuple[State, int, int]:
    """A flag attack at b1, one cube a side, the defender with nothing to answer: the winner's cube
    on 2 strength, the loser's on nothing (or on damage, per `hit`: attacker's, defender's)."""
    s = game(players, seed=seed)
    seat = main_seat(s)
    other = s.order[1]
    s = _flag(s, seat, "bosun")
    _together(s, "b1", seat, other)
    for x, n in zip((seat, other), damage, strict=True):
        s.players[x].ship.damage = n
    hand(s, other)
    s = do(s, seat, f"attack {label(other)}")
    mine, theirs = ("strength-2", "empty") if attacker_wins else ("empty", "strength-2")
    if hit[0]:
        mine = "damage" if not attacker_wins else mine
    if hit[1]:
        theirs = "damage" if attacker_wins else theirs
    land(s, mine, theirs)
    s = do(s, seat, "cubes 1")
    assert s.battle is None and s.tower.script == []
    return s, seat, other


def test_dr_bpvp_13_a_tie_in_strength_goes_to_the_active_player() -> None:
    """Each side rests its cube on 1 strength: the attacker wins, the defender takes the damage
    (as Green does in the walkthrough's printed 3 to 3)."""
    s = game(2, seed="tie")
    seat = main_seat(s)
    other = 1 - seat
    s = _flag(s, seat)
    _together(s, "b1", seat, other)
    hand(s, other)
    s = do(s, seat, f"attack {label(other)}")
    land(s, "strength-1", "strength-1")
    s = do(s, seat, "cubes 1")
    assert s.players[seat].wins == 1 and s.players[other].ship.damage == 1 and s.players[seat].ship.damage == 0


def test_dr_bpvp_14_15_the_loser_takes_one_damage_and_the_winner_puts_a_cube_on_legendary() -> None:
    for attacker_wins in (True, False):
        s0 = game(2, seed=f"outcome-{attacker_wins}")
        seat0 = active(s0)
        kept = {x: (s0.players[x].chest, s0.players[x].ship.hull, s0.players[x].dock) for x in (0, 1)}
        s, seat, other = _duel(f"outcome-{attacker_wins}", attacker_wins)
        assert seat == seat0
        winner, loser = (seat, other) if attacker_wins else (other, seat)
        assert s.players[loser].ship.damage == 1 and s.players[winner].ship.damage == 0
        for x in (0, 1):
            assert (s.players[x].chest, s.players[x].ship.hull, s.players[x].dock) == kept[x], "nothing else is lost"
        assert s.players[winner].wins == 1 and s.players[loser].wins == 0
        assert s.players[winner].record.claims["legendary"].cubes == 1, "placed at once, on either side"
        assert s.players[winner].cubes == 29 and s.players[loser].cubes == 30
        assert s.players[loser].record.claims["legendary"].cubes == 0


def test_dr_bpvp_15_a_winner_who_holds_legendary_places_no_cube() -> None:
    s = game(2, seed="legend")
    seat = main_seat(s)
    other = 1 - seat
    s.players[seat].record.claims["legendary"].marker = True
    s.players[seat].wins = 4
    s = _flag(s, seat)
    _together(s, "b1", seat, other)
    hand(s, other)
    s = do(s, seat, f"attack {label(other)}")
    land(s, "strength-2", "empty")
    s = do(s, seat, "cubes 1")
    assert s.players[seat].record.claims["legendary"].cubes == 0 and s.players[seat].cubes == 30


def test_dr_bpvp_16_a_losing_ship_in_pirate_mode_turns_mercantile_and_a_winning_one_stays() -> None:
    """The attacker's own Pirate flag (no effect on its turn) comes down when it loses; a Pirate
    that wins keeps it."""
    for attacker_wins in (True, False):
        s = game(2, seed=f"flag-{attacker_wins}")
        seat = main_seat(s)
        other = 1 - seat
        s.players[seat].ship.mode = "pirate"
        s = _flag(s, seat)
        _together(s, "b2", seat, other)
        hand(s, other)
        s = do(s, seat, f"attack {label(other)}")
        land(s, *(("strength-2", "empty") if attacker_wins else ("empty", "strength-1")))
        s = do(s, seat, "cubes 1")
        assert s.players[seat].ship.mode == ("pirate" if attacker_wins else "mercantile")
        assert s.players[other].ship.mode == "mercantile"


def test_dr_bpvp_17_a_lost_flag_battle_at_an_island_blockades_nothing() -> None:
    """Only a battle begun by stopping on a Pirate blockades its loser (test_turn has that side):
    a flag attack lost at an island the attacker controls leaves it free to unload there."""
    s = game(2, seed="free")
    seat = main_seat(s)
    other = 1 - seat
    at = _island(s)
    isl = s.islands[at]
    isl.slots = [label(seat)] * len(isl.slots)
    s = _flag(s, seat)
    _together(s, at, seat, other)
    cargo_aboard(s, seat, 1)
    hand(s, other)
    s = do(s, seat, f"attack {label(other)}")
    land(s, "empty", "strength-1")
    s = do(s, seat, "cubes 1")
    assert s.players[other].wins == 1 and s.players[seat].ship.damage == 1
    assert at not in s.turn.blockaded and "unload cargo a" in options(s, seat)


def test_dr_bpvp_18_sink_13_a_winner_may_sink_and_plays_on_from_the_harbor() -> None:
    """A Pyrrhic victory: the attacker at 4 damage wins, but the defender's damage cube makes 5 and
    it sinks once the battle is over, the win still counted. Sunk on its own turn, it plays on from
    the Harbor with its Sails at 0 and set: cards and Dock loading, no moving (DR-SINK-13 reading).
    At 3 damage the same hit does not sink."""
    for start in (3, 4):
        s, seat, other = _duel(f"pyrrhic-{start}", True, damage=(start, 0), hit=(False, True))
        p = s.players[seat]
        assert p.wins == 1 and s.players[other].ship.damage == 1
        if start == 3:
            assert p.ship.damage == 4 and p.ship.at == "b1"
            continue
        assert p.ship.at == HARBOR and p.ship.damage == 0 and p.ship.sails == 0 and s.turn.sails_set
        assert isinstance(top(s), P.MainPrompt) and waiting(s) == (seat,)
        p.dock = 2
        menu = options(s, seat)
        assert "play bosun" in menu and "load cargo a" in menu and "end" in menu
        assert not any(o.startswith(("move", "sails")) for o in menu)


def test_dr_sink_13_sinking_at_once_while_moving_ends_the_move() -> None:
    """A Ship at 4 damage enters a board with an opponent's Garrison: the 5th damage sinks it on
    the spot (DR-SINK-03) and, Sails left or not, the move is over; the turn goes on in Harbor."""
    s = game(2, seed="walkthrough")
    seat = main_seat(s)
    other = 1 - seat
    at = _island(s)
    isl = s.islands[at]
    isl.slots, isl.buildings, s.holders[at] = [label(other)] * len(isl.slots), ["garrison"], other
    s.players[seat].ship.damage = 4
    s.turn.sails_set, s.players[seat].ship.sails = True, 3
    hand(s, seat, "bosun")
    s = do(s, seat, f"move {at}")
    p = s.players[seat]
    assert p.ship.at == HARBOR and p.ship.damage == 0 and p.ship.sails == 0
    assert isinstance(top(s), P.MainPrompt) and not any(isinstance(x, P.MovingPrompt) for x in s.stack)
    assert "play bosun" in options(s, seat) and not any(o.startswith("move") for o in options(s, seat))


def test_dr_bpvp_19_the_defender_may_jettison_and_level_up_before_the_battle() -> None:
    """The defender's Swivel Gun on hold A is silenced by the cargo there: jettisoning it in the
    answer frees the Cannon; an open level-up may be taken there too. Both are on its own seat."""
    s = game(2, seed="ready")
    seat = main_seat(s)
    other = 1 - seat
    d = s.players[other]
    d.ship.upgrades["A"] = ["swivel-gun"]
    d.ship.hull = lay_tile(d.ship.hull, "A", defs().upgrades.tiles["swivel-gun"])
    cargo_aboard(s, other, 1)
    hand(s, other, "gunner-1")
    d.level_open = True
    s = _flag(s, seat)
    _together(s, "b1", seat, other)
    s = do(s, seat, f"attack {label(other)}")
    s = do(s, seat, "cubes 1")
    assert waiting(s) == (other,) and _most(s, other) == 1
    assert {"jettison cargo a", "shift cargo a d", "level gunner-1"} <= set(options(s, other))
    assert _refused(s, seat, "jettison cargo a") and _refused(s, seat, "level gunner-1")
    s = do(s, other, "level gunner-1")
    assert s.players[other].levels["gunner-1"] == 2 and not s.players[other].level_open
    assert isinstance(top(s), P.ResponsePrompt) and "level gunner-1" not in options(s, other)
    s = do(s, other, "jettison cargo a")
    assert isinstance(top(s), P.ResponsePrompt) and _most(s, other) == 2, "the Swivel Gun fires again"
    s = do(s, other, "play gunner-1")
    assert _most(s, other) == 3


def test_dr_bpvp_06_a_defence_cards_attack_flag_serves_on_its_owners_next_turn() -> None:
    """A level-4 Captain (a Cannon and an Attack flag) played in defence is out on its owner's
    turn as if played then: its flag may start an attack; once used, no second one."""
    s = game(2, seed="flag-kept")
    seat = main_seat(s)
    other = 1 - seat
    s = _flag(s, seat)
    _together(s, "b1", seat, other)
    hand(s, other, "captain", "bosun")
    s.players[other].levels["captain"] = 4
    s = do(s, seat, f"attack {label(other)}")
    s = do(s, seat, "cubes 1")
    s = do(s, other, "play captain")
    land(s, *["empty"] * 10)
    s = _to_the_end(do(s, other, "cubes 2"))
    s = _next_turn(s)
    assert active(s) == other and s.players[other].defence == ["captain"]
    assert flags(s, other) == 1 and f"attack {label(seat)}" in options(s, other)
    s = do(s, other, f"attack {label(seat)}")
    assert s.battle is not None and s.battle.attacker == other and flags(s, other) == 0


def test_dr_bat_05_cubes_out_in_the_tower_are_not_in_the_supply_for_a_later_extra() -> None:
    """3 cubes in the supply: 1 set explodes and takes an extra (2 out), an ability drops the 3rd,
    which explodes with no extra left: 3 cubes on the board, never a 4th (DR-TOW-07 in battle).
    With 2 in the supply the ability finds none left to drop."""
    for supply in (3, 2):
        _short(supply)


def _short(supply: int) -> None:
    s = game(2, seed="short")
    seat = main_seat(s)
    other = 1 - seat
    hand(s, seat, "captain")
    s.players[seat].levels["captain"] = 2
    s.players[seat].sleeves["captain"] = ["r1-20"]           # Extra Shot: drop 1
    s = do(s, seat, "play captain")
    s.players[seat].cubes = supply
    _together(s, "b1", seat, other)
    hand(s, other)
    s = do(s, seat, f"attack {label(other)}")
    land(s, "exploding", "empty", "empty", "empty",         # the set cube explodes: it and an extra
         "exploding", "empty", "strength-1")                # the ability's cube explodes: no extra
    s = do(s, seat, "cubes 1")
    assert s.battle is not None and s.battle.board.total(label(seat)) == 2
    s = do(s, seat, "use captain 1")
    left = ["strength-1"] if supply == 3 else ["exploding", "empty", "strength-1"]
    assert s.battle is None and s.tower.script == left, "the landings not needed stay scripted"
    assert s.players[seat].cubes == supply - s.players[seat].record.claims["legendary"].cubes
