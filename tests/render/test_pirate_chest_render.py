"""Render checks (DESIGN.md, testing layer 5): real PNGs from real game states, decoded, their
size and dimensions checked, deterministic, fast, and blind to what the viewer may not see.
"""
from __future__ import annotations

import io
import random
import time
from collections.abc import Iterator

import pytest
from PIL import Image

import render.common as common
from engine.pirate_chest.defs import defs
from engine.pirate_chest.state import State
from engine.pirate_chest.view import CardView
from render.pirate_chest.board import render_board
from render.pirate_chest.hand import fight_bonus, render_hand, short_name
from tests.engine.pirate_chest.conformance import scramble_pirate_chest
from tests.render.states import finished, mid_fight, play, view

MAX_BYTES = 600 * 1024

STATES = {
    "2p-opening": lambda: play(2, "a", 3),
    "2p-finished": lambda: finished(2, "a"),
    "4p-midgame": lambda: play(4, "x", 60),
    "4p-finished": lambda: finished(4, "x"),
    "4p-fight": lambda: mid_fight(4, "x"),
    "4p-larger-board": lambda: play(4, "c", 120, larger_board=True),
    "6p-midgame": lambda: play(6, "b", 150),
    "6p-fight": lambda: mid_fight(6, "b"),
    "6p-larger-board-late": lambda: play(6, "d", 400, larger_board=True),
}


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def assert_good_png(png: bytes) -> Image.Image:
    img = decode(png)
    assert img.format == "PNG"
    assert img.width >= 1200
    assert 1000 <= img.height <= 2400
    assert len(png) < MAX_BYTES, f"{len(png) / 1024:.0f} KiB"
    return img


@pytest.fixture(params=sorted(STATES), scope="module")
def state(request: pytest.FixtureRequest) -> State:
    return STATES[request.param]()


def test_board_public_is_a_phone_sized_png(state: State) -> None:
    png = render_board(view(state, None))
    assert_good_png(png)
    assert render_board(view(state, None)) == png, "the same view must give the same bytes"


def test_board_private_is_a_phone_sized_png(state: State) -> None:
    seat = state.fight.attacker if state.fight is not None else 0
    png = render_board(view(state, seat))
    assert_good_png(png)
    assert render_board(view(state, seat)) == png


def test_hand_of_every_seat(state: State) -> None:
    for seat in range(len(state.players)):
        png = render_hand(view(state, seat))
        img = decode(png)
        assert img.format == "PNG" and img.width >= 1200 and len(png) < MAX_BYTES
        assert render_hand(view(state, seat)) == png


def test_hand_needs_a_private_view() -> None:
    with pytest.raises(ValueError, match="private view"):
        render_hand(view(play(4, "x", 10), None))


def test_board_image_shows_the_larger_board() -> None:
    small, large = play(4, "c", 20), play(4, "c", 20, larger_board=True)
    assert (view(small, None).board_size, view(large, None).board_size) == (24, 30)
    assert render_board(view(small, None)) != render_board(view(large, None))


# ---- nothing hidden is drawn ------------------------------------------------------------------
def test_public_board_ignores_swapped_hands() -> None:
    s = play(4, "x", 60)
    n = min(len(p.hand) for p in s.players[:2])      # hand sizes are public: keep them equal
    assert n >= 1
    for p in s.players[:2]:
        p.hand = p.hand[:n]
    t = s.model_copy(deep=True)
    t.players[0].hand, t.players[1].hand = t.players[1].hand, t.players[0].hand
    assert t.players[0].hand != s.players[0].hand, "the swap must change something"
    assert render_board(view(s, None)) == render_board(view(t, None))
    assert render_hand(view(s, 0)) != render_hand(view(t, 0)), "the owner does see the change"


def test_public_board_ignores_face_down_coin_identities() -> None:
    s = play(4, "a", 4)
    t = s.model_copy(deep=True)
    hidden = [c for coins in t.islands.values() for c in coins if not c.face_up]
    assert len(hidden) >= 2
    hidden[0].id, hidden[1].id = hidden[1].id, hidden[0].id
    assert hidden[0].id != hidden[1].id
    assert render_board(view(s, None)) == render_board(view(t, None))


def test_images_ignore_everything_a_viewer_cannot_see(state: State) -> None:
    """The engine's own scrambler (other hands, deck, face-down coins, others' sealed cards)."""
    for viewer in (None, 0, 1):
        t = scramble_pirate_chest(state, viewer, random.Random(f"render-{viewer}"))
        assert render_board(view(state, viewer)) == render_board(view(t, viewer))
        if viewer is not None:
            assert render_hand(view(state, viewer)) == render_hand(view(t, viewer))


def test_private_board_shows_own_sealed_cards_only() -> None:
    s = mid_fight(4, "x")
    sealed = [seat for seat, cards in s.fight.committed.items() if cards] if s.fight else []
    assert sealed, "the fight fixture should hold a sealed card"
    seat = sealed[0]
    assert render_board(view(s, seat)) != render_board(view(s, None))


# ---- speed, fonts, pieces -----------------------------------------------------------------------
def test_render_is_fast() -> None:
    v = view(play(6, "b", 150), None)
    render_board(v)  # static layer built once
    start = time.perf_counter()
    render_board(v)
    render_hand(view(play(6, "b", 150), 0))
    assert time.perf_counter() - start < 1.0


@pytest.fixture
def no_system_fonts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """As in the slim Docker image: no DejaVu, so Pillow's bundled font is used."""
    monkeypatch.setattr(common, "FONT_DIRS", ())
    common._font_file.cache_clear()
    common.font.cache_clear()
    yield
    common._font_file.cache_clear()
    common.font.cache_clear()


@pytest.mark.usefixtures("no_system_fonts")
def test_renders_without_system_fonts() -> None:
    s = mid_fight(6, "b")
    assert_good_png(render_board(view(s, None)))
    assert decode(render_hand(view(s, 0))).width >= 1200


def test_short_names_are_distinct_and_short() -> None:
    names = [short_name(c.name) for c in defs().captains.values()]
    assert len(set(names)) == len(names), names
    assert all(len(n) <= 12 for n in names), names
    assert short_name("Jack Sparrow") == "Sparrow"
    assert short_name("The Dragon Lady") == "Dragon Lady"
    assert short_name("Sinbad the Sailor") == "Sinbad"


def test_fight_badge_matches_every_fight_card() -> None:
    """The badge number is read from the card text; it must agree with the card data."""
    for c in defs().cards.values():
        got = fight_bonus(CardView(id=c.id, name=c.name, text=c.text))
        assert (got[0] if got else None) == (c.bonus if c.effect == "fight" else None), c.id
