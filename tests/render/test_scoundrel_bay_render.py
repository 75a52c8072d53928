"""Scoundrel Bay render checks (DESIGN.md, testing layer 5): real PNGs from real game states played by
seeded greedy bots, decoded and measured; the hand differs per viewer; the public board is blind to
what nobody may see (scrambled hands, decks, stacks, stands and sealed choices draw the same board),
and it changes when something visible changes. The game is not registered yet: RENDERER is
imported directly."""
from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from engine.scoundrel_bay import GAME
from engine.scoundrel_bay.policy import POLICIES
from engine.scoundrel_bay.state import State
from render.scoundrel_bay import RENDERER
from tests.engine.scoundrel_bay.conformance import scramble_scoundrel_bay
from tests.render import render_checks
from tests.render.render_checks import check_hand_blind, check_public_blind

NAMES = {0: "alice", 1: "bob_the_builder", 2: "carol", 3: "Bot 4"}
MIN_WIDTH = 1200
MAX_HEIGHT = 4800        # 4 players, every variant and the final table come to about 4250 px
MAX_BYTES = 700 * 1024


def play(players: int, seed: str, steps: int = 100_000, stop: Callable[[State], bool] | None = None,
         **options: Any) -> State:
    """Seeded greedy bots for `steps` decisions, or until the game ends or `stop(state)` holds."""
    return render_checks.play(GAME, POLICIES["greedy"], players, seed, steps, stop, **options)


def _bidding(s: State) -> bool:
    return s.stage is not None and s.stage.bids is not None and bool(s.stage.bids.locked)


STATES: dict[str, Callable[[], State]] = {
    "2p-opening": lambda: play(2, "a", 0),
    "2p-midgame": lambda: play(2, "a", 120),
    "3p-finished": lambda: play(3, "b"),
    "4p-midgame": lambda: play(4, "c", 200),
    "4p-fight": lambda: play(4, "c", stop=lambda s: s.turn.fight is not None),
    "4p-sealed-bids": lambda: play(4, "d", stop=_bidding),
    "4p-variants-late": lambda: play(4, "e", 420, milestones=True, alternative_harbor_scoring=True,
                                     captain_powers=True),
}


def decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


@pytest.fixture(params=sorted(STATES), scope="module")
def state(request: pytest.FixtureRequest) -> State:
    return STATES[request.param]()


def test_the_states_reach_what_they_are_named_for() -> None:
    assert play(4, "c", stop=lambda s: s.turn.fight is not None).turn.fight is not None
    assert _bidding(play(4, "d", stop=_bidding))
    assert GAME.view(play(3, "b"), None).final is not None


def test_board_is_a_real_png_wide_enough_for_a_phone_and_deterministic(state: State) -> None:
    view = GAME.view(state, None)
    png = RENDERER.board(view, NAMES)
    img = decode(png)
    assert img.width >= MIN_WIDTH and 2000 <= img.height <= MAX_HEIGHT
    assert len(png) < MAX_BYTES, f"{len(png) / 1024:.0f} KiB"
    assert RENDERER.board(GAME.view(state, None), NAMES) == png, "the same view gives the same bytes"
    assert RENDERER.board(view, {}) != png, "the players' names are drawn"



def test_hands_are_real_pngs_and_differ_per_viewer(state: State) -> None:
    hands = [RENDERER.hand(GAME.view(state, seat)) for seat in range(len(state.players))]
    for png in hands:
        img = decode(png)
        assert img.width >= MIN_WIDTH and img.height > 300
    assert len(set(hands)) == len(hands), "each seat sees its own hand and holdings"
    public = decode(RENDERER.hand(GAME.view(state, None)))
    assert public.width >= MIN_WIDTH


def test_the_hand_shows_the_viewers_cards() -> None:
    s = play(3, "a", 40)
    seat = max(range(3), key=lambda i: len(s.players[i].hand))
    before = RENDERER.hand(GAME.view(s, seat))
    t = s.model_copy(deep=True)
    t.players[seat].hand = list(reversed(t.players[seat].hand))
    assert len(set(t.players[seat].hand)) > 1
    assert RENDERER.hand(GAME.view(t, seat)) != before, "the order of the cards drawn follows the hand"
    text = RENDERER.private_text(GAME.view(s, seat))
    from engine.scoundrel_bay.rules.cards import card_def
    assert all(card_def(c).name in text for c in s.players[seat].hand)


def test_public_board_is_blind_to_hidden_information(state: State) -> None:
    """Other hands, the deck, event and crate orders, face-down treasures and monster stands, and
    sealed choices scrambled: the public board and text are byte for byte the same."""
    check_public_blind(GAME, RENDERER, state, NAMES, scramble_scoundrel_bay)


def test_a_seats_hand_is_blind_to_the_other_hands(state: State) -> None:
    check_hand_blind(GAME, RENDERER, state, scramble_scoundrel_bay)


def test_the_scramble_does_change_what_is_hidden() -> None:
    """The blindness test could pass by a scramble that changes nothing: it does change the hands."""
    s = play(4, "c", 200)
    t = scramble_scoundrel_bay(s, None, random.Random(7))
    assert [p.hand for p in t.players] != [p.hand for p in s.players] or t.deck.pile != s.deck.pile


def test_board_changes_when_a_ship_moves() -> None:
    s = play(3, "a", 10)
    board = RENDERER.board(GAME.view(s, None), NAMES)
    t = s.model_copy(deep=True)
    t.players[1].ship = t.players[1].ship % 21 + 1
    assert RENDERER.board(GAME.view(t, None), NAMES) != board


@pytest.mark.parametrize("change", ["pirates", "reputation", "display", "log", "reef", "doubloons"])
def test_board_changes_when_something_visible_changes(change: str) -> None:
    s = play(3, "a", 60)
    board = RENDERER.board(GAME.view(s, None), NAMES)
    t = s.model_copy(deep=True)
    if change == "pirates":
        t.regions["tarwick"].pirates[2] = t.regions["tarwick"].pirates.get(2, 0) + 1
    elif change == "reputation":
        t.reputation.advance(0, 1)
    elif change == "display":
        t.display[0] = None
    elif change == "log":
        t.log_tail = [*t.log_tail, "Something new happens."]
    elif change == "reef":
        t.reefs_passed = sorted(set(t.reefs_passed) ^ {5})
    else:
        t.players[2].doubloons += 1
    assert RENDERER.board(GAME.view(t, None), NAMES) != board


def test_texts_name_the_players_and_keep_the_hand_private(state: State) -> None:
    public = RENDERER.public_text(GAME.view(state, None), NAMES)
    assert "alice" in public and "Green" in public
    assert RENDERER.private_text(GAME.view(state, None)) == ""
    assert "Your hand" in RENDERER.private_text(GAME.view(state, 1))
