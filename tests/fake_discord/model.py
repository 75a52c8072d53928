"""The in-memory Discord world behind the fake server.

One guild with a category and two text channels, the bot user, a few human users,
the DM channels and threads the bot creates, and every message ever stored (deleted
ones stay, flagged, so tests can still look at them).

The ``*_json`` methods produce the object shapes Discord sends. The keys follow
discord.py's ``discord/types/*.py`` TypedDicts: whatever discord.py reads with
``data['key']`` (not ``.get``) must be present or it raises ``KeyError`` deep inside
a parser, which a test would only see as a bot that silently never answers.
"""

from __future__ import annotations

import mimetypes
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from .mentions import NONE, Pings

JSON = dict[str, Any]
DISCORD_EPOCH_MS = 1420070400000


class ChannelType:
    TEXT = 0
    DM = 1
    CATEGORY = 4
    PUBLIC_THREAD = 11
    PRIVATE_THREAD = 12


class Perm:
    """Permission bits used to build realistic role / member / app permissions."""

    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    ADMINISTRATOR = 1 << 3
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    SEND_MESSAGES_IN_THREADS = 1 << 38

    EVERYONE = (
        ADD_REACTIONS | VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY
        | USE_APPLICATION_COMMANDS | CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS
    )
    # What the README's invite link grants (permissions=309237763072): View Channels, Send
    # Messages, Embed Links, Attach Files, Read Message History, Create Public Threads, Send
    # Messages in Threads. No Manage Threads: the bot cannot lock threads or unarchive locked ones.
    BOT = (VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY
           | CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS)


class Intent:
    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_MESSAGES = 1 << 9
    DIRECT_MESSAGES = 1 << 12
    MESSAGE_CONTENT = 1 << 15


class MessageFlag:
    EPHEMERAL = 1 << 6
    LOADING = 1 << 7


ALL_PERMISSIONS = (1 << 53) - 1


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


class Snowflakes:
    """Real-looking, strictly increasing snowflakes (timestamp in the high bits)."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last

    def skip_to(self, snowflake: int) -> None:
        """Make ``snowflake`` the last id given out (later ids stay above it)."""
        self._last = max(self._last, snowflake)


@dataclass
class User:
    id: int
    username: str
    bot: bool = False
    dms_open: bool = True  # False → sending to their DM answers 403 / 50007

    def json(self) -> JSON:
        data: JSON = {
            "id": str(self.id), "username": self.username, "discriminator": "0",
            "global_name": None if self.bot else self.username.title(), "avatar": None,
            "public_flags": 0, "flags": 0, "banner": None, "accent_color": None,
            "avatar_decoration_data": None, "collectibles": None, "primary_guild": None,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass
class Channel:
    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    recipient_id: int | None = None  # DM channels only
    owner_id: int | None = None  # threads only, from here down
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    member_ids: set[int] = field(default_factory=set)
    created_at: str = field(default_factory=iso_now)
    archive_timestamp: str = field(default_factory=iso_now)
    last_message_id: int | None = None
    message_count: int = 0
    deleted: bool = False
    active_at: float = 0.0  # threads: the world clock at the last activity (see World.archive_idle)

    @property
    def is_thread(self) -> bool:
        return self.type in (ChannelType.PUBLIC_THREAD, ChannelType.PRIVATE_THREAD)

    @property
    def is_dm(self) -> bool:
        return self.type == ChannelType.DM


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    ephemeral: bool = False


Visibility = Literal["public", "dm", "ephemeral"]


@dataclass
class Message:
    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    tts: bool = False
    allowed_mentions: JSON | None = None
    pings: Pings = NONE  # who its mentions notify (mentions.py), rebuilt when its content is edited
    message_reference: JSON | None = None
    reactions: list[str] = field(default_factory=list)
    created_at: str = field(default_factory=iso_now)
    edited_at: str | None = None
    deleted: bool = False
    thread_id: int | None = None  # a thread started from this message
    interaction_id: int | None = None  # set for interaction responses and followups
    webhook_id: int | None = None
    interaction_metadata: JSON | None = None
    visibility: Visibility = "public"
    audience: int | None = None  # the one user who can see it (DM / ephemeral); None = the channel
    history: list[JSON] = field(default_factory=list)  # earlier versions, oldest first
    nonce: str | None = None  # with enforce_nonce, a resend with the same nonce returns this message

    @property
    def loading(self) -> bool:
        return bool(self.flags & MessageFlag.LOADING)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & MessageFlag.EPHEMERAL)


@dataclass
class Guild:
    """One server the bot is in; ``add_guild`` gives it the default channels."""

    id: int
    name: str
    bot_role_id: int
    text_channel_id: int = 0
    moderator_role_id: int = 0   # "Moderators": Manage Threads; given with World.make_moderator


class World:
    """All state. ``base_url`` is needed for attachment URLs, so it is a callable. The first
    guild is ``guild_id`` (most tests need only it); ``add_guild`` adds more (sharding tests)."""

    def __init__(self, *, base_url: Any, guild_name: str, bot_name: str, user_names: list[str]) -> None:
        self.ids = Snowflakes()
        self._base_url = base_url
        self.application_id = self.ids.next()
        # A bot user's id equals its application's id on real Discord.
        self.bot = User(self.application_id, bot_name, bot=True)
        self.users: dict[int, User] = {self.bot.id: self.bot}
        self.humans: list[User] = []
        self.joined_at: dict[int, str] = {self.bot.id: iso_now()}  # guild members → join time
        self.moderators: set[tuple[int, int]] = set()   # (guild id, user id) with the Moderators role
        self.nicks: dict[tuple[int, int], str] = {}     # (guild id, user id) → the member's nickname
        # Member permission overwrites: channel id → user id → (allow, deny) bits.
        self.overwrites: dict[int, dict[int, tuple[int, int]]] = {}
        for name in user_names:
            self.add_user(name)
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.dm_by_user: dict[int, int] = {}
        # Synced application commands: scope (None = global, else guild id) → name → command.
        self.commands: dict[int | None, dict[str, JSON]] = {}
        first = self.add_guild(guild_name)
        self.guild_id, self.guild_name, self.bot_role_id = first.id, first.name, first.bot_role_id
        self.text_channel_id = first.text_channel_id
        # The world's time, for threads' auto-archiving: a test that jumps the bot's clock sets
        # this to the same clock (FakeDiscord.use_clock).
        self.clock: Any = time.time

    # ---- mutation -------------------------------------------------------------------------

    def add_user(self, name: str) -> User:
        user = User(self.ids.next(), name)
        self.users[user.id] = user
        self.humans.append(user)
        self.joined_at[user.id] = iso_now()
        return user

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> Guild:
        """A guild with a "Harbour" category, "general" and "tavern"; with ``shard`` = (id, count)
        its id is one that Discord routes to that shard: (guild_id >> 22) % count == id."""
        guild_id = self.ids.next()
        while shard is not None and (guild_id >> 22) % shard[1] != shard[0]:
            guild_id = self.ids.next() + (1 << 22)   # the next millisecond's ids
            self.ids.skip_to(guild_id)
        guild = Guild(guild_id, name, self.ids.next())
        guild.moderator_role_id = self.ids.next()
        self.guilds[guild.id] = guild
        category = self.add_channel("Harbour", ChannelType.CATEGORY, guild_id=guild.id)
        guild.text_channel_id = self.add_channel("general", parent_id=category.id, guild_id=guild.id).id
        self.add_channel("tavern", parent_id=category.id, position=1, guild_id=guild.id)
        return guild

    def add_channel(self, name: str, type: int = ChannelType.TEXT, *, guild_id: int | None = None,
                    **kw: Any) -> Channel:
        channel = Channel(self.ids.next(), type, name=name, guild_id=guild_id or self.guild_id, **kw)
        self.channels[channel.id] = channel
        return channel

    def dm_channel(self, user_id: int) -> Channel:
        """The DM channel with a user, created on first use like ``POST /users/@me/channels``."""
        if user_id in self.dm_by_user:
            return self.channels[self.dm_by_user[user_id]]
        channel = Channel(self.ids.next(), ChannelType.DM, recipient_id=user_id)
        self.channels[channel.id] = channel
        self.dm_by_user[user_id] = channel.id
        return channel

    def create_thread(self, parent_id: int, name: str, *, type: int, owner_id: int,
                      auto_archive_duration: int = 1440, invitable: bool = True,
                      thread_id: int | None = None) -> Channel:
        thread = Channel(
            thread_id or self.ids.next(), type, name=name, guild_id=self.channels[parent_id].guild_id, parent_id=parent_id,
            owner_id=owner_id, auto_archive_duration=auto_archive_duration, invitable=invitable,
            member_ids={owner_id}, active_at=self.clock(),
        )
        self.channels[thread.id] = thread
        return thread

    def touch(self, channel: Channel) -> None:
        """Activity in a thread (a message, unarchiving, a new auto-archive time) restarts its
        inactivity timer (discord-api-docs developers/topics/threads.mdx, "Active & Archived Threads")."""
        if channel.is_thread:
            channel.active_at = self.clock()

    def archive_idle(self) -> list[Channel]:
        """Archive every active thread idle for its ``auto_archive_duration`` (minutes) by the
        world clock, as Discord does ("Threads automatically archive after a period of
        inactivity", developers/topics/threads.mdx); returns the threads archived now."""
        now = self.clock()
        idle = [c for c in self.channels.values() if c.is_thread and not c.archived and not c.deleted
                and now - c.active_at >= c.auto_archive_duration * 60]
        for thread in idle:
            thread.archived = True
            thread.archive_timestamp = datetime.fromtimestamp(now, UTC).isoformat()
        return idle

    def store_message(self, channel_id: int, author_id: int, **kw: Any) -> Message:
        msg = Message(self.ids.next(), channel_id, author_id, **kw)
        channel = self.channels[channel_id]
        if channel.is_dm:
            msg.visibility, msg.audience = "dm", channel.recipient_id
        self.messages[msg.id] = msg
        channel.last_message_id = msg.id
        channel.message_count += 1
        self.touch(channel)
        return msg

    # ---- lookups --------------------------------------------------------------------------

    def channel(self, channel_id: int) -> Channel | None:
        channel = self.channels.get(channel_id)
        return None if channel is None or channel.deleted else channel

    def message(self, message_id: int) -> Message | None:
        msg = self.messages.get(message_id)
        return None if msg is None or msg.deleted else msg

    def in_guild(self, user_id: int) -> bool:
        return user_id in self.joined_at

    def set_nick(self, user_id: int, nick: str, guild_id: int | None = None) -> str:
        """Give a member a nickname in a guild (what discord.py's `display_name` shows there).
        Discord's docs, developers/resources/user.mdx "Usernames and Nicknames": nicknames are
        1 to 32 characters, may hold "@" and "#" (usernames may not), and are trimmed of leading,
        trailing and repeated whitespace. Set it before the member's next interaction."""
        cleaned = " ".join(nick.split())
        if not 1 <= len(cleaned) <= 32:
            raise ValueError(f"Discord refuses a nickname of {len(cleaned)} characters (1 to 32)")
        self.nicks[(guild_id or self.guild_id, user_id)] = cleaned
        return cleaned

    def make_moderator(self, user_id: int, guild_id: int | None = None) -> None:
        """Give the user the guild's "Moderators" role (Manage Threads). Set it before the bot
        connects, or the bot's cached member is older (roles also come in each interaction)."""
        self.moderators.add((guild_id or self.guild_id, user_id))

    def member_roles(self, user_id: int, guild_id: int) -> list[int]:
        guild = self.guilds[guild_id]
        return ([guild.bot_role_id] if user_id == self.bot.id else []) + (
            [guild.moderator_role_id] if (guild_id, user_id) in self.moderators else [])

    def permissions(self, user_id: int, channel_id: int | None = None, guild_id: int | None = None) -> int:
        """The user's permissions in a channel, computed as Discord documents it
        (discord-api-docs docs/topics/Permissions.md, "Permission Hierarchy" and
        "Permission Overwrites"): @everyone's and the member's roles' bits ORed; Administrator
        means every bit; then the channel's overwrites for the member (deny, then allow). A thread
        takes its parent channel's overwrites. Without a channel: the member's guild-wide bits."""
        channel = self.channel(channel_id) if channel_id is not None else None
        gid = channel.guild_id if channel is not None and channel.guild_id else (guild_id or self.guild_id)
        perms = Perm.EVERYONE | (Perm.BOT if user_id == self.bot.id else 0)
        if (gid, user_id) in self.moderators:
            perms |= Perm.EVERYONE | Perm.MANAGE_THREADS
        if perms & Perm.ADMINISTRATOR:
            return ALL_PERMISSIONS
        if channel is not None:
            source = channel.parent_id if channel.is_thread and channel.parent_id else channel.id
            allow, deny = self.overwrites.get(source, {}).get(user_id, (0, 0))
            perms = (perms & ~deny) | allow
        return perms

    def overwrites_json(self, channel_id: int) -> list[JSON]:
        return [{"id": str(user_id), "type": 1, "allow": str(allow), "deny": str(deny)}
                for user_id, (allow, deny) in self.overwrites.get(channel_id, {}).items()]

    # ---- JSON shapes ----------------------------------------------------------------------

    def user_json(self, user_id: int) -> JSON:
        return self.users[user_id].json()

    def client_user_json(self) -> JSON:
        """``GET /users/@me`` and READY's ``user``: a user plus the account-only keys."""
        return {**self.bot.json(), "verified": True, "mfa_enabled": False, "locale": "en-US",
                "email": None, "bio": ""}

    def member_json(self, user_id: int, *, with_user: bool = True, permissions: bool = False,
                    guild_id: int | None = None, channel_id: int | None = None) -> JSON:
        data: JSON = {
            "roles": [str(r) for r in self.member_roles(user_id, guild_id or self.guild_id)],
            "nick": self.nicks.get((guild_id or self.guild_id, user_id)), "avatar": None, "banner": None,
            "premium_since": None,
            "joined_at": self.joined_at[user_id], "deaf": False, "mute": False, "pending": False,
            "flags": 0, "communication_disabled_until": None, "unusual_dm_activity_until": None,
        }
        if with_user:
            data["user"] = self.user_json(user_id)
        if permissions:  # interaction members carry their resolved permissions in the channel
            data["permissions"] = str(self.permissions(user_id, channel_id, guild_id))
        return data

    def roles_json(self, guild_id: int | None = None) -> list[JSON]:
        def role(role_id: int, name: str, perms: int, position: int, managed: bool) -> JSON:
            data: JSON = {
                "id": str(role_id), "name": name, "permissions": str(perms), "position": position,
                "color": 0, "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                "hoist": False, "icon": None, "unicode_emoji": None, "managed": managed,
                "mentionable": False, "flags": 0,
            }
            if managed:
                data["tags"] = {"bot_id": str(self.bot.id)}
            return data

        # The @everyone role shares the guild's id.
        guild = self.guilds[guild_id or self.guild_id]
        return [role(guild.id, "@everyone", Perm.EVERYONE, 0, False),
                role(guild.bot_role_id, self.bot.username, Perm.BOT, 1, True),
                role(guild.moderator_role_id, "Moderators", Perm.EVERYONE | Perm.MANAGE_THREADS, 2, False)]

    def channel_json(self, channel: Channel) -> JSON:
        if channel.is_dm:
            return {"id": str(channel.id), "type": channel.type, "flags": 0,
                    "last_message_id": _opt_str(channel.last_message_id),
                    "recipients": [self.user_json(channel.recipient_id or 0)]}
        data: JSON = {
            "id": str(channel.id), "type": channel.type, "guild_id": str(channel.guild_id),
            "name": channel.name, "parent_id": _opt_str(channel.parent_id), "flags": 0,
            "rate_limit_per_user": 0, "last_message_id": _opt_str(channel.last_message_id),
        }
        if channel.is_thread:
            data.update({
                "owner_id": str(channel.owner_id), "message_count": channel.message_count,
                "member_count": len(channel.member_ids), "total_message_sent": channel.message_count,
                "thread_metadata": {
                    "archived": channel.archived, "locked": channel.locked,
                    "auto_archive_duration": channel.auto_archive_duration,
                    "archive_timestamp": channel.archive_timestamp, "create_timestamp": channel.created_at,
                    "invitable": channel.invitable,
                },
            })
            if self.bot.id in channel.member_ids:
                data["member"] = {"id": str(channel.id), "user_id": str(self.bot.id),
                                  "join_timestamp": channel.created_at, "flags": 0}
        else:
            data.update({"position": channel.position, "permission_overwrites": self.overwrites_json(channel.id),
                         "nsfw": False})
            if channel.type == ChannelType.TEXT:
                data.update({"topic": channel.topic, "default_auto_archive_duration": 1440})
        return data

    def guild_json(self, *, full: bool, members: bool = False, guild_id: int | None = None) -> JSON:
        """``full`` = the GUILD_CREATE shape (channels, threads, members...), else ``GET /guilds``."""
        guild = self.guilds[guild_id or self.guild_id]
        data: JSON = {
            "id": str(guild.id), "name": guild.name, "icon": None, "splash": None,
            "discovery_splash": None, "banner": None, "description": None,
            "owner_id": str(self.humans[0].id if self.humans else self.bot.id), "region": None,
            "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0, "mfa_level": 0,
            "nsfw_level": 0, "premium_tier": 0, "premium_subscription_count": 0,
            "preferred_locale": "en-US", "system_channel_id": str(guild.text_channel_id),
            "system_channel_flags": 0, "rules_channel_id": None, "public_updates_channel_id": None,
            "vanity_url_code": None, "features": [], "roles": self.roles_json(guild.id), "emojis": [],
            "stickers": [], "premium_progress_bar_enabled": False, "application_id": None,
            "max_members": 500000, "max_video_channel_users": 25, "widget_enabled": False,
        }
        if full:
            guild_channels = [c for c in self.channels.values() if c.guild_id == guild.id and not c.deleted]
            # Without the GUILD_MEMBERS intent Discord only sends the bot's own member.
            member_ids = list(self.joined_at) if members else [self.bot.id]
            data.update({
                "unavailable": False, "large": False, "member_count": len(self.joined_at),
                "joined_at": self.joined_at[self.bot.id], "lazy": True,
                "channels": [self.channel_json(c) for c in guild_channels if not c.is_thread],
                "threads": [self.channel_json(c) for c in guild_channels if c.is_thread and not c.archived],
                "members": [self.member_json(uid, guild_id=guild.id) for uid in member_ids],
                "presences": [], "voice_states": [], "stage_instances": [],
                "guild_scheduled_events": [], "soundboard_sounds": [],
            })
        return data

    def attachment_json(self, channel_id: int, att: Attachment) -> JSON:
        url = f"{self._base_url()}/attachments/{channel_id}/{att.id}/{att.filename}"
        data: JSON = {"id": str(att.id), "filename": att.filename, "size": len(att.data), "url": url,
                      "proxy_url": url, "content_type": att.content_type, "flags": 0}
        if att.description is not None:
            data["description"] = att.description
        if att.ephemeral:
            data["ephemeral"] = True
        return data

    def message_json(self, msg: Message, *, gateway: bool = False) -> JSON:
        channel = self.channels[msg.channel_id]
        data: JSON = {
            "id": str(msg.id), "channel_id": str(msg.channel_id), "author": self.user_json(msg.author_id),
            "content": msg.content, "timestamp": msg.created_at, "edited_timestamp": msg.edited_at,
            "tts": msg.tts, "mention_everyone": msg.pings.everyone,
            "mentions": [self.user_json(u) for u in msg.pings.users if u in self.users],
            "mention_roles": [str(r) for r in msg.pings.roles], "attachments": [
                self.attachment_json(msg.channel_id, a) for a in msg.attachments],
            "embeds": msg.embeds, "pinned": False, "type": msg.type, "flags": msg.flags,
            "components": msg.components,
            "reactions": [{"emoji": {"id": None, "name": e}, "count": 1, "me": True, "burst_count": 0,
                           "me_burst": False, "count_details": {"burst": 0, "normal": 1}, "burst_colors": []}
                          for e in msg.reactions],
        }
        if msg.webhook_id:
            data["webhook_id"] = str(msg.webhook_id)
            data["application_id"] = str(self.application_id)
        if msg.interaction_metadata:
            data["interaction_metadata"] = msg.interaction_metadata
        if msg.message_reference:
            data["message_reference"] = msg.message_reference
        if msg.thread_id and (thread := self.channel(msg.thread_id)):
            data["thread"] = self.channel_json(thread)
        if gateway and channel.guild_id:  # gateway MESSAGE_CREATE adds guild_id and member
            data["guild_id"] = str(channel.guild_id)
            if self.in_guild(msg.author_id):
                data["member"] = self.member_json(msg.author_id, with_user=False)
        return data


def guess_content_type(filename: str) -> str | None:
    return mimetypes.guess_type(filename)[0]


def _opt_str(value: int | None) -> str | None:
    return None if value is None else str(value)
