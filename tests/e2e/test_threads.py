"""A game thread never stops a game: Discord archives an idle thread after its
auto_archive_duration, and an archived thread's messages cannot be edited nor its commands used
(discord-api-docs developers/topics/threads.mdx, "Active & Archived Threads"). The loopback
Discord does the same by the test's clock; the bot makes threads with the longest duration,
unarchives before posting or editing (an unlocked thread needs only the right to send:
developers/resources/channel.mdx, "Modify Channel", "JSON Params (Thread)"), and an edit refused
with 50083 unarchives and tries once more."""
from __future__ import annotations

import io
from pathlib import Path

import discord
import pytest

from tests.e2e.driver import latest_board, panel_options
from tests.e2e.harness import Clock, Table, parley_bot
from tests.fake_discord import FakeDiscord

WEEK = 10080 * 60.0


def archive_patches(t: Table, thread: int, since: int) -> list[bool]:
    """The `archived` value of each PATCH of the thread since request number `since`."""
    return [bool(r.json.get("archived")) for r in t.fake.requests[since:]
            if r.method == "PATCH" and r.path == f"/channels/{thread}" and "archived" in (r.json or {})]


async def play_from_dms(t: Table, game_id: int) -> int:
    """The seat the game waits on plays its turn from the panel of its "Your move" DM (the
    thread is archived: no commands there); returns how many clicks it took."""
    seat, user = await t.pending_human(game_id)
    dm = t.fake.world.dm_by_user[user]
    for clicks in range(1, 200):
        panel = [m for m in t.fake.messages(dm) if panel_options(m)][-1]
        _, cid, value = panel_options(panel)[0]
        await t.click(user, panel.id, cid, values=[value] if value is not None else None)
        await t.settle()
        if seat not in await t.waiting_on(game_id):
            return clicks
    raise AssertionError(f"seat {seat + 1} still deciding after 200 clicks")


async def test_a_game_at_human_pace_outlives_several_archivings_of_its_thread(db: Path) -> None:
    clock = Clock()
    async with FakeDiscord() as fake, parley_bot(fake, db, clock) as t:
        fake.use_clock(clock)
        game_id, thread = await t.open_table(humans=2, bots=1)
        made = [r for r in fake.requests if r.method == "POST" and r.path == f"/channels/{fake.channel_id}/threads"]
        assert [r.json["auto_archive_duration"] for r in made] == [10080]   # the longest Discord offers
        channel = fake.world.channels[thread]
        archivings = 0
        for _ in range(4):
            version = (await t.bot.store.load(game_id)).version
            posts = len(t.bot_posts(thread))
            clock.now += WEEK - 60
            assert await fake.archive_idle_threads() == []          # not idle long enough yet
            clock.now += 60
            assert await fake.archive_idle_threads() == [channel]   # a week without a message
            archivings += 1
            seat, user = await t.pending_human(game_id)
            with pytest.raises(LookupError):                        # no /play in an archived thread
                await fake.dispatch_slash(user, "play", [{"name": "action", "value": "x"}], channel_id=thread)
            sent = len(fake.requests)
            await play_from_dms(t, game_id)
            assert not channel.archived, "the bot did not reopen the thread"
            assert archive_patches(t, thread, sent)[:1] == [False]   # reopened first, before anything else
            assert (await t.bot.store.load(game_id)).version > version
            assert len(t.bot_posts(thread)) > posts or latest_board(t, thread, game_id).edited_at
            assert await t.bot.store.unsent_outbox() == []
        assert archivings == 4 and (await t.bot.store.load(game_id)).status == "active"
        t.assert_clean()


async def test_an_edit_refused_because_the_thread_was_archived_unarchives_and_tries_once_more(db: Path) -> None:
    """The bot's cache can think a thread open that Discord archived (a THREAD_UPDATE it never
    got, e.g. while it was reconnecting): the edit answers 400 50083, then the bot unarchives
    the thread and edits again, once."""
    clock = Clock()
    async with FakeDiscord() as fake, parley_bot(fake, db, clock) as t:
        game_id, thread = await t.open_table(humans=2, bots=1)
        record = await t.bot.store.load(game_id)
        board = latest_board(t, thread, game_id)
        fake.world.channels[thread].archived = True    # archived, and the gateway event lost
        sent = len(fake.requests)
        file = discord.File(io.BytesIO(b"png"), "board.png")
        assert await t.bot.notifier._edit_board(record, board.id, "edited once reopened", file, discord.ui.View())
        tried = [(r.method, r.path.rsplit("/", 2)[-2:], r.status, (r.response or {}).get("code"))
                 for r in fake.requests[sent:]]
        assert tried == [("PATCH", ["messages", str(board.id)], 400, 50083),
                         ("PATCH", ["channels", str(thread)], 200, None),
                         ("PATCH", ["messages", str(board.id)], 200, None)], tried
        assert fake.world.messages[board.id].content == "edited once reopened"

        fake.world.channels[thread].archived = True    # archived again, and locked: the bot may not reopen it
        fake.world.channels[thread].locked = True
        sent = len(fake.requests)
        with pytest.raises(Exception, match="archived and locked|no longer allowed"):
            await t.bot.notifier._edit_board(record, board.id, "never shown", file, discord.ui.View())
        assert [r.status for r in fake.requests[sent:]] == [400, 403]   # one refused edit, one refused reopening
        assert fake.world.messages[board.id].content == "edited once reopened"
