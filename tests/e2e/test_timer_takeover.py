"""A timer's work is done once, even when the process firing it dies mid-way, without giving its
lease back: once the lease runs out by the injected clock, another lease owner fires the timer
again. A reminder's post and DM are resent under the same nonces, and Discord shows one of each.
A deadline is killed before its move, after it, after its post, after its DM: the survivor
makes the move if it was not made (one deadline move in the log either way) and sends what was
not sent; one post and one DM are shown. The raw requests prove where a second firing really
sent (so the dedupe, not luck, kept it to one), and where it did not need to."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cogs.turns import Turns
from store import TimerRow
from table.leases import LEASE_SECONDS, Leaseholder
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
        patched.setattr(t.bot.table, "holder", Leaseholder(DEAD, LEASE_SECONDS, t.clock))
        for name in {at, "set_timer", "delete_timer"}:
            where = t.bot.table if name == "act" else t.bot if name == "post" else \
                t.bot.notifier if name == "dm" else t.bot.store
            patched.setattr(where, name, killed)
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


# (the deadline policy, where its process dies, the sends the two firings ask of Discord: post, DM)
DEADLINE_KILLS = [("default", "act", 1, 1),            # its notice pinned in the timer, before the move
                  ("default", "post", 1, 1),           # after the move, before the thread post
                  ("default", "dm", 2, 1),             # after the post, before the DM
                  ("default", "finish_timer", 2, 2),   # after both, before the timer is done
                  ("bot", "post", 1, 1)]               # after a bot stood in, before the post


@pytest.mark.parametrize(("policy", "at", "posted", "dmed"), DEADLINE_KILLS)
async def test_a_deadline_taken_over_after_a_kill_moves_once_and_tells_once(
        db: Path, monkeypatch: pytest.MonkeyPatch, policy: str, at: str, posted: int, dmed: int) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(deadline="12 hours", on_deadline=policy)
        seat, user = await t.pending_human(game_id)
        timer, = [x for x in await t.bot.store.timers_of(game_id) if x.kind == "deadline" and x.seat == seat]
        await t.bot.store.delete_timers(game_id, kind="reminder")   # only the deadline fires here
        t.clock.now = timer.due_at + 1
        log = len(await t.bot.store.log_rows(game_id))
        notice = f"⏳ <@{user}>"

        await die_firing(t, timer, monkeypatch, at)
        moves = [r for r in (await t.bot.store.log_rows(game_id))[log:] if r.interaction_id and ":deadline:" in r.interaction_id]
        assert len(moves) == (policy == "default" and at != "act")
        assert (await t.bot.store.leases())[f"timer:{timer.id}"][0] == DEAD
        assert [x.id for x in await t.bot.store.timers_of(game_id) if x.kind == "deadline"] == [timer.id]

        assert await turns(t).check_timers() == 0            # the lease still holds: nobody fires it
        t.clock.now += LEASE_SECONDS
        assert await turns(t).check_timers() == 1            # run out: this process finishes the job
        await t.settle()
        assert await turns(t).check_timers() == 0            # and it is done: nothing fires again
        moves = [r for r in (await t.bot.store.log_rows(game_id))[log:] if r.interaction_id and ":deadline:" in r.interaction_id]
        assert [(r.seat, r.shown_automatic) for r in moves] == ([(seat, True)] if policy == "default" else [])
        shown = [m for m in t.bot_posts(thread) if m.content.startswith(notice)]
        told = "so the table played" if policy == "default" else "a bot plays their seat until they are back"
        assert len(shown) == 1 and told in shown[0].content, shown
        assert ((await t.bot.store.load(game_id)).seats[seat].bot_policy is not None) == (policy == "bot")
        assert len([m for m in fake.dm_messages(user) if m.content.startswith(notice)]) == 1
        raw = sends(fake, notice)
        assert (raw[f"t{timer.id}.{int(timer.due_at)}p"], raw[f"t{timer.id}.{int(timer.due_at)}d"]) == (posted, dmed)
        assert sum(raw.values()) == posted + dmed
        assert t.run.errors == [], t.run.error_messages()


async def test_a_firing_whose_lease_was_taken_over_sends_nothing(db: Path) -> None:
    """A process frozen past its lease (a paused VM) wakes up mid-firing after another process
    took the timer over: it renews the lease before each send, finds it gone, and stops."""
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table()
        seat, user = await t.pending_human(game_id)
        t.clock.now += 13 * HOUR
        timer, = [x for x in await t.bot.store.timers_of(game_id) if x.kind == "reminder" and x.seat == seat]
        claimed = await t.bot.store.claim_timer(timer.id, t.bot.table.holder.owner, t.clock(), LEASE_SECONDS)
        assert claimed is not None
        t.clock.now += LEASE_SECONDS                                         # frozen this long
        assert await t.bot.store.take_lease(f"timer:{timer.id}", "another process", t.clock(), LEASE_SECONDS)
        assert await turns(t)._fire(claimed) == 0
        assert not sends(fake, f"⏰ <@{user}>") and not sends(fake, "⏰ Reminder")   # not even asked of Discord
        assert (await t.bot.store.leases())[f"timer:{timer.id}"][0] == "another process"
        assert t.run.errors == [], t.run.error_messages()
