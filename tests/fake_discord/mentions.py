"""Which mentions Discord would parse from a message: its content and its ``allowed_mentions``.

Discord's docs, developers/resources/message.mdx, "Allowed Mentions Object":
- ``parse`` lists the mention types read from the content: "users", "roles", "everyone"
  ("everyone" covers both @everyone and @here); ``users`` / ``roles`` list the ids that may be
  mentioned instead. A mention counts only when it is in the content as well.
- ``parse`` is mutually exclusive with the lists: "users" in ``parse`` together with a
  non-empty ``users`` is a validation error (an empty or null list is not).
- Without ``allowed_mentions``, a regular message parses every type; an interaction response
  or a webhook message parses only users ("Default Settings for Allowed Mentions").
- Edit Message: when the content is edited the mentions are rebuilt from scratch, with the
  *default* allowances if the edit carries no ``allowed_mentions``.
- With the IS_COMPONENTS_V2 flag the content lives in the components' text displays.

The fake records what these rules let through, before permissions (a role that is not
mentionable, a bot without MENTION_EVERYONE): what the bot *asked* Discord to allow.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]

REGULAR = frozenset({"users", "roles", "everyone"})   # a bot's channel message without allowed_mentions
INTERACTION = frozenset({"users"})                     # interaction responses and webhook messages
COMPONENTS_V2 = 1 << 15
TEXT_DISPLAY = 10

USER_MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")
EVERYONE_MENTION = re.compile(r"@(?:everyone|here)")


@dataclass(frozen=True)
class Pings:
    """Who a message's mentions notify: @everyone/@here, these roles, these users."""

    everyone: bool = False
    roles: tuple[int, ...] = ()
    users: tuple[int, ...] = ()
    found: tuple[int, ...] = field(default=(), compare=False)   # every user mention in the text

    @property
    def anyone(self) -> bool:
        return self.everyone or bool(self.roles) or bool(self.users)


NONE = Pings()


def text_of(payload: JSON) -> str:
    """The text Discord reads mentions from: the content, or the text displays of a v2 message."""
    if int(payload.get("flags") or 0) & COMPONENTS_V2:
        return "\n".join(_text_displays(payload.get("components") or []))
    return str(payload.get("content") or "")


def _text_displays(components: list[Any]) -> list[str]:
    texts: list[str] = []
    for c in components:
        if not isinstance(c, dict):
            continue
        if c.get("type") == TEXT_DISPLAY and isinstance(c.get("content"), str):
            texts.append(c["content"])
        for key in ("components", "accessory"):
            inner = c.get(key)
            texts += _text_displays(inner if isinstance(inner, list) else [inner] if inner else [])
    return texts


def allowed_mentions_errors(allowed: Any) -> list[str]:
    """Why Discord would refuse this ``allowed_mentions`` (empty when it is valid)."""
    if allowed is None:
        return []
    if not isinstance(allowed, dict):
        return ["allowed_mentions must be an object"]
    parse = allowed.get("parse") or []
    errors = [f"unknown allowed mention type {p!r}" for p in parse if p not in REGULAR]
    for kind in ("users", "roles"):
        if kind in parse and allowed.get(kind):
            errors.append(f"parse:[{kind}] and {kind} are mutually exclusive")
        if len(allowed.get(kind) or []) > 100:
            errors.append(f"{kind}: at most 100 ids")
    return errors


def parse(text: str, allowed: JSON | None, default: frozenset[str]) -> Pings:
    """What Discord would ping for ``text`` under ``allowed`` (``default`` when it is absent)."""
    kinds = set(allowed.get("parse") or []) if allowed is not None else set(default)
    listed_users = {str(u) for u in (allowed or {}).get("users") or []}   # ids may come as ints
    listed_roles = {str(r) for r in (allowed or {}).get("roles") or []}
    users = list(dict.fromkeys(USER_MENTION.findall(text)))
    roles = list(dict.fromkeys(ROLE_MENTION.findall(text)))
    return Pings(
        everyone="everyone" in kinds and bool(EVERYONE_MENTION.search(text)),
        roles=tuple(int(r) for r in roles if "roles" in kinds or r in listed_roles),
        users=tuple(int(u) for u in users if "users" in kinds or u in listed_users),
        found=tuple(int(u) for u in users),
    )
