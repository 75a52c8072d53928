"""History and spectators on the loopback Discord: /log pages through the whole game and shows
no sealed bid before its reveal; /game replay refuses before the end and then posts an animated
GIF under the upload limit; a follower's DMs carry turn digests and the public board, never a
private sentence of any seat, and a follower cannot act."""
from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from engine.core import get_game
from engine.core.policy import get_policy
from engine.scoundrel_bay.prompts import BidPrompt
from table.timelapse import UPLOAD_LIMIT
from tests.e2e.harness import Table, custom_ids, parley_bot
from tests.e2e.test_digests import tick
from tests.e2e.test_privacy import readable_texts
from tests.e2e.test_privacy_every_path import Secrets, watch_table
from tests.fake_discord import FakeDiscord

MAX_DECISIONS = 3000   # no test can hang: a game longer than this fails


async def human_plays(t: Table, game_id: int, rand: random.Random, until: Any, limit: int = MAX_DECISIONS,
                      each: Any = None) -> None:
    """The seated humans decide (the greedy bot's choice, through the table) until `until(state)`;
    `each(t)` is awaited before every decision (e.g. a timer pass)."""
    for _ in range(limit):
        await t.settle()
        if each is not None:
            await each(t)
        record, s = await t.bot.table.load(game_id)
        if until(s) or record.status == "finished":
            return
        seat, _ = await t.pending_human(game_id)
        game = get_game(record.game_type)
        bot = get_policy(game.id, "greedy", rand.randrange(1 << 30))
        await t.bot.table.play(game_id, seat, game.notate(s, bot.choose(game, s, seat)))
        t.bot.wake(game_id)
    raise AssertionError(f"not there after {limit} decisions")


async def all_log_pages(t: Table, user: int, thread_id: int) -> list[str]:
    """/log from its first page, then Next until the last: every page's text."""
    rec = await t.slash(user, "log", channel_id=thread_id, page=1)
    msg = t.reply_message(rec)
    pages = [msg.content]
    for _ in range(10_000):
        nxt = [c for c in custom_ids(msg) if c.endswith(":next")]
        button = next(c for c in msg.components[0]["components"] if c["custom_id"] == nxt[0])
        if button.get("disabled"):
            return pages
        await t.click(user, msg.id, nxt[0])
        msg = t.fake.world.messages[msg.id]
        pages.append(msg.content)
    raise AssertionError("too many pages")


async def test_log_shows_no_blind_bid_before_the_reveal(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        secrets = Secrets()
        watch_table(t, secrets)
        game_id, thread = await t.open_table(humans=1, bots=2, game="scoundrel_bay", seed="log-bids")
        user = fake.user_ids[0]
        rand = random.Random(1)

        def human_to_bid(s: Any) -> bool:
            return bool(s.stack) and isinstance(s.stack[-1], BidPrompt) and len(s.stage.bids.locked) == 2
        await human_plays(t, game_id, rand, human_to_bid)
        record, s = await t.bot.table.load(game_id)
        bids = {seat: s.stage.bids.choices[seat] for seat in s.stage.bids.locked}
        assert len(bids) == 2   # both bots have bid in secret, the human has not
        pages = await all_log_pages(t, user, thread)
        text = "\n".join(pages)
        assert len(pages) >= 2 and all(len(p) <= 2000 for p in pages)
        assert "The bids are revealed" not in text
        assert not any(f"bid {n}" in text for n in bids.values())
        assert not secrets.leaks(0, text) and not [x for x in secrets.told if x in text]
        first = pages[0]
        assert "log, page 1 of" in first

        await human_plays(t, game_id, rand, lambda s: not (s.stack and isinstance(s.stack[-1], BidPrompt)))
        text = "\n".join(await all_log_pages(t, user, thread))
        assert "The bids are revealed" in text
        assert not [x for x in secrets.told if x in text]
        t.assert_clean()


async def finished_pirate_chest(t: Table, **table: Any) -> tuple[int, int]:
    """A short Pirate Chest game, the host's seat handed to a bot so the bots play it out."""
    game_id, thread = await t.open_table(humans=1, bots=2, options="turn_limit=4", **table)
    await t.bot.store.hand_to_bot(game_id, 0)
    t.bot.wake(game_id)
    await t.settle(timeout=120)
    return game_id, thread


async def test_replay_refuses_before_the_end_then_posts_a_gif(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        host = fake.user_ids[0]
        game_id, thread = await t.open_table(humans=2, bots=1, options="turn_limit=4")
        early = t.reply_message(await t.slash(host, "game replay", channel_id=thread))
        assert "once the game has ended" in early.content and early.visibility == "ephemeral"
        assert not [m for m in t.bot_posts(thread) if m.attachments and m.attachments[0].filename.endswith(".gif")]
        await t.bot.store.hand_to_bot(game_id, 0)
        await t.bot.store.hand_to_bot(game_id, 1)
        t.bot.wake(game_id)
        await t.settle(timeout=120)
        assert (await t.bot.store.load(game_id)).status == "finished"
        answer = t.reply_message(await t.slash(fake.user_ids[2], "game replay", channel_id=thread))
        assert "Posted the timelapse" in answer.content
        posts = [m for m in t.bot_posts(thread) if m.attachments and m.attachments[0].filename.endswith(".gif")]
        assert len(posts) == 1 and posts[0].visibility == "public"
        data = posts[0].attachments[0].data
        assert len(data) < UPLOAD_LIMIT // 2
        with Image.open(io.BytesIO(data)) as gif:
            frames = getattr(gif, "n_frames", 1)   # a GIF plug-in attribute, not on ImageFile's type
            assert gif.format == "GIF" and frames >= 2 and gif.width <= 720
        # the thread keeps the final board and the result beside the replay
        texts = [m.content for m in t.bot_posts(thread)]
        assert any("is over" in c for c in texts) and any("has ended" in c for c in texts)
        t.assert_clean()


async def test_a_follower_gets_public_digests_only_and_cannot_act(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        secrets = Secrets()
        watch_table(t, secrets)
        game_id, thread = await t.open_table(humans=2, bots=1, options="turn_limit=5")
        watcher = fake.user_ids[2]
        seated = t.reply_message(await t.slash(fake.user_ids[0], "game follow", channel_id=thread))
        assert "You play in this game" in seated.content
        ok = t.reply_message(await t.slash(watcher, "game follow", channel_id=thread, cadence="turn"))
        assert "You follow" in ok.content
        again = t.reply_message(await t.slash(watcher, "game follow", channel_id=thread))
        assert "already follow" in again.content
        refused = t.reply_message(await t.slash(watcher, "play", channel_id=thread, action="roll"))
        assert "not seated" in refused.content
        assert not await t.bot.store.seats(game_id) or watcher not in {s.user_id for s in await t.bot.store.seats(game_id)}
        await human_plays(t, game_id, random.Random(2), lambda s: False, each=tick)   # a timer pass per decision
        await tick(t)
        record = await t.bot.store.load(game_id)
        assert record.status == "finished"
        dms = t.fake.dm_messages(watcher)
        assert len(dms) >= 3, [m.content[:80] for m in dms]
        assert all(m.attachments and m.attachments[0].filename.startswith("board-") for m in dms)
        assert "is over" in dms[-1].content
        told = [s for s, seats in secrets.told.items() if seats]
        assert len(told) >= 5   # the game had private news to keep
        for m in dms:
            text = "\n".join(readable_texts(m))
            assert not [x for x in told if x in text], m.content
            assert "Your move" not in text and not custom_ids(m)
        bye = t.reply_message(await t.slash(watcher, "game unfollow", channel_id=thread))
        assert "no longer follow" in bye.content
        assert await t.bot.store.followers(game_id) == {}
        t.assert_clean()


def after(n: int) -> Any:
    """A `human_plays` condition: true once `n` decisions were made."""
    looks = iter(range(n + 1))
    return lambda s: next(looks) == n


async def test_a_log_page_turn_is_acknowledged_before_the_log_is_replayed(db: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A page button defers (DEFERRED_UPDATE_MESSAGE, developers/interactions/receiving-and-responding.mdx
    "Interaction Callback Type": ACK now, edit the message later) before the game's history is
    replayed, which takes seconds in a long game; then it edits the clicked message."""
    import cogs.history
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(humans=1, bots=2, game="scoundrel_bay", seed="log-bids")
        user = fake.user_ids[0]
        await human_plays(t, game_id, random.Random(1), after(40))
        rec = await t.slash(user, "log", channel_id=thread, page=1)
        shown = t.reply_message(rec)
        first_page = shown.content
        await human_plays(t, game_id, random.Random(2), after(2))   # the history is stale now
        replayed_after: list[int] = []   # how many requests the fake had seen when a replay began
        replay = cogs.history.replay_public

        def counted_replay(*args: Any) -> Any:
            replayed_after.append(len(fake.requests))
            return replay(*args)
        monkeypatch.setattr(cogs.history, "replay_public", counted_replay)
        click = await t.click(user, shown.id, next(c for c in custom_ids(shown) if c.endswith(":next")))
        answers = await fake.wait_until(lambda: (r := fake.interaction_responses(click.id))[1:] and r,
                                        what="the page after the defer")
        assert [(r.method, r.path.rsplit("/", 1)[-1]) for r in answers] == [("POST", "callback"),
                                                                            ("PATCH", "@original")]
        assert answers[0].json["type"] == 6 and len(replayed_after) == 1
        assert answers[0].seq < replayed_after[0] <= answers[1].seq   # deferred, then replayed, then edited
        page = fake.world.messages[shown.id].content
        assert "log, page 2 of" in page and "log, page 1 of" in first_page
        t.assert_clean()
