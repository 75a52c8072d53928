"""A whole 3-seat Merchants & Marauders game on Discord: two captains played by people and one
bot, every human decision made in turn by /play typed, the thread panel and the "your move" DM,
all of it watched for private sentences reaching the wrong player (tests/e2e/test_privacy_every_path.py)
and for another seat's glory cards, rumour and stash.

The players' choices are the greedy bot's, with one nudge until it has happened: a captain sails
towards the other person's ship and scouts for it, so the game has a naval combat between two
people. Every round of sealed combat orders with two people deciding is watched step by step:
both were sent a DM with a panel to give their order and the game waits on both; once one order
is in, nothing the other side (or anyone else) can read names it, and the views and the public
board image are exactly what they would be had that captain ordered otherwise; a player with no
seat, and the captain who has ordered, are refused and change nothing; when the second order is
in, one line shows both at once. Stash amounts, glory cards and rumours reach their owner by DM."""
from __future__ import annotations

import os
import random
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from engine.core import Event, get_game
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.policy import _distance
from engine.merchants_marauders.rules import fight
from engine.merchants_marauders.rules.fight import decider, side_name
from render.merchants_marauders.words import glory_text, rumour_text
from render.registry import renderer_for
from tests.e2e.driver import latest_board
from tests.e2e.harness import Table, components, parley_bot
from tests.e2e.heads import HeadWatch, heads_kept
from tests.e2e.test_privacy import readable_texts
from tests.e2e.test_privacy_every_path import PATHS, Secrets, Watch, click_option, decide, latest_dm_panel, watch_table
from tests.fake_discord import FakeDiscord
from tests.fake_discord.model import Message

SEED = os.environ.get("PARLEY_E2E_SEED", "marauders-e2e")   # another seed plays another whole game
MAX_STEPS = 3000          # a 3-seat game is about 900 decisions; fail with where it stopped
ORDER_LABELS = {"Shoot", "Board", "Flee", "Board with the boarding hooks"}
ORDER_WORDS = {o: re.compile(rf"\b({w})\b", re.IGNORECASE) for o, w in {   # an order in a sentence
    "shoot": "shoots?|shooting", "board": "boards?|boarding", "hooks": "hooks|boards?|boarding",
    "flee": "flees?|fleeing"}.items()}
STASH_LINE = re.compile(r"\*\*Stash:\*\* (\d+) gold \(private\)")


def orders_open(s: Any) -> bool:
    return bool(s.stack) and isinstance(s.stack[-1], P.OrdersPrompt) and s.fight is not None \
        and s.fight.orders is not None


def with_other_order(s: Any, seat: int) -> Any:
    """The same state had `seat` given another order."""
    t = s.model_copy(deep=True)
    choices = t.fight.orders.choices
    choices[seat] = "flee" if choices[seat] != "flee" else "shoot"
    return t


def own_texts(m: Message) -> list[str]:
    """What a reader can read off a message but its buttons and menus (their own options)."""
    return readable_texts(replace(m, components=[]))


LINES: dict[tuple[int, int], set[str]] = {}   # (message id, versions) -> its lines, read once


def message_lines(m: Message) -> set[str]:
    key = (m.id, len(m.history))
    if key not in LINES:
        LINES[key] = {line for x in own_texts(m) for line in x.splitlines()}
    return LINES[key]


def lines_for(t: Table, user: int | None) -> set[str]:
    """Every line `user` can read (None: anyone in the thread), every version of every message,
    but the options on their own buttons and menus."""
    return {line for m in t.fake.messages() if m.visibility == "public" or m.audience == user
            for line in message_lines(m)}


@dataclass
class SealedRound:
    """One round of combat orders while it is sealed."""
    key: int                                   # s.reveals when it opened: one per sealed round
    round_no: int
    deciders: tuple[int, ...]
    names: dict[str, str]                      # role -> side name
    roles: dict[str, int]                      # role -> the seat that orders for it
    known: dict[int | None, set[str]]          # reader -> the lines they could read when it opened
    orders: dict[int, str] = field(default_factory=dict)   # seat -> its locked order
    images_checked: set[int] = field(default_factory=set)

    def reveal(self) -> str:
        o = {r: self.orders[seat] for r, seat in self.roles.items()}
        return (f"Round {self.round_no} orders: {self.names['aggressor']} {o['aggressor']}, "
                f"{self.names['defender']} {o['defender']}")


@dataclass
class Sealing:
    """Watches every sealed round of combat orders (module docstring)."""
    t: Table
    game_id: int
    users: dict[int, int]                      # seat -> user id, the humans
    outsider: int                              # a user with no seat
    current: SealedRound | None = None
    rounds: int = 0                            # sealed rounds with two people deciding
    captains: int = 0                          # of them, rounds of a fight between the two people
    pairs: int = 0                             # (order in, other reader) pairs checked
    refusals: int = 0
    found: list[str] = field(default_factory=list)

    async def observe(self, s: Any, record: Any, dms_before: dict[int, int]) -> None:
        if self.current is not None and (not orders_open(s) or s.reveals != self.current.key):
            self.closed()
        if not orders_open(s):
            return
        if self.current is None:
            self.opened(s, record, dms_before)
        r = self.current
        assert r is not None
        for seat in s.fight.orders.locked:
            r.orders[seat] = s.fight.orders.choices[seat]
        for seat in s.fight.orders.locked:
            await self.check_sealed(s, record, r, seat)

    def opened(self, s: Any, record: Any, dms_before: dict[int, int]) -> None:
        f = s.fight
        roles = {role: d for role in ("aggressor", "defender") if (d := decider(s, role)) is not None}
        self.current = SealedRound(key=s.reveals, round_no=f.round_no, deciders=tuple(f.orders.seats),
                                   names={role: side_name(s, role) for role in ("aggressor", "defender")},
                                   roles=roles, known={u: lines_for(self.t, u) for u in
                                                       [None, self.outsider, *self.users.values()]})
        humans = [d for d in f.orders.seats if d in self.users]
        if len(humans) < 2:
            return
        self.rounds += 1
        self.captains += {x.seat for x in f.sides.values()} == set(humans)
        pending = get_game(record.game_type).pending(s)
        assert pending is not None and set(pending.waiting_on) == set(humans), \
            f"the orders wait on {pending and pending.waiting_on}, not on both captains {humans}"
        for seat in humans:           # each was sent a DM to give the order with
            new = self.t.fake.dm_messages(self.users[seat])[dms_before[self.users[seat]]:]
            said = "\n".join(x for m in new for x in readable_texts(m))
            assert P.OrdersPrompt.text in said, f"seat {seat + 1} got no DM asking for a combat order"
            labels = {c.get("label") for m in new for c in components(m)} | \
                {o.get("label") for m in new for c in components(m) for o in c.get("options", [])}
            assert labels & ORDER_LABELS, f"seat {seat + 1}'s DM has no order to click: {labels}"

    async def check_sealed(self, s: Any, record: Any, r: SealedRound, seat: int) -> None:
        """`seat`'s order is in and the other is not: nobody else can tell which it is."""
        game = get_game(record.game_type)
        other = with_other_order(s, seat)
        assert game.view(other, None) == game.view(s, None), "the public view shows a sealed order"
        if seat not in r.images_checked:
            names = {x.seat: x.display_name for x in record.seats}
            board = renderer_for(game.id).board
            assert board(game.view(other, None), names) == board(game.view(s, None), names), \
                "the public board image shows a sealed order"
            r.images_checked.add(seat)
        name = next(n for role, n in r.names.items() if r.roles.get(role) == seat)
        said = ORDER_WORDS[r.orders[seat]]
        readers = [u for x, u in self.users.items() if x != seat] + [self.outsider]
        for user in readers:
            reader = next((x for x, u in self.users.items() if u == user), None)
            if reader is not None:
                assert game.view(other, reader) == game.view(s, reader), f"seat {reader + 1}'s view shows an order"
            new = lines_for(self.t, user) - r.known[user]
            for line in new:
                if (name in line and said.search(line)) or " orders: " in line:
                    self.found.append(f"round {r.round_no}: user {user} can read {line!r} before the reveal")
            self.pairs += 1

    def closed(self) -> None:
        r, self.current = self.current, None
        assert r is not None
        if not all(d in r.orders for d in r.deciders):
            return                     # seen only after it was over (opened and revealed within one step)
        assert any(r.reveal() in line for line in lines_for(self.t, None)), f"no public line shows both orders: {r.reveal()!r}"

    async def refused(self, s: Any, record: Any, locked: int, notation: str) -> None:
        """A player with no seat and the captain whose order is in cannot give an order."""
        thread = record.thread_id
        attempts = [(self.outsider, "not seated"), (self.users[locked], "not your move")]
        for user, words in attempts:
            rec = await self.t.slash(user, "play", channel_id=thread, action=notation)
            reply = self.t.reply_message(rec)
            assert reply.visibility == "ephemeral" and words in reply.content.lower(), reply.content
        rec = await self.t.click(self.outsider, latest_board(self.t, thread, self.game_id).id,
                                 f"parley:move:{self.game_id}")
        assert "not seated" in self.t.reply_message(rec).content.lower()
        await self.t.settle()
        _, again = await self.t.bot.table.load(self.game_id)
        assert again.model_dump() == s.model_dump(), "a refused order changed the game"
        self.refusals += 1


def nudge(s: Any, seat: int, other: int, legal: list[Any], greedy: Any) -> str | None:
    """Scout for the other person's ship when it may, else sail towards it instead of elsewhere."""
    game = get_game("merchants_marauders")
    for a in legal:
        if isinstance(a, A.Scout) and a.target == f"p{other + 1}":
            return str(game.notate(s, a))
    target = s.players[other].zone
    if isinstance(greedy, (A.Move, A.WindMove)) and target is not None:
        moves = [a for a in legal if isinstance(a, (A.Move, A.WindMove))]
        return str(game.notate(s, min(moves, key=lambda a: _distance(a.to, target))))
    return None


@dataclass
class Holdings:
    """Glory cards, rumours and stash amounts: what each seat held, and who was told."""
    held: dict[int, set[str]] = field(default_factory=dict)       # seat -> names it ever held
    stashes: dict[int, set[int]] = field(default_factory=dict)    # seat -> amounts its stash had
    rumours: dict[int, set[str]] = field(default_factory=dict)    # seat -> rumour cards it held
    found: list[str] = field(default_factory=list)
    checked: dict[int, int] = field(default_factory=dict)

    def note(self, s: Any) -> None:
        for seat, p in enumerate(s.players):
            names = {glory_text(c)[0] for c in p.glory_cards} | ({rumour_text(p.rumour)[0]} if p.rumour else set())
            self.held.setdefault(seat, set()).update(names)
            self.stashes.setdefault(seat, {0}).add(p.stash)
            self.rumours.setdefault(seat, set()).update({p.rumour} if p.rumour else set())

    def check(self, t: Table, s: Any, seats: dict[int, int], where: str) -> None:
        """A glory card or rumour another seat holds, named to a player who never held one of
        that name and in no public message; a stash line with an amount the reader never had."""
        public: str | None = None
        for m in t.fake.messages():
            if m.visibility == "public" or m.audience not in seats or self.checked.get(m.id) == len(m.history) + 1:
                continue
            self.checked[m.id] = len(m.history) + 1
            reader, text = seats[m.audience], "\n".join(readable_texts(m))
            for amount in STASH_LINE.findall(text):
                if int(amount) not in self.stashes[reader]:
                    self.found.append(f"{where}: seat {reader + 1} is shown a stash of {amount}")
            for seat, p in enumerate(s.players):
                names = {glory_text(c)[0] for c in p.glory_cards} | ({rumour_text(p.rumour)[0]} if p.rumour else set())
                for n in names - self.held[reader]:
                    if n in text:
                        public = public if public is not None else "\n".join(
                            x for pm in t.fake.messages() if pm.visibility == "public" for x in readable_texts(pm))
                        if n not in public:
                            self.found.append(f"{where}: seat {reader + 1} is told seat {seat + 1}'s {n!r}")


def check_by_dm(fake: FakeDiscord, secrets: Secrets, users: dict[int, int], h: Holdings) -> None:
    """Every private sentence reached its owner by DM; each DM'd stash, glory cards and rumour."""
    for seat, user in users.items():
        dms = "\n".join(x for m in fake.dm_messages(user) for x in readable_texts(m))
        for text, told in secrets.told.items():
            if seat in told:
                assert text in dms, f"seat {seat + 1} was not sent {text!r} by DM"
        assert any(int(a) > 0 for a in STASH_LINE.findall(dms)), f"seat {seat + 1} was never DM'd a stash"
        assert "**Glory cards** (" in dms, f"seat {seat + 1} was never DM'd its glory cards"
        if h.rumours.get(seat):
            assert "**Rumour:** " in dms or any(r in dms for r in h.rumours[seat]), \
                f"seat {seat + 1} held a rumour and was never DM'd it"


@dataclass
class Played:
    t: Table
    thread: int
    step: int
    secrets: Secrets
    users: dict[int, int]
    w: Watch
    h: Holdings
    sealing: Sealing


async def play(t: Table, *, first_sealed_round_only: bool = False) -> Played:
    """The whole game (or, with `first_sealed_round_only`, until one order of a sealed round
    with two people deciding has been checked), every step watched."""
    fake, secrets = t.fake, Secrets()
    watch_table(t, secrets)
    game_id, thread = await t.open_table(game="merchants_marauders", humans=2, bots=1, seed=SEED)
    record = await t.bot.store.load(game_id)
    seats = {s.user_id: s.seat for s in record.seats if s.user_id is not None}
    users = {seat: user for user, seat in seats.items()}
    w, rand, h = Watch(t, secrets, seats), random.Random(7), Holdings()
    sealing = Sealing(t, game_id, users, outsider=fake.user_ids[2])
    dms_before = {user: 0 for user in seats}
    game = get_game("merchants_marauders")
    for step in range(MAX_STEPS):
        await t.settle()
        record, s = await t.bot.table.load(game_id)
        w.check_new_messages(f"step {step}")
        h.note(s)
        h.check(t, s, seats, f"step {step}")
        await sealing.observe(s, record, dms_before)
        if record.status == "finished" or (first_sealed_round_only and sealing.pairs):
            return Played(t, thread, step, secrets, users, w, h, sealing)
        dms_before = {user: len(fake.dm_messages(user)) for user in seats}
        seat, user = await t.pending_human(game_id)
        legal = game.legal_actions(s, seat)
        assert game.default_action(s, seat) in legal, f"step {step}: no default for {type(s.stack[-1]).__name__}"
        r = sealing.current
        if r is not None and len(set(r.deciders) & set(users)) == 2:
            if not r.orders:       # the first order of a round: from the DM panel
                notation = _greedy(game, s, seat, rand)
                panel = latest_dm_panel(t, user, game_id)
                assert panel is not None and await click_option(t, game_id, seat, user, panel, notation), \
                    f"step {step}: {notation!r} is not on seat {seat + 1}'s DM"
                w.used["dm panel"] += 1
                await t.settle()
                if sealing.refusals < 2:
                    _, now = await t.bot.table.load(game_id)
                    await sealing.refused(now, record, seat, "flee" if notation != "flee" else "shoot")
                continue
        elif sealing.captains == 0:
            other = next(x for x in users if x != seat)
            greedy = game.parse(s, seat, _greedy(game, s, seat, random.Random(rand.random())))
            nudged = nudge(s, seat, other, legal, greedy)
            if nudged is not None:
                await decide(t, w, game_id, PATHS[step % len(PATHS)], rand, nudged)
                continue
        await decide(t, w, game_id, PATHS[step % len(PATHS)], rand)
    raise AssertionError(f"the game did not finish in {MAX_STEPS} decisions: waiting on "
                         f"{await t.waiting_on(game_id)} at {type(s.stack[-1]).__name__ if s.stack else None}")


async def test_a_whole_game_with_a_naval_combat_between_two_people_with_sealed_orders(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    heads = HeadWatch.install(monkeypatch)
    async with FakeDiscord(users=("anne", "jack", "cora")) as fake, parley_bot(fake, db) as t:
        g = await play(t)
        g.w.check_new_messages("the end")
        found = g.w.found + g.h.found + g.sealing.found
        assert not found, "\n".join(found[:20])
        sealing = g.sealing
        assert sealing.captains >= 1, "no naval combat between the two people happened"
        # 531 decisions, 38 sealed rounds with two people deciding (5 between the two captains)
        assert sealing.rounds >= 3 and sealing.pairs >= 6 and sealing.refusals >= 2, \
            (sealing.rounds, sealing.pairs, sealing.refusals)
        check_by_dm(fake, g.secrets, g.users, g.h)
        assert all(g.w.used[p] >= 3 for p in PATHS), g.w.used
        final = [m for m in t.bot_posts(g.thread) if m.content.startswith("🏁")]
        assert len(final) == 1, [m.content[:80] for m in final]
        heads_kept(heads, fake)
        t.assert_clean()


async def test_the_checker_finds_an_order_told_before_the_reveal(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Put a leak in: the first order of a round is announced in the thread as it comes in."""
    lock_order = fight.lock_order

    def leaky(s: Any, seat: int, pr: Any, order: str, ev: list[Event]) -> None:
        assert s.fight is not None and s.fight.orders is not None
        if not s.fight.orders.locked:
            role = fight.roles_of(s, seat)[0]
            ev.append(Event(text=f"{fight.side_name(s, role)} has chosen to {order}"))
        lock_order(s, seat, pr, order, ev)
    monkeypatch.setattr(fight, "lock_order", leaky)
    async with FakeDiscord(users=("anne", "jack", "cora")) as fake, parley_bot(fake, db) as t:
        g = await play(t, first_sealed_round_only=True)
        assert g.sealing.found, "the checker did not see the order told before the reveal"


def _greedy(game: Any, s: Any, seat: int, rand: random.Random) -> str:
    from tests.e2e.test_privacy_every_path import chosen
    return chosen(game, s, seat, rand)
