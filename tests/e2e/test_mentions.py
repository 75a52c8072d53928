"""A name is only a name (issue 23, item 3): members whose nicknames hold @everyone, @here, a
role mention, a user mention, markdown and a masked link play a game of each title, and no
message of that game pings anyone it does not address or shows their names as anything but
text.

Discord's docs, developers/resources/message.mdx, "Allowed Mentions Object": what a message's
`allowed_mentions` lets Discord parse from its content (without it, a channel message parses
@everyone, @here, roles and users); "Edit Message": an edit's mentions are read again from the
edit's own `allowed_mentions`. The loopback Discord records that on every request
(tests/fake_discord/mentions.py). Nicknames are 1 to 32 characters and may hold "@" and "#"
(developers/resources/user.mdx, "Usernames and Nicknames"), so the hostile text is spread
over four members."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from cogs.mentions import shown
from cogs.turns import Turns
from tests.e2e.harness import Clock, Table, parley_bot
from tests.fake_discord import FakeDiscord
from tests.fake_discord.mentions import INTERACTION, REGULAR, parse
from tests.fake_discord.model import Message
from tests.fake_discord.records import RecordedRequest

HOUR = 3600.0
TITLES = ["pirate_chest", "scoundrel_bay", "dead_reckoning", "merchants_marauders"]
MAX_DEADLINES = 60   # each missed deadline hands a seat to a bot: the game ends well before


def hostile_names(role: int, other: int) -> list[str]:
    return ["@everyone @here **bold**", f"<@&{role}> __u__", f"<@{other}> ~~gone~~", "[Prize](https://x.y) ||x||"]


def raw_pieces(role: int, other: int) -> list[str]:
    """What must never reach a message as typed: each would ping or render."""
    return ["@everyone", "@here", f"<@&{role}>", f"<@{other}>", "**bold**", "__u__", "~~gone~~", "||x||"]


def shows_raw(text: str, role: int, other: int) -> list[str]:
    """The pieces of the names that appear as typed (a masked link is one unless its "[" is escaped)."""
    return [p for p in raw_pieces(role, other) if p in text] + re.findall(r"(?<!\\)\[Prize\]\(", text)


def versions(msg: Message) -> list[str]:
    """Every content a message had: each edit is sent to Discord and read again."""
    return [str(v.get("content") or "") for v in msg.history] + [msg.content]


async def seat_hostile_players(t: Table, game: str) -> tuple[int, list[int], list[str]]:
    fake, world = t.fake, t.fake.world
    role = world.guilds[fake.guild_id].moderator_role_id
    other = fake.user_ids[2]                                   # never seated: nobody may ping them
    users = [fake.user_ids[0], fake.user_ids[1], world.add_user("ned").id, world.add_user("kit").id]
    names = [world.set_nick(u, n) for u, n in zip(users, hostile_names(role, other), strict=True)]
    assert names == hostile_names(role, other)                 # Discord keeps them as typed
    await t.slash(users[0], "game new", game=game, players=4, deadline="24 hours", on_deadline="bot")
    thread = fake.threads()[-1].id
    for u in users[1:]:
        await t.slash(u, "game join", channel_id=thread)
    await t.slash(users[0], "game start", channel_id=thread)
    await t.settle()
    return thread, users, names


async def miss_deadlines_to_the_end(t: Table, game_id: int) -> None:
    """Jump the clock past each reminder and deadline: bots stand in for the silent players,
    so the game goes on to its end."""
    turns = t.bot.get_cog("Turns")
    assert isinstance(turns, Turns)
    for _ in range(MAX_DEADLINES):
        if (await t.bot.store.load(game_id)).status == "finished":
            return
        timers = [x for x in await t.bot.store.timers_of(game_id) if x.kind in ("reminder", "deadline")]
        assert timers, "the game waits on nobody's timer"
        t.clock.now = min(x.due_at for x in timers) + 1
        await turns.check_timers()
        await t.settle()
    raise AssertionError("the game did not end")


def sent_allowed(r: RecordedRequest) -> tuple[dict[str, Any] | None, frozenset[str]]:
    """A message request's allowed_mentions, and Discord's default for its kind when absent."""
    body = r.json if isinstance(r.json, dict) else {}
    if r.path.endswith("/callback"):
        body = body.get("data") or {}
    return body.get("allowed_mentions"), INTERACTION if r.interaction_id is not None else REGULAR


def test_shown_escapes_mentions_markdown_and_masked_links() -> None:
    assert shown("@everyone @here **bold**") == "@\u200beveryone @\u200bhere \\*\\*bold\\*\\*"
    assert shown("<@&12> [Prize](https://x.y)") == "<@\u200b&12> \\[Prize](https:\u200b//x.y)"
    assert shown("see http://x.y") == "see http:\u200b//x.y"     # a bare address is no link either


@pytest.mark.parametrize("game", TITLES)
async def test_a_hostile_name_pings_nobody_and_shows_as_text(db: Path, game: str) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db, Clock()) as t:
        thread, users, names = await seat_hostile_players(t, game)
        role, other = fake.world.guilds[fake.guild_id].moderator_role_id, fake.user_ids[2]
        record = await t.bot.store.find_by_thread(thread)
        assert record is not None and [s.display_name for s in record.seats] == names   # stored as typed
        for u in users[:2]:
            await t.slash(u, "board", channel_id=thread)
            await t.slash(u, "log", channel_id=thread)
        await t.slash(users[0], "game status", channel_id=thread)
        await miss_deadlines_to_the_end(t, record.id)
        await t.slash(users[1], "log", channel_id=thread)
        t.assert_clean()

        # Every request that sent message text: whatever its text, Discord may not read
        # @everyone, @here, a role or an unseated user out of it, only the seated players.
        sent = [(r, r.pings) for r in fake.requests if r.pings is not None]
        assert len(sent) > 20
        probe = f"@everyone @here <@&{role}> <@{other}> " + " ".join(f"<@{u}>" for u in users)
        for r, pings in sent:
            allowed, default = sent_allowed(r)
            let_through = parse(probe, allowed, default)
            assert not let_through.everyone and not let_through.roles and other not in let_through.users, (r, allowed)
            assert set(let_through.users) <= set(users) and not (allowed or {}).get("replied_user"), (r, allowed)
            assert not pings.everyone and not pings.roles and set(pings.users) <= set(users), r

        ours = [m for m in fake.messages() if m.author_id == fake.bot_user_id]
        for m in ours:
            for text in versions(m):
                assert not shows_raw(text, role, other), text

        def each_name_in(msgs: list[Message], kind: str) -> None:
            assert msgs, f"no {kind}"
            for m in msgs:
                assert all(shown(n) in m.content for n in names), (kind, m.content)

        boards = [m for m in ours if m.channel_id == thread and m.attachments and "parley:move:" in str(m.components)]
        each_name_in(boards, "board post")
        each_name_in([m for m in ours if m.visibility == "ephemeral" and m.attachments], "/board reply")
        each_name_in([m for m in ours if m.visibility == "dm" and m.content.startswith("🏁")], "result DM")
        reminders = [m for m in ours if m.channel_id == thread and "a gentle reminder: Waiting on" in m.content]
        assert reminders and all(any(shown(n) in m.content for n in names) for m in reminders)
        # The posts that ping say whom: a board post its waited-on players, a reminder and a
        # missed deadline's notice the one player, the lobby and the result nobody.
        pinged = {m.id: set(m.pings.users) for m in ours if m.pings.anyone}
        for m in ours:
            if m.id in pinged:
                assert m.channel_id == thread and pinged[m.id] == {u for u in users if f"<@{u}>" in m.content}
        lobby = fake.world.messages[int(record.settings["lobby_message_id"])]
        assert lobby.id not in pinged and all(f"<@{u}>" in lobby.content for u in users)
        assert {m.id for m in reminders} <= set(pinged)
        notices = [m for m in ours if m.channel_id == thread and m.content.startswith("⏳ <@")]
        assert notices and all(len(pinged.get(m.id, ())) == 1 for m in notices)
        assert not [m for m in ours if m.channel_id == thread and m.content.startswith("🏁") and m.id in pinged]
