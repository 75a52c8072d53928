"""A finished or cancelled game stays as it ended (issue "Safe on a public server"): undo, play,
join, leave, claim and kick are refused with a reason, and the game, its log and its thread are
unchanged. (Before, undoing a finished game's last quiet decision reopened it after its seed
had been shown.)"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core import get_game
from tests.e2e.harness import Table, parley_bot
from tests.fake_discord import FakeDiscord

MAX_MOVES = 60


async def _toy_table(t: Table) -> tuple[int, int]:
    anne, jack, _mary = t.fake.user_ids
    await t.slash(anne, "game new", game="toy_treasure", players=3, options="treasures=1")
    thread = t.fake.threads()[-1].id
    await t.slash(jack, "game join", channel_id=thread)
    await t.slash(anne, "game add-bot", channel_id=thread, policy="random")
    await t.slash(anne, "game start", channel_id=thread)
    await t.settle()
    record = await t.bot.store.find_by_thread(thread)
    assert record is not None
    return record.id, thread


async def _play_to_the_end(t: Table, game_id: int, thread: int) -> int:
    """Every human decision typed with /play (the default one); returns the last mover's user."""
    game, last = get_game("toy_treasure"), 0
    for _ in range(MAX_MOVES):
        record, s = await t.bot.table.load(game_id)
        pending = game.pending(s)
        if pending is None:
            return last
        seat = next(w for w in pending.waiting_on if record.seats[w].user_id is not None)
        last = record.seats[seat].user_id or 0
        rec = await t.slash(last, "play", channel_id=thread, action=game.notate(s, game.default_action(s, seat)))
        assert t.reply_message(rec).content.startswith("✓"), t.reply_message(rec).content
        await t.settle()
    raise AssertionError(f"the toy game did not end in {MAX_MOVES} moves")


async def _state_of(t: Table, game_id: int, thread: int) -> tuple[Any, ...]:
    record = await t.bot.store.load(game_id)
    return (record.status, record.version, record.seats, await t.bot.store.log_rows(game_id),
            [(m.id, m.content, m.edited_at) for m in t.fake.messages(thread) if m.visibility == "public"])


async def _all_refused(t: Table, game_id: int, thread: int, last: int, why: str) -> None:
    anne, jack, mary = t.fake.user_ids
    before = await _state_of(t, game_id, thread)
    tries = [(last, "undo", {}), (jack, "play", {"action": "bid 1"}), (mary, "game join", {}),
             (jack, "game leave", {}), (mary, "game claim", {}), (anne, "game kick", {"member": str(jack)})]
    for user, name, options in tries:
        rec = await t.slash(user, name, channel_id=thread, game=game_id, **options)
        answer = t.reply_message(rec)
        assert answer.visibility == "ephemeral" and answer.content.startswith("✗"), (name, answer.content)
        assert any(w in answer.content for w in (why, "has ended", "Only a running game")), (name, answer.content)
    await t.settle()
    assert await _state_of(t, game_id, thread) == before


async def test_a_finished_game_refuses_undo_play_join_leave_claim_and_kick(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await _toy_table(t)
        last = await _play_to_the_end(t, game_id, thread)
        assert (await t.bot.store.load(game_id)).status == "finished"
        await _all_refused(t, game_id, thread, last, "over")
        t.assert_clean()


async def test_a_cancelled_game_refuses_them_too(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        anne, jack, _mary = fake.user_ids
        game_id, thread = await _toy_table(t)
        rec = await t.slash(anne, "game cancel", channel_id=thread)
        assert "is cancelled" in t.reply_message(rec).content
        await t.settle()
        await _all_refused(t, game_id, thread, jack, "cancelled")
        t.assert_clean()
