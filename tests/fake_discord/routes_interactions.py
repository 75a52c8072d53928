"""Interaction callbacks and the interaction webhook (followups, @original).

Modelled Discord behaviour a bot can trip over:
- a callback more than ``callback_deadline`` seconds after dispatch gets 404 10062 (off unless a test sets it, e.g. 3.0 as Discord does);
- a second callback gets 400 40060 "already acknowledged";
- after a type-5 defer, the *first followup replaces the "thinking…" message* and keeps
  the defer's visibility: ``defer()`` then ``followup.send(ephemeral=True)`` is PUBLIC,
  ``defer(ephemeral=True)`` then ``followup.send()`` is private. The record's ``notes``
  say when this happened with mismatched flags;
- followups before any callback get 404 10015 "Unknown Webhook".
"""

from __future__ import annotations

import time
from typing import Any

from . import messages
from .mentions import INTERACTION
from .model import Message, MessageFlag
from .records import (
    ALREADY_ACKNOWLEDGED,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    ApiError,
    InteractionRecord,
    api_error,
)
from .rest import Call, Reply, router
from .validate import check_choices

JSON = dict[str, Any]
PONG, MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, AUTOCOMPLETE, MODAL = 1, 4, 5, 6, 7, 8, 9
# Which callback types each interaction type accepts (2 command, 3 component, 4 autocomplete, 5 modal).
_ALLOWED = {1: {PONG}, 2: {MESSAGE, DEFERRED_MESSAGE, MODAL},
            3: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, MODAL},
            4: {AUTOCOMPLETE}, 5: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE}}
WEBHOOK = r"/webhooks/(?P<app_id>\d+)/(?P<token>[^/]+)"


def _metadata(call: Call, rec: InteractionRecord) -> JSON:
    world = call.fake.world
    data: JSON = {"id": str(rec.id), "type": rec.type, "user": world.user_json(rec.user_id),
                  "authorizing_integration_owners": rec.payload.get("authorizing_integration_owners", {})}
    if rec.source_message_id:
        data["interacted_message_id"] = str(rec.source_message_id)
    if rec.type == 2:
        data["name"] = rec.payload["data"]["name"]
    return data


def _extra(call: Call, rec: InteractionRecord) -> JSON:
    """Fields every message created by an interaction response carries."""
    return {"interaction_id": rec.id, "webhook_id": call.fake.world.application_id,
            "type": 20 if rec.type == 2 else 0, "interaction_metadata": _metadata(call, rec)}


def _private_to(msg: Message, rec: InteractionRecord) -> Message:
    if msg.ephemeral:
        msg.audience = rec.user_id
    return msg


@router.route("POST", r"/interactions/(?P<interaction_id>\d+)/(?P<token>[^/]+)/callback", auth=False)
async def interaction_callback(call: Call) -> Reply:
    fake, world = call.fake, call.fake.world
    rec = fake.interactions.get(call.id("interaction_id"))
    if rec is None or rec.token != call.param("token"):
        raise api_error(UNKNOWN_INTERACTION)
    if rec.acknowledged:
        rec.notes.append("second callback rejected: already acknowledged")
        raise api_error(ALREADY_ACKNOWLEDGED)
    late = time.monotonic() - rec.dispatched_at
    if fake.callback_deadline is not None and late > fake.callback_deadline:
        rec.notes.append(f"callback {late:.2f}s after dispatch: past the {fake.callback_deadline}s deadline")
        raise api_error(UNKNOWN_INTERACTION)
    kind, data = int(call.json.get("type", 0)), call.json.get("data") or {}
    if kind not in _ALLOWED.get(rec.type, set()):
        raise ApiError(400, 50035, "Invalid Form Body", {"type": {"_errors": [
            {"code": "INTERACTION_RESPONSE_TYPE_INVALID",
             "message": f"Response type {kind} is not valid for interaction type {rec.type}"}]}})
    msg: Message | None = None
    if kind == MESSAGE:
        msg = await messages.create(fake, rec.channel_id, data, call.files, default=INTERACTION, record=call.record,
                                    **_extra(call, rec))
        rec.original_message_id = _private_to(msg, rec).id
    elif kind == DEFERRED_MESSAGE:
        ephemeral = bool(int(data.get("flags") or 0) & MessageFlag.EPHEMERAL)
        msg = await messages.create_loading(fake, rec.channel_id, ephemeral=ephemeral, **_extra(call, rec))
        rec.original_message_id = _private_to(msg, rec).id
    elif kind in (DEFERRED_UPDATE, UPDATE):
        source = world.message(rec.source_message_id or 0)
        if source is None:
            raise api_error(UNKNOWN_MESSAGE)
        if kind == UPDATE:
            msg = await messages.edit(fake, source, data, call.files, default=INTERACTION, record=call.record)
        rec.original_message_id = source.id  # @original now means the clicked message
    elif kind == AUTOCOMPLETE:
        check_choices(data.get("choices") or [])
        rec.autocomplete_choices = data.get("choices") or []
    elif kind == MODAL:
        rec.modal = data
    rec.callback_type, rec.callback_at = kind, call.record.at
    call.record.interaction_id = rec.id
    interaction: JSON = {"id": str(rec.id), "type": rec.type,
                         "response_message_loading": kind == DEFERRED_MESSAGE,
                         "response_message_ephemeral": bool(msg and msg.ephemeral)}
    resource: JSON = {"type": kind}
    if msg is not None:
        interaction["response_message_id"] = str(msg.id)
        resource["message"] = world.message_json(msg)
    return Reply(body={"interaction": interaction, "resource": resource})


def _webhook_interaction(call: Call) -> InteractionRecord:
    rec = call.fake._interaction_by_token(call.param("token"))
    if rec is None or call.param("app_id") != str(call.fake.world.application_id):
        raise api_error(UNKNOWN_WEBHOOK)
    call.record.interaction_id = rec.id
    return rec


@router.route("POST", WEBHOOK, auth=False)
async def followup(call: Call) -> Reply:
    fake, world = call.fake, call.fake.world
    rec = _webhook_interaction(call)
    if not rec.acknowledged:
        rec.notes.append("followup before the interaction was acknowledged")
        raise api_error(UNKNOWN_WEBHOOK)
    original = world.message(rec.original_message_id or 0)
    body = call.json
    if rec.callback_type == DEFERRED_MESSAGE and original is not None and original.loading:
        asked_private = bool(int(body.get("flags") or 0) & MessageFlag.EPHEMERAL)
        if asked_private != original.ephemeral:
            rec.notes.append(
                f"first followup asked ephemeral={asked_private} but replaced the deferred message, "
                f"so it is ephemeral={original.ephemeral}")
        msg = await messages.fill_loading(fake, original, body, call.files, record=call.record)
    else:
        msg = _private_to(await messages.create(fake, rec.channel_id, body, call.files, default=INTERACTION,
                                                record=call.record, **_extra(call, rec)), rec)
    rec.followup_ids.append(msg.id)
    if call.record.query.get("wait") in ("true", "1", "True"):
        return Reply(body=world.message_json(msg))
    return Reply(204)


def _webhook_message(call: Call, rec: InteractionRecord) -> Message:
    ref = call.param("message_id")
    msg_id = rec.original_message_id if ref == "@original" else int(ref)
    if msg_id is None or (msg_id != rec.original_message_id and msg_id not in rec.followup_ids):
        raise api_error(UNKNOWN_MESSAGE)
    msg = call.fake.world.message(msg_id)
    if msg is None:
        raise api_error(UNKNOWN_MESSAGE)
    return msg


MESSAGE_PATH = WEBHOOK + r"/messages/(?P<message_id>\d+|@original)"


@router.route("GET", MESSAGE_PATH, auth=False)
async def get_webhook_message(call: Call) -> Reply:
    msg = _webhook_message(call, _webhook_interaction(call))
    return Reply(body=call.fake.world.message_json(msg))


@router.route("PATCH", MESSAGE_PATH, auth=False)
async def edit_webhook_message(call: Call) -> Reply:
    msg = _webhook_message(call, _webhook_interaction(call))
    if msg.loading:
        await messages.fill_loading(call.fake, msg, call.json, call.files, record=call.record)
    else:
        await messages.edit(call.fake, msg, call.json, call.files, default=INTERACTION, record=call.record)
    return Reply(body=call.fake.world.message_json(msg))


@router.route("DELETE", MESSAGE_PATH, auth=False)
async def delete_webhook_message(call: Call) -> Reply:
    await messages.delete(call.fake, _webhook_message(call, _webhook_interaction(call)))
    return Reply(204)
