"""NPC upgrades (Seas of Glory Module 4): the face-down reserve of upgrade tokens, the draw for an
NPC that an event card brings, tokens going back to the reserve, what an upgraded NPC carries in a
fight and when scouting, and the tokens a victor takes.

Tokens are kept by id (seas_of_glory/npc_upgrades.toml); `faces` maps an id to its UpgradeDef.
An NPC's tokens are kept by its roster slot (npc.slot_of), so a war turning its frigate into a
man-o'-war (npc.war_changes) leaves them where they are (MM-M4-11).

Readings (Parley's, docs/rules-coverage/merchants_marauders.md):
- A token the NPC cannot use is set aside and another drawn (MM-M4-12): a kind it already got
  in this draw, a modification no NPC uses (smuggler's hold, plank, figurehead, larger hold) or a
  modification beyond its ship's slots. Tokens set aside go back once the draw is over, so a draw
  always ends; when no token fits, the NPC gets nothing more.
- While resolving a "2", a "0" or a second "2" is set aside and another drawn (MM-M4-06, -07); a
  "0" that comes up as the NPC's own draw, first or after a token set aside, gives nothing.
- The upgrades drawn when the card is turned wait with the flagged arrival; when the NPC arrives
  at the round's end the ship it replaces hands its tokens back (MM-M4-08).
- Tokens a player takes from an NPC (by boarding, or on a captured NPC ship) go back to the NPC
  reserve, not to the ports or the supply, when spent, when the ship is sold and when it sinks.

Random picks use `rng.die(n) - 1`, so a test scripts them with `Rng.forced`."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from pydantic import BaseModel, ConfigDict

from engine.core.errors import IllegalActionError
from engine.core.rng import Rng
from engine.merchants_marauders.defs_sog import UpgradeDef
from engine.merchants_marauders.rules.crows_nest import scouting_dice
from engine.merchants_marauders.rules.modifications import Bonuses, refit
from engine.merchants_marauders.rules.npc import Npc, War, war_changes
from engine.merchants_marauders.rules.ship import Fitted, PlayerShip, ShipCard
from engine.merchants_marauders.vocab import WEAPONS, HitLocation, Weapon

Faces = Mapping[str, UpgradeDef]
NPC_UNUSABLE = frozenset({"smugglers_hold", "plank", "figurehead", "larger_hold"})
NEST = "crows_nest"


def _pick(rng: Rng, n: int) -> int:
    return rng.die(n) - 1


class Kit(BaseModel):
    """What an NPC's tokens put on its ship card."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    weapons: frozenset[Weapon] = frozenset()
    modifications: tuple[str, ...] = ()


def kit(tokens: Sequence[str], faces: Faces) -> Kit:
    weapons = frozenset(w for w in WEAPONS if any(faces[t].face == "weapon" and faces[t].of == w for t in tokens))
    mods = tuple(faces[t].of or "" for t in tokens if faces[t].face == "modification")
    return Kit(weapons=weapons, modifications=mods)


# ---- receiving upgrades (MM-M4-03 to -07, -10, -12) ----
def fits(u: UpgradeDef, got: Kit, mod_slots: int, unusable: Collection[str] = NPC_UNUSABLE) -> bool:
    """Can this token go on the NPC's card beside what it already got?"""
    if u.face == "weapon":
        return u.of not in got.weapons
    if u.face == "modification":
        return u.of not in unusable and u.of not in got.modifications and len(got.modifications) < mod_slots
    return False


class UpgradeDraw(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    tokens: tuple[str, ...]         # put on the NPC's ship card
    reserve: list[str]              # the reserve after the draw (the 0, the 2, tokens set aside back in it)
    drawn: tuple[str, ...]          # every token turned, in order (for the log)


def draw_upgrades(reserve: Sequence[str], faces: Faces, rng: Rng, mod_slots: int,
                  unusable: Collection[str] = NPC_UNUSABLE) -> UpgradeDraw:
    """An NPC's upgrades when its event card is turned: one token at random; a "0" gives none, a
    "2" gives two. Every new ship draws afresh (MM-M4-10)."""
    pile, aside, got, drawn = list(reserve), list[str](), list[str](), list[str]()
    need, doubled = 1, False
    while len(got) < need and pile:
        t = pile.pop(_pick(rng, len(pile)))
        drawn.append(t)
        u = faces[t]
        aside.append(t)
        if u.face == "none" and not doubled:
            break
        if u.face == "two" and not doubled:
            need, doubled = 2, True
        elif u.face in ("weapon", "modification") and fits(u, kit(got, faces), mod_slots, unusable):
            aside.pop()
            got.append(t)
    return UpgradeDraw(tokens=tuple(got), reserve=pile + aside, drawn=tuple(drawn))


def hand_back(tokens: Sequence[str], reserve: Sequence[str]) -> list[str]:
    """Tokens back to the reserve: from an NPC replaced by a new card of its slot (MM-M4-08), one
    sunk or defeated (MM-M4-09, -16), or a player's token taken from an NPC (MM-M4-18, -20)."""
    return [*reserve, *tokens]


def arrive(upgrades: Mapping[str, tuple[str, ...]], pending: Sequence[tuple[str, tuple[str, ...]]],
           reserve: Sequence[str]) -> tuple[dict[str, tuple[str, ...]], list[str]]:
    """The round's end: each arriving NPC (slot, the tokens drawn for it) takes its upgrades, in
    the order drawn; the NPC it replaces hands its own back. (upgrades by slot, reserve)."""
    out, pile = dict(upgrades), list(reserve)
    for slot, tokens in pending:
        pile = hand_back(out.get(slot, ()), pile)
        out[slot] = tokens
    return out, pile


def remove(upgrades: Mapping[str, tuple[str, ...]], slot: str, reserve: Sequence[str],
           taken: Collection[str] = ()) -> tuple[dict[str, tuple[str, ...]], list[str]]:
    """An NPC sunk or taken leaves the board: its tokens go back, except those a victor took."""
    left = [t for t in upgrades.get(slot, ()) if t not in taken]
    return {k: v for k, v in upgrades.items() if k != slot}, hand_back(left, reserve)


def war_swap(npcs: Mapping[str, Npc], upgrades: Mapping[str, tuple[str, ...]],
             wars: Collection[War]) -> tuple[dict[str, Npc], dict[str, tuple[str, ...]]]:
    """War or peace swaps a navy's ship in place; its tokens stay on it (MM-M4-11)."""
    return war_changes(npcs, wars), dict(upgrades)


# ---- in a fight and scouting (MM-M4-13 to -15) ----
def after_fight(tokens: Sequence[str], destroyed: bool) -> tuple[str, ...]:
    """The tokens an NPC keeps after a fight: all of them, weapons it spent included, unless it
    was destroyed (then `remove` sends them back)."""
    return () if destroyed else tuple(tokens)


def npc_scouting_dice(scouting: int, npc_kit: Kit, target_nest: bool = False) -> int:
    """An NPC scouting for a player always uses its crow's nest. NPCs repair after every fight, so
    their masts are whole whenever they scout (crows_nest.nest_works)."""
    return scouting_dice(scouting, own_nest=NEST in npc_kit.modifications, target_nest=target_nest)


def scouting_for_npc_dice(scouting: int, npc_kit: Kit, own_nest: bool = False) -> int:
    """A player scouting for an NPC with a crow's nest rolls 1 die fewer, never below 1."""
    return scouting_dice(scouting, own_nest=own_nest, target_nest=NEST in npc_kit.modifications)


# ---- taking upgrades (MM-M4-17 to -20) ----
def _fit(ship: PlayerShip, card: ShipCard, bonuses: Bonuses, t: str, u: UpgradeDef) -> PlayerShip:
    """One NPC token onto the player's ship card, or IllegalActionError if it has no room."""
    if u.face == "weapon" and u.of in WEAPONS:
        w: Weapon = next(x for x in WEAPONS if x == u.of)
        if w in ship.weapons:
            raise IllegalActionError(f"You already carry {w.replace('_', ' ')}.")
        return ship.model_copy(update={"weapons": ship.weapons | {w}, "npc_weapons": {**ship.npc_weapons, w: t}})
    if u.face == "modification" and u.of is not None:
        if len(ship.modifications) >= card.mod_slots:
            raise IllegalActionError(f"Your {card.name} has no free slot for the {u.of.replace('_', ' ')}.")
        return refit(ship, card, [*ship.modifications, Fitted(kind=u.of, npc_token=t)], bonuses)
    raise ValueError(f"upgrade token {t} carries nothing")


class Taken(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    ship: PlayerShip
    back: list[str]                 # the NPC's other tokens, back to the reserve


def take_upgrades(ship: PlayerShip, card: ShipCard, bonuses: Bonuses, npc_tokens: Sequence[str],
                  spent: Collection[str], chosen: Sequence[str], faces: Faces) -> Taken:
    """A victor who beat the NPC in a crew clash takes the unspent tokens it names, each only if
    the ship card has room for it (a weapon kind not aboard, a free modification slot)."""
    unspent = [t for t in npc_tokens if t not in spent]
    if bad := [t for t in chosen if t not in unspent]:
        raise IllegalActionError(f"{', '.join(bad)} is not among the NPC's unspent upgrades.")
    for t in chosen:
        ship = _fit(ship, card, bonuses, t, faces[t])
    return Taken(ship=ship, back=[t for t in npc_tokens if t not in chosen])


def capture_npc_ship(card: ShipCard, points: Mapping[HitLocation, int], npc_tokens: Sequence[str],
                     spent: Collection[str], weapons: Collection[Weapon], faces: Faces, bonuses: Bonuses) -> Taken:
    """A captured NPC ship keeps its unspent tokens in their places: its modifications in its
    slots, its weapons beside the taker's (a kind already aboard goes back). `points` are the
    prize's (aftermath.prize_points), its modifications' bonuses already counted."""
    ship = PlayerShip(type=card.type, points=dict(points), weapons=frozenset(weapons))
    mods = [Fitted(kind=faces[t].of or "", npc_token=t) for t in npc_tokens
            if t not in spent and faces[t].face == "modification"]
    ship = ship.model_copy(update={"modifications": tuple(mods)})
    back = [t for t in npc_tokens if t in spent]
    for t in npc_tokens:
        if t in spent or faces[t].face != "weapon":
            continue
        try:
            ship = _fit(ship, card, bonuses, t, faces[t])
        except IllegalActionError:
            back.append(t)
    return Taken(ship=ship, back=back)


def spend_weapon(ship: PlayerShip, kind: Weapon) -> tuple[PlayerShip, str | None]:
    """A weapon spent: (the ship, the NPC token going back to the NPC reserve, or None for a token
    of the ordinary supply)."""
    if kind not in ship.weapons:
        raise IllegalActionError(f"You carry no {kind.replace('_', ' ')}.")
    npc = dict(ship.npc_weapons)
    token = npc.pop(kind, None)
    return ship.model_copy(update={"weapons": ship.weapons - {kind}, "npc_weapons": npc}), token


def npc_tokens_leaving(ship: PlayerShip, with_weapons: bool) -> list[str]:
    """The NPC tokens that go back to the NPC reserve when the ship leaves play: the modifications
    taken from NPCs when it is sold (its weapons cross to the new ship), and the weapons too when
    it sinks or its captain dies."""
    mods = [f.npc_token for f in ship.modifications if f.npc_token is not None]
    return mods + (list(ship.npc_weapons.values()) if with_weapons else [])
