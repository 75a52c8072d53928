"""Merchants & Marauders render checks (DESIGN.md, testing layer 5): real PNGs from real game
states played by seeded bots with every Seas of Glory module and variant on (the setup, the
middle of a game, a fight, a finished game), decoded and measured; the private image differs per
seat and shows the seat's stash, glory cards and rumour; the public board is blind to everything
hidden (stashes, glory hands, rumours, sealed orders, deck orders, merchant nations, unrevealed
modifications: the same PNG bytes), and it changes when something visible changes. The map's
tiles follow the data's bearings and never overlap. The game is not registered yet: RENDERER is
imported directly."""
from __future__ import annotations

import functools
import io
import math
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from engine.merchants_marauders import GAME
from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.policy import POLICIES
from engine.merchants_marauders.state import State
from render.merchants_marauders import RENDERER
from render.merchants_marauders.layout import STEP
from render.merchants_marauders.sea import tile_boxes
from tests.engine.merchants_marauders.conformance import scramble_merchants
from tests.render import render_checks

NAMES = {0: "alice", 1: "bob_the_builder", 2: "carol", 3: "Bot 4"}
MIN_WIDTH = 1200         # DESIGN.md, Rendering: legible on a phone
MAX_HEIGHT = 4400        # 4 captains with a fight come to about 3,500 px
MAX_BYTES = 600 * 1024
STEP_CAP = 4000
EVERYTHING = {**{f"module_{i}": True for i in range(1, 12)}, **{f"variant_{i}": True for i in range(1, 7)}}


def play(players: int, seed: str, steps: int = STEP_CAP, stop: Callable[[State], bool] | None = None) -> State:
    """Seeded greedy bots for `steps` decisions, or until the game ends or `stop(state)` holds."""
    return render_checks.play(GAME, POLICIES["greedy"], players, seed, steps, stop, **EVERYTHING)


def _sealed_fight(s: State) -> bool:
    """A fight with one order sealed in and one still to come."""
    return s.fight is not None and s.fight.orders is not None and bool(s.fight.orders.choices)


STATES: dict[str, Callable[[], State]] = {
    "3p-start": lambda: play(3, "a", 0),
    "4p-middle": lambda: play(4, "b", 400),
    "3p-fight": lambda: play(3, "d", stop=_sealed_fight),
    "3p-end": lambda: play(3, "a"),
}


@functools.cache
def reached(name: str) -> State:
    return STATES[name]()


def decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def board(s: State, names: dict[int, str] = NAMES) -> bytes:
    return RENDERER.board(GAME.view(s, None), names)


@pytest.fixture(params=sorted(STATES))
def state(request: pytest.FixtureRequest) -> State:
    return reached(request.param)


def test_the_states_reach_what_they_are_named_for() -> None:
    assert reached("3p-start").turn.phase == "setup"
    middle = reached("4p-middle")
    assert middle.final is None and middle.round.number >= 3
    assert _sealed_fight(reached("3p-fight"))
    assert reached("3p-end").final is not None and GAME.pending(reached("3p-end")) is None
    assert all(reached(n).options.get("module_8") for n in STATES), "every option is on"


def test_board_is_a_real_png_wide_enough_for_a_phone_and_deterministic(state: State) -> None:
    png = board(state)
    img = decode(png)
    assert img.width >= MIN_WIDTH and 2000 <= img.height <= MAX_HEIGHT
    assert len(png) < MAX_BYTES, f"{len(png) / 1024:.0f} KiB"
    assert board(state) == png, "the same view gives the same bytes"
    assert board(state, {}) != png, "the players' names are drawn"


def test_private_images_are_real_pngs_and_differ_per_seat(state: State) -> None:
    hands = [RENDERER.hand(GAME.view(state, seat)) for seat in range(len(state.players))]
    for png in hands:
        img = decode(png)
        assert img.width >= MIN_WIDTH and 400 < img.height <= MAX_HEIGHT
    assert len(set(hands)) == len(hands), "each seat sees its own holdings"
    assert decode(RENDERER.hand(GAME.view(state, None))).width >= MIN_WIDTH


def _other(ids: list[str], now: str) -> str:
    return next(i for i in ids if i != now)


def change_every_secret(s: State) -> State:
    """The same state with every hidden part changed: stashes (while the game is on), the glory
    hands (the same counts), the rumours held (still held), the sealed orders, the deck orders,
    the demand pile, the merchant tokens' nations and the unrevealed modifications."""
    t = s.model_copy(deep=True)
    glory_ids = list(cards().base.glory.cards)
    rumour_ids = list(cards().base.rumours.rumours)
    for p in t.players:
        if t.final is None:
            p.stash += 13
        p.glory_cards = [_other(glory_ids, c) for c in p.glory_cards]
        if p.rumour is not None:
            p.rumour = _other(rumour_ids, p.rumour)
    for sealed in (t.picks, t.fight.orders if t.fight else None):
        if sealed is not None:
            for seat in sealed.seats:
                sealed.choices[seat] = "flee" if sealed.choices.get(seat) != "flee" else "shoot"
    for deck in (t.cargo, t.events, t.glory, t.captains, t.missions, t.rumours):
        deck.pile.reverse()
    t.demand_pile.reverse()
    for zs in t.zones.values():
        if zs.merchant is not None:
            zs.merchant = "spain" if zs.merchant != "spain" else "france"
        if zs.modification is not None and not zs.revealed:
            zs.modification = _other(list(defs().modifications.modifications), zs.modification)
    return t


def test_public_board_is_blind_to_every_hidden_part(state: State) -> None:
    t = change_every_secret(state)
    assert t != state
    assert board(t) == board(state)
    assert RENDERER.public_text(GAME.view(t, None), NAMES) == RENDERER.public_text(GAME.view(state, None), NAMES)


def test_public_board_is_blind_to_the_conformance_scramble(state: State) -> None:
    rand = random.Random(7)
    png = board(state)
    for _ in range(2):
        assert board(scramble_merchants(state, None, rand)) == png


def test_the_private_image_shows_what_the_public_board_does_not() -> None:
    """Changing the seat's stash, glory cards or rumour changes its private image (and its
    private text names them), while the public board stays the same."""
    s = reached("4p-middle").model_copy(deep=True)
    s.players[0].glory_cards = ["gl-navigator-1"]
    s.players[0].rumour = "ru-01"
    before = RENDERER.hand(GAME.view(s, 0))
    text = RENDERER.private_text(GAME.view(s, 0))
    assert f"{s.players[0].stash} gold" in text and "Ana Quiroga" in text and "Gold under the Old Fort" in text
    assert "Stash" not in RENDERER.public_text(GAME.view(s, None), NAMES)
    assert RENDERER.private_text(GAME.view(s, None)) == ""
    changes: list[Callable[[State], None]] = [
        lambda t: setattr(t.players[0], "stash", t.players[0].stash + 9),
        lambda t: setattr(t.players[0], "glory_cards", ["gl-lookout-1"]),
        lambda t: setattr(t.players[0], "rumour", "ru-02"),
    ]
    for change in changes:
        t = s.model_copy(deep=True)
        change(t)
        assert RENDERER.hand(GAME.view(t, 0)) != before
        assert board(t) == board(s)


def test_the_private_image_shows_a_claimed_mission_and_its_progress() -> None:
    s = reached("4p-middle").model_copy(deep=True)
    m = next(m for m in cards().base.missions.missions.values() if m.test.do == "deliver")
    s.board = [s.board[0].model_copy(update={"mission": m.id, "holder": 0}), *s.board[1:]]
    s.players[0].ship.cargo = []
    text = RENDERER.private_text(GAME.view(s, 0))
    assert m.name in text and f"0 of {m.test.n}" in text
    before = RENDERER.hand(GAME.view(s, 0))
    good_card = next(c.id for c in cards().base.cargo.cards.values() if c.good == m.test.good)
    s.players[0].ship.cargo = [good_card]
    assert RENDERER.hand(GAME.view(s, 0)) != before
    assert f"1 of {m.test.n}" in RENDERER.private_text(GAME.view(s, 0))


def test_the_private_image_lists_contraband_with_its_port() -> None:
    s = reached("4p-middle").model_copy(deep=True)
    c = next(iter(cards().sog.contraband.cards.values()))
    s.players[0].ship.cargo = [c.id]
    assert "sells at" in RENDERER.private_text(GAME.view(s, 0))


CHANGES: dict[str, Callable[[State], None]] = {
    "ship moves": lambda t: setattr(t.players[1], "zone", "havana" if t.players[1].zone != "havana" else "nassau"),
    "enters port": lambda t: setattr(t.players[1], "in_port", not t.players[1].in_port),
    "damage": lambda t: t.players[2].ship.points.__setitem__("hull", t.players[2].ship.points["hull"] - 1),
    "cargo": lambda t: setattr(t.players[0].ship, "cargo", [*t.players[0].ship.cargo, "sugar-1"]),
    "gold aboard": lambda t: setattr(t.players[0].ship, "gold", t.players[0].ship.gold + 3),
    "glory": lambda t: setattr(t.players[3], "glory", t.players[3].glory + 1),
    "glory card count": lambda t: setattr(t.players[3], "glory_cards", [*t.players[3].glory_cards, "gl-lookout-1"]),
    "bounty": lambda t: t.players[1].bounties.__setitem__("spain", t.players[1].bounties.get("spain", 0) + 1),
    "weapon": lambda t: setattr(t.players[0].ship, "weapons", ["chain_shot"]),
    "modification": lambda t: setattr(t.players[0].ship, "modifications", ["hammocks"]),
    "specialist aboard": lambda t: setattr(t.players[2], "specialists", [*t.players[2].specialists, "gl-navigator-1"]),
    "demand": lambda t: setattr(t.zones["havana"], "demand", "rum" if t.zones["havana"].demand != "rum" else "sugar"),
    "merchant raided": lambda t: setattr(next(z for z in t.zones.values() if z.merchant is not None), "merchant", None),
    "modification revealed": lambda t: setattr(t.zones["nassau"], "revealed", not t.zones["nassau"].revealed),
    "npc moves": lambda t: t.npcs.__setitem__(k := next(iter(t.npcs)), t.npcs[k].model_copy(
        update={"zone": "havana" if t.npcs[k].zone != "havana" else "nassau"})),
    "war": lambda t: setattr(t, "wars", [] if t.wars else [("spain", "france")]),
    "log": lambda t: setattr(t, "log_tail", [*t.log_tail, "Something new happens."]),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_board_changes_when_something_visible_changes(change: str) -> None:
    s = reached("4p-middle")
    t = s.model_copy(deep=True)
    CHANGES[change](t)
    assert board(t) != board(s)


def test_the_fight_panel_shows_the_sides_and_is_gone_without_a_fight() -> None:
    s = reached("3p-fight")
    assert s.fight is not None
    png = board(s)
    t = s.model_copy(deep=True)
    t.fight = None
    assert decode(board(t)).height < decode(png).height
    text = RENDERER.public_text(GAME.view(s, None), NAMES)
    assert "**Fight**" in text


def test_the_fight_panel_draws_revealed_orders_and_dice() -> None:
    """A view (not a reachable state: the engine clears them between rounds) with the orders
    revealed, the contest and the hit dice: each one changes the picture."""
    s = reached("3p-fight")
    view = GAME.view(s, None)
    assert view.fight is not None
    png = RENDERER.board(view, NAMES)
    for update in ({"declared": {"aggressor": "shoot", "defender": "board"}, "orders": None},
                   {"contest": {"aggressor": [1, "skull"], "defender": [3]}, "winner": "aggressor"},
                   {"dice": {"aggressor": [2, 4, "skull"]}, "shots": {"aggressor": "chain_shot"}},
                   {"round_no": 2}):
        shown = view.model_copy(update={"fight": view.fight.model_copy(update=update)})
        assert RENDERER.board(shown, NAMES) != png, update


def test_the_module_parts_are_drawn_once_the_view_carries_them() -> None:
    """Wind and storm (Module 8), location tokens (Module 9) and the treasure galleon's gold
    (Module 6) are drawn from the view's fields of those names when the engine carries them."""
    view = GAME.view(reached("4p-middle"), None)
    png = RENDERER.board(view, NAMES)
    wind = "SW" if view.wind == "NE" else "NE"        # a bearing other than the one it shows
    for extra in ({"wind": wind}, {"storm": "caribbean_sea"}, {"locations": {"havana": "pirate_haven"}},
                  {"treasure_gold": 15}):
        assert RENDERER.board(view.model_copy(update=extra), NAMES) != png, extra


def test_the_end_board_ranks_every_captain() -> None:
    s = reached("3p-end")
    t = s.model_copy(deep=True)
    t.final = None
    assert decode(board(s)).height > decode(board(t)).height
    assert "Game over" in RENDERER.public_text(GAME.view(s, None), NAMES)


def _centres() -> dict[str, tuple[float, float]]:
    return {z: ((x0 + x1) / 2, (y0 + y1) / 2) for z, (x0, y0, x1, y1) in tile_boxes().items()}


@pytest.mark.parametrize("zone", sorted(defs().map.zones))
def test_each_sea_lane_points_the_way_of_its_bearing(zone: str) -> None:
    """The drawn map follows the data: each neighbour lies within 45 degrees of its bearing."""
    c = _centres()
    for other, bearing in defs().map.zones[zone].neighbours.items():  # type: ignore[index]
        drawn = math.atan2(c[other][1] - c[zone][1], c[other][0] - c[zone][0])
        want = math.atan2(STEP[bearing][1], STEP[bearing][0])
        off = abs((drawn - want + math.pi) % (2 * math.pi) - math.pi)
        assert math.degrees(off) < 45, f"{zone} -> {other} should point {bearing}"


def test_no_two_zone_tiles_overlap_and_all_fit_the_page() -> None:
    boxes = tile_boxes()
    for a, (ax0, ay0, ax1, ay1) in boxes.items():
        assert ax0 >= 0 and ax1 <= MIN_WIDTH
        for b, (bx0, by0, bx1, by1) in boxes.items():
            if a < b:
                assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, f"{a} overlaps {b}"


def test_every_renderer_registry_finds_it() -> None:
    from render.registry import renderer_for
    found: Any = renderer_for("merchants_marauders")
    assert found is RENDERER
