"""A whole 3-player Fortunes of Scoundrel Bay game on Discord: two players and a bot, every human
decision made in turn by /play typed, the thread panel and the "your move" DM, all of it watched
for private sentences reaching the wrong player (tests/e2e/test_privacy_every_path.py).

The blind bids get their own checks, at every step of every bid: while some bids are in and
others are not, nothing anyone else can read names a bid, the public view and the public board
image are exactly what they would be had the bidder bid something else, and each bidder was sent
a DM with their doubloons and a bid panel; when the last bid is in, one public post reveals them
all with the payments."""
from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

from engine.core import get_game
from engine.scoundrel_bay.prompts import BidPrompt
from render.registry import renderer_for
from tests.e2e.harness import Table, parley_bot
from tests.e2e.heads import HeadWatch, heads_kept
from tests.e2e.test_privacy import readable_texts
from tests.e2e.test_privacy_every_path import PATHS, Secrets, Watch, decide, watch_table
from tests.fake_discord import FakeDiscord

SEED = os.environ.get("PARLEY_E2E_SEED", "bay-e2e")   # another seed plays another whole game
OWN_BID_OPTION = re.compile(r"bid \d+ doubloons? \(secret\)")
MAX_STEPS = 1500          # a 3-player game is about 300 decisions; fail with where it stopped


def bid_open(s: Any) -> bool:
    return bool(s.stack) and isinstance(s.stack[-1], BidPrompt)


def with_other_bid(s: Any, seat: int) -> Any:
    """The same state had `seat` bid something else (another amount it could have bid)."""
    t = s.model_copy(deep=True)
    bids = t.stage.bids
    bids.choices[seat] = 0 if bids.choices[seat] else 1
    return t


def texts_for(t: Table, user: int, since: int) -> list[str]:
    """What `user` can read in messages newer than message id `since`: the thread and their own."""
    out = []
    for m in t.fake.messages():
        if m.id > since and (m.visibility == "public" or m.audience == user):
            out += readable_texts(m)
    return out


async def check_bid_privacy(t: Table, game_id: int, since: int, seats: dict[int, int]) -> int:
    """While the bid is open: returns how many (bidder, other player) pairs were checked."""
    record, s = await t.bot.table.load(game_id)
    game = get_game(record.game_type)
    renderer = renderer_for(game.id)
    names = {seat.seat: seat.display_name for seat in record.seats}
    bids, checked = s.stage.bids, 0
    for bidder in bids.locked:
        amount = bids.choices[bidder]
        other = with_other_bid(s, bidder)
        assert game.view(other, None) == game.view(s, None), "the public view shows a bid"
        assert renderer.board(game.view(other, None), names) == renderer.board(game.view(s, None), names)
        for user, seat in seats.items():
            if seat == bidder:
                continue
            assert game.view(other, seat) == game.view(s, seat), f"seat {seat + 1}'s view shows a bid"
            if seat in bids.locked and bids.choices[seat] == amount:
                continue   # the same amount is this player's own bid: they may read it
            # the player's own bid panel offers every amount: its options are not news of a bid
            said = OWN_BID_OPTION.sub("", "\n".join(texts_for(t, user, since)).lower()) + "\n"
            for phrase in (f"bid {amount} ", f"bid {amount}\n", f"bid {amount})"):
                assert phrase not in said, f"seat {seat + 1} can read {phrase!r} before the reveal"
            checked += 1
    return checked


def check_bid_dm(fake: FakeDiscord, user: int, before: int, doubloons: int) -> None:
    """Each bidder is sent a DM when the bid opens: their doubloons, and a panel to bid with."""
    new = fake.dm_messages(user)[before:]
    assert new, f"user {user} got no DM when the blind bid opened"
    said = "\n".join(text for m in new for text in readable_texts(m))
    assert f"**Holdings:** {doubloons} doubloons" in said, f"the bid DM does not say the bidder's {doubloons} doubloons"
    assert "Bid 0 doubloons (secret)" in said, "the bid DM has no bid panel"


async def test_a_whole_game_with_a_bot_and_private_blind_bids(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    heads = HeadWatch.install(monkeypatch)
    async with FakeDiscord(users=("anne", "jack")) as fake, parley_bot(fake, db) as t:
        secrets = Secrets()
        watch_table(t, secrets)
        game_id, thread = await t.open_table(game="scoundrel_bay", humans=2, bots=1, seed=SEED)
        record = await t.bot.store.load(game_id)
        seats = {s.user_id: s.seat for s in record.seats if s.user_id is not None}
        w, rand = Watch(t, secrets, seats), random.Random(7)
        bid_since: int | None = None
        bid_rounds = pairs_checked = 0
        dms_before = {user: 0 for user in seats}
        for step in range(MAX_STEPS):
            await t.settle()
            w.check_new_messages(f"step {step}")
            record, s = await t.bot.table.load(game_id)
            if record.status == "finished":
                break
            if bid_open(s):
                if bid_since is None:
                    bid_since = max(m.id for m in fake.messages())
                    bid_rounds += 1
                    for user in seats:
                        check_bid_dm(fake, user, dms_before[user], s.players[seats[user]].doubloons)
                pairs_checked += await check_bid_privacy(t, game_id, bid_since, seats)
            elif bid_since is not None:
                reveal = [m for m in t.bot_posts(thread) if m.id > bid_since and m.visibility == "public"
                          and "The bids are revealed" in m.content]
                assert len(reveal) == 1, [m.content for m in reveal]
                assert "into Scoundrel Bay" in reveal[0].content
                bid_since = None
            dms_before = {user: len(fake.dm_messages(user)) for user in seats}
            await decide(t, w, game_id, PATHS[step % len(PATHS)], rand)
        else:
            raise AssertionError(f"the game did not finish in {MAX_STEPS} decisions")
        w.check_new_messages("the end")
        assert not w.found, "\n".join(w.found[:20])
        assert bid_rounds >= 1 and pairs_checked >= 2, (bid_rounds, pairs_checked)
        assert all(w.used[p] >= 3 for p in PATHS), w.used
        final = [m for m in t.bot_posts(thread) if m.content.startswith("🏁")]
        assert len(final) == 1 and "Harbors" in final[0].content
        heads_kept(heads, fake, must_fold=True)   # this game's longest DMs are over 2,000 characters
        t.assert_clean()
