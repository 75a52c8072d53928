"""The board's smaller panels: the battle in progress (who fights whom, the step, the cubes set
and where each owner's cubes rest on the Battle board, with the tally), the 9 Achievements with
each seat's marker and progress cubes, and the final scoring table.

The battle's tally is read with the engine's pure `tally` over the view's Battle board, so the
numbers drawn are the ones the rules will use."""
from __future__ import annotations

from PIL import ImageDraw

from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.labels import CATEGORIES
from engine.dead_reckoning.rules.tower import Zone, tally, tower_defs
from engine.dead_reckoning.state import Battle
from engine.dead_reckoning.view import DeadReckoningView
from render.common import GOLD, INK, MUTED, WARN, WHITE, draw_text, fit_size, rounded_box, text_width, wrap
from render.dead_reckoning.style import (
    BLACK_CUBE,
    MARGIN,
    PANEL,
    PANEL_EDGE,
    PARCHMENT,
    Players,
    W,
    card_name,
    chip,
    cube,
    owner_seat,
    place_name,
    seat_name,
    seat_rgb,
    who,
)

__all__ = ["achievements_height", "battle_height", "draw_achievements", "draw_battle", "draw_final",
           "final_height"]

# ---- layout constants -------------------------------------------------------------------
BATTLE_TOP = 112
ZONE_HEAD = 58
ZONE_ROW = 52
LABEL_COL = 150
ACH_TOP = 56
ACH_GAP = 8
ACH_W = (W - 2 * MARGIN - 2 * ACH_GAP) // 3
ACH_H = 150
FINAL_ROW = 42
HEAD_LINES = {"achievements": ["Achieve-", "ments"], "advancements": ["Advance-", "ments"],
              "end_of_game": ["End-of-", "game adv."], "upgrades": ["Ship", "Upgrades"]}

STEP_WORDS = {"cubes": "setting Battle cubes", "response": "the defender answers with cards",
              "window": "Battle abilities, in turns", "plunder": "placing plunder", "done": "over"}
WHY_WORDS = {"flag": "an attack flag", "pirate_stop": "stopped on a Pirate's board",
             "pirate_start": "began the turn on a Pirate's board",
             "merchant": "attacking a Merchant ship", "buildings": "attacking Buildings"}
REQUIREMENT = {
    "legendary": "win {n} battles with your Ship", "expert_sailors": "{n} Sailor cards at level 4",
    "terror_of_the_sea": "sink {n} rival Ship", "builder": "{n} Buildings on islands you rule",
    "capitalist": "{n} coins in your chest", "settler": "{n} permanent cubes",
    "elite_vessel": "{n} Ship Upgrades", "explorer": "explore {n} Ocean boards",
    "master_merchant": "return {n} cargo at once",
}


# ---- the battle -------------------------------------------------------------------------------
def _owner_name(owner: str, battle: Battle, players: Players) -> str:
    seat = owner_seat(owner)
    if seat is not None:
        return who(seat, players)
    return card_name(battle.card) if battle.kind == "merchant" and battle.card else "Buildings"


def _owners(b: Battle) -> list[str]:
    return list(dict.fromkeys([*b.cubes, *b.board.cubes]))


def battle_height(view: DeadReckoningView) -> int:
    if view.battle is None:
        return 0
    return BATTLE_TOP + ZONE_HEAD + ZONE_ROW * max(1, len(_owners(view.battle))) + 70


def _zone_head(z: Zone) -> list[str]:
    """Two short lines per zone: what kind it is, then how much."""
    if z.kind == "exploding":
        return ["explode", "re-drop"]
    if z.kind == "strength":
        return ["strength", f"+{z.strength}"]
    if z.kind == "damage":
        return ["damage", "+1"]
    if z.kind == "plunder":
        what = "coin" if z.coins else "cargo" if z.cargo else "either"
        return [what, f"+{z.coins or z.cargo or z.either}"]
    return ["nothing", ""]


def _side_name(owner: str, b: Battle) -> str:
    seat = owner_seat(owner)
    if seat is not None:
        return seat_name(seat)
    return "the Merchant" if b.kind == "merchant" else "the Buildings"


def _ahead(b: Battle) -> str:
    """Who is ahead on strength right now (ties go to the attacker), when two sides fight."""
    owners = _owners(b)
    mine = f"p{b.attacker + 1}"
    if len(owners) != 2 or mine not in owners:
        return ""
    other = owners[1] if owners[0] == mine else owners[0]
    totals = tally(b.board)
    st = {o: (totals[o].strength if o in totals else 0) + b.extra_strength.get(o, 0) for o in owners}
    lead, behind = (mine, other) if st[mine] >= st[other] else (other, mine)
    return f"ahead: {_side_name(lead, b)}, strength {st[lead]} to {st[behind]}"


def _title(view: DeadReckoningView, b: Battle, players: Players) -> str:
    at = place_name(b.at, view.grid[b.at].board if b.at in view.grid else None)
    if b.kind == "merchant":
        return f"Battle at {at}: {who(b.attacker, players)} attacks the Merchant ship {card_name(b.card or '')}"
    if b.kind == "building":
        owner = f"{seat_name(b.defender)}'s " if b.defender is not None else ""
        return f"Battle at {at}: {who(b.attacker, players)} attacks {owner}Buildings"
    target = who(b.defender, players) if b.defender is not None else "?"
    return f"Battle at {at}: {who(b.attacker, players)} attacks {target}"


def draw_battle(d: ImageDraw.ImageDraw, view: DeadReckoningView, top: int, players: Players) -> None:
    b = view.battle
    if b is None:
        return
    h = battle_height(view)
    d.rectangle((0, top, W, top + h), fill=(54, 16, 16))
    title = _title(view, b, players)
    draw_text(d, (MARGIN, top + 28), title, fit_size(title, 30, W - 2 * MARGIN, True), bold=True, fill=WARN,
              anchor="lm")
    step = STEP_WORDS.get(b.step, b.step)
    if b.step == "window":
        now = b.attacker if b.side == 0 else b.defender
        step += f" (now {seat_name(now)})" if now is not None else ""
    set_ = " · ".join(f"{_owner_name(o, b, players)} {n}" for o, n in b.cubes.items())
    line = f"Why: {WHY_WORDS.get(b.why, b.why)} · step: {step}"
    draw_text(d, (MARGIN, top + 64), line, fit_size(line, 23, W - 2 * MARGIN, True), bold=True, fill=WHITE,
              anchor="lm")
    cubes = f"Cubes set: {set_ or 'none yet'} · ties go to the attacker"
    draw_text(d, (MARGIN, top + 96), cubes, fit_size(cubes, 22, W - 2 * MARGIN), fill=MUTED, anchor="lm")
    zones = tower_defs().zones
    colw = (W - 2 * MARGIN - LABEL_COL - 190) / len(zones)
    y = top + BATTLE_TOP
    for i, z in enumerate(zones):
        cx = MARGIN + LABEL_COL + i * colw + colw / 2
        for j, ln in enumerate(_zone_head(z)):
            draw_text(d, (cx, y + 14 + j * 24), ln, fit_size(ln, 20, colw - 4, j == 1), bold=j == 1,
                      fill=PARCHMENT, anchor="mm")
    draw_text(d, (W - MARGIN - 95, y + 16), "tally", 18, bold=True, fill=GOLD, anchor="mm")
    y += ZONE_HEAD
    totals = tally(b.board)
    for owner in _owners(b):
        seat = owner_seat(owner)
        name = _side_name(owner, b).removeprefix("the ").capitalize() if seat is None else seat_name(seat)
        cube(d, (MARGIN, y + ZONE_ROW / 2 - 4), seat, 30)
        draw_text(d, (MARGIN + 38, y + ZONE_ROW / 2 - 4), name, fit_size(name, 21, LABEL_COL - 42, True), bold=True,
                  fill=WHITE, anchor="lm")
        for i, z in enumerate(zones):
            n = b.board.count(owner, z.id)
            x0 = MARGIN + LABEL_COL + i * colw
            fill = (seat_rgb(seat) if seat is not None else BLACK_CUBE) if n else PANEL
            rounded_box(d, (x0 + 3, y + 2, x0 + colw - 3, y + ZONE_ROW - 10), 6, fill, PANEL_EDGE, 1)
            if n:
                draw_text(d, (x0 + colw / 2, y + ZONE_ROW / 2 - 4), str(n), 26, bold=True,
                          fill=INK if seat is not None else WHITE, anchor="mm")
        t = totals.get(owner)
        strength = (t.strength if t else 0) + b.extra_strength.get(owner, 0)
        plunder = (t.coins + t.cargo + t.either) if t else 0
        summary = f"str {strength} · dmg {t.damage if t else 0} · loot {plunder}"
        draw_text(d, (W - MARGIN - 95, y + ZONE_ROW / 2 - 4), summary, fit_size(summary, 19, 186, True), bold=True,
                  fill=WHITE, anchor="mm")
        y += ZONE_ROW
    extras = []
    if b.damage_waiting:
        extras.append("damage from abilities: " + ", ".join(f"{seat_name(s)} takes {n}" for s, n in
                                                           sorted(b.damage_waiting.items())))
    if b.plunder:
        extras.append("plunder to place: " + ", ".join(
            f"{seat_name(s)} " + " ".join(f"{n} {k}" for k, n in sorted(pieces.items()) if n)
            for s, pieces in sorted(b.plunder.items())))
    if b.board.cubes and (ahead := _ahead(b)):
        extras.insert(0, ahead)
    note = " · ".join(extras) or "str: strength from zones and abilities · dmg: damage · loot: plunder shown"
    draw_text(d, (MARGIN, y + 26), note, fit_size(note, 21, W - 2 * MARGIN), fill=GOLD if extras else MUTED,
              anchor="lm")


# ---- achievements -------------------------------------------------------------------------------
def achievements_height() -> int:
    return ACH_TOP + 3 * (ACH_H + ACH_GAP) + 8


def draw_achievements(d: ImageDraw.ImageDraw, view: DeadReckoningView, top: int) -> None:
    a = defs().achievements
    draw_text(d, (MARGIN, top + 28), "Achievements", 30, bold=True, fill=WHITE, anchor="lm")
    count = " · ".join(f"P{p.seat + 1} {p.record.markers()}" for p in view.players)
    note = f"markers: {count} · {a.end_trigger} ends the game · ★ also on others' turns"
    left = MARGIN + text_width("Achievements", 30, True) + 20
    draw_text(d, (W - MARGIN, top + 28), note, fit_size(note, 21, W - MARGIN - left), fill=MUTED, anchor="rm")
    n_players = len(view.players)
    for k, (aid, ach) in enumerate(a.achievements.items()):
        x = MARGIN + (k % 3) * (ACH_W + ACH_GAP)
        y = top + ACH_TOP + (k // 3) * (ACH_H + ACH_GAP)
        rounded_box(d, (x, y, x + ACH_W, y + ACH_H), 10, PARCHMENT, INK, 2)
        name = ach.name + (" ★" if ach.off_turn else "")
        draw_text(d, (x + 10, y + 22), name, fit_size(name, 25, ACH_W - 110, True), bold=True, fill=INK, anchor="lm")
        draw_text(d, (x + ACH_W - 10, y + 22), f"{ach.coins} coins", 21, bold=True, fill=(120, 80, 0), anchor="rm")
        req = REQUIREMENT.get(aid, "{n}").format(n=ach.goal(n_players))
        draw_text(d, (x + 10, y + 54), req, fit_size(req, 20, ACH_W - 20), fill=(50, 50, 60), anchor="lm")
        _claims(d, view, aid, x + 10, y + 96, x + ACH_W - 10)


def _claims(d: ImageDraw.ImageDraw, view: DeadReckoningView, aid: str, x: float, y: float, right: float) -> None:
    """Markers as seat chips with a tick; progress cubes as seat cubes with their count."""
    drawn = False
    for p in view.players:
        claim = p.record.claims.get(aid)  # type: ignore[call-overload]
        if claim is None:
            continue
        if claim.marker:
            x += chip(d, (x, y), p.seat, f"✓ P{p.seat + 1}", 21) + 6
            drawn = True
        elif claim.cubes or claim.waiting:
            x += cube(d, (x, y), p.seat, 28)
            text = (f"×{claim.cubes}" if claim.cubes else "") + (" waits" if claim.waiting else "")
            draw_text(d, (x - 2, y), text.strip(), 20, bold=True, fill=INK, anchor="lm")
            x += text_width(text.strip(), 20, True) + 12
            drawn = True
        if x > right - 40:
            break
    if not drawn:
        draw_text(d, (x, y), "nobody yet", 20, fill=(110, 100, 80), anchor="lm")


# ---- final scoring --------------------------------------------------------------------------
def final_height(view: DeadReckoningView) -> int:
    return 0 if view.final is None else 96 + FINAL_ROW * (len(view.final) + 1)


def draw_final(d: ImageDraw.ImageDraw, view: DeadReckoningView, top: int, players: Players) -> None:
    if view.final is None:
        return
    d.rectangle((0, top, W, top + final_height(view)), fill=(40, 30, 10))
    draw_text(d, (MARGIN, top + 28), "Final scoring (coins)", 30, bold=True, fill=GOLD, anchor="lm")
    cats = list(CATEGORIES)
    col0 = 250
    colw = (W - col0 - MARGIN - 100) // max(1, len(cats))
    y = top + 78
    for i, k in enumerate(cats):
        lines = HEAD_LINES.get(k) or wrap(CATEGORIES[k], 18, colw - 6)[:2]
        for j, ln in enumerate(lines):
            draw_text(d, (col0 + i * colw + colw / 2, y + (j - (len(lines) - 1) / 2) * 22), ln,
                      fit_size(ln, 18, colw - 4), fill=MUTED, anchor="mm")
    draw_text(d, (W - MARGIN - 50, y), "Total", 21, bold=True, fill=WHITE, anchor="mm")
    y += 14
    for seat, cols in sorted(view.final.items(), key=lambda kv: -sum(kv[1].values())):
        y += FINAL_ROW
        named = f"P{seat + 1} {players[seat][:11]}" if players.get(seat) else seat_name(seat)
        chip(d, (MARGIN, y), seat, ("★ " if seat in view.winners else "") + named, 21, lit=seat in view.winners)
        for i, k in enumerate(cats):
            draw_text(d, (col0 + i * colw + colw / 2, y), str(cols.get(k, 0)), 24, bold=True, fill=WHITE,
                      anchor="mm")
        draw_text(d, (W - MARGIN - 50, y), str(sum(cols.values())), 28, bold=True, fill=GOLD, anchor="mm")
