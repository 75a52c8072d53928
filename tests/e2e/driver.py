"""Plays a game through Discord as the seated users would: open the panel with **Your move**,
read the options on the buttons or select menu, click one. Choices come from the greedy bot's
scoring applied to the options the panel shows."""
from __future__ import annotations

import random
from typing import Any

from cogs.describe import choices_for
from cogs.fit import LABEL, shorten
from engine.core import get_game
from engine.pirate_chest.policy import score
from tests.e2e.harness import Table, components
from tests.fake_discord.model import Message

MAX_CLICKS_A_TURN = 200   # no test may hang: a turn longer than this fails with where it stopped


def notations_by_label(record: Any, state: Any, seat: int) -> dict[str, str]:
    """What each label on the seat's panel means, as a notation (the panel shows plain words)."""
    return {shorten(c.label, LABEL): c.notation for c in choices_for(record, state, seat)}


def panel_options(msg: Message) -> list[tuple[str, str, str | None]]:
    """(label, custom_id, select value) for every act option on a panel message."""
    options: list[tuple[str, str, str | None]] = []
    for c in components(msg):
        cid = c.get("custom_id", "")
        if cid.startswith("parley:do:"):
            options.append((c["label"], cid, None))
        elif cid.startswith("parley:pick:"):
            options += [(o["label"], cid, o["value"]) for o in c.get("options", [])]
    return options


def board_posts(t: Table, thread_id: int, game_id: int) -> list[Message]:
    """The game's board posts (the ones with a Your move button), oldest first."""
    posts = [m for m in t.fake.messages(thread_id) if f"parley:move:{game_id}" in
             [c.get("custom_id") for c in components(m)]]
    assert posts, "no board post with a Your move button"
    return posts


def latest_board(t: Table, thread_id: int, game_id: int) -> Message:
    return board_posts(t, thread_id, game_id)[-1]


async def open_panel(t: Table, user: int, thread_id: int, game_id: int) -> Message:
    opened = await t.click(user, latest_board(t, thread_id, game_id).id, f"parley:move:{game_id}")
    return t.reply_message(opened)


async def take_turn(t: Table, game_id: int, rand: random.Random) -> None:
    """One seat that the game waits on makes decisions until it is no longer waited on."""
    seat, user = await t.pending_human(game_id)
    record, s = await t.bot.table.load(game_id)
    game = get_game(record.game_type)
    panel = await open_panel(t, user, record.thread_id or 0, game_id)
    for _ in range(MAX_CLICKS_A_TURN):
        options = panel_options(panel)
        if not options:   # others acted since this panel was drawn: press Your move again
            panel = await open_panel(t, user, record.thread_id or 0, game_id)
            options = panel_options(panel)
        assert options, f"seat {seat} is waited on but its panel has no options: {panel.content}"
        record, s = await t.bot.table.load(game_id)
        notation = notations_by_label(record, s, seat)
        if any(label not in notation for label, _, _ in options):   # drawn before a move played for us
            panel = await open_panel(t, user, record.thread_id or 0, game_id)
            continue
        scored = [(score(s, seat, game.parse(s, seat, notation[label])) + rand.random() * 0.01, i)
                  for i, (label, _, _) in enumerate(options)]
        label, cid, value = options[max(scored)[1]]
        await t.click(user, panel.id, cid, values=[value] if value is not None else None)
        await t.settle()
        panel = t.fake.world.messages[panel.id]
        record, s = await t.bot.table.load(game_id)
        pending = game.pending(s)
        if pending is None or seat not in pending.waiting_on:
            return
    raise AssertionError(f"seat {seat + 1} was still deciding after {MAX_CLICKS_A_TURN} clicks: {panel.content[:300]}")


async def play_to_the_end(t: Table, game_id: int, seed: int = 0, max_turns: int = 5000) -> None:
    rand = random.Random(seed)
    for _ in range(max_turns):
        await t.settle()
        record, _ = await t.bot.table.load(game_id)
        if record.status == "finished":
            return
        await take_turn(t, game_id, rand)
    raise AssertionError("the game did not finish")


def hands_and_hidden(state: Any) -> tuple[set[str], set[str]]:
    """Card names in hands, and ids of face-down coins (what no public message may name)."""
    from engine.pirate_chest.defs import defs
    cards = {defs().cards[c].name for p in state.players for c in p.hand}
    coins = {c.id for coins in state.islands.values() for c in coins if not c.face_up}
    return cards, coins
