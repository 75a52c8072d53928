"""Render checks (DESIGN.md, testing layer 5): real PNGs from real game states, decoded, their
size and dimensions checked, deterministic, fast, and blind to what the viewer may not see.
"""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import render.common as common
import render.pirate_chest.board as board_module
import render.pirate_chest.hand as hand_module
import render.pirate_chest.panels as panels
from engine.core.pieces import face_down
from engine.pirate_chest.defs import defs
from engine.pirate_chest.state import State
from engine.pirate_chest.view import HIDDEN, CardView, PirateChestView
from render.pirate_chest.board import render_board
from render.pirate_chest.hand import coin_label, fight_bonus, render_hand, short_name
from tests.engine.pirate_chest.conformance import scramble_pirate_chest
from tests.render.states import PLAYERS, finished, mid_fight, play, players_for, view, with_everything

MAX_BYTES = 600 * 1024
PHONE_W = 400             # the player test: the 1200-px image shown 400 px wide
MIN_FIGURE_PX = 40        # figures that tell who is ahead: text this tall (font px) at 1200 px...
MIN_BADGE_R = 30          # ... and coin badges this big (a 20-px disc at 400 px)

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
    assert 1200 <= img.width <= 1400
    assert 1000 <= img.height <= 2400        # at most 2:1, so a phone shows it at full width
    assert len(png) < MAX_BYTES, f"{len(png) / 1024:.0f} KiB"
    return img


@pytest.fixture(params=sorted(STATES), scope="module")
def state(request: pytest.FixtureRequest) -> State:
    return STATES[request.param]()


def test_board_public_is_a_phone_sized_png(state: State) -> None:
    png = render_board(view(state, None))
    assert_good_png(png)
    assert render_board(view(state, None)) == png, "the same view must give the same bytes"
    named = render_board(view(state, None), players_for(state))
    assert_good_png(named)
    assert named != png, "the players' names are drawn"


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
    hidden = [c for coins in t.islands.values() for c in face_down(coins)]
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
    sealed = [seat for seat, cards in s.fight.cards.choices.items() if cards] if s.fight else []
    assert sealed, "the fight fixture should hold a sealed card"
    seat = sealed[0]
    assert render_board(view(s, seat)) != render_board(view(s, None))


# ---- speed, fonts (the no_system_fonts fixture: conftest.py), pieces ----------------------------
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


# ---- legible at phone width: what is drawn, and how big (no OCR needed) ----------------------
Drawn = dict[str, list[tuple[str, float]]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Records what is drawn: texts with their sizes, per module (panels: header, centre and
    legend; board: the ring; hand: coin rows and the hand image), and coin badges with their
    radius (legend cards apart from the ring's tokens and island notes)."""
    calls: Drawn = {"panels": [], "board": [], "hand": [], "legend_coins": [], "ring_coins": []}

    def texts(module: object, key: str) -> None:
        real = module.draw_text  # type: ignore[attr-defined]

        def spy(d: object, xy: object, s: str, size: int, **kw: object) -> None:
            calls[key].append((s, size))
            real(d, xy, s, size, **kw)
        monkeypatch.setattr(module, "draw_text", spy)

    def badges(module: object, key: str) -> None:
        real = module.coin_badge  # type: ignore[attr-defined]

        def spy(d: object, centre: object, r: float, coin: str) -> None:
            calls[key].append((coin, r))
            real(d, centre, r, coin)
        monkeypatch.setattr(module, "coin_badge", spy)

    texts(panels, "panels")
    texts(board_module, "board")
    texts(hand_module, "hand")
    badges(panels, "legend_coins")
    badges(board_module, "ring_coins")
    return calls


def players_for_view(v: PirateChestView) -> dict[int, str]:
    return {seat: name for seat, name in PLAYERS.items() if seat < len(v.ships)}


@pytest.mark.parametrize("name", ["2p-finished", "4p-midgame", "4p-finished", "6p-fight", "6p-larger-board-late"])
def test_who_is_ahead_reads_at_phone_width(name: str, drawn: Drawn) -> None:
    """Each seat card shows its cards in hand as a big number and each coin it holds as a big
    badge, in the ship's own order; a ship with none says so in big letters."""
    v = view(STATES[name](), None)
    render_board(v, players_for_view(v))
    numbers = [(s, z) for s, z in drawn["panels"] if s.isdigit()]
    assert numbers == [(str(ship.hand_size), panels.FIGURE_SIZE) for ship in v.ships]
    assert panels.FIGURE_SIZE >= MIN_FIGURE_PX and panels.FIGURE_SIZE * PHONE_W / 1200 >= 13
    badges = drawn["legend_coins"]
    assert [c for c, _ in badges] == [c for ship in v.ships for c in ship.coins]
    assert all(r >= MIN_BADGE_R for _, r in badges)
    no_coins = [z for s, z in drawn["panels"] if s == "no coins"]
    assert len(no_coins) == sum(not ship.coins for ship in v.ships)
    assert all(z >= MIN_FIGURE_PX for z in no_coins)


def test_every_coin_on_the_board_is_drawn_and_keyed(drawn: Drawn) -> None:
    """A view with every coin held or lying face up: the legend has a badge per held coin, each
    ship token carries its coins, each face-up island coin is named beside its island, and
    the coin key names every coin shown (and no other)."""
    v = with_everything(view(STATES["6p-larger-board-late"](), None))
    png = render_board(v, players_for_view(v))
    assert_good_png(png)
    held = [c for ship in v.ships for c in ship.coins]
    assert [c for c, _ in drawn["legend_coins"]] == held
    sailing = [c for ship in v.ships if ship.position >= 1 for c in ship.coins]
    lying = [c for sp in v.spaces for c in sp.coins]
    assert sorted(c for c, _ in drawn["ring_coins"]) == sorted(sailing + lying + lying), \
        "tokens carry their coins; an island shows each of its coins on the space and in its note"
    face_up = {c for c in lying if c != HIDDEN}
    board_texts = {s for s, _ in drawn["board"]}
    assert all(coin_label(c, v.coin_names) in board_texts for c in face_up)
    labels = {coin_label(c, v.coin_names) for c in v.coin_names}
    key = [s for s, _ in drawn["hand"] if s in labels]     # the coin key is a coin row (hand.py)
    shown = set(held) | face_up
    assert sorted(key) == sorted(coin_label(c, v.coin_names) for c in shown)
    assert panels.coins_shown(v) == [c for c in v.coin_names if c in shown]
    assert "chest" in held and "chest" in shown


def test_players_are_named_beside_their_seats(drawn: Drawn) -> None:
    v = view(STATES["6p-midgame"](), None)
    players = {0: "alice", 1: "bob", 2: "carol", 3: "Bot 4", 4: "eve", 5: "x" * 32}
    render_board(v, players)
    titles = [(s, z) for s, z in drawn["panels"] if s[:2] in {f"{i}." for i in range(1, 7)}]
    assert len(titles) == 6
    for (text, size), ship in zip(titles, v.ships, strict=True):
        assert text.startswith(f"{ship.seat + 1}. {ship.captain_name} (")
        assert size >= panels.TITLE_MIN
        assert common.text_width(text, int(size), True) <= panels.CARD_W - 40
    assert [t for t, _ in titles[:5]] == [f"{s.seat + 1}. {s.captain_name} ({players[s.seat]})" for s in v.ships[:5]]
    assert titles[5][0].endswith("…)"), "a very long player name is cut short, not shrunk to nothing"
    drawn["panels"].clear()
    render_board(v)
    assert [s for s, _ in drawn["panels"] if s[:2] == "1."] == ["1. Jack Sparrow"], "no names, no brackets"


def test_the_seat_whose_turn_it_is_stands_out() -> None:
    """The active seat's card has its title band filled with the seat's colour."""
    v = view(STATES["4p-midgame"](), None)
    assert v.active_seat is not None
    img = decode(render_board(v, players_for_view(v))).convert("RGB")
    legend_top = img.height - panels.legend_height(v)
    key = panels.COIN_KEY_H if panels.coins_shown(v) else 0
    for ship in v.ships:
        row, col = divmod(ship.seat, panels.LEGEND_COLS)
        x = panels.LEGEND_MARGIN + col * (panels.CARD_W + panels.LEGEND_GAP) + panels.CARD_W - 30
        y = legend_top + key + panels.LEGEND_MARGIN + row * (panels.CARD_H + panels.LEGEND_GAP) + 20
        band = img.getpixel((x, y))
        assert isinstance(band, tuple)
        near = max(abs(a - b) for a, b in zip(band, common.seat_colour(ship.seat), strict=True)) <= 8  # palette PNG
        assert near == (ship.seat == v.active_seat), (ship.seat, band)


def test_hand_text_reads_at_phone_width(drawn: Drawn) -> None:
    """One card a row, its text at 36 px (12 px at phone width); coins as badges with names."""
    v = with_everything(view(STATES["6p-larger-board-late"](), 0))
    hand = [CardView(id=c.id, name=c.name, text=c.text) for c in list(defs().cards.values())[:7]]
    v = v.model_copy(update={"hand": hand})
    img = decode(render_hand(v))
    assert img.width == 1200 and img.height <= 2400
    texts = drawn["hand"]
    names = [z for s, z in texts if s in {c.name for c in hand}]
    assert len(names) == len(hand) and min(names) >= MIN_FIGURE_PX
    body = [z for s, z in texts if any(s in c.text for c in hand) and s not in {c.name for c in hand}]
    assert body and all(z >= 36 for z in body)
    coins = [s for s, _ in texts if s in {coin_label(c, v.coin_names) for c in v.ships[0].coins}]
    assert len(coins) == len(v.ships[0].coins) > 0
