"""Spectators: /game follow|unfollow and the followers' digests by DM.

A hand-over makes each follower's next digest due, by the cadence they chose: `turn` (a short
gather, so a burst of quick moves makes one message), `daily` (at most one a day) or `end` (the
result only); the end of the game makes it due at once. The timer pass (Turns.check_timers,
`fire_digests`) turns each due digest into one outbox row carrying every public event since the
last one and the result if the game is over; quiet hours move it to their end. The outbox sends
it with the public board, retries it like any other row, and never lets it hold up the game.

Everything here is public: public events as the thread showed them, the public view; a follower
is never sent a hand, a seat's private news or a button.
"""
from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from cogs.common import Refusal, game_for, parley, reply, title_of
from cogs.describe import players_of
from cogs.failures import DM_CLOSED
from cogs.fit import fit
from cogs.mentions import NOBODY
from cogs.posts import DIGEST_LINES, final_result, headline, last_lines
from cogs.quiet import next_allowed
from engine.core import Outcome, get_game
from store import GameRecord, OutboxRow, target_user
from store.followers import CADENCES, Cadence, FollowerRow
from table.rendering import board_png_async

if TYPE_CHECKING:
    from cogs.app import ParleyBot

log = logging.getLogger(__name__)
TURN_GATHER = 120.0      # s: hand-overs this close together make one 'turn' digest
DAY = 24 * 3600.0
DIGEST_TRIES = 5         # a digest that failed this often is dropped (logged): the next one follows
CADENCE_WORDS: dict[str, str] = {
    "turn": "after each turn (quick turns in a row come together)",
    "daily": "once a day at most, with everything since the last one",
    "end": "only when the game ends, with the result",
}
CADENCE_CHOICES = [app_commands.Choice(name=n, value=v) for n, v in (
    ("each turn (quick turns together)", "turn"), ("once a day (the default)", "daily"),
    ("only the result", "end"))]


# ---- /game follow ------------------------------------------------------------------------------

async def follow(interaction: discord.Interaction, game_id: int | None, cadence: str | None) -> None:
    bot = parley(interaction)
    record = await game_for(interaction, game_id)
    if record.status in ("finished", "cancelled"):
        raise Refusal(f"This game is {record.status}: there is nothing left to follow. "
                      "/log and /game replay show how it went.")
    if record.seat_of(interaction.user.id) is not None:
        raise Refusal("You play in this game, so its news reaches you already.")
    if cadence is not None and cadence not in CADENCES:
        raise Refusal(f"`{cadence}` is not a cadence: choose {', '.join(f'`{c}`' for c in CADENCES)}.")
    chosen = cast(Cadence, cadence or "daily")
    if not await bot.store.follow(record.id, interaction.user.id, record.version, chosen, at=bot.clock()):
        if cadence is None or not await bot.store.set_cadence(record.id, interaction.user.id, chosen):
            raise Refusal(f"You already follow {title_of(record)}. `/game follow cadence:` changes how often "
                          "you hear; `/game unfollow` stops it.")
        await reply(interaction, f"👀 From now on your digest of {title_of(record)} comes {CADENCE_WORDS[chosen]}.")
        return
    await reply(interaction, f"👀 You follow {title_of(record)}: a DM {CADENCE_WORDS[chosen]}, with what "
                             "happened and the public board (never anyone's hand). `/game follow cadence:` changes "
                             "how often; your `/settings` DMs and quiet hours apply (a digest waits for your quiet "
                             "hours to end). `/game unfollow` stops it.")


async def unfollow(interaction: discord.Interaction, game_id: int | None) -> None:
    record = await game_for(interaction, game_id)
    if not await parley(interaction).store.unfollow(record.id, interaction.user.id):
        raise Refusal(f"You don't follow {title_of(record)}.")
    await reply(interaction, f"You no longer follow {title_of(record)}.")


# ---- when a digest is due ----------------------------------------------------------------------

def next_due(f: FollowerRow, now: float) -> float | None:
    """When a hand-over at `now` makes this follower's digest due (None: not for a hand-over)."""
    if f.cadence == "turn":
        return now + TURN_GATHER
    if f.cadence == "daily":
        return max(now, (f.last_sent_at if f.last_sent_at is not None else f.created_at) + DAY)
    return None


async def handover(bot: ParleyBot, record: GameRecord) -> None:
    """A new turn began: each follower's digest becomes due by their cadence (one already
    waiting keeps its time, and this turn joins it)."""
    now = bot.clock()
    for f in await bot.store.follower_rows(record.id):
        due = next_due(f, now)
        if due is not None:
            await bot.store.schedule_digest(record.id, f.user_id, due)


async def game_over(bot: ParleyBot, record: GameRecord) -> None:
    """The game ended: every follower's last digest, with the result, is due now."""
    for f in await bot.store.follower_rows(record.id):
        await bot.store.schedule_digest(record.id, f.user_id, bot.clock(), sooner=True)


async def fire_digests(bot: ParleyBot) -> int:
    """Queue every digest that is due (the timer pass calls this); returns how many were queued."""
    queued = 0
    for f in await bot.store.due_digests(bot.clock()):
        try:
            queued += await _fire(bot, f)
        except ValueError as e:   # a game that cannot load must not stop the other followers' digests
            log.warning("game %s: follower %s's digest not queued: %s", f.game_id, f.user_id, e)
    return queued


async def _fire(bot: ParleyBot, f: FollowerRow) -> int:
    now = bot.clock()
    prefs = await bot.store.get_user_settings(f.user_id)
    allowed = next_allowed(now, prefs.quiet_start, prefs.quiet_end, prefs.timezone)
    if allowed > now:   # quiet hours: the digest waits for their end, it is not dropped
        await bot.store.postpone_digest(f.game_id, f.user_id, allowed)
        return 0
    record, state = await bot.table.load(f.game_id)
    wanted = prefs.dm_notifications and not prefs.dm_closed and record.status != "cancelled"
    payload = {"text": await digest_text(bot, record, state, f.upto)} if wanted and f.upto < record.version else None
    if not await bot.store.queue_digest(f, record.version, now, payload) or payload is None:
        return 0
    bot.wake(record.id)
    return 1


async def digest_text(bot: ParleyBot, record: GameRecord, state: Any, upto: int) -> str:
    """Every public event after version `upto` (the last ones, the rest counted and left to /log),
    then who is to move, or the result."""
    rows = await bot.store.outbox_between(record.id, "board", upto, record.version)
    events = [e for r in rows for e in r.payload.get("events", [])]
    outcome: Outcome | None = get_game(record.game_type).outcome(state)
    thread = f"<#{record.thread_id}>" if record.thread_id else title_of(record)
    parts = [f"👀 **{title_of(record)}** ({thread}) — you follow this game."]
    if events:
        parts.append("**Since your last digest:**\n" + last_lines(events, DIGEST_LINES, "/log"))
    parts.append(final_result(record, state, outcome, mention=False) if outcome is not None
                 else headline(record, state, mention=False))
    parts.append("`/game unfollow` stops these messages." if outcome is None else "That was the last of them.")
    return "\n\n".join(parts)


# ---- sending one -------------------------------------------------------------------------------

async def deliver_digest(bot: ParleyBot, record: GameRecord, state: Any, item: OutboxRow) -> None:
    """DM a queued digest with the public board. Raises on a failure to have it retried (the
    outbox sends it once); closed DMs are remembered and end the follower's digests."""
    user_id = target_user(item.target)
    if user_id is None:
        raise ValueError(f"outbox row {item.id} (digest) is not addressed to a user")
    if item.attempts >= DIGEST_TRIES:
        log.warning("game %s: gave up on follower %s's digest (row %s) after %s tries: %s",
                    record.id, user_id, item.id, item.attempts, item.last_error)
        return
    prefs = await bot.store.get_user_settings(user_id)
    if not prefs.dm_notifications or prefs.dm_closed:
        return
    png = await board_png_async(record.game_type, get_game(record.game_type).view(state, None), players_of(record))
    try:
        dm = await bot.dm_channel(user_id)
        await dm.send(fit(str(item.payload.get("text", ""))), silent=await bot.notifier.quiet(user_id),
                      file=discord.File(io.BytesIO(png), f"board-{record.version}.png"), nonce=f"g{item.id}",
                      allowed_mentions=NOBODY)
    except discord.Forbidden as e:
        if e.code != DM_CLOSED:
            raise
        await bot.store.set_user_settings(user_id, dm_closed=True)


__all__ = ["CADENCE_CHOICES", "TURN_GATHER", "deliver_digest", "digest_text", "fire_digests", "follow", "game_over", "handover",
           "next_due", "unfollow"]
