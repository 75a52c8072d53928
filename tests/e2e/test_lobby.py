"""Opening, joining and starting a game through slash commands and lobby buttons."""
from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import custom_ids, parley_bot
from tests.fake_discord import FakeDiscord


async def test_a_game_opens_in_its_own_thread_and_starts_from_the_lobby(tmp_path: Path) -> None:
    async with FakeDiscord(users=("anne", "jack", "mary")) as fake, parley_bot(fake, tmp_path / "p.db") as t:
        anne, jack, mary = fake.user_ids
        await t.slash(anne, "game new", game="pirate_chest", players=4)
        threads = fake.threads()
        assert len(threads) == 1
        thread = threads[0]
        lobby = t.thread_messages(thread.id)[0]
        assert "Lobby: 1/" in lobby.content and "parley:lobby:1:join" in custom_ids(lobby)
        await t.click(jack, lobby.id, "parley:lobby:1:join")
        await t.click(mary, lobby.id, "parley:lobby:1:join")
        refused = await t.click(jack, lobby.id, "parley:lobby:1:start")
        assert "Only the host" in t.reply_message(refused).content
        await t.click(anne, lobby.id, "parley:lobby:1:bot")
        record = await t.bot.store.load(1)
        assert [s.user_id for s in record.seats] == [anne, jack, mary, None]
        await t.click(anne, lobby.id, "parley:lobby:1:start")
        await t.settle()
        record = await t.bot.store.load(1)
        assert record.status == "active"
        for user in (anne, jack, mary):   # the first DM and the started lobby point to the help (issue 26, item 5)
            greeting = next(m.content for m in fake.dm_messages(user) if "Ahoy!" in m.content)
            assert "**/rules**" in greeting and "**/help**" in greeting
        started = t.thread_messages(thread.id)[0]
        assert "**Started**" in started.content and "**/rules**" in started.content
        posts = [m for m in t.thread_messages(thread.id) if m.attachments]
        assert posts, "a board image was posted in the thread"
        assert t.run.errors == []
        t.assert_clean()


async def test_option_suggestions_stay_distinct_within_100_characters(tmp_path: Path) -> None:
    """A choice's name and string value are 1-100 characters (developers/interactions/
    application-commands.mdx, "Application Command Option Choice Structure"; the loopback Discord
    refuses longer). Picking suggestion after suggestion for the game with the most options, no
    two suggestions read the same; past 100 characters one entry keeps what was typed and says
    which options are left to type."""
    async with FakeDiscord() as fake, parley_bot(fake, tmp_path / "p.db") as t:
        anne = fake.user_ids[0]
        typed, picked = "", 0
        for _ in range(40):
            choices = await t.autocomplete(anne, "game new", "options", typed, game="merchants_marauders")
            names = [c["name"] for c in choices]
            assert choices and len(set(names)) == len(names), names
            assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices)
            longer = [c["value"] for c in choices if c["value"] != typed.strip()]
            if not longer:
                break
            assert all(v.startswith(typed.strip()) for v in longer)   # a pick keeps what was typed
            typed, picked = longer[-1] + " ", picked + 1
        else:
            raise AssertionError("the suggestions never ran out")
        assert picked >= 5 and len(typed) > 80
        [hint] = choices
        assert hint["value"] == typed.strip() and hint["name"].startswith("Too long to fill in here: type the rest")
        left = hint["name"].removeprefix("Too long to fill in here: type the rest yourself, e.g. ").rstrip("…").split()
        assert left and not {w.partition("=")[0] for w in left[:-1]} & {w.partition("=")[0] for w in typed.split()}
        t.assert_clean()
