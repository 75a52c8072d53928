"""Typed moves play only what was typed (issue 26, item 7): an exact notation plays; the leading
part of longer ones is offered back, never played, since the rest may decide more (landing the
captain too). Reached through play: a Scoundrel Bay invasion set up as a scenario, and every
game's seeded bot playout checked at each decision."""
from __future__ import annotations

import pytest

from engine.core import IllegalActionError, InvalidActionError, act, all_games, setup_state
from engine.core.policy import get_policy
from engine.core.runner import Setup
from tests.engine.scoundrel_bay.scenario_helpers import do, options
from tests.engine.scoundrel_bay.test_invade import invade, invading

GAMES = {g.id: g for g in all_games()}


def test_a_landing_typed_without_its_captain_is_offered_back_not_played() -> None:
    s = invade(invading("yellow", 9), "yellow")
    assert {"land shellmoon-beach 1", "land shellmoon-beach 0 +captain"} <= set(options(s, 0))
    with pytest.raises(IllegalActionError, match=r"only the start of a move: did you mean 'land shellmoon-beach 0 \+captain'"):
        do(s, 0, "land shellmoon-beach 0")
    with pytest.raises(IllegalActionError, match="'land shellmoon-beach 1', 'land shellmoon-beach 0 [+]captain'"):
        do(s, 0, "land shellmoon-beach")
    after = do(s, 0, "land shellmoon-beach 0 +captain")        # the whole move plays
    assert after.regions["shellmoon-beach"].pirates != s.regions["shellmoon-beach"].pirates


def test_pirate_chest_sails_by_distance_and_direction_alone() -> None:
    """The one short form a game accepts: 'sail 4 cw' without its 'to <space>' tail, which the
    distance and direction decide (engine/pirate_chest/notation.py)."""
    game = GAMES["pirate_chest"]
    s = setup_state(game, Setup(game="pirate_chest", players=2, seed="short-sail", options={}))
    bots = [get_policy("pirate_chest", "random", i) for i in range(2)]
    for _ in range(200):
        pending = game.pending(s)
        assert pending is not None
        seat = pending.waiting_on[0]
        sails = [game.notate(s, a) for a in game.legal_actions(s, seat) if game.notate(s, a).startswith("sail ")]
        if sails:
            full = sails[0]
            short = full.split(" to ")[0]
            assert game.parse(s, seat, short) == game.parse(s, seat, full)
            return
        s = act(game, s, seat, bots[seat].choose(game, s, seat)).state
    raise AssertionError("no sail offered within 200 decisions")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_leading_part_plays_more_than_was_typed(game_id: str) -> None:
    """At every decision of a seeded playout: each leading part of a legal notation that is not
    itself legal either is refused with the longer moves offered, or (Pirate Chest's short sail)
    stands for exactly one of them."""
    game = GAMES[game_id]
    s = setup_state(game, Setup(game=game_id, players=3, seed="prefix", options={}))
    bots = [get_policy(game_id, "random", i) for i in range(3)]
    refused = 0
    for _ in range(150):
        pending = game.pending(s)
        if pending is None:
            break
        seat = pending.waiting_on[0]
        notations = {game.notate(s, a): a for a in game.legal_actions(s, seat)}
        for n in notations:
            words = n.split()
            for cut in range(1, len(words)):
                part = " ".join(words[:cut])
                if part in notations:
                    continue
                longer = [m for m in notations if m.startswith(part + " ")]
                try:
                    played = game.parse(s, seat, part)
                except IllegalActionError as e:     # engine.core.notation.match: the longer moves offered
                    assert "only the start of a move" in str(e) and f"'{longer[0]}'" in str(e)
                    refused += 1
                    continue
                except InvalidActionError:          # a game with a parser of its own (the toy game) refusing
                    refused += 1
                    continue
                assert len(longer) == 1 and played == notations[longer[0]], (part, longer)
        s = act(game, s, seat, bots[seat].choose(game, s, seat)).state
    assert refused > 0, "the playout offered no multi-word move to cut short"
