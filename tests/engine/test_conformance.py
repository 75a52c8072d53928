"""Conformance for every registered game (DESIGN.md, testing layer 2): seeded bot playouts to
the end, with the engine-contract invariants checked along the way. A game takes part by being
registered and giving tests/engine/<game>/conformance.py (its hooks); nothing here names a game.

Every playout has a step cap and fails with the seed, the step and the pending decision where it
stopped, so no game can hang the suite; nothing here is timed (speed is bench/'s business)."""
from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from engine.core import Setup, act, all_games, replay, setup_state, side_decisions
from engine.core.fair import hidden_decision, public_kinds, sealed_parts
from engine.core.policy import GreedyPolicy, get_policy
from engine.core.types import Transition
from tests.engine import fair_oracle
from tests.engine.conformance_hooks import ConformanceHooks, hooks_for

GAMES = {g.id: g for g in all_games()}


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


def check_no_leak(game: Any, hooks: ConformanceHooks, s: Any, rand: random.Random) -> None:
    for viewer in [None, *range(_players(s, game))]:
        assert game.view(hooks.scramble(s, viewer, rand), viewer) == game.view(s, viewer), f"view leaks to {viewer}"


def check_default_action(game: Any, s: Any, seat: int, legal: list[Any]) -> None:
    """What a silent seat does at its deadline is one of its legal decisions."""
    assert game.default_action(s, seat) in legal


def check_hidden_decision(game: Any, s: Any, seat: int, a: Any, t: Transition[Any], deep: bool, where: str) -> None:
    """The fairness check the table runs (engine/core/fair.py: a typed walk for sealed choices,
    no comparison for the game's `public_kinds`) says what the full one says (the oracle,
    tests/engine/fair_oracle.py): the same decisions are sealed and committed."""
    kind = getattr(a, "kind", None)
    expected = fair_oracle.hidden_decision(game, s, seat, a, t)
    assert hidden_decision(game, s, seat, a, t) == expected, (
        f"{game.id} {where}: '{t.notation}' (kind {kind}): the full check says hidden={expected}"
        + (f"; {game.id} declares the kind public" if kind in public_kinds(game) else ""))
    if deep:
        assert [(p, id(x)) for p, x in sealed_parts(s)] == [(p, id(x)) for p, x in fair_oracle.every_sealed_part(s)]


def _players(s: Any, game: Any) -> int:
    pending = game.pending(s)
    seats = getattr(s, "players", None) or getattr(s, "hands", None)
    return len(seats) if seats is not None else (max(pending.waiting_on) + 1 if pending else 0)


def playout(game: Any, players: int, seed: int, options: dict[str, Any], deep: bool,
            oracle: bool = True) -> tuple[Any, list[tuple[int, str]], Setup]:
    """One seeded game to the end; `oracle`: every decision's fairness check against the full one."""
    hooks = hooks_for(game.id)
    setup = Setup(game=game.id, players=players, seed=f"conf-{seed}", options=options)
    s = setup_state(game, setup)
    bots = [get_policy(game.id, hooks.policy, seed * 10 + i) for i in range(players)]
    rand = random.Random(seed)
    log: list[tuple[int, str]] = []
    for step in range(hooks.max_actions):
        pending = game.pending(s)
        if pending is None:
            break
        deciding = [*pending.waiting_on, *(w for w in side_decisions(game, s) if w not in pending.waiting_on)]
        seat = deciding[rand.randrange(len(deciding))]   # side decisions are taken now and then too
        legal = game.legal_actions(s, seat)
        assert legal, f"seed {seed}, step {step}: no legal action for waiting seat {seat}: {pending}"
        check_default_action(game, s, seat, legal)
        if deep:
            check_notation(game, s, seat, legal)
            check_no_leak(game, hooks, s, rand)
        a = bots[seat].choose(game, s, seat, legal) if rand.random() > 0.1 else rand.choice(legal)
        log.append((seat, game.notate(s, a)))
        t = act(game, s, seat, a, legal)
        if oracle:
            check_hidden_decision(game, s, seat, a, t, deep, f"seed {seed}, step {step}")
        s = t.state
        if deep:
            check_round_trip(game, s)
    assert game.pending(s) is None, \
        f"{game.id} seed {seed} ({players} players, {options}) did not finish in {hooks.max_actions} actions: {game.pending(s)}"
    assert game.outcome(s) is not None
    return s, log, setup


PARTS = 8    # each game's playouts in eight interleaved parts, so parallel workers share them evenly
# `make test` plays the first 3/5 of each game's seeded playouts (the suite must fit CI's 15
# minutes on 2 cores: these playouts are half its CPU); `make conformance` (PARLEY_PLAYOUTS=full)
# plays them all. Seeds are a prefix, so the full run is the same games and more.
FULL = os.environ.get("PARLEY_PLAYOUTS") == "full"


def playouts(hooks: ConformanceHooks) -> int:
    return hooks.playouts if FULL else hooks.playouts * 3 // 5


# The full fairness check costs up to 2.6 times a playout's other work (Dead Reckoning), so `make
# test` compares it at every decision of one playout in ORACLE_SHARE of each part (and of every
# `test_every_step_keeps_the_contract` game); `make conformance` compares it in all of them.
ORACLE_SHARE = 4


def with_oracle(seed: int) -> bool:
    return FULL or (seed // PARTS) % ORACLE_SHARE == 0


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("part", range(PARTS))
def test_many_seeded_playouts_finish_and_replay(game_id: str, part: int) -> None:
    """Seeded bot games over every player count and variant; each tenth replays to its final state."""
    game, hooks = GAMES[game_id], hooks_for(game_id)
    counts = list(range(game.min_players, game.max_players + 1))
    for seed in range(part, playouts(hooks), PARTS):
        players = counts[seed % len(counts)]
        options = hooks.variants[seed % len(hooks.variants)]
        s, log, setup = playout(game, players, seed, options, deep=False, oracle=with_oracle(seed))
        if seed % 10 == 0:
            assert replay(game, setup, log).model_dump() == s.model_dump()


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", range(6))
def test_every_step_keeps_the_contract(game_id: str, seed: int) -> None:
    """Round trip, unique notations that parse back, and no view leaks — at every step."""
    game, hooks = GAMES[game_id], hooks_for(game_id)
    players = game.min_players + seed % (game.max_players - game.min_players + 1)
    s, log, setup = playout(game, players, 1000 + seed, hooks.variants[seed % len(hooks.variants)], deep=True)
    assert replay(game, setup, log).model_dump() == s.model_dump()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_preferred_bot_is_a_real_policy_and_every_game_has_hooks(game_id: str) -> None:
    hooks = hooks_for(game_id)
    assert hooks.policy in GAMES[game_id].policies
    assert isinstance(get_policy(game_id, "greedy", 1), GreedyPolicy) or "greedy" not in GAMES[game_id].policies


def test_the_toy_game_of_the_test_folder_takes_part() -> None:
    """Proof that a game is one folder: registered through PARLEY_GAMES, nothing else names it."""
    assert "toy_treasure" in GAMES
