"""A game played at human pace, with the clock jumped by the test (never waited for):
deadlines and what happens past them, vacation, quiet hours, reminders that stop, the lobby
after the start, and a bot's seat claimed mid-game."""
from __future__ import annotations

from pathlib import Path

from cogs.turns import Turns
from tests.e2e.driver import open_panel
from tests.e2e.harness import START, Clock, Table, custom_ids, mentioned, parley_bot
from tests.fake_discord import FakeDiscord
from tests.fake_discord.model import Message

HOUR = 3600.0
SILENT = 1 << 12   # Discord's SUPPRESS_NOTIFICATIONS: delivered without a sound or a buzz


def turns(t: Table) -> Turns:
    cog = t.bot.get_cog("Turns")
    assert isinstance(cog, Turns)
    return cog


def your_move_dms(t: Table, user: int) -> list[Message]:
    return [m for m in t.fake.dm_messages(user) if m.content.startswith("⏰ **Your move**")]


async def deadline_of(t: Table, game_id: int, seat: int) -> float:
    timers = [x for x in await t.bot.store.timers_of(game_id) if x.kind == "deadline" and x.seat == seat]
    assert len(timers) == 1, timers
    return timers[0].due_at


async def test_a_missed_deadline_plays_the_default_move_and_the_clock_shows_everywhere(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db, Clock()) as t:
        game_id, thread = await t.open_table(deadline="24 hours", on_deadline="default")
        record = await t.bot.store.load(game_id)
        lobby = fake.world.messages[record.settings["lobby_message_id"]]
        assert "24 hours" not in lobby.content and "1 day to move, then play the simplest legal move" in lobby.content
        seat, user = await t.pending_human(game_id)
        due = await deadline_of(t, game_id, seat)
        assert due == START + 24 * HOUR
        assert f"<t:{int(due)}:R>" in your_move_dms(t, user)[-1].content           # in the DM …
        assert f"⏳ Move due <t:{int(due)}:R>" in t.bot_posts(thread)[-1].content   # … and in the thread

        log = len(await t.bot.store.log(game_id))
        t.clock.now = due - 60
        await turns(t).check_timers()                              # a reminder may come; no deadline yet
        assert len(await t.bot.store.log(game_id)) == log
        posted = len(t.bot_posts(thread))
        t.clock.now = due + 1
        await turns(t).check_timers()
        await t.settle()
        rows = (await t.bot.store.log_rows(game_id))[log:]
        assert rows and rows[0].seat == seat and (rows[0].interaction_id or "").startswith("auto:deadline:")
        notice, board = t.bot_posts(thread)[posted:posted + 2]   # the notice first, then the board it explains
        assert "time to move ran out, so the table played" in notice.content and board.attachments, notice.content
        assert any("time to move ran out" in m.content for m in fake.dm_messages(user))
        t.assert_clean()


async def test_past_the_deadline_a_bot_stands_in_until_the_player_is_back(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db, Clock()) as t:
        game_id, thread = await t.open_table(deadline="12 hours", on_deadline="bot")
        seat, user = await t.pending_human(game_id)
        t.clock.now = await deadline_of(t, game_id, seat) + 1
        await turns(t).check_timers()
        await t.settle()
        record = await t.bot.store.load(game_id)
        assert record.seats[seat].user_id == user and record.seats[seat].bot_policy == "greedy"
        assert seat not in await t.waiting_on(game_id) or record.status != "active"   # the bot played on
        assert any("a bot plays their seat until they are back" in m.content for m in t.bot_posts(thread))
        await open_panel(t, user, thread, game_id)                                    # the player is back
        record = await t.bot.store.load(game_id)
        assert record.seats[seat].bot_policy is None and record.seats[seat].user_id == user
        assert any(m.content.startswith(f"👋 <@{user}> is back") for m in t.bot_posts(thread))
        t.assert_clean()


async def test_a_player_away_on_vacation_keeps_their_turn(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db, Clock()) as t:
        game_id, thread = await t.open_table(deadline="24 hours", on_deadline="default")
        seat, user = await t.pending_human(game_id)
        away = t.reply_message(await t.slash(user, "settings", away="3 days")).content
        assert "away until" in away
        log = len(await t.bot.store.log(game_id))
        t.clock.now = START + 24 * HOUR + 1                       # the deadline: but they are away
        await turns(t).check_timers()
        assert len(await t.bot.store.log(game_id)) == log
        assert await deadline_of(t, game_id, seat) == START + 3 * 24 * HOUR + 24 * HOUR   # after their return
        t.clock.now = START + 4 * 24 * HOUR + 1
        await turns(t).check_timers()
        await t.settle()
        assert len(await t.bot.store.log(game_id)) > log
        t.assert_clean()


async def test_quiet_hours_make_pings_and_dms_silent_and_reminders_stop(db: Path) -> None:
    night = START - START % (24 * HOUR) + 23 * HOUR              # 23:00 UTC of the fixed day
    async with FakeDiscord() as fake, parley_bot(fake, db, Clock(night - 2 * HOUR)) as t:
        for user in fake.user_ids:
            await t.slash(user, "settings", quiet="22:00-07:00", reminder_hours=1.0)
        t.clock.now = night
        game_id, thread = await t.open_table()
        seat, user = await t.pending_human(game_id)
        dm = your_move_dms(t, user)[-1]
        assert dm.flags & SILENT, "the 'your move' DM buzzed during quiet hours"
        post = t.bot_posts(thread)[-1]
        assert user in mentioned(fake, post) and post.flags & SILENT
        await t.slash(user, "settings", quiet="off")              # awake again: reminders may come
        t.clock.now = night + 1 * HOUR + 1
        posts, dms = len(t.bot_posts(thread)), len(fake.dm_messages(user))
        assert await turns(t).check_timers() == 1                 # reminder 1: the thread and a DM
        assert len(t.bot_posts(thread)) == posts + 1 and len(fake.dm_messages(user)) == dms + 1
        assert not fake.dm_messages(user)[-1].flags & SILENT
        for n in (2, 3):                                          # by DM only: the thread had one today
            t.clock.now += 1 * HOUR + 1
            assert await turns(t).check_timers() == 1
            assert len(t.bot_posts(thread)) == posts + 1
            assert f"Reminder {n} of 3" in fake.dm_messages(user)[-1].content
        t.clock.now += 5 * HOUR
        assert await turns(t).check_timers() == 0                 # three is enough
        t.assert_clean()


async def test_after_the_start_the_lobby_says_so_and_keeps_no_buttons(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(seed="fixed-seed")
        record = await t.bot.store.load(game_id)
        lobby = fake.world.messages[record.settings["lobby_message_id"]]
        assert "**Started** with 4 players" in lobby.content and custom_ids(lobby) == []
        assert "Seed fixed by the host" in lobby.content
        t.assert_clean()


async def test_a_bot_seat_is_claimed_mid_game_with_the_hosts_approval(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        anne, jack, mary = fake.user_ids
        game_id, thread = await t.open_table(humans=2, bots=2)
        asked = t.reply_message(await t.slash(mary, "game claim", channel_id=thread, seat=3)).content
        assert asked.startswith("Asked the host to let you take seat 3")
        request = next(m for m in t.bot_posts(thread) if m.content.startswith(f"🙋 <@{mary}> asks"))
        approve = f"parley:claim:{game_id}:2:{mary}"
        assert approve in custom_ids(request)
        refused = t.reply_message(await t.click(jack, request.id, approve)).content
        assert refused.startswith("✗ Only the host or a moderator"), refused
        assert (await t.bot.store.load(game_id)).seats[2].user_id is None
        await t.click(anne, request.id, approve)
        await t.settle()
        record = await t.bot.store.load(game_id)
        assert record.seats[2].user_id == mary and record.seats[2].bot_policy is None
        assert fake.world.messages[request.id].content.startswith(f"✅ <@{mary}> now plays seat 3")
        welcome = await fake.wait_until(lambda: [m for m in fake.dm_messages(mary)
                                                  if m.content.startswith("You now play seat 3")], what="the DM")
        assert "**Your hand**" in welcome[-1].content          # the seat's private state, by DM
        again = t.reply_message(await t.slash(mary, "game claim", channel_id=thread)).content
        assert again.startswith("✗ You already have a seat")
        t.assert_clean()
