"""FakeDiscord: a loopback Discord (gateway + REST) for end-to-end tests of the real bot.

    async with FakeDiscord() as fake:          # starts on 127.0.0.1:<free port>, installs
        bot = make_bot()
        async with running_bot(bot, fake):     # see harness.py
            rec = await fake.dispatch_slash(fake.user_ids[0], "ping")
            await fake.wait_for_response(rec.id)

``install()`` points discord.py at the fake by patching two class attributes; a plain
``Client`` never asks ``/gateway/bot`` (AutoShardedClient does, and that route exists).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Callable
from typing import Any, TypeVar

import yarl
from aiohttp import web

# Importing the routes_* modules registers their handlers on rest.router.
from . import interactions, messages, rest, routes_channels, routes_interactions, routes_misc  # noqa: F401
from .gateway import Gateway
from .model import Channel, Intent, Message, World
from .records import HANG, Fault, InteractionRecord, RecordedRequest

T = TypeVar("T")
JSON = dict[str, Any]
# How long the wait_* helpers wait by default. Only a guard against a hang: each returns as
# soon as its condition holds, so a slow or busy machine passes the same tests, only a hung
# one fails (saying what it waited for and the last requests).
WAIT = 30.0

_DEFAULT_BODIES: dict[int, JSON] = {
    403: {"message": "Cannot send messages to this user", "code": 50007},
    404: {"message": "Unknown Message", "code": 10008},
    500: {"message": "500: Internal Server Error", "code": 0},
    502: {"message": "502: Bad Gateway", "code": 0},
    503: {"message": "503: Service Unavailable", "code": 0},
}


class FakeDiscord:
    """See the module docstring. Ids: ``guild_id``, ``channel_id``, ``user_ids``, ``bot_user_id``."""

    def __init__(self, *, token: str = "fake-bot-token", users: tuple[str, ...] = ("anne", "jack", "mary"),
                 guild_name: str = "Tortuga", bot_name: str = "Parley", heartbeat_interval_ms: int = 41250,
                 callback_deadline: float | None = None, echo_message_events: bool = True) -> None:
        self.token = token
        # Discord's 3-second rule for the first response, on only where a test asks for it
        # (callback_deadline=3.0): a test that enforced it everywhere would fail on a loaded machine.
        self.callback_deadline = callback_deadline
        self.echo_message_events = echo_message_events  # MESSAGE_CREATE/UPDATE/DELETE for bot messages
        self.application_flags = (1 << 19) | (1 << 23)  # GATEWAY_MESSAGE_CONTENT_LIMITED, COMMAND_BADGE
        self.recommended_shards = 1
        self.port = 0
        self.world = World(base_url=lambda: self.base_url, guild_name=guild_name, bot_name=bot_name,
                           user_names=list(users))
        self.gateway = Gateway(self, heartbeat_interval_ms)
        self.requests: list[RecordedRequest] = []
        self.interactions: dict[int, InteractionRecord] = {}
        self.faults: list[Fault] = []
        self.internal_errors: list[Exception] = []  # exceptions raised by the fake's own handlers
        self.before_ready: list[Callable[[], None]] = []  # called as each READY is about to be sent
        self._tokens: dict[str, InteractionRecord] = {}
        self._change = asyncio.Event()
        self._synced_scopes: set[int | None] = set()
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL] | None = None
        self.stopping = asyncio.Event()   # set by stop(): hung requests (see hang) end then

    # ---- ids ------------------------------------------------------------------------------

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def bot_user_id(self) -> int:
        return self.world.bot.id

    @property
    def guild_id(self) -> int:
        return self.world.guild_id

    @property
    def channel_id(self) -> int:
        """The guild's main text channel, "general"."""
        return self.world.text_channel_id

    @property
    def user_ids(self) -> list[int]:
        return [u.id for u in self.world.humans]

    # ---- lifecycle ------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return f"{self.base_url}{rest.API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment)
        app.router.add_route("*", rest.API_PREFIX + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        self.stopping.set()
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def install(self) -> None:
        """Point discord.py's REST base and default gateway at this server."""
        import discord.gateway
        import discord.http

        if self._saved is None:
            self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.api_url
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    def uninstall(self) -> None:
        import discord.gateway
        import discord.http

        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        self.install()
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.uninstall()
        await self.stop()

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        return await rest.handle(self, request)

    async def _attachment(self, request: web.Request) -> web.Response:
        """Serves uploaded bytes at the attachment ``url`` so ``Attachment.read()`` works."""
        att_id = int(request.match_info["attachment_id"])
        for msg in self.world.messages.values():
            for att in msg.attachments:
                if att.id == att_id:
                    return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")
        return web.Response(status=404)

    # ---- internal hooks used by routes ----------------------------------------------------

    def _changed(self) -> None:
        """Wake every waiter; each re-checks its condition."""
        self._change.set()
        self._change = asyncio.Event()

    def _interaction_by_token(self, token: str) -> InteractionRecord | None:
        return self._tokens.get(token)

    def _commands_synced(self, scope: int | None) -> None:
        self._synced_scopes.add(scope)

    # ---- dispatching interactions ---------------------------------------------------------

    async def _send_interaction(self, rec: InteractionRecord) -> InteractionRecord:
        self.interactions[rec.id] = rec
        self._tokens[rec.token] = rec
        rec.dispatched_at = time.monotonic()
        delivered = await self.gateway.dispatch("INTERACTION_CREATE", rec.payload, guild_id=rec.guild_id, intent=0)
        if not delivered:
            raise RuntimeError("no gateway session received the interaction: is the bot connected?")
        return rec

    def use_clock(self, clock: Callable[[], float]) -> None:
        """Threads archive by this clock (the one a test jumps for the bot), not the wall clock;
        threads made before keep their last activity as it was."""
        self.world.clock = clock
        for channel in self.world.channels.values():
            if channel.is_thread and not channel.archived:
                channel.active_at = clock()

    async def archive_idle_threads(self) -> list[Channel]:
        """Archive the threads idle past their auto_archive_duration by the world clock, each
        with a THREAD_UPDATE, as Discord sends one when a thread is archived
        (developers/topics/threads.mdx; developers/events/gateway-events.mdx "Thread Update").
        Runs before every REST request and interaction; a test may call it after a clock jump."""
        archived = self.world.archive_idle()
        for thread in archived:
            await self.gateway.dispatch("THREAD_UPDATE", self.world.channel_json(thread), guild_id=thread.guild_id,
                                        intent=Intent.GUILDS)
        return archived

    async def dispatch_slash(self, user_id: int, name: str, options: list[JSON] | None = None, *,
                             channel_id: int | None = None, guild: bool = True,
                             resolved: JSON | None = None) -> InteractionRecord:
        """Invoke a synced slash command. ``name`` is "game" or "game new" (subcommand path);
        options are ``{"name", "value"}`` dicts whose ``type`` is filled in from the synced
        schema. ``guild=False`` runs it in the user's DM with the bot (global commands only).
        Refused (LookupError) in an archived thread, where Discord offers no commands."""
        await self.archive_idle_threads()
        channel = self._context_channel(user_id, channel_id, guild)
        data = interactions.command_data(self.world, name, options, guild=guild, resolved=resolved,
                                         guild_id=channel.guild_id)
        rec = interactions.new_record(self.world, type=interactions.COMMAND, user_id=user_id,
                                      channel_id=channel.id, data=data)
        return await self._send_interaction(rec)

    async def dispatch_autocomplete(self, user_id: int, name: str, options: list[JSON] | None = None, *,
                                    focused: str, value: str = "", channel_id: int | None = None,
                                    guild: bool = True) -> InteractionRecord:
        """Ask for choices for option ``focused`` while the user has typed ``value``."""
        await self.archive_idle_threads()
        channel = self._context_channel(user_id, channel_id, guild)
        data = interactions.command_data(self.world, name, options, guild=guild, focused=(focused, value),
                                         guild_id=channel.guild_id)
        rec = interactions.new_record(self.world, type=interactions.AUTOCOMPLETE, user_id=user_id,
                                      channel_id=channel.id, data=data)
        return await self._send_interaction(rec)

    async def dispatch_component(self, user_id: int, message_id: int, custom_id: str, component_type: int = 2,
                                 values: list[str] | None = None) -> InteractionRecord:
        """Click a button (2) or pick from a select (3, with ``values``) on a stored message.
        The context (guild / DM) is the message's channel."""
        msg = self.world.message(message_id)
        if msg is None:
            raise LookupError(f"no live message {message_id}")
        if msg.ephemeral and msg.audience != user_id:
            raise LookupError(f"message {message_id} is ephemeral for user {msg.audience}, not {user_id}")
        data = interactions.component_data(msg, custom_id, component_type, values)
        rec = interactions.new_record(self.world, type=interactions.COMPONENT, user_id=user_id,
                                      channel_id=msg.channel_id, data=data, message=msg)
        return await self._send_interaction(rec)

    async def dispatch_modal_submit(self, user_id: int, opened_by: int, values: dict[str, Any]) -> InteractionRecord:
        """Submit the modal the bot showed in answer to interaction ``opened_by``."""
        opener = self.interactions[opened_by]
        if opener.modal is None:
            raise LookupError(f"interaction {opened_by} was not answered with a modal")
        data = interactions.modal_submit_data(opener.modal, values)
        source = self.world.message(opener.source_message_id or 0)
        rec = interactions.new_record(self.world, type=interactions.MODAL_SUBMIT, user_id=user_id,
                                      channel_id=opener.channel_id, data=data, message=source)
        return await self._send_interaction(rec)

    def _context_channel(self, user_id: int, channel_id: int | None, guild: bool) -> Channel:
        if not guild:
            return self.world.dm_channel(user_id)
        channel = self.world.channel(channel_id or self.channel_id)
        if channel is None:
            raise LookupError(f"unknown channel {channel_id}")
        if channel.is_thread and channel.archived:
            # "Users cannot edit messages, add reactions, use application commands, or join
            # archived threads" (developers/topics/threads.mdx, "Active & Archived Threads").
            raise LookupError(f"thread {channel.id} is archived: Discord offers no commands there")
        return channel

    async def dispatch_event(self, event: str, data: JSON, *, guild_id: int | None = None) -> int:
        """Send any raw gateway dispatch (for events the helpers do not cover)."""
        return await self.gateway.dispatch(event, data, guild_id=guild_id, intent=0)

    async def send_user_message(self, user_id: int, channel_id: int, content: str) -> Message:
        """A human posts a message (MESSAGE_CREATE goes out if the bot's intents allow)."""
        msg = await messages.create(self, channel_id, {"content": content}, [], author_id=user_id)
        self._changed()
        return msg

    async def force_reconnect(self, *, resume: bool = True) -> None:
        """Gateway op 7 (client resumes) or op 9 false (client identifies from scratch)."""
        await self.gateway.reconnect(resume=resume)

    # ---- waiting --------------------------------------------------------------------------

    async def wait_until(self, condition: Callable[[], T | None], timeout: float = WAIT, what: str = "") -> T:
        """Wait until ``condition()`` returns something truthy, re-checked on every request."""
        deadline = time.monotonic() + timeout
        while True:
            result = condition()
            if result:
                return result
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what or condition!r}; "
                                   f"last requests: {self.requests[-5:]}")
            # The event is replaced on each change; re-check at least every 50 ms anyway
            # (gateway-side changes such as identification do not go through _changed).
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._change.wait(), min(remaining, 0.05))

    async def wait_for_request(self, predicate: Callable[[RecordedRequest], bool], timeout: float = WAIT, *,
                               since: int = 0) -> RecordedRequest:
        """The first recorded request (from index ``since``) matching ``predicate``, already answered."""
        def first() -> RecordedRequest | None:
            return next((r for r in self.requests[since:] if r.status is not None and predicate(r)), None)
        return await self.wait_until(first, timeout, "a matching request")

    async def wait_until_identified(self, timeout: float = WAIT) -> None:
        await asyncio.wait_for(self.gateway.identified.wait(), timeout)

    async def wait_for_commands(self, *, guild: bool = True, timeout: float = WAIT) -> dict[str, JSON]:
        """Wait for the bot's command sync (guild or global) and return the synced commands."""
        scope = self.guild_id if guild else None
        await self.wait_until(lambda: scope in self._synced_scopes, timeout, "a command sync")
        return self.world.commands[scope]

    async def wait_for_response(self, interaction_id: int, timeout: float = WAIT) -> InteractionRecord:
        """Wait until the interaction has been acknowledged (its callback succeeded)."""
        rec = self.interactions[interaction_id]
        return await self.wait_until(lambda: rec if rec.acknowledged else None, timeout,
                                     f"the callback of interaction {interaction_id}")

    async def wait_for_followups(self, interaction_id: int, count: int = 1, timeout: float = WAIT) -> list[Message]:
        rec = self.interactions[interaction_id]
        await self.wait_until(lambda: len(rec.followup_ids) >= count, timeout,
                              f"{count} followup(s) of interaction {interaction_id}")
        return [self.world.messages[m] for m in rec.followup_ids]

    async def wait_for_message(self, predicate: Callable[[Message], bool], timeout: float = WAIT) -> Message:
        return await self.wait_until(
            lambda: next((m for m in self.world.messages.values() if not m.deleted and predicate(m)), None),
            timeout, "a matching message")

    # ---- inspecting interactions ----------------------------------------------------------

    def interaction_responses(self, interaction_id: int) -> list[RecordedRequest]:
        """The callback and every webhook request (followups, @original edits) of an interaction."""
        return [r for r in self.requests if r.interaction_id == interaction_id]

    def time_to_first_response(self, interaction_id: int) -> float | None:
        """Seconds from dispatch to the first callback attempt (None if there was none)."""
        rec = self.interactions[interaction_id]
        first = next((r for r in self.interaction_responses(interaction_id) if r.path.endswith("/callback")), None)
        return None if first is None else first.at - rec.dispatched_at

    def original_message(self, interaction_id: int) -> Message | None:
        rec = self.interactions[interaction_id]
        return self.world.messages.get(rec.original_message_id or 0)

    # ---- fault injection ------------------------------------------------------------------

    def inject(self, method: str, path_regex: str, status: int, times: int = 1, body: JSON | None = None, *,
               retry_after: float = 0.05, is_global: bool = False, headers: dict[str, str] | None = None) -> Fault:
        """Answer the next ``times`` requests whose path (after /api/v10) matches ``path_regex``
        (``re.search``) with ``status``. Defaults: 403 → 50007 "Cannot send messages to this
        user"; 429 → ``retry_after`` seconds with the rate-limit headers discord.py needs;
        500/502/503 → plain errors (discord.py retries 500/502 after 1 s, 3 s…, not 503)."""
        if body is None:
            body = ({"message": "You are being rate limited.", "retry_after": retry_after, "global": is_global}
                    if status == 429 else dict(_DEFAULT_BODIES.get(status, {"message": f"{status}", "code": 0})))
        fault = Fault(method.upper(), re.compile(path_regex), status, times, body, dict(headers or {}))
        self.faults.append(fault)
        return fault

    def hang(self, method: str, path_regex: str, times: int = 1) -> Fault:
        """Never answer the next ``times`` matching requests (nothing is created): the client
        waits as if the network had swallowed them. ``fault.hits`` shows when one came."""
        fault = Fault(method.upper(), re.compile(path_regex), HANG, times, {}, {})
        self.faults.append(fault)
        return fault

    def close_dms(self, user_id: int, closed: bool = True) -> None:
        """The user blocks DMs from server members: DMs answer 403 / 50007 until reopened."""
        self.world.users[user_id].dms_open = not closed

    async def set_overwrite(self, channel_id: int, user_id: int, *, allow: int = 0, deny: int = 0) -> None:
        """A member permission overwrite on a (non-thread) channel, e.g. deny Send Messages;
        threads inherit it. Discord sends CHANNEL_UPDATE when overwrites change
        (discord-api-docs docs/events/Gateway_Events.md, "Channel Update")."""
        self.world.overwrites.setdefault(channel_id, {})[user_id] = (allow, deny)
        channel = self.world.channels[channel_id]
        await self.gateway.dispatch("CHANNEL_UPDATE", self.world.channel_json(channel), guild_id=channel.guild_id,
                                    intent=Intent.GUILDS)

    # ---- inspecting messages --------------------------------------------------------------

    def messages(self, channel_id: int | None = None, *, include_deleted: bool = False) -> list[Message]:
        return [m for m in self.world.messages.values()
                if (channel_id is None or m.channel_id == channel_id) and (include_deleted or not m.deleted)]

    def public_messages(self, *, include_deleted: bool = False) -> list[Message]:
        """Everything anyone in the guild could read: non-ephemeral guild channel/thread messages."""
        return [m for m in self.messages(include_deleted=include_deleted) if m.visibility == "public"]

    def private_messages(self, user_id: int | None = None, *, include_deleted: bool = False) -> list[Message]:
        """DMs and ephemeral messages, optionally only those one user can see."""
        return [m for m in self.messages(include_deleted=include_deleted)
                if m.visibility != "public" and (user_id is None or m.audience == user_id)]

    def dm_messages(self, user_id: int) -> list[Message]:
        channel_id = self.world.dm_by_user.get(user_id)
        return [] if channel_id is None else self.messages(channel_id)

    def ephemeral_messages(self, user_id: int | None = None) -> list[Message]:
        return [m for m in self.private_messages(user_id) if m.visibility == "ephemeral"]

    def threads(self) -> list[Channel]:
        return [c for c in self.world.channels.values() if c.is_thread and not c.deleted]

    def message_json(self, message_id: int) -> JSON:
        """A stored message exactly as the REST API would return it."""
        return self.world.message_json(self.world.messages[message_id])

    def unhandled_requests(self) -> list[RecordedRequest]:
        """Requests no route matched: what the fake is missing for the code under test."""
        return [r for r in self.requests if r.route is None and not r.injected]
