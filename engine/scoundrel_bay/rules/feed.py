"""The End of the Stage — Cook and Feed.

Feeding goes in the rulebook's order: the captain on the active pirates space (2 food), then each
active pirate (1), then a sick captain (2), then each sick pirate (1). A player chooses only how
far down that order to feed (holding food back is allowed), so a choice is a count of figures
fed. Reading (SB-FEED-07): the captain must be fed before the pirates on its space, so when the
captain goes unfed nobody after it on that space is fed either. Pirate rings stand in for food
once the food runs out (the wild rule)."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

Where = Literal["active", "sick"]
CAPTAIN_FOOD, PIRATE_FOOD = 2, 1


class Crew(BaseModel):
    """The figures on a player board: the captain's place (or elsewhere) and the pirate counts."""
    captain: Literal["active", "sick", "away"] = "active"
    active: int = 0
    sick: int = 0


class FeedResult(BaseModel):
    crew: Crew
    food: int
    rings: int
    died: int                    # sick pirates that went unfed (a sick captain: captain_died)
    captain_died: bool
    fell_sick: int


def feeding_order(crew: Crew) -> list[tuple[str, Where, int]]:
    """(figure, space, food) in the order food must be placed."""
    order: list[tuple[str, Where, int]] = []
    spaces: tuple[tuple[Where, int], ...] = (("active", crew.active), ("sick", crew.sick))
    for where, pirates in spaces:
        if crew.captain == where:
            order.append(("captain", where, CAPTAIN_FOOD))
        order += [("pirate", where, PIRATE_FOOD)] * pirates
    return order


def most_fed(crew: Crew, food: int, rings: int) -> int:
    """The longest prefix of the feeding order the food and rings pay for."""
    budget, fed = food + rings, 0
    for _, _, cost in feeding_order(crew):
        if cost > budget:
            break
        budget -= cost
        fed += 1
    return fed


def cook(food: int, food_production: int) -> int:
    """Step 1: gain food equal to the food production level."""
    return food + food_production


def feed(crew: Crew, food: int, rings: int, fed: int) -> FeedResult:
    """Steps 2-6 after cooking: feed the first `fed` figures of the order, then the unfed sick
    die, the fed sick recover and the unfed active fall sick; used food goes to the supply."""
    order = feeding_order(crew)
    if not 0 <= fed <= most_fed(crew, food, rings):
        raise ValueError(f"you can feed between 0 and {most_fed(crew, food, rings)} of your crew")
    cost = sum(c for _, _, c in order[:fed])
    from_food = min(food, cost)
    fed_set, unfed = order[:fed], order[fed:]
    fed_active = sum(1 for f, w, _ in fed_set if f == "pirate" and w == "active")
    fed_sick = sum(1 for f, w, _ in fed_set if f == "pirate" and w == "sick")
    captain_fed = any(f == "captain" for f, _, _ in fed_set)
    died = sum(1 for f, w, _ in unfed if w == "sick" and f == "pirate")
    fell_sick = sum(1 for f, w, _ in unfed if w == "active" and f == "pirate")
    captain: Literal["active", "sick", "away"] = crew.captain
    if crew.captain != "away":
        captain = "active" if captain_fed else ("sick" if crew.captain == "active" else "away")
    return FeedResult(crew=Crew(captain=captain, active=fed_active + fed_sick, sick=fell_sick),
                      food=food - from_food, rings=rings - (cost - from_food), died=died,
                      captain_died=crew.captain == "sick" and not captain_fed, fell_sick=fell_sick)
