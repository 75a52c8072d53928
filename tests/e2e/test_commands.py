"""The slash commands around the buttons: /play (with autocomplete), /board, /log, /undo,
/rules, /settings and the /game subcommands, each answered privately and kindly."""
from __future__ import annotations

import io
import random
from pathlib import Path

from PIL import Image

from cogs.describe import choices_for
from cogs.play import choice_name
from tests.e2e.driver import take_turn
from tests.e2e.harness import Table, custom_ids, mentioned, parley_bot
from tests.fake_discord import FakeDiscord
from tests.fake_discord.model import Message


async def ask(t: Table, user: int, name: str, channel_id: int | None = None, **options: object) -> Message:
    """Run a slash command and return its answer, which must be private to the user."""
    rec = await t.slash(user, name, channel_id=channel_id, **options)
    answer = t.reply_message(rec)
    assert answer.visibility == "ephemeral" and answer.audience == user, (name, answer.visibility)
    return answer


async def version_of(t: Table, game_id: int) -> int:
    return (await t.bot.store.load(game_id)).version


async def test_play_with_autocomplete_and_friendly_refusals(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table()
        seat, user = await t.pending_human(game_id)
        legal = await t.bot.table.legal(game_id, seat)
        record, state = await t.bot.table.load(game_id)
        choices = choices_for(record, state, seat)

        # the list shows the options in plain words (with what they do), in the panel's order
        everything = await t.autocomplete(user, "play", "action", "", channel_id=thread)
        assert [c["name"] for c in everything] == [choice_name(c) for c in choices][:25] and len(everything) <= 25
        assert all(c["name"] not in legal for c in everything)     # labels, not the typed notation
        version = await version_of(t, game_id)
        assert [c["value"] for c in everything] == [f"{c.index}@{version}" for c in choices][:25]
        word = choices[-1].label.split()[-1][:4]
        typed = await t.autocomplete(user, "play", "action", word.upper(), channel_id=thread)
        wanted = [c for c in choices if word.lower() in c.label.lower() or word.lower() in c.notation]
        assert [c["name"] for c in typed] == [choice_name(c) for c in wanted][:25] and typed
        nothing = await t.autocomplete(user, "play", "action", "zzzz", channel_id=thread)
        assert nothing == []
        waiting_on = await t.waiting_on(game_id)
        idle = next(s.user_id for s in record.seats if s.user_id is not None and s.seat not in waiting_on)
        assert idle is not None
        not_yours = await t.autocomplete(idle, "play", "action", "", channel_id=thread)
        assert len(not_yours) == 1 and not_yours[0]["name"].startswith("Not your move — Waiting on")
        told = await ask(t, idle, "play", thread, action=not_yours[0]["value"])
        assert told.content.startswith("✗ It is not your move yet."), told.content

        # a typo, an illegal move and someone else's move: refused, nothing changes
        version = await version_of(t, game_id)
        typo = await ask(t, user, "play", thread, action="fly to the moon")
        assert typo.content.startswith("✗ I don't understand 'fly to the moon'") and legal[0] in typo.content
        illegal = await ask(t, user, "play", thread, action="end" if "end" not in legal else "sail 99 cw")
        assert illegal.content.startswith("✗"), illegal.content
        wrong_seat = await ask(t, idle, "play", thread, action=legal[0])
        assert wrong_seat.content.startswith("✗ It is not your move"), wrong_seat.content
        assert await version_of(t, game_id) == version

        # the chosen option applies, and the answer shows what comes next
        log = len(await t.bot.store.log(game_id))
        done = await ask(t, user, "play", thread, action=typed[0]["value"])
        assert done.content.startswith(f"✓ {wanted[0].label}"), done.content
        await t.settle()
        rows = (await t.bot.store.log_rows(game_id))[log:]
        assert rows[0].seat == seat and rows[0].notation == wanted[0].notation

        # a pick from a list made before the board changed is refused, and changes nothing
        version = await version_of(t, game_id)
        stale = await ask(t, user, "play", thread, action=everything[0]["value"])
        assert stale.content.startswith("✗ The board changed"), stale.content
        assert await version_of(t, game_id) == version
        t.assert_clean()


async def test_board_log_rules_and_settings(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        anne, jack, _ = fake.user_ids
        game_id, thread = await t.open_table()
        rand = random.Random(8)
        for _ in range(3):
            await take_turn(t, game_id, rand)
        await t.settle()

        board = await ask(t, jack, "board", thread)
        assert f"Pirate Chest #{game_id}" in board.content and "Waiting on" in board.content
        assert [a.filename for a in board.attachments] == ["board.png"]
        image = Image.open(io.BytesIO(board.attachments[0].data))
        image.load()
        assert image.format == "PNG" and image.width >= 1200

        events = await t.bot.notifier.public_events(game_id)
        log = await ask(t, anne, "log", thread)   # the latest page; page 1 is the start
        assert log.content.startswith(f"**Pirate Chest #{game_id} — log, page ") and events[-1] in log.content
        first = await ask(t, anne, "log", thread, page=1)
        assert "page 1 of" in first.content and all(e in first.content for e in events[:3])

        topics = await ask(t, anne, "rules", thread)
        assert topics.content.startswith("Pirate Chest rules topics") and "`overview`" in topics.content and "`fighting`" in topics.content
        topic = await ask(t, anne, "rules", thread, topic="overview")
        assert topic.content.startswith("**Pirate Chest at a glance**")
        by_title = await ask(t, anne, "rules", thread, topic="pirate chest at a glance")
        assert by_title.content == topic.content
        unknown = await ask(t, anne, "rules", thread, topic="parley")
        assert unknown.content.startswith("✗ No topic 'parley'")
        offered = await t.autocomplete(anne, "rules", "topic", "fight", channel_id=thread)
        assert "fighting" in [c["value"] for c in offered]

        shown = await ask(t, jack, "settings")
        assert shown.content.startswith("DM on your turn: on") and "quiet hours: off (UTC)" in shown.content
        changed = await ask(t, jack, "settings", dm=False, reminder_hours=6.0, timezone="Europe/Paris",
                            quiet="23:00-08:00")
        assert "DM on your turn: off" in changed.content and "reminders after 6 h" in changed.content
        assert "quiet hours: 23:00–08:00 (Europe/Paris)" in changed.content
        prefs = await t.bot.store.get_user_settings(jack)
        assert (prefs.dm_notifications, prefs.reminder_hours, prefs.timezone) == (False, 6.0, "Europe/Paris")
        bad_zone = await ask(t, jack, "settings", timezone="Mars/Olympus")
        assert bad_zone.content.startswith("✗ 'Mars/Olympus' is not a time zone I know")
        bad_quiet = await ask(t, jack, "settings", quiet="soon")
        assert bad_quiet.content.startswith("✗ Quiet hours look like 22:00-07:00")
        off = await ask(t, jack, "settings", quiet="off")
        assert "quiet hours: off (Europe/Paris)" in off.content
        assert (await t.bot.store.get_user_settings(jack)).reminder_hours == 6.0
        t.assert_clean()


async def test_undo_takes_back_a_quiet_decision_but_not_a_roll(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        anne = fake.user_ids[0]
        game_id, thread = await t.open_table(options='{"captains": ["kidd", "sparrow", "jones", "horatio"]}', seed="undo")
        rand = random.Random(9)
        for _ in range(30):   # until Captain Kidd (anne) may use Privateer
            seat, user = await t.pending_human(game_id)
            if user == anne and "privateer" in await t.bot.table.legal(game_id, seat):
                break
            await take_turn(t, game_id, rand)
            await t.settle()
        else:
            raise AssertionError("Captain Kidd never got to sail")
        log = await t.bot.store.log(game_id)

        played = await ask(t, anne, "play", thread, action="privateer")
        assert played.content.startswith("✓ Sail 1 space (Privateer)"), played.content
        assert all(n.startswith("sail 1 ") for n in await t.bot.table.legal(game_id, seat))
        version = await version_of(t, game_id)
        taken_back = await ask(t, anne, "undo", thread)
        assert taken_back.content.startswith("↩ Taken back.")
        assert await t.bot.store.log(game_id) == log
        assert await version_of(t, game_id) == version + 1
        assert "privateer" in await t.bot.table.legal(game_id, seat)
        await t.settle()
        assert "The last decision was taken back." in (await t.bot.notifier.public_events(game_id))

        rolled = await ask(t, anne, "play", thread, action="roll")
        assert rolled.content.startswith("✓ Roll"), rolled.content
        version = await version_of(t, game_id)
        refused = await ask(t, anne, "undo", thread)
        assert refused.content.startswith("✗ '") and "revealed something" in refused.content, refused.content
        assert await version_of(t, game_id) == version
        now = await t.bot.store.log_rows(game_id)
        live = [r for r in now if not r.undone]
        assert [(r.seat, r.notation) for r in live[:len(log) + 1]] == [*log, (seat, "roll")]
        # anything after the roll is a move with a single option, played for her (a forced sail)
        assert all(r.seat == seat and r.automatic for r in live[len(log) + 1:])
        t.assert_clean()


async def test_game_subcommands(db: Path) -> None:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        anne, jack, mary = fake.user_ids
        game_id, thread = await t.open_table()
        await ask(t, jack, "game new", game="pirate_chest", players=3)   # a second game, in its lobby
        lobby = fake.threads()[-1].id

        listed = await ask(t, mary, "game list")
        lines = listed.content.split("\n")
        assert lines[0] == f"• Pirate Chest #{game_id} — active, 4/4 seats — <#{thread}>"
        assert lines[1].startswith(f"• Pirate Chest #{game_id + 1} — lobby, 1/3 seats — <#{lobby}>")
        assert (await ask(t, mary, "game list", thread)).content == listed.content   # from a thread too

        status = await ask(t, mary, "game status", thread)
        assert status.content.startswith(f"**Pirate Chest #{game_id}** — active")
        assert f"1. <@{anne}>" in status.content and "Waiting on" in status.content
        assert mentioned(fake, status) == set()

        # only the host (or a moderator) may kick or cancel
        kick = await ask(t, jack, "game kick", thread, member=mary)
        assert kick.content.startswith("✗ Only the host or a moderator"), kick.content
        cancel = await ask(t, jack, "game cancel", thread)
        assert cancel.content.startswith("✗ Only the host or a moderator"), cancel.content
        assert (await t.bot.store.load(game_id)).seat_of(mary) is not None

        # leaving a running game hands the seat to a bot, which plays it at once
        rand = random.Random(6)
        for _ in range(30):
            seat, user = await t.pending_human(game_id)
            if user == mary:
                break
            await take_turn(t, game_id, rand)
            await t.settle()
        else:
            raise AssertionError("mary never got a turn")
        log = len(await t.bot.store.log(game_id))
        asked = await ask(t, mary, "game leave", thread)
        assert asked.content.startswith(f"Leave Pirate Chest #{game_id}?"), asked.content
        assert (await t.bot.store.load(game_id)).seats[seat].user_id == mary     # nothing yet: it asks first
        confirm = f"parley:leave:{game_id}:{mary}"
        assert confirm in custom_ids(asked)
        await t.click(mary, asked.id, confirm)
        assert fake.world.messages[asked.id].content == "You left; a bot plays your seat from now on."
        await t.settle()
        assert any(m.content.startswith(f"🚪 <@{mary}> left Pirate Chest #{game_id}") for m in t.bot_posts(thread))
        record = await t.bot.store.load(game_id)
        assert record.seats[seat].user_id is None and record.seats[seat].bot_policy == "greedy"
        assert any(r.seat == seat for r in (await t.bot.store.log_rows(game_id))[log:])
        now_seat, now_user = await t.pending_human(game_id)
        assert now_user != mary
        again = await ask(t, mary, "game leave", thread)
        assert again.content.startswith("✗ You are not seated")

        # the host kicks a player of the running game: a bot takes the seat too
        kicked = await ask(t, anne, "game kick", thread, member=jack)
        assert kicked.content.endswith("was removed from seat 2.")
        await t.settle()
        assert any(m.content.startswith(f"🚪 <@{jack}> was removed from seat 2 by <@{anne}>")
                   for m in t.bot_posts(thread))
        assert any("You were removed from Pirate Chest" in m.content for m in fake.dm_messages(jack))
        assert (await t.bot.store.load(game_id)).seats[1].bot_policy == "greedy"

        # the host cancels; the thread hears it and the game takes no more moves
        done = await ask(t, anne, "game cancel", thread)
        assert done.content == f"Pirate Chest #{game_id} is cancelled."
        assert (await t.bot.store.load(game_id)).status == "cancelled"
        await fake.wait_for_message(
            lambda m: m.channel_id == thread and m.content == f"Pirate Chest #{game_id} was cancelled by <@{anne}>.")
        assert await t.bot.store.timers_of(game_id) == []
        late = await ask(t, anne, "play", thread, action="roll")
        assert late.content.startswith("✗"), late.content
        assert [g.id for g in await t.bot.store.list_games(status=("lobby", "active"))] == [game_id + 1]
        t.assert_clean()


async def test_typed_play_takes_a_whole_move_or_its_label_never_a_leading_part(db: Path) -> None:
    """Issue 26, item 7: the first word of a longer move is offered back, never played; a move's
    label typed word for word (any case) plays that move."""
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        game_id, thread = await t.open_table()
        seat, user = await t.pending_human(game_id)
        legal = await t.bot.table.legal(game_id, seat)
        record, state = await t.bot.table.load(game_id)
        choices = choices_for(record, state, seat)
        longer = next(n for n in legal if " " in n and n.split()[0] not in legal)
        version = await version_of(t, game_id)
        part = await ask(t, user, "play", thread, action=longer.split()[0])
        assert part.content.startswith(f"✗ '{longer.split()[0]}' is only the start of a move: did you mean"), part.content
        assert f"'{longer}'" in part.content
        assert await version_of(t, game_id) == version

        chosen = choices[-1]
        log = len(await t.bot.store.log(game_id))
        done = await ask(t, user, "play", thread, action=chosen.label.upper())
        assert done.content.startswith(f"✓ {chosen.label}"), done.content
        await t.settle()
        rows = (await t.bot.store.log_rows(game_id))[log:]
        assert rows[0].seat == seat and rows[0].notation == chosen.notation
        t.assert_clean()


async def test_rules_without_a_topic_is_an_index_of_every_topic_that_fits(db: Path) -> None:
    """Issue 26, item 5: for every game, /rules alone lists all its topics within Discord's 2,000
    characters (docs/resources/Message.md, "Create Message": content up to 2000), starting with
    how to begin (the overview); none is cut away."""
    from engine.core import all_games
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        anne = fake.user_ids[0]
        for game in all_games():
            topics = game.help_topics()
            if not topics:
                continue
            index = await ask(t, anne, "rules", game=game.id)
            assert index.content.startswith(f"{game.title} rules topics") and len(index.content) <= 2000
            assert all(f"(`{key}`)" in index.content for key in topics), game.id
            first, *rest = topics
            assert all(index.content.index(f"(`{first}`)") < index.content.index(f"(`{k}`)") for k in rest)
            assert "left out" not in index.content
        t.assert_clean()
