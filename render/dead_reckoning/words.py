"""Card faces in short words, for tiles and messages: the icons a face shows ('2 Sail, 1 Cannon')
and each ability as one line ('Battle, on a win vs ships: +1 coin to Ship per Wheel').

The data's effects are a small vocabulary (engine/dead_reckoning/defs.py); each verb gets a
phrase here. Only card fronts are worded: a Merchant ship's back (its cubes, win and loss) is
hidden until the battle and is never read by the renderer."""
from __future__ import annotations

from engine.dead_reckoning.defs import Ability, Effect, Face, Icons, Option, Pay

ICON_WORDS: tuple[tuple[str, str], ...] = (
    ("sail", "Sail"), ("wheel", "Wheel"), ("cannon", "Cannon"), ("attack_flag", "Attack flag"),
    ("draw_bonus", "Draw"), ("defense", "Defence cube"))
WHERE = {"dock": "to Dock", "ship": "to Ship", "dock_or_ship": "to Dock/Ship", "island": "on the island"}
PAY_FROM = {"ship": " from Ship", "dock": " from Dock", "ship_or_dock": ""}
PER = {"wheel": "Wheel", "cannon": "Cannon", "sail": "Sail", "islands_controlled": "island you control",
       "buildings": "Building", "upgrades": "Upgrade", "permanent_cubes": "permanent cube",
       "achievements": "Achievement"}


def icon_word(field: str, n: int) -> str:
    """'2 Sail', 'Draw +1', '2 Defence cubes'."""
    word = dict(ICON_WORDS)[field]
    if field == "draw_bonus":
        return f"Draw +{n}"
    return f"{n} {word}{'s' if field == 'defense' and n > 1 else ''}"


def icons_text(icons: Icons) -> str:
    """'1 Sail, 2 Cannon', or '' when the face shows no icon."""
    return ", ".join(icon_word(field, n) for field, _ in ICON_WORDS if (n := getattr(icons, field)))


def _goods(n: int, res: str | None) -> str:
    return f"{n} {'coin' if n == 1 else 'coins'}" if res == "coin" else f"{n} cargo"


def _per(e: Effect) -> str:
    return f" per {PER[e.per]}" if e.per is not None else ""


def effect_text(e: Effect) -> str:
    n = e.n
    if e.do == "gain":
        return f"+{_goods(n, e.res)} {WHERE.get(e.at or 'dock', '')}{_per(e)}"
    if e.do == "sail":
        return f"+{n} Sail{_per(e)}"
    if e.do == "influence":
        return f"{n} Influence" + (" (ignores Forts)" if e.overrides_forts else "")
    if e.do == "permanent":
        return f"{n} permanent cube{'s' if n > 1 else ''}"
    if e.do == "produce":
        where = " with no cubes" if e.island == "no_cubes" else ""
        bonus = [f"+{e.bonus_cargo} cargo" if e.bonus_cargo else "", f"+{e.bonus_coin} coin" if e.bonus_coin else ""]
        extra = " ".join(b for b in bonus if b)
        return f"produce on {n} island{'s' if n > 1 else ''}{where}" + (f" ({extra} each)" if extra else "")
    if e.do == "build":
        kind = e.building.title() if e.building else "Building"
        return f"build {n} {kind}{'s' if n > 1 else ''}"
    if e.do == "upgrade":
        return f"take a {e.tier or ''} Upgrade".replace("  ", " ")
    if e.do == "repair":
        return f"repair {n} damage"
    if e.do == "drop":
        return f"drop {n} more cube{'s' if n > 1 else ''}{_per(e)}"
    if e.do == "explode":
        return f"{n} cube{'s' if n > 1 else ''} explode"
    if e.do == "strength":
        return f"+{n} strength{_per(e)}"
    if e.do == "withdraw":
        return f"take back {n} cube{'s' if n > 1 else ''}"
    if e.do == "damage":
        return f"{n} damage to the enemy"
    if e.do == "score":
        return f"+{_goods(n, 'coin')}{_per(e)}"
    if e.do == "score_loss":
        return f"-{_goods(n, 'coin')}"
    return e.do.replace("_", " ")


def _cost(cost: list[Pay]) -> str:
    return " + ".join(f"{_goods(p.n, p.res)}{PAY_FROM[p.at]}" for p in cost)


def option_text(o: Option) -> str:
    body = ", ".join(effect_text(e) for e in o.effects)
    return f"pay {_cost(o.cost)}: {body}" if o.cost else body


def ability_text(ab: Ability) -> str:
    """One line: when it works, then its options (choose one) split by ' / '."""
    when = ""
    if ab.timing == "battle":
        when = "Battle" + (", on a win" if ab.on == "win" else "") + (" vs ships" if ab.versus == "ships" else "")
    elif ab.timing == "end":
        when = "Game end"
    elif ab.where == "harbor":
        when = "In Harbor"
    body = " / ".join(option_text(o) for o in ab.options)
    return f"{when}: {body}" if when else body[:1].upper() + body[1:]


def face_lines(face: Face) -> list[str]:
    """The icons (if any) then one line per ability."""
    lines = [icons_text(face.icons)] if face.icons.total() else []
    return lines + [ability_text(ab) for ab in face.abilities]
