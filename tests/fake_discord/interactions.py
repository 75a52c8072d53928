"""Building INTERACTION_CREATE payloads the way Discord sends them.

discord.py reads ``id, application_id, type, token, version, attachment_size_limit`` with
``data[...]`` and ``member.flags`` / ``member.roles`` likewise, so they are always present.
Commands resolve through the *synced* commands: ``data.id`` is the synced id, and for a
guild command ``data.guild_id`` must be set or discord.py's tree looks in the global
commands and reports CommandNotFound.

Test mistakes that real Discord would make impossible raise ``LookupError`` here
(a command that was never synced, clicking a button that is not on the message, clicking
in someone else's DM or ephemeral message) instead of silently doing nothing.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from .model import Channel, Message, Perm
from .records import InteractionRecord
from .validate import ATTACHMENT_SIZE_LIMIT

if TYPE_CHECKING:
    from .model import World

JSON = dict[str, Any]
COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
BOT_DM = 1   # the interaction context of the bot's DM (receiving-and-responding.mdx, "Interaction Context Types")
SUBCOMMAND, GROUP, USER, CHANNEL, ROLE, MENTIONABLE = 1, 2, 6, 7, 8, 9


def new_record(world: World, *, type: int, user_id: int, channel_id: int, data: JSON,
               message: Message | None = None) -> InteractionRecord:
    """An interaction record plus its full gateway payload (guild or DM context)."""
    channel = world.channel(channel_id)
    if channel is None:
        raise LookupError(f"unknown channel {channel_id}")
    if user_id not in world.users:
        raise LookupError(f"unknown user {user_id}")
    interaction_id = world.ids.next()
    token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
    payload: JSON = {
        "id": str(interaction_id), "application_id": str(world.application_id), "type": type,
        "token": token, "version": 1, "data": data, "channel_id": str(channel.id),
        "channel": _channel_json(world, channel, user_id), "locale": "en-US",
        "app_permissions": str(world.permissions(world.bot.id, channel.id)) if not channel.is_dm else str(Perm.BOT), "entitlements": [], "entitlement_sku_ids": [],
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if channel.is_dm:
        if channel.recipient_id != user_id:
            raise LookupError(f"user {user_id} cannot interact in the DM of user {channel.recipient_id}")
        # context 1 = the bot's DM; "user" replaces "member" and there is no guild.
        payload.update(user=world.user_json(user_id), context=1, authorizing_integration_owners={"0": "0"})
        guild_id = None
    else:
        if not world.in_guild(user_id):
            raise LookupError(f"user {user_id} is not a member of the guild")
        guild_id = channel.guild_id
        payload.update(
            guild_id=str(guild_id), guild={"id": str(guild_id), "locale": "en-US", "features": []},
            guild_locale="en-US", member=world.member_json(user_id, permissions=True, guild_id=guild_id,
                                                      channel_id=channel.id), context=0,
            authorizing_integration_owners={"0": str(guild_id)},
        )
    if message is not None:
        payload["message"] = world.message_json(message)
    return InteractionRecord(
        id=interaction_id, token=token, type=type, user_id=user_id, channel_id=channel.id,
        guild_id=guild_id, payload=payload, source_message_id=message.id if message else None,
    )


def _channel_json(world: World, channel: Channel, user_id: int) -> JSON:
    data = world.channel_json(channel)
    if not channel.is_dm:
        data["permissions"] = str(world.permissions(user_id, channel.id))
    return data


# ---- application commands ------------------------------------------------------------------

def find_command(world: World, name: str, *, guild: bool, guild_id: int | None = None) -> tuple[JSON, int | None]:
    """The synced command and its scope (guild id, or None for global). In the bot's DM only
    global commands are offered, and only those whose `contexts` include BOT_DM (1) and whose
    deprecated `dm_permission` is not false (developers/interactions/application-commands.mdx,
    "Registering a Command": guild commands are not available in DMs; "Application Command
    Structure": contexts, dm_permission)."""
    scopes: list[int | None] = [guild_id or world.guild_id, None] if guild else [None]
    for scope in scopes:
        command = world.commands.get(scope, {}).get(name)
        if command is not None and (guild or offered_in_dms(command)):
            return command, scope
    synced = {("global" if s is None else "guild"): sorted(c) for s, c in world.commands.items()}
    where = "the guild or globally" if guild else "globally (DMs only see global commands)"
    raise LookupError(f"/{name} is not synced to {where}; synced so far: {synced}")


def offered_in_dms(command: JSON) -> bool:
    contexts = command.get("contexts")
    return command.get("dm_permission") is not False and (contexts is None or BOT_DM in contexts)


def command_data(world: World, name: str, options: list[JSON] | None, *, guild: bool,
                 resolved: JSON | None = None, focused: tuple[str, str] | None = None,
                 guild_id: int | None = None) -> JSON:
    """``data`` for a slash command or autocomplete. ``name`` may be "game new" for a subcommand."""
    top, *path = name.split()
    command, scope = find_command(world, top, guild=guild, guild_id=guild_id)
    opts = _wrap(command.get("options") or [], path, list(options or []), focused, f"/{top}")
    data: JSON = {"id": command["id"], "name": top, "type": command.get("type", 1), "options": opts}
    if scope is not None:
        data["guild_id"] = str(scope)
    auto = _resolve(world, opts, in_guild=guild)
    for key, values in (resolved or {}).items():
        auto.setdefault(key, {}).update(values)
    if auto:
        data["resolved"] = auto
    return data


def _wrap(schema: list[JSON], path: list[str], leaf: list[JSON], focused: tuple[str, str] | None,
          where: str) -> list[JSON]:
    if path:
        sub = _schema_option(schema, path[0], where)
        inner = _wrap(sub.get("options") or [], path[1:], leaf, focused, f"{where} {path[0]}")
        return [{"type": sub["type"], "name": path[0], "options": inner}]
    typed = _typed(schema, leaf, where)
    if typed and typed[0]["type"] in (SUBCOMMAND, GROUP):
        return typed  # caller gave the nested subcommand options explicitly
    if focused is not None:
        fname, fvalue = focused
        typed = [o for o in typed if o["name"] != fname]
        # Autocomplete sends what the user typed so far, as a string, whatever the option type.
        typed.append({"type": _schema_option(schema, fname, where)["type"], "name": fname,
                      "value": fvalue, "focused": True})
    return typed


def _typed(schema: list[JSON], given: list[JSON], where: str) -> list[JSON]:
    """Fill in each option's ``type`` from the synced schema and normalise its value."""
    out = []
    for option in given:
        spec = _schema_option(schema, option["name"], where)
        opt = {**option, "type": option.get("type", spec["type"])}
        if opt["type"] in (SUBCOMMAND, GROUP):
            opt["options"] = _typed(spec.get("options") or [], option.get("options") or [],
                                    f"{where} {option['name']}")
        elif opt["type"] in (USER, CHANNEL, ROLE, MENTIONABLE, 11):
            opt["value"] = str(opt["value"])  # snowflakes travel as strings
        out.append(opt)
    return out


def _schema_option(schema: list[JSON], name: str, where: str) -> JSON:
    for spec in schema:
        if spec["name"] == name:
            return spec
    raise LookupError(f"{where} has no option {name!r}; it has {[s['name'] for s in schema]}")


def _resolve(world: World, options: list[JSON], *, in_guild: bool) -> JSON:
    """``resolved`` entries for user / channel / role options, as Discord adds them."""
    resolved: JSON = {}
    for opt in options:
        if opt["type"] in (SUBCOMMAND, GROUP):
            for key, values in _resolve(world, opt.get("options") or [], in_guild=in_guild).items():
                resolved.setdefault(key, {}).update(values)
            continue
        if opt.get("focused"):
            continue
        value = opt.get("value")
        if opt["type"] in (USER, MENTIONABLE) and value and int(value) in world.users:
            uid = int(value)
            resolved.setdefault("users", {})[value] = world.user_json(uid)
            if in_guild and world.in_guild(uid):
                resolved.setdefault("members", {})[value] = world.member_json(uid, with_user=False, permissions=True)
        elif opt["type"] == CHANNEL and value and (channel := world.channel(int(value))):
            resolved.setdefault("channels", {})[value] = {**world.channel_json(channel),
                                                          "permissions": str(Perm.EVERYONE)}
        elif opt["type"] in (ROLE, MENTIONABLE) and value:
            for role in world.roles_json():
                if role["id"] == value:
                    resolved.setdefault("roles", {})[value] = role
    return resolved


# ---- components and modals -----------------------------------------------------------------

def walk_components(components: list[JSON]) -> list[JSON]:
    """Every component, however deeply nested (rows, sections, containers, labels)."""
    found: list[JSON] = []
    for comp in components:
        found.append(comp)
        found.extend(walk_components(comp.get("components") or []))
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                found.extend(walk_components([comp[key]]))
    return found


def component_data(message: Message, custom_id: str, component_type: int, values: list[str] | None) -> JSON:
    present = {c["custom_id"]: c for c in walk_components(message.components) if "custom_id" in c}
    if custom_id not in present:
        raise LookupError(f"message {message.id} has no component {custom_id!r}; it has {sorted(present)}")
    if present[custom_id]["type"] != component_type:
        raise LookupError(f"component {custom_id!r} has type {present[custom_id]['type']}, not {component_type}")
    if present[custom_id].get("disabled"):
        raise LookupError(f"component {custom_id!r} is disabled; Discord would not let anyone click it")
    data: JSON = {"custom_id": custom_id, "component_type": component_type}
    if component_type in (3, 5, 6, 7, 8):
        data["values"] = list(values or [])
    return data


def modal_submit_data(modal: JSON, values: dict[str, Any]) -> JSON:
    """Mirror the modal the bot showed, with the user's answers filled in."""
    unknown = set(values) - {c.get("custom_id") for c in walk_components(modal.get("components") or [])}
    if unknown:
        raise LookupError(f"modal {modal.get('custom_id')!r} has no inputs {sorted(unknown)}")
    return {"custom_id": modal["custom_id"], "components": _submitted(modal.get("components") or [], values)}


def _submitted(components: list[JSON], values: dict[str, Any]) -> list[JSON]:
    out: list[JSON] = []
    for comp in components:
        kind = comp["type"]
        if kind == 1:
            out.append({"type": 1, "components": _submitted(comp.get("components") or [], values)})
        elif kind == 18:  # Label wrapping one input
            out.append({"type": 18, "component": _submitted([comp["component"]], values)[0]})
        elif kind == 4:
            out.append({"type": 4, "custom_id": comp["custom_id"],
                        "value": values.get(comp["custom_id"], comp.get("value") or "")})
        elif kind in (3, 5, 6, 7, 8):
            out.append({"type": kind, "custom_id": comp["custom_id"],
                        "values": list(values.get(comp["custom_id"], []))})
        else:
            out.append(comp)
    return out
