"""A whole 3-player Dead Reckoning game on Discord: two players and a bot, every human decision
made in turn by /play typed, the thread panel and the "your move" DM, all of it watched for
private sentences reaching the wrong player (tests/e2e/test_privacy_every_path.py).

The players' choices are the greedy bot's, with one nudge: a player who may attack the other
player's Ship does, so the game has a Ship battle between two people. The defender is pulled in
mid-turn: the test checks that the game then waits on the defender alone, that the defender was
sent a DM with the attacker's cubes and a panel to answer with, and that every answer of the
defender (the cannon cards, then the battle abilities) is made from that DM; the attacker cannot
answer for them."""
from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from engine.core import get_game
from engine.dead_reckoning import actions as A
from engine.dead_reckoning import prompts as P
from tests.e2e.harness import Table, parley_bot
from tests.e2e.heads import HeadWatch, heads_kept
from tests.e2e.test_privacy import readable_texts
from tests.e2e.test_privacy_every_path import (
    PATHS,
    Secrets,
    Watch,
    chosen,
    click_option,
    decide,
    latest_dm_panel,
    watch_table,
)
from tests.fake_discord import FakeDiscord

SEED = os.environ.get("PARLEY_E2E_SEED", "reckoning-e2e")   # another seed plays another whole game
MAX_STEPS = 2500          # a 3-player game is about 700 decisions; fail with where it stopped
DEFENDING = (P.ResponsePrompt, P.AbilityPrompt, P.CubePrompt)


def attack_on(s: Any, seat: int, humans: set[int]) -> str | None:
    """The notation of an attack on another player's Ship, if this seat may make one now."""
    game = get_game("dead_reckoning")
    for a in game.legal_actions(s, seat):
        if isinstance(a, (A.Attack, A.Fight)) and a.target in humans - {seat}:
            return str(game.notate(s, a))
    return None


def defender_of(s: Any, humans: set[int]) -> int | None:
    """The human seat answering a Ship battle now, if one is."""
    b, top = s.battle, (s.stack[-1] if s.stack else None)
    if b is None or not isinstance(top, DEFENDING) or b.defender not in humans or b.defender == s.turn.seat:
        return None
    return int(b.defender) if b.defender in top.seats else None


async def answer_by_dm(t: Table, w: Watch, game_id: int, seat: int, user: int, rand: random.Random) -> str:
    """The defender answers from the newest DM panel: it must be there and offer the answer."""
    record, s = await t.bot.table.load(game_id)
    game = get_game(record.game_type)
    notation = chosen(game, s, seat, rand)
    panel = latest_dm_panel(t, user, game_id)
    assert panel is not None, f"seat {seat + 1} was not sent a DM panel to answer the attack"
    assert await click_option(t, game_id, seat, user, panel, notation), f"{notation!r} is not on the defender's DM"
    w.used["dm panel"] += 1
    await t.settle()
    return notation


async def test_a_whole_game_with_a_ship_battle_the_defender_answers_by_dm(db: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    heads = HeadWatch.install(monkeypatch)
    async with FakeDiscord(users=("anne", "jack")) as fake, parley_bot(fake, db) as t:
        secrets = Secrets()
        watch_table(t, secrets)
        game_id, thread = await t.open_table(game="dead_reckoning", humans=2, bots=1, seed=SEED)
        record = await t.bot.store.load(game_id)
        seats = {s.user_id: s.seat for s in record.seats if s.user_id is not None}
        users = {seat: user for user, seat in seats.items()}
        humans = set(users)
        w, rand = Watch(t, secrets, seats), random.Random(7)
        answers: list[str] = []
        battles = 0
        dms_before = {user: 0 for user in seats}
        defending = False
        for step in range(MAX_STEPS):
            await t.settle()
            w.check_new_messages(f"step {step}")
            record, s = await t.bot.table.load(game_id)
            if record.status == "finished":
                break
            game = get_game(record.game_type)
            pending = game.pending(s)
            assert pending is not None
            defender = defender_of(s, humans)
            if defender is not None:
                user = users[defender]
                assert pending.waiting_on == (defender,), "a battle answer waits on the defender alone"
                if not defending:            # the attack has just reached the defender: by DM
                    battles += 1
                    said = "\n".join(x for m in fake.dm_messages(user)[dms_before[user]:] for x in readable_texts(m))
                    assert "answer an attack" in said.lower(), "the defender got no DM asking for an answer"
                    attacker = users.get(s.turn.seat)
                    if attacker is not None:  # the attacker may not answer for the defender
                        rec = await t.slash(attacker, "play", channel_id=record.thread_id, action="pass")
                        assert "not your move" in t.reply_message(rec).content.lower()
                        _, again = await t.bot.table.load(game_id)
                        assert again.model_dump() == s.model_dump(), "the attacker's /play changed the battle"
                defending = True
                answers.append(await answer_by_dm(t, w, game_id, defender, user, rand))
                continue
            defending = False
            dms_before = {user: len(fake.dm_messages(user)) for user in seats}
            seat, user = await t.pending_human(game_id)
            attack = attack_on(s, seat, humans) if battles == 0 else None
            if attack is not None:
                await t.slash(user, "play", channel_id=record.thread_id, action=attack)
                await t.settle()
                continue
            await decide(t, w, game_id, PATHS[step % len(PATHS)], rand)
        else:
            raise AssertionError(f"the game did not finish in {MAX_STEPS} decisions")
        w.check_new_messages("the end")
        assert not w.found, "\n".join(w.found[:20])
        assert battles >= 1 and answers, "no Ship battle between the two players happened"
        assert all(w.used[p] >= 3 for p in PATHS), w.used
        final = [m for m in t.bot_posts(thread) if m.content.startswith("🏁")]
        assert len(final) == 1, [m.content[:80] for m in final]
        heads_kept(heads, fake)
        t.assert_clean()
