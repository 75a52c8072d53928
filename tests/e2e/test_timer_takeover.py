"""A timer's work is done once, even when the process firing it dies mid-way, without giving its
lease back: once the lease runs out by the injected clock, another lease owner fires the timer
again. A reminder's post and DM are resent under the same nonces, and Discord shows one of each.
A deadline that plays the seat's move (or lets a bot stand in) commits it with its notice, as
outbox rows: killed before the move or after it, the survivor makes the move if it was not made
(one deadline move in the log either way), and the outbox tells it once, even when the seat's next
prompt moved the timer on before the takeover. A `remind` deadline sends its notice from the
timer: killed before its post, after it, after its DM, it is resent under the same nonces. The raw requests prove where a second firing really
sent (so the dedupe, not luck, kept it to one), and where it did not need to."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cogs.turns import Turns
from store import TimerRow
from table.leases import LEASE_SECONDS, Leaseholder, firing_key
from table.outbox import NOTICE
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


# (the deadline policy, where its process dies)
DEADLINE_KILLS = [("default", "act"),             # its firing pinned in the timer, before the move
                  ("default", "finish_timer"),    # after the move and its notice, before the timer is done
                  ("bot", "stand_in"),            # before a bot stands in
                  ("bot", "finish_timer")]        # after a bot stood in, before the timer is done


def deadline_moves(rows: list[Any]) -> list[tuple[int, bool]]:
    return [(r.seat, r.shown_automatic) for r in rows if r.interaction_id and ":deadline:" in r.interaction_id]


async def notice_rows(t: Table, game_id: int, timer: TimerRow) -> list[Any]:
    return [r for r in await t.bot.store.outbox_of(game_id)
            if r.kind == NOTICE and r.payload.get("timer") == firing_key(timer)]


@pytest.mark.parametrize(("policy", "at"), DEADLINE_KILLS)
async def test_a_deadline_taken_over_after_a_kill_moves_once_and_tells_once(
        db: Path, monkeypatch: pytest.MonkeyPatch, policy: str, at: str) -> None:
    """The move or stand-in commits with its notice (outbox rows), so the notice is sent once, by
    the outbox, whichever run made the move: the timer itself sends nothing."""
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(deadline="12 hours", on_deadline=policy)
        seat, user = await t.pending_human(game_id)
        timer, = [x for x in await t.bot.store.timers_of(game_id) if x.kind == "deadline" and x.seat == seat]
        await t.bot.store.delete_timers(game_id, kind="reminder")   # only the deadline fires here
        t.clock.now = timer.due_at + 1
        log = len(await t.bot.store.log_rows(game_id))
        notice, to_player = f"⏳ <@{user}>", "⏳ Your time to move ran out"

        await die_firing(t, timer, monkeypatch, at)
        done = at == "finish_timer"   # the move or stand-in was made before the process died
        assert len(deadline_moves((await t.bot.store.log_rows(game_id))[log:])) == (policy == "default" and done)
        assert len(await notice_rows(t, game_id, timer)) == (2 if done else 0)   # committed with it, or not at all
        assert (await t.bot.store.leases())[f"timer:{timer.id}"][0] == DEAD
        assert [x.id for x in await t.bot.store.timers_of(game_id) if x.kind == "deadline"] == [timer.id]

        assert await turns(t).check_timers() == 0            # the lease still holds: nobody fires it
        t.clock.now += LEASE_SECONDS
        assert await turns(t).check_timers() == 1            # run out: this process finishes the job
        await t.settle()
        assert await turns(t).check_timers() == 0            # and it is done: nothing fires again
        moves = deadline_moves((await t.bot.store.log_rows(game_id))[log:])
        assert moves == ([(seat, True)] if policy == "default" else [])
        shown = [m for m in t.bot_posts(thread) if m.content.startswith(notice)]
        told = "so the table played" if policy == "default" else "a bot plays their seat until they are back"
        assert len(shown) == 1 and told in shown[0].content, shown
        assert ((await t.bot.store.load(game_id)).seats[seat].bot_policy is not None) == (policy == "bot")
        assert len([m for m in fake.dm_messages(user) if m.content.startswith(to_player)]) == 1
        rows = await notice_rows(t, game_id, timer)
        assert len(rows) == 2 and all(r.sent_at is not None for r in rows)
        raw = sends(fake, notice) + sends(fake, to_player)
        assert raw == Counter({f"p{rows[0].id}": 1, f"d{rows[1].id}": 1}), raw   # asked of Discord once each
        assert t.run.errors == [], t.run.error_messages()


# (where a `remind` deadline's process dies, the sends the two firings ask of Discord: post, DM)
REMIND_KILLS = [("post", 1, 1),            # before the thread post
                ("dm", 2, 1),              # after the post, before the DM
                ("finish_timer", 2, 2)]    # after both, before the timer is done


@pytest.mark.parametrize(("at", "posted", "dmed"), REMIND_KILLS)
async def test_a_remind_deadline_taken_over_after_a_kill_tells_once(
        db: Path, monkeypatch: pytest.MonkeyPatch, at: str, posted: int, dmed: int) -> None:
    """A `remind` deadline moves nothing: the timer sends its notice itself, under the timer's
    nonces, so a second firing's resend is dropped by Discord."""
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(deadline="12 hours", on_deadline="remind")
        seat, user = await t.pending_human(game_id)
        timer, = [x for x in await t.bot.store.timers_of(game_id) if x.kind == "deadline" and x.seat == seat]
        await t.bot.store.delete_timers(game_id, kind="reminder")
        t.clock.now = timer.due_at + 1
        log = len(await t.bot.store.log_rows(game_id))
        notice = f"⏳ <@{user}> ("

        await die_firing(t, timer, monkeypatch, at)
        t.clock.now += LEASE_SECONDS
        assert await turns(t).check_timers() == 1
        await t.settle()
        assert await turns(t).check_timers() == 0
        assert len(await t.bot.store.log_rows(game_id)) == log and seat in await t.waiting_on(game_id)
        for shown in ([m for m in t.bot_posts(thread) if m.content.startswith(notice)],
                      [m for m in fake.dm_messages(user) if m.content.startswith(notice)]):
            assert len(shown) == 1 and "your time to move has run out" in shown[0].content, shown
        key = firing_key(timer)
        assert sends(fake, notice) == Counter({f"t{key}p": posted, f"t{key}d": dmed})
        assert t.run.errors == [], t.run.error_messages()


async def test_a_deadline_notice_is_kept_when_the_seats_next_prompt_comes_before_the_takeover(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The process dies after the deadline's move; before its lease runs out the game goes on
    and the seat's next prompt sets its next deadline (the same timer, moved on), which drops
    the pinned firing. The notice was committed with the move, so it is still told, once; and
    the old firing is not made again."""
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(humans=1, bots=1, deadline="12 hours", on_deadline="default")
        seat, user = await t.pending_human(game_id)
        timer, = [x for x in await t.bot.store.timers_of(game_id) if x.kind == "deadline" and x.seat == seat]
        await t.bot.store.delete_timers(game_id, kind="reminder")
        t.clock.now = timer.due_at + 1
        log = len(await t.bot.store.log_rows(game_id))

        await die_firing(t, timer, monkeypatch, "finish_timer")
        await t.settle()   # the game goes on: the bot moves, and the seat is asked again
        moved, = [x for x in await t.bot.store.timers_of(game_id) if x.kind == "deadline" and x.seat == seat]
        assert moved.id == timer.id and moved.due_at > timer.due_at and "firing" not in moved.payload

        t.clock.now += LEASE_SECONDS
        assert await turns(t).check_timers() == 0            # the seat's new deadline is not due yet
        await t.settle()
        assert len(deadline_moves((await t.bot.store.log_rows(game_id))[log:log + 1])) == 1
        shown = [m for m in t.bot_posts(thread) if m.content.startswith(f"⏳ <@{user}>")]
        assert len(shown) == 1 and "so the table played" in shown[0].content, shown
        assert len([m for m in fake.dm_messages(user) if m.content.startswith("⏳ Your time to move ran out")]) == 1
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


async def test_a_firing_pinned_before_notice_rows_existed_is_decided_afresh(db: Path) -> None:
    """A timer pinned by the previous release (its firing has a notice text and no key) when the
    bot was upgraded mid-firing: the new code decides it again, so the move is made once and
    told once, by the outbox."""
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(deadline="12 hours", on_deadline="default")
        seat, user = await t.pending_human(game_id)
        timer, = [x for x in await t.bot.store.timers_of(game_id) if x.kind == "deadline" and x.seat == seat]
        await t.bot.store.delete_timers(game_id, kind="reminder")
        record = await t.bot.store.load(game_id)
        old = {"version": record.version, "seat": seat, "user": user, "auto": "deadline", "move": "old",
               "notice": f"⏳ <@{user}>'s time to move ran out, so the table played **old** for them."}
        assert await t.bot.store.pin_timer(timer, {**timer.payload, "firing": old})
        t.clock.now = timer.due_at + 1
        log = len(await t.bot.store.log_rows(game_id))
        assert await turns(t).check_timers() == 1
        await t.settle()
        assert [s for s, _ in deadline_moves((await t.bot.store.log_rows(game_id))[log:])] == [seat]
        shown = [m for m in t.bot_posts(thread) if m.content.startswith(f"⏳ <@{user}>")]
        assert len(shown) == 1 and "**old**" not in shown[0].content, shown
        assert t.run.errors == [], t.run.error_messages()


@pytest.mark.parametrize("policy", ["default", "bot"])
async def test_a_player_who_moves_while_their_deadline_is_decided_keeps_their_seat(
        db: Path, monkeypatch: pytest.MonkeyPatch, policy: str) -> None:
    """The player answers between the deadline's decision and its move or stand-in (while the
    firing is pinned): the move or stand-in is refused, as decided at an older version, and the
    next pass finds the player no longer waited on: no move, no bot, no notice."""
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(deadline="12 hours", on_deadline=policy)
        seat, user = await t.pending_human(game_id)
        timer, = [x for x in await t.bot.store.timers_of(game_id) if x.kind == "deadline" and x.seat == seat]
        await t.bot.store.delete_timers(game_id, kind="reminder")
        t.clock.now = timer.due_at + 1
        pin = t.bot.store.pin_timer

        async def player_moves_first(*args: Any) -> bool:
            legal = await t.bot.table.legal(game_id, seat)
            await t.bot.table.play(game_id, seat, legal[-1])
            return await pin(*args)
        monkeypatch.setattr(t.bot.store, "pin_timer", player_moves_first)
        log = len(await t.bot.store.log_rows(game_id))
        assert await turns(t).check_timers() == 0            # refused: the board moved under it
        monkeypatch.undo()
        assert await turns(t).check_timers() == 0            # decided afresh: the seat is not waited on
        await t.settle()
        rows = (await t.bot.store.log_rows(game_id))[log:]
        assert rows[0].seat == seat and not rows[0].automatic and deadline_moves(rows) == []
        assert (await t.bot.store.load(game_id)).seats[seat].bot_policy is None
        assert not [m for m in t.bot_posts(thread) if m.content.startswith(f"⏳ <@{user}>")]
        assert not await notice_rows(t, game_id, timer)
        assert t.run.errors == [], t.run.error_messages()
