"""The loopback Discord's threads as Discord documents them, over plain REST: idle threads
archive by the world clock after auto_archive_duration (developers/topics/threads.mdx,
"Active & Archived Threads"); an archived thread's messages cannot be edited (400 50083);
a message unarchives an unlocked thread; unarchiving needs only the right to send, locking or
reopening a locked thread needs Manage Threads (developers/resources/channel.mdx, "Modify
Channel", "JSON Params (Thread)"), which the bot's invite does not give; no commands in an
archived thread; and a bot without View Channel or Send Messages in Threads is refused with
403 50001 / 50013 (developers/topics/opcodes-and-status-codes.mdx)."""
from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from . import FakeDiscord
from .model import Perm

pytestmark = pytest.mark.asyncio


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def call(fake: FakeDiscord, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    async with aiohttp.ClientSession() as http, http.request(
            method, fake.api_url + path, json=body, headers={"Authorization": f"Bot {fake.token}"}) as r:
        return r.status, (await r.json() if r.status != 204 else None)


async def test_threads_archive_when_idle_and_the_bot_reopens_only_unlocked_ones() -> None:
    async with FakeDiscord() as fake:
        clock = Clock()
        fake.use_clock(clock)
        status, made = await call(fake, "POST", f"/channels/{fake.channel_id}/threads",
                                  {"name": "Game", "type": 11, "auto_archive_duration": 60})
        assert status == 201
        thread = fake.world.channels[int(made["id"])]
        status, msg = await call(fake, "POST", f"/channels/{thread.id}/messages", {"content": "board"})
        assert status == 200
        clock.now += 59 * 60
        assert await fake.archive_idle_threads() == []
        status, _ = await call(fake, "POST", f"/channels/{thread.id}/messages", {"content": "still open"})
        clock.now += 59 * 60                                 # the message restarted the idle time
        assert not (await fake.archive_idle_threads()) and not thread.archived
        clock.now += 60
        status, body = await call(fake, "PATCH", f"/channels/{thread.id}/messages/{msg['id']}", {"content": "x"})
        assert thread.archived and (status, body["code"]) == (400, 50083)   # archived before the request
        status, body = await call(fake, "PATCH", f"/channels/{thread.id}", {"name": "renamed"})
        assert (status, body["code"]) == (400, 50083)        # nothing but unarchiving while archived
        status, body = await call(fake, "PATCH", f"/channels/{thread.id}", {"archived": False})
        assert status == 200 and not thread.archived and body["thread_metadata"]["archived"] is False
        status, _ = await call(fake, "PATCH", f"/channels/{thread.id}/messages/{msg['id']}", {"content": "edited"})
        assert status == 200

        status, body = await call(fake, "PATCH", f"/channels/{thread.id}", {"locked": True})
        assert (status, body["code"]) == (403, 50013)        # locking needs Manage Threads
        thread.locked = True                                 # a moderator locked it
        status, body = await call(fake, "POST", f"/channels/{thread.id}/messages", {"content": "x"})
        assert (status, body["code"]) == (400, 160005)
        thread.archived = True
        status, body = await call(fake, "PATCH", f"/channels/{thread.id}", {"archived": False})
        assert (status, body["code"]) == (403, 50013)        # reopening a locked thread needs Manage Threads
        status, body = await call(fake, "POST", f"/channels/{thread.id}/messages", {"content": "x"})
        assert (status, body["code"]) == (400, 50083) and thread.archived

        thread.locked = False                                # unlocked, archived: a message reopens it
        status, _ = await call(fake, "POST", f"/channels/{thread.id}/messages", {"content": "back"})
        assert status == 200 and not thread.archived

        clock.now += 3600
        await fake.archive_idle_threads()
        with pytest.raises(LookupError, match="archived"):
            await fake.dispatch_slash(fake.user_ids[0], "anything", channel_id=thread.id)


async def test_a_bot_that_may_not_see_or_write_is_refused() -> None:
    async with FakeDiscord() as fake:
        assert not fake.world.permissions(fake.bot_user_id) & Perm.MANAGE_THREADS   # the invite's rights only
        status, made = await call(fake, "POST", f"/channels/{fake.channel_id}/threads", {"name": "Game", "type": 11})
        thread = int(made["id"])
        await fake.set_overwrite(fake.channel_id, fake.bot_user_id, deny=Perm.SEND_MESSAGES_IN_THREADS)
        status, body = await call(fake, "POST", f"/channels/{thread}/messages", {"content": "x"})
        assert (status, body["code"]) == (403, 50013)
        await fake.set_overwrite(fake.channel_id, fake.bot_user_id, deny=Perm.VIEW_CHANNEL)
        status, body = await call(fake, "GET", f"/channels/{thread}")
        assert (status, body["code"]) == (403, 50001)
        status, body = await call(fake, "POST", f"/channels/{thread}/messages", {"content": "x"})
        assert (status, body["code"]) == (403, 50001)
