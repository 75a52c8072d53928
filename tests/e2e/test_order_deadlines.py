"""Standing orders and deadlines on the loopback Discord, the clock jumped by the test: at its
deadline an order answers a prompt of its owner's own turn through the timer (Merchants &
Marauders' glory-card window of the owner's own fight: "play no glory card" passes), and then
no bot stands in for it even under the `bot` policy; a deadline that plays a sealed choice names
it to nobody, not even in the thread; the private news an order's answer draws waits for its
owner's next "your move" DM."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import get_game
from store import ORDER_PREFIX
from table.outbox import NOTICE
from tests.e2e.harness import Table, parley_bot
from tests.e2e.order_walk import at_deadline_by_order, sealed_for, walk
from tests.e2e.test_async_pace import HOUR, deadline_of, turns
from tests.e2e.test_privacy import readable_texts
from tests.fake_discord import FakeDiscord
from tests.fake_discord.model import Message

GAME = "merchants_marauders"
ORDERS = ["always-shoot", "no-glory-cards", "no-ambush"]
OWN_FIGHT = "s80"   # seat 1's glory-card window in its own fight comes at the 22nd decision
MAX_WALK = 60


async def set_orders(t: Table, user: int, thread: int, orders: list[str]) -> None:
    for order in orders:
        reply = t.reply_message(await t.slash(user, "orders set", channel_id=thread, order=order))
        assert "Standing order set" in reply.content, reply.content


def readable_by(t: Table, user: int, thread: int) -> list[Message]:
    """Every message `user` can read: the thread's public posts and their own DMs and ephemerals."""
    return [*(m for m in t.fake.messages(thread) if m.visibility == "public"), *t.fake.private_messages(user)]


@pytest.mark.parametrize("policy", ["default", "bot"])
async def test_at_its_deadline_an_order_answers_a_prompt_of_its_owners_turn_and_no_bot_stands_in(
        db: Path, policy: str) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(game=GAME, humans=2, bots=0, seed=OWN_FIGHT,
                                             deadline="24 hours", on_deadline=policy)
        owner, other = fake.user_ids[:2]
        await set_orders(t, owner, thread, ORDERS)
        await walk(t.bot.table, game_id, at_deadline_by_order(0, ORDERS), MAX_WALK)
        await t.settle()
        log = len(await t.bot.store.log(game_id))
        t.clock.now = await deadline_of(t, game_id, 0) + 1
        await turns(t).check_timers()
        await t.settle()

        row = (await t.bot.store.log_rows(game_id))[log]
        assert row.seat == 0 and (row.interaction_id or "").startswith(f"{ORDER_PREFIX}no-glory-cards:"), row
        assert row.notation == "pass"
        record = await t.bot.store.load(game_id)
        assert record.seats[0].bot_policy is None and record.seats[0].user_id == owner   # no bot stands in
        notices = [r for r in await t.bot.store.outbox_of(game_id) if r.kind == NOTICE and r.payload["seat"] == 0]
        assert len(notices) == 2 and not [r for r in notices if "order" in json.dumps(r.payload)]   # the why is not kept
        told = "time to move ran out, so the table played **pass** for them"
        assert [m for m in t.bot_posts(thread) if told in m.content]
        assert [m for m in fake.dm_messages(owner) if "so the table played **pass** for you" in m.content]
        stood_in = [m for m in t.bot_posts(thread) if "a bot plays their seat" in m.content and f"<@{owner}>" in m.content]
        assert not stood_in, stood_in[0].content   # (the other player's deadline passed too: theirs may)
        for m in readable_by(t, other, thread):   # the other player is never told of the orders
            text = "\n".join(readable_texts(m)).lower()
            assert "standing order" not in text and "glory card in fights" not in text, m.content[:200]
        t.assert_clean()


async def test_a_deadline_that_plays_a_sealed_choice_names_it_to_nobody(db: Path) -> None:
    """Both captains pick a starting ship in secret; the owner's deadline plays theirs while
    the other player (away, so their deadline is later) has not picked: nothing is revealed."""
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        owner, other = fake.user_ids[:2]
        await t.slash(other, "settings", away="3 days")
        game_id, thread = await t.open_table(game=GAME, humans=2, bots=0, seed="sealed",
                                             deadline="24 hours", on_deadline="default")
        await walk(t.bot.table, game_id, sealed_for(0), 1)
        record, s = await t.bot.table.load(game_id)
        game = get_game(GAME)
        choice = game.notate(s, game.default_action(s, 0))
        due = await deadline_of(t, game_id, 0)
        assert await deadline_of(t, game_id, 1) > due + 24 * HOUR
        t.clock.now = due + 1
        await turns(t).check_timers()
        await t.settle()

        assert (await t.bot.store.log(game_id))[-1] == (0, choice)
        assert 1 in await t.waiting_on(game_id)   # the other's pick is still to come: nothing revealed
        told = "time to move ran out, so the table played their sealed choice for them"
        assert [m for m in t.bot_posts(thread) if told in m.content]
        # named to its owner alone, by DM (below: in nothing anyone else can read)
        assert [m for m in fake.dm_messages(owner) if f"so the table played **{choice}** for you" in m.content]
        for user in fake.user_ids:   # every message each player (and anyone in the thread) can read
            if user == owner:
                continue
            for m in readable_by(t, user, thread):
                assert choice not in "\n".join(readable_texts(m)), f"message {m.id} to {user}: {m.content[:200]}"
        t.assert_clean()
