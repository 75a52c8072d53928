"""Users, application info, application commands, gateway discovery and guild routes."""

from __future__ import annotations

from typing import Any

from .records import UNKNOWN_COMMAND, UNKNOWN_MEMBER, UNKNOWN_USER, api_error
from .rest import Call, Reply, router
from .validate import check_commands

JSON = dict[str, Any]
APP = r"/applications/(?P<app_id>\d+|@me)"
GUILD = r"/guilds/(?P<guild_id>\d+)"


# ---- users ---------------------------------------------------------------------------------

@router.route("GET", r"/users/@me")
async def get_me(call: Call) -> Reply:
    return Reply(body=call.fake.world.client_user_json())


@router.route("GET", r"/users/(?P<user_id>\d+)")
async def get_user(call: Call) -> Reply:
    user_id = call.id("user_id")
    if user_id not in call.fake.world.users:
        raise api_error(UNKNOWN_USER)
    return Reply(body=call.fake.world.user_json(user_id))


@router.route("POST", r"/users/@me/channels")
async def create_dm(call: Call) -> Reply:
    """Open (or reopen) the DM channel with a user; messages go to /channels/{id}/messages."""
    world = call.fake.world
    user_id = int(call.json.get("recipient_id", 0))
    if user_id not in world.users or user_id == world.bot.id:
        raise api_error(UNKNOWN_USER)
    return Reply(body=world.channel_json(world.dm_channel(user_id)))


# ---- application ---------------------------------------------------------------------------

def _app_json(call: Call) -> JSON:
    world = call.fake.world
    owner = world.humans[0] if world.humans else world.bot
    return {
        "id": str(world.application_id), "name": world.bot.username, "icon": None,
        "description": "Pirate board games", "summary": "", "type": None, "hook": True,
        "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64,
        "flags": call.fake.application_flags, "owner": world.user_json(owner.id), "team": None,
        "bot": world.user_json(world.bot.id), "redirect_uris": [], "tags": [],
        # Must stay None: with an endpoint URL set, Discord would not send interactions
        # over the gateway, and discord.py warns about it at login.
        "interactions_endpoint_url": None, "role_connections_verification_url": None,
        "approximate_guild_count": 1, "integration_types_config": {"0": {}},
    }


@router.route("GET", r"/oauth2/applications/@me")
async def get_oauth_app(call: Call) -> Reply:
    return Reply(body=_app_json(call))


@router.route("GET", r"/applications/@me")
async def get_app(call: Call) -> Reply:
    return Reply(body=_app_json(call))


@router.route("GET", r"/gateway")
async def get_gateway(call: Call) -> Reply:
    return Reply(body={"url": f"ws://127.0.0.1:{call.fake.port}"})


@router.route("GET", r"/gateway/bot")
async def get_gateway_bot(call: Call) -> Reply:
    """Used by AutoShardedClient to learn the shard count."""
    return Reply(body={
        "url": f"ws://127.0.0.1:{call.fake.port}", "shards": call.fake.recommended_shards,
        "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
    })


# ---- application commands ------------------------------------------------------------------

def _scope(call: Call) -> int | None:
    """None for global commands, else the guild id; also checks the application id."""
    if call.param("app_id") not in ("@me", str(call.fake.world.application_id)):
        raise api_error((404, 10002, "Unknown Application"))
    guild_id = call.match.groupdict().get("guild_id")
    return int(guild_id) if guild_id else None


def _store_commands(call: Call, scope: int | None, payload: list[JSON]) -> list[JSON]:
    """Bulk overwrite. Like Discord, a command keeps its id when its name and type survive."""
    world = call.fake.world
    old = world.commands.get(scope, {})
    stored: dict[str, JSON] = {}
    for cmd in payload:
        kind = cmd.get("type", 1)
        previous = old.get(cmd["name"])
        cmd_id = previous["id"] if previous and previous["type"] == kind else str(world.ids.next())
        data: JSON = {
            "id": cmd_id, "application_id": str(world.application_id), "version": str(world.ids.next()),
            "type": kind, "name": cmd["name"], "description": cmd.get("description", ""),
            "options": cmd.get("options", []), "default_member_permissions": cmd.get("default_member_permissions"),
            "nsfw": cmd.get("nsfw", False), "name_localizations": cmd.get("name_localizations"),
            "description_localizations": cmd.get("description_localizations"),
            "contexts": cmd.get("contexts"), "integration_types": cmd.get("integration_types", [0]),
        }
        if scope is not None:
            data["guild_id"] = str(scope)
        else:
            data["dm_permission"] = cmd.get("dm_permission", True)
        stored[cmd["name"]] = data
    world.commands[scope] = stored
    call.fake._commands_synced(scope)
    return list(stored.values())


@router.route("PUT", APP + r"/commands")
async def put_global_commands(call: Call) -> Reply:
    check_commands(call.json or [])
    return Reply(body=_store_commands(call, _scope(call), call.json or []))


@router.route("PUT", APP + GUILD + r"/commands")
async def put_guild_commands(call: Call) -> Reply:
    check_commands(call.json or [])
    return Reply(body=_store_commands(call, _scope(call), call.json or []))


@router.route("GET", APP + r"/commands")
async def get_global_commands(call: Call) -> Reply:
    return Reply(body=list(call.fake.world.commands.get(_scope(call), {}).values()))


@router.route("GET", APP + GUILD + r"/commands")
async def get_guild_commands(call: Call) -> Reply:
    return Reply(body=list(call.fake.world.commands.get(_scope(call), {}).values()))


@router.route("GET", APP + r"(?:" + GUILD + r")?/commands/(?P<command_id>\d+)")
async def get_command(call: Call) -> Reply:
    for cmd in call.fake.world.commands.get(_scope(call), {}).values():
        if cmd["id"] == call.param("command_id"):
            return Reply(body=cmd)
    raise api_error(UNKNOWN_COMMAND)


# ---- guilds --------------------------------------------------------------------------------

def _guild(call: Call) -> int:
    guild_id = call.id("guild_id")
    if guild_id not in call.fake.world.guilds:
        raise api_error((404, 10004, "Unknown Guild"))
    return guild_id


@router.route("GET", GUILD)
async def get_guild(call: Call) -> Reply:
    body = call.fake.world.guild_json(full=False, guild_id=_guild(call))
    if call.record.query.get("with_counts") in ("true", "1"):
        body.update(approximate_member_count=len(call.fake.world.joined_at), approximate_presence_count=1)
    return Reply(body=body)


@router.route("GET", GUILD + r"/channels")
async def get_guild_channels(call: Call) -> Reply:
    guild_id, world = _guild(call), call.fake.world
    return Reply(body=[world.channel_json(c) for c in world.channels.values()
                       if c.guild_id == guild_id and not c.is_thread and not c.deleted])


@router.route("GET", GUILD + r"/roles")
async def get_roles(call: Call) -> Reply:
    return Reply(body=call.fake.world.roles_json(_guild(call)))


@router.route("GET", GUILD + r"/members/(?P<user_id>\d+)")
async def get_member(call: Call) -> Reply:
    _guild(call)
    user_id = call.id("user_id")
    if not call.fake.world.in_guild(user_id):
        raise api_error(UNKNOWN_MEMBER)
    return Reply(body=call.fake.world.member_json(user_id))


@router.route("GET", GUILD + r"/members")
async def list_members(call: Call) -> Reply:
    _guild(call)
    world, q = call.fake.world, call.record.query
    after, limit = int(q.get("after", 0)), int(q.get("limit", 1))
    ids = sorted(uid for uid in world.joined_at if uid > after)[:limit]
    return Reply(body=[world.member_json(uid) for uid in ids])


@router.route("GET", GUILD + r"/threads/active")
async def active_threads(call: Call) -> Reply:
    _guild(call)
    world = call.fake.world
    threads = [c for c in world.channels.values() if c.is_thread and not c.archived and not c.deleted]
    return Reply(body={"threads": [world.channel_json(t) for t in threads], "members": []})

