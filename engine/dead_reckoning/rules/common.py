"""Small lookups every rule module shares: card names and faces, the Ship's holds, icons that
work, and where a Ship is. Nothing here changes the state."""
from __future__ import annotations

from functools import cache

from engine.dead_reckoning.defs import Ability, Face, Icons, SailorKind, defs
from engine.dead_reckoning.rules import island_control as ic
from engine.dead_reckoning.state import HARBOR, Player, State, label

COPY_SUFFIX = "-"


def card_names() -> list[str]:
    """One player's 12 Sailor cards by role and copy: captain, gunner-1, gunner-2, crew-1 …"""
    kinds = defs().sailors.deck()
    out: list[str] = []
    for kind in dict.fromkeys(kinds):
        n = kinds.count(kind)
        base = kind.replace("_", "-")
        out += [base] if n == 1 else [f"{base}-{i}" for i in range(1, n + 1)]
    return out


@cache
def kind_of(card: str) -> SailorKind:
    """A card's Sailor (gunner-2 -> gunner), read once per name: every listing asks it per card."""
    base = card.rsplit("-", 1)[0] if card[-1].isdigit() else card
    kind = base.replace("-", "_")
    assert kind in defs().sailors.sailors, card
    return kind


def card_faces(p: Player, card: str) -> list[Face]:
    """What a Sailor card shows: its level, then each Advancement sleeved on it (top to bottom)."""
    return list(_faces(*_looks(p, card)))


def card_icons(p: Player, card: str) -> Icons:
    return _icons(*_looks(p, card))


def card_abilities(p: Player, card: str) -> list[tuple[Ability, Face]]:
    return list(_abilities(*_looks(p, card)))


# A card's faces, icons and abilities depend only on its Sailor, level and sleeve: each computed once.
def _looks(p: Player, card: str) -> tuple[SailorKind, int, tuple[str, ...]]:
    return kind_of(card), p.levels.get(card, 1), tuple(p.sleeves.get(card, []))


@cache
def _faces(kind: SailorKind, level: int, sleeve: tuple[str, ...]) -> tuple[Face, ...]:
    advs = defs().advancements.cards
    return (defs().sailors.sailors[kind].levels[level - 1], *(advs[a] for a in sleeve))


@cache
def _icons(kind: SailorKind, level: int, sleeve: tuple[str, ...]) -> Icons:
    faces = _faces(kind, level, sleeve)
    return Icons(**{i: sum(getattr(f.icons, i) for f in faces) for i in Icons.model_fields})


@cache
def _abilities(kind: SailorKind, level: int, sleeve: tuple[str, ...]) -> tuple[tuple[Ability, Face], ...]:
    return tuple((ab, f) for f in _faces(kind, level, sleeve) for ab in f.abilities)


def in_play(p: Player) -> list[str]:
    """Cards face up now: played this turn and still out from a defence."""
    return [*p.played, *(c for c in p.defence if c not in p.played)]


# ---- the Ship board (its holds and icons: rules/load_unload.py) ----
def holds(p: Player) -> list[str]:
    return [x.letter for x in p.ship.hull.spaces if x.hold > 0]


def room(p: Player, letter: str) -> int:
    return p.ship.hull.space(letter).room()   # type: ignore[arg-type]


def total_room(p: Player) -> int:
    return p.ship.hull.room()


def on_ship(p: Player, res: str) -> int:
    return p.ship.hull.carried().of(res)   # type: ignore[arg-type]


def space_face(p: Player, letter: str) -> Face | None:
    """The visible Upgrade tile of a hull space (its abilities), if any."""
    tiles = p.ship.upgrades.get(letter, [])
    return defs().upgrades.tiles[tiles[-1]] if tiles else None


def space_works(p: Player, letter: str) -> bool:
    return p.ship.hull.space(letter).working()   # type: ignore[arg-type]


def cannons(s: State, seat: int) -> int:
    """Cannons this seat may still fire this turn: the printed one, the Upgrades on empty holds
    and the cards face up, less those already fired (each once per turn, DR-BAT-02)."""
    p = s.players[seat]
    total = p.ship.hull.cannons()
    total += sum(card_icons(p, c).cannon for c in in_play(p))
    return max(0, total - s.turn.cannons_used.get(seat, 0))


def flags(s: State, seat: int) -> int:
    """Attack flags of the cards out, defence cards included: on the owner's turn they count as
    played (DR-BPVP-06); flags work only on one's own turn, so on others' turns this is unused."""
    p = s.players[seat]
    return sum(card_icons(p, c).attack_flag for c in in_play(p)) - s.turn.flags_used


def at_island(s: State, seat: int) -> str | None:
    """The position of the island the Ship is at, if any (face up)."""
    at = s.players[seat].ship.at
    return at if at in s.islands else None


def blockaded(s: State, seat: int, at: str) -> bool:
    """A blockade holds the active seat at that island for the rest of its turn (DR-PIR-04)."""
    return seat == s.turn.seat and at in s.turn.blockaded


def island_barred(s: State, seat: int, at: str, overrides_forts: bool = False) -> str | None:
    """Why the island at `at` is barred to `seat` now (rules/island_control.py `barred`), or
    None: the one check behind Influence, production, loading and unloading and the card
    abilities that gain goods there."""
    return ic.barred(s.islands[at], label(seat), blockaded(s, seat, at), overrides_forts)


def neighbours(at: str) -> list[str]:
    """Boards one orthogonal step away; the Harbor touches all of row 1 (DR-MOVE-03, -04)."""
    cols, rows = "abc", defs().rules.setup.grid_rows
    if at == HARBOR:
        return [f"{c}1" for c in cols]
    c, r = cols.index(at[0]), int(at[1:])
    out = [HARBOR] if r == 1 else []
    for dc, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        nc, nr = c + dc, r + dr
        if 0 <= nc < len(cols) and 1 <= nr <= rows:
            out.append(f"{cols[nc]}{nr}")
    return out


def name(seat: int) -> str:
    return f"Player {seat + 1}"
