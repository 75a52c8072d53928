"""When the store is slow, /play defers (Discord's 3-second window is never missed) and the
answer follows once the move is committed. The store is held back by the test, not by time."""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import cogs.common
from cogs.describe import choices_for
from tests.e2e.harness import parley_bot
from tests.fake_discord import FakeDiscord

DEFERRED = 5   # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE


async def test_play_defers_while_the_store_is_held_and_answers_after(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cogs.common, "DEFER_AFTER", 0.01)
    async with FakeDiscord(callback_deadline=3.0) as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table()
        seat, user = await t.pending_human(game_id)
        record, state = await t.bot.table.load(game_id)
        choice = choices_for(record, state, seat)[0]
        notation = choice.notation
        release = asyncio.Event()
        commit = t.bot.store.commit_action

        async def held(*args: Any, **kwargs: Any) -> int:
            await release.wait()
            return await commit(*args, **kwargs)
        t.bot.store.commit_action = held  # type: ignore[method-assign]

        version = (await t.bot.store.load(game_id)).version
        rec = await fake.dispatch_slash(user, "play", [{"name": "action", "value": notation}], channel_id=thread)
        await fake.wait_for_response(rec.id, timeout=10)
        assert rec.callback_type == DEFERRED            # acknowledged while the commit is still held
        assert (await t.bot.store.load(game_id)).version == version
        release.set()
        await fake.wait_until(lambda: (m := fake.original_message(rec.id)) is not None and not m.loading,
                              timeout=10, what="the answer after the defer")
        answer = fake.original_message(rec.id)
        assert answer is not None
        assert answer.content.startswith(f"✓ {choice.label}"), answer.content
        assert (await t.bot.store.load(game_id)).version > version
        t.assert_clean()
