"""The fake server proven against the real discord.py: a small bot with app commands,
a DynamicItem button, DMs, threads and modals, plus fault injection."""

from __future__ import annotations

import asyncio
import gc
import io
import warnings
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands

from . import BotRun, FakeDiscord, running_bot
from .model import ChannelType, Perm

pytestmark = pytest.mark.asyncio

PNG_BYTES = b"\x89PNG\r\n\x1a\n" + b"pirate-board" * 100


class Counter(discord.ui.DynamicItem[discord.ui.Button], template=r"counter:(?P<count>\d+)"):
    """A button whose state lives in its custom_id, so it survives restarts."""

    def __init__(self, count: int) -> None:
        super().__init__(discord.ui.Button(label=f"Clicked {count}", custom_id=f"counter:{count}"))
        self.count = count

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> Counter:
        return cls(int(match["count"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.count + 1))
        await interaction.response.edit_message(content=f"count {self.count + 1}", view=view)


class NameModal(discord.ui.Modal, title="Name your ship"):
    ship: discord.ui.TextInput[NameModal] = discord.ui.TextInput(label="Ship", custom_id="ship")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        interaction.client.seen["ship"] = self.ship.value  # type: ignore[attr-defined]
        await interaction.response.send_message(f"Ahoy, {self.ship.value}!", ephemeral=True)


class PirateBot(commands.Bot):
    def __init__(self, guild_id: int) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         guild_ready_timeout=0.05, chunk_guilds_at_startup=False)
        self.guild_id = guild_id
        self.seen: dict[str, Any] = {}

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py sleeps 5 s before every re-IDENTIFY (Discord's identify rate limit);
        nothing to protect against here, so re-identify at once."""

    async def on_resumed(self) -> None:
        self.seen["resumed"] = True

    async def record_message(self, message: discord.Message) -> None:
        self.seen.setdefault("messages", []).append((message.author.id, message.content))

    async def setup_hook(self) -> None:
        self.add_listener(self.record_message, "on_message")
        self.add_dynamic_items(Counter)
        self.add_view(SeatPicker())
        guild = discord.Object(self.guild_id)
        for cmd in build_commands(self):
            self.tree.add_command(cmd, guild=guild)
        self.tree.add_command(hand)  # global: usable in DMs
        await self.tree.sync(guild=guild)
        await self.tree.sync()


@app_commands.command(description="Show your hand")
async def hand(interaction: discord.Interaction) -> None:
    interaction.client.seen["hand"] = (interaction.guild, type(interaction.user))  # type: ignore[attr-defined]
    await interaction.response.send_message("Your hand: 3 doubloons", ephemeral=True)


def build_commands(bot: PirateBot) -> list[app_commands.Command | app_commands.Group]:
    @app_commands.command(description="Defer, then follow up with a board image")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("board", file=discord.File(io.BytesIO(PNG_BYTES), "board.png"))

    @app_commands.command(description="Post a counter button")
    async def counter(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(0))
        await interaction.response.send_message("count 0", view=view)

    @app_commands.command(description="DM me a secret")
    async def secret(interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send("the treasure is under the palm")
        except discord.Forbidden as exc:
            bot.seen["dm_error"] = exc
            await interaction.response.send_message("Open your DMs or use /hand", ephemeral=True)
        else:
            await interaction.response.send_message("Sent you a DM", ephemeral=True)

    @app_commands.command(description="Post in the channel")
    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        try:
            await interaction.channel.send("Ahoy all")  # type: ignore[union-attr]
        except discord.HTTPException as exc:
            bot.seen["post_error"] = exc
        await interaction.followup.send("posted", ephemeral=True)

    @app_commands.command(description="Defer publicly, then try an ephemeral followup")
    async def leaky(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.followup.send("your secret hand", ephemeral=True)

    @app_commands.command(description="Answers after the deadline the test sets")
    async def slow(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("late")
        except discord.NotFound as exc:
            bot.seen["slow_error"] = exc

    @app_commands.command(description="Ask for a name")
    async def rename(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @app_commands.command(description="Play an action")
    async def play(interaction: discord.Interaction, action: str) -> None:
        await interaction.response.send_message(f"played {action}", ephemeral=True)

    @play.autocomplete("action")
    async def play_action(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        actions = ["roll", "raid", "rest", "bury treasure"]
        return [app_commands.Choice(name=a, value=a) for a in actions if current in a]

    game = app_commands.Group(name="game", description="Games")

    @game.command(name="new", description="Start a game in its own thread")
    async def game_new(interaction: discord.Interaction, title: str, players: int = 2) -> None:
        await interaction.response.defer(ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        thread = await channel.create_thread(name=title, type=discord.ChannelType.public_thread)
        await thread.add_user(interaction.user)
        await thread.send(f"{title}: waiting for {players} players")
        bot.seen["thread"] = thread
        await interaction.followup.send(f"Created {thread.mention}", ephemeral=True)

    @app_commands.command(description="Exercise @original, followup edits and a message thread")
    async def status(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("v1", view=SeatPicker())
        original = await interaction.original_response()
        await interaction.edit_original_response(content="v2", attachments=[discord.File(io.BytesIO(b"log"), "log.txt")])
        note = await interaction.followup.send("private v1", ephemeral=True, wait=True)
        await note.edit(content="private v2")
        gone = await interaction.followup.send("to delete", ephemeral=True, wait=True)
        await gone.delete()
        thread = await original.create_thread(name="Status talk")
        bot.seen["status"] = (original.id, thread.id, original.content)

    @app_commands.command(description="DM a panel with a button")
    async def panel(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(0))
        await interaction.user.send("count 0", view=view)
        await interaction.response.send_message("check your DMs", ephemeral=True)

    return [ping, counter, secret, post, leaky, slow, rename, play, game, status, panel]


class SeatPicker(discord.ui.View):
    """A persistent select whose callback defers the update (type 6) then edits @original."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(custom_id="seat", options=[discord.SelectOption(label=c) for c in ("red", "blue")])
    async def seat(self, interaction: discord.Interaction, select: discord.ui.Select[SeatPicker]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"seat {select.values[0]}")


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as server:
        yield server


@pytest_asyncio.fixture
async def run(fake: FakeDiscord) -> AsyncIterator[BotRun]:
    unclosed: list[str] = []
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(lambda _loop, ctx: unclosed.append(ctx.get("message", "")))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        bot = PirateBot(fake.guild_id)
        async with running_bot(bot, fake) as bot_run:
            yield bot_run
        # Deterministic check first: pytest still holds the fixture value, so the bot
        # cannot be garbage collected here and the warning check below is a safety net.
        assert bot.http._HTTPClient__session.closed  # type: ignore[attr-defined]
        assert bot.ws is None or not bot.ws.open
        del bot, bot_run
        gc.collect()
    loop.set_exception_handler(None)
    leaks = [str(w.message) for w in caught if "nclosed" in str(w.message)] + unclosed
    assert not leaks, leaks
    assert fake.internal_errors == []


async def test_startup_syncs_commands_and_caches_guild(fake: FakeDiscord, run: BotRun) -> None:
    guild_cmds = await fake.wait_for_commands(guild=True)
    assert {"ping", "game", "play"} <= set(guild_cmds)
    assert set(await fake.wait_for_commands(guild=False)) == {"hand"}
    guild = run.bot.get_guild(fake.guild_id)
    assert guild is not None and guild.get_channel(fake.channel_id) is not None
    assert run.bot.application_id == fake.application_id
    paths = [(r.method, r.path) for r in fake.requests]
    assert ("GET", "/users/@me") in paths and ("GET", "/oauth2/applications/@me") in paths
    assert fake.unhandled_requests() == []


async def test_defer_then_followup_with_file(fake: FakeDiscord, run: BotRun) -> None:
    rec = await fake.dispatch_slash(fake.user_ids[0], "ping")
    await fake.wait_for_response(rec.id)
    [msg] = await fake.wait_for_followups(rec.id)
    assert rec.callback_type == 5
    # the defer is the first response, before the followup; time_to_first_response measures it
    calls = fake.interaction_responses(rec.id)
    assert calls[0].path.endswith("/callback") and calls[0].json["type"] == 5 and len(calls) == 2
    elapsed = fake.time_to_first_response(rec.id)
    assert elapsed is not None and 0 <= elapsed <= calls[1].at - rec.dispatched_at
    # The first followup after a defer replaces the "thinking" message.
    assert msg.id == rec.original_message_id and not msg.loading
    [att] = msg.attachments
    assert att.filename == "board.png" and att.data == PNG_BYTES and att.content_type == "image/png"
    upload = next(r for r in fake.interaction_responses(rec.id) if r.files)
    assert upload.files[0].data == PNG_BYTES and upload.json["content"] == "board"
    assert msg.visibility == "public"


async def test_dynamic_button_click_edits_message(fake: FakeDiscord, run: BotRun) -> None:
    rec = await fake.dispatch_slash(fake.user_ids[1], "counter")
    await fake.wait_for_response(rec.id)
    original = fake.original_message(rec.id)
    assert original is not None and original.content == "count 0"
    click = await fake.dispatch_component(fake.user_ids[2], original.id, "counter:0")
    await fake.wait_for_response(click.id)
    assert click.callback_type == 7
    assert original.content == "count 1"
    assert original.components[0]["components"][0]["custom_id"] == "counter:1"
    with pytest.raises(LookupError):  # the old custom id is gone from the message
        await fake.dispatch_component(fake.user_ids[2], original.id, "counter:0")
    assert run.errors == []


async def test_dm_then_forbidden(fake: FakeDiscord, run: BotRun) -> None:
    user = fake.user_ids[0]
    rec = await fake.dispatch_slash(user, "secret")
    await fake.wait_for_response(rec.id)
    assert [m.content for m in fake.dm_messages(user)] == ["the treasure is under the palm"]
    fault = fake.inject("POST", r"^/channels/\d+/messages$", 403)
    rec = await fake.dispatch_slash(user, "secret")
    await fake.wait_for_response(rec.id)
    error = run.bot.seen["dm_error"]  # type: ignore[attr-defined]
    assert isinstance(error, discord.Forbidden) and error.code == 50007
    assert len(fault.hits) == 1 and fake.original_message(rec.id).visibility == "ephemeral"  # type: ignore[union-attr]
    assert all("treasure" not in m.content for m in fake.public_messages())
    assert len(fake.private_messages(user)) == 3  # one DM, two ephemeral replies


async def test_rate_limit_then_success_stores_one_message(fake: FakeDiscord, run: BotRun) -> None:
    fake.inject("POST", rf"^/channels/{fake.channel_id}/messages$", 429, retry_after=0.05)
    rec = await fake.dispatch_slash(fake.user_ids[0], "post")
    await fake.wait_for_followups(rec.id)
    posts = [r for r in fake.requests if r.method == "POST" and r.path == f"/channels/{fake.channel_id}/messages"]
    assert [r.status for r in posts] == [429, 200]
    assert [m.content for m in fake.public_messages()] == ["Ahoy all"]
    assert [m.content for m in fake.ephemeral_messages()] == ["posted"]
    assert "post_error" not in run.bot.seen  # type: ignore[attr-defined]


async def test_server_errors(fake: FakeDiscord, run: BotRun) -> None:
    fake.inject("POST", rf"^/channels/{fake.channel_id}/messages$", 500)  # retried after ~1 s
    rec = await fake.dispatch_slash(fake.user_ids[0], "post")
    await fake.wait_for_followups(rec.id, timeout=5)
    assert [m.content for m in fake.public_messages()] == ["Ahoy all"]
    fake.inject("POST", rf"^/channels/{fake.channel_id}/messages$", 503)  # not retried
    rec = await fake.dispatch_slash(fake.user_ids[0], "post")
    await fake.wait_for_followups(rec.id)
    assert isinstance(run.bot.seen["post_error"], discord.DiscordServerError)  # type: ignore[attr-defined]
    assert len(fake.public_messages()) == 1


async def test_thread_created_joined_and_posted(fake: FakeDiscord, run: BotRun) -> None:
    user = fake.user_ids[1]
    rec = await fake.dispatch_slash(user, "game new", [{"name": "title", "value": "Isla Cruces"},
                                                       {"name": "players", "value": 3}])
    [done] = await fake.wait_for_followups(rec.id)
    [thread] = fake.threads()
    assert thread.name == "Isla Cruces" and user in thread.member_ids
    assert [m.content for m in fake.messages(thread.id)] == ["Isla Cruces: waiting for 3 players"]
    assert done.visibility == "ephemeral" and done.content == f"Created <#{thread.id}>"
    # THREAD_CREATE went over the gateway, so the bot's cache knows the thread.
    assert run.bot.get_channel(thread.id) is not None
    explicit = await fake.dispatch_slash(user, "game", [
        {"type": 1, "name": "new", "options": [{"name": "title", "value": "Second"}]}])
    await fake.wait_for_followups(explicit.id)
    assert len(fake.threads()) == 2


async def test_autocomplete_choices(fake: FakeDiscord, run: BotRun) -> None:
    rec = await fake.dispatch_autocomplete(fake.user_ids[0], "play", focused="action", value="r")
    await fake.wait_for_response(rec.id)
    assert rec.callback_type == 8
    assert [c["name"] for c in rec.autocomplete_choices or []] == ["roll", "raid", "rest", "bury treasure"]


async def test_dm_context_command(fake: FakeDiscord, run: BotRun) -> None:
    rec = await fake.dispatch_slash(fake.user_ids[2], "hand", guild=False)
    await fake.wait_for_response(rec.id)
    guild, user_type = run.bot.seen["hand"]  # type: ignore[attr-defined]
    assert guild is None and user_type is discord.User
    assert fake.original_message(rec.id).audience == fake.user_ids[2]  # type: ignore[union-attr]
    with pytest.raises(LookupError):  # guild-only commands do not exist in DMs
        await fake.dispatch_slash(fake.user_ids[2], "ping", guild=False)


async def test_public_defer_makes_ephemeral_followup_public(fake: FakeDiscord, run: BotRun) -> None:
    rec = await fake.dispatch_slash(fake.user_ids[0], "leaky")
    [msg] = await fake.wait_for_followups(rec.id)
    assert msg.visibility == "public" and "your secret hand" in [m.content for m in fake.public_messages()]
    assert any("ephemeral=True" in note for note in rec.notes)


async def test_late_callback_is_unknown_interaction(fake: FakeDiscord, run: BotRun) -> None:
    fake.callback_deadline = 0.0   # any callback is past it, however fast the bot answers
    rec = await fake.dispatch_slash(fake.user_ids[0], "slow")
    await fake.wait_until(lambda: run.bot.seen.get("slow_error"), what="the late callback")  # type: ignore[attr-defined]
    assert run.bot.seen["slow_error"].code == 10062 and not rec.acknowledged  # type: ignore[attr-defined]


async def test_modal_submit(fake: FakeDiscord, run: BotRun) -> None:
    opener = await fake.dispatch_slash(fake.user_ids[0], "rename")
    await fake.wait_for_response(opener.id)
    assert opener.callback_type == 9 and opener.modal is not None
    submit = await fake.dispatch_modal_submit(fake.user_ids[0], opener.id, {"ship": "Black Pearl"})
    await fake.wait_for_response(submit.id)
    assert run.bot.seen["ship"] == "Black Pearl"  # type: ignore[attr-defined]


async def test_reconnect_resumes_and_reidentifies(fake: FakeDiscord, run: BotRun) -> None:
    await fake.force_reconnect(resume=True)
    await fake.wait_until(lambda: run.bot.seen.get("resumed"), what="RESUMED")  # type: ignore[attr-defined]
    rec = await fake.dispatch_slash(fake.user_ids[0], "counter")
    await fake.wait_for_response(rec.id)
    identifies = sum(f.get("op") == 2 for f in fake.gateway.frames_received)
    await fake.force_reconnect(resume=False)
    await fake.wait_until(lambda: sum(f.get("op") == 2 for f in fake.gateway.frames_received) > identifies,
                          what="a fresh IDENTIFY")
    await fake.wait_until(lambda: run.bot.get_guild(fake.guild_id), what="the guild after re-identify")
    handshakes = [f.get("op") for f in fake.gateway.frames_received if f.get("op") in (2, 6)]
    rec = await fake.dispatch_slash(fake.user_ids[0], "counter")
    await fake.wait_for_response(rec.id)
    # answered on the new session as it was: no further IDENTIFY or RESUME was needed
    assert [f.get("op") for f in fake.gateway.frames_received if f.get("op") in (2, 6)] == handshakes
    assert fake.original_message(rec.id).content == "count 0"  # type: ignore[union-attr]


async def test_unknown_route_is_recorded(fake: FakeDiscord, run: BotRun) -> None:
    channel = run.bot.get_channel(fake.channel_id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.NotFound):
        await channel.pins()
    [missing] = fake.unhandled_requests()
    assert missing.method == "GET" and "/pins" in missing.path


async def test_user_messages_respect_message_content_intent(fake: FakeDiscord, run: BotRun) -> None:
    anne = fake.user_ids[0]
    await fake.send_user_message(anne, fake.channel_id, "hello crew")
    await fake.send_user_message(anne, fake.channel_id, f"<@{fake.bot_user_id}> hello bot")
    await fake.send_user_message(anne, fake.world.dm_channel(anne).id, "psst")
    seen = await fake.wait_until(lambda: len(run.bot.seen.get("messages", [])) == 3 and run.bot.seen["messages"])  # type: ignore[attr-defined]
    # Default intents lack MESSAGE_CONTENT: guild messages arrive empty unless they mention the bot.
    assert seen == [(anne, ""), (anne, f"<@{fake.bot_user_id}> hello bot"), (anne, "psst")]


class ShardedBot(commands.AutoShardedBot):
    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Skip discord.py's 5 s wait between shard IDENTIFYs."""


async def test_auto_sharded_bot(fake: FakeDiscord) -> None:
    fake.recommended_shards = 2  # AutoShardedBot asks GET /gateway/bot for the count
    bot = ShardedBot(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                     guild_ready_timeout=0.05, chunk_guilds_at_startup=False)

    @bot.tree.command(guild=discord.Object(fake.guild_id), description="Which shard?")
    async def shard(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"shard {interaction.guild.shard_id}")  # type: ignore[union-attr]

    async with running_bot(bot, fake):
        await bot.tree.sync(guild=discord.Object(fake.guild_id))
        assert len(fake.gateway.sessions) == 2 and bot.get_guild(fake.guild_id) is not None
        rec = await fake.dispatch_slash(fake.user_ids[0], "shard")
        await fake.wait_for_response(rec.id)
        assert fake.original_message(rec.id).content == f"shard {(fake.guild_id >> 22) % 2}"  # type: ignore[union-attr]


async def test_two_processes_each_get_their_shards_guilds_and_dms_reach_shard_0(fake: FakeDiscord) -> None:
    """Two bots, each one process's worth of shards (shard_ids [0] and [1] of 2): a guild's events
    go to (guild_id >> 22) % 2 only, DMs to shard 0 only."""
    other = fake.world.add_guild("Nassau", shard=(1 - (fake.guild_id >> 22) % 2, 2))
    bots = [ShardedBot(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                       guild_ready_timeout=0.05, chunk_guilds_at_startup=False, shard_count=2, shard_ids=[i])
            for i in (0, 1)]
    for bot in bots:
        @bot.tree.command(description="Which process?")
        async def where(interaction: discord.Interaction) -> None:
            ids = interaction.client.shard_ids  # type: ignore[attr-defined]
            await interaction.response.send_message(f"shards {ids}")
    serving = {g: bots[(g >> 22) % 2] for g in (fake.guild_id, other.id)}
    async with running_bot(bots[0], fake, guild_id=next((g for g, b in serving.items() if b is bots[0]), 0)), \
            running_bot(bots[1], fake, guild_id=next((g for g, b in serving.items() if b is bots[1]), 0)):
        await bots[0].tree.sync()
        for guild_id, bot in serving.items():
            assert bot.get_guild(guild_id) is not None and bots[1 - bots.index(bot)].get_guild(guild_id) is None
            rec = await fake.dispatch_slash(fake.user_ids[0], "where", channel_id=fake.world.guilds[guild_id].text_channel_id)
            await fake.wait_for_response(rec.id)
            assert fake.original_message(rec.id).content == f"shards {bot.shard_ids}"  # type: ignore[union-attr]
            assert len([r for r in fake.interaction_responses(rec.id) if r.path.endswith("/callback")]) == 1
        dm = await fake.dispatch_slash(fake.user_ids[1], "where", guild=False)
        await fake.wait_for_response(dm.id)
        assert fake.original_message(dm.id).content == "shards [0]"  # type: ignore[union-attr]
        assert sorted(s.shard for s in fake.gateway.sessions.values()) == [(0, 2), (1, 2)]


async def test_original_followup_edits_and_select(fake: FakeDiscord, run: BotRun) -> None:
    user = fake.user_ids[0]
    rec = await fake.dispatch_slash(user, "status")
    await fake.wait_until(lambda: run.bot.seen.get("status"), what="/status to finish")  # type: ignore[attr-defined]
    original_id, thread_id, refetched = run.bot.seen["status"]  # type: ignore[attr-defined]
    original = fake.world.messages[original_id]
    assert original_id == rec.original_message_id and refetched == "v1" and original.content == "v2"
    calls = [(r.method, r.path.rsplit("/", 1)[-1]) for r in fake.interaction_responses(rec.id)]
    assert calls[:3] == [("POST", "callback"), ("GET", "@original"), ("PATCH", "@original")]
    assert [a.data for a in original.attachments] == [b"log"] and original.history[0]["content"] == "v1"
    kept, deleted = (fake.world.messages[i] for i in rec.followup_ids)
    assert kept.content == "private v2" and kept.audience == user and deleted.deleted
    assert thread_id == original_id and original.thread_id == thread_id  # a message thread shares its id
    assert run.bot.get_channel(thread_id) is not None
    pick = await fake.dispatch_component(fake.user_ids[1], original_id, "seat", component_type=3, values=["blue"])
    await fake.wait_until(lambda: original.content == "seat blue", what="the select's edit")
    assert pick.callback_type == 6 and pick.original_message_id == original_id
    assert run.errors == []


async def test_button_in_dm_panel(fake: FakeDiscord, run: BotRun) -> None:
    user = fake.user_ids[1]
    rec = await fake.dispatch_slash(user, "panel")
    await fake.wait_for_response(rec.id)
    [dm] = fake.dm_messages(user)
    with pytest.raises(LookupError):  # nobody else can click in that DM
        await fake.dispatch_component(fake.user_ids[0], dm.id, "counter:0")
    click = await fake.dispatch_component(user, dm.id, "counter:0")
    await fake.wait_for_response(click.id)
    assert click.guild_id is None and click.payload["context"] == 1 and "user" in click.payload
    assert dm.content == "count 1" and dm.visibility == "dm"


async def test_permissions_follow_roles_overwrites_and_thread_parents() -> None:
    """docs/topics/Permissions.md, "Permission Hierarchy": the base is @everyone's and the member's
    roles' bits; a member overwrite on the channel denies and allows; a thread has its parent's.
    (tests/e2e/test_two_servers.py shows discord.py computing the same from its cache.)"""
    async with FakeDiscord(users=("anne", "mod")) as fake:
        anne, mod = fake.user_ids
        fake.world.make_moderator(mod)
        general = fake.channel_id
        thread = fake.world.create_thread(general, "t", type=ChannelType.PUBLIC_THREAD, owner_id=fake.bot_user_id)
        await fake.set_overwrite(general, anne, deny=Perm.SEND_MESSAGES | Perm.CREATE_PUBLIC_THREADS)
        world = fake.world
        assert not world.permissions(anne) & Perm.MANAGE_THREADS and world.permissions(mod) & Perm.MANAGE_THREADS
        for where in (general, thread.id):
            assert not world.permissions(anne, where) & (Perm.SEND_MESSAGES | Perm.CREATE_PUBLIC_THREADS)
            assert world.permissions(anne, where) & Perm.VIEW_CHANNEL
            assert world.permissions(mod, where) & Perm.MANAGE_THREADS
        assert world.member_json(mod, guild_id=fake.guild_id)["roles"] == [str(world.guilds[fake.guild_id].moderator_role_id)]
        assert any(o["id"] == str(anne) and int(o["deny"]) & Perm.SEND_MESSAGES
                   for o in world.channel_json(world.channels[general])["permission_overwrites"])


async def test_mentions_are_read_per_request_like_discord(fake: FakeDiscord, run: BotRun) -> None:
    """developers/resources/message.mdx, "Allowed Mentions Object": without allowed_mentions a
    regular message parses everything; "Edit Message": an edit's mentions are rebuilt from its
    own allowed_mentions, or the defaults, never the create's."""
    user = fake.user_ids[1]
    channel = run.bot.get_channel(fake.channel_id)
    assert isinstance(channel, discord.TextChannel)
    text = f"@everyone <@&{fake.guild_id}1> <@{user}>"
    loud = await channel.send(text)
    quiet = await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
    sent = [r for r in fake.requests if r.method == "POST" and r.path.endswith("/messages")][-2:]
    assert [r.pings and (r.pings.everyone, len(r.pings.roles), r.pings.users) for r in sent] == [
        (True, 1, (user,)), (False, 0, ())]
    assert fake.message_json(loud.id)["mention_everyone"] and not fake.message_json(quiet.id)["mention_everyone"]
    await quiet.edit(content=text)   # discord.py sends no allowed_mentions here: the defaults again
    edit = fake.requests[-1]
    assert edit.method == "PATCH" and edit.pings is not None and edit.pings.everyone
    assert [int(u["id"]) for u in fake.message_json(quiet.id)["mentions"]] == [user]
    await quiet.edit(view=None)   # no content: nothing is read again
    assert fake.requests[-1].pings is None and fake.message_json(quiet.id)["mention_everyone"]
