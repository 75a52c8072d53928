"""A timer's notification is sent once, even when the process firing it dies mid-way: a reminder
goes out (thread post and DM), the process is "killed" before it moves the timer on and without
giving its lease back; once the lease runs out by the injected clock, another lease owner fires
the timer again, and Discord, seeing the same nonces, shows one post and one DM. The raw
requests prove the second firing really sent (so the dedupe, not luck, kept it to one)."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cogs.turns import Turns
from store import TimerRow
from table.leases import LEASE_SECONDS
from tests.e2e.harness import Table, parley_bot
from tests.fake_discord import FakeDiscord

HOUR = 3600.0
DEAD = "the process that died"
POSTS = re.compile(r"/channels/(\d+)/messages$")


class Killed(BaseException):
    """The process stops here: nothing after this line of the handler runs."""


def turns(t: Table) -> Turns:
    cog = t.bot.get_cog("Turns")
    assert isinstance(cog, Turns)
    return cog


def sends(fake: FakeDiscord, prefix: str) -> Counter[str]:
    """Message creations asked of Discord whose text starts with `prefix`, per nonce, counted in
    the raw requests (before Discord's nonce dedupe)."""
    return Counter(str(r.json.get("nonce")) for r in fake.requests
                   if r.method == "POST" and POSTS.search(r.path) and isinstance(r.json, dict)
                   and str(r.json.get("content", "")).startswith(prefix))


async def die_firing(t: Table, timer: TimerRow, monkeypatch: pytest.MonkeyPatch, at: str) -> None:
    """Fire `timer` as another process would, which dies when it gets to the store's `at`
    (and never deletes or moves the timer): its lease is taken and never given back."""
    async def killed(*args: Any, **kwargs: Any) -> None:
        raise Killed
    claimed = await t.bot.store.claim_timer(timer.id, DEAD, t.clock(), LEASE_SECONDS)
    assert claimed is not None, "the dead process could not take the timer's lease"
    with monkeypatch.context() as patched, pytest.raises(Killed):
        for name in {at, "set_timer", "delete_timer"}:
            patched.setattr(t.bot.store, name, killed)
        await turns(t)._fire(claimed)


# (where the process dies, the sends the two firings ask of Discord: thread post, DM)
KILLS = [("update_settings", 2, 1),   # after the thread post, before it is noted and before the DM
         ("set_timer", 1, 2)]         # after the DM, before the timer is moved on


@pytest.mark.parametrize(("at", "posted", "dmed"), KILLS)
async def test_a_reminder_retried_after_a_takeover_reaches_discord_once(db: Path, monkeypatch: pytest.MonkeyPatch,
                                                                         at: str, posted: int, dmed: int) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table()
        seat, user = await t.pending_human(game_id)
        t.clock.now += 13 * HOUR
        timer, = [x for x in await t.bot.store.timers_of(game_id) if x.kind == "reminder" and x.seat == seat]
        posts, dms = len(t.bot_posts(thread)), len(fake.dm_messages(user))

        await die_firing(t, timer, monkeypatch, at)
        assert len(t.bot_posts(thread)) == posts + 1 and len(fake.dm_messages(user)) == dms + (at == "set_timer")
        assert await t.bot.store.timers_of(game_id) and (await t.bot.store.leases())[f"timer:{timer.id}"][0] == DEAD

        assert await turns(t).check_timers() == 0            # the lease still holds: nobody fires it
        t.clock.now += LEASE_SECONDS
        assert await turns(t).check_timers() == 1            # run out: this process takes the timer over
        new_posts, new_dms = t.bot_posts(thread)[posts:], fake.dm_messages(user)[dms:]
        assert [m.content[:30] for m in new_posts] == [f"⏰ <@{user}>, a gentle reminder"[:30]]
        assert [m.content[:10] for m in new_dms] == ["⏰ Reminder"]
        assert list(sends(fake, f"⏰ <@{user}>, a gentle").values()) == [posted]   # asked twice, shown once
        assert list(sends(fake, "⏰ Reminder 1").values()) == [dmed]

        moved, = [x for x in await t.bot.store.timers_of(game_id) if x.kind == "reminder" and x.seat == seat]
        assert moved.payload.get("sent") == 1 and moved.due_at > t.clock()   # the next one is a new firing
        t.clock.now = moved.due_at
        assert await turns(t).check_timers() == 1
        assert [m.content[:12] for m in fake.dm_messages(user)[dms:]] == ["⏰ Reminder 1", "⏰ Reminder 2"]
        assert t.run.errors == [], t.run.error_messages()
