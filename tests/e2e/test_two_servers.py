"""A game belongs to its server (issue "Safe on a public server"), tried as an attacker would.

Two servers on the loopback Discord: A holds the games, B is the attacker's own server, where she
has the Moderators role (Manage Threads). From B's channel and from her DM with the bot she tries
every /game subcommand, /play and its autocomplete, /board, /hand, /log, /undo, /orders,
/settings and each kind of button against A's games. Each is refused with its message, and A's
store rows, threads and DMs are unchanged: counted from the raw requests the bot sent.

Discord facts relied on (discord-api-docs):
- docs/interactions/Receiving_and_Responding.md, "Interaction Object": a guild interaction
  carries `guild_id` and a `member` whose `permissions` are "total permissions of the member in
  the channel, including overwrites"; a DM interaction carries `user` and no guild.
- docs/topics/Permissions.md, "Permission Hierarchy" / "Permission Overwrites": how a member's
  rights in a channel are computed (the fake computes them so), threads taking their parent's.
- Buttons are matched by custom_id (docs/interactions/Message_Components.md, "Custom ID"):
  a component's id is chosen by the app and comes back as it was sent, so the bot must not rely
  on where a button lives. The forged messages below carry A's ids in B and in a DM.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from table.access import FROM_DM, NOT_FROM_DM, OTHER_SERVER
from tests.e2e.harness import Table, parley_bot
from tests.fake_discord import FakeDiscord
from tests.fake_discord.model import Perm

GAME_TABLES = ("seats", "actions", "outbox", "followers", "timers", "orders")


def game_rows(db: Path, game_ids: list[int]) -> dict[str, list[tuple[Any, ...]]]:
    """Every stored row of the games, read straight from the file."""
    marks = ", ".join("?" * len(game_ids))
    with sqlite3.connect(db) as conn:
        rows = {"games": conn.execute(f"SELECT * FROM games WHERE id IN ({marks}) ORDER BY id", game_ids).fetchall()}
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        for table in GAME_TABLES:
            if table in tables:
                rows[table] = conn.execute(f"SELECT * FROM {table} WHERE game_id IN ({marks}) ORDER BY rowid",
                                           game_ids).fetchall()
    return rows


def writes_to(t: Table, since: int, channel_ids: set[int]) -> list[Any]:
    """The bot's writes (anything but GET) into these channels since request `since`."""
    return [r for r in t.fake.requests[since:]
            if r.method != "GET" and any(f"/channels/{c}/" in r.path + "/" or r.path == f"/channels/{c}"
                                         for c in channel_ids)]


def rows_of(ids: list[str]) -> list[dict[str, Any]]:
    """Buttons five to a row; a select (":pick:") alone in its row, as Discord lays them out."""
    selects = [i for i in ids if ":pick:" in i]
    buttons = [i for i in ids if i not in selects]
    rows = [{"type": 1, "components": [{"type": 2, "style": 2, "label": "x", "custom_id": i} for i in buttons[k:k + 5]]}
            for k in range(0, len(buttons), 5)]
    return rows + [{"type": 1, "components": [{"type": 3, "custom_id": i, "options": [{"label": "x", "value": "0"}]}]}
                   for i in selects]


async def setup_servers(t: Table) -> dict[str, int]:
    fake = t.fake
    anne, jack, mallory, _mod = fake.user_ids
    running, thread = await t.open_table(humans=2, bots=1)
    await t.slash(anne, "game new", game="pirate_chest", players=3)
    lobby_thread = fake.threads()[-1].id
    lobby = await t.bot.store.find_by_thread(lobby_thread)
    assert lobby is not None
    await t.slash(jack, "game join", channel_id=lobby_thread)
    await t.settle()
    return {"running": running, "thread": thread, "lobby": lobby.id, "lobby_thread": lobby_thread,
            "anne": anne, "jack": jack, "mallory": mallory}


def attacks(ids: dict[str, int], version: int, bot_seat: int) -> list[tuple[str, dict[str, Any]]]:
    running, lobby, anne = ids["running"], ids["lobby"], ids["anne"]
    return [
        ("game join", {"game": lobby}), ("game leave", {"game": lobby}), ("game add-bot", {"game": lobby}),
        ("game start", {"game": lobby}), ("game cancel", {"game": running}), ("game cancel", {"game": lobby}),
        ("game kick", {"member": str(anne), "game": running}), ("game claim", {"game": running}),
        ("game status", {"game": running}), ("game export", {"game": running}), ("game verify", {"game": running}),
        ("game follow", {"game": running}), ("game unfollow", {"game": running}), ("game replay", {"game": running}),
        ("play", {"action": "roll", "game": running}), ("board", {"game": running}), ("hand", {"game": running}),
        ("log", {"game": running}), ("undo", {"game": running}), ("move", {"game": running}),
        ("orders list", {"game": running}), ("orders set", {"order": "x", "game": running}),
        ("orders clear", {"game": running}),
    ]


def forged_buttons(ids: dict[str, int], version: int, bot_seat: int) -> list[str]:
    running, lobby, anne, mallory = ids["running"], ids["lobby"], ids["anne"], ids["mallory"]
    return [*(f"parley:lobby:{lobby}:{w}" for w in ("join", "leave", "bot", "start")),
            f"parley:move:{running}", f"parley:do:{running}:{version}:0", f"parley:pick:{running}:{version}:0",
            f"parley:page:{running}:{version}:1", f"parley:undo:{running}:{version}",
            f"parley:log:{running}:1:first", f"parley:claim:{running}:{bot_seat}:{mallory}",
            f"parley:leave:{running}:{anne}", "parley:board:pirate_chest:players:1:previous"]


async def test_a_game_answers_only_in_its_own_server_and_to_its_players_in_dms(tmp_path: Path) -> None:
    async with FakeDiscord(users=("anne", "jack", "mallory", "mod")) as fake:
        cove = fake.world.add_guild("Mallory's Cove")
        fake.world.make_moderator(fake.user_ids[2], cove.id)
        async with parley_bot(fake, tmp_path / "p.db", dev_guild=False) as t:
            ids = await setup_servers(t)
            mallory = ids["mallory"]
            record = await t.bot.store.load(ids["running"])
            bot_seat = next(s.seat for s in record.seats if s.user_id is None)
            a_channels = {ids["thread"], ids["lobby_thread"], fake.channel_id,
                          fake.world.dm_channel(ids["anne"]).id, fake.world.dm_channel(ids["jack"]).id}
            before, since = game_rows(tmp_path / "p.db", [ids["running"], ids["lobby"]]), len(fake.requests)
            dm = fake.world.dm_channel(mallory)
            refused: list[tuple[str, str, str]] = []   # (where, what, the answer)

            for where, kwargs, expected in (("B", {"channel_id": cove.text_channel_id}, OTHER_SERVER),
                                            ("DM", {"guild": False}, FROM_DM)):
                for name, options in attacks(ids, record.version, bot_seat):
                    rec = await fake.dispatch_slash(mallory, name, [{"name": k, "value": v} for k, v in options.items()],
                                                    **kwargs)
                    await t.answered(rec)
                    answer = t.reply_message(rec)
                    assert answer.visibility == "ephemeral" and answer.audience == mallory, (where, name)
                    want = NOT_FROM_DM if where == "DM" and name in ("game join", "game claim") else expected
                    refused.append((where, name, answer.content))
                    assert want in answer.content, (where, name, answer.content)
                for name, focused in (("play", "action"), ("orders set", "order")):
                    rec = await fake.dispatch_autocomplete(mallory, name, [{"name": "game", "value": ids["running"]}],
                                                           focused=focused, value="", **kwargs)
                    t.dispatched.append(rec)
                    await fake.wait_for_response(rec.id, timeout=10)
                    assert rec.autocomplete_choices == [], (where, name, rec.autocomplete_choices)
                channel = cove.text_channel_id if where == "B" else dm.id
                forged = forged_buttons(ids, record.version, bot_seat)
                message = fake.world.store_message(channel, fake.bot_user_id, content="forged",
                                                   components=rows_of(forged))
                for custom_id in forged:
                    rec = await t.click(mallory, message.id, custom_id, ["0"] if ":pick:" in custom_id else None)
                    answer = t.reply_message(rec)
                    text = answer.content
                    refused.append((where, custom_id, text))
                    if custom_id.startswith(f"parley:leave:{ids['running']}:"):
                        assert "Only the player who asked" in text, (where, custom_id, text)
                    elif custom_id.startswith("parley:board:"):   # ratings are the server's own, none from a DM
                        assert (f"<@{ids['anne']}>" not in text and f"<@{ids['jack']}>" not in text
                                and ("Ratings are kept per server" in text) == (where == "DM")), (where, text)
                    else:
                        want = NOT_FROM_DM if where == "DM" and custom_id.endswith(":join") else expected
                        assert want in text, (where, custom_id, text)

            rec = await fake.dispatch_slash(mallory, "settings", [{"name": "dm", "value": False}],
                                            channel_id=cove.text_channel_id)
            await t.answered(rec)   # her own settings: nothing of A's games
            await t.settle()
            assert game_rows(tmp_path / "p.db", [ids["running"], ids["lobby"]]) == before
            assert writes_to(t, since, a_channels) == []
            assert len(refused) == 2 * (len(attacks(ids, 0, 0)) + len(forged_buttons(ids, 0, 0)))
            t.assert_clean()


async def test_moderator_rights_are_those_in_the_games_own_thread(tmp_path: Path) -> None:
    """Manage Threads in another channel of the same server is not enough; the Moderators role
    (Manage Threads everywhere) is; and the host needs no rights at all."""
    async with FakeDiscord(users=("anne", "jack", "mallory", "mod")) as fake:
        anne, jack, mallory, mod = fake.user_ids
        fake.world.make_moderator(mod)
        tavern = next(c.id for c in fake.world.channels.values() if c.name == "tavern" and c.guild_id == fake.guild_id)
        async with parley_bot(fake, tmp_path / "p.db", dev_guild=False) as t:
            await fake.set_overwrite(tavern, mallory, allow=Perm.MANAGE_THREADS)
            await t.slash(anne, "game new", game="pirate_chest", players=3)
            thread = fake.threads()[-1].id
            game = await t.bot.store.find_by_thread(thread)
            assert game is not None
            rec = await t.slash(mallory, "game add-bot", channel_id=tavern, game=game.id)
            assert "Only the host or a moderator" in t.reply_message(rec).content
            rec = await t.slash(mallory, "game add-bot", channel_id=thread)
            assert "Only the host or a moderator" in t.reply_message(rec).content
            assert len((await t.bot.store.load(game.id)).seats) == 1
            rec = await t.slash(mod, "game add-bot", channel_id=tavern, game=game.id)
            assert "bot took seat 2" in t.reply_message(rec).content
            rec = await t.slash(anne, "game add-bot", channel_id=tavern, game=game.id)
            assert "bot took seat 3" in t.reply_message(rec).content
            rec = await t.slash(mod, "game cancel", channel_id=thread)
            assert "is cancelled" in t.reply_message(rec).content
            assert (await t.bot.store.load(game.id)).status == "cancelled"
            t.assert_clean()


async def test_players_and_followers_reach_their_game_from_a_dm(tmp_path: Path) -> None:
    """The other side of the DM rule: a seated player may act from the DM, a follower may look
    (and not act), and in the game's own server anyone may look."""
    async with FakeDiscord(users=("anne", "jack", "mallory", "mod")) as fake:
        anne, jack, mallory, _mod = fake.user_ids
        async with parley_bot(fake, tmp_path / "p.db", dev_guild=False) as t:
            game_id, thread = await t.open_table(humans=2, bots=1)
            rec = await t.slash(mallory, "game follow", channel_id=thread)
            assert "You follow" in t.reply_message(rec).content
            for user, name, wanted in ((anne, "game status", "Pirate Chest"), (mallory, "game status", "Pirate Chest"),
                                       (mallory, "board", ""), (mallory, "hand", FROM_DM),
                                       (mallory, "undo", FROM_DM)):
                dm = await fake.dispatch_slash(user, name, [{"name": "game", "value": game_id}], guild=False)
                await t.answered(dm)
                text = t.reply_message(dm).content
                assert OTHER_SERVER not in text and wanted in text, (user, name, text)
                if wanted != FROM_DM:
                    assert FROM_DM not in text, (user, name, text)
            rec = await t.slash(mallory, "game status", channel_id=thread)
            assert "Pirate Chest" in t.reply_message(rec).content
            t.assert_clean()
