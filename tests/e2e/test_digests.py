"""Spectator digests on the loopback Discord, driven by the injected clock and explicit timer
passes (never by sleeping): hand-overs between two passes make exactly one DM per follower, a
daily follower hears at most once a day, quiet hours delay a digest to their end, a digest that
Discord refuses is retried and sent once without holding up the game, and the end of a game
gives followers the result and the thread its timelapse, once, across restarts too. No
follower DM ever carries a private sentence of any seat, a button or "Your move"."""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from cogs.digests import DAY, DIGEST_TRIES, TURN_GATHER
from cogs.turns import Turns
from engine.core import get_game
from engine.core.policy import get_policy
from tests.e2e.harness import START, Clock, Table, custom_ids, parley_bot
from tests.e2e.test_privacy import readable_texts
from tests.e2e.test_privacy_every_path import Secrets, watch_table
from tests.fake_discord import FakeDiscord
from tests.fake_discord.model import Message

MAX_DECISIONS = 3000   # no test can hang: a game longer than this fails, saying where it stopped
SILENT = 1 << 12       # Discord's SUPPRESS_NOTIFICATIONS


def turns(t: Table) -> Turns:
    cog = t.bot.get_cog("Turns")
    assert isinstance(cog, Turns)
    return cog


async def tick(t: Table, seconds: float = TURN_GATHER) -> int:
    """Jump the clock, run one timer pass, let the outbox go out; returns the digests queued."""
    t.clock.now += seconds
    before = await digest_rows(t)
    await turns(t).check_timers()
    await t.settle()
    return await digest_rows(t) - before


async def digest_rows(t: Table) -> int:
    return int(await t.bot.store._read(lambda c: c.execute("SELECT COUNT(*) FROM outbox WHERE kind = 'digest'")
                                       .fetchone()[0]))


def board_posts(t: Table, thread: int) -> list[Message]:
    """The thread's board posts (a new one per hand-over; a turn's later steps edit it)."""
    return [m for m in t.bot_posts(thread) if m.attachments and m.attachments[0].filename.startswith("board-")]


def handover_posts(t: Table, thread: int) -> list[Message]:
    """Board posts that wait on someone (with a Your move button): not the final board."""
    return [m for m in board_posts(t, thread) if custom_ids(m)]


def digests(t: Table, user: int) -> list[Message]:
    return [m for m in t.fake.dm_messages(user) if "you follow this game" in m.content]


async def one_decision(t: Table, game_id: int, rand: random.Random) -> bool:
    """A seated human decides (the greedy bot's choice, through the table); False once it is over."""
    await t.settle()
    if (await t.bot.store.load(game_id)).status == "finished":
        return False
    await decide(t, game_id, rand)
    await t.settle()
    return True


async def until_handovers(t: Table, game_id: int, thread: int, rand: random.Random, n: int = 1) -> int:
    """Decide until at least `n` new hand-overs were posted; returns how many there were."""
    before = len(handover_posts(t, thread))
    for step in range(MAX_DECISIONS):
        if len(handover_posts(t, thread)) - before >= n:
            return len(handover_posts(t, thread)) - before
        if not await one_decision(t, game_id, rand):
            raise AssertionError(f"the game ended after {step} decisions, before {n} hand-overs")
    raise AssertionError(f"fewer than {n} hand-overs after {MAX_DECISIONS} decisions")


async def to_the_end(t: Table, game_id: int, rand: random.Random) -> None:
    for _ in range(MAX_DECISIONS):
        if not await one_decision(t, game_id, rand):
            return
    raise AssertionError(f"the game was not over after {MAX_DECISIONS} decisions")


def assert_public(t: Table, secrets: Secrets, dms: list[Message]) -> None:
    told = [s for s, seats in secrets.told.items() if seats]
    for m in dms:
        text = "\n".join(readable_texts(m))
        assert not [x for x in told if x in text], m.content
        assert "Your move" not in text and not custom_ids(m)
        assert m.attachments and m.attachments[0].filename.startswith("board-")


def watched(t: Table) -> Secrets:
    """Every private sentence the table tells any seat, collected as it goes."""
    secrets = Secrets()
    watch_table(t, secrets)
    return secrets


async def follow(t: Table, user: int, thread: int, cadence: str | None = None) -> str:
    return t.reply_message(await t.slash(user, "game follow", channel_id=thread, cadence=cadence)).content


async def test_hand_overs_between_two_passes_make_one_dm(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        secrets = watched(t)
        game_id, thread = await t.open_table(humans=2, bots=1, options="turn_limit=12", seed="digest-count")
        watcher = fake.user_ids[2]
        assert "after each turn" in await follow(t, watcher, thread, "turn")
        rand = random.Random(3)
        for n in range(1, 4):   # one pass after each hand-over: one DM each
            await until_handovers(t, game_id, thread, rand)
            assert len(digests(t, watcher)) == n - 1                               # nothing before the pass
            assert await tick(t, TURN_GATHER - 1) == 0                              # still gathering
            assert await tick(t, 1) == 1
            assert len(digests(t, watcher)) == n
        seen = len(await t.bot.notifier.public_events(game_id))
        handed = await until_handovers(t, game_id, thread, rand, n=3)           # three and more, no pass
        assert handed >= 3 and len(digests(t, watcher)) == 3
        assert await tick(t) == 1 and len(digests(t, watcher)) == 4              # one DM for all of them
        last = digests(t, watcher)[-1].content
        news = (await t.bot.notifier.public_events(game_id))[seen:]
        assert news and all(line in last for line in news[-5:])
        assert await tick(t) == 0 and await tick(t, DAY) == 0                  # nothing new: no DM
        await to_the_end(t, game_id, rand)
        assert len(digests(t, watcher)) == 4                                   # the result waits for the pass
        assert await tick(t, 0) == 1
        final = digests(t, watcher)[-1]
        assert "is over" in final.content and "last of them" in final.content
        assert await tick(t, DAY) == 0 and len(digests(t, watcher)) == 5
        assert_public(t, secrets, digests(t, watcher))
        assert len([s for s, seats in secrets.told.items() if seats]) >= 3   # there was private news to keep
        t.assert_clean()


async def test_a_daily_follower_hears_at_most_once_a_day(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(humans=2, bots=1, options="turn_limit=14", seed="digest-daily")
        watcher = fake.user_ids[2]
        assert "once a day" in await follow(t, watcher, thread)               # the default
        rand = random.Random(4)
        for hours in range(1, 31):          # 30 hours: a timer pass an hour, a hand-over every 3 hours
            if hours % 3 == 1:
                await until_handovers(t, game_id, thread, rand)
            await tick(t, 3600)
            assert len(digests(t, watcher)) == (1 if hours >= 24 else 0), hours
        assert "only when the game ends" in await follow(t, watcher, thread, "end")   # now: the result only
        await until_handovers(t, game_id, thread, rand)
        assert await tick(t, DAY) == 0 and len(digests(t, watcher)) == 1
        await to_the_end(t, game_id, rand)
        assert await tick(t, 0) == 1 and "is over" in digests(t, watcher)[-1].content
        t.assert_clean()


async def test_quiet_hours_delay_a_digest_to_their_end(db: Path) -> None:
    assert (START % DAY) / 3600 == 8.0   # the harness clock starts at 08:00 UTC
    async with FakeDiscord() as fake, parley_bot(fake, db, Clock()) as t:
        game_id, thread = await t.open_table(humans=2, bots=1, seed="digest-quiet")
        watcher = fake.user_ids[2]
        await follow(t, watcher, thread, "turn")
        await t.slash(watcher, "settings", quiet="07:00-12:00")
        await until_handovers(t, game_id, thread, random.Random(5))
        assert await tick(t) == 0 and await tick(t, 3600) == 0                # 08:02, 09:02: quiet
        [f] = await t.bot.store.follower_rows(game_id)
        assert f.due_at == START - 8 * 3600 + 12 * 3600                       # waits for 12:00, not dropped
        t.clock.now = f.due_at - 1
        assert await tick(t, 0) == 0 and digests(t, watcher) == []
        assert await tick(t, 1) == 1
        [dm] = digests(t, watcher)
        assert not dm.flags & SILENT                                          # quiet hours are over
        t.assert_clean()


async def test_a_refused_digest_is_retried_sent_once_and_holds_up_nothing(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(humans=2, bots=0, seed="digest-retry")
        watcher = fake.user_ids[2]
        await follow(t, watcher, thread, "turn")
        rand = random.Random(6)
        await until_handovers(t, game_id, thread, rand)
        assert await tick(t) == 1
        dm_channel = digests(t, watcher)[0].channel_id
        fault = fake.inject("POST", rf"/channels/{dm_channel}/messages$", 503, times=2)
        await until_handovers(t, game_id, thread, rand)
        assert await tick(t) == 1 and fault.exhausted
        rows = [r for r in await t.bot.store.outbox_of(game_id) if r.kind == "digest"]
        assert [(r.sent_at is not None, r.attempts) for r in rows] == [(True, 1), (True, 3)]
        assert len(digests(t, watcher)) == 2                                  # retried, and sent once
        # Discord refuses this follower for good: the game's own DMs go out meanwhile, and the
        # digest is dropped after its tries
        down = fake.inject("POST", rf"/channels/{dm_channel}/messages$", 503, times=10**6)
        await until_handovers(t, game_id, thread, rand)
        t.clock.now += TURN_GATHER
        before = await digest_rows(t)
        await turns(t).check_timers()
        assert await digest_rows(t) == before + 1                             # queued, not yet sent
        prompts = len(await prompt_rows(t, game_id))
        for _ in range(MAX_DECISIONS):                                        # decide without settling
            if len(await prompt_rows(t, game_id)) > prompts:
                break
            await decide(t, game_id, rand)
        await t.settle()
        assert len(down.hits) == DIGEST_TRIES and len(digests(t, watcher)) == 2
        assert await t.bot.store.unsent_outbox() == []
        player_dms = [r.seq for r in fake.requests if r.method == "POST" and r.status == 200
                      and re.fullmatch(r"/channels/\d+/messages", r.path) and r.seq > down.hits[0].seq
                      and int(r.path.split("/")[2]) in dm_channels(t)]
        assert player_dms and player_dms[0] < down.hits[-1].seq               # not held up by the digest
        # closed DMs: remembered, no more digests tried
        fake.faults.remove(down)
        fake.close_dms(watcher)
        await until_handovers(t, game_id, thread, rand)
        assert await tick(t) == 1 and (await t.bot.store.get_user_settings(watcher)).dm_closed
        await until_handovers(t, game_id, thread, rand)
        assert await tick(t) == 0
        t.assert_clean()


async def prompt_rows(t: Table, game_id: int) -> list[Any]:
    return [r for r in await t.bot.store.outbox_of(game_id) if r.kind == "prompt"]


async def decide(t: Table, game_id: int, rand: random.Random) -> None:
    """One decision of the human the game waits on, through the table (no bot seats here)."""
    record, s = await t.bot.table.load(game_id)
    seat, _ = await t.pending_human(game_id)
    game = get_game(record.game_type)
    bot = get_policy(game.id, "greedy", rand.randrange(1 << 30))
    await t.bot.table.play(game_id, seat, game.notate(s, bot.choose(game, s, seat)))
    t.bot.wake(game_id)


def dm_channels(t: Table) -> set[int]:
    """The DM channels of the seated players (users 0 and 1)."""
    return {m.channel_id for u in t.fake.user_ids[:2] for m in t.fake.dm_messages(u)}


def gif_posts(t: Table, thread: int) -> list[Message]:
    return [m for m in t.bot_posts(thread) if m.attachments and m.attachments[0].filename.endswith(".gif")]


def end_posts(t: Table, thread: int) -> dict[str, int]:
    """How often the thread got the final board, the result and the timelapse."""
    posts = t.bot_posts(thread)
    return {"final board": len([m for m in board_posts(t, thread) if "has ended" in m.content]),
            "result": len([m for m in posts if "is over" in m.content and not m.attachments]),
            "timelapse": len(gif_posts(t, thread))}


async def test_the_end_posts_its_board_result_and_timelapse_once_across_restarts(db: Path) -> None:
    once = {"final board": 1, "result": 1, "timelapse": 1}
    async with FakeDiscord() as fake:
        async with parley_bot(fake, db, replay_at_end=True) as t:
            game_id, thread = await t.open_table(humans=1, bots=2, options="turn_limit=3", seed="digest-end")
            watcher = fake.user_ids[1]
            await follow(t, watcher, thread, "end")
            outage = fake.inject("POST", rf"/channels/{thread}/messages$", 503, times=10**6)
            await t.bot.store.hand_to_bot(game_id, 0)
            t.bot.wake(game_id)
            await t.settle(timeout=120, unsent_ok=True)
            assert (await t.bot.store.load(game_id)).status == "finished"
            assert end_posts(t, thread) == {"final board": 0, "result": 0, "timelapse": 0}
            kinds = {r.kind for r in await t.bot.store.unsent_outbox(limit=10_000)}
            assert {"board", "final", "replay"} <= kinds
        fake.faults.remove(outage)
        async with parley_bot(fake, db, replay_at_end=True) as t:   # a restart: what was left goes out, once
            await t.settle(timeout=120)
            assert end_posts(t, thread) == once
            [gif] = gif_posts(t, thread)
            assert "from the first move to the last" in gif.content
            assert (await t.bot.store.load(game_id)).settings["replay_message_id"] == gif.id
            await tick(t, 0)
            assert "is over" in digests(t, watcher)[-1].content and len(digests(t, watcher)) == 1
            again = t.reply_message(await t.slash(watcher, "game replay", channel_id=thread))
            assert "already" in again.content and again.visibility == "ephemeral"
            # a crash after the post, before it was marked sent: the resend is the same post, dropped
            [row] = [r for r in await t.bot.store.outbox_of(game_id) if r.kind == "replay"]
            await t.bot.store._write(lambda c: c.execute("UPDATE outbox SET sent_at = NULL WHERE id = ?", (row.id,)))
        async with parley_bot(fake, db, replay_at_end=True) as t:
            await t.settle(timeout=120)
            assert end_posts(t, thread) == once
            assert re.fullmatch(rf"p{row.id}", gif_posts(t, thread)[0].nonce or "")
            t.assert_clean()
