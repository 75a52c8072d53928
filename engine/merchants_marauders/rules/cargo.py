"""A cargo card as the trade and raid rules read it (base reconstruction section 8, Cargo): its
good, its plunder value and its one raid icon. The component data (data/merchants_marauders/base)
may define a richer card; these rules need only these three facts, so they take this small model."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engine.merchants_marauders.vocab import Good, RaidIcon


class CargoCard(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    good: Good
    plunder: int = 0                # gold it is worth when taken in a merchant raid
    icon: RaidIcon = "blank"        # a hit location (damage), "escape", or nothing to resolve
