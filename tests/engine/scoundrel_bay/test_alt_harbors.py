"""The Alternative Harbor Scoring variant: a random token on each scoring space of the first four
harbors, replacing their printed gold at final scoring (rules/setup.py, rules/scoring.py)."""
from __future__ import annotations

from collections import Counter

from engine.scoundrel_bay.defs import POT_HARBOR, defs
from tests.engine.scoundrel_bay.scenario_helpers import game
from tests.engine.scoundrel_bay.test_end import at_final

HARBORS = sorted(r.id for r in defs().board.of_kind("harbor") if r.name != POT_HARBOR)


def test_sb_alth_01_a_random_token_on_each_scoring_space_of_four_harbors_not_scoundrel_bay() -> None:
    assert len(HARBORS) == 4 and "scoundrel-bay" not in HARBORS
    layouts = set()
    for seed in range(8):
        s = game(3, seed=str(seed), alternative_harbor_scoring=True)
        assert sorted(s.harbor_tokens) == HARBORS
        for golds in s.harbor_tokens.values():
            assert len(golds) == 3
            for place, g in enumerate(golds, start=1):
                assert g in [t.gold for t in defs().harbor_tokens.tokens if t.place == place]
        layouts.add(tuple(tuple(s.harbor_tokens[h]) for h in HARBORS))
    assert len(layouts) > 1                                         # random, not fixed
    assert game(3).harbor_tokens == {}


def test_sb_alth_02_every_token_is_laid_out_none_left_to_return() -> None:
    s = game(4, alternative_harbor_scoring=True)
    used = Counter(g for golds in s.harbor_tokens.values() for g in golds)
    assert used == Counter(t.gold for t in defs().harbor_tokens.tokens)
    assert sum(used.values()) == 12


def test_sb_alth_03_tokens_replace_the_printed_gold_at_final_scoring() -> None:
    for variant in (True, False):
        s = game(3, alternative_harbor_scoring=variant)
        harbor = "cabyss"
        s.regions[harbor].pirates = {0: 3, 1: 2, 2: 1}
        golds = s.harbor_tokens[harbor] if variant else defs().board.regions[harbor].gold
        s = at_final(s)
        assert s.final is not None
        assert [s.final[seat]["harbors"] for seat in (0, 1, 2)] == list(golds)
    s = game(3, alternative_harbor_scoring=True)
    s.harbor_tokens["cabyss"] = [19, 12, 7]
    assert defs().board.regions["cabyss"].gold != [19, 12, 7]
    s.regions["cabyss"].pirates = {1: 1}
    s = at_final(s)
    assert s.final is not None and s.final[1]["harbors"] == 19
