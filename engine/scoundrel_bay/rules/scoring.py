"""Final Scoring, category by category, in the rulebook's order. Pirate counts are in pirates,
the captain counting as 2 (The Captain). Places in a region go to the owners with pirates
there, most first, ties by the GENERAL TIEBREAK (`tiebreak`, furthest first); the 2-player
ghost colour is an owner like any other and simply never scores."""
from __future__ import annotations

from engine.scoundrel_bay.defs import defs


def places(pirates: dict[int, int], tiebreak: list[int]) -> list[int]:
    """Owners with pirates in a region, most first; equal counts by the tiebreak."""
    present = [o for o, n in pirates.items() if n > 0]
    return sorted(present, key=lambda o: (-pirates[o], tiebreak.index(o)))


def scoundrel_bay_payout(pirates: dict[int, int], tiebreak: list[int], pot: int) -> tuple[dict[int, int], int]:
    """Scoundrel Bay and Doubloons: 1st takes 10 from the supply and half the pot (rounded
    down), 2nd 7 and half of what is left, 3rd the rest. Returns the doubloons each owner
    gains and what stays unawarded in the pot."""
    bonuses = defs().rules.scoring.scoundrel_bay
    gains: dict[int, int] = {}
    for place, owner in enumerate(places(pirates, tiebreak)[:3]):
        share = pot // 2 if place < len(bonuses) else pot
        gains[owner] = (bonuses[place] if place < len(bonuses) else 0) + share
        pot -= share
    return gains, pot


def harbor_gold(pirates: dict[int, int], tiebreak: list[int], gold: list[int]) -> dict[int, int]:
    """Harbors: the harbor's gold for the most, second-most and third-most pirates."""
    return {owner: gold[place] for place, owner in enumerate(places(pirates, tiebreak)[:len(gold)])}


def village_gold(pirates_in_villages: int) -> int:
    """Villages: 2 gold per pirate."""
    return defs().rules.scoring.village_gold * pirates_in_villages


def hideout_gold(pirates_by_hideout: list[int]) -> int:
    """Hideouts: pirates in hideouts times the number of hideouts holding any of them."""
    occupied = [n for n in pirates_by_hideout if n > 0]
    return sum(occupied) * len(occupied)


def graveyard_steps(dead: dict[int, int]) -> dict[int, int]:
    """Beaches, Graveyard, and Reputation step 2: one space down per dead pirate, and one more
    for everyone tied for the most (no tiebreak here)."""
    most = max(dead.values(), default=0)
    extra = defs().rules.scoring.graveyard_most_extra
    return {o: n + (extra if most > 0 and n == most else 0) for o, n in dead.items()}


def reputation_gold(space: int) -> int:
    return defs().reputation.spaces[space].gold


def ship_damage_gold(level: int) -> int:
    """Ship Damage: the gold printed under the marker (lost)."""
    track = defs().player_boards.tracks.ship_damage
    return track.gold[level - track.low]


def sick_gold(sick_pirates: int) -> int:
    """Sick Pirates: 2 gold lost per pirate on the sick space (a sick captain counts 2)."""
    return defs().rules.scoring.sick_gold * sick_pirates


def winners(totals: dict[int, int], tiebreak: list[int]) -> list[int]:
    """The most gold wins; a tie goes to the tied player furthest on the reputation track."""
    best = max(totals.values())
    return [min((o for o, g in totals.items() if g == best), key=tiebreak.index)]
