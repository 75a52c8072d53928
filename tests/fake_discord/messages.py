"""Creating, editing and deleting stored messages, shared by channel and webhook routes.

Each change is also echoed over the gateway (MESSAGE_CREATE / UPDATE / DELETE) like
Discord does, except for ephemeral messages, which never appear on the gateway.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import mentions
from .model import Attachment, Intent, Message, MessageFlag, guess_content_type, iso_now
from .records import RecordedRequest, UploadedFile
from .validate import check_message

if TYPE_CHECKING:
    from .gateway import Session
    from .server import FakeDiscord

JSON = dict[str, Any]
# Only these flags can be set by a bot when sending; others (LOADING, ...) are Discord's.
_SENDABLE_FLAGS = (1 << 2) | MessageFlag.EPHEMERAL | (1 << 12) | (1 << 15)  # suppress embeds/notifs, v2


def _attachments(fake: FakeDiscord, payload: JSON, files: list[UploadedFile],
                 keep: list[Attachment]) -> list[Attachment]:
    """Map ``files[n]`` parts to attachments via the payload's ``attachments`` entries."""
    meta = {str(a.get("id")): a for a in payload.get("attachments") or []}
    result = list(keep)
    for f in files:
        info = meta.get(str(f.index), {})
        filename = info.get("filename") or f.filename or f"file{f.index}"
        # discord.py uploads everything as application/octet-stream; Discord sniffs the type.
        result.append(Attachment(
            fake.world.ids.next(), filename, f.data, content_type=guess_content_type(filename) or f.content_type,
            description=info.get("description"),
        ))
    return result


def _apply(fake: FakeDiscord, msg: Message, payload: JSON, files: list[UploadedFile], *, new: bool,
           default: frozenset[str], record: RecordedRequest | None) -> None:
    for key in ("content", "embeds", "components"):
        if key in payload and payload[key] is not None:
            setattr(msg, key, payload[key])
    if "allowed_mentions" in payload:
        msg.allowed_mentions = payload["allowed_mentions"]
    v2_text = "components" in payload and msg.flags & mentions.COMPONENTS_V2
    if new or "content" in payload or v2_text:
        # Mentions are read from this request's text with this request's allowed_mentions, or
        # the default ones: an edit never inherits the create's (mentions.py cites the docs).
        msg.pings = mentions.parse(mentions.text_of({"flags": msg.flags, "content": msg.content,
                                                     "components": msg.components}),
                                   payload.get("allowed_mentions"), default)
        if record is not None:
            record.pings = msg.pings
    if new:
        msg.tts = bool(payload.get("tts", False))
        msg.message_reference = payload.get("message_reference")
        if msg.message_reference:
            msg.type = 19  # REPLY
            msg.message_reference = {**msg.message_reference, "channel_id": str(msg.channel_id)}
    if new:
        msg.attachments = _attachments(fake, payload, files, [])
    elif "attachments" in payload:
        # An edit lists the attachments to keep by id; new files are listed by index.
        keep_ids = {str(a.get("id")) for a in payload["attachments"] or []}
        kept = [a for a in msg.attachments if str(a.id) in keep_ids]
        msg.attachments = _attachments(fake, payload, files, kept)
    elif files:
        msg.attachments = _attachments(fake, payload, files, msg.attachments)


async def create(fake: FakeDiscord, channel_id: int, payload: JSON, files: list[UploadedFile], *,
                 author_id: int | None = None, default: frozenset[str] = mentions.REGULAR,
                 record: RecordedRequest | None = None, **extra: Any) -> Message:
    """Validate and store a new message, then echo it over the gateway."""
    check_message(payload, files)
    world = fake.world
    nonce = payload.get("nonce")
    if nonce is not None and payload.get("enforce_nonce"):
        # Discord: a message resent with the same nonce (enforce_nonce) is not created twice.
        twin = next((m for m in world.messages.values()
                     if m.channel_id == channel_id and m.nonce == str(nonce) and not m.deleted), None)
        if twin is not None:
            return twin
    msg = world.store_message(channel_id, author_id or world.bot.id, **extra)
    msg.nonce = str(nonce) if nonce is not None else None
    msg.flags |= int(payload.get("flags") or 0) & _SENDABLE_FLAGS   # before reading mentions (v2 text)
    _apply(fake, msg, payload, files, new=True, default=default, record=record)
    if msg.interaction_id is None:
        msg.flags &= ~MessageFlag.EPHEMERAL  # only interaction responses can be ephemeral
    if msg.ephemeral:
        msg.visibility = "ephemeral"
    if msg.attachments and msg.ephemeral:
        for att in msg.attachments:
            att.ephemeral = True
    channel = world.channels[channel_id]
    if channel.is_thread and channel.archived and not channel.locked:
        channel.archived = False  # posting in an archived, unlocked thread unarchives it
        await fake.gateway.dispatch("THREAD_UPDATE", world.channel_json(channel), guild_id=channel.guild_id)
    await _echo(fake, "MESSAGE_CREATE", msg)
    return msg


async def create_loading(fake: FakeDiscord, channel_id: int, *, ephemeral: bool, **extra: Any) -> Message:
    """The "Bot is thinking…" placeholder a deferred (type 5) interaction response creates."""
    flags = MessageFlag.LOADING | (MessageFlag.EPHEMERAL if ephemeral else 0)
    msg = fake.world.store_message(channel_id, fake.world.bot.id, flags=flags, **extra)
    if ephemeral:
        msg.visibility = "ephemeral"
    await _echo(fake, "MESSAGE_CREATE", msg)
    return msg


async def edit(fake: FakeDiscord, msg: Message, payload: JSON, files: list[UploadedFile], *,
               default: frozenset[str] = mentions.REGULAR, record: RecordedRequest | None = None) -> Message:
    check_message(payload, files, editing=True)
    msg.history.append(fake.world.message_json(msg))
    _apply(fake, msg, payload, files, new=False, default=default, record=record)
    msg.edited_at = iso_now()
    await _echo(fake, "MESSAGE_UPDATE", msg)
    return msg


async def fill_loading(fake: FakeDiscord, msg: Message, payload: JSON, files: list[UploadedFile], *,
                       record: RecordedRequest | None = None) -> Message:
    """Replace a deferred "is thinking…" message with the real reply; it keeps its flags."""
    check_message(payload, files)
    msg.history.append(fake.world.message_json(msg))
    _apply(fake, msg, payload, files, new=False, default=mentions.INTERACTION, record=record)
    msg.flags &= ~MessageFlag.LOADING
    msg.edited_at = iso_now()
    await _echo(fake, "MESSAGE_UPDATE", msg)
    return msg


async def delete(fake: FakeDiscord, msg: Message) -> None:
    msg.deleted = True
    if msg.ephemeral:
        return
    channel = fake.world.channels[msg.channel_id]
    data: JSON = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
    if channel.guild_id:
        data["guild_id"] = str(channel.guild_id)
    await _dispatch(fake, "MESSAGE_DELETE", data, guild_id=channel.guild_id)


async def _echo(fake: FakeDiscord, event: str, msg: Message) -> None:
    if msg.ephemeral or not fake.echo_message_events:
        return
    world = fake.world
    channel = world.channels[msg.channel_id]
    data = world.message_json(msg, gateway=True)
    # Without the privileged MESSAGE_CONTENT intent a bot sees other people's guild messages
    # with empty content, unless they mention it; its own messages and DMs stay complete.
    always_full = msg.author_id == world.bot.id or channel.is_dm or f"<@{world.bot.id}>" in msg.content

    def redact(session: Session, data: JSON) -> JSON:
        if always_full or session.intents & Intent.MESSAGE_CONTENT:
            return data
        return {**data, "content": "", "embeds": [], "attachments": [], "components": []}

    await _dispatch(fake, event, data, guild_id=channel.guild_id, per_session=redact)


async def _dispatch(fake: FakeDiscord, event: str, data: JSON, *, guild_id: int | None,
                    per_session: Callable[[Session, JSON], JSON] | None = None) -> None:
    intent = Intent.GUILD_MESSAGES if guild_id else Intent.DIRECT_MESSAGES
    await fake.gateway.dispatch(event, data, guild_id=guild_id, intent=intent, per_session=per_session)
