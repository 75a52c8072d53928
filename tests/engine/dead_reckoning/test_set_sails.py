"""Set Sails; Sail (Description of Abilities) (engine/dead_reckoning/rules/set_sails.py)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.dead_reckoning.defs import Face, Icons, defs
from engine.dead_reckoning.rules.load_unload import (
    HARBOR,
    Goods,
    Place,
    Ship,
    jettison,
    lay_tile,
    load,
    starting_ship,
    unload,
)
from engine.dead_reckoning.rules.set_sails import (
    PlayedCard,
    counts_covered_sails,
    fixed_sails,
    hull_sails,
    optional_sails,
    set_sails,
)
from engine.dead_reckoning.state import State, label
from tests.engine.dead_reckoning.scenario_helpers import do
from tests.engine.dead_reckoning.test_rules_icons import ISLANDS, _played

MINE = Place(at="island", controlled=True)
THEIRS = Place(at="island")


def sailor(kind: str, level: int, *advancements: str) -> PlayedCard:
    s = defs().sailors.sailors[kind]  # type: ignore[index]
    return PlayedCard(faces=(s.levels[level - 1], *(defs().advancements.cards[a] for a in advancements)))


def icons(**n: int) -> PlayedCard:
    return PlayedCard(faces=(Face(icons=Icons(**n)),))


def both_holds_loaded() -> Ship:
    ship = starting_ship()
    for letter, goods in (("A", Goods(cargo=3)), ("D", Goods(cargo=1, coin=1))):
        ship = ship.replace(ship.space(letter).model_copy(update={"goods": goods}))  # type: ignore[arg-type]
    return ship


CAPTAIN_1 = sailor("captain", 1)          # one Sail icon


def test_dr_sail_08_purple_at_its_own_island_counts_its_covered_sails_3() -> None:
    """Purple starts at an island it controls with both sail holds loaded: 2 from the Ship and 1
    from the played card, Sail track 3."""
    s = set_sails(both_holds_loaded(), MINE, [CAPTAIN_1])
    assert (s.hull, s.cards, s.track) == (2, 1, 3)


def test_dr_sail_09_blue_at_purples_island_counts_only_the_card_1() -> None:
    """Blue, at Purple's island with both holds loaded, neither unloads onto it nor jettisons:
    only the card's Sail counts, track 1. It could unload there but could not load back."""
    ship = both_holds_loaded()
    s = set_sails(ship, THEIRS, [CAPTAIN_1])
    assert (s.hull, s.cards, s.track) == (0, 1, 1)
    unloaded, where = unload(ship, THEIRS, "A", "cargo", 3)
    assert where == "island" and set_sails(unloaded, THEIRS, [CAPTAIN_1]).track == 2
    with pytest.raises(IllegalActionError, match="only from an island you control"):
        load(unloaded, THEIRS, "A", "cargo", 3, available=3)


def test_dr_sail_10_blue_jettisons_one_hold_to_sail_twice() -> None:
    """Same spot, one Sail card, two moves wanted: Blue jettisons the goods of one hold, which
    uncovers that hold's Sail: track 2."""
    ship = jettison(both_holds_loaded(), "A", "cargo", 3)
    s = set_sails(ship, THEIRS, [CAPTAIN_1])
    assert (s.hull, s.cards, s.track) == (1, 1, 2)


def test_dr_sail_02_hull_sails_plus_played_cards_sails() -> None:
    s = set_sails(starting_ship(), THEIRS, [CAPTAIN_1, icons(sail=2)])
    assert (s.hull, s.cards, s.track) == (2, 3, 5)
    assert set_sails(starting_ship(), THEIRS, []).track == 2
    assert set_sails(starting_ship(), Place(at="sea"), [icons(cannon=3)]).track == 2


def test_dr_sail_02_upgrade_sails_count_like_the_hull_they_lie_on() -> None:
    topsail, clipper = defs().upgrades.tiles["topsail"], defs().upgrades.tiles["clipper-rig"]
    ship = lay_tile(lay_tile(starting_ship(), "B", topsail), "C", clipper)
    assert set_sails(ship, THEIRS, []).hull == 5
    ship = lay_tile(starting_ship(), "A", clipper)             # over the printed Sail of A
    assert set_sails(ship, THEIRS, []).hull == 3
    loaded = ship.replace(ship.space("A").model_copy(update={"goods": Goods(cargo=1)}))
    assert set_sails(loaded, THEIRS, []).hull == 1 and set_sails(loaded, MINE, []).hull == 3


def test_dr_sail_03_the_track_stops_at_8() -> None:
    assert defs().rules.turn.sail_max == 8
    assert set_sails(starting_ship(), THEIRS, [icons(sail=6)]).track == 8       # exactly 8
    assert set_sails(starting_ship(), THEIRS, [icons(sail=5)]).track == 7       # one below
    s = set_sails(starting_ship(), THEIRS, [icons(sail=7)])                      # 9 counted
    assert s.counted == 9 and s.track == 8


def test_dr_sail_04_a_hold_with_one_good_loses_its_sail() -> None:
    ship = starting_ship()
    one_coin = ship.replace(ship.space("D").model_copy(update={"goods": Goods(coin=1)}))
    assert hull_sails(ship, THEIRS) == 2 and hull_sails(one_coin, THEIRS) == 1
    assert hull_sails(one_coin, Place(at="sea")) == 1


def test_dr_sail_05_06_covered_sails_count_in_harbor_and_at_your_island_only() -> None:
    ship = both_holds_loaded()
    assert hull_sails(ship, HARBOR) == 2 and hull_sails(ship, MINE) == 2
    assert hull_sails(ship, THEIRS) == 0 and hull_sails(ship, Place(at="sea")) == 0
    assert counts_covered_sails(HARBOR) and counts_covered_sails(MINE)
    assert not counts_covered_sails(THEIRS)


def test_covered_sails_do_not_count_where_you_could_not_load_back() -> None:
    """The exception stands for unloading and reloading; a Pirate guarding your island or a
    shut-out island allows neither, so covered Sails stay covered there."""
    ship = both_holds_loaded()
    assert hull_sails(ship, Place(at="island", controlled=True, pirate_guard=True)) == 0
    assert hull_sails(ship, Place(at="island", controlled=True, shut_out=True)) == 0


def test_dr_sail_01_sails_are_set_once_per_turn() -> None:
    with pytest.raises(IllegalActionError, match="already set your Sails"):
        set_sails(starting_ship(), HARBOR, [CAPTAIN_1], already_set=True)


def test_dr_abd_01_sail_abilities_count_without_being_used() -> None:
    """A Sail ability with no alternative counts by itself, like an icon; "Sails per Wheel"
    counts the Wheels on the whole card, sleeved Advancements included."""
    helm = defs().advancements.cards["r2-02"]          # 1 Sail icon, 1 Wheel, +1 Sail per Wheel
    assert fixed_sails(PlayedCard(faces=(helm,))) == 2
    bosun = sailor("bosun", 2, "r2-02")                # the Bosun's Wheel makes 2 Wheels on the card
    assert bosun.icons().wheel == 2 and fixed_sails(bosun) == 3
    assert set_sails(starting_ship(), THEIRS, [bosun]).track == 5
    assert fixed_sails(sailor("gunner", 3)) == 0


def test_either_or_sail_options_count_only_when_taken() -> None:
    """The Deck Hand's Influence-or-Sails: its Sails count only if the player takes them."""
    dh2, dh3 = sailor("deck_hand", 2), sailor("deck_hand", 3)
    assert optional_sails(dh2) == [1] and optional_sails(dh3) == [2] and fixed_sails(dh3) == 0
    assert set_sails(starting_ship(), THEIRS, [dh2, dh3]).track == 2
    assert set_sails(starting_ship(), THEIRS, [dh2, dh3], take=[(1, 0)]).track == 4
    assert set_sails(starting_ship(), THEIRS, [dh2, dh3], take=[(0, 0), (1, 0)]).track == 5
    with pytest.raises(IllegalActionError, match="no such Sail option"):
        set_sails(starting_ship(), THEIRS, [dh2], take=[(0, 1)])
    with pytest.raises(IllegalActionError, match="no such Sail option"):
        set_sails(starting_ship(), THEIRS, [CAPTAIN_1], take=[(0, 0)])
    with pytest.raises(IllegalActionError, match="taken once"):
        set_sails(starting_ship(), THEIRS, [dh2], take=[(0, 0), (0, 0)])


# ---- the same three examples played: the Captain (1 Sail) played, then "sails" ----
def _at_island_loaded(controlled: bool) -> tuple[State, int]:
    """The active seat has played its level-1 Captain at island a1, both Sail holds loaded
    (A: 3 cargo, D: 1 cargo and 1 coin); a1 is its own island, or its opponent's."""
    s, seat = _played(ISLANDS, "captain", at="a1")
    owner = seat if controlled else 1 - seat
    isl = s.islands["a1"]
    isl.slots = [label(owner)] * len(isl.slots)
    s.players[seat].ship.hull = both_holds_loaded()
    return s, seat


def test_dr_sail_08_the_example_played_purple_at_its_own_island_sets_3_sails() -> None:
    s, seat = _at_island_loaded(controlled=True)
    assert do(s, seat, "sails").players[seat].ship.sails == 2 + 1


def test_dr_sail_09_the_example_played_blue_at_purples_island_sets_1_sail() -> None:
    s, seat = _at_island_loaded(controlled=False)
    assert do(s, seat, "sails").players[seat].ship.sails == 1


def test_dr_sail_10_the_example_played_blue_jettisons_hold_a_and_sets_2_sails() -> None:
    s, seat = _at_island_loaded(controlled=False)
    s = do(do(s, seat, "jettison cargo a"), seat, "3")          # how many: all 3
    assert s.players[seat].ship.hull.space("A").goods == Goods()
    assert do(s, seat, "sails").players[seat].ship.sails == 2
