"""Rumours and missions (base reconstruction sections 4 and 8, port sub-actions "Acquire a rumour"
and "Claim a mission"; Seas of Glory Module 1's mission tokens and third mission slot).

Rumours: in port, an Influence check draws one rumour card in secret; a captain holds at most 1.
It is looked into at its target, with Scouting at sea in that zone or Influence in that port; a
success reveals it: a true one gives 1 glory and its reward, a false one is discarded.
Missions: they lie face up on the board, each claimed at its port with an Influence check; a
captain holds at most 1 and carries it out at its target (deliver goods, land a passenger, pass a
Scouting or Influence check), or by beating a named NPC or raiding a merchant anywhere the card
says. A completed or discarded mission is replaced from the deck at once.

Readings (Parley's; docs/rules-coverage/merchants_marauders.md):
- A check passes with `n` skulls, 1 unless the card asks for more; a failed look into a rumour or
  a failed attempt keeps the card for another try, a failed acquisition or claim costs the try.
- A looked-into rumour is discarded either way once its reward is paid.
- A claimed mission keeps its board slot (and its marker pair) until it is completed or
  discarded: only then is the slot refilled (so 2 missions, or 3, are always in play).
- A delivery hands over exactly the goods asked; the mission's pay replaces their sale price.
- A passenger boards when the mission is claimed and takes its hold spaces until landed.
- Module 1's third slot opens once and stays; a second such event opens nothing more (three
  pairs of markers, MM-M1-10).
Dice are faces already rolled; decks are lists of ids with the top at index 0."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.card_effects import Effect, SpecialistKind
from engine.merchants_marauders.card_models import MissionDef, MissionKind, RumourDef
from engine.merchants_marauders.effects import Effect as Property
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.rules.combat import check_dice, skulls
from engine.merchants_marauders.vocab import Face, Nation, NpcGroup, ShipType, Skill, Weapon, Zone

Seat = int
BASE_SLOTS = 2              # missions on the board (base section 8)
MOST_SLOTS = 3              # Module 1's "mercenaries" event adds the third (MM-M1-11)
RUMOUR_GLORY = 1
MISSION_GLORY = 1
Situation = Literal["rumour", "mission"]


class Rumour(BaseModel):
    """What these rules read of a rumour card (card_models.RumourDef): where it is looked into,
    its hidden truth and the reward it promises."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    target: Zone
    at: Literal["sea", "port"]
    truth: bool
    reward: Effect


class Mission(BaseModel):
    """What these rules read of a mission card (card_models.MissionDef): its claim port, its
    target (none for a hunt), its test, its gold and the glory every completed mission gives."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    kind: MissionKind
    claim: Zone
    target: Zone | None
    test: Effect
    reward: Effect
    glory: int = MISSION_GLORY


def rumour_of(d: RumourDef) -> Rumour:
    return Rumour(id=d.id, target=d.target, at=d.at, truth=d.truth, reward=d.reward)


def mission_of(d: MissionDef, glory: int = MISSION_GLORY) -> Mission:
    return Mission(id=d.id, kind=d.kind, claim=d.claim, target=d.target, test=d.test, reward=d.reward, glory=glory)


# ---- checks ----
def extra_dice(properties: Sequence[Property], skill: Skill, when: Situation) -> int:
    """Dice a port property or a captain's ability adds to this check (San Juan's rumours,
    Caracas's missions, an Influence captain): every `extra_die` for the skill, then or always."""
    return sum(p.n for p in properties if p.kind == "extra_die" and p.skill == skill and p.when in (when, "any"))


def dice_for(skill_value: int, extra: int = 0) -> int:
    return check_dice(skill_value, extra)


def passes(faces: Sequence[Face], needed: int = 1) -> bool:
    return skulls(faces) >= needed


# ---- rumours ----
def may_acquire_rumour(held: str | None, in_port: bool, deck_left: int) -> None:
    """Refuse the sub-action with its reason: only in port, holding none, with a card to draw."""
    if not in_port:
        raise IllegalActionError("Rumours are picked up in port.")
    if held is not None:
        raise IllegalActionError("You already hold a rumour: look into it before you take another.")
    if deck_left <= 0:
        raise IllegalActionError("The rumour deck is empty.")


def acquire_rumour(held: str | None, in_port: bool, faces: Sequence[Face], deck: Sequence[str]) -> tuple[str | None, list[str]]:
    """Acquire a rumour: a passed Influence check draws the top card, seen by its holder only
    (its truth by nobody): (the rumour now held or None, the deck after)."""
    may_acquire_rumour(held, in_port, len(deck))
    if not passes(faces):
        return None, list(deck)
    return deck[0], list(deck[1:])


def investigation_skill(r: Rumour) -> Skill:
    """Scouting for a rumour at sea, Influence for one in port."""
    return "scouting" if r.at == "sea" else "influence"


def may_investigate(r: Rumour, zone: Zone, in_port: bool) -> bool:
    """Only at the rumour's target: in its zone at sea, or in its port."""
    return zone == r.target and in_port == (r.at == "port")


class Investigation(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    revealed: bool                  # the card is turned up and its truth shown to all
    true: bool | None = None
    glory: int = 0
    reward: Effect | None = None
    discard: bool = False           # the rumour leaves its holder


def investigate(r: Rumour, zone: Zone, in_port: bool, faces: Sequence[Face]) -> Investigation:
    """Look into the rumour held: a passed check reveals it; true gives 1 glory (which draws a
    glory card, glory.draws_glory_cards) and the reward, and the card is spent either way."""
    if not may_investigate(r, zone, in_port):
        where = f"at sea in {r.target}" if r.at == "sea" else f"in the port of {r.target}"
        raise IllegalActionError(f"This rumour can only be looked into {where}.")
    if not passes(faces):
        return Investigation(revealed=False)
    if r.truth:
        return Investigation(revealed=True, true=True, glory=RUMOUR_GLORY, reward=r.reward, discard=True)
    return Investigation(revealed=True, true=False, discard=True)


def cargo_reward(deck: Sequence[CargoCard], n: int, distinct_goods: bool = False) -> tuple[list[CargoCard], list[CargoCard], list[CargoCard]]:
    """A rumour's cargo: n cards off the top; with `distinct_goods` (the replacement rumour of
    MM-REPL-02 among them) a card of a good already taken is passed over to the discards and the
    next drawn: (taken, passed over, deck after). A short deck gives what it has."""
    taken: list[CargoCard] = []
    passed: list[CargoCard] = []
    i = 0
    while len(taken) < n and i < len(deck):
        card = deck[i]
        (passed if distinct_goods and any(c.good == card.good for c in taken) else taken).append(card)
        i += 1
    return taken, passed, list(deck[i:])



def specialist_reward(glory_deck: Sequence[tuple[str, SpecialistKind | None]],
                      kind: SpecialistKind | None = None) -> tuple[str | None, list[tuple[str, SpecialistKind | None]]]:
    """A lost specialist: the first specialist card in the glory deck (of `kind`, when the
    rumour names one), taken out of it; the deck keeps its order. (card or None, deck after)."""
    for i, (card, k) in enumerate(glory_deck):
        if k is not None and kind in (None, k):
            return card, [*glory_deck[:i], *glory_deck[i + 1:]]
    return None, list(glory_deck)


def weapon_reward_kinds(aboard: Sequence[Weapon], supply: Mapping[Weapon, int]) -> list[Weapon]:
    """The special weapons a rumour may give: a kind the ship lacks, with a token left in the
    supply (one of each kind aboard at most, base section 4 Shipyard)."""
    return [w for w, left in supply.items() if left > 0 and w not in aboard]


def crew_reward(crew_value: int) -> int:
    """A rumour's crew: the crew is filled to the ship's crew value for nothing."""
    return crew_value

# ---- the mission board ----
class Slot(BaseModel):
    """One mission in play: its card and the seat that claimed it (None: still on offer)."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    mission: str | None = None
    holder: Seat | None = None


def _fill(slots: Sequence[Slot], deck: Sequence[str]) -> tuple[tuple[Slot, ...], list[str]]:
    out, rest = [], list(deck)
    for s in slots:
        if s.mission is None and rest:
            s = Slot(mission=rest.pop(0))
        out.append(s)
    return tuple(out), rest


def deal_missions(deck: Sequence[str], slots: int = BASE_SLOTS) -> tuple[tuple[Slot, ...], list[str]]:
    """The missions in play at setup: one card per slot off the top (MMB-DECK-07)."""
    return _fill([Slot()] * slots, deck)


def open_third_slot(board: Sequence[Slot], deck: Sequence[str]) -> tuple[tuple[Slot, ...], list[str]]:
    """Module 1's mercenaries event: a third mission comes into play at once (MM-M1-11); with 3
    already in play nothing changes."""
    if len(board) >= MOST_SLOTS:
        return tuple(board), list(deck)
    return _fill([*board, Slot()], deck)


def replace(board: Sequence[Slot], mission: str, deck: Sequence[str]) -> tuple[tuple[Slot, ...], list[str]]:
    """A mission completed or discarded (its holder's death included) leaves its slot, and the
    next card takes it at once (MMB-DECK-07)."""
    if all(s.mission != mission for s in board):
        raise ValueError(f"mission {mission} is not in play")
    return _fill([Slot() if s.mission == mission else s for s in board], deck)


def held_by(board: Sequence[Slot], seat: Seat) -> str | None:
    return next((s.mission for s in board if s.holder == seat), None)


def markers(board: Sequence[Slot], claim_ports: dict[str, Zone]) -> dict[int, tuple[str, Zone | None]]:
    """Module 1's mission tokens (MM-M1-08, -09): the cards lie beside the board and marker
    pair k (the slot's number) ties card to map, its map half lying in the zone where the mission is
    claimed. A claimed mission cannot be claimed again, so its token leaves the map (None)."""
    return {i + 1: (s.mission, None if s.holder is not None else claim_ports[s.mission])
            for i, s in enumerate(board) if s.mission is not None}


def passenger_space(m: Mission) -> int:
    """Hold spaces a mission takes while held: a passenger's, else none."""
    return m.test.n if m.kind == "passenger" else 0


def claim_mission(board: Sequence[Slot], m: Mission, seat: Seat, port: Zone | None, faces: Sequence[Face],
                  free_hold: int = 0) -> tuple[tuple[Slot, ...], bool]:
    """Claim a mission at its port with an Influence check, holding none already (MMB-PORT-18):
    (the board, whether the check passed). A passenger needs its hold spaces free."""
    slot = next((s for s in board if s.mission == m.id), None)
    if slot is None or slot.holder is not None:
        raise IllegalActionError("That mission is not on offer.")
    if port != m.claim:
        raise IllegalActionError(f"This mission is claimed in the port of {m.claim}.")
    if held_by(board, seat) is not None:
        raise IllegalActionError("You already hold a mission: finish it first.")
    if free_hold < passenger_space(m):
        raise IllegalActionError(f"The passenger needs {passenger_space(m)} free hold spaces; you have {free_hold}.")
    if not passes(faces):
        return tuple(board), False
    return tuple(Slot(mission=s.mission, holder=seat) if s.mission == m.id else s for s in board), True


# ---- attempting a mission ----
ATTEMPTED = {"delivery", "passenger", "survey", "envoy"}    # done with an action at the target


def attempt_skill(m: Mission) -> Skill | None:
    """The check an attempt rolls: Scouting for a survey, Influence for an envoy, none else."""
    return m.test.skill if m.test.do == "check" else None


def may_attempt(m: Mission, zone: Zone, in_port: bool) -> bool:
    """At the target: a survey at sea in its zone, the port missions in its port. Hunts and
    raids are never attempted: they are done by the fight or raid itself."""
    if m.kind not in ATTEMPTED:
        return False
    return zone == m.target and in_port == (m.kind != "survey")


class Outcome(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    done: bool
    glory: int = 0
    gold: int = 0
    delivered: list[CargoCard] = []
    cargo: list[CargoCard] = []     # the hold after a delivery


def _done(m: Mission, **kw: list[CargoCard]) -> Outcome:
    return Outcome(done=True, glory=m.glory, gold=m.reward.n, **kw)


def attempt_mission(m: Mission, zone: Zone, in_port: bool, faces: Sequence[Face] = (),
                    cargo: Sequence[CargoCard] = (), delivering: Sequence[str] = ()) -> Outcome:
    """Attempt the mission held, at its target: a delivery hands over exactly the n goods asked,
    a passenger lands, a survey or envoy passes its check with the skulls the card asks. Done:
    its glory (drawing glory cards) and its gold; a failed check keeps it for another try."""
    if not may_attempt(m, zone, in_port):
        raise IllegalActionError(f"This mission is done {_where(m)}.")
    if m.kind == "delivery":
        return _deliver(m, cargo, delivering)
    if m.kind == "passenger":
        return _done(m)
    return _done(m) if passes(faces, m.test.n) else Outcome(done=False)


def _where(m: Mission) -> str:
    if m.kind == "hunt":
        return "by beating the NPC it names"
    if m.kind == "raid":
        return f"by raiding a merchant in {m.target}"
    return f"at sea in {m.target}" if m.kind == "survey" else f"in the port of {m.target}"


def _deliver(m: Mission, cargo: Sequence[CargoCard], delivering: Sequence[str]) -> Outcome:
    by_id = {c.id: c for c in cargo}
    if len(set(delivering)) != len(delivering) or any(i not in by_id for i in delivering):
        raise IllegalActionError("Deliver cards from your cargo, each once.")
    goods = [by_id[i] for i in delivering]
    if len(goods) != m.test.n or any(c.good != m.test.good for c in goods):
        raise IllegalActionError(f"This delivery takes {m.test.n} {m.test.good}.")
    gone = set(delivering)
    return _done(m, delivered=goods, cargo=[c for c in cargo if c.id not in gone])


def hunt_done(m: Mission, group: NpcGroup, ship: ShipType) -> bool:
    """A hunt is done when its holder beats (sinks or wins the clash against) the NPC it names."""
    return m.kind == "hunt" and m.test.npc == group and m.test.ship == ship


def raid_done(m: Mission, zone: Zone, nation: Nation) -> bool:
    """A raid mission is done when its holder plunders a merchant of its nation in its zone."""
    return m.kind == "raid" and zone == m.target and m.test.nation == nation


def reward(m: Mission) -> Outcome:
    """What a hunt or a raid mission pays once done."""
    return _done(m)
