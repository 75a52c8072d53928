"""The board's smaller panels: the fight in progress (the two sides with their ships' points,
the combat round and step, each side's order once both are revealed or only that it is in while
sealed, the Seamanship contest's dice and winner, the hit-location dice and the shot weapons),
the state of play (the round's event, wars, embargo, the merchant track, the missions on offer,
the NPCs arriving at the round's end, the decks) and the final ranking."""
from __future__ import annotations

from PIL import ImageDraw

from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.state import Side
from engine.merchants_marauders.view import FightView, MerchantsView
from engine.merchants_marauders.vocab import HIT_LOCATIONS, Face
from render.common import GOLD, INK, MUTED, WARN, WHITE, draw_text, fit_size, rounded_box, wrap
from render.merchants_marauders.captains import hit_maxima
from render.merchants_marauders.style import (
    MARGIN,
    NATION_NAME,
    PARCHMENT,
    Players,
    W,
    captain_name,
    chip,
    flag,
    mission_def,
    npc_flag,
    npc_label,
    player_ship,
    who,
    zone_name,
)

__all__ = ["draw_fight", "draw_final", "draw_play", "fight_height", "final_height", "play_height", "side_name",
           "winner_line"]

# ---- layout constants -------------------------------------------------------------------
FIGHT_TOP = 92
SIDE_H = 150
DIE = 34
FINAL_ROW = 64
PLAY_LINE, PLAY_SIZE = 32, 21
LABEL_W = 210
STEP_WORDS = {"orders": "choosing orders (sealed)", "contest": "Seamanship contest", "shots": "shooting",
              "resolve": "resolving the round", "aftermath": "after the fight", "end": "over"}
ORDER_WORDS = {"shoot": "SHOOT", "board": "BOARD", "hooks": "BOARD (hooks)", "flee": "FLEE"}
ROLE_WORDS = {"aggressor": "Attacker", "defender": "Defender"}
FINAL_COLS = (("glory", "Glory"), ("stash_glory", "Stash glory"), ("stash", "Stash"), ("gold", "Gold aboard"),
              ("bounties", "Bounties"))


# ---- the fight ------------------------------------------------------------------------------
def side_name(view: MerchantsView, side: Side, players: Players) -> str:
    if side.seat is not None:
        return who(side.seat, players)
    npc = view.npcs.get(side.npc or "")
    return npc_label(npc.side, npc.nation, npc.ship) if npc is not None else "an NPC"


def fight_height(view: MerchantsView) -> int:
    return 0 if view.fight is None else FIGHT_TOP + 2 * SIDE_H + 50


def _order_text(f: FightView, role: str) -> tuple[str, tuple[int, int, int]]:
    side = f.sides[role]
    if f.declared.get(role):
        return ORDER_WORDS.get(f.declared[role], f.declared[role].upper()), GOLD
    if f.orders is not None and side.seat is not None:
        done = side.seat in f.orders.locked
        return ("order in (sealed)" if done else "choosing an order"), WHITE if done else MUTED
    if f.orders is not None:
        return "order sealed", MUTED
    return "", MUTED


def _dice(d: ImageDraw.ImageDraw, x: float, y: float, faces: list[Face], fill: tuple[int, int, int]) -> float:
    for face in faces:
        rounded_box(d, (x, y - DIE / 2, x + DIE, y + DIE / 2), 6, fill, INK, 2)
        text = "☠" if face == "skull" else str(face)
        draw_text(d, (x + DIE / 2, y), text, 22, bold=True, fill=INK, anchor="mm")
        x += DIE + 5
    return x


def _side(d: ImageDraw.ImageDraw, view: MerchantsView, f: FightView, role: str, top: float, players: Players) -> None:
    side = f.sides[role]
    x0 = MARGIN + 10
    rounded_box(d, (MARGIN, top, W - MARGIN, top + SIDE_H - 8), 10, (76, 30, 30), (160, 80, 70), 2)
    y = top + 28
    if side.seat is not None:
        player_ship(d, (x0 + 26, y + 2), side.seat, 17)
    else:
        npc = view.npcs.get(side.npc or "")
        npc_flag(d, (x0 + 26, y + 2), npc.side if npc else "pirate", npc.nation if npc else None, 17)
    head = f"{ROLE_WORDS.get(role, role)}: {side_name(view, side, players)}"
    if f.victor == role:
        head += " · WINS"
    draw_text(d, (x0 + 60, y), head, fit_size(head, 25, 620, True), bold=True, fill=WHITE, anchor="lm")
    order, colour = _order_text(f, role)
    draw_text(d, (W - MARGIN - 14, y), order, fit_size(order, 25, 420, True), bold=True, fill=colour, anchor="rm")
    y += 44
    points = _points_line(view, f, role)
    draw_text(d, (x0, y), points, fit_size(points, 21, W - 2 * MARGIN - 24, True), bold=True, fill=PARCHMENT,
              anchor="lm")
    y += 44
    x = float(x0)
    if f.contest.get(role):
        draw_text(d, (x, y), "contest", 19, fill=MUTED, anchor="lm")
        x = _dice(d, x + 80, y, f.contest[role], (235, 225, 200)) + 20
    if f.dice.get(role):
        draw_text(d, (x, y), "hits on", 19, fill=MUTED, anchor="lm")
        x = _dice(d, x + 70, y, f.dice[role], (240, 160, 150)) + 20
    if f.shots.get(role):
        shot = f.shots[role].replace("_", " ")
        draw_text(d, (x, y), f"shot: {shot}", 19, bold=True, fill=WHITE, anchor="lm")


def _points_line(view: MerchantsView, f: FightView, role: str) -> str:
    side = f.sides[role]
    if side.seat is not None:
        p = view.players[side.seat]
        if p.ship is None:
            return ""
        most = hit_maxima(p)
        return " · ".join(f"{loc} {p.ship.points.get(loc, 0)}/{most.get(loc, 0)}" for loc in HIT_LOCATIONS)
    npc = view.npcs.get(side.npc or "")
    if npc is None:
        return ""
    printed = defs().all_ships()[npc.ship]
    points = " · ".join(f"{loc} {f.npc_points.get(loc, getattr(printed, loc))}/{getattr(printed, loc)}"
                        for loc in HIT_LOCATIONS)
    sk = npc.skills
    return f"{points} · skills: seamanship {sk.seamanship}, scouting {sk.scouting}, leadership {sk.leadership}"


def draw_fight(d: ImageDraw.ImageDraw, view: MerchantsView, top: int, players: Players) -> None:
    f = view.fight
    if f is None:
        return
    d.rectangle((0, top, W, top + fight_height(view)), fill=(54, 16, 16))
    a, b = (side_name(view, f.sides[r], players) for r in ("aggressor", "defender"))
    zone = next((view.players[x.seat].zone for x in f.sides.values() if x.seat is not None), None)
    title = f"Fight: {a} attacks {b}" + (f" off {zone_name(zone)}" if zone else "")
    draw_text(d, (MARGIN, top + 28), title, fit_size(title, 30, W - 2 * MARGIN, True), bold=True, fill=WARN,
              anchor="lm")
    line = f"Combat round {f.round_no} · {STEP_WORDS.get(f.step, f.step)}"
    if f.winner:
        line += f" · contest won by the {ROLE_WORDS.get(f.winner, f.winner).lower()}"
    if f.boarded:
        line += " · boarded: crew clash"
    draw_text(d, (MARGIN, top + 66), line, fit_size(line, 23, W - 2 * MARGIN, True), bold=True, fill=WHITE,
              anchor="lm")
    y = top + FIGHT_TOP
    for role in ("aggressor", "defender"):
        if role in f.sides:
            _side(d, view, f, role, y, players)
        y += SIDE_H
    note = "orders are sealed until both sides are in · ☠ on a hit die: the hull"
    draw_text(d, (MARGIN, y + 20), note, fit_size(note, 20, W - 2 * MARGIN), fill=MUTED, anchor="lm")


# ---- the state of play -------------------------------------------------------------------------
def _event_name(eid: str | None) -> str:
    if eid is None:
        return "none yet"
    c = cards()
    e = c.base.events.events.get(eid) or c.sog.events.events.get(eid)
    return e.name if e is not None else eid


def _play_lines(view: MerchantsView) -> list[tuple[str, str]]:
    r = view.round
    out = [("Round", f"{r.number} · event: {_event_name(r.event)}")]
    extras = []
    if r.sale_bonus:
        extras.append(f"demand goods sell for +{r.sale_bonus}")
    if r.embargo:
        extras.append(f"embargo on {NATION_NAME[r.embargo]}'s ports")
    if r.scouting:
        extras.append(f"Scouting dice {r.scouting:+d}")
    if extras:
        out.append(("This round", " · ".join(extras)))
    out.append(("Wars", " · ".join(f"{NATION_NAME[a]} v {NATION_NAME[b]}" for a, b in view.wars) or "peace"))
    offered = []
    for slot in view.board:
        m = mission_def(slot.mission) if slot.mission else None
        if m is not None and slot.holder is None:
            where = f" → {zone_name(m.target)}" if m.target else ""
            offered.append(f"{m.name} (claim at {zone_name(m.claim)}{where}, {m.reward.n} gold)")
    out.append(("Missions", " · ".join(offered) or "none on offer"))
    npcs = [f"{npc_label(n.side, n.nation, n.ship)} at {zone_name(n.zone)}" for n in view.npcs.values()]
    out.append(("NPC ships", " · ".join(npcs) or "none at sea"))
    if view.arrivals:
        out.append(("Arriving", " · ".join(f"{npc_label(a.side, a.nation, a.ship)} at {zone_name(a.zone)}"
                                           for a in view.arrivals)))
    gold = getattr(view, "treasure_gold", None)
    if isinstance(gold, int):
        out.append(("Treasure galleon", f"{gold} gold aboard"))
    decks = " · ".join(f"{k} {dv.pile_size}" for k, dv in view.decks.items()) + f" · demand {view.demand_pile}"
    out.append(("Decks", decks))
    return out


def _wrapped() -> float:
    return W - 2 * MARGIN - LABEL_W - 10


def play_height(view: MerchantsView) -> int:
    lines = sum(len(wrap(v, PLAY_SIZE, _wrapped())) or 1 for _, v in _play_lines(view))
    return 56 + PLAY_LINE * (lines + 1) + 14


def draw_play(d: ImageDraw.ImageDraw, view: MerchantsView, top: int) -> None:
    draw_text(d, (MARGIN, top + 26), "State of play", 30, bold=True, fill=WHITE, anchor="lm")
    y = top + 56
    draw_text(d, (MARGIN, y + PLAY_LINE / 2), "Merchant track", PLAY_SIZE, bold=True, fill=GOLD, anchor="lm")
    x = float(MARGIN + LABEL_W)
    if not view.track:
        draw_text(d, (x, y + PLAY_LINE / 2), "no merchant raided yet", PLAY_SIZE, fill=MUTED, anchor="lm")
    for nation in view.track:
        x += flag(d, (x, y + PLAY_LINE / 2), nation, "", 17)
    y += PLAY_LINE
    for label, value in _play_lines(view):
        draw_text(d, (MARGIN, y + PLAY_LINE / 2), label, PLAY_SIZE, bold=True, fill=GOLD, anchor="lm")
        for ln in wrap(value, PLAY_SIZE, _wrapped()) or [""]:
            draw_text(d, (MARGIN + LABEL_W, y + PLAY_LINE / 2), ln, PLAY_SIZE, fill=WHITE, anchor="lm")
            y += PLAY_LINE


# ---- the final ranking --------------------------------------------------------------------------
def final_height(view: MerchantsView) -> int:
    return 0 if view.final is None else 104 + FINAL_ROW * len(view.final)


def _total(cols: dict[str, int]) -> int:
    return cols.get("glory", 0) + cols.get("stash_glory", 0)


def draw_final(d: ImageDraw.ImageDraw, view: MerchantsView, top: int, players: Players) -> None:
    if view.final is None:
        return
    d.rectangle((0, top, W, top + final_height(view)), fill=(40, 30, 10))
    draw_text(d, (MARGIN, top + 28), "Final ranking", 30, bold=True, fill=GOLD, anchor="lm")
    note = "most glory wins (track + stash); ties: more gold, then fewer bounties"
    draw_text(d, (W - MARGIN, top + 28), note, fit_size(note, 19, W - 300), fill=MUTED, anchor="rm")
    col0, colw = 440, (W - 440 - MARGIN - 110) // len(FINAL_COLS)
    y = top + 70
    for i, (_, word) in enumerate(FINAL_COLS):
        draw_text(d, (col0 + i * colw + colw / 2, y), word, fit_size(word, 19, colw - 6), fill=MUTED, anchor="mm")
    draw_text(d, (W - MARGIN - 55, y), "Total glory", fit_size("Total glory", 19, 105), bold=True, fill=WHITE,
              anchor="mm")
    winners = set(view.winners)
    ranked = sorted(view.final.items(), key=lambda kv: (kv[0] not in winners, -_total(kv[1]), -kv[1].get("stash", 0)))
    y -= 6
    for rank, (seat, cols) in enumerate(ranked, 1):
        y += FINAL_ROW
        p = view.players[seat]
        label = f"{rank}. " + ("★ " if seat in winners else "") + who(seat, players)
        chip(d, (MARGIN, y - 10), seat, label, fit_size(label, 21, col0 - MARGIN - 40, True), lit=seat in winners)
        name = f"captain {captain_name(p.captain)}"
        draw_text(d, (MARGIN + 12, y + 20), name, fit_size(name, 18, col0 - MARGIN - 20), fill=PARCHMENT, anchor="lm")
        for i, (k, _) in enumerate(FINAL_COLS):
            draw_text(d, (col0 + i * colw + colw / 2, y), str(cols.get(k, 0)), 24, bold=True, fill=WHITE, anchor="mm")
        draw_text(d, (W - MARGIN - 55, y), str(_total(cols)), 28, bold=True, fill=GOLD, anchor="mm")


def winner_line(view: MerchantsView, players: Players) -> str:
    names = ", ".join(who(s, players) for s in view.winners) or "nobody"
    return f"Game over · {'winner' if len(view.winners) == 1 else 'winners'}: {names}"

