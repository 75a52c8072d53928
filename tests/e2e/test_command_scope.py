"""Where the slash commands are offered (issue 24): globally in production, so in every server
and in the bot's DMs, where players may act; with DEV_GUILD_ID in that one server only.

Discord: "Global commands are available for every guild that adds your app. An individual app's
global commands are also available in DMs"; "Guild commands are not available in DMs"
(developers/interactions/application-commands.mdx, "Registering a Command"); a global command's
`contexts` say where it can be used, BOT_DM (1) being the bot's DM (same file, "Interaction
Contexts"). The loopback Discord offers a DM only the global commands whose contexts allow it.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.harness import parley_bot
from tests.fake_discord import FakeDiscord
from tests.fake_discord.interactions import offered_in_dms

PLAYERS_NEED = {"game", "play", "hand", "board", "log", "undo", "settings", "rules"}


async def test_without_dev_guild_id_the_commands_are_global_and_a_player_acts_from_a_dm(tmp_path: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, tmp_path / "p.db", dev_guild=False) as t:
        synced = await fake.wait_for_commands(guild=False)
        assert set(synced) >= PLAYERS_NEED
        assert fake.world.commands.get(fake.guild_id, {}) == {}, "nothing is synced to a single server"
        assert [n for n, c in synced.items() if not offered_in_dms(c)] == []
        game_id, _thread = await t.open_table(humans=2, bots=1)   # the global commands work in the server
        _seat, user = await t.pending_human(game_id)
        dm = fake.world.dm_channel(user).id

        rec = await fake.dispatch_autocomplete(user, "play", [{"name": "game", "value": game_id}], focused="action",
                                               value="", guild=False)
        t.dispatched.append(rec)
        await fake.wait_for_response(rec.id, timeout=10)
        assert rec.autocomplete_choices, "the player's options, offered in the DM"
        pick = rec.autocomplete_choices[0]["value"]
        version = (await t.bot.store.load(game_id)).version
        rec = await fake.dispatch_slash(user, "play", [{"name": "game", "value": game_id},
                                                       {"name": "action", "value": pick}], guild=False)
        await t.answered(rec)
        answer = t.reply_message(rec)
        assert answer.channel_id == dm and answer.audience == user
        assert (await t.bot.store.load(game_id)).version > version, "the move from the DM was played"
        t.assert_clean()


async def test_with_dev_guild_id_the_commands_stay_in_that_server_and_are_not_in_dms(tmp_path: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, tmp_path / "p.db", dev_guild=True) as t:
        assert set(await fake.wait_for_commands(guild=True)) >= PLAYERS_NEED
        assert fake.world.commands.get(None, {}) == {}, "nothing is synced globally"
        with pytest.raises(LookupError, match="DMs only see global commands"):
            await fake.dispatch_slash(fake.user_ids[0], "hand", guild=False)
        rec = await t.slash(fake.user_ids[0], "game list")   # in the server they are there at once
        assert "/game new" in t.reply_message(rec).content
        t.assert_clean()
