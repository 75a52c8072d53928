"""Variant 5, Cutthroat (Seas of Glory): out-of-turn Scouting. When the active player enters your
sea zone, leaving its port included, you may scout for them at once, outside your turn; you turn
your captain card over, and a find starts a battle with you as the aggressor. Part of these rules
is printed under Variant 4 (MM-TOC-02, MM-V4-06); they are all here.

Readings (docs/rules-coverage/merchants_marauders.md):
- MM-V5-04: only a captain at sea in that zone may scout, not one in its port, and only on an
  arrival (a move into the zone or out of its port), never at the start of a turn.
- MM-V5-08: the scout loses 2 of the 3 actions of its own next turn, the first one it starts
  after scouting (in this round or the next), the turn on which its card turns back.
- MM-V5-11, -13: several scouts all roll; most skulls finds, then the highest total of the
  faces that are not skulls (as the Seamanship contest counts it). A scout needs one skull to
  find at all. Scouts still level on both roll again, the tied ones only, until one is ahead;
  every scout pays the penalty, found or not (MM-V5-12).
- MM-V5-14: the finder is the aggressor, so the attack's bounty (aftermath.attack_bounty)
  applies as to any attack on a player.
- MM-V5-02: only this part of the variant exists; nothing is made up for the missing one.

The prompt that asks each eligible captain (sealed, all at once) is the turn engine's; the dice
come in as faces already rolled."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.rules.aftermath import attack_bounty
from engine.merchants_marauders.rules.combat import Role, skulls
from engine.merchants_marauders.vocab import Face, Nation, Zone

Seat = int
ACTIONS_PER_TURN = 3
PENALTY = 2                     # actions lost on the scout's next turn (MM-V5-08)
# The arrivals that open out-of-turn scouting: as for NPCs, but not the start of a turn (MM-V5-04).
ARRIVALS = frozenset({"entered_zone", "left_port"})


class Captain(BaseModel):
    """What Cutthroat reads of a player: where the ship is, whether the captain card is turned
    over (a scouting out of turn is pending its owner's next turn) and the penalty owed."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    seat: Seat
    zone: Zone
    in_port: bool = False
    card_turned: bool = False
    penalty: int = 0             # actions to lose at the start of this captain's next turn


def may_scout(c: Captain, active: Seat, zone: Zone, moment: str) -> bool:
    """May `c` scout out of turn for the active player who just arrived in `zone`? Only on an
    arrival, at sea in that zone, not the active player, and not with the card turned over
    (MM-V5-04, -09)."""
    return (moment in ARRIVALS and c.seat != active and c.zone == zone and not c.in_port
            and not c.card_turned)


def eligible(captains: Sequence[Captain], active: Seat, zone: Zone, moment: str) -> list[Seat]:
    """The captains the engine asks, in seat order as given."""
    return [c.seat for c in captains if may_scout(c, active, zone, moment)]


def declare(c: Captain) -> Captain:
    """The captain decides to scout: the card turns over as a reminder and 2 actions are owed
    (MM-V5-05, -08, -12)."""
    if c.card_turned:
        raise IllegalActionError("Your captain card is turned over: you already scouted out of turn; wait for your turn.")
    return c.model_copy(update={"card_turned": True, "penalty": c.penalty + PENALTY})


def start_turn(c: Captain, actions: int = ACTIONS_PER_TURN) -> tuple[int, Captain]:
    """The captain's own turn begins: the card turns back face up and the penalty owed is paid
    from this turn's actions, never below 0 (MM-V5-05, -08): (actions this turn, the captain)."""
    return max(actions - c.penalty, 0), c.model_copy(update={"card_turned": False, "penalty": 0})


def entry_scouting(scouts: Sequence[Seat], npc_slots: Sequence[str]) -> list[Seat | str]:
    """Who scouts the arriving player, in order: every out-of-turn scout (rolling together)
    before any NPC of the zone (MM-V5-10)."""
    return [*scouts, *npc_slots]


class Ambush(BaseModel):
    """The result of the scouts' rolls: the finder, or the scouts still level who roll again,
    and every scout, each owing the penalty."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    finder: Seat | None = None
    reroll: tuple[Seat, ...] = ()
    penalised: tuple[Seat, ...] = ()


def _rank(faces: Sequence[Face]) -> tuple[int, int]:
    return skulls(faces), sum(f for f in faces if f != "skull")


def ambush(rolls: Mapping[Seat, Sequence[Face]], penalised: Sequence[Seat] = ()) -> Ambush:
    """Resolve the out-of-turn scouting (MM-V5-06, -11 to -13). `rolls` holds each scout's
    faces (for a roll-off, those of the tied scouts only); `penalised` carries every scout of
    the first roll into a roll-off, so all of them pay whatever the roll-off gives."""
    if not rolls:
        raise ValueError("an out-of-turn scouting needs at least one scout")
    everyone = tuple(penalised) or tuple(rolls)
    best = max(_rank(f) for f in rolls.values())
    if best[0] == 0:
        return Ambush(penalised=everyone)                 # not a skull among them: not found
    top = tuple(s for s, f in rolls.items() if _rank(f) == best)
    if len(top) > 1:
        return Ambush(reroll=top, penalised=everyone)
    return Ambush(finder=top[0], penalised=everyone)


def ambush_roles(finder: Seat, active: Seat) -> dict[Role, Seat]:
    """A find starts a battle with the finder as aggressor and the arriving player as defender
    (MM-V5-06, -14)."""
    return {"aggressor": finder, "defender": active}


def ambush_bounty(active_nation: Nation, active_is_pirate: bool) -> Nation | None:
    """The bounty the finder takes for attacking the active player, as for any attack on a
    player: one of the victim's nation unless the victim is a pirate (MM-V5-14)."""
    return attack_bounty("player", active_nation, active_is_pirate)


def actions_after_ambush(actions_left: int, captain_died: bool) -> int:
    """A found player who survives carries on with the actions left (the battle cost them
    none); a dead captain's turn is over (MM-V5-07)."""
    return 0 if captain_died else actions_left
