"""ESCAPE: a ship landed on may roll 1D6 to slip away; 5 or better and there is no fight."""
from __future__ import annotations

import pytest

from tests.engine.pirate_chest.scenario_helpers import act, islands, legal, pending_of, player, state, turn


def _landed(defender: str = "kidd", attacker: str = "redbeard", dice=(), **fields):
    """`attacker` (seat 0) has sailed from 1 onto `defender` (seat 1) on space 4 and chosen Both."""
    players = [player(attacker, position=1), player(defender, position=4, coins=["map"], **fields)]
    s = state({"players": players, **turn(0), "islands": islands(), "rng": {"forced": [3, *dice]}},
              captains=[attacker, defender])
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"))
    if legal(s, 0) == ["broadsides", "boarding", "both"]:
        s, _ = act(s, (0, "both"))
    return s


def test_escape_offered_to_the_ship_landed_on() -> None:
    """PC-ESCAPE-01: before any fight the defender is asked whether to try to escape."""
    s = _landed(hand=["flee", "knives"])
    pending = pending_of(s)
    assert (pending.kind, pending.waiting_on, pending.prompt) == ("reaction", (1,), "decide whether to try to escape")
    assert legal(s, 1) == ["play flee", "escape", "stand"]
    assert legal(s, 0) == []


@pytest.mark.parametrize("roll", [5, 6])
def test_escape_on_5_or_better_no_fight(roll: int) -> None:
    """PC-ESCAPE-02, PC-ESCAPE-05: 5 or 6 and no fight takes place; the escaped ship stays where it is
    and the attacker's turn goes on."""
    s, events = act(_landed(dice=[roll]), (1, "escape"))
    assert f"Captain Kidd escapes with {roll}!" in events
    assert s.fight is None and s.stack == []
    assert [p.position for p in s.players] == [4, 4] and s.players[1].coins == ["map"]
    assert legal(s, 0) == ["end"]


@pytest.mark.parametrize("roll", [1, 4])
def test_escape_below_5_the_fight_goes_ahead(roll: int) -> None:
    """PC-ESCAPE-03: a failed escape leads to the fight (both sides choose fight cards)."""
    s, events = act(_landed(dice=[roll]), (1, "escape"))
    assert f"Captain Kidd fails to escape ({roll})." in events
    assert pending_of(s).prompt == "choose fight cards (sealed)"
    assert s.fight is not None and s.fight.mode == "both"


@pytest.mark.parametrize(("defender", "fields", "cards", "dice", "escapes"), [
    ("kidd", {}, [], [4], False),
    ("kidd", {"hand": ["flee"]}, ["flee"], [3], True),                  # Flee +2
    ("kidd", {"hand": ["catch-the-wind"]}, ["catch-the-wind"], [4], True),  # Catch the Wind +1
    ("kidd", {"hand": ["flee", "catch-the-wind"]}, ["flee", "catch-the-wind"], [2], True),  # they add up
    ("nemo", {}, [], [4], True),                                         # Nautilus +1
    ("morgan", {}, [], [4], True),                                       # Raider +1
    ("sparrow", {}, [], [1, 5], True),                                   # Luck: the better of two dice
    ("kidd", {"dice_penalty": True}, [], [6], False),                    # curse 2: -2
], ids=["none", "flee", "catch-the-wind", "flee+catch", "nautilus", "raider", "luck", "cursed"])
def test_escape_modifiers(defender: str, fields: dict, cards: list[str], dice: list[int], escapes: bool) -> None:
    """PC-ESCAPE-04: Nautilus +1, Flee +2, Catch the Wind +1, Raider +1, curse -2, Luck's second die."""
    s = _landed(defender, dice=dice, **fields)
    s, _ = act(s, *[(1, f"play {c}") for c in cards], (1, "escape"))
    assert (s.fight is None) is escapes
    assert all(c in s.deck.discard for c in cards)


@pytest.mark.parametrize(("attacker", "mode", "defender_fields"), [
    ("sinbad", "steal-coin", {}), ("sinbad", "steal-card", {"hand": ["knives"]}), ("nemo", "ram", {}),
])
def test_escape_allowed_against_steal_and_ram(attacker: str, mode: str, defender_fields: dict) -> None:
    """PC-ESCAPE-06, PC-STEAL-01, PC-RAM-05 (reading: any attack made by landing on a ship may be
    escaped, Sinbad's steal and Nemo's ram included); a successful escape stops it."""
    s = _landed(attacker=attacker, dice=[5], **defender_fields)
    s, _ = act(s, (0, mode))
    assert legal(s, 1) == ["escape", "stand"]
    s, _ = act(s, (1, "escape"))
    kidd = s.players[1]
    assert (kidd.position, kidd.coins, kidd.hand, kidd.times_sunk) == (4, ["map"], defender_fields.get("hand", []), 0)


def test_escape_not_offered_against_card_forced_boarding() -> None:
    """PC-ESCAPE-06 (reading: a fight forced by a card, here Mutiny, is not a landing: no escape roll)."""
    players = [player("redbeard", position=1, hand=["mutiny"]), player("kidd", position=10)]
    s = state({"players": players, **turn(0), "islands": islands()}, captains=["redbeard", "kidd"])
    s, _ = act(s, (0, "play mutiny"))
    assert pending_of(s).prompt == "choose fight cards (sealed)"
    assert s.fight is not None and (s.fight.mode, s.fight.landed) == ("boarding", False)
