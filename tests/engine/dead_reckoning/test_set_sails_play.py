"""Set Sails, through play: a set-up game, the Ship and its holds put where the rule applies, the
cards played and `sails` typed as in /play; the Sail track is what the engine set (the pure counts
of rules/set_sails.py stay in test_set_sails.py). Inventory IDs are DR-SAIL-…."""
from __future__ import annotations

from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.load_unload import lay_tile, stow
from engine.dead_reckoning.state import HARBOR, State, label
from tests.engine.dead_reckoning.scenario_helpers import do, game, hand, main_seat, options

ISLANDS = "icon-13"      # a seed whose row 1 shows three islands


def _start(case: str, *cards: str) -> tuple[State, int]:
    """A 2-player game (`case` names it in a failure); the active seat holds only `cards` and
    plays them."""
    s = game(2, seed=ISLANDS)
    assert s.islands, case
    seat = main_seat(s)
    hand(s, seat, *cards)
    for card in cards:
        s = do(s, seat, f"play {card}")
    return s, seat


def _put(s: State, seat: int, letter: str, res: str, n: int) -> None:
    ship = s.players[seat].ship
    ship.hull = stow(ship.hull, res, {letter: n})   # type: ignore[arg-type, dict-item]


def _both_loaded(s: State, seat: int) -> None:
    _put(s, seat, "A", "cargo", 3)
    _put(s, seat, "D", "cargo", 1)
    _put(s, seat, "D", "coin", 1)


def _at(s: State, seat: int, where: str) -> str:
    """Put the Ship in Harbor, at an island of its own, an opponent's island, or the open sea."""
    if where == "harbor":
        s.players[seat].ship.at = HARBOR
        return HARBOR
    if where == "sea":
        pos = next(p for p, sp in s.grid.items() if defs().ocean.boards[sp.board].kind != "island")
    else:
        pos = next(iter(s.islands))
        owner = seat if where == "mine" else 1 - seat
        s.islands[pos].slots = [label(owner)] * len(s.islands[pos].slots)
    s.players[seat].ship.at = pos
    return pos


def _track(s: State, seat: int) -> int:
    s = do(s, seat, "sails")
    assert "sails" not in options(s, seat)
    return s.players[seat].ship.sails


def test_dr_sail_02_the_track_is_the_hulls_sails_plus_the_played_cards() -> None:
    s, seat = _start("sail-02-none")
    _at(s, seat, "theirs")
    assert _track(s, seat) == 2, "the hull's A and D"
    s, seat = _start("sail-02-captain", "captain")      # level 1 prints one Sail
    _at(s, seat, "theirs")
    assert _track(s, seat) == 3
    s, seat = _start("sail-02-topsail", "captain")
    s.players[seat].ship.hull = lay_tile(s.players[seat].ship.hull, "B", defs().upgrades.tiles["topsail"])
    _at(s, seat, "theirs")
    assert _track(s, seat) == 4, "an Upgrade's Sail counts as the hull's"
    for where, track in (("theirs", 2), ("mine", 4)):
        s, seat = _start(f"sail-02-clipper-{where}", "captain")
        ship = s.players[seat].ship
        ship.hull = lay_tile(ship.hull, "A", defs().upgrades.tiles["clipper-rig"])
        _put(s, seat, "A", "cargo", 1)                  # goods over the tile silence its two Sails
        _at(s, seat, where)
        assert _track(s, seat) == track, where


def test_dr_sail_03_the_track_stops_at_8() -> None:
    for tiles, track in ((("clipper-rig",), 8), (("clipper-rig", "topsail"), 8), (("topsail",), 7)):
        s, seat = _start(f"sail-03-{len(tiles)}-{tiles[0]}", "captain", "deck-hand-1")
        s.players[seat].levels["deck-hand-1"] = 4       # three Sails
        for letter, tile in zip("BC", tiles, strict=False):
            s.players[seat].ship.hull = lay_tile(s.players[seat].ship.hull, letter, defs().upgrades.tiles[tile])  # type: ignore[arg-type]
        _at(s, seat, "sea")
        assert _track(s, seat) == track, tiles        # 2 + 1 + 3 + the tiles: 8, 9 (capped) and 7


def test_dr_sail_04_one_good_in_a_hold_covers_its_sail() -> None:
    for where in ("theirs", "sea"):
        s, seat = _start(f"sail-04-{where}")
        _put(s, seat, "D", "coin", 1)
        _at(s, seat, where)
        assert _track(s, seat) == 1, where


def test_dr_sail_05_06_covered_sails_count_only_where_the_goods_could_be_reloaded() -> None:
    for where, track in (("harbor", 2), ("mine", 2), ("theirs", 0), ("sea", 0)):
        s, seat = _start(f"sail-05-{where}")
        _both_loaded(s, seat)
        _at(s, seat, where)
        assert _track(s, seat) == track, where
    s, seat = _start("sail-05-guarded")                   # an opponent's Pirate bars reloading at home
    _both_loaded(s, seat)
    at = _at(s, seat, "mine")
    s.players[1 - seat].ship.at, s.players[1 - seat].ship.mode = at, "pirate"
    assert _track(s, seat) == 0


def test_dr_sail_08_purple_at_its_own_island_sets_3() -> None:
    s, seat = _start("sail-08", "captain")
    _both_loaded(s, seat)
    _at(s, seat, "mine")
    assert _track(s, seat) == 3


def test_dr_sail_09_blue_at_purples_island_sets_1() -> None:
    s, seat = _start("sail-09", "captain")
    _both_loaded(s, seat)
    _at(s, seat, "theirs")
    assert _track(s, seat) == 1


def test_dr_sail_10_blue_jettisons_one_hold_and_sails_two_boards() -> None:
    s, seat = _start("sail-10", "captain")
    _both_loaded(s, seat)
    _at(s, seat, "theirs")
    s = do(s, seat, "jettison cargo a")
    s = do(s, seat, "3")
    assert s.players[seat].ship.hull.space("A").goods.total() == 0
    s = do(s, seat, "sails")
    assert s.players[seat].ship.sails == 2
    first = next(o for o in options(s, seat) if o.startswith("move "))
    s = do(s, seat, first)
    second = next(o for o in options(s, seat) if o.startswith("move "))
    s = do(s, seat, second)
    assert s.players[seat].ship.sails == 0 and not any(o.startswith("move ") for o in options(s, seat))


def test_dr_abd_01_sail_abilities_count_at_set_sails_without_being_used() -> None:
    # the Bosun's level 2 shows a Wheel; r2-02 adds a Sail and one more Sail per Wheel on the card
    s, seat = _start("abd-01")
    hand(s, seat, "bosun")
    s.players[seat].levels["bosun"] = 2
    s.players[seat].sleeves["bosun"] = ["r2-02"]
    s = do(s, seat, "play bosun")
    _at(s, seat, "sea")
    assert not any(o.startswith("use bosun 2") for o in options(s, seat)), "a Sail is no action"
    assert _track(s, seat) == 2 + 1 + 2
    # an either-or Sail option (the Deck Hand's level 2) counts only when the player takes it
    for take, track in (("sail", 3), ("keep", 2)):
        s, seat = _start(f"abd-01-{take}")
        hand(s, seat, "deck-hand-1")
        s.players[seat].levels["deck-hand-1"] = 2
        s = do(s, seat, "play deck-hand-1")
        _at(s, seat, "sea")
        s = do(s, seat, "sails")
        assert options(s, seat) == ["sail deck-hand-1", "keep deck-hand-1"]
        s = do(s, seat, f"{take} deck-hand-1")
        assert s.players[seat].ship.sails == track, take
