"""Dead Reckoning render checks (DESIGN.md, testing layer 5): real PNGs from real game states played
by seeded bots (the opening, mid-game, a battle on the tower board, a Ship in Pirate mode, a
finished game), decoded and measured; the hand differs per viewer; the public board is blind to
what nobody may see (the conformance scramble of hands, levels, sleeves, decks, row boxes,
face-down boards, chests and tokens draws the same board), and it changes when something visible
changes. The game is not registered yet: RENDERER is imported directly."""
from __future__ import annotations

import functools
import io
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from engine.dead_reckoning import GAME
from engine.dead_reckoning.policy import POLICIES
from engine.dead_reckoning.state import State
from render.dead_reckoning import RENDERER
from tests.engine.dead_reckoning.conformance import scramble_dead_reckoning
from tests.render import render_checks
from tests.render.render_checks import check_hand_blind, check_public_blind

NAMES = {0: "alice", 1: "bob_the_builder", 2: "carol", 3: "Bot 4"}
MIN_WIDTH = 1200
MAX_HEIGHT = 5600        # 4 players with a battle come to about 5100 px
MAX_BYTES = 700 * 1024


def play(players: int, seed: str, steps: int = 100_000, stop: Callable[[State], bool] | None = None,
         bot: str = "greedy", **options: Any) -> State:
    """Seeded bots for `steps` decisions, or until the game ends or `stop(state)` holds."""
    return render_checks.play(GAME, POLICIES[bot], players, seed, steps, stop, **options)


def _battle(s: State) -> bool:
    return s.battle is not None and bool(s.battle.board.cubes)


def _pirate(s: State) -> bool:
    return any(p.ship.mode == "pirate" and p.ship.at != "harbor" for p in s.players)


STATES: dict[str, Callable[[], State]] = {
    "2p-opening": lambda: play(2, "a", 0),
    "3p-midgame": lambda: play(3, "b", 300),
    "4p-battle": lambda: play(4, "e", stop=_battle),
    "3p-pirate": lambda: play(3, "a", stop=_pirate, bot="random"),
    "3p-finished": lambda: play(3, "a"),
    "4p-bonus-late": lambda: play(4, "d", 700, bonus_tokens=True),
}


@functools.cache
def reached(name: str) -> State:
    return STATES[name]()


def decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


@pytest.fixture(params=sorted(STATES))
def state(request: pytest.FixtureRequest) -> State:
    return reached(request.param)


def test_the_states_reach_what_they_are_named_for() -> None:
    assert _battle(reached("4p-battle"))
    assert _pirate(reached("3p-pirate"))
    assert GAME.view(reached("3p-finished"), None).final is not None
    assert all(not sp.face_up for pos, sp in reached("2p-opening").grid.items() if not pos.endswith("1"))


def test_board_is_a_real_png_wide_enough_for_a_phone_and_deterministic(state: State) -> None:
    view = GAME.view(state, None)
    png = RENDERER.board(view, NAMES)
    img = decode(png)
    assert img.width >= MIN_WIDTH and 2500 <= img.height <= MAX_HEIGHT
    assert len(png) < MAX_BYTES, f"{len(png) / 1024:.0f} KiB"
    assert RENDERER.board(GAME.view(state, None), NAMES) == png, "the same view gives the same bytes"
    assert RENDERER.board(view, {}) != png, "the players' names are drawn"



def test_hands_are_real_pngs_and_differ_per_viewer(state: State) -> None:
    hands = [RENDERER.hand(GAME.view(state, seat)) for seat in range(len(state.players))]
    for png in hands:
        img = decode(png)
        assert img.width >= MIN_WIDTH and img.height > 300
    assert len(set(hands)) == len(hands), "each seat sees its own hand and holdings"
    assert decode(RENDERER.hand(GAME.view(state, None))).width >= MIN_WIDTH


def test_the_hand_shows_the_viewers_cards_levels_sleeves_and_chest() -> None:
    s = reached("3p-midgame")
    seat = max(range(3), key=lambda i: len(s.players[i].hand))
    card = s.players[seat].hand[0]
    before = RENDERER.hand(GAME.view(s, seat))
    changes: list[Callable[[State], None]] = [
        lambda t: setattr(t.players[seat], "hand", list(reversed(t.players[seat].hand))),
        lambda t: t.players[seat].levels.__setitem__(card, t.players[seat].levels.get(card, 1) % 4 + 1),
        lambda t: t.players[seat].sleeves.__setitem__(card, ["r1-01"]),
        lambda t: setattr(t.players[seat], "chest", t.players[seat].chest + 7),
    ]
    assert len(set(s.players[seat].hand)) > 1
    for change in changes:
        t = s.model_copy(deep=True)
        change(t)
        assert RENDERER.hand(GAME.view(t, seat)) != before
    text = RENDERER.private_text(GAME.view(s, seat))
    from render.dead_reckoning.style import sailor_name
    assert all(sailor_name(c) in text for c in s.players[seat].hand)
    assert f"{s.players[seat].chest} coins" in text


def test_public_board_is_blind_to_hidden_information(state: State) -> None:
    """Other hands with their levels and sleeves, deck orders, row boxes below the top card,
    face-down boards, chests, tokens and open level-ups scrambled: the same board and text."""
    check_public_blind(GAME, RENDERER, state, NAMES, scramble_dead_reckoning)


def test_a_seats_hand_is_blind_to_the_other_hands(state: State) -> None:
    check_hand_blind(GAME, RENDERER, state, scramble_dead_reckoning)


def test_the_scramble_does_change_what_is_hidden() -> None:
    """The blindness test could pass by a scramble that changes nothing: it does change them."""
    s = reached("3p-midgame")
    t = scramble_dead_reckoning(s, None, random.Random(7))
    assert [p.chest for p in t.players] != [p.chest for p in s.players]
    assert [p.hand for p in t.players] != [p.hand for p in s.players] or \
        [p.deck.pile for p in t.players] != [p.deck.pile for p in s.players]


def _first_island(s: State) -> str:
    return next(iter(s.islands))


CHANGES: dict[str, Callable[[State], None]] = {
    "ship moves": lambda t: setattr(t.players[1].ship, "at", "harbor" if t.players[1].ship.at != "harbor" else "b1"),
    "pirate mode": lambda t: setattr(t.players[0].ship, "mode", "pirate" if t.players[0].ship.mode != "pirate"
                                     else "mercantile"),
    "damage": lambda t: setattr(t.players[2].ship, "damage", (t.players[2].ship.damage + 1) % 5),
    "sails": lambda t: setattr(t.players[0].ship, "sails", (t.players[0].ship.sails + 3) % 9),
    "dock": lambda t: setattr(t.players[1], "dock", t.players[1].dock + 1),
    "island cube": lambda t: t.islands[_first_island(t)].slots.__setitem__(0, "p2" if t.islands[_first_island(t)]
                                                                           .slots[0] != "p2" else None),
    "permanent cube": lambda t: t.islands[_first_island(t)].permanent.__setitem__(
        "p3", t.islands[_first_island(t)].permanent.get("p3", 0) + 1),
    "island goods": lambda t: setattr(t.islands[_first_island(t)], "coins", t.islands[_first_island(t)].coins + 1),
    "building": lambda t: setattr(t.islands[_first_island(t)], "buildings",
                                  [] if t.islands[_first_island(t)].buildings else ["outpost"]),
    "achievement": lambda t: setattr(t.players[0].record.claims["settler"], "marker",
                                     not t.players[0].record.claims["settler"].marker),
    "progress cube": lambda t: setattr(t.players[1].record.claims["legendary"], "cubes",
                                       t.players[1].record.claims["legendary"].cubes + 1),
    "card on a space": lambda t: setattr(t.grid["a1"], "card", "r1-01" if t.grid["a1"].card != "r1-01" else "r1-02"),
    "row deck": lambda t: t.rows[1].__delitem__(-1),
    "log": lambda t: setattr(t, "log_tail", [*t.log_tail, "Something new happens."]),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_board_changes_when_something_visible_changes(change: str) -> None:
    s = reached("3p-midgame")
    board = RENDERER.board(GAME.view(s, None), NAMES)
    t = s.model_copy(deep=True)
    CHANGES[change](t)
    assert RENDERER.board(GAME.view(t, None), NAMES) != board


def test_the_battle_panel_shows_where_the_cubes_rest() -> None:
    s = reached("4p-battle")
    assert s.battle is not None
    board = RENDERER.board(GAME.view(s, None), NAMES)
    t = s.model_copy(deep=True)
    assert t.battle is not None
    owner, zones = next(iter(t.battle.board.cubes.items()))
    zone = next(iter(zones))
    t.battle.board.add(owner, "empty" if zone != "empty" else "damage")
    t.battle.board.take(owner, zone)
    assert RENDERER.board(GAME.view(t, None), NAMES) != board
    t.battle = None
    assert decode(RENDERER.board(GAME.view(t, None), NAMES)).height < decode(board).height


def test_texts_name_the_players_and_keep_the_hand_private(state: State) -> None:
    public = RENDERER.public_text(GAME.view(state, None), NAMES)
    assert "alice" in public and "bob_the_builder" in public and "Player 2" in public
    assert RENDERER.private_text(GAME.view(state, None)) == ""
    private = RENDERER.private_text(GAME.view(state, 1))
    assert "Your hand" in private and "Treasure chest" in private
    assert "Treasure chest" not in public
