"""Parley's one mention policy: a message pings only the users it is addressed to, and text a
user chose (a display name, an option, a seed) is shown as typed, never as a ping or markdown.

- `NOBODY` is the client's default for every send and edit (cogs/app.py), so a message that
  names nobody pings nobody, whatever its text holds.
- `addressed(*user_ids)` is the one value for a message meant for some users: those users,
  never @everyone, @here or a role, and not the author of a replied-to message. (discord.py's
  `AllowedMentions(users=[…])` alone leaves `everyone` and `roles` on.)
- `shown(text)` escapes user-chosen text where a message shows it; images draw it as typed.
"""
from __future__ import annotations

from collections.abc import Iterable

import discord

NOBODY = discord.AllowedMentions.none()
ZWSP = "\u200b"   # after "@", Discord no longer reads a mention and the reader sees no change


def addressed(user_ids: Iterable[int | None]) -> discord.AllowedMentions:
    """Ping exactly these users (those whose mention is in the content), nobody else."""
    users = [discord.Object(u) for u in dict.fromkeys(user_ids) if u is not None]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


def shown(text: object) -> str:
    """User-chosen text as it reads, for a message: no markdown, links, headings or mentions.
    A bare address ('https://…') is broken after its colon, so Discord does not make it a link."""
    return discord.utils.escape_markdown(str(text)).replace("@", "@" + ZWSP).replace("://", ":" + ZWSP + "//")
