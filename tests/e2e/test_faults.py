"""Discord misbehaving and the bot carrying on: closed DMs, rate limits and server errors on
thread posts, a restart in the middle of a game, and the same click arriving twice."""
from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from cogs.posts import BOARD_EVENTS
from engine.pirate_chest.defs import defs
from tests.e2e.driver import latest_board, open_panel, panel_options, take_turn
from tests.e2e.harness import Clock, Table, parley_bot
from tests.fake_discord import FakeDiscord
from tests.fake_discord.model import Message


async def game_progress(t: Table, game_id: int) -> tuple[int, int]:
    """(live log length, version): what one applied decision moves by one each."""
    record = await t.bot.store.load(game_id)
    return len(await t.bot.store.log(game_id)), record.version


async def human_decisions_since(t: Table, game_id: int, progress: tuple[int, int]) -> list[str | None]:
    """Interaction ids of the decisions human seats made since `progress` (bots may have
    moved after them: a human decision hands the turn on)."""
    record = await t.bot.store.load(game_id)
    rows = [r for r in await t.bot.store.log_rows(game_id) if not r.undone][progress[0]:]
    return [r.interaction_id for r in rows if record.seats[r.seat].bot_policy is None]


async def check_each_row_posted_once(t: Table, thread_id: int, game_id: int) -> None:
    """Board posts carry nonce p<row id>, one post per hand-over (edited while the hand-over
    lasts): no nonce twice, and the current hand-over's post holds each of its rows' events
    exactly once — a resend after a failure or a crash doubled none of them."""
    rows = await t.bot.store.outbox_of(game_id)
    assert all(r.sent_at is not None for r in rows)
    posts = [m for m in t.bot_posts(thread_id) if m.nonce and m.nonce.startswith("p")]
    nonces = [m.nonce for m in posts]
    assert len(nonces) == len(set(nonces)), f"a post went out twice: {nonces}"
    boards = [r for r in rows if r.kind == "board"]
    record = await t.bot.store.load(game_id)
    latest = t.fake.world.messages[record.settings["board"]["message_id"]]
    assert latest.nonce is not None
    # the post's own delivery: the rows claimed as its batch (merged), then the edits after them
    first = min(r.id for r in boards if r.batch == int(latest.nonce[1:]))
    expected = [e for r in boards if r.id >= first for e in r.payload.get("events", [])]
    assert record.settings["board"]["events"] == expected[-50:]
    assert "\n".join(expected[-BOARD_EVENTS:]) in latest.content, (expected[-BOARD_EVENTS:], latest.content[:400])


def dm_nonces_unique(fake: FakeDiscord, users: list[int]) -> None:
    for user in users:
        nonces = [m.nonce for m in fake.dm_messages(user) if m.nonce]
        assert len(nonces) == len(set(nonces)), f"a DM to {user} went out twice"


async def test_closed_dms_fall_back_to_the_thread_and_hand(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        anne, jack, mary = fake.user_ids
        fake.close_dms(jack)
        game_id, thread = await t.open_table()

        # the greeting DM failed with 403 / 50007: remembered, and the thread says to use /hand
        dm_tries = [r for r in fake.requests if r.method == "POST" and r.path.endswith("/messages")
                    and r.status == 403]
        assert dm_tries and all(r.response["code"] == 50007 for r in dm_tries)
        assert (await t.bot.store.get_user_settings(jack)).dm_closed
        assert not (await t.bot.store.get_user_settings(anne)).dm_closed
        fallback = [m for m in t.thread_messages(thread) if f"<@{jack}>" in m.content and "/hand" in m.content]
        assert len(fallback) == 1, [m.content for m in t.thread_messages(thread)]
        assert fake.dm_messages(jack) == []
        for user in (anne, mary):
            assert any("Ahoy!" in m.content for m in fake.dm_messages(user))

        # the game goes on, jack included (his turns come from the Your move button)
        rand = random.Random(5)
        record = await t.bot.store.load(game_id)
        jack_seat = record.seat_of(jack)
        acted: set[int] = set()
        for _ in range(40):
            seat, _ = await t.pending_human(game_id)
            await take_turn(t, game_id, rand)
            acted.add(seat)
            if len(acted) == 3 and len(await t.bot.store.log(game_id)) >= 12:
                break
        assert jack_seat in acted
        await t.settle()
        # nothing more was tried on jack's closed DMs, and the warning was not repeated
        assert len([r for r in fake.requests if r.status == 403]) == len(dm_tries)
        assert len([m for m in t.thread_messages(thread) if "/hand" in m.content]) == 1
        record = await t.bot.store.load(game_id)

        # mary closes her DMs mid-game: her next 'Your move' DM fails and the thread is told
        fake.close_dms(mary)
        mary_seat = record.seat_of(mary)
        prompts = len([r for r in await t.bot.store.outbox_of(game_id) if r.target == f"seat:{mary_seat}"
                       and r.kind == "prompt"])
        for _ in range(40):
            await take_turn(t, game_id, rand)
            await t.settle()
            if len([r for r in await t.bot.store.outbox_of(game_id) if r.target == f"seat:{mary_seat}"
                    and r.kind == "prompt"]) > prompts:
                break
        assert (await t.bot.store.get_user_settings(mary)).dm_closed
        warned = [m for m in t.thread_messages(thread) if f"<@{mary}>" in m.content and "/hand" in m.content]
        assert len(warned) == 1
        assert all(r.sent_at is not None for r in await t.bot.store.outbox_of(game_id))

        # /hand answers privately with his hand
        rec = await t.slash(jack, "hand", channel_id=thread)
        answer = t.reply_message(rec)
        assert answer.visibility == "ephemeral" and answer.audience == jack
        _, s = await t.bot.table.load(game_id)
        assert "Your hand" in answer.content
        for card_id in s.players[jack_seat].hand:
            assert defs().cards[card_id].name in answer.content
        assert [a.filename for a in answer.attachments] == ["hand.png"]
        t.assert_clean()


async def test_thread_posts_survive_rate_limits_and_server_errors(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table()
        posts = rf"/channels/{thread}/messages$"
        rand = random.Random(7)

        # 429 (discord.py waits retry_after and resends), 500 and 502 (resent after 1 s)
        for status in (429, 500, 502):
            fault = fake.inject("POST", posts, status)
            before = len(t.bot_posts(thread))
            await take_turn(t, game_id, rand)
            await t.settle()
            assert fault.exhausted, f"no thread post met the injected {status}"
            assert len(t.bot_posts(thread)) > before
            hit = fault.hits[0]
            retried = [r for r in fake.requests[hit.seq + 1:] if r.method == "POST" and r.path == hit.path
                       and r.json and r.json.get("nonce") == hit.json.get("nonce")]
            assert retried and retried[0].status == 200, f"the post after {status} was not resent"
            assert hit.json.get("enforce_nonce") is True

        # 503: discord.py raises at once; the row is marked failed and goes out on the next pump
        fault = fake.inject("POST", posts, 503)
        await take_turn(t, game_id, rand)
        await t.settle()
        assert fault.exhausted
        rows = await t.bot.store.outbox_of(game_id)
        failed = [r for r in rows if r.last_error]
        assert len(failed) == 1 and "503" in (failed[0].last_error or "")
        assert failed[0].sent_at is not None and failed[0].attempts == 2
        assert len([m for m in t.bot_posts(thread) if m.nonce == f"p{failed[0].id}"]) == 1

        # a post went out but its 'sent' mark was lost (a crash in between), and another decision
        # came before the retry: the retry is the same post under the same nonce, which Discord
        # drops, and the new decision goes in a post of its own (not merged into a second copy)
        mark_sent = t.bot.store.mark_sent
        lost: list[int] = []

        async def lose_first_mark(outbox_id: int) -> None:
            if not lost:
                lost.append(outbox_id)
                raise OSError("disk went away")
            await mark_sent(outbox_id)

        def thread_posts_sent() -> list[Any]:
            return [r for r in fake.requests if r.method == "POST" and r.path == f"/channels/{thread}/messages"]

        t.bot.store.mark_sent = lose_first_mark  # type: ignore[method-assign]
        sent_before = len(thread_posts_sent())
        seat, user = await t.pending_human(game_id)
        await t.slash(user, "play", channel_id=thread, action=(await t.bot.table.legal(game_id, seat))[0])
        await fake.wait_until(lambda: lost, timeout=10, what="the lost 'sent' mark")
        await t.settle(unsent_ok=True)
        seat, user = await t.pending_human(game_id)
        await t.slash(user, "play", channel_id=thread, action=(await t.bot.table.legal(game_id, seat))[0])
        await t.settle()
        t.bot.store.mark_sent = mark_sent  # type: ignore[method-assign]
        # the retry is either the same post again (same nonce: Discord drops it) or an edit of
        # the hand-over's post: no message shows up twice
        nonces = [r.json.get("nonce") for r in thread_posts_sent()[sent_before:]]
        assert all(len([m for m in t.bot_posts(thread) if m.nonce == n]) == 1 for n in nonces), nonces
        await check_each_row_posted_once(t, thread, game_id)
        dm_nonces_unique(fake, fake.user_ids)
        t.assert_clean()


async def click_first(t: Table, user: int, panel: Message) -> Message:
    """Click the first option of a panel; returns the panel message as the click left it."""
    options = panel_options(panel)
    assert options, f"the panel has no options: {panel.content}"
    _, custom_id, value = options[0]
    await t.click(user, panel.id, custom_id, values=[value] if value is not None else None)
    return t.fake.world.messages[panel.id]


async def test_a_restart_keeps_panels_working_and_delivers_what_was_left(db: Path) -> None:
    clock = Clock()
    async with FakeDiscord() as fake:
        async with parley_bot(fake, db, clock) as t:
            game_id, thread = await t.open_table()
            rand = random.Random(11)
            for _ in range(3):
                await take_turn(t, game_id, rand)
            await t.settle()
            seat, user = await t.pending_human(game_id)
            stale = await open_panel(t, user, thread, game_id)
            stale_content = stale.content

            # the next decision commits, but Discord is down for thread posts: its rows stay unsent
            outage = fake.inject("POST", rf"/channels/{thread}/messages$", 503, times=10**6)
            edits_down = fake.inject("PATCH", rf"/channels/{thread}/messages/\d+$", 503, times=10**6)
            notation = (await t.bot.table.legal(game_id, seat))[0]
            played = await t.slash(user, "play", channel_id=thread, action=notation)
            assert t.reply_message(played).content.startswith("✓ ")
            await t.settle(unsent_ok=True)
            assert outage.hits or edits_down.hits, "the board post after the move was not even tried"
            unsent = await t.bot.store.unsent_outbox(limit=1000)
            assert any(r.kind == "board" for r in unsent)
            seat2, user2 = await t.pending_human(game_id)
            fresh = await open_panel(t, user2, thread, game_id)
            before_restart = await game_progress(t, game_id)
            assert t.run.errors == [], t.run.error_messages()
        outage.times = len(outage.hits)   # Discord is back
        edits_down.times = len(edits_down.hits)
        clock.now += 3600   # and the failed posts' backoff has run out (table/backoff.py)

        async with parley_bot(fake, db, clock) as t:
            await t.settle()
            # what the old process left unsent went out, once
            rows = await t.bot.store.outbox_of(game_id)
            assert all(r.sent_at is not None for r in rows)
            assert {r.id for r in unsent} <= {r.id for r in rows if r.attempts >= 1}
            await check_each_row_posted_once(t, thread, game_id)
            # the thread shows what was left: its events are on the board (a new post or an edit)
            left = [e for r in unsent if r.kind == "board" for e in r.payload.get("events", [])]
            board = latest_board(t, thread, game_id)
            assert left and left[-1] in board.content, (left[-1], board.content[:300])

            # a panel drawn before the restart still plays
            after = await click_first(t, user2, fresh)
            assert after.content.startswith("✓"), after.content
            await t.settle()
            assert len(await human_decisions_since(t, game_id, before_restart)) == 1
            progress = await game_progress(t, game_id)
            assert progress[1] > before_restart[1]

            # an older one is refused kindly, and changes nothing
            refused = await click_first(t, user, stale)
            assert refused.content.startswith("The board changed"), refused.content
            assert refused.content != stale_content
            await t.settle()
            assert await game_progress(t, game_id) == progress
            await check_each_row_posted_once(t, thread, game_id)
            t.assert_clean()


async def press(fake: FakeDiscord, user: int, panel: Message, pick: int = 0) -> Any:
    """Dispatch a click on a panel option without waiting for the answer."""
    _, custom_id, value = panel_options(panel)[pick]
    if value is None:
        return await fake.dispatch_component(user, panel.id, custom_id)
    return await fake.dispatch_component(user, panel.id, custom_id, component_type=3, values=[value])


async def test_one_decision_per_version_however_the_clicks_arrive(db: Path) -> None:
    async with FakeDiscord(users=("anne", "jack", "mary", "tom")) as fake, \
            parley_bot(fake, db) as t:
        tom = fake.user_ids[3]
        game_id, thread = await t.open_table()   # anne, jack, mary and a bot; tom only watches

        # the same interaction delivered twice (a gateway replay): applied once
        seat, user = await t.pending_human(game_id)
        panel = await open_panel(t, user, thread, game_id)
        progress = await game_progress(t, game_id)
        rec = await press(fake, user, panel)
        await fake.dispatch_event("INTERACTION_CREATE", rec.payload, guild_id=fake.guild_id)
        await t.answered(rec)
        await fake.wait_until(lambda: any("already acknowledged" in n for n in rec.notes), timeout=10,
                              what="the replayed interaction's answer")
        await t.settle()
        assert await human_decisions_since(t, game_id, progress) == [str(rec.id)]
        assert t.fake.world.messages[panel.id].content.startswith("✓")

        # one player, two panels of the same version (phone and desktop), clicked at once
        seat, user = await t.pending_human(game_id)
        first = await open_panel(t, user, thread, game_id)
        second = await open_panel(t, user, thread, game_id)
        assert first.id != second.id and first.components == second.components
        progress = await game_progress(t, game_id)
        clicks = [await press(fake, user, first), await press(fake, user, second, pick=-1)]
        for r in clicks:
            await t.answered(r)
        await t.settle()
        assert len(await human_decisions_since(t, game_id, progress)) == 1
        answers = [fake.world.messages[m.id].content for m in (first, second)]
        applied = [a for a in answers if a.startswith("✓")]
        refused = [a for a in answers if a.startswith(("The board changed", "✗ The board changed"))]
        assert len(applied) == 1 and len(refused) == 1, answers

        # two users at once: the waited-on player clicks while a seated player who is not waited
        # on types the same move, and someone who is not seated presses Your move and /play
        seat, user = await t.pending_human(game_id)
        record = await t.bot.store.load(game_id)
        waiting = await t.waiting_on(game_id)
        other = next(x.user_id for x in record.seats if x.user_id is not None and x.seat not in waiting)
        panel = await open_panel(t, user, thread, game_id)
        label = panel_options(panel)[0][0]
        progress = await game_progress(t, game_id)
        recs = await asyncio.gather(
            press(fake, user, panel),
            fake.dispatch_slash(other, "play", [{"name": "action", "value": label}], channel_id=thread),
            fake.dispatch_component(tom, latest_board(t, thread, game_id).id, f"parley:move:{game_id}"),
            fake.dispatch_slash(tom, "play", [{"name": "action", "value": label}], channel_id=thread))
        for r in recs:
            await t.answered(r)
        await t.settle()
        assert await human_decisions_since(t, game_id, progress) == [str(recs[0].id)]
        others, tom_move, tom_play = (t.reply_message(r) for r in recs[1:])
        assert fake.world.messages[panel.id].content.startswith("✓")
        assert others.content.startswith("✗ It is not your move"), others.content
        assert "not seated" in tom_move.content and "not seated" in tom_play.content
        for answer, who in ((others, other), (tom_move, tom), (tom_play, tom)):
            assert answer.visibility == "ephemeral" and answer.audience == who
        t.assert_clean()
