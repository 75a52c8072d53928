"""The greedy bot (engine/merchants_marauders/policy.py) beats the random bot clearly over a fixed
set of seeded two-seat games, and in those games it trades, raids and fights: counts, not time.
Each game is capped in decisions; a game that hits the cap fails, saying where it stopped."""
from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from engine.core import Setup, get_game, setup_state
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.policy import POLICIES

GAMES = 10
SEATS = 2
MAX_STEPS = 4_000          # greedy games take about 500 decisions at two seats
CLEAR_WIN = 1.5            # bench/bots.py's target: 1.5 times the fair share


def _play(g: int) -> tuple[bool, Counter[str]]:
    """Game g: greedy in seat g mod 2, random in the other. (greedy won, what greedy did)."""
    game = get_game("merchants_marauders")
    seed = f"policy-test-{g}"
    hero = g % SEATS
    bots = [POLICIES["greedy" if i == hero else "random"](f"{seed}-{i}") for i in range(SEATS)]
    s: Any = setup_state(game, Setup(game=game.id, players=SEATS, seed=seed))
    did: Counter[str] = Counter()
    for _ in range(MAX_STEPS):
        pending = game.pending(s)
        if pending is None:
            outcome = game.outcome(s)
            return outcome is not None and hero in outcome.winners, did
        seat = pending.waiting_on[0]
        a = bots[seat].choose(game, s, seat, game.legal_actions(s, seat))
        top, fighting = s.stack[-1], s.fight is not None
        s = game.apply(s, seat, a).state
        if seat == hero:
            _tally(did, top, a)
        if not fighting and s.fight is not None and hero in [x.seat for x in s.fight.sides.values()]:
            did["fights"] += 1
    raise AssertionError(f"game {seed} hit the {MAX_STEPS}-decision cap in round {s.round.number}, "
                         f"phase {s.turn.phase}, waiting on {type(s.stack[-1]).__name__ if s.stack else 'nothing'}")


def _tally(did: Counter[str], top: Any, a: Any) -> None:
    if isinstance(top, P.SellPrompt) and isinstance(a, A.Sell):
        did["sales"] += 1
    elif isinstance(top, P.BuyPrompt) and isinstance(a, A.Buy):
        did["buys"] += 1
    elif isinstance(top, P.RaidPrompt) and isinstance(a, A.ChooseNation):
        did["raids"] += 1


@cache
def _results() -> tuple[int, Counter[str]]:
    wins, did = 0, Counter[str]()
    for g in range(GAMES):
        won, counts = _play(g)
        wins += won
        did += counts
    return wins, did


def test_greedy_beats_random_clearly() -> None:
    wins, _ = _results()
    fair = GAMES / SEATS
    assert wins >= CLEAR_WIN * fair, f"greedy won {wins} of {GAMES} two-seat games; a clear win is {CLEAR_WIN * fair:.0f}"


def test_greedy_trades_raids_and_fights() -> None:
    _, did = _results()
    for what in ("sales", "buys", "raids", "fights"):
        assert did[what] > 0, f"the greedy bot made no {what} in {GAMES} games: {dict(did)}"
