"""Every registered game has a renderer in the registry, and draws real PNGs from real views:
the public board and each seat's hand, at the start, mid-game and at the end of a seeded game."""
from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engine.core import Setup, act, all_games, setup_state
from engine.core.policy import get_policy
from engine.core.registry import game_packages
from render.registry import all_renderers, renderer_for

GAMES = {g.id: g for g in all_games()}
MIN_WIDTH = 1200          # DESIGN.md, Rendering: legible on a phone
MAX_STEPS = 3000


def states(game: Any) -> list[Any]:
    """The first state, one from the middle and the last of a seeded bot game."""
    players = max(game.min_players, min(3, game.max_players))
    s = setup_state(game, Setup(game=game.id, players=players, seed="render-all"))
    bots = [get_policy(game.id, "greedy", f"render-{i}") for i in range(players)]
    seen = [s]
    for _ in range(MAX_STEPS):
        pending = game.pending(s)
        if pending is None:
            break
        seat = pending.waiting_on[0]
        s = act(game, s, seat, bots[seat].choose(game, s, seat)).state
        seen.append(s)
    assert game.pending(s) is None, f"{game.id}: the game did not end in {MAX_STEPS} decisions"
    return [seen[0], seen[len(seen) // 2], seen[-1]]


def decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def test_the_registry_has_the_registered_games_and_only_games_being_built() -> None:
    """Every registered game has a renderer; a renderer of no registered game must belong to a
    game package still being built (under engine/, not registered until it plays end to end)."""
    assert set(GAMES) <= set(all_renderers())
    in_progress = {name.removeprefix("engine.") for name in game_packages()} - set(GAMES)
    assert set(all_renderers()) - set(GAMES) <= in_progress
    with pytest.raises(KeyError, match="No renderer for game 'nope'"):
        renderer_for("nope")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_boards_and_hands_are_real_pngs_wide_enough_for_a_phone(game_id: str) -> None:
    game, renderer = GAMES[game_id], renderer_for(game_id)
    for s in states(game):
        names = {seat: f"player{seat + 1}" for seat in range(game.min_players)}
        board = decode(renderer.board(game.view(s, None), names))
        assert board.width >= MIN_WIDTH and board.height > 0
        assert "player1" in renderer.public_text(game.view(s, None), names)
        for seat in range(game.min_players):
            hand = decode(renderer.hand(game.view(s, seat)))
            assert hand.width >= MIN_WIDTH
            assert isinstance(renderer.private_text(game.view(s, seat)), str)
        assert renderer.private_text(game.view(s, None)) == ""    # the public has no hand
