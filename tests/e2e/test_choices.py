"""Choices explain themselves: panels in plain words with what each choice does, the choice
that ends the turn grey and last, Undo where it is allowed; option errors that list the options;
a finished game's status names the winner."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from cogs.describe import choices_for
from tests.e2e.driver import notations_by_label, open_panel, panel_options, play_to_the_end
from tests.e2e.harness import components, parley_bot
from tests.fake_discord import FakeDiscord

GREY = 2   # ButtonStyle.secondary


async def test_panels_read_in_plain_words_end_turn_last_and_grey_and_undo_when_allowed(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        for user in fake.user_ids:   # so that "End turn" shows even when it is the only choice
            await t.slash(user, "settings", autoplay=False)
        game_id, thread = await t.open_table(options='{"captains": ["kidd", "sparrow", "jones", "horatio"]}',
                                             seed="choices")
        rand = random.Random(4)
        seen_end = seen_undo = False
        for _ in range(80):
            seat, user = await t.pending_human(game_id)
            panel = await open_panel(t, user, thread, game_id)
            record, s = await t.bot.table.load(game_id)
            labels = [label for label, _, _ in panel_options(panel)]
            meaning = notations_by_label(record, s, seat)
            assert labels and all(label in meaning for label in labels)
            buttons = [c for c in components(panel) if c.get("custom_id", "").startswith("parley:do:")]
            ends = [b for b in buttons if meaning.get(b["label"]) == "end"]
            if ends:   # "End turn" is grey and comes after every other choice
                assert ends[0]["label"] == "End turn" and ends[0]["style"] == GREY and buttons[-1] is ends[0]
                seen_end = True
            undo = [c for c in components(panel) if c.get("custom_id", "").startswith("parley:undo:")]
            rows = [r for r in await t.bot.store.log_rows(game_id) if not r.undone]
            if not undo:   # not offered: then undo is refused too (and nothing changes)
                with pytest.raises(ValueError):
                    await t.bot.table.undo(game_id, seat)
            elif not seen_undo:   # offered: it works (once; after that the game must go on)
                before = len(rows)
                await t.click(user, panel.id, undo[0]["custom_id"])
                assert fake.world.messages[panel.id].content.startswith("↩ Taken back.")
                assert len([r for r in await t.bot.store.log_rows(game_id) if not r.undone]) < before
                seen_undo = True
            choice = rand.choice(panel_options(fake.world.messages[panel.id]) or panel_options(panel))
            await t.click(user, panel.id, choice[1], values=[choice[2]] if choice[2] is not None else None)
            await t.settle()
            if seen_end and seen_undo:
                break
        assert seen_end and seen_undo, (seen_end, seen_undo)
        t.assert_clean()


async def test_select_menus_describe_what_each_choice_does(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        await t.slash(fake.user_ids[0], "game new", game="pirate_chest", players=2)
        thread = fake.threads()[-1].id
        await t.slash(fake.user_ids[0], "game add-bot", channel_id=thread)
        await t.slash(fake.user_ids[0], "game start", channel_id=thread)
        await t.settle()
        record = await t.bot.store.find_by_thread(thread)
        assert record is not None
        seat, user = await t.pending_human(record.id)
        panel = await open_panel(t, user, thread, record.id)
        menu = next(c for c in components(panel) if c.get("custom_id", "").startswith("parley:pick:"))
        _, s = await t.bot.table.load(record.id)
        wanted = {c.label: c.description for c in choices_for(record, s, seat)}
        assert [o.get("description") for o in menu["options"]] == [wanted[o["label"]] for o in menu["options"]]
        assert all(o.get("description") for o in menu["options"])   # the captains say their ability
        t.assert_clean()


async def test_a_wrong_option_is_named_with_a_did_you_mean_and_the_list(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        answer = t.reply_message(await t.slash(fake.user_ids[0], "game new", game="pirate_chest", players=3,
                                               options="vodoo_doll")).content
        assert "has no option `vodoo_doll`" in answer and "Did you mean `voodoo_doll`?" in answer
        assert "`larger_board`" in answer and "Extra inputs" not in answer
        assert fake.threads() == []
        t.assert_clean()


async def test_the_status_of_a_finished_game_names_the_winner(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table(humans=1, bots=1)   # played to the Chest coming home
        await play_to_the_end(t, game_id, seed=2)
        await t.settle()
        record, state = await t.bot.table.load(game_id)
        status = t.reply_message(await t.slash(fake.user_ids[1], "game status", channel_id=thread)).content
        winner = record.seats[state.winner]
        assert "— finished" in status and f"Won by {winner.display_name} (" in status, status
        t.assert_clean()
