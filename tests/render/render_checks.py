"""What the per-game render tests share: real states reached by seeded bots, and the blindness
checks (a scramble of what nobody may see draws the same public board and text, and the same hand)."""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from engine.core import Setup, act, setup_state

S = TypeVar("S")
Scramble = Callable[[S, int | None, random.Random], S]


def play(game: Any, bot: Callable[[str], Any], players: int, seed: str, steps: int,
         stop: Callable[[S], bool] | None = None, **options: Any) -> S:
    """Seeded bots (one per seat, `bot(f"{seed}-{i}")`) for `steps` decisions, or until the game
    ends or `stop(state)` holds."""
    s: S = setup_state(game, Setup(game=game.id, players=players, seed=seed, options=options))
    bots = [bot(f"{seed}-{i}") for i in range(players)]
    for _ in range(steps):
        pending = game.pending(s)
        if pending is None or (stop is not None and stop(s)):
            break
        seat = pending.waiting_on[0]
        s = act(game, s, seat, bots[seat].choose(game, s, seat)).state
    return s


def check_public_blind(game: Any, renderer: Any, state: S, names: Mapping[int, str], scramble: Scramble[S],
                       seed: int = 7, rounds: int = 3) -> None:
    """The public board and text are byte for byte the same after each of `rounds` scrambles."""
    rand = random.Random(seed)
    board = renderer.board(game.view(state, None), names)
    text = renderer.public_text(game.view(state, None), names)
    for _ in range(rounds):
        t = scramble(state, None, rand)
        assert renderer.board(game.view(t, None), names) == board
        assert renderer.public_text(game.view(t, None), names) == text


def check_hand_blind(game: Any, renderer: Any, state: S, scramble: Scramble[S], seed: int = 11) -> None:
    """Seat 0's hand image and private text are the same after the other hands are scrambled."""
    t = scramble(state, 0, random.Random(seed))
    assert renderer.hand(game.view(t, 0)) == renderer.hand(game.view(state, 0))
    assert renderer.private_text(game.view(t, 0)) == renderer.private_text(game.view(state, 0))
