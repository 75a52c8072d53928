"""Forced decisions play themselves: a decision with a single legal option, outside a sealed
choice, is taken for a player who leaves autoplay on — right after their own decision, in the
same answer, and by the pump when it comes up off their turn. Undo takes it back with the
decision it followed."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine.core import get_game
from engine.core.policy import get_policy
from store import AUTO_PREFIX, Store
from table import TableService

HUMAN = 1000
MAX_DECISIONS = 400


@pytest.fixture
async def svc(tmp_path: Path) -> Any:
    async with await Store.open(tmp_path / "t.db") as store:
        yield TableService(store)


async def start(svc: TableService, seed: str) -> int:
    game_id = await svc.create("pirate_chest", 3, {"captains": ["kidd", "sparrow", "jones"]}, seed=seed)
    await svc.join(game_id, HUMAN, "Anne")
    await svc.add_bot(game_id)
    await svc.add_bot(game_id)
    await svc.start(game_id)
    await svc.run_bots(game_id)
    return game_id


async def play_human(svc: TableService, game_id: int, decisions: int) -> tuple[int, int]:
    """The human's seat plays `decisions` of its own; returns (forced moves taken, sealed singles left)."""
    game = get_game("pirate_chest")
    rand = random.Random(5)
    forced = sealed_singles = 0
    for _ in range(decisions):
        record, s = await svc.load(game_id)
        pending = game.pending(s)
        if pending is None:
            break
        assert 0 in pending.waiting_on, "the bots and forced moves should have left the human to decide"
        legal = game.legal_actions(s, 0)
        if len(legal) == 1:   # left to the human only inside a sealed choice, or with autoplay off
            assert pending.kind == "simultaneous" or not (await svc.store.get_user_settings(HUMAN)).autoplay
            sealed_singles += pending.kind == "simultaneous"
        bot = get_policy("pirate_chest", "greedy", rand.randrange(1 << 20))
        result = await svc.play(game_id, 0, game.notate(s, bot.choose(game, s, 0, legal)))
        forced += len(result.forced)
        await svc.run_bots(game_id)
    return forced, sealed_singles


async def test_single_options_are_played_for_the_player_but_never_a_sealed_choice(svc: TableService) -> None:
    game_id = await start(svc, "forced")
    forced, _ = await play_human(svc, game_id, 120)
    rows = await svc.store.log_rows(game_id)
    auto = [r for r in rows if r.seat == 0 and (r.interaction_id or "").startswith(f"{AUTO_PREFIX}forced:")]
    assert forced > 0 and len(auto) >= forced
    assert (await svc.store.verify(game_id))[0]


async def test_with_autoplay_off_the_player_decides_everything(svc: TableService) -> None:
    await svc.store.set_user_settings(HUMAN, autoplay=False)
    game_id = await start(svc, "forced")
    forced, _ = await play_human(svc, game_id, 120)
    rows = await svc.store.log_rows(game_id)
    assert forced == 0 and not any(r.seat == 0 and r.automatic for r in rows)


async def test_undo_takes_back_the_decision_with_the_forced_moves_after_it(svc: TableService) -> None:
    game = get_game("pirate_chest")
    game_id = await start(svc, "undo-forced")
    for _ in range(MAX_DECISIONS):
        record, s = await svc.load(game_id)
        quiet = [a for a in game.legal_actions(s, 0) if game.notate(s, a) == "privateer"]
        if quiet:
            break
        bot = get_policy("pirate_chest", "greedy", 1)
        await svc.play(game_id, 0, game.notate(s, bot.choose(game, s, 0)))
        await svc.run_bots(game_id)
    else:
        raise AssertionError(f"Captain Kidd had no Privateer move in {MAX_DECISIONS} decisions")
    before = await svc.store.log(game_id)
    await svc.play(game_id, 0, "privateer")
    record, s = await svc.load(game_id)
    sail = next(game.notate(s, a) for a in game.legal_actions(s, 0))
    result = await svc.play(game_id, 0, sail)
    assert result.forced, "this seeded game has a forced move right after the sail"
    await svc.undo(game_id, 0)
    assert await svc.store.log(game_id) == [*before, (0, "privateer")]
