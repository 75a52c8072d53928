"""Sealed choices and panels built before the other seat locked in (cogs/panel.py, seat_key).

In a round of sealed combat orders (Merchants & Marauders) both captains are sent a DM panel;
the first order in moves the game's version on. The second captain's panel is still the decision
that seat faces (it has decided nothing since, and its options are the same ones in the same
order), so its first click counts. A panel from an earlier round (the seat has ordered since),
a panel whose options are not the seat's options now, and a custom id from before the key (no
last part) are refused with the current panel, as every stale panel was before.

The game is driven to a sealed round by the table service directly (every seat, the bot's too,
takes the greedy choice), so reaching it takes a couple of seconds; the clicks are Discord's."""
from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cogs.describe import choices_for
from cogs.panel import panel_view, seat_key
from engine.core import get_game
from store.errors import BOARD_CHANGED
from tests.e2e.driver import panel_options
from tests.e2e.harness import Table, components, parley_bot
from tests.e2e.test_merchants_marauders_game import orders_open
from tests.e2e.test_privacy_every_path import chosen, click_option, latest_dm_panel
from tests.fake_discord import FakeDiscord
from tests.fake_discord.model import Message

GAME = "merchants_marauders"
MAX_STEPS = 3000
OLD_FORMAT = re.compile(r"parley:(do|pick|page):\d+:\d+:\d+")   # custom ids before the key


async def to_sealed_round(t: Table, game_id: int, humans: list[int], rand: random.Random) -> Any:
    """Play on (every seat greedy) until a round of orders waits on both people and neither has
    ordered; then let the bot post, so each has a DM panel for it. Returns the state."""
    game = get_game(GAME)
    for _ in range(MAX_STEPS):
        record, s = await t.bot.table.load(game_id)
        pending = game.pending(s)
        assert pending is not None, "the game ended before a sealed round with both people"
        if orders_open(s) and set(humans) <= set(pending.waiting_on) and not s.fight.orders.locked:
            await t.settle()
            return s
        seat = pending.waiting_on[0]
        await t.bot.table.play(game_id, seat, chosen(game, s, seat, rand))
    raise AssertionError(f"no sealed round with both people in {MAX_STEPS} decisions")


def version_of(panel: Message) -> int:
    ids = [c["custom_id"] for c in components(panel) if c.get("custom_id", "").startswith(("parley:do:", "parley:pick:"))]
    assert ids, f"not a panel with options: {panel.content[:200]}"
    return int(ids[0].split(":")[3])


async def decisions(t: Table, game_id: int, seat: int) -> int:
    return sum(1 for r in await t.bot.store.log_rows(game_id) if r.seat == seat)


async def notations(t: Table, game_id: int, seat: int) -> list[str]:
    record, s = await t.bot.table.load(game_id)
    return [c.notation for c in choices_for(record, s, seat)]


async def pick(t: Table, game_id: int, seat: int, user: int, panel: Message, rand: random.Random) -> str:
    """Click the greedy order on `panel`, turning its pages first if it is on a later one."""
    record, s = await t.bot.table.load(game_id)
    notation = chosen(get_game(GAME), s, seat, rand)
    for _ in range(30):
        if await click_option(t, game_id, seat, user, panel, notation):
            return notation
        more = [c["custom_id"] for c in components(panel) if c.get("label") == "More ▶"]
        assert more, f"{notation!r} is on no page of the panel"
        await t.click(user, panel.id, more[0])
        panel = t.fake.world.messages[panel.id]
        assert not panel.content.startswith(BOARD_CHANGED), "the page button was refused"
    raise AssertionError("too many pages")


class Sealed:
    """A game at a sealed round: seats `first` and `second` (people), with their DM panels."""

    def __init__(self, t: Table, game_id: int, seats: dict[int, int], rand: random.Random) -> None:
        self.t, self.game_id, self.users, self.rand = t, game_id, seats, rand
        self.first, self.second = sorted(seats)

    @classmethod
    async def open(cls, t: Table, rand: random.Random) -> Sealed:
        game_id, _ = await t.open_table(game=GAME, humans=2, bots=1, seed="stale-panels")
        record = await t.bot.store.load(game_id)
        seats = {s.seat: s.user_id for s in record.seats if s.user_id is not None}
        sealed = cls(t, game_id, seats, rand)
        await to_sealed_round(t, game_id, list(seats), rand)
        return sealed

    async def dm_panel(self, seat: int) -> Message:
        panel = latest_dm_panel(self.t, self.users[seat], self.game_id)
        assert panel is not None, f"seat {seat + 1} got no DM panel for the sealed round"
        record = await self.t.bot.store.load(self.game_id)
        assert version_of(panel) == record.version, "the DM panel is not of the round now"
        return panel

    async def lock_first(self) -> None:
        """The first seat gives its order from its own DM panel: the version moves on."""
        before = (await self.t.bot.store.load(self.game_id)).version
        await pick(self.t, self.game_id, self.first, self.users[self.first], await self.dm_panel(self.first),
                   self.rand)
        await self.t.settle()
        _, s = await self.t.bot.table.load(self.game_id)
        assert (await self.t.bot.store.load(self.game_id)).version > before
        assert s.fight.orders.locked == [self.first], "the first order is not the only one in"

    async def accepted(self, panel: Message) -> None:
        """The second seat's click on `panel` counts, the first time."""
        seat, before = self.second, await decisions(self.t, self.game_id, self.second)
        assert version_of(panel) < (await self.t.bot.store.load(self.game_id)).version, "the panel is not stale"
        await pick(self.t, self.game_id, seat, self.users[seat], panel, self.rand)
        answer = self.t.fake.world.messages[panel.id].content
        assert answer.startswith("✓"), answer[:300]
        assert await decisions(self.t, self.game_id, seat) == before + 1

    async def refused(self, panel: Message) -> None:
        """The second seat's click on the first option of `panel` (an index that means the same
        order now) is refused with the current panel, and the game does not change."""
        seat, record = self.second, await self.t.bot.store.load(self.game_id)
        _, cid, value = panel_options(panel)[0]
        await self.t.click(self.users[seat], panel.id, cid, values=[value] if value is not None else None)
        answer = self.t.fake.world.messages[panel.id].content
        assert answer.startswith(BOARD_CHANGED), answer[:300]
        assert (await self.t.bot.store.load(self.game_id)).version == record.version, "a refused click acted"

    async def send_panel(self, seat: int, choices: list[Any], key: str) -> Message:
        """A DM panel for `seat` built now by panel_view (`key` "" is the format before keys)."""
        record = await self.t.bot.store.load(self.game_id)
        before = len(self.t.fake.dm_messages(self.users[seat]))
        assert await self.t.bot.notifier.dm(record, seat, "your order", view=panel_view(
            self.game_id, record.version, choices, key=key))
        sent = self.t.fake.dm_messages(self.users[seat])[before:]
        assert len(sent) == 1
        return sent[0]


LAYOUTS = {"buttons": {}, "select menu": {"MAX_BUTTONS": 0}, "paged select": {"MAX_BUTTONS": 0, "PAGE": 1}}


@pytest.mark.parametrize("layout", LAYOUTS)
async def test_the_second_seats_dm_panel_from_before_the_first_order_counts_on_its_first_click(
        db: Path, layout: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in LAYOUTS[layout].items():
        monkeypatch.setattr(f"cogs.panel.{name}", value)
    async with FakeDiscord(users=("anne", "jack", "cora")) as fake, parley_bot(fake, db) as t:
        g = await Sealed.open(t, random.Random(1))
        panel = await g.dm_panel(g.second)   # built before the first order is in
        await g.lock_first()
        await g.accepted(panel)
        t.assert_clean()


async def test_a_panel_from_an_earlier_round_is_refused_though_its_orders_are_the_same(db: Path) -> None:
    async with FakeDiscord(users=("anne", "jack", "cora")) as fake, parley_bot(fake, db) as t:
        rand = random.Random(1)
        g = await Sealed.open(t, rand)
        earlier: dict[tuple[str, ...], Message] = {}   # the second seat's orders -> its first DM panel for them
        for _ in range(40):   # until a sealed round offers the second seat orders an earlier one did
            offered = tuple(await notations(t, g.game_id, g.second))
            if offered in earlier:
                break
            earlier[offered] = await g.dm_panel(g.second)
            for seat in (g.first, g.second):   # both order by the table (the DM panels stay as sent)
                _, s = await t.bot.table.load(g.game_id)
                await t.bot.table.play(g.game_id, seat, chosen(get_game(GAME), s, seat, rand))
            await to_sealed_round(t, g.game_id, [g.first, g.second], rand)
        else:
            raise AssertionError("no sealed round offered the same orders as an earlier one")
        now = await g.dm_panel(g.second)
        assert now.id != earlier[offered].id and version_of(earlier[offered]) < version_of(now)
        await g.lock_first()
        await g.refused(earlier[offered])    # ordered since: not this round's panel
        await g.accepted(now)
        t.assert_clean()


async def test_a_panel_whose_options_are_not_the_seats_options_now_is_refused(db: Path) -> None:
    async with FakeDiscord(users=("anne", "jack", "cora")) as fake, parley_bot(fake, db) as t:
        g = await Sealed.open(t, random.Random(1))
        genuine = await g.dm_panel(g.second)
        record, s = await t.bot.table.load(g.game_id)   # an order more than the seat has, as if it had it
        choices = choices_for(record, s, g.second)
        missing = next(o for o in ("flee", "board", "hooks") if o not in {c.notation for c in choices})
        other = [*choices, replace(choices[-1], index=len(choices), notation=missing, label=missing.title())]
        changed = await g.send_panel(g.second, other, await seat_key(t.bot.store, g.game_id, g.second,
                                                                      record.version, other))
        await g.lock_first()
        await g.refused(changed)   # its first option means the same order now: the key refuses it
        await g.accepted(genuine)
        t.assert_clean()


async def test_a_custom_id_from_before_the_key_is_still_read_and_strict(db: Path) -> None:
    async with FakeDiscord(users=("anne", "jack", "cora")) as fake, parley_bot(fake, db) as t:
        g = await Sealed.open(t, random.Random(1))
        genuine = await g.dm_panel(g.second)
        record, s = await t.bot.table.load(g.game_id)
        old_second = await g.send_panel(g.second, choices_for(record, s, g.second), key="")
        old_first = await g.send_panel(g.first, choices_for(record, s, g.first), key="")
        assert all(OLD_FORMAT.fullmatch(c["custom_id"]) for m in (old_first, old_second) for c in components(m))
        # at the version it was built for, an old custom id acts as it always did
        before = await decisions(t, g.game_id, g.first)
        await pick(t, g.game_id, g.first, g.users[g.first], old_first, g.rand)
        assert fake.world.messages[old_first.id].content.startswith("✓")
        assert await decisions(t, g.game_id, g.first) == before + 1
        await t.settle()
        # at any other version it is refused, as before; the keyed panel of the same moment counts
        await g.refused(old_second)
        await g.accepted(genuine)
        t.assert_clean()
