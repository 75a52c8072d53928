"""Conformance for every registered game (DESIGN.md, testing layer 2): seeded bot playouts to
the end, with the engine-contract invariants checked along the way."""
from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from engine.core import Setup, act, all_games, replay, setup_state
from engine.core.policy import GreedyPolicy, RandomPolicy
from tests.engine.hidden import SCRAMBLERS

GAMES = {g.id: g for g in all_games()}
MAX_ACTIONS = 20_000


def policy_for(game_id: str, seed: int) -> Any:
    """Mostly greedy bots (so games end), with a random bot in some seats for odd corners."""
    if game_id == "pirate_chest":
        from engine.pirate_chest.policy import greedy
        return greedy(seed)
    return RandomPolicy(seed)


def variants(game_id: str) -> list[dict[str, Any]]:
    if game_id == "pirate_chest":
        return [{}, {"voodoo_doll": True}, {"larger_board": True}, {"larger_board": True, "voodoo_doll": True},
                {"larger_board": False}]
    return [{}]


def check_round_trip(game: Any, s: Any) -> None:
    dumped = s.model_dump_json()
    assert game.State.model_validate_json(dumped) == s
    json.loads(dumped)


def check_notation(game: Any, s: Any, seat: int, legal: list[Any]) -> None:
    notations = [game.notate(s, a) for a in legal]
    assert len(set(notations)) == len(notations), f"duplicate notations: {notations}"
    for a, n in zip(legal, notations, strict=True):
        assert len(n) <= 100
        assert game.parse(s, seat, n) == a, n


def check_no_leak(game: Any, s: Any, rand: random.Random) -> None:
    scramble = SCRAMBLERS[game.id]
    for viewer in [None, *range(len(s.players))]:
        assert game.view(scramble(s, viewer, rand), viewer) == game.view(s, viewer), f"view leaks to {viewer}"


def playout(game: Any, players: int, seed: int, options: dict[str, Any], deep: bool) -> tuple[Any, list[tuple[int, str]], Setup]:
    setup = Setup(game=game.id, players=players, seed=f"conf-{seed}", options=options)
    s = setup_state(game, setup)
    bots = [policy_for(game.id, seed * 10 + i) for i in range(players)]
    rand = random.Random(seed)
    log: list[tuple[int, str]] = []
    for _ in range(MAX_ACTIONS):
        pending = game.pending(s)
        if pending is None:
            break
        seat = pending.waiting_on[rand.randrange(len(pending.waiting_on))]
        legal = game.legal_actions(s, seat)
        assert legal, f"no legal action for waiting seat {seat}: {pending}"
        if deep:
            check_notation(game, s, seat, legal)
            check_no_leak(game, s, rand)
        a = bots[seat].choose(game, s, seat, legal) if rand.random() > 0.1 else rand.choice(legal)
        log.append((seat, game.notate(s, a)))
        s = act(game, s, seat, a).state
        if deep:
            check_round_trip(game, s)
    assert game.pending(s) is None, f"game {seed} did not finish in {MAX_ACTIONS} actions"
    assert game.outcome(s) is not None
    return s, log, setup


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_many_seeded_playouts_finish_and_replay(game_id: str) -> None:
    """300 bot games over every player count and variant; each tenth replays to its final state.
    The 60 s budget is CPU time, so other work on a shared machine does not make it flaky."""
    game = GAMES[game_id]
    counts = range(game.min_players, game.max_players + 1)
    started = time.process_time()
    for seed in range(300):
        players = list(counts)[seed % len(counts)]
        options = variants(game_id)[seed % len(variants(game_id))]
        s, log, setup = playout(game, players, seed, options, deep=False)
        if seed % 10 == 0:
            assert replay(game, setup, log).model_dump() == s.model_dump()
    assert time.process_time() - started < 60


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", range(6))
def test_every_step_keeps_the_contract(game_id: str, seed: int) -> None:
    """Round trip, unique notations that parse back, and no view leaks — at every step."""
    game = GAMES[game_id]
    players = game.min_players + seed % (game.max_players - game.min_players + 1)
    s, log, setup = playout(game, players, 1000 + seed, variants(game_id)[seed % len(variants(game_id))], deep=True)
    assert replay(game, setup, log).model_dump() == s.model_dump()


def test_greedy_policy_is_a_real_policy() -> None:
    assert isinstance(policy_for("pirate_chest", 1), GreedyPolicy)
