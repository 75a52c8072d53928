"""CAPTAIN POWERS (variant): each player drafts a captain power tile. Its ability works while the
captain is aboard the player board; when the captain goes ashore with an INVADE action the tile
is flipped and its back scored at once, in doubloons. A captain that leaves otherwise (a pirate
move, Barrelbeard's landing) loses the ability without scoring (reading of SB-CPOW-07)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.scoundrel_bay.defs import CaptainDef, defs
from engine.scoundrel_bay.effect import Effect
from engine.scoundrel_bay.rules.board import region
from engine.scoundrel_bay.rules.cards import card_def
from engine.scoundrel_bay.rules.common import me, name, plural, say
from engine.scoundrel_bay.rules.effects import queue

if TYPE_CHECKING:
    from engine.scoundrel_bay.state import State

VARIANT = "captain_powers"


def tile(s: State, seat: int) -> CaptainDef | None:
    p = me(s, seat)
    return defs().captains.captains[p.captain_tile] if p.captain_tile else None


def ability(s: State, seat: int, which: str) -> bool:
    """The seat's captain ability `which` is usable: the tile is unflipped and the captain aboard."""
    t, p = tile(s, seat), me(s, seat)
    return (t is not None and t.ability == which and not p.captain_flipped and not p.captain_dead
            and p.captain_at is None)


def back_doubloons(s: State, seat: int) -> int:
    """The scoring criteria on the back of the tile."""
    t, p = tile(s, seat), me(s, seat)
    assert t is not None
    mine = {rid: r.pirates.get(seat, 0) for rid, r in s.regions.items()}
    count = {
        "crew_pirate_symbol": sum(card_def(c).pirates for cards in p.crew.values() for c in cards),
        "reputation_gained": s.reputation.space(seat),
        "pirate_on_board": sum(mine.values()),
        "harbor_occupied": sum(1 for rid, n in mine.items() if n and region(rid).kind == "harbor"),
        "sword_and_gun_level": p.tools["sword"] + p.tools["gun"],
        "hideout_occupied": sum(1 for rid, n in mine.items() if n and region(rid).kind == "hideout"),
    }[t.back.per]
    return count * t.back.doubloons


def captain_invaded(s: State, seat: int, ev: list[Event]) -> None:
    """The captain went ashore invading: flip and score the tile."""
    p = me(s, seat)
    if p.captain_tile is None or p.captain_flipped:
        return
    got = back_doubloons(s, seat)
    p.captain_flipped = True
    p.doubloons += got
    say(s, ev, f"{name(seat)}'s captain goes ashore: the {tile(s, seat).name} tile is flipped for {plural(got, 'doubloon')}.")  # type: ignore[union-attr]


def captain_left(s: State, seat: int) -> None:
    """The captain left the board some other way: the ability is lost, the tile never scores."""
    p = me(s, seat)
    if p.captain_tile is not None:
        p.captain_flipped = True


def hideout_swords(s: State, seat: int, rid: str) -> int:
    """Old Salty: hideouts need 1 fewer sword when invading."""
    t = tile(s, seat)
    off = t.discount if t is not None and ability(s, seat, "hideout-veteran") else 0
    return max(0, region(rid).swords - off)


def hideout_invaded(s: State, seat: int, ev: list[Event], veteran: bool) -> None:
    """Old Salty: 1 reputation for each hideout invaded (`veteran`: the ability held at landing)."""
    t = tile(s, seat)
    if veteran and t is not None:
        queue(s, seat, t.rewards, t.name)


def crate_delivered(s: State, seat: int, crate: str, ev: list[Event]) -> None:
    """Shivsmile: a delivered crate also gives its contents, tools included."""
    if ability(s, seat, "delivery-contents"):
        queue(s, seat, defs().crates.crates[crate].contents, "Capt. Shivsmile")


def beastbane(s: State, seat: int, ev: list[Event]) -> None:
    """Beastbane: one sword back (not below 1) slays the monster: 2 reputation and 1 ship damage
    instead of the monster's rewards and losses; the monster is kept (reading of SB-CPOW-10)."""
    from engine.scoundrel_bay.rules.effects import queue_losses
    t, p = tile(s, seat), me(s, seat)
    assert t is not None
    stand = s.monsters.pop(p.ship)
    stand.turn_over()
    p.tools["sword"] -= 1
    p.monsters.append(stand.id)
    say(s, ev, f"{name(seat)} slays {defs().monsters.monsters[stand.id].name} with Capt. Beastbane's sword.")
    queue(s, seat, t.rewards, t.name)
    queue_losses(s, seat, t.losses, t.name)


def can_beastbane(s: State, seat: int) -> bool:
    p = me(s, seat)
    return (ability(s, seat, "sword-slays-monster") and p.ship in s.monsters
            and p.tools["sword"] > defs().player_boards.tracks.sword.low)


def rumwhistle_offer(s: State, seat: int) -> None:
    """Rumwhistle: after recruiting, 1 rum buys a blind recruitment that brings tools only."""
    from engine.scoundrel_bay.rules.effects import can_afford
    t = tile(s, seat)
    if t is not None and ability(s, seat, "blind-recruit-tools") and can_afford(s, seat, [(c.pay, c.n) for c in t.price]):
        s.effects.insert(0, Effect(seat=seat, gain="blind_recruit", price=[(c.pay, c.n) for c in t.price],
                                   source=t.name, tools_only=True))
