"""The End of the Stage, through play: a ship sailing its longest move (3) from every sea space
crosses at most one reef, so one move never triggers two stages (reading of SB-STAGE-09)."""
from __future__ import annotations

from engine.scoundrel_bay.defs import defs
from tests.engine.scoundrel_bay.scenario_helpers import do, game, hand, options

D = defs()


def test_sb_stage_09_no_sail_crosses_two_reefs() -> None:
    crossed: dict[int, list[int]] = {}
    for space in D.board.sea:
        s = game(3)
        s.monsters.clear()
        hand(s, 0, "blue-01", "blue-02")
        s.players[0].ship = space.number
        s = do(s, 0, "sail blue-01")
        assert options(s, 0)[-1] == "sail 3"                    # the longest move there is
        s = do(s, 0, "sail 3")
        crossed[space.number] = list(s.turn.reefs)
        assert len(s.turn.reefs) <= 1
    for reef in D.board.reefs:                                   # from the space before the reef, it is crossed
        assert crossed[reef.after] == [reef.number]
