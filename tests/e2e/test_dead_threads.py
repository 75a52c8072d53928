"""Every Discord error has a known consequence (cogs/failures.py): 100 games whose threads the
bot can no longer write to (deleted: 404 10003; in a channel it may no longer see: 403 50001;
where it may no longer send: 403 50013; archived and locked, which it may not reopen without
Manage Threads: 403 50013) and one live game. The dead ones are stalled after one try each,
their host and players told once; the live one plays as if they were not there; the invalid
requests (401, 403, 429: discord-api-docs developers/topics/rate-limits.mdx, "Invalid Request
Limit", 10,000 per 10 minutes) stay a handful per dead game; `/game repost` brings one back."""
from __future__ import annotations

import random
from pathlib import Path

from table.backoff import STALL_PROBE
from tests.e2e.driver import take_turn
from tests.e2e.harness import Clock, Table, parley_bot
from tests.fake_discord import FakeDiscord
from tests.fake_discord.model import Channel, ChannelType, Perm

DEAD = 100
INVALID = (401, 403, 429)


async def dead_games(t: Table) -> dict[int, str]:
    """DEAD started games of two humans (anne hosts, jack) whose threads are unusable, made
    through the table service; game id -> how its thread is dead."""
    world, fake = t.fake.world, t.fake
    guild = world.guilds[world.guild_id]
    category = world.channels[guild.text_channel_id].parent_id
    hidden = world.add_channel("brig", parent_id=category)       # the bot may not see it
    mute = world.add_channel("galley", parent_id=category)       # the bot may not send in its threads
    await fake.set_overwrite(hidden.id, world.bot.id, deny=Perm.VIEW_CHANNEL)
    await fake.set_overwrite(mute.id, world.bot.id, deny=Perm.SEND_MESSAGES_IN_THREADS)
    anne, jack = fake.user_ids[:2]
    kinds = ["deleted", "hidden", "mute", "locked"]
    games: dict[int, str] = {}
    for i in range(DEAD):
        kind = kinds[i % 4]
        parent = {"hidden": hidden, "mute": mute}.get(kind) or world.channels[guild.text_channel_id]
        thread: Channel = world.create_thread(parent.id, f"dead {i}", type=ChannelType.PUBLIC_THREAD,
                                              owner_id=world.bot.id)
        thread.deleted = kind == "deleted"
        thread.archived = thread.locked = kind == "locked"
        game_id = await t.bot.table.create("pirate_chest", 2, seed=f"dead{i}", host_user_id=anne,
                                           guild_id=world.guild_id, channel_id=parent.id, thread_id=thread.id)
        await t.bot.table.join(game_id, anne, "Anne")
        await t.bot.table.join(game_id, jack, "Jack")
        await t.bot.table.start(game_id, by_user=anne)
        games[game_id] = kind
    return games


def stop_notices(t: Table, user: int) -> dict[int, int]:
    """How many "has stopped" DMs the user got, per game number."""
    found: dict[int, int] = {}
    for m in t.fake.dm_messages(user):
        if "has stopped: I can't post in its thread" in m.content:
            number = int(m.content.split("(game #", 1)[1].split(")", 1)[0])
            found[number] = found.get(number, 0) + 1
    return found


async def test_a_hundred_dead_games_take_nothing_from_a_live_one(db: Path) -> None:
    clock = Clock()
    many = {"max_games_per_member": 200}   # two members seated at 101 games (store/limits.py)
    async with FakeDiscord() as fake, parley_bot(fake, db, clock, settings=many) as t:
        dead = await dead_games(t)
        assert await t.bot.store.unsent_games(limit=1) == [min(dead)]   # the dead games' rows are the oldest
        game_id, thread = await t.open_table(humans=2, bots=1)        # the pump meets the dead games first
        live_posts = len(t.bot_posts(thread))
        assert live_posts >= 2   # the lobby and the first board

        for number in dead:   # each was tried, found unusable and stalled: held, told once
            hold = await t.bot.store.hold_of(number)
            assert hold is not None and hold.reason == "stalled" and hold.told, (number, dead[number], hold)
        first = await t.bot.store.hold_of(min(dead))
        assert first is not None and "deleted" in first.detail
        anne, jack = fake.user_ids[:2]
        assert stop_notices(t, anne) == stop_notices(t, jack) == dict.fromkeys(dead, 1)
        notice = next(m.content for m in fake.dm_messages(anne) if "has stopped" in m.content)
        assert "/game repost" in notice and "Nothing is lost" in notice and "10003" not in notice

        rand = random.Random(3)
        for _ in range(3):   # the live game plays as usual
            version = (await t.bot.store.load(game_id)).version
            await take_turn(t, game_id, rand)
            assert (await t.bot.store.load(game_id)).version > version
        assert len(t.bot_posts(thread)) > live_posts
        assert [g for g in await t.bot.store.unsent_games(limit=1000) if g not in dead] == []

        first_round = [r for r in fake.requests if r.status in INVALID]
        # the probe, hours later: each dead game is tried once more, nobody is told again
        clock.now += STALL_PROBE + 1
        t.bot.wake(game_id)
        await t.settle()
        invalid = [r for r in fake.requests if r.status in INVALID]
        refused_games = sum(1 for kind in dead.values() if kind != "deleted")   # 404s are not invalid requests
        assert len(first_round) == refused_games       # one refused request per dead game, no retry storm
        assert len(invalid) == 2 * refused_games       # and one more at the probe: far under 10,000 / 10 min
        assert stop_notices(t, anne) == dict.fromkeys(dead, 1)
        four_xx = [r for r in fake.requests if 400 <= (r.status or 0) < 500]
        assert len(four_xx) == 2 * DEAD

        # the host re-homes one dead game in a channel where the bot can write: it resumes there
        lost = next(g for g, kind in dead.items() if kind == "deleted")
        moved = await t.slash(anne, "game repost", channel_id=fake.channel_id, game=lost)
        assert "carries on there" in t.reply_message(moved).content
        await t.settle()
        record = await t.bot.store.load(lost)
        new_thread = fake.world.channels[record.thread_id or 0]
        assert new_thread.parent_id == fake.channel_id and not new_thread.deleted
        assert await t.bot.store.hold_of(lost) is None
        assert lost not in set(await t.bot.store.unsent_games(limit=1000))
        posts = t.bot_posts(new_thread.id)
        assert posts[0].content.startswith("⚓") and any(m.attachments for m in posts)   # the board, afresh
        t.assert_clean()


async def test_repost_is_for_the_host_or_a_moderator_in_a_channel_the_bot_can_write_in(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db, Clock()) as t:
        game_id, thread = await t.open_table(humans=2, bots=1)
        anne, jack = fake.user_ids[:2]
        refused = await t.slash(jack, "game repost", channel_id=fake.channel_id, game=game_id)
        assert t.reply_message(refused).content.startswith("✗ Only the host or a moderator")
        inside = await t.slash(anne, "game repost", channel_id=thread, game=game_id)
        assert "server text channel" in t.reply_message(inside).content
        await fake.set_overwrite(fake.channel_id, fake.bot_user_id, deny=Perm.CREATE_PUBLIC_THREADS)
        unable = await t.slash(anne, "game repost", channel_id=fake.channel_id, game=game_id)
        assert "I need the View Channel, Create Public Threads and Send Messages in Threads permissions" in t.reply_message(unable).content
        assert (await t.bot.store.load(game_id)).thread_id == thread   # nothing changed
        t.assert_clean()
