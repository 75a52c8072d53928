"""VARIANT RULES: the larger board, the Voodoo Doll and the Barbary Coast."""
from __future__ import annotations

import pytest

from tests.engine.pirate_chest.scenario_helpers import GAME, act, islands, legal, pending_of, player, run, state, turn

SIX = ["kidd", "jones", "hook", "bart", "silver", "lola"]


@pytest.mark.parametrize(("players", "larger", "size"), [
    (2, None, 24), (4, None, 24), (5, None, 30), (6, None, 30), (5, False, 24), (3, True, 30),
])
def test_variant_larger_board_for_5_or_more(players: int, larger: bool | None, size: int) -> None:
    """PC-VAR-01 (reading: the larger board is the default from 5 players; a table may choose
    either board at any size)."""
    options = {} if larger is None else {"larger_board": larger}
    assert state(captains=SIX[:players], options=options).board_size == size


def test_variant_larger_board_adds_an_island_27_and_barbary_coast_30() -> None:
    """PC-VAR-02 (reading: a 30-space track; space 27 a deserted island, 30 the Barbary Coast port)."""
    s = state(captains=SIX[:5])
    view = GAME.view(s, None)
    assert [(sp.number, sp.kind) for sp in view.spaces][-2:] == [(27, "island"), (30, "port")]
    assert view.spaces[-1].name == "Barbary Coast"
    players = [player("kidd", position=28), *(player(c) for c in SIX[1:5])]
    s = state({"players": players, **turn(0), "islands": islands(), "rng": {"forced": [4]}}, captains=SIX[:5])
    s, _ = act(s, (0, "roll"), (0, "sail 4 cw"))
    assert s.players[0].position == 2


def test_variant_voodoo_doll_a_fifth_hidden_coin() -> None:
    """PC-VAR-03: with the Voodoo Doll the 5 coins lie hidden one per island of the larger board,
    and stopping on the Doll takes it like any coin."""
    s = state(captains=SIX[:5], options={"voodoo_doll": True})
    assert sorted(s.islands) == [3, 9, 15, 21, 27]
    assert sorted(c.id for pile in s.islands.values() for c in pile) == ["chest", "compass", "key", "map", "voodoo-doll"]
    assert all(len(pile) == 1 and not pile[0].face_up for pile in s.islands.values())
    s = state({"players": [player("kidd", position=1), player("jones")], **turn(0),
               "islands": islands({3: ["voodoo-doll"]}), "rng": {"forced": [2]}},
              captains=["kidd", "jones"], options={"voodoo_doll": True})
    s, _ = act(s, (0, "roll"), (0, "sail 2 cw"))
    assert s.players[0].coins == ["voodoo-doll"]


@pytest.mark.parametrize(("players", "options", "doll"), [
    (5, {}, True), (6, {}, True),                            # the larger board brings the Doll
    (2, {}, False), (4, {}, False),                          # the standard board does not
    (3, {"larger_board": True}, True), (6, {"larger_board": False}, False),
    (5, {"voodoo_doll": False}, False), (6, {"larger_board": True, "voodoo_doll": False}, False),
    (2, {"voodoo_doll": True}, True), (6, {"larger_board": False, "voodoo_doll": True}, True),
])
def test_variant_03_voodoo_doll_comes_with_the_larger_board(players: int, options: dict, doll: bool) -> None:
    """PC-VAR-03, PC-VAR-07 (reading: the Doll belongs to the larger board, so it is in play by
    default whenever that board is; `voodoo_doll` true or false overrides either way). A default
    5- or 6-player game has a coin on every one of its five islands."""
    s = state(captains=SIX[:players], options=options)
    assert s.voodoo_doll is doll
    coins = sorted(c.id for pile in s.islands.values() for c in pile)
    assert ("voodoo-doll" in coins) is doll and len(coins) == 4 + doll
    if not options and players >= 5:
        assert sorted(s.islands) == [3, 9, 15, 21, 27]   # no island left empty


def test_variant_voodoo_doll_without_the_larger_board() -> None:
    """PC-VAR-07 (reading: the Doll may be used on the standard board; the fifth coin then shares
    an island with another coin)."""
    s = state(captains=["kidd", "jones"], options={"voodoo_doll": True})
    assert s.board_size == 24 and sorted(s.islands) == [3, 9, 15, 21]
    assert sum(len(pile) for pile in s.islands.values()) == 5


def _doll_holder(forced: list[int]):
    players = [player("kidd", position=1, coins=["voodoo-doll", "map"]), player("jones", position=20, hand=["rum"])]
    return state({"players": players, **turn(0), "islands": islands(), "rng": {"forced": forced}},
                 captains=["kidd", "jones"], options={"voodoo_doll": True})


def test_variant_voodoo_doll_curse_at_end_of_turn() -> None:
    """PC-VAR-04, PC-VAR-05 (reading: using it is optional; once used the Doll goes face down to a
    random island): the holder ends his turn, names a target and rolls on the Curse Table."""
    s = _doll_holder([1, 3])
    s, _ = act(s, (0, "roll"), (0, "sail 1 cw"), (0, "end"))
    assert pending_of(s).prompt == "decide whether to use the Voodoo Doll"
    assert legal(s, 0) == ["doll jones", "keep-doll"]
    s, events = act(s, (0, "doll jones"))
    assert "Curse 3: Davy Jones discards a random card." in events
    assert "rum" in s.deck.discard and "rum" not in s.players[1].hand and s.players[0].coins == ["map"]
    assert [(n, c.id, c.face_up) for n, pile in s.islands.items() for c in pile][0][1:] == ("voodoo-doll", False)
    assert s.turn.seat == 1


def test_variant_voodoo_doll_kept_when_not_used() -> None:
    """PC-VAR-05 (reading: a holder who does not curse keeps the Doll)."""
    s = _doll_holder([1])
    s, _ = act(s, (0, "roll"), (0, "sail 1 cw"), (0, "end"), (0, "keep-doll"))
    assert s.players[0].coins == ["voodoo-doll", "map"] and s.islands == {} and s.turn.seat == 1


def test_variant_fifth_and_sixth_players_may_take_the_barbary_coast() -> None:
    """PC-VAR-06: in the draft, seats 5 and 6 choose between their captain's port and the Barbary
    Coast; the first four seats are not asked."""
    picks = [(i, f"captain {c}") for i, c in enumerate(SIX[:4])]
    out = run(actions=[*picks, (4, "captain silver")], players=6)
    assert out["legal"]["4"] == ["home pirate-island", "home barbary-coast"]
    out = run(actions=[*picks, (4, "captain silver"), (4, "home barbary-coast"), (5, "captain lola"),
                       (5, "home graveyard")], players=6)
    homes = [(p["home"], p["position"]) for p in out["state"]["players"]]
    assert homes == [(12, 12), (18, 18), (24, 24), (24, 24), (30, 30), (18, 18)]
    preset = state(captains=SIX)
    assert [p.home for p in preset.players] == [12, 18, 24, 24, 12, 18]   # preset captains keep their ports
