"""A captain's death through play (base reconstruction 5, captain death): a captain is sunk in a
scouted fight with scripted dice, and the player takes up the next captain as a player does. The
pure rule tests (test_glory.py) stay beside these."""
from __future__ import annotations

from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.state import State
from tests.engine.merchants_marauders.scenario_helpers import SKULL, active, do, in_port, options, top, waiting
from tests.engine.merchants_marauders.test_naval_combat_play import _duel, _round
from tests.engine.merchants_marauders.test_npcs_play import _pirate

NEXT = "noemie_arceneau"        # French, home port Tortuga
AFTER = "edmund_hale"           # English, home port Port Royal


def _sunk(seed: str, *, pirate_at_home: bool = False) -> tuple[State, int, int]:
    """The defender, rich in things to lose, is sunk in round 1; NEXT is the next captain."""
    def prep(s: State, a: int, d: int) -> None:
        q = s.players[d]
        q.glory, q.stash, q.rumour, q.specialists = 3, 20, "ru-01", ["gl-gunner-1"]
        q.ship.weapons, q.ship.cargo, q.ship.modifications = ["grapeshot"], ["rum-1"], ["extra_mast"]
        q.bounties = {"spain": 1}
    s, a, d = _duel(seed=seed, prep=prep)
    s.players[d].ship.points["hull"] = 1
    s.zones["havana"].modification = None                    # a port with room for a token
    s.captains.pile = [c for c in s.captains.pile if c not in (NEXT, AFTER)] + [AFTER, NEXT]
    if pirate_at_home:
        _pirate(s, "sloop", "tortuga")
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, 1, 1, 1, SKULL, 1, 1)
    assert isinstance(top(s), P.NewCaptainPrompt) and waiting(s) == (d,)
    return s, a, d


def test_mmb_capt_01_02_03_04_the_dead_captain_loses_all_but_glory_and_stash() -> None:
    s, a, d = _sunk("death")
    q = s.players[d]
    assert q.deaths == 1 and q.captain == NEXT
    assert (q.rumour, q.specialists, q.bounties, q.ship.cargo, q.ship.weapons) == (None, [], {}, [], [])
    assert s.zones["havana"].modification == "extra_mast", "its modification goes back to a port"
    assert (q.glory, q.stash) == (3, 20), "glory and stash are kept"
    assert q.zone == "tortuga" and q.in_port, "in the new captain's home port"
    s = do(s, d, "ship flute")
    q = s.players[d]
    assert q.ship.type == "flute" and q.ship.gold == 10 and q.stash == 10, "10 gold out of the stash"


def test_mmb_capt_05_a_pirate_npc_in_the_new_captains_home_lets_the_player_draw_again() -> None:
    s, a, d = _sunk("calm-home")
    assert "redraw" not in options(s, d)
    s, a, d = _sunk("pirate-home", pirate_at_home=True)
    assert "redraw" in options(s, d)
    s = do(s, d, "redraw")
    assert s.players[d].captain == AFTER and s.players[d].zone == "port_royal"


def test_mm_m1_12_the_home_port_moves_to_the_new_captains_and_the_stash_is_made_there() -> None:
    """The player's flag (the home port) is the current captain's: after the death the stash is
    offered in Tortuga, the new captain's home, and not in another port."""
    s, _, d = _sunk("flag")
    s = do(s, d, "ship flute")
    while active(s) != d:
        s = do(s, active(s), "end")
    assert (s.players[d].zone, s.players[d].in_port) == ("tortuga", True)
    elsewhere = s.model_copy(deep=True)
    in_port(elsewhere, d, "port_royal")
    elsewhere = do(elsewhere, d, "port")
    assert "stash" not in options(elsewhere, d), "Port Royal is no home of this captain"
    s = do(s, d, "port")
    assert "stash" in options(s, d), "Tortuga is"
