"""Who may do what with a game: the one check every entry point goes through.

A game belongs to the server it was made in. In a server, only that server's members reach it;
from a DM with the bot, only its seated players (and, to look, its followers). Host actions are
for the host or a moderator, where "moderator" means Manage Threads (or Administrator) in the
game's own thread, never in the channel the caller happens to stand in. The front end gathers the
facts (the caller's server, their rights in the game's thread, whether they follow the game) and
this module decides; it raises `AccessRefused` with a sentence for the player.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from store import GameRecord

Need = Literal["see", "seat", "join", "host"]
"""see: read what the public may (status, board, log, export, follow); seat: act as one's own seat
(play, hand, undo, orders, leave); join: take a seat or claim one (only in the game's server);
host: change the table (start, add a bot, cancel, kick, approve a claim)."""

OTHER_SERVER = "That game belongs to another server."
FROM_DM = ("From a DM you can use only the games you play in (and look at the ones you follow). "
           "Use this in the game's server.")
NOT_FROM_DM = "Use this in the game's server, not in a DM."


class AccessRefused(ValueError):
    """A refusal of access: the message says why, in plain words."""


@dataclass(frozen=True)
class Caller:
    user_id: int
    guild_id: int | None          # None: the caller's DM with the bot
    moderator: bool = False       # Manage Threads or Administrator in the game's own thread
    follows: bool = False         # the caller follows the game (read-only access from a DM)


def needs_rights(record: GameRecord, caller: Caller, need: Need) -> bool:
    """Whether the decision depends on the caller's rights in the game's thread (the front end
    then looks them up; otherwise it need not)."""
    return need == "host" and caller.guild_id is not None and record.host_user_id != caller.user_id


def check_access(record: GameRecord, caller: Caller, need: Need, what: str = "do that") -> None:
    """Raise AccessRefused unless `caller` may `need` this game; `what` names a host action."""
    seated = record.seat_of(caller.user_id) is not None
    if caller.guild_id is not None:
        if record.guild_id != caller.guild_id:
            raise AccessRefused(OTHER_SERVER)
    elif need == "join":
        raise AccessRefused(NOT_FROM_DM)
    elif not (seated or (need == "see" and caller.follows)):
        raise AccessRefused(FROM_DM)
    if need == "host" and record.host_user_id != caller.user_id and not caller.moderator:
        raise AccessRefused(f"Only the host or a moderator (Manage Threads in the game's thread) can {what}.")


__all__ = ["OTHER_SERVER", "AccessRefused", "Caller", "Need", "check_access", "needs_rights"]
