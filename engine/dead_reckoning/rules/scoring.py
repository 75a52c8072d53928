"""Scoring; Winning the Game and Tie-Breaker; end-of-game Advancements.

`final_scoring` gives each seat's coins by category in the rulebook's order. Island majorities
rank the seats with cubes there together with the island's empty slots, which enter as one more
"player" (`EMPTY_SLOTS`) that can take or share a place and never scores. Permanent cubes count
in the ranking as they do for control (reading of DR-SCORE-15). Places follow the usual ranking:
seats tied at a place all take the value one below it and whoever comes next takes the place
after all of them (reading of DR-SCORE-13). A tie for the most coins is settled by a battle in
the tower (`battle_tiebreak`)."""
from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel

from engine.core.rng import Rng
from engine.dead_reckoning.defs import AchievementId, Tier, defs
from engine.dead_reckoning.rules.island_control import Island, Seat, controller
from engine.dead_reckoning.rules.tower import Board, Tower, drop, tally

EMPTY_SLOTS = "empty slots"     # the phantom entrant of island rankings; never a seat


# ---- Islands ----
def island_places(cubes: Mapping[Seat, int], empty: int) -> list[list[Seat]]:
    """Entrants with cubes on an island, grouped by count, most first; the empty slots enter as
    `EMPTY_SLOTS` (DR-SCORE-14). A seat with no cubes there is not ranked (DR-SCORE-16)."""
    if EMPTY_SLOTS in cubes:
        raise ValueError(f"{EMPTY_SLOTS!r} is the empty slots' label, not a seat")
    entrants = {s: n for s, n in cubes.items() if n > 0}
    if empty > 0:
        entrants[EMPTY_SLOTS] = empty
    counts = sorted(set(entrants.values()), reverse=True)
    return [[s for s, n in entrants.items() if n == c] for c in counts]


def island_coins(cubes: Mapping[Seat, int], empty: int, scores: list[int]) -> dict[Seat, int]:
    """Coins each seat with cubes on the island scores: the 1st, 2nd and (where printed) 3rd
    values for the most cubes (DR-SCORE-08 to -10); a tied group all take the next value down
    (DR-SCORE-11) and a tie for 3rd takes nothing (DR-SCORE-12). Places taken by the empty
    slots are simply not paid."""
    out: dict[Seat, int] = {}
    place = 0
    for group in island_places(cubes, empty):
        if len(group) == 1:
            value = scores[place] if place < len(scores) else 0
        elif place == 2:
            value = defs().rules.scoring.third_place_tie
        else:
            value = scores[place + 1] if place + 1 < len(scores) else 0
        out.update({s: value for s in group if s != EMPTY_SLOTS})
        place += len(group)
    return out


def island_scores(island: Island) -> dict[Seat, int]:
    """Island majorities of one island in play: its cubes, permanent ones included (reading of
    DR-SCORE-15), against its empty slots, paid with the board's printed values. Control plays
    no part (reading of DR-ISL-05)."""
    return island_coins(island.cubes(), island.empty_slots(), defs().ocean.boards[island.board].scores)


# ---- the other categories ----
def achievement_coins(completed: list[AchievementId]) -> int:
    """DR-SCORE-01: each completed Achievement's value."""
    table = defs().achievements.achievements
    return sum(table[a].coins for a in completed)


def coins_on_islands(islands: list[Island], seat: Seat) -> int:
    """Coins on islands `seat` controls; on anyone else's, or nobody's, they score for no one
    and cargo scores nothing anywhere (DR-SCORE-02, -03, DR-ABD-13)."""
    return sum(i.coins for i in islands if controller(i) == seat)


def building_coins(islands: list[Island], seat: Seat) -> int:
    """DR-SCORE-04: 1 per Building on an island `seat` controls."""
    return defs().buildings.score * sum(len(i.buildings) for i in islands if controller(i) == seat)


def advancement_coins(advancements: int) -> int:
    """DR-SCORE-05: 1 per 2 Advancements, sleeved or set aside, kept Merchant ships included,
    rounded down (the planned reading)."""
    return advancements // defs().rules.scoring.advancements_per_coin


def upgrade_coins(tiles: list[Tier]) -> int:
    """DR-SCORE-06: 1 per Basic and 2 per Advanced Upgrade tile, covered tiles included."""
    values = defs().rules.scoring.upgrade
    return sum(values[t] for t in tiles)


class Counts(BaseModel):
    """A seat's things that end-of-game Advancements count (`per` in the data)."""
    islands_controlled: int = 0
    buildings: int = 0
    upgrades: int = 0
    permanent_cubes: int = 0
    achievements: int = 0


def end_of_game_coins(card_id: str, counts: Counts) -> int:
    """An Advancement's purple-bordered abilities, worked out only now (DR-ABD-35, DR-SCORE-07):
    `score` n coins (n per counted thing), `score_loss` n coins back. A red slash among them
    takes the option worth most. Abilities of other timings score nothing."""
    card = defs().advancements.cards[card_id]
    total = 0
    for ability in card.abilities:
        if ability.timing != "end":
            continue
        values = []
        for option in ability.options:
            value = 0
            for e in option.effects:
                if e.do == "score_loss":
                    value -= e.n
                    continue
                if e.per is None:
                    value += e.n
                elif e.per in Counts.model_fields:
                    value += e.n * getattr(counts, e.per)
                else:
                    raise ValueError(f"{card_id}: end-of-game scoring per {e.per} icon needs the card's sleeve")
            values.append(value)
        total += max(values)
    return total


def bonus_coins(token: str | None, completed: list[AchievementId]) -> int:
    """DR-SCORE-17, DR-BONUS-02 (variant): 2 per completed Achievement the kept token shows."""
    if token is None:
        return 0
    a = defs().achievements
    return a.bonus_coins * len(set(a.tokens[token].shows) & set(completed))


# ---- Final scoring ----
class Tally(BaseModel):
    """What final scoring reads, by seat."""
    seats: list[Seat]
    islands: list[Island]
    chest: dict[Seat, int]
    ship_coins: dict[Seat, int]
    achievements: dict[Seat, list[AchievementId]] = {}
    advancements: dict[Seat, list[str]] = {}    # card ids sleeved or set aside, kept Merchant ships too
    upgrades: dict[Seat, list[Tier]] = {}       # every tile placed, covered ones included
    bonus_token: dict[Seat, str] = {}           # the optional variant's kept token


CATEGORIES = {"achievements": "Achievements", "coins": "Coins", "buildings": "Buildings",
              "advancements": "Advancements", "upgrades": "Ship Upgrades",
              "end_of_game": "End of game Advancements", "islands": "Islands", "bonus": "Bonus token"}


def counts(t: Tally, seat: Seat) -> Counts:
    mine = [i for i in t.islands if controller(i) == seat]
    return Counts(islands_controlled=len(mine), buildings=sum(len(i.buildings) for i in mine),
                  upgrades=len(t.upgrades.get(seat, [])),
                  permanent_cubes=sum(i.permanent.get(seat, 0) for i in t.islands),
                  achievements=len(t.achievements.get(seat, [])))


def final_scoring(t: Tally) -> dict[Seat, dict[str, int]]:
    """Each seat's coins by category, in the rulebook's order (DR-SCORE-01 to -17)."""
    out: dict[Seat, dict[str, int]] = {}
    for seat in t.seats:
        done = t.achievements.get(seat, [])
        cards = t.advancements.get(seat, [])
        c = counts(t, seat)
        out[seat] = {
            "achievements": achievement_coins(done),
            "coins": t.chest.get(seat, 0) + t.ship_coins.get(seat, 0) + coins_on_islands(t.islands, seat),
            "buildings": building_coins(t.islands, seat),
            "advancements": advancement_coins(len(cards)),
            "upgrades": upgrade_coins(t.upgrades.get(seat, [])),
            "end_of_game": sum(end_of_game_coins(card, c) for card in cards),
            "islands": 0,
            "bonus": bonus_coins(t.bonus_token.get(seat), done),
        }
    for island in t.islands:
        for seat, coins in island_scores(island).items():
            if seat in out:
                out[seat]["islands"] += coins
    return out


def total(categories: Mapping[str, int]) -> int:
    return sum(categories.values())


# ---- Winning the Game and Tie-Breaker ----
def winners(totals: Mapping[Seat, int]) -> list[Seat]:
    """The most coins wins (DR-OVR-04, DR-WIN-01); more than one seat here is a tie."""
    best = max(totals.values())
    return [s for s, n in totals.items() if n == best]


def tiebreak_cubes(cannons: int, supply: int, loose: int = 0) -> int:
    """How many cubes a tied seat drops: one per Cannon (DR-WIN-02), from its supply and then
    from its non-permanent island cubes when short (DR-WIN-03); more than it has it cannot."""
    return min(cannons, supply + loose)


class TiebreakRound(BaseModel):
    cubes: dict[Seat, int]
    board: Board
    strength: dict[Seat, int]


class Tiebreak(BaseModel):
    winners: list[Seat]         # one seat, or several who share the win (see battle_tiebreak)
    rounds: list[TiebreakRound]
    tower: Tower                # what is left of a script


MAX_TIEBREAK_ROUNDS = 50        # our bound; a tie that survives it (or no cubes at all) is shared


def battle_tiebreak(cubes: Mapping[Seat, int], rng: Rng, tower: Tower | None = None,
                    supply: Mapping[Seat, int] | None = None) -> Tiebreak:
    """The tied seats drop all their cubes together (DR-WIN-04) and exploding shots resolve,
    with extras from `supply` (what each still has), but no Battle ability is used (DR-WIN-05).
    The most Battle strength wins; those still level drop again, as many as they are (DR-WIN-06).
    When none of them has a cube to drop the tie cannot be broken and they share the win."""
    if len(cubes) < 2:
        raise ValueError("a tie-breaker needs two or more tied seats")
    tied, tw = list(cubes), tower or Tower()
    rounds: list[TiebreakRound] = []
    while len(tied) > 1 and any(cubes[s] for s in tied) and len(rounds) < MAX_TIEBREAK_ROUNDS:
        dropping = {s: cubes[s] for s in tied}
        result = drop(rng, dropping, tw, supply=supply)
        tw = result.tower
        marks = tally(result.board)
        strength = {s: marks[s].strength if s in marks else 0 for s in tied}
        rounds.append(TiebreakRound(cubes=dropping, board=result.board, strength=strength))
        best = max(strength.values())
        tied = [s for s in tied if strength[s] == best]
    return Tiebreak(winners=tied, rounds=rounds, tower=tw)
