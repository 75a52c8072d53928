"""Components, through play: whole bot games (every variant on, 2, 3 and 4 players) checked after
every decision against the rulebook's component list: the cards, monsters, crates, treasures,
events, unlock tiles, pirates of each colour, upgrades and harbor tokens in play are the ones the
data lists, none made or lost on the way, the tracks stay on the player board, the five reefs
each end a stage, the monster die shows only its faces, and the reputation board pays its gold."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.core import Setup, act, setup_state
from engine.scoundrel_bay import GAME
from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.defs import POT_HARBOR, defs
from engine.scoundrel_bay.policy import POLICIES
from engine.scoundrel_bay.state import State
from tests.engine.scoundrel_bay.scenario_helpers import do, options, top, waiting
from tests.engine.scoundrel_bay.test_harbor import at_harbor
from tests.engine.scoundrel_bay.test_shoot import shot

D = defs()
ALL_ON = {"milestones": True, "alternative_harbor_scoring": True, "captain_powers": True}
STARTING = {f"start-{b}" for b in D.cards.starting}


def cards_in_play(s: State) -> Counter[str]:
    places = [s.deck.pile, s.deck.discard, [c for c in s.display if c is not None]]
    for p in s.players:
        places += [p.hand, p.played, *p.crew.values()]
    return Counter(c for place in places for c in place)


def census(s: State, treasures: Counter[str]) -> None:
    """Every component where play put it, counted against the data."""
    cards = cards_in_play(s)
    assert max(cards.values()) == 1
    assert set(cards) - STARTING == set(D.cards.cards)                                  # SB-COMP-04
    assert set(cards) & STARTING == {f"start-{p.board}" for p in s.players}             # SB-COMP-05
    monsters = [st.id for st in s.monsters.values()] + s.discarded_monsters + [m for p in s.players for m in p.monsters]
    monsters += [s.turn.fight.monster] if s.turn.fight is not None else []             # the one being shot
    assert sorted(monsters) == sorted(D.monsters.monsters)                              # SB-COMP-13
    assert all(D.monsters.monsters[st.id].type == D.board.space(sp).monster for sp, st in s.monsters.items())
    crates = [c for st in s.crate_stacks.values() for c in st] + s.crate_discard
    crates += [c for r in s.regions.values() for c in r.crates if c is not None]
    crates += [c for p in s.players for c in (*p.undelivered, *p.delivered)]
    assert sorted(crates) == sorted(D.crates.crates)                                    # SB-COMP-08
    tiles = Counter([t.id for r in s.regions.values() for st in r.treasures for t in st] + [t for p in s.players for t in p.treasures])
    assert tiles == treasures                                                            # SB-COMP-07
    assert sorted(s.events + s.events_done) == sorted(D.events.events)                  # SB-COMP-06
    assert s.unlock_supply + sum(p.unlocks for p in s.players) == D.supply.unlock_tiles  # SB-COMP-09
    for seat, p in enumerate(s.players):                                                # SB-COMP-15
        dead = s.graveyard.get(seat, 0) - (D.rules.captain.strength if p.captain_dead else 0)
        aboard = p.crew_space.active + p.crew_space.sick
        on_board = sum(r.pirates.get(seat, 0) for r in s.regions.values())
        assert p.citizens + aboard + on_board + dead == D.supply.pirates_per_colour
        for tool in ("food_production", "sword", "gun", "shield"):                      # SB-COMP-14
            track = getattr(D.player_boards.tracks, tool)
            assert track.low <= p.tools[tool] <= track.high
        assert D.player_boards.tracks.ship_damage.low <= p.ship_damage <= D.player_boards.tracks.ship_damage.high
    held = s.upgrade_supply + [u for p in s.players for u in p.upgrades]                # SB-COMP-16
    assert len(set(held)) == len(held) and set(held) <= set(D.milestones.upgrades)


def whole_game(players: int, seed: int) -> tuple[State, set[Any], list[int]]:
    """A greedy bot in every seat, the census after each decision; the die faces seen and the
    number of tiles the captain draft offered."""
    s = setup_state(GAME, Setup(game=GAME.id, players=players, seed=f"census-{seed}", options=ALL_ON))
    assert s.upgrade_supply == sorted(D.milestones.upgrades) and set(s.milestone_sides) == set(D.milestones.milestones)
    tokens = sorted(g for golds in s.harbor_tokens.values() for g in golds)
    assert tokens == sorted(t.gold for t in D.harbor_tokens.tokens)                     # SB-COMP-16: 12 tokens
    assert set(s.harbor_tokens) == {h.id for h in D.board.of_kind("harbor") if h.name != POT_HARBOR}
    assert [D.player_boards.boards[p.board].start[t] for p in s.players for t in ("sword", "gun")] == \
        [p.tools[t] for p in s.players for t in ("sword", "gun")]                       # SB-COMP-14: start marks
    treasures = Counter(t.id for r in s.regions.values() for st in r.treasures for t in st)
    assert max(treasures.values()) == 1 and set(treasures) <= set(D.treasures.treasures)
    bots = [POLICIES["greedy"](f"{seed}-{i}") for i in range(players)]
    faces: set[Any] = set()
    draft: list[int] = []
    for _ in range(6000):
        pending = GAME.pending(s)
        if pending is None:
            return s, faces, draft
        if isinstance(top(s), P.CaptainPrompt):
            draft.append(len(top(s).tiles))
        seat = pending.waiting_on[0]
        s = act(GAME, s, seat, bots[seat].choose(GAME, s, seat)).state
        if s.turn.fight is not None:
            faces.add(s.turn.fight.face)
        census(s, treasures)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sb_comp_02_to_16_stage_01_a_whole_game_uses_exactly_the_rulebooks_components(players: int) -> None:
    s, faces, draft = whole_game(players, players)
    assert draft and draft[0] == players + 1 and len(D.captains.captains) == 6          # SB-COMP-16: the draft
    assert s.reefs_passed == [1, 2, 3, 4, 5] and s.stages_done == 5                     # SB-COMP-02, SB-STAGE-01
    assert faces <= set(D.monsters.die.faces)                                            # SB-COMP-12
    out = GAME.outcome(s)
    assert out is not None
    for seat, p in enumerate(s.players):                                                 # SB-COMP-03, SB-COMP-14
        assert out.breakdown[seat]["reputation"] == D.reputation.spaces[s.reputation.space(seat)].gold
        track = D.player_boards.tracks.ship_damage
        assert out.breakdown[seat]["ship_damage"] == -track.gold[p.ship_damage - track.low]


def test_sb_comp_12_each_die_face_does_what_the_rulebook_says() -> None:
    """The die: 1, 2, 2, 3, a critical hit and a miss. Against a skeleton (1 gun, 1 shield) with
    guns and shields at 3, +1 and +2 conquer unharmed, +3 conquers and hurts, the critical hit
    conquers unharmed and the miss does nothing."""
    assert list(D.monsters.die.faces) == [1, 2, 2, 3, "critical", "miss"]
    for face, conquered, hurt in ((1, True, False), (2, True, False), (3, False, True),
                                  ("critical", True, False), ("miss", False, False)):
        s = shot("skeleton-3", 3, 3, face)
        assert (s.players[0].monsters == ["skeleton-3"]) is conquered, face
        assert (s.players[0].ship_damage > 1) is hurt, face


def test_sb_comp_10_11_resources_and_doubloons_are_not_limited_by_the_token_counts() -> None:
    """Holding every pirate ring token (14), a player still gains one for a siren; holding more
    doubloons than all the coins make, the raid still pays its 2."""
    s = shot("siren-4", 10, 10, 1, rings=D.supply.resources["ring"])
    s = do(s, 0, "keep")
    assert s.players[0].resources["ring"] == D.supply.resources["ring"] + 1
    coins = sum(v * n for v, n in D.supply.doubloon_tokens.items())
    s = at_harbor("blue", 1, 0, 3, [], food=5)
    s.players[0].doubloons = coins
    s = do(s, 0, "land port-harleem 1")
    assert s.players[0].doubloons == coins + 2 and "trade 1" in options(s, 0) and waiting(s) == (0,)
