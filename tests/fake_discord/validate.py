"""Discord's size limits, checked the way Discord does: a 400 with code 50035.

A bug that only shows on the real server (26 select options, a 2001-character message,
a 101-character custom_id) should fail in the test suite instead. Only the limits a
board-game bot can plausibly hit are checked; see the Discord API docs for the rest.
"""

from __future__ import annotations

from typing import Any

from .mentions import allowed_mentions_errors
from .records import ApiError, UploadedFile

JSON = dict[str, Any]
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024  # the non-boosted guild upload limit


class _Errors:
    """Collects Discord-style nested ``errors`` ({"content": {"_errors": [...]}})."""

    def __init__(self) -> None:
        self.tree: JSON = {}

    def add(self, path: list[str | int], code: str, message: str) -> None:
        node = self.tree
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def too_long(self, path: list[str | int], value: Any, limit: int) -> None:
        if value is not None and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def raise_if_any(self) -> None:
        if self.tree:
            raise ApiError(400, 50035, "Invalid Form Body", self.tree)


def check_message(payload: JSON, files: list[UploadedFile], *, editing: bool = False) -> None:
    """Validate a message create/edit payload (channel message, interaction reply, followup)."""
    errors = _Errors()
    errors.too_long(["content"], payload.get("content"), 2000)
    for problem in allowed_mentions_errors(payload.get("allowed_mentions")):
        errors.add(["allowed_mentions"], "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE", problem)
    embeds = payload.get("embeds") or []
    if len(embeds) > 10:
        errors.add(["embeds"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        errors.too_long(["embeds", i, "title"], embed.get("title"), 256)
        errors.too_long(["embeds", i, "description"], embed.get("description"), 4096)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.add(["embeds", i, "fields"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for j, fld in enumerate(fields):
            errors.too_long(["embeds", i, "fields", j, "name"], fld.get("name"), 256)
            errors.too_long(["embeds", i, "fields", j, "value"], fld.get("value"), 1024)
        footer = (embed.get("footer") or {}).get("text")
        errors.too_long(["embeds", i, "footer", "text"], footer, 2048)
        total += sum(len(x or "") for x in (embed.get("title"), embed.get("description"), footer))
        total += sum(len(f.get("name", "")) + len(f.get("value", "")) for f in fields)
    if total > 6000:
        errors.add(["embeds"], "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
    _check_components(errors, payload.get("components") or [], payload.get("flags", 0))
    if len(files) > 10:
        errors.add(["files"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    for f in files:
        if len(f.data) > ATTACHMENT_SIZE_LIMIT:
            raise ApiError(413, 40005, "Request entity too large")
    errors.raise_if_any()
    has_body = any(payload.get(k) for k in ("content", "embeds", "components", "sticker_ids", "poll"))
    if not editing and not has_body and not files:
        raise ApiError(400, 50006, "Cannot send an empty message")


def _check_components(errors: _Errors, rows: list[JSON], flags: int) -> None:
    components_v2 = bool(flags & (1 << 15))
    if not components_v2 and len(rows) > 5:
        errors.add(["components"], "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    custom_ids: set[str] = set()
    for i, row in enumerate(rows):
        if row.get("type") != 1:
            continue  # components v2 containers are not checked in depth
        children = row.get("components") or []
        selects = [c for c in children if c.get("type") in (3, 5, 6, 7, 8)]
        if len(children) > 5 or (selects and len(children) > 1):
            errors.add(["components", i, "components"], "BASE_TYPE_MAX_LENGTH",
                       "Must be 5 or fewer in length (a select fills its row).")
        for j, item in enumerate(children):
            path: list[str | int] = ["components", i, "components", j]
            errors.too_long(path + ["custom_id"], item.get("custom_id"), 100)
            if (cid := item.get("custom_id")) is not None:
                if cid in custom_ids:
                    errors.add(path + ["custom_id"], "COMPONENT_CUSTOM_ID_DUPLICATED",
                               "Component custom id cannot be duplicated")
                custom_ids.add(cid)
            errors.too_long(path + ["label"], item.get("label"), 80)
            errors.too_long(path + ["placeholder"], item.get("placeholder"), 150)
            options = item.get("options") or []
            if len(options) > 25:
                errors.add(path + ["options"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
            for k, opt in enumerate(options):
                errors.too_long(path + ["options", k, "label"], opt.get("label"), 100)
                errors.too_long(path + ["options", k, "value"], opt.get("value"), 100)
                errors.too_long(path + ["options", k, "description"], opt.get("description"), 100)


def check_choices(choices: list[JSON]) -> None:
    """Autocomplete results: at most 25, names and string values up to 100 characters."""
    errors = _Errors()
    if len(choices) > 25:
        errors.add(["data", "choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for i, choice in enumerate(choices):
        errors.too_long(["data", "choices", i, "name"], choice.get("name"), 100)
        if isinstance(choice.get("value"), str):
            errors.too_long(["data", "choices", i, "value"], choice["value"], 100)
    errors.raise_if_any()


def check_commands(commands: list[JSON]) -> None:
    """A bulk command overwrite: names, descriptions, option and choice counts."""
    errors = _Errors()
    if len(commands) > 100:
        errors.add([], "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
    for i, cmd in enumerate(commands):
        _check_command(errors, [i], cmd, slash=cmd.get("type", 1) == 1)
    errors.raise_if_any()


def _check_command(errors: _Errors, path: list[str | int], cmd: JSON, *, slash: bool) -> None:
    name = cmd.get("name", "")
    if not name or len(name) > 32 or (slash and (name != name.lower() or " " in name)):
        errors.add(path + ["name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    if slash:
        errors.too_long(path + ["description"], cmd.get("description"), 100)
    options = cmd.get("options") or []
    if len(options) > 25:
        errors.add(path + ["options"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for j, opt in enumerate(options):
        choices = opt.get("choices") or []
        if len(choices) > 25:
            errors.add(path + ["options", j, "choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        _check_command(errors, path + ["options", j], opt, slash=True)
