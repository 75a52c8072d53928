"""The longest "your move" DM and board post each registered game produces, in a seeded bot
game at its most players, fit Discord's 2,000 characters and keep their head line (cogs.fit).
Built by the same functions as the real messages (cogs.posts) from the events each seat may see;
the whole-game tests on the loopback Discord check the messages really sent."""
from __future__ import annotations

import random
from typing import Any

import pytest

from cogs.describe import private_text
from cogs.fit import CONTENT, fit
from cogs.posts import BOARD_EVENTS, DIGEST_LINES, board_post, your_move
from engine.core import Setup, act, all_games, setup_state
from engine.core.policy import get_policy
from store.records import GameRecord, SeatRecord

STEPS = 1500   # decisions: every game's middle and, for most, its end


def record_for(game: Any, players: int) -> GameRecord:
    seats = tuple(SeatRecord(seat=i, user_id=10 ** 17 + i, bot_policy=None, display_name=f"Captain Longname {i + 1}")
                  for i in range(players))
    return GameRecord(id=4242, game_type=game.id, guild_id=1, channel_id=2, thread_id=10 ** 18, host_user_id=seats[0].user_id,
                      status="active", options={}, seed="longest", players=players, version=1, snapshot_json=None,
                      created_at=0.0, updated_at=0.0, settings={}, seats=seats)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_the_longest_texts_of_a_game_fit_and_keep_their_head(game: Any) -> None:
    players = game.max_players
    record = record_for(game, players)
    s = setup_state(game, Setup(game=game.id, players=players, seed="longest"))
    bots = [get_policy(game.id, "greedy", i) for i in range(players)]
    rand = random.Random(3)
    public: list[str] = []
    private: dict[int, list[str]] = {i: [] for i in range(players)}
    longest: dict[str, str] = {"dm": "", "board": ""}
    for _ in range(STEPS):
        pending = game.pending(s)
        if pending is None:
            break
        for seat in pending.waiting_on:
            dm = your_move(record, pending.prompt, public[-DIGEST_LINES * 2:], private[seat][-10:],
                           private_text(record, s, seat), 1.8e9)
            longest["dm"] = max(longest["dm"], dm, key=len)
        post = board_post(record, s, public[-BOARD_EVENTS * 2:], 1.8e9)
        longest["board"] = max(longest["board"], post, key=len)
        seat = rand.choice(pending.waiting_on)
        transition = act(game, s, seat, bots[seat].choose(game, s, seat))
        for e in transition.events:
            if e.visible_to is None:
                public.append(e.text)
            else:
                for viewer in e.visible_to:
                    private[viewer].append(e.text)
        s = transition.state
    for kind, text in longest.items():
        out = fit(text)
        assert len(out) <= CONTENT and out.split("\n")[0] == text.split("\n")[0], (kind, len(text), out[:300])
        assert ("left out here …" in out) == (len(text) > CONTENT)   # folded, never silently cut
    assert longest["dm"].startswith("⏰ **Your move** in <#")
