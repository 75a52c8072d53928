"""No player is ever told another seat's secret, by any path a player can take.

Three humans and a bot play whole games, each human decision made one of three ways in turn:
`/play` typed (from its autocomplete), the **Your move** panel in the thread, and the buttons
of the "your move" DM, with `/hand` and `/board` asked now and then. After every step, every
message a player can read that appeared or changed since the last step — ephemeral replies and
their edits, DMs, buttons and menus, image metadata — and every autocomplete entry they were
offered, is checked against the private sentences of the game so far: a sentence the engine
made visible only to other seats, and never to this player, is a leak.

The checker is shown to see the leak of the first release (a /play reply naming the next
seat's draw) by putting that bug back for one game.

One more game is played with standing orders set, different ones for two of the humans and none
for the third: the orders answer some prompts at once, and besides the secrets no message tells
a player of an order they did not set (its label, or that one answered), and no public message
names any.
"""
from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import table.seen
from cogs.describe import choices_for
from engine.core import Event, get_game
from engine.core.orders import order_book
from engine.core.policy import get_policy
from tests.e2e.driver import notations_by_label, open_panel, panel_options
from tests.e2e.harness import Table, components, parley_bot
from tests.e2e.test_privacy import readable_texts
from tests.fake_discord import FakeDiscord
from tests.fake_discord.model import Message

TURN_LIMIT = 12           # a house rule of the game: whole games within an e2e test's time
MAX_STEPS = 600           # no test can hang: a game longer than this fails with where it stopped
PATHS = ("typed", "thread panel", "dm panel")
ORDERS = (("stand", "no-fight-cards"), ("escape", "no-girl-power"), ())   # by human, in seat order
ORDER_WORDS = ("standing order",)
ORDERS_TABLE = "o1"   # a table seed whose 12 turns have fights where both players' orders answer


@dataclass
class Secrets:
    """Private sentences told so far: to whom each was told."""
    told: dict[str, set[int]] = field(default_factory=lambda: defaultdict(set))

    def note(self, events: list[Event]) -> None:
        for e in events:
            if e.visible_to is not None:
                self.told[e.text].update(e.visible_to)

    def leaks(self, seat: int, text: str) -> list[str]:
        return [s for s, seats in self.told.items() if seat not in seats and s in text]


@dataclass
class Watch:
    t: Table
    secrets: Secrets
    seats: dict[int, int]                                  # user id -> seat
    checked: dict[int, int] = field(default_factory=dict)  # message id -> versions checked
    found: list[str] = field(default_factory=list)
    used: Counter[str] = field(default_factory=Counter)     # decisions made by each path
    orders: dict[int, tuple[str, ...]] = field(default_factory=dict)   # user id -> orders set
    orders_checked: dict[int, int] = field(default_factory=dict)       # message id -> versions checked

    def check_new_messages(self, where: str) -> None:
        for m in self.t.fake.messages():
            if m.visibility == "public" or m.audience not in self.seats:
                continue
            versions = len(m.history) + 1
            if self.checked.get(m.id) == versions:
                continue
            self.checked[m.id] = versions
            self.check_text(m.audience, "\n".join(readable_texts(m)), f"{where}: {m.visibility} message {m.id}")
        if self.orders:
            self.check_orders(where)

    def check_orders(self, where: str) -> None:
        """No public message names an order; a private one names only its reader's own."""
        book = order_book(get_game("pirate_chest"))
        for m in self.t.fake.messages():
            if self.orders_checked.get(m.id) == len(m.history) + 1:
                continue
            self.orders_checked[m.id] = len(m.history) + 1
            mine = self.orders.get(m.audience or 0, ()) if m.visibility != "public" else ()
            text = "\n".join(readable_texts(m)).lower()
            named = [o.id for o in book.orders if o.id not in mine and o.label.lower() in text]
            named += [w for w in ORDER_WORDS if not mine and w in text and "/orders" not in m.content]
            if named:
                self.found.append(f"{where}: {m.visibility} message {m.id} to {m.audience} names {named}")

    def check_text(self, user: int, text: str, where: str) -> None:
        for leak in self.secrets.leaks(self.seats[user], text):
            self.found.append(f"{where} to seat {self.seats[user] + 1}: {leak!r}")


def watch_table(t: Table, secrets: Secrets) -> None:
    """Every decision, a player's or a bot's, reports its events to `secrets` as it commits."""
    act = t.bot.table.act

    async def noted(*args: Any, **kwargs: Any) -> Any:
        result = await act(*args, **kwargs)
        secrets.note(result.all_events)
        return result
    t.bot.table.act = noted  # type: ignore[method-assign]


def chosen(game: Any, s: Any, seat: int, rand: random.Random) -> str:
    bot = get_policy(game.id, "greedy", rand.randrange(1 << 30))
    return game.notate(s, bot.choose(game, s, seat))


def latest_dm_panel(t: Table, user: int, game_id: int) -> Message | None:
    panels = [m for m in t.fake.dm_messages(user)
              if any(c.get("custom_id", "").startswith((f"parley:do:{game_id}:", f"parley:pick:{game_id}:"))
                     for c in components(m))]
    return panels[-1] if panels else None


async def click_option(t: Table, game_id: int, seat: int, user: int, panel: Message, notation: str) -> bool:
    """Click the option that means `notation` (panels show plain words, not notations)."""
    record, s = await t.bot.table.load(game_id)
    meaning = notations_by_label(record, s, seat)
    for label, cid, value in panel_options(panel):
        if meaning.get(label) == notation:
            await t.click(user, panel.id, cid, values=[value] if value is not None else None)
            return True
    return False


async def decide(t: Table, w: Watch, game_id: int, path: str, rand: random.Random,
                 notation: str | None = None) -> None:
    """A waited-on human makes one decision by `path`: the greedy bot's, or `notation`."""
    seat, user = await t.pending_human(game_id)
    record, s = await t.bot.table.load(game_id)
    game = get_game(record.game_type)
    notation = notation or chosen(game, s, seat, rand)
    if path == "typed":
        offered = await t.autocomplete(user, "play", "action", notation, channel_id=record.thread_id)
        w.check_text(user, "\n".join(c["name"] for c in offered), "autocomplete")
        index = next(c.index for c in choices_for(record, s, seat) if c.notation == notation)
        pick = next(c["value"] for c in offered if c["value"].startswith(f"{index}@"))
        await t.slash(user, "play", channel_id=record.thread_id, action=pick)
    else:
        panel = latest_dm_panel(t, user, game_id) if path == "dm panel" else None
        if panel is None or not await click_option(t, game_id, seat, user, panel, notation):
            path = "thread panel"   # no DM panel with this option (e.g. a stale one): the thread's
            panel = await open_panel(t, user, record.thread_id or 0, game_id)
            assert await click_option(t, game_id, seat, user, panel, notation), f"{notation!r} not on the panel"
    w.used[path] += 1
    if rand.random() < 0.1:
        await t.slash(user, "hand", channel_id=record.thread_id)
    await t.settle()


async def play_watched(t: Table, game_id: int, seed: int, w: Watch) -> int:
    rand = random.Random(seed)
    for step in range(MAX_STEPS):
        await t.settle()
        w.check_new_messages(f"step {step}")
        record, _ = await t.bot.table.load(game_id)
        if record.status == "finished":
            return step
        await decide(t, w, game_id, PATHS[step % len(PATHS)], rand)
    raise AssertionError(f"the game did not finish in {MAX_STEPS} decisions")


async def set_orders(t: Table, thread: int, w: Watch) -> None:
    for user, orders in zip(t.fake.user_ids, ORDERS, strict=False):
        for order in orders:
            await t.slash(user, "orders set", channel_id=thread, order=order)
        w.orders[user] = orders


async def run_game(db: Path | str, seed: int, *, orders: bool = False, table_seed: str = "e2e") -> tuple[Watch, int]:
    async with FakeDiscord() as fake, parley_bot(fake, db) as t:
        secrets = Secrets()
        watch_table(t, secrets)
        game_id, thread = await t.open_table(options=f"turn_limit={TURN_LIMIT}", seed=table_seed)
        record = await t.bot.store.load(game_id)
        seats = {s.user_id: s.seat for s in record.seats if s.user_id is not None}
        w = Watch(t, secrets, seats)
        if orders:
            await set_orders(t, thread, w)
        steps = await play_watched(t, game_id, seed, w)
        w.check_new_messages("the end")
        t.assert_clean()
        if orders:   # the orders did answer, for both players who set some
            answered = {r.seat for r in await t.bot.store.log_rows(game_id) if r.by_order and not r.undone}
            assert answered == {0, 1}, f"orders answered for seats {answered}"
        return w, steps


@pytest.mark.parametrize("seed", [3, 11])
async def test_no_player_is_told_another_seats_secret_by_any_path(db: Path, seed: int) -> None:
    w, steps = await run_game(db, seed)
    assert not w.found, "\n".join(w.found[:20])
    # the games were real: private news was told, to several seats, and every path was used
    assert steps >= 3 * len(PATHS) and all(w.used[p] >= 3 for p in PATHS), w.used
    assert len({seat for seats in w.secrets.told.values() for seat in seats}) >= 3
    assert len(w.checked) >= 20


async def test_with_standing_orders_set_no_player_is_told_another_seats_secret_or_order(db: Path) -> None:
    w, steps = await run_game(db, 3, orders=True, table_seed=ORDERS_TABLE)
    assert not w.found, "\n".join(w.found[:20])
    assert steps >= 3 * len(PATHS) and all(w.used[p] >= 3 for p in PATHS), w.used


async def test_the_checker_finds_the_old_leak_when_it_is_put_back(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first release answered /play with the decision's last event, whoever it was for."""
    monkeypatch.setattr(table.seen, "visible_texts", lambda events, viewer: [e.text for e in events])
    w, _ = await run_game(db, 3)
    assert w.found, "the checker did not see private events told to the wrong seat"
