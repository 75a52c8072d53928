"""Channel, message and thread routes."""

from __future__ import annotations

from . import messages
from .model import Channel, ChannelType, Message, Perm, iso_now
from .records import (
    ARCHIVED_THREAD,
    CANNOT_DM,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    THREAD_LOCKED,
    UNKNOWN_CHANNEL,
    UNKNOWN_MESSAGE,
    UNKNOWN_USER,
    ApiError,
    api_error,
)
from .rest import ID, Call, Reply, router

CH = r"/channels/(?P<channel_id>\d+)"
MSG = CH + r"/messages/(?P<message_id>\d+)"


def _channel(call: Call) -> Channel:
    channel = call.fake.world.channel(call.id("channel_id"))
    if channel is None:
        raise api_error(UNKNOWN_CHANNEL)
    return channel


def _may_write(call: Call, channel: Channel) -> None:
    """The bot's rights to post in a guild channel: View Channel, else 403 50001 Missing Access;
    Send Messages (Send Messages in Threads in a thread), else 403 50013 Missing Permissions
    (discord-api-docs developers/resources/message.mdx "Create Message"; codes in
    developers/topics/opcodes-and-status-codes.mdx, "JSON Error Codes")."""
    if channel.is_dm or not channel.guild_id:
        return
    perms = call.fake.world.permissions(call.fake.world.bot.id, channel.id)
    if not perms & Perm.VIEW_CHANNEL:
        raise api_error(MISSING_ACCESS)
    if not perms & (Perm.SEND_MESSAGES_IN_THREADS if channel.is_thread else Perm.SEND_MESSAGES):
        raise api_error(MISSING_PERMISSIONS)


def _not_archived(channel: Channel) -> None:
    """Archived threads are immutable: no edits, no reactions (developers/topics/threads.mdx,
    "Active & Archived Threads"; 50083 "Tried to perform an operation on an archived thread")."""
    if channel.is_thread and channel.archived:
        raise api_error(ARCHIVED_THREAD)


def _message(call: Call) -> Message:
    channel = _channel(call)
    msg = call.fake.world.message(call.id("message_id"))
    if msg is None or msg.channel_id != channel.id:
        raise api_error(UNKNOWN_MESSAGE)
    return msg


@router.route("GET", CH)
async def get_channel(call: Call) -> Reply:
    """A guild channel the bot cannot view answers 403 50001 Missing Access."""
    channel, world = _channel(call), call.fake.world
    if channel.guild_id and not world.permissions(world.bot.id, channel.id) & Perm.VIEW_CHANNEL:
        raise api_error(MISSING_ACCESS)
    return Reply(body=world.channel_json(channel))


@router.route("PATCH", CH)
async def edit_channel(call: Call) -> Reply:
    """Rename / archive / lock a thread, or rename / retopic a text channel.

    A thread, as Discord documents it (developers/resources/channel.mdx, "Modify Channel",
    "JSON Params (Thread)"): unarchiving an unlocked thread needs only the right to send there;
    locking, or unarchiving a locked thread, needs Manage Threads; anything else needs the thread
    to be unarchived, or unarchived by the same request (50083). The thread's creator may rename
    and archive it. Unarchiving and a new auto-archive time count as activity."""
    channel, body, world = _channel(call), call.json, call.fake.world
    if channel.is_thread:
        perms = world.permissions(world.bot.id, channel.id)
        manager = bool(perms & Perm.MANAGE_THREADS)
        _may_write(call, channel)
        if channel.archived and body.get("archived") is not False:
            raise api_error(ARCHIVED_THREAD)
        if not manager and (body.get("locked") or (channel.locked and channel.archived)
                            or (channel.owner_id != world.bot.id and set(body) - {"archived"})):
            raise api_error(MISSING_PERMISSIONS)
    for key in ("name", "topic", "locked", "invitable", "auto_archive_duration"):
        if key in body:
            setattr(channel, key, body[key])
    if "archived" in body:
        channel.archived = bool(body["archived"])
        channel.archive_timestamp = iso_now()
    if body.get("archived") is False or "auto_archive_duration" in body:
        world.touch(channel)
    event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
    if channel.guild_id:
        await call.fake.gateway.dispatch(event, world.channel_json(channel), guild_id=channel.guild_id)
    return Reply(body=world.channel_json(channel))


@router.route("DELETE", CH)
async def delete_channel(call: Call) -> Reply:
    channel, world = _channel(call), call.fake.world
    if channel.is_dm:  # "closing" a DM only hides it; the channel keeps existing
        return Reply(body=world.channel_json(channel))
    channel.deleted = True
    if channel.is_thread:
        await call.fake.gateway.dispatch("THREAD_DELETE", {
            "id": str(channel.id), "guild_id": str(channel.guild_id), "parent_id": str(channel.parent_id),
            "type": channel.type}, guild_id=channel.guild_id)
    return Reply(body=world.channel_json(channel))


@router.route("GET", CH + r"/messages")
async def list_messages(call: Call) -> Reply:
    """History, newest first, with before / after / limit like Discord."""
    channel, world, q = _channel(call), call.fake.world, call.record.query
    found = [m for m in world.messages.values() if m.channel_id == channel.id and not m.deleted
             and not m.ephemeral]
    limit = int(q.get("limit", 50))
    if "before" in q:
        found = [m for m in found if m.id < int(q["before"])]
    if "after" in q:  # the ``limit`` messages right after, still returned newest first
        found = sorted((m for m in found if m.id > int(q["after"])), key=lambda m: m.id)[:limit]
    found = sorted(found, key=lambda m: m.id, reverse=True)[:limit]
    return Reply(body=[world.message_json(m) for m in found])


@router.route("POST", CH + r"/messages")
async def create_message(call: Call) -> Reply:
    channel, world = _channel(call), call.fake.world
    if channel.is_dm:
        recipient = world.users[channel.recipient_id or 0]
        if not recipient.dms_open:
            raise api_error(CANNOT_DM)
    _may_write(call, channel)
    if channel.is_thread and channel.archived and channel.locked:
        raise api_error(ARCHIVED_THREAD)   # a locked thread is not unarchived by a message
    if channel.is_thread and channel.locked and not (
            world.permissions(world.bot.id, channel.id) & Perm.MANAGE_THREADS):
        raise api_error(THREAD_LOCKED)
    if channel.type == ChannelType.CATEGORY:
        raise ApiError(400, 50008, "Cannot send messages in a non-text channel")
    msg = await messages.create(call.fake, channel.id, call.json, call.files, record=call.record)
    return Reply(body=world.message_json(msg))


@router.route("GET", MSG)
async def get_message(call: Call) -> Reply:
    return Reply(body=call.fake.world.message_json(_message(call)))


@router.route("PATCH", MSG)
async def edit_message(call: Call) -> Reply:
    msg = _message(call)
    _not_archived(_channel(call))
    if msg.author_id != call.fake.world.bot.id:
        raise ApiError(403, 50005, "Cannot edit a message authored by another user")
    await messages.edit(call.fake, msg, call.json, call.files, record=call.record)
    return Reply(body=call.fake.world.message_json(msg))


@router.route("DELETE", MSG)
async def delete_message(call: Call) -> Reply:
    await messages.delete(call.fake, _message(call))
    return Reply(204)


@router.route("PUT", MSG + r"/reactions/(?P<emoji>[^/]+)/@me")
async def add_reaction(call: Call) -> Reply:
    msg = _message(call)
    _not_archived(_channel(call))
    if call.param("emoji") not in msg.reactions:
        msg.reactions.append(call.param("emoji"))
    return Reply(204)


@router.route("DELETE", MSG + r"/reactions/(?P<emoji>[^/]+)/@me")
async def remove_reaction(call: Call) -> Reply:
    msg = _message(call)
    if call.param("emoji") in msg.reactions:
        msg.reactions.remove(call.param("emoji"))
    return Reply(204)


@router.route("POST", CH + r"/typing")
async def typing(call: Call) -> Reply:
    _channel(call)
    return Reply(204)


async def _new_thread(call: Call, parent: Channel, *, type: int, thread_id: int | None = None) -> Channel:
    body, world = call.json, call.fake.world
    if parent.type != ChannelType.TEXT:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    thread = world.create_thread(
        parent.id, body["name"], type=type, owner_id=world.bot.id, thread_id=thread_id,
        auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        invitable=bool(body.get("invitable", True)),
    )
    # newly_created makes discord.py fire on_thread_create instead of on_thread_join.
    await call.fake.gateway.dispatch("THREAD_CREATE", {**world.channel_json(thread), "newly_created": True},
                                     guild_id=thread.guild_id)
    return thread


@router.route("POST", CH + r"/threads")
async def create_thread(call: Call) -> Reply:
    parent = _channel(call)
    thread_type = int(call.json.get("type") or ChannelType.PRIVATE_THREAD)  # Discord's default is private
    thread = await _new_thread(call, parent, type=thread_type)
    return Reply(201, call.fake.world.channel_json(thread))


@router.route("POST", MSG + r"/threads")
async def create_thread_from_message(call: Call) -> Reply:
    """A thread started from a message is public and shares the message's id."""
    msg = _message(call)
    if msg.thread_id is not None:
        raise ApiError(400, 160004, "A thread has already been created for this message")
    thread = await _new_thread(call, _channel(call), type=ChannelType.PUBLIC_THREAD, thread_id=msg.id)
    msg.thread_id = thread.id
    return Reply(201, call.fake.world.channel_json(thread))


@router.route("PUT", CH + rf"/thread-members/(?P<user_id>{ID})")
async def add_thread_member(call: Call) -> Reply:
    thread, world = _channel(call), call.fake.world
    user_id = call.id("user_id")
    if user_id not in world.users:
        raise api_error(UNKNOWN_USER)
    if not thread.is_thread:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    thread.member_ids.add(user_id)
    return Reply(204)


@router.route("DELETE", CH + rf"/thread-members/(?P<user_id>{ID})")
async def remove_thread_member(call: Call) -> Reply:
    _channel(call).member_ids.discard(call.id("user_id"))
    return Reply(204)
