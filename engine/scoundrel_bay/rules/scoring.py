"""Final Scoring, category by category, in the rulebook's order. Pirate counts are in pirates,
the captain counting as 2 (The Captain). Places in a region go to the owners with pirates
there, most first, ties by the GENERAL TIEBREAK (`tiebreak`, furthest first); the 2-player
ghost colour is an owner like any other and simply never scores."""
from __future__ import annotations

from pydantic import BaseModel

from engine.scoundrel_bay.defs import POT_HARBOR, defs
from engine.scoundrel_bay.rules.reputation import ReputationTrack


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


class Tally(BaseModel):
    """What final scoring reads, by owner (seats, plus the 2-player ghost colour if any).
    Pirate counts are in pirates, a captain counting 2."""
    seats: list[int]
    pirates: dict[str, dict[int, int]]      # region id -> owner -> pirates there
    dead: dict[int, int]                    # pirates already in the graveyard, by owner
    ghost_reserve: int = 0                  # 2-player reserve ghosts, on a beach
    ghost: int | None = None
    doubloons: dict[int, int]
    debt: dict[int, int]
    ship_damage: dict[int, int]
    sick: dict[int, int]
    pot: int                                # doubloons in Scoundrel Bay (after scoring: unawarded)


CATEGORIES = {"scoundrel_bay": "Scoundrel Bay", "doubloons": "Doubloons", "harbors": "Harbors",
              "villages": "Villages", "hideouts": "Hideouts", "reputation": "Reputation",
              "ship_damage": "Ship damage", "sick": "Sick pirates", "debt": "Unpaid doubloons"}


def final_scoring(t: Tally, track: ReputationTrack, harbor_tokens: dict[str, list[int]] | None = None) -> dict[int, dict[str, int]]:
    """Final Scoring in the rulebook's order; the track is moved down for the graveyard. Returns
    each seat's gold by category: doubloons turn into gold 1:1, those won in Scoundrel Bay on a
    line of their own. `harbor_tokens` replaces a harbor's printed gold (alternative harbor
    scoring). The pot is paid out: `t.pot` is left holding what nobody was placed to take."""
    board = defs().board
    tiebreak = track.order()
    gold: dict[int, dict[str, int]] = {seat: dict.fromkeys(CATEGORIES, 0) for seat in t.seats}
    bay = next(r.id for r in board.of_kind("harbor") if r.name == POT_HARBOR)
    gains, t.pot = scoundrel_bay_payout(t.pirates.get(bay, {}), tiebreak, t.pot)
    for seat in t.seats:   # the ghosts' winnings go to the general supply
        gold[seat]["scoundrel_bay"] = gains.get(seat, 0)
        gold[seat]["doubloons"] = t.doubloons[seat]
    for harbor in board.of_kind("harbor"):
        for owner, g in harbor_gold(t.pirates.get(harbor.id, {}), tiebreak, (harbor_tokens or {}).get(harbor.id, harbor.gold)).items():
            if owner in gold:
                gold[owner]["harbors"] += g
    for seat in t.seats:
        villages = sum(t.pirates.get(r.id, {}).get(seat, 0) for r in board.of_kind("village"))
        gold[seat]["villages"] = village_gold(villages)
        gold[seat]["hideouts"] = hideout_gold([t.pirates.get(r.id, {}).get(seat, 0) for r in board.of_kind("hideout")])
    owners = [*t.seats, *([t.ghost] if t.ghost is not None else [])]
    dead = {o: t.dead.get(o, 0) + sum(t.pirates.get(r.id, {}).get(o, 0) for r in board.of_kind("beach")) for o in owners}
    if t.ghost is not None:
        dead[t.ghost] += t.ghost_reserve
    for owner, steps in graveyard_steps(dead).items():
        if owner in t.seats:    # reading (SB-GRAVE-07): the ghost disc does not move
            track.move_down(owner, steps)
    for seat in t.seats:
        gold[seat]["reputation"] = reputation_gold(track.space(seat))
        gold[seat]["ship_damage"] = -ship_damage_gold(t.ship_damage[seat])
        gold[seat]["sick"] = -sick_gold(t.sick[seat])
        gold[seat]["debt"] = -t.debt.get(seat, 0)
    return gold


def total(categories: dict[str, int]) -> int:
    return sum(categories.values())
