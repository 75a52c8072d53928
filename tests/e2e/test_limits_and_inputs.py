"""Safe on a public server (issue 23, items 4 and 5), on the loopback Discord: the limits on
open games and lobbies, the claim cooldown, one timelapse however many ask, /game new only for
a member who may make threads and post; and every input of /game new and /settings away
checked before anything is written. Each refusal is counted: its message, no new game row, no
thread, no message (the fake's raw requests), on SQLite and on PostgreSQL."""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.harness import Table, custom_ids, mentioned, parley_bot
from tests.fake_discord import FakeDiscord
from tests.fake_discord.model import Perm
from tests.pg import Backend

# (what /game new is given besides game and players, what the refusal says)
BAD_NEW: list[tuple[dict[str, Any], str]] = [
    ({"options": "turn_limit=5000"}, "`turn_limit` takes a whole number from 0 to 1000"),
    ({"options": "turn_limit=-1"}, "`turn_limit` takes a whole number from 0 to 1000"),
    ({"options": "turn_limit=" + "9" * 5000}, "far too large a number"),
    ({"options": '{"turn_limit": ' + "9" * 5000 + "}"}, "far too large a number"),
    ({"options": '{"captains": ["' + "Kidd" * 400 + '"]}'}, "at most 40 characters"),
    ({"options": '{"captains": ' + str(["kidd"] * 7).replace("'", '"') + "}"}, "`captains` takes a list of at most 6"),
    ({"seed": "a\x00b"}, "A seed is 1 to 64 letters"),
    ({"seed": "s" * 65}, "A seed is 1 to 64 letters"),   # past the command's max_length: a forged request
    # Discord lets a user pick only the listed choices (discord-api-docs
    # developers/interactions/application-commands.mdx, "Application Command Object", the Info under
    # the option choice structure); these values come from a forged request, and change nothing.
    ({"deadline": "1000000 hours"}, "A move deadline is from 1 hour to 4 weeks"),
    ({"deadline": "soon"}, "A move deadline is from 1 hour to 4 weeks"),
    ({"on_deadline": "explode"}, "What happens at a deadline is one of: `remind`"),
]
BAD_AWAY = [("9" * 400 + " days", "up to a year"), ("until 9999-12-31", "up to a year"),
            ("until 9999-12-30", "up to a year"), ("366 days", "up to a year"), ("until 2020-01-01", "passed already")]


def channel_writes(t: Table, since: int) -> list[Any]:
    """The bot's writes to channels (messages, threads, edits) since request `since`: everything
    but its answers to interactions."""
    return [r for r in t.fake.requests[since:] if r.method != "GET" and r.path.startswith("/channels/")]


def answer(t: Table, rec: Any) -> str:
    return str(t.reply_message(rec).content)


async def test_each_bad_input_is_refused_with_its_message_and_writes_nothing(backend: Backend) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, backend.url) as t:
        anne = fake.user_ids[0]
        for given, refusal in BAD_NEW:
            since = len(fake.requests)
            rec = await t.slash(anne, "game new", **{"game": "pirate_chest", "players": 3, **given})
            text = answer(t, rec)
            assert text.startswith("✗") and refusal in text, (given, text)
            assert "pydantic" not in text and "Exceeds the limit" not in text
            assert await t.bot.store.list_games() == [], given
            assert fake.threads() == [] and channel_writes(t, since) == [], given
        for away, refusal in BAD_AWAY:
            rec = await t.slash(anne, "settings", away=away)
            text = answer(t, rec)
            assert text.startswith("✗") and refusal in text, (away, text)
            assert (await t.bot.store.get_user_settings(anne)).away_until is None, away
        rec = await t.slash(anne, "settings", away="365 days")   # the longest allowed is taken
        assert "away until" in answer(t, rec)
        rec = await t.slash(anne, "game new", game="pirate_chest", players=3, deadline="3 days", on_deadline="bot",
                            options="turn_limit=1000", seed="friday-night")
        assert "Created" in answer(t, rec)
        [game] = await t.bot.store.list_games()
        assert game.settings["deadline_hours"] == 72 and game.settings["deadline_policy"] == "bot"
        assert game.options == {"turn_limit": 1000} and game.seed == "friday-night"
        t.assert_clean()


async def test_a_seed_with_a_nul_or_a_lone_surrogate_is_refused_alike_on_both_backends(backend: Backend) -> None:
    """The table refuses them before the store sees them (SQLite's codec and PostgreSQL's text
    type each failed their own way on them)."""
    from store import Store
    from table import TableService
    from table.inputs import InputError
    async with await Store.open(backend.url) as store:
        table = TableService(store)
        for seed in ("a\x00b", "a\ud800b", "", "x" * 65, "tab\there"):
            with pytest.raises(InputError, match="A seed is 1 to 64"):
                await table.create("pirate_chest", 3, seed=seed)
        assert await store.list_games() == []
        game_id = await table.create("pirate_chest", 3, seed="Ünïcode seed, 64 chars at most ☠")
        assert (await store.load(game_id)).seed == "Ünïcode seed, 64 chars at most ☠"


async def test_a_lobby_that_cannot_be_posted_leaves_no_game_and_no_thread(tmp_path: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, tmp_path / "p.db") as t:
        anne = fake.user_ids[0]
        for path in (rf"/channels/{fake.channel_id}/threads$", r"/channels/\d+/messages$"):
            fault = fake.inject("POST", path, 403, body={"code": 50013, "message": "Missing Permissions"})
            rec = await t.slash(anne, "game new", game="pirate_chest", players=3)
            assert "no game was made" in answer(t, rec), path
            assert len(fault.hits) == 1
            assert await t.bot.store.list_games() == [] and fake.threads() == [], path
        # The longest lobby any game allows (every Merchants & Marauders module and variant,
        # the longest deadline) is posted whole: the fake refuses a message over 2,000 characters.
        every = " ".join([*(f"module_{i}" for i in range(1, 12)), "module_1_separate", "module_3_selling",
                          *(f"variant_{i}" for i in range(1, 7))])
        rec = await t.slash(anne, "game new", game="merchants_marauders", players=4, options=every,
                            deadline="1 week", on_deadline="default", seed="x" * 64)
        assert "Created" in answer(t, rec)
        [thread] = fake.threads()
        [lobby] = t.bot_posts(thread.id)
        assert "module_11=True" in lobby.content
        t.assert_clean()


def test_a_lobby_too_long_for_a_message_is_refused_before_anything_is_made() -> None:
    """The check /game new runs before the row is made (cogs/lobby.py): the lobby at its
    fullest, every seat taken. Options no game allows today make it too long."""
    from cogs.lobby import fullest, lobby_text
    from table.inputs import InputError, check_fits
    longest = fullest("pirate_chest", 6, {"turn_limit": 1000, "captains": ["x" * 40] * 6}, {}, 2**63 - 1)
    check_fits(lobby_text(longest), "The lobby")
    with pytest.raises(InputError, match="longer than a Discord message"):
        check_fits(lobby_text(fullest("pirate_chest", 6, {"captains": ["x" * 400] * 6}, {}, 1)), "The lobby")


async def test_open_lobbies_are_limited_per_member_and_per_server(backend: Backend) -> None:
    async with FakeDiscord(users=("anne", "jack", "mary")) as fake, \
            parley_bot(fake, backend.url, settings={"max_lobbies_per_server": 4}) as t:
        anne, jack, mary = fake.user_ids
        for _ in range(3):
            assert "Created" in answer(t, await t.slash(anne, "game new", game="pirate_chest", players=3))
        since = len(fake.requests)
        text = answer(t, await t.slash(anne, "game new", game="pirate_chest", players=3))
        assert "You host 3 lobbies already" in text
        assert "Created" in answer(t, await t.slash(jack, "game new", game="dead_reckoning", players=2))
        text = answer(t, await t.slash(mary, "game new", game="pirate_chest", players=3))
        assert "This server has 4 lobbies waiting for players" in text
        assert len(await t.bot.store.list_games()) == 4 and len(fake.threads()) == 4
        assert len(channel_writes(t, since)) == 2   # jack's thread and its lobby post
        t.assert_clean()


async def test_the_22nd_open_game_of_a_member_is_refused(backend: Backend) -> None:
    """21 open games per member, as Board Game Arena caps turn-based tables: the 22nd, made
    or joined, is refused; another member is not held back by it."""
    async with FakeDiscord(users=("anne", "jack", "tom")) as fake, parley_bot(fake, backend.url) as t:
        anne, jack, tom = fake.user_ids
        for _ in range(21):   # lobbies of no host (made at the table), tom seated in each
            game_id = await t.bot.table.create("pirate_chest", 3, guild_id=fake.guild_id, channel_id=fake.channel_id)
            await t.bot.table.join(game_id, tom, "tom")
        since = len(fake.requests)
        text = answer(t, await t.slash(tom, "game new", game="pirate_chest", players=3))
        assert "You are in 21 open games already" in text
        assert channel_writes(t, since) == [] and len(await t.bot.store.list_games()) == 21
        assert "Created" in answer(t, await t.slash(anne, "game new", game="pirate_chest", players=3))
        thread = fake.threads()[-1].id
        text = answer(t, await t.slash(tom, "game join", channel_id=thread))
        assert "You are in 21 open games already" in text
        assert "You took seat 2" in answer(t, await t.slash(jack, "game join", channel_id=thread))
        record = await t.bot.store.find_by_thread(thread)
        assert record is not None and [s.user_id for s in record.seats] == [anne, jack]
        t.assert_clean()


async def test_lobbies_made_at_once_stop_at_the_servers_limit(backend: Backend) -> None:
    users = tuple(f"sailor{i}" for i in range(8))
    async with FakeDiscord(users=users) as fake, \
            parley_bot(fake, backend.url, settings={"max_lobbies_per_server": 5}) as t:
        recs = await asyncio.gather(*(t.slash(u, "game new", game="pirate_chest", players=3) for u in fake.user_ids))
        texts = [answer(t, rec) for rec in recs]
        assert sum("Created" in x for x in texts) == 5
        assert sum("This server has 5 lobbies waiting" in x for x in texts) == 3
        assert len(await t.bot.store.list_games()) == 5 and len(fake.threads()) == 5
        t.assert_clean()


async def test_game_new_needs_the_members_and_the_bots_rights_to_make_a_thread_and_post(tmp_path: Path) -> None:
    """The interaction's member carries their permissions in the channel, overwrites included,
    and app_permissions the bot's (discord-api-docs developers/interactions/receiving-and-responding.mdx,
    "Interaction Structure": member "including permissions", app_permissions)."""
    async with FakeDiscord(users=("anne", "jack", "mary")) as fake, parley_bot(fake, tmp_path / "p.db") as t:
        anne, jack, mary = fake.user_ids
        await fake.set_overwrite(fake.channel_id, jack, deny=Perm.CREATE_PUBLIC_THREADS)
        await fake.set_overwrite(fake.channel_id, mary, deny=Perm.SEND_MESSAGES)
        since = len(fake.requests)
        for user in (jack, mary):
            text = answer(t, await t.slash(user, "game new", game="pirate_chest", players=3))
            assert "You need the Create Public Threads and Send Messages permissions" in text
        await fake.set_overwrite(fake.channel_id, fake.bot_user_id, deny=Perm.SEND_MESSAGES_IN_THREADS)
        text = answer(t, await t.slash(anne, "game new", game="pirate_chest", players=3))
        assert "I need the View Channel, Create Public Threads and Send Messages in Threads permissions" in text
        assert channel_writes(t, since) == [] and fake.threads() == []
        assert await t.bot.store.list_games() == []
        await fake.set_overwrite(fake.channel_id, fake.bot_user_id)
        assert "Created" in answer(t, await t.slash(anne, "game new", game="pirate_chest", players=3))
        t.assert_clean()


async def test_ten_claims_at_once_ping_the_host_once(tmp_path: Path) -> None:
    async with FakeDiscord(users=("anne", "jack", "mary", "tom")) as fake, parley_bot(fake, tmp_path / "p.db") as t:
        anne, _jack, mary, tom = fake.user_ids
        _game_id, thread = await t.open_table(humans=2, bots=1)

        def asks() -> list[Any]:
            return [m for m in t.bot_posts(thread) if "asks to take over" in m.content]
        recs = await asyncio.gather(*(t.slash(mary, "game claim", channel_id=thread) for _ in range(10)))
        texts = [answer(t, rec) for rec in recs]
        assert sum("Asked the host" in x for x in texts) == 1
        assert sum("less than 60 minutes ago" in x for x in texts) == 9
        [ask] = asks()
        assert mentioned(fake, ask) == {anne}
        assert "Asked the host" in answer(t, await t.slash(tom, "game claim", channel_id=thread))   # his own
        t.clock.now += 59 * 60
        assert "less than 60 minutes ago" in answer(t, await t.slash(mary, "game claim", channel_id=thread))
        t.clock.now += 2 * 60
        assert "Asked the host" in answer(t, await t.slash(mary, "game claim", channel_id=thread))
        assert len(asks()) == 3
        t.assert_clean()


async def test_a_claim_counts_against_the_claimants_limit_when_asked_and_when_approved(tmp_path: Path) -> None:
    async with FakeDiscord(users=("anne", "jack", "mary", "tom")) as fake, \
            parley_bot(fake, tmp_path / "p.db", settings={"max_games_per_member": 1}) as t:
        anne, _jack, mary, tom = fake.user_ids
        game_id, thread = await t.open_table(humans=2, bots=1)
        assert "Created" in answer(t, await t.slash(mary, "game new", game="pirate_chest", players=3))
        assert "You are in 1 open games already" in answer(t, await t.slash(mary, "game claim", channel_id=thread))
        assert "Asked the host" in answer(t, await t.slash(tom, "game claim", channel_id=thread))
        [ask] = [m for m in t.bot_posts(thread) if "asks to take over" in m.content]
        assert "Created" in answer(t, await t.slash(tom, "game new", game="pirate_chest", players=3))
        [approve] = [c for c in custom_ids(ask) if c.startswith("parley:claim:")]
        text = answer(t, await t.click(anne, ask.id, approve))
        assert "That player is in as many open games as one member may be" in text
        record = await t.bot.store.load(game_id)
        assert tom not in [s.user_id for s in record.seats] and record.seats[2].bot_policy
        t.assert_clean()


async def test_five_timelapse_requests_at_once_post_one(tmp_path: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, tmp_path / "p.db") as t:
        game_id, thread = await t.open_table(humans=1, bots=2, options="turn_limit=3", seed="five-replays")
        await t.bot.store.hand_to_bot(game_id, 0)
        t.bot.wake(game_id)
        await t.settle(timeout=120)
        assert (await t.bot.store.load(game_id)).status == "finished"
        users = fake.user_ids
        recs = await asyncio.gather(*(t.slash(users[i % len(users)], "game replay", channel_id=thread) for i in range(5)))
        texts = [answer(t, rec) for rec in recs]
        def gifs() -> list[Any]:
            return [m for m in t.bot_posts(thread) if any(a.filename.endswith(".gif") for a in m.attachments)]
        assert len(gifs()) == 1 and "the board through" in gifs()[0].content
        assert sum("Posted the timelapse" in x for x in texts) == 1
        assert all(x.startswith("✗") for x in texts if "Posted the timelapse" not in x)
        assert "already" in answer(t, await t.slash(users[0], "game replay", channel_id=thread))
        assert len(gifs()) == 1
        t.assert_clean()
