"""THE SHIPS: the outfits (captain, ship, crew, home port, ability) and shared home ports."""
from __future__ import annotations

import pytest

from engine.pirate_chest.defs import defs
from tests.engine.pirate_chest.scenario_helpers import GAME, act, islands, legal, player, state, turn

CARIBBEAN, PIRATE_ISLAND, GRAVEYARD, SEVEN_SEAS = 6, 12, 18, 24

# (rule, captain id, captain, ship, crew, home port, ability) as the rulebook's table gives them.
OUTFITS = [
    ("PC-SHIP-03", "sparrow", "Jack Sparrow", "Black Pearl", "Rogues", CARIBBEAN, "Luck"),
    ("PC-SHIP-04", "kidd", "Captain Kidd", "Adventure", "Scallywags", PIRATE_ISLAND, "Privateer"),
    ("PC-SHIP-05", "jones", "Davy Jones", "Flying Dutchman", "Crusty Crew", GRAVEYARD, "Kraken"),
    ("PC-SHIP-06", "horatio", "Admiral Horatio", "HMS Endeavor", "Bully Brits", CARIBBEAN, "Blockade"),
    # The crew is renamed on purpose (data/pirate_chest/captains.toml): Parley's respectful name.
    ("PC-SHIP-07", "dragon-lady", "The Dragon Lady", "Pirate Junk", "Junk Crew", SEVEN_SEAS, "Rockets"),
    ("PC-SHIP-08", "morgan", "Captain Morgan", "Pirate Fleet", "Buccaneers", CARIBBEAN, "Raider"),
    ("PC-SHIP-09", "redbeard", "Ghost of Redbeard", "Ghost Ship", "Ghostly Crew", GRAVEYARD, "Ghostly"),
    ("PC-SHIP-10", "bart", "Black Bart", "Royal Fortune", "Salty Dogs", SEVEN_SEAS, "Rampage"),
    ("PC-SHIP-11", "roberts", "Dread Pirate Roberts", "The Revenge", "Cutthroats", PIRATE_ISLAND, "No Prisoners"),
    ("PC-SHIP-12", "barbossa", "Captain Barbossa", "Skeleton Ship", "Skeleton Crew", GRAVEYARD, "Undead"),
    ("PC-SHIP-13", "blackbeard", "Blackbeard", "Queen Anne", "Sea Curs", CARIBBEAN, "Fearsome"),
    ("PC-SHIP-14", "calico", "Calico Jack", "The Neptune", "Female Crew", SEVEN_SEAS, "Girl Power"),
    ("PC-SHIP-15", "silver", "Long John Silver", "Hispaniola", "Mutineers", PIRATE_ISLAND, "Mutiny"),
    ("PC-SHIP-16", "hook", "Captain Hook", "Jolly Roger", "Ship of Fools", SEVEN_SEAS, "Never Land"),
    ("PC-SHIP-17", "blood", "Captain Blood", "Arabella", "Freebooters", PIRATE_ISLAND, "Swift"),
    ("PC-SHIP-18", "sinbad", "Sinbad the Sailor", "Stolen Ship", "Corsairs", SEVEN_SEAS, "Steal"),
    ("PC-SHIP-19", "lola", "Mama Lola", "Voodoo Queen", "Zombies", GRAVEYARD, "Curses"),
    ("PC-SHIP-20", "nemo", "Captain Nemo", "Nautilus", "Submariners", SEVEN_SEAS, "Ram"),
    ("PC-SHIP-21", "yellowbeard", "Yellowbeard", "The Lady Edith", "Misfits", PIRATE_ISLAND, "Map"),
]


def test_ships_19_outfits() -> None:
    """PC-SHIP-01, PC-SHIP-02: 19 outfits, each one captain with ship, crew, home port and ability."""
    assert sorted(defs().captains) == sorted(o[1] for o in OUTFITS)


@pytest.mark.parametrize("outfit", OUTFITS, ids=[o[0] for o in OUTFITS])
def test_ships_outfit_plays_as_listed(outfit: tuple[str, str, str, str, str, int, str]) -> None:
    """PC-SHIP-03 … PC-SHIP-21: a player taking the captain sails that ship from that home port
    with that ability (PC-SHIP-06: the Admiral's ability is tied to him, not to a ship name)."""
    _, cid, captain, ship, crew, home, ability = outfit
    other = "kidd" if cid != "kidd" else "jones"
    s = state(captains=[cid, other])
    view = GAME.view(s, None).ships[0]
    assert (view.captain_name, view.ship, view.home, view.position, view.ability) == (captain, ship, home, home, ability)
    assert defs().captains[cid].crew == crew


def test_ships_shared_home_port() -> None:
    """PC-SHIP-22: 4 captains call the Caribbean home, 5 Pirate Island, 4 the Graveyard, 6 the Seven
    Seas; two players with the same home port both start there, each safe in it."""
    homes = [o[5] for o in OUTFITS]
    assert [homes.count(p) for p in (CARIBBEAN, PIRATE_ISLAND, GRAVEYARD, SEVEN_SEAS)] == [4, 5, 4, 6]
    s = state({"players": [player("sparrow", position=3), player("morgan")], **turn(0), "islands": islands(),
               "rng": {"forced": [3, 3]}}, captains=["sparrow", "morgan"])
    assert s.players[1].position == CARIBBEAN
    s, _ = act(s, (0, "roll"), (0, "sail 3 cw"))
    assert s.players[0].position == CARIBBEAN
    assert s.stack == [] and s.fight is None          # Morgan is at home: no fight
    assert "end" in legal(s, 0)


def test_ships_crew_and_ability_names_shared_with_cards_are_unrelated() -> None:
    """PC-SHIP-24: Morgan's crew is called Buccaneers and Silver's ability Mutiny, like two cards;
    the ability is a move of its own ('mutiny <island>'), the card is played from a hand."""
    s = state({"players": [player("silver", position=1), player("morgan", position=9, hand=["buccaneers"])],
               **turn(0), "islands": islands()}, captains=["silver", "morgan"])
    assert "mutiny parrot-cay" in legal(s, 0)
    assert not any(n.startswith("play") for n in legal(s, 0))
    assert defs().captains["morgan"].ability == "raider"
    assert defs().cards["buccaneers"].effect == "forced-boarding"
