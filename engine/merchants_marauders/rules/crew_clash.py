"""The crew clash (base reconstruction 6.3) that a successful boarding starts (6.2 step 3).

Each clash round both captains roll Leadership; every skull takes 1 crew from the enemy, both at
once. The clash ends when a side has no crew left: that side loses, and a losing player captain
dies. If both crews reach 0 in the same round, the boarded ship holds [design]. A boarded ship
that has no crew when the clash begins loses at once [design]. The victor gains 1 glory
(combat.glory_for). Dice are inputs; the engine rolls `clash_dice` faces for each side.

The fire of an incendiary shot goes out as the clash begins (MM-M2-09: hits.extinguish), and
spikes spent by a boarder that won take a Leadership die from the boarded captain in the first
clash round (MM-M2-23: pass the penalty as `modifier`)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict, Field

from engine.merchants_marauders.rules.combat import ROLES, Fighter, Role, check_dice, other, skulls
from engine.merchants_marauders.vocab import Face


class Clash(BaseModel):
    """A clash in progress: each side's crew, the side that boarded, the rounds fought so far and
    the winner once one side is out of crew."""
    model_config = ConfigDict(frozen=True)
    crew: dict[Role, int]
    boarder: Role
    rounds: int = Field(default=0, ge=0)
    winner: Role | None = None

    @property
    def boarded(self) -> Role:
        return other(self.boarder)

    @property
    def over(self) -> bool:
        return self.winner is not None


def begin_clash(fighters: Mapping[Role, Fighter], boarder: Role) -> Clash:
    """Start the clash from both ships' crew. The boarder always has crew (a boarding that left it
    with none never reaches the clash: combat.finish_round); a boarded ship without crew has lost
    before a die is rolled."""
    crew = {r: fighters[r].at("crew") for r in ROLES}
    c = Clash(crew=crew, boarder=boarder)
    return c.model_copy(update={"winner": boarder}) if crew[other(boarder)] == 0 else c


def clash_dice(f: Fighter, modifier: int = 0) -> int:
    """Leadership dice for one clash round: the captain's Leadership plus modifiers (spikes' -1 in
    the first round, cards), never below 1 die (5)."""
    return check_dice(f.leadership, modifier)


def _winner(crew: Mapping[Role, int], boarder: Role) -> Role | None:
    out = [r for r in ROLES if crew[r] == 0]
    if not out:
        return None
    if len(out) == 2:
        return other(boarder)   # both crews gone together: the boarded ship holds
    return other(out[0])


def clash_round(c: Clash, faces: Mapping[Role, Sequence[Face]]) -> Clash:
    """One clash round: each side's skulls remove that many of the enemy's crew, at the same time,
    never below 0; the round that empties a crew decides the winner."""
    if c.over:
        raise ValueError("this clash is already decided")
    crew = {r: max(0, c.crew[r] - skulls(faces[other(r)])) for r in ROLES}
    return Clash(crew=crew, boarder=c.boarder, rounds=c.rounds + 1, winner=_winner(crew, c.boarder))


def after_clash(fighters: Mapping[Role, Fighter], c: Clash) -> dict[Role, Fighter]:
    """Both ships with the crew the clash left them; the loser is the side `c.winner` is not."""
    return {r: fighters[r].with_points(crew=c.crew[r]) for r in ROLES}


def captain_dies(role: Role, c: Clash, npc: bool) -> bool:
    """A player captain who loses the clash dies (an NPC simply leaves the board: 6.3)."""
    return c.winner is not None and c.winner != role and not npc
