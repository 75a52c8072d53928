"""Seats of a running game change only on purpose and in public: leaving asks first, leaving
and kicking are announced in the thread (and DMed to the one kicked), and a seat a bot plays
can be claimed by someone not seated, once the host approves; the new player then gets the
seat's private state by DM."""
from __future__ import annotations

from typing import Any

import discord

from cogs.common import Refusal, admit, guarded, parley, reply, title_of
from cogs.describe import private_text
from cogs.mentions import NOBODY, addressed, shown
from engine.core import get_game
from store import GameRecord
from store.limits import LimitError


async def ask_to_leave(interaction: discord.Interaction, record: GameRecord, seat: int) -> None:
    """Leaving a running game hands the seat to a bot for good: ask before doing it."""
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmLeave(record.id, interaction.user.id))
    await reply(interaction, f"Leave {title_of(record)}? A bot will play seat {seat + 1} from now on and you "
                             "cannot come back to it (someone may claim it with /game claim).", view=view)


async def leave_now(interaction: discord.Interaction, game_id: int, user_id: int) -> None:
    bot = parley(interaction)
    if interaction.user.id != user_id:
        raise Refusal("Only the player who asked can confirm leaving.")
    record = await bot.store.load(game_id)
    await admit(interaction, record, "seat")
    seat = record.seat_of(user_id)
    if seat is None or record.status != "active":
        raise Refusal("You are not seated at a running game there any more.")
    await bot.store.hand_to_bot(record.id, seat)
    await interaction.response.edit_message(content="You left; a bot plays your seat from now on.", view=None)
    await bot.post(record, f"🚪 <@{user_id}> left {title_of(record)}: a bot plays seat {seat + 1} from now on. "
                           "Anyone not seated may ask for it with `/game claim`.")
    bot.wake(record.id)


async def kick_running(interaction: discord.Interaction, record: GameRecord, seat: int, member: discord.abc.User) -> None:
    bot = parley(interaction)
    await bot.store.hand_to_bot(record.id, seat)
    await bot.post(record, f"🚪 {member.mention} was removed from seat {seat + 1} by {interaction.user.mention}; "
                           "a bot plays it from now on.")
    await bot.notifier.dm(record, seat, f"You were removed from {title_of(record)} (seat {seat + 1}) by "
                                        f"{shown(interaction.user.display_name)}. A bot plays your seat now.")
    bot.wake(record.id)


def bot_seats(record: GameRecord) -> list[int]:
    return [s.seat for s in record.seats if s.user_id is None and s.bot_policy]


async def request_claim(interaction: discord.Interaction, record: GameRecord, seat: int | None) -> None:
    """Someone not seated asks for a bot's seat; the host (or a moderator) approves in the thread."""
    if record.status != "active":
        raise Refusal("Only a running game has bot seats to claim; in the lobby, press **Join**.")
    if record.seat_of(interaction.user.id) is not None:
        raise Refusal("You already have a seat in this game.")
    free = bot_seats(record)
    if not free:
        raise Refusal("No seat of this game is played by a bot.")
    chosen = free[0] if seat is None and len(free) == 1 else (seat - 1 if seat is not None else None)
    if chosen not in free:
        raise Refusal(f"Choose one of the bot seats: {', '.join(str(s + 1) for s in free)} (`seat:`).")
    bot = parley(interaction)
    if bot.table.limits is not None:
        await bot.store.check_member(interaction.user.id, bot.table.limits)
    minutes = bot.settings.claim_cooldown_minutes
    if not await bot.store.take_stamp(record.id, f"claim_asked:{interaction.user.id}", str(interaction.id),
                                      minutes * 60, at=bot.clock()):
        raise Refusal(f"You asked the host for a seat of this game less than {minutes:g} minutes ago, and the "
                      "request is in its thread. You can ask again once that time has passed.")
    view = discord.ui.View(timeout=None)
    view.add_item(ApproveClaim(record.id, chosen, interaction.user.id))
    await parley(interaction).post(record, f"🙋 {interaction.user.mention} asks to take over seat {chosen + 1}, "
                                           f"which a bot plays. <@{record.host_user_id}>, approve?", view=view,
                                   allowed_mentions=addressed([record.host_user_id]))
    await reply(interaction, f"Asked the host to let you take seat {chosen + 1}. You'll get its hand by DM.")


async def approve_claim(interaction: discord.Interaction, game_id: int, seat: int, user_id: int) -> None:
    bot = parley(interaction)
    record = await bot.store.load(game_id)
    await admit(interaction, record, "host", "approve a claim")
    member = interaction.guild.get_member(user_id) if interaction.guild else None
    name = member.display_name if member else (await bot.fetch_user(user_id)).display_name
    try:
        await bot.store.claim_seat(game_id, seat, user_id, name, limits=bot.table.limits)
    except LimitError:
        raise Refusal("That player is in as many open games as one member may be in at once, so the seat stays "
                      "with the bot. They can ask again once one of their games has ended.") from None
    record, state = await bot.table.load(game_id)
    game = get_game(record.game_type)
    await interaction.response.edit_message(
        content=f"✅ <@{user_id}> now plays seat {seat + 1} ({game.seat_name(state, seat)}), approved by "
                f"{interaction.user.mention}.", view=None, allowed_mentions=NOBODY)
    await bot.notifier.dm(record, seat, f"You now play seat {seat + 1} ({game.seat_name(state, seat)}) in "
                                        f"**{title_of(record)}** (<#{record.thread_id}>).\n\n"
                                        f"{private_text(record, state, seat)}")
    bot.wake(game_id)


class ConfirmLeave(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"parley:leave:(?P<game>\d+):(?P<user>\d+)"):
    def __init__(self, game_id: int, user_id: int) -> None:
        super().__init__(discord.ui.Button(label="Yes, leave the game", style=discord.ButtonStyle.danger,
                                           custom_id=f"parley:leave:{game_id}:{user_id}"))
        self.game_id, self.user_id = game_id, user_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> ConfirmLeave:
        return cls(int(match["game"]), int(match["user"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, leave_now(interaction, self.game_id, self.user_id))


class ApproveClaim(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"parley:claim:(?P<game>\d+):(?P<seat>\d+):(?P<user>\d+)"):
    def __init__(self, game_id: int, seat: int, user_id: int) -> None:
        super().__init__(discord.ui.Button(label=f"Approve: seat {seat + 1}", style=discord.ButtonStyle.success,
                                           custom_id=f"parley:claim:{game_id}:{seat}:{user_id}"))
        self.game_id, self.seat, self.user_id = game_id, seat, user_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> ApproveClaim:
        return cls(int(match["game"]), int(match["seat"]), int(match["user"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, approve_claim(interaction, self.game_id, self.seat, self.user_id))


SEAT_ITEMS = (ConfirmLeave, ApproveClaim)
__all__ = ["SEAT_ITEMS", "approve_claim", "ask_to_leave", "kick_running", "request_claim"]
