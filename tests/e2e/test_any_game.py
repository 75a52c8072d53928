"""A game is one folder: the toy game of tests/engine/toy_treasure/ (registered through
PARLEY_GAMES, named by no shared file) is offered by /game new with its own options and bots,
has its own /rules, and plays to the end on Discord — sealed bids by panel buttons."""
from __future__ import annotations

from pathlib import Path

from engine.core import get_game
from tests.e2e.driver import notations_by_label, open_panel, panel_options
from tests.e2e.harness import parley_bot
from tests.fake_discord import FakeDiscord

MAX_CLICKS = 200


async def test_the_toy_game_is_offered_and_plays_to_the_end(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        anne, bob, _ = fake.user_ids
        offered = await t.autocomplete(anne, "game new", "game", "")
        assert {"toy_treasure", "pirate_chest"} <= {c["value"] for c in offered}
        toys = [c["value"] for c in await t.autocomplete(anne, "game new", "game", "toy")]
        assert "toy_treasure" in toys and "pirate_chest" not in toys   # filtered by what was typed
        options = await t.autocomplete(anne, "game new", "options", "", game="toy_treasure")
        assert [c["value"] for c in options] == ["treasures=3", "open_hands"]
        options = await t.autocomplete(anne, "game new", "options", "treasures=2 ", game="toy_treasure")
        assert [c["value"] for c in options] == ["treasures=2 open_hands"]

        wrong = await t.slash(anne, "game new", game="toy treasur", players=2)
        assert "Did you mean **Toy Treasure**?" in t.reply_message(wrong).content

        await t.slash(anne, "game new", game="toy_treasure", players=3, options="treasures=2")
        thread = fake.threads()[-1].id
        record = await t.bot.store.find_by_thread(thread)
        assert record is not None and record.game_type == "toy_treasure" and record.options == {"treasures": 2}
        bots = await t.autocomplete(anne, "game add-bot", "policy", "", channel_id=thread)
        assert [c["value"] for c in bots] == ["greedy", "random"]
        rules = t.reply_message(await t.slash(bob, "rules", channel_id=thread))
        assert rules.content.startswith("Toy Treasure rules topics")

        await t.slash(bob, "game join", channel_id=thread)
        await t.slash(anne, "game add-bot", channel_id=thread, policy="random")
        await t.slash(anne, "game start", channel_id=thread)
        await t.settle()
        game = get_game("toy_treasure")
        for _ in range(MAX_CLICKS):
            record, s = await t.bot.table.load(record.id)
            pending = game.pending(s)
            if pending is None:
                break
            seat = next(w for w in pending.waiting_on if record.seats[w].user_id is not None)
            user = record.seats[seat].user_id
            assert user is not None
            panel = await open_panel(t, user, thread, record.id)
            wanted = game.notate(s, game.default_action(s, seat))
            meaning = notations_by_label(record, s, seat)
            label, cid, value = next(o for o in panel_options(panel) if meaning.get(o[0]) == wanted)
            await t.click(user, panel.id, cid, values=[value] if value is not None else None)
            await t.settle()
        else:
            raise AssertionError(f"the toy game did not end in {MAX_CLICKS} clicks")
        record = await t.bot.store.load(record.id)
        assert record.status == "finished"
        assert any("is over" in m.content for m in t.bot_posts(thread))
        t.assert_clean()
