"""The 2-player setup (ghost pirates in the harbors and in reserve), the treasure overview (a /rules
topic listing every treasure, in or out of play), and crates opened at any decision a player owns."""
from __future__ import annotations

from engine.scoundrel_bay import GAME
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.effects import reward_text
from engine.scoundrel_bay.state import GHOST, State
from tests.engine.scoundrel_bay.scenario_helpers import do, game, options, top


def ghosts_by_region(s: State) -> dict[str, int]:
    return {rid: r.pirates[GHOST] for rid, r in s.regions.items() if r.pirates.get(GHOST)}


def test_sb_2pset_01_02_03_two_players_get_ghosts_in_every_harbor_and_three_players_none() -> None:
    s = game(2)
    assert ghosts_by_region(s) == {"port-harleem": 4, "cabyss": 4, "dodge-harbor": 4, "arbega": 4, "scoundrel-bay": 2}
    assert GHOST not in s.reputation.order(list(range(2))) and GHOST in s.reputation.discs   # no seat, a disc
    assert ghosts_by_region(game(3)) == {} and game(3).ghost_reserve == 0


def test_sb_2pset_04_five_reserve_ghosts_wait_on_the_beach_of_supply_toml() -> None:
    s = game(2)
    assert s.ghost_reserve == 5 == defs().supply.ghosts.reserve
    assert defs().board.regions[defs().supply.ghosts.reserve_region].kind == "beach"
    view = GAME.view(s, None)
    assert view.ghost_reserve == 5


def test_sb_psetup_16_dig_08_the_treasure_overview_lists_every_treasure_in_or_out_of_play() -> None:
    topic = GAME.help_topics()["treasures"]
    for t in (1, 2, 3):
        tiles = [x for x in defs().treasures.treasures.values() if x.type == t]
        assert f"**Type {t}** (dig strength {t}, {len(tiles)} tiles)" in topic.text
        for x in tiles:
            assert reward_text(x.rewards) in topic.text, x.id
    in_play = {p.id for r in game(2).regions.values() for st in r.treasures for p in st}
    assert len(in_play) < len(defs().treasures.treasures)      # with 2 players not all are in play


def test_sb_turn_03_crates_can_be_opened_in_any_decision_of_their_owner() -> None:
    s = game(3)
    crate = sorted(defs().crates.crates)[0]
    s.players[0].undelivered = [crate]
    assert f"open {crate}" in options(s, 0)                 # on the player's own turn
    s.players[1].undelivered = [crate]
    assert options(s, 1) == []                              # not while the game waits on someone else
    s = do(s, 0, f"open {crate}")
    assert crate not in s.players[0].undelivered and top(s).kind == "action"   # the decision is still open
