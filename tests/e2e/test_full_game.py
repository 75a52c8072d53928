"""A whole Pirate Chest game on Discord: three players and a bot, driven only through slash
commands and the buttons and menus the bot sends."""
from __future__ import annotations

import os
from pathlib import Path

from tests.e2e.driver import play_to_the_end
from tests.e2e.harness import Table, parley_bot
from tests.fake_discord import FakeDiscord

# A seed whose game ends naturally (the Chest brought home) in about ten seconds here; game length
# varies a lot with the seed (others took 20-50 s).
SEED = "sea-7"


async def open_table(t: Table, fake: FakeDiscord, options: str | None = None,
                     seed: str | None = None) -> int:
    anne, jack, mary = fake.user_ids[:3]
    await t.slash(anne, "game new", game="pirate_chest", players=4, options=options, seed=seed)
    thread = fake.threads()[-1]
    record = await t.bot.store.find_by_thread(thread.id)
    assert record is not None
    await t.slash(jack, "game join", channel_id=thread.id)
    await t.slash(mary, "game join", channel_id=thread.id)
    await t.slash(anne, "game add-bot", channel_id=thread.id)
    await t.slash(anne, "game start", channel_id=thread.id)
    await t.settle()
    return record.id


async def test_three_players_and_a_bot_play_a_whole_game(tmp_path: Path) -> None:
    async with FakeDiscord(users=("anne", "jack", "mary")) as fake, parley_bot(fake, tmp_path / "p.db") as t:
        game_id = await open_table(t, fake, seed=os.environ.get("PARLEY_E2E_SEED", SEED))
        await play_to_the_end(t, game_id, seed=1)
        await t.settle()
        record = await t.bot.store.load(game_id)
        assert record.status == "finished"
        thread = record.thread_id
        public = [m for m in fake.public_messages() if m.channel_id == thread]
        final = [m for m in public if m.content.startswith("🏁")]
        assert len(final) == 1 and "👑" in final[0].content and "Brought the Chest home 1" in final[0].content
        # every human got a hand by DM and was mentioned in the thread when the game waited on them
        for user in fake.user_ids[:3]:
            assert any("Your hand" in m.content for m in fake.dm_messages(user)), user
            assert any(f"<@{user}>" in m.content for m in fake.public_messages()), user
        assert (await t.bot.store.verify(game_id))[0]
        t.assert_clean()

