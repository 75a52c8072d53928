"""/game: create a game in its own thread, join, leave, add bots, start, cancel, kick, list, status."""
from __future__ import annotations

import json
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.catalog import bot_choices, find_game, game_choices, option_choices
from cogs.common import GAME_NUMBER, Refusal, game_for, guarded, may_open_here, parley, reply, title_of
from cogs.describe import seat_list, waiting_text
from cogs.digests import CADENCE_CHOICES, follow, unfollow
from cogs.failures import THREAD_ARCHIVE_MINUTES
from cogs.fair import export_game, verify_game
from cogs.fit import fit
from cogs.history import post_replay
from cogs.mentions import NOBODY, shown
from cogs.posts import NEW_HERE, winners_line
from cogs.rehome import repost_game
from cogs.seats import ask_to_leave, kick_running, request_claim
from engine.core import get_game
from store import GameRecord, SeatRecord, StoreError
from table.inputs import check_fits, check_options, check_policy, check_seed, number, parse_deadline
from table.pace import DEADLINE_CHOICES, DEADLINE_POLICIES, Pace

log = logging.getLogger(__name__)


def parse_options(text: str | None) -> dict[str, Any]:
    """'switch other_switch limit=80' (words) or a JSON object → an options dict."""
    text = (text or "").strip()
    if not text:
        return {}
    if text.startswith("{"):
        try:
            value = json.loads(text, parse_int=number)
        except (json.JSONDecodeError, RecursionError):   # RecursionError: nested too deep to read
            raise Refusal("The options look like JSON but are not valid JSON.") from None
        if not isinstance(value, dict):
            raise Refusal("Options must be words like `some_switch limit=80` (the autocomplete lists them) or a JSON object.")
        return value
    options: dict[str, Any] = {}
    for word in text.replace(",", " ").split():
        key, _, raw = word.partition("=")
        options[key.replace("-", "_")] = _option_value(raw) if raw else True
    return options


def _option_value(raw: str) -> Any:
    lowered = raw.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    return number(raw) if raw.lstrip("-").isascii() and raw.lstrip("-").isdigit() else raw


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"parley:lobby:(?P<game>\d+):(?P<what>join|leave|bot|start)"):
    LABELS = {"join": ("Join", discord.ButtonStyle.success), "leave": ("Leave", discord.ButtonStyle.secondary),
              "bot": ("Add bot", discord.ButtonStyle.secondary), "start": ("Start", discord.ButtonStyle.primary)}

    def __init__(self, game_id: int, what: str) -> None:
        label, style = self.LABELS[what]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"parley:lobby:{game_id}:{what}"))
        self.game_id, self.what = game_id, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any) -> LobbyButton:
        return cls(int(match["game"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        action = {"join": join, "leave": leave, "bot": add_bot, "start": start}[self.what]
        await guarded(interaction, action(interaction, self.game_id))


def lobby_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for what in ("join", "leave", "bot", "start"):
        view.add_item(LobbyButton(game_id, what))
    return view


def lobby_text(record: GameRecord) -> str:
    game = get_game(record.game_type)
    options = ", ".join(f"{k}={shown(v)}" for k, v in record.options.items()) or "standard rules"
    seed = ("🎲 Seed fixed by the host: the host can know every die and card in advance."
            if record.settings.get("seed_fixed") else "🎲 Dice and cards: a fresh random seed.")
    head = f"**{title_of(record)}** — Host: <@{record.host_user_id}> · Options: {options}\n" \
           f"⏳ {Pace.of(record.settings).describe()} · {seed}\n"
    if record.status != "lobby":
        return f"{head}**Started** with {len(record.seats)} players:\n{seat_list(record)}\n{NEW_HERE}"
    return (f"{head}Lobby: {len(record.seats)}/{record.players} seats ({game.min_players}–{game.max_players} players)\n"
            f"{seat_list(record)}\nPress **Join** to take a seat; the host presses **Start** when everyone is in.")


def fullest(game_type: str, players: int, options: dict[str, Any], settings: dict[str, Any], host: int) -> GameRecord:
    """The lobby a new game would have at its longest (every seat taken by a long name), to
    check it fits in a message before anything is written."""
    long_name = "W" * 64   # a display name of 32 characters, each escaped
    seats = tuple(SeatRecord(i, None, "greedy", long_name) for i in range(players))
    return GameRecord(id=10**12, game_type=game_type, guild_id=None, channel_id=None, thread_id=None,
                      host_user_id=host, status="lobby", options=options, seed="", players=players, version=0,
                      snapshot_json=None, created_at=0.0, updated_at=0.0, settings=settings, seats=seats)


async def open_lobby(interaction: discord.Interaction, channel: discord.TextChannel, game_id: int) -> discord.Thread:
    """The new game's thread, its host seated and its lobby posted: all of it or none. If any
    step fails, the thread is deleted and the game row with it, and the error goes on up."""
    bot = parley(interaction)
    thread: discord.Thread | None = None
    try:
        record = await bot.store.load(game_id)
        thread = await channel.create_thread(name=title_of(record), type=discord.ChannelType.public_thread,
                                             auto_archive_duration=THREAD_ARCHIVE_MINUTES)
        await bot.store.set_thread(game_id, thread.id)
        await bot.table.join(game_id, interaction.user.id, interaction.user.display_name)
        record = await bot.store.load(game_id)
        message = await thread.send(fit(lobby_text(record)), view=lobby_view(game_id), allowed_mentions=NOBODY)
        await bot.store.update_settings(game_id, {"lobby_message_id": message.id})
        return thread
    except discord.HTTPException as e:
        await undo_lobby(bot, game_id, thread)
        log.warning("game %s: its thread or lobby could not be made, so it was removed: %s", game_id, e)
        raise Refusal("Discord did not let me make the game's thread and lobby, so no game was made. Please try "
                      "again in a moment.") from None
    except Exception:
        await undo_lobby(bot, game_id, thread)
        raise


async def undo_lobby(bot: Any, game_id: int, thread: discord.Thread | None) -> None:
    if thread is not None:
        try:
            await thread.delete()
        except discord.HTTPException as e:
            log.warning("game %s: could not delete the thread of a lobby that failed: %s", game_id, e)
    await bot.store.delete_lobby(game_id)


async def refresh_lobby(interaction: discord.Interaction, game_id: int) -> None:
    bot = parley(interaction)
    record = await bot.store.load(game_id)
    message_id = record.settings.get("lobby_message_id")
    if not message_id or not record.thread_id:
        return
    try:   # once started, the lobby's buttons go: an old Leave click must not change a running game
        thread = await bot.channel(record.thread_id)
        view = lobby_view(game_id) if record.status == "lobby" else None
        await thread.get_partial_message(int(message_id)).edit(content=fit(lobby_text(record)), view=view,
                                                              allowed_mentions=NOBODY)
    except discord.HTTPException as e:
        log.warning("game %s: could not update the lobby message: %s", game_id, e)


async def join(interaction: discord.Interaction, game_id: int | None) -> None:
    record = await game_for(interaction, game_id, "join")
    seat = await parley(interaction).table.join(record.id, interaction.user.id, interaction.user.display_name)
    await reply(interaction, f"You took seat {seat + 1} in {title_of(record)}.")
    await refresh_lobby(interaction, record.id)


async def leave(interaction: discord.Interaction, game_id: int | None) -> None:
    bot = parley(interaction)
    record = await game_for(interaction, game_id, "seat")
    seat = record.seat_of(interaction.user.id)
    if seat is None:
        raise Refusal("You are not seated at this game.")
    if record.status == "active":
        await ask_to_leave(interaction, record, seat)
        return
    await bot.table.leave(record.id, interaction.user.id)
    await reply(interaction, f"You left {title_of(record)}.")
    await refresh_lobby(interaction, record.id)


async def add_bot(interaction: discord.Interaction, game_id: int | None, policy: str = "greedy") -> None:
    record = await game_for(interaction, game_id, "host", "add bots")
    seat = await parley(interaction).table.add_bot(record.id, policy)
    await reply(interaction, f"A {policy} bot took seat {seat + 1}.")
    await refresh_lobby(interaction, record.id)


async def start(interaction: discord.Interaction, game_id: int | None) -> None:
    bot = parley(interaction)
    record = await game_for(interaction, game_id, "host", "start the game")
    if record.status != "lobby":
        raise Refusal("This game has already started.")
    await interaction.response.defer(ephemeral=True, thinking=True)
    await bot.table.start(record.id, by_user=None)
    await refresh_lobby(interaction, record.id)
    await bot.notifier.test_dms(await bot.store.load(record.id))
    await reply(interaction, f"{title_of(record)} has started. Good sailing!")
    bot.wake(record.id)


class Lobby(commands.Cog):
    game = app_commands.Group(name="game", description="Create, join and manage games")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @game.command(name="new", description="Open a new game in its own thread")
    @app_commands.describe(game="Which game", players="How many seats",
                           options="Variants and table rules: start typing to see this game's options",
                           seed="Replay a game: the same seed and choices give the same dice and cards",
                           deadline="How long each player has to move (default: no deadline)",
                           on_deadline="What happens when a player's time runs out (default: a reminder)")
    @app_commands.choices(deadline=[app_commands.Choice(name=k, value=k) for k in DEADLINE_CHOICES],
                          on_deadline=[app_commands.Choice(name=v, value=k) for k, v in DEADLINE_POLICIES.items()])
    async def new(self, interaction: discord.Interaction, game: str, players: app_commands.Range[int, 1, 12] = 4,
                  options: str | None = None, seed: app_commands.Range[str, 1, 64] | None = None,
                  deadline: str = "none", on_deadline: str = "remind") -> None:
        bot = parley(interaction)
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise Refusal("Use /game new in a server text channel; each game then gets its own thread.")
        may_open_here(interaction, channel)
        game_type = find_game(game).id
        chosen = parse_options(options)
        check_options(get_game(game_type), chosen)
        pace = Pace(deadline_hours=parse_deadline(deadline), deadline_policy=check_policy(on_deadline))
        check_seed(seed)
        settings = {**pace.model_dump(exclude_defaults=True), "seed_fixed": seed is not None}
        check_fits(lobby_text(fullest(game_type, players, chosen, settings, interaction.user.id)), "The lobby")
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id = await bot.table.create(game_type, players, chosen, seed=seed, host_user_id=interaction.user.id,
                                         guild_id=interaction.guild_id, channel_id=channel.id, settings=settings)
        thread = await open_lobby(interaction, channel, game_id)
        await reply(interaction, f"Created {thread.mention}. Invite your crew there!")

    @new.autocomplete("game")
    async def new_game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return game_choices(current)

    @new.autocomplete("options")
    async def new_option_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        chosen = getattr(interaction.namespace, "game", None)
        try:
            return option_choices(find_game(chosen).id if chosen else None, current)
        except Refusal:
            return []

    @game.command(name="join", description="Take a seat")
    @app_commands.describe(game=GAME_NUMBER)
    async def join_cmd(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await join(interaction, game)

    @game.command(name="leave", description="Give up your seat (a bot takes over a running game)")
    @app_commands.describe(game=GAME_NUMBER)
    async def leave_cmd(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await leave(interaction, game)

    @game.command(name="add-bot", description="Seat a bot (host only)")
    @app_commands.describe(game=GAME_NUMBER, policy="Which bot: the autocomplete lists this game's bots")
    async def add_bot_cmd(self, interaction: discord.Interaction, game: int | None = None, policy: str = "greedy") -> None:
        await add_bot(interaction, game, policy)

    @add_bot_cmd.autocomplete("policy")
    async def bot_policy_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            record: GameRecord | None = await game_for(interaction, getattr(interaction.namespace, "game", None))
        except (Refusal, ValueError, StoreError):
            record = None
        return bot_choices(record.game_type if record else None, current)

    @game.command(name="start", description="Start the game (host only)")
    @app_commands.describe(game=GAME_NUMBER)
    async def start_cmd(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await start(interaction, game)

    @game.command(name="cancel", description="Cancel the game (host or moderator)")
    @app_commands.describe(game=GAME_NUMBER)
    async def cancel(self, interaction: discord.Interaction, game: int | None = None) -> None:
        bot = parley(interaction)
        record = await game_for(interaction, game, "host", "cancel the game")
        if record.status in ("finished", "cancelled"):
            raise Refusal(f"This game is already {record.status}.")
        await bot.store.set_status(record.id, "cancelled")
        await bot.store.delete_timers(record.id)
        await reply(interaction, f"{title_of(record)} is cancelled.")
        await bot.post(record, f"{title_of(record)} was cancelled by {interaction.user.mention}.")

    @game.command(name="repost", description="Move a stopped game to a new thread in this channel (host or moderator)")
    @app_commands.describe(game="The game number (see /game list, or the message telling you it stopped)")
    async def repost(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await repost_game(interaction, game)

    @game.command(name="kick", description="Remove a player (host or moderator); a bot takes a running seat")
    @app_commands.describe(member="The player to remove", game=GAME_NUMBER)
    async def kick(self, interaction: discord.Interaction, member: discord.User, game: int | None = None) -> None:
        bot = parley(interaction)
        record = await game_for(interaction, game, "host", "kick players")
        seat = record.seat_of(member.id)
        if seat is None:
            raise Refusal(f"{shown(member.display_name)} is not seated at this game.")
        if record.status == "active":
            await kick_running(interaction, record, seat, member)
        else:
            await bot.store.unseat(record.id, seat)
            await refresh_lobby(interaction, record.id)
        await reply(interaction, f"{shown(member.display_name)} was removed from seat {seat + 1}.")

    @game.command(name="claim", description="Take over a seat a bot plays in a running game (the host approves)")
    @app_commands.describe(seat="Which bot seat (leave it out when there is only one)",
                           game=GAME_NUMBER)
    async def claim(self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 12] | None = None,
                    game: int | None = None) -> None:
        await request_claim(interaction, await game_for(interaction, game, "join"), seat)

    @game.command(name="verify", description="After the end: reveal the seed and check the whole game")
    @app_commands.describe(game=GAME_NUMBER)
    async def verify_cmd(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await verify_game(interaction, game)

    @game.command(name="export", description="The game's log as a JSON file, as far as the public may see it")
    @app_commands.describe(game=GAME_NUMBER)
    async def export_cmd(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await export_game(interaction, game)

    @game.command(name="list", description="Games in this channel")
    async def list_games(self, interaction: discord.Interaction) -> None:
        bot = parley(interaction)
        channel = interaction.channel
        parent = getattr(channel, "parent_id", None) or interaction.channel_id
        games = await bot.store.list_games(channel_id=parent, status=("lobby", "active"))
        lines = [f"• {title_of(g)} — {g.status}, {len(g.seats)}/{g.players} seats"
                 + (f" — <#{g.thread_id}>" if g.thread_id else "") for g in games]
        await reply(interaction, "\n".join(lines) or "No open games here. Start one with /game new.")

    @game.command(name="status", description="Seats and whose move it is")
    @app_commands.describe(game=GAME_NUMBER)
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        bot = parley(interaction)
        record = await game_for(interaction, game)
        text = f"**{title_of(record)}** — {record.status}\n{seat_list(record)}"
        if record.status in ("active", "finished"):
            record, state = await bot.table.load(record.id)
            outcome = get_game(record.game_type).outcome(state)
            text += "\n" + (waiting_text(record, state) if outcome is None else winners_line(record, state, outcome))
        await reply(interaction, text, allowed_mentions=NOBODY)

    @game.command(name="replay", description="Post the timelapse of a finished game in its thread")
    @app_commands.describe(game=GAME_NUMBER)
    async def replay(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await post_replay(interaction, game)

    @game.command(name="follow", description="Watch a game: digests of its turns and public board by DM, never a hand")
    @app_commands.describe(game=GAME_NUMBER, cadence="How often a digest comes (once a day unless you choose)")
    @app_commands.choices(cadence=CADENCE_CHOICES)
    async def follow_cmd(self, interaction: discord.Interaction, game: int | None = None,
                         cadence: app_commands.Choice[str] | None = None) -> None:
        await follow(interaction, game, cadence.value if cadence else None)

    @game.command(name="unfollow", description="Stop following a game")
    @app_commands.describe(game=GAME_NUMBER)
    async def unfollow_cmd(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await unfollow(interaction, game)


__all__ = ["Lobby", "LobbyButton", "lobby_view", "parse_options"]
