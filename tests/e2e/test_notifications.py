"""Keeping players in the loop: the mention and the 'Your move' DM when a seat becomes
pending, reminders on the injected clock, quiet hours, and the end of a game."""
from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

from cogs.turns import Turns
from engine.core import get_game
from tests.e2e.driver import board_posts, play_to_the_end, take_turn
from tests.e2e.harness import START, Table, components, mentioned, parley_bot
from tests.fake_discord import FakeDiscord
from tests.fake_discord.model import Message

HOUR = 3600.0


def turns(t: Table) -> Turns:
    cog = t.bot.get_cog("Turns")
    assert isinstance(cog, Turns)
    return cog


def your_move_dms(t: Table, user: int) -> list[str]:
    return [m.content for m in t.fake.dm_messages(user) if m.content.startswith("⏰ **Your move**")]


def names_waiting(user: int, post: Message) -> bool:
    """The post opens by naming this user: "<@user> (Their captain) — your move: …"."""
    first = post.content.split("\n", 1)[0]
    return f"<@{user}> (" in first and (" — your move: " in first or " — your sealed choice" in first)


async def test_a_pending_seat_is_mentioned_and_gets_a_digest_by_dm(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table()
        rand = random.Random(2)
        humans = set(fake.user_ids)
        checked: dict[int, int] = {}   # user -> 'Your move' DMs seen with a digest checked
        for _ in range(60):
            seat, user = await t.pending_human(game_id)
            # the hand-over's board post opens with their name, pinging them (and only humans)
            latest = board_posts(t, thread, game_id)[-1]
            assert names_waiting(user, latest), latest.content[:200]
            assert user in mentioned(fake, latest) and mentioned(fake, latest) <= humans
            # and DMed a 'Your move' with their options
            dms = your_move_dms(t, user)
            prompts = [r for r in await t.bot.store.outbox_of(game_id) if r.kind == "prompt" and r.target == f"seat:{seat}"]
            assert dms and len(dms) == len(prompts), f"user {user}: {len(dms)} 'Your move' DMs for {len(prompts)} prompts"
            last_dm = [m for m in fake.dm_messages(user) if m.content.startswith("⏰ **Your move**")][-1]
            assert any(c.get("custom_id", "").startswith(("parley:do:", "parley:pick:")) for c in components(last_dm))
            assert [a.filename for a in last_dm.attachments] == ["hand.png"]
            if len(dms) >= 2:   # a full round later: what happened since, in public words
                digest = dms[-1].split("**Since your last move:**\n", 1)
                assert len(digest) == 2, dms[-1]
                lines = digest[1].split("\n\n")[0].split("\n")          # the next part follows a blank line
                earlier = [x for x in lines if x.startswith("…")]
                assert len(earlier) <= 1 and all(x.endswith("earlier lines in /log") or x.endswith("earlier line in /log")
                                                 for x in earlier)
                lines = [x for x in lines if not x.startswith("…")]
                public = set(await t.bot.notifier.public_events(game_id))
                assert lines and set(lines) <= public, lines
                checked[user] = len(dms)
            if len(checked) == len(humans):
                break
            await take_turn(t, game_id, rand)
            await t.settle()
        assert len(checked) == len(humans), checked
        t.assert_clean()


async def test_reminders_come_once_per_interval(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table()
        seat, user = await t.pending_human(game_id)
        timers = [x for x in await t.bot.store.timers_of(game_id) if x.kind == "reminder" and x.seat == seat]
        assert len(timers) == 1 and timers[0].due_at == START + 12 * HOUR

        posts, dms = len(t.bot_posts(thread)), len(fake.dm_messages(user))
        assert await turns(t).check_timers() == 0     # not yet due
        t.clock.now += 13 * HOUR
        assert await turns(t).check_timers() == 1
        new_posts = t.bot_posts(thread)[posts:]
        assert len(new_posts) == 1 and new_posts[0].content.startswith(f"⏰ <@{user}>, a gentle reminder")
        assert mentioned(fake, new_posts[0]) == {user}
        new_dms = fake.dm_messages(user)[dms:]
        assert len(new_dms) == 1 and new_dms[0].content.startswith("⏰ Reminder")

        # asking again at the same moment sends nothing new; the next one is due an interval later
        assert await turns(t).check_timers() == 0
        assert len(t.bot_posts(thread)) == posts + 1 and len(fake.dm_messages(user)) == dms + 1
        timers = [x for x in await t.bot.store.timers_of(game_id) if x.kind == "reminder" and x.seat == seat]
        assert [x.due_at for x in timers] == [t.clock.now + 12 * HOUR]
        assert t.run.errors == [], t.run.error_messages()


async def test_quiet_hours_hold_a_reminder_until_they_end(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table()
        seat, user = await t.pending_human(game_id)
        rec = await t.slash(user, "settings", channel_id=thread, quiet="22:00-07:00", timezone="UTC")
        assert "quiet hours: 22:00–07:00 (UTC)" in t.reply_message(rec).content
        prefs = await t.bot.store.get_user_settings(user)
        assert (prefs.quiet_start, prefs.quiet_end, prefs.timezone) == ("22:00", "07:00", "UTC")

        start = datetime.fromtimestamp(START, UTC)
        assert start.hour == 8   # the reminder is due at 20:00, before the quiet hours
        night = (start.replace(hour=23, minute=30)).timestamp()
        morning = (start.replace(hour=7, minute=0) + timedelta(days=1)).timestamp()
        posts, dms = len(t.bot_posts(thread)), len(fake.dm_messages(user))

        t.clock.now = night                    # past due, but the player is asleep
        assert await turns(t).check_timers() == 0
        assert len(t.bot_posts(thread)) == posts and len(fake.dm_messages(user)) == dms
        timers = [x for x in await t.bot.store.timers_of(game_id) if x.kind == "reminder" and x.seat == seat]
        assert [x.due_at for x in timers] == [morning]

        t.clock.now = morning - 60             # still quiet
        assert await turns(t).check_timers() == 0
        t.clock.now = morning + 30 * 60        # 07:30: good morning
        assert await turns(t).check_timers() == 1
        new_posts = t.bot_posts(thread)[posts:]
        assert len(new_posts) == 1 and f"<@{user}>" in new_posts[0].content
        assert len(fake.dm_messages(user)) == dms + 1
        assert t.run.errors == [], t.run.error_messages()


async def test_the_end_posts_scores_and_archives_the_thread_a_day_later(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(options="turn_limit=6")
        await play_to_the_end(t, game_id, seed=4)
        await t.settle()
        record = await t.bot.store.load(game_id)
        assert record.status == "finished"
        final = [m for m in t.bot_posts(thread) if m.content.startswith("🏁")]
        assert len(final) == 1
        lines = final[0].content.split("\n")
        assert f"**{'Pirate Chest'} #{game_id} is over**" in lines[0] and "turn" in lines[0]
        assert len(lines) == 1 + len(record.seats)
        for line in lines[1:]:   # the players' own words for each category, not field names
            assert all(f"{k} " in line for k in ("Brought the Chest home", "Coins held", "Ships sunk", "Times sunk")), line
            assert "times_sunk" not in line
        for s in record.seats:
            if s.user_id is not None:
                assert sum(f"<@{s.user_id}>" in line for line in lines[1:]) == 1
        assert mentioned(fake, final[0]) == set()   # named, not pinged
        # and every player gets the result by DM
        for s in record.seats:
            if s.user_id is not None:
                assert any(m.content.startswith(f"🏁 **Pirate Chest #{game_id} is over**")
                           for m in fake.dm_messages(s.user_id)), s.user_id

        timers = await t.bot.store.timers_of(game_id)
        assert [x.kind for x in timers] == ["archive"]
        assert timers[0].due_at == t.clock.now + 24 * HOUR
        sent = len(fake.requests)
        t.clock.now += 23 * HOUR
        assert await turns(t).check_timers() == 0
        t.clock.now += 1 * HOUR + 1
        assert await turns(t).check_timers() == 1
        patches = [r for r in fake.requests[sent:] if r.method == "PATCH" and r.path == f"/channels/{thread}"]
        assert len(patches) == 1 and patches[0].json.get("archived") is True
        channel = fake.world.channels[thread]
        assert channel.archived and channel.name is not None and channel.name.startswith("[done]")
        assert await t.bot.store.timers_of(game_id) == []
        t.assert_clean()


async def test_the_your_move_dm_counts_the_moves_played_for_the_seat_since_the_last_one(db: Path) -> None:
    """A move with a single option (a roll, the end of a turn) is played for the player; each of
    their "Your move" DMs says how many were played since the DM before it, so that every such
    move is told once, in the first DM after it (and a DM after none says nothing of them)."""
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, _thread = await t.open_table(humans=1, bots=3, seed="forced")
        anne = fake.user_ids[0]
        rand = random.Random(4)
        for _ in range(8):   # anne's turns; every other seat is a bot
            await t.settle()
            record, state = await t.bot.table.load(game_id)
            if get_game(record.game_type).pending(state) is None:
                break
            await take_turn(t, game_id, rand)
        await t.settle()
        version_of = {f"d{r.id}": r.version for r in await t.bot.store.outbox_of(game_id) if r.kind == "prompt"}
        dms = sorted((version_of[m.nonce or ""], m.content) for m in fake.dm_messages(anne)
                     if m.content.startswith("⏰ **Your move**"))
        prefix = f"auto:forced:{game_id}:"
        forced = [int((r.interaction_id or "")[len(prefix):]) for r in await t.bot.store.log_rows(game_id)
                  if r.seat == 0 and not r.undone and (r.interaction_id or "").startswith(prefix)]
        for (before, _), (version, content) in zip(dms, dms[1:], strict=False):
            n = sum(1 for v in forced if before <= v < version)
            if n == 0:
                assert "single option" not in content, content[:300]
            else:
                moves = "1 move with a single option was" if n == 1 else f"{n} moves with a single option were"
                assert f"{moves} played for you" in content, (n, before, version, content[:300])
        assert sum(1 for v in forced if dms[0][0] <= v < dms[-1][0]) >= 6, "too few moves were played for anne"
        t.assert_clean()
