"""A) Recruit, through play: a card's flag leans to a strategy (the data's advice) but is not tied
to one kind of region: invading with a card of each flag, from every sea space, the landings
offered (with swords and maps enough for any region) reach regions of several kinds."""
from __future__ import annotations

import pytest

from engine.scoundrel_bay.defs import Flag, defs
from tests.engine.scoundrel_bay.scenario_helpers import options
from tests.engine.scoundrel_bay.test_invade import card_of, invade, invading

D = defs()
LEANING_KIND = {"hideouts": "hideout", "beaches": "beach", "villages": "village"}


@pytest.mark.parametrize("flag", ["blue", "black", "yellow", "red"])
def test_sb_recruit_08_a_flag_lands_in_more_than_one_kind_of_region(flag: Flag) -> None:
    kinds: set[str] = set()
    for space in D.board.sea:
        s = invading(flag, space.number, crew=2)
        s.players[0].tools["sword"], s.players[0].resources["map"] = 10, 5    # every region's entry met
        if f"invade {card_of(flag)}" not in options(s, 0):
            continue                                             # nowhere to land with this flag here
        s = invade(s, flag)
        landed = {o.split()[1] for o in options(s, 0) if o.startswith("land ")}
        assert all(D.board.regions[rid].flag == flag for rid in landed)
        kinds |= {D.board.regions[rid].kind for rid in landed}
    assert len(kinds) > 1
    leaning = D.cards.leanings[flag]
    assert leaning == "all-round" or LEANING_KIND[leaning] in kinds       # the leaning is among them
