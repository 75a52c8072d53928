"""Standing orders on the loopback Discord: a player sets orders with /orders (ephemeral
replies, friendly refusals); an order answers an off-turn reaction (Pirate Chest's escape, then
the sealed fight cards) without any message to its owner — no DM, no ephemeral, no thread ping —
until the owner's next "your move" DM, which says what the orders answered; and nobody else, in
the thread or in their DMs, is told of the orders. The private news an order's answer draws
(Dead Reckoning's level-up between turns: which card went up) rides in that DM, and only there."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from engine.core import get_game
from engine.core.orders import order_book
from engine.core.policy import get_policy
from store import ORDER_PREFIX
from table.held_news import held_of
from tests.e2e.harness import Table, mentioned, parley_bot
from tests.e2e.order_walk import walk
from tests.e2e.test_privacy import readable_texts
from tests.fake_discord import FakeDiscord
from tests.fake_discord.model import Message

MAX_DECISIONS = 400   # human decisions before the test gives up (it says where it stopped)
ORDERS = ("stand", "no-fight-cards")
GAME = get_game("pirate_chest")


async def set_orders(t: Table, user: int, thread: int) -> None:
    for order in ORDERS:
        reply = t.reply_message(await t.slash(user, "orders set", channel_id=thread, order=order))
        assert reply.visibility == "ephemeral" and "Standing order set" in reply.content, reply.content
    listed = t.reply_message(await t.slash(user, "orders list", channel_id=thread))
    assert listed.visibility == "ephemeral" and listed.content.count("✅") == len(ORDERS)


def first_order_answer(t: Table) -> list[int]:
    """Records, in a list, the newest message id when the first standing-order answer commits."""
    marker: list[int] = []
    commit = t.bot.store.commit_action

    async def spy(*args: Any, **kwargs: Any) -> int:
        if (kwargs.get("interaction_id") or "").startswith(ORDER_PREFIX) and not marker:
            marker.append(max(t.fake.world.messages, default=0))
        return await commit(*args, **kwargs)
    t.bot.store.commit_action = spy   # type: ignore[method-assign]
    return marker


async def play_one(t: Table, game_id: int, rand: random.Random) -> int:
    """The human the game waits on plays the greedy bot's choice; returns their user id."""
    seat, user = await t.pending_human(game_id)
    _, s = await t.bot.table.load(game_id)
    bot = get_policy(GAME.id, "greedy", rand.randrange(1 << 30))
    await t.bot.table.play(game_id, seat, GAME.notate(s, bot.choose(GAME, s, seat)))
    t.bot.wake(game_id)
    return user


def after(messages: list[Message], marker: int) -> list[Message]:
    return [m for m in messages if m.id > marker]


async def test_an_order_answers_a_reaction_without_a_word_to_its_owner_until_their_next_move(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(humans=2, bots=1, seed="o4")   # a bot attacks the owner at its 7th decision
        owner, other = fake.user_ids[:2]
        await set_orders(t, owner, thread)
        marker = first_order_answer(t)
        rand = random.Random(7)
        for _ in range(MAX_DECISIONS):
            await t.settle()
            if marker:
                break
            await play_one(t, game_id, rand)
        else:
            raise AssertionError(f"no standing order answered in {MAX_DECISIONS} decisions")
        answered = [r for r in await t.bot.store.log_rows(game_id) if r.by_order]
        assert answered[0].seat == 0 and answered[0].notation == "stand"

        def prompted() -> list[Message]:
            return [m for m in after(fake.dm_messages(owner), marker[0]) if "Your move" in m.content]
        for _ in range(MAX_DECISIONS):   # the others play on until the owner is asked again
            await t.settle()
            if prompted():
                break
            assert await play_one(t, game_id, rand) == other, "the owner was waited on without a DM"
        else:
            raise AssertionError(f"the owner was not asked again within {MAX_DECISIONS} decisions")

        dms = after(fake.dm_messages(owner), marker[0])
        assert dms == prompted()[:1], [m.content[:80] for m in dms]   # nothing before the next "your move"
        assert "Your standing orders answered" in dms[0].content
        assert order_book(GAME).get("stand").label in dms[0].content   # type: ignore[union-attr]
        assert not after(fake.ephemeral_messages(owner), marker[0])
        pings = [m for m in after(fake.messages(thread), marker[0]) if owner in mentioned(fake, m)]
        assert len(pings) <= 1, [m.content[:80] for m in pings]
        assert all("parley:move" in str(m.components) for m in pings)   # only the hand-over of the next move

        words = ["standing order", *(o.label.lower() for o in order_book(GAME).orders)]
        for m in [*(m for m in fake.messages(thread) if m.visibility == "public"), *fake.private_messages(other)]:
            text = "\n".join(readable_texts(m)).lower()
            assert not [w for w in words if w in text], f"message {m.id} names the orders: {m.content[:200]}"
        t.assert_clean()


async def test_orders_refuse_kindly_and_change_nothing(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(humans=1, bots=2, seed="orders-refusals")
        owner, stranger = fake.user_ids[0], fake.user_ids[-1]
        refused = t.reply_message(await t.slash(stranger, "orders set", channel_id=thread, order="stand"))
        assert refused.visibility == "ephemeral" and "not seated" in refused.content
        unknown = t.reply_message(await t.slash(owner, "orders set", channel_id=thread, order="surrender"))
        assert "no order `surrender`" in unknown.content and "`stand`" in unknown.content
        assert await t.bot.store.orders_of(game_id, owner) == []
        choices = await t.autocomplete(owner, "orders set", "order", "escape", channel_id=thread)
        assert [c["value"] for c in choices] == ["stand", "escape"]   # "escape" is in both labels
        await t.slash(owner, "orders set", channel_id=thread, order="stand")
        replaced = t.reply_message(await t.slash(owner, "orders set", channel_id=thread, order="escape"))
        assert "It replaces" in replaced.content
        assert await t.bot.store.orders_of(game_id, owner) == ["escape"]
        cleared = t.reply_message(await t.slash(owner, "orders clear", channel_id=thread))
        assert "Cleared" in cleared.content and await t.bot.store.orders_of(game_id, owner) == []
        await t.bot.store.set_status(game_id, "finished")
        over = t.reply_message(await t.slash(owner, "orders list", channel_id=thread))
        assert "nothing left to answer" in over.content
        t.assert_clean()


async def test_the_private_news_an_orders_answer_draws_waits_for_its_owners_next_move(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(game="dead_reckoning", humans=2, bots=0, seed="s29")
        owner, other = fake.user_ids[:2]
        reply = t.reply_message(await t.slash(owner, "orders set", channel_id=thread, order="level-lowest"))
        assert "Standing order set" in reply.content
        marker = first_order_answer(t)

        async def held(game: Any, record: Any, s: Any) -> bool:
            return bool(held_of(record.settings))

        async def owners_move(game: Any, record: Any, s: Any) -> bool:
            pending = game.pending(s)
            return pending is not None and 0 in pending.waiting_on
        await walk(t.bot.table, game_id, held, 40)   # the level-up the order took, at the 21st decision
        (news,) = held_of((await t.bot.store.load(game_id)).settings)[0]
        assert "levels up" in news
        await walk(t.bot.table, game_id, owners_move, 40)
        await t.settle()

        dms = after(fake.dm_messages(owner), marker[0])
        assert dms and "Your move" in dms[0].content, [m.content[:80] for m in dms]   # nothing before it
        assert news in dms[0].content and "Your standing orders answered" in dms[0].content
        assert [m for m in fake.private_messages(owner) if news in m.content] == dms[:1]   # told once, there
        assert held_of((await t.bot.store.load(game_id)).settings) == {}
        for m in [*(m for m in fake.messages(thread) if m.visibility == "public"), *fake.private_messages(other)]:
            assert news not in "\n".join(readable_texts(m)), f"message {m.id} tells another of the level-up"
        t.assert_clean()
