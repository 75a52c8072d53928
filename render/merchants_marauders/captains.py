"""One ship card per captain, as everyone at the table sees it.

Top line: the seat's chip (lit while the game waits on it), the captain with the nation's flag,
the ship type and where it is (in port or at sea), and a PIRATE mark once it holds a bounty.
Then the captain's four skills; the five hit locations as pips (filled: points left, empty:
damage, up to the ship's printed value raised by its modifications); the glory track 0-10 with
the marker; the counters everyone may see (glory cards held, gold aboard, a rumour held, deaths);
the cargo cards by good; the special weapons, modifications and specialists aboard; the bounty tokens by nation and
the mission the captain claimed. The stash, the glory cards' faces and the rumour's card are
private and are not drawn here (hand.py draws them for their owner)."""
from __future__ import annotations

from PIL import ImageDraw

from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules.common import maxima
from engine.merchants_marauders.state import Player
from engine.merchants_marauders.view import MerchantsView, PlayerView
from engine.merchants_marauders.vocab import HIT_LOCATIONS, HitLocation
from render.common import GOLD, INK, MUTED, WHITE, draw_text, fit_size, rounded_box, text_width
from render.merchants_marauders.style import (
    DAMAGE,
    GOOD_RGB,
    MARGIN,
    NATION_NAME,
    PANEL,
    PANEL_EDGE,
    Players,
    W,
    captain_name,
    chip,
    counter,
    flag,
    good_name,
    good_of,
    ink_on,
    mission_def,
    modification_name,
    ship_name,
    specialist_name,
    weapon_name,
    who,
    zone_name,
)
from render.merchants_marauders.style import (
    where as where_at,
)

__all__ = ["card_height", "draw_card", "hit_maxima"]

# ---- layout constants -------------------------------------------------------------------
HEAD_H = 52
ROW_H = 46
ROWS = 6
HITS_EXTRA = 12               # the hit-location row is taller: a label above its pips
PAD = 10
GLORY_TO_WIN = 10
SKILL_WORDS = (("seamanship", "Seamanship"), ("scouting", "Scouting"), ("leadership", "Leadership"),
               ("influence", "Influence"))


def card_height() -> int:
    return HEAD_H + ROWS * ROW_H + HITS_EXTRA + 2 * PAD + 8


def hit_maxima(p: PlayerView) -> dict[HitLocation, int]:
    """The ship's top value per hit location (printed, raised by modifications and the captain),
    read with the engine's own `maxima` so board and rules agree."""
    if p.ship is None or p.captain is None:
        return {}
    return maxima(Player(captain=p.captain, ship=p.ship))


def _waited(view: MerchantsView, seat: int) -> bool:
    return view.waiting is not None and seat in view.waiting.waiting_on


def _head(d: ImageDraw.ImageDraw, view: MerchantsView, p: PlayerView, y: float, players: Players) -> None:
    lit = _waited(view, p.seat)
    x = float(MARGIN + 12)
    x += chip(d, (x, y), p.seat, ("▶ " if lit else "") + who(p.seat, players), 24, lit=lit) + 12
    cap = defs().all_captains().get(p.captain or "")
    if cap is not None:
        x += flag(d, (x, y), cap.nation, "", 17)
    name = captain_name(p.captain)
    draw_text(d, (x, y), name, fit_size(name, 23, 300, True), bold=True, fill=WHITE, anchor="lm")
    x += min(300, text_width(name, 23, True)) + 14
    if p.ship is None or p.zone is None:
        where = "choosing a ship"
    else:
        where = f"{ship_name(p.ship.type)} · {where_at(p.zone, p.in_port)}"
    pirate = sum(p.bounties.values()) > 0
    room = W - MARGIN - 12 - x - (110 if pirate else 0)
    draw_text(d, (x, y), where, fit_size(where, 21, room, True), bold=True, fill=GOLD, anchor="lm")
    if pirate:
        rounded_box(d, (W - MARGIN - 116, y - 15, W - MARGIN - 12, y + 15), 6, INK, WHITE, 2)
        draw_text(d, (W - MARGIN - 64, y), "☠ PIRATE", 17, bold=True, fill=WHITE, anchor="mm")


def _skills(d: ImageDraw.ImageDraw, p: PlayerView, y: float) -> None:
    cap = defs().all_captains().get(p.captain or "")
    x = float(MARGIN + 12)
    if cap is None:
        draw_text(d, (x, y), "Captain still secret (setup)", 20, fill=MUTED, anchor="lm")
        return
    draw_text(d, (x, y), f"{NATION_NAME[cap.nation]} · home {zone_name(cap.home_port)}", 19, fill=MUTED, anchor="lm")
    x += 330
    for field, word in SKILL_WORDS:
        x += counter(d, (x, y), word, str(getattr(cap.skills, field)), 19)


def _hits(d: ImageDraw.ImageDraw, p: PlayerView, y: float) -> None:
    """Each hit location: its name and value, then pips (filled: left; empty red-rimmed: damage)."""
    if p.ship is None:
        return
    most = hit_maxima(p)
    x = float(MARGIN + 12)
    colw = (W - 2 * MARGIN - 24) / len(HIT_LOCATIONS)
    for loc in HIT_LOCATIONS:
        value, top = p.ship.points.get(loc, 0), most.get(loc, 0)
        hurt = value < top
        label = f"{loc.title()} {value}/{top}"
        draw_text(d, (x, y - 12), label, 20, bold=True, fill=DAMAGE if value == 0 else (WHITE if not hurt else GOLD),
                  anchor="lm")
        size = min(22, int((colw - 12) / max(1, top)) - 5)
        px = x
        for i in range(max(top, value)):
            lit = i < value
            d.ellipse((px, y + 4, px + size, y + 4 + size), fill=(120, 220, 120) if lit else PANEL,
                      outline=WHITE if lit else DAMAGE, width=2)
            px += size + 5
        x += colw


def _glory(d: ImageDraw.ImageDraw, view: MerchantsView, p: PlayerView, y: float) -> None:
    x0 = float(MARGIN + 12)
    draw_text(d, (x0, y), "Glory", 21, bold=True, fill=WHITE, anchor="lm")
    cell = 34
    x = x0 + 70
    for n in range(GLORY_TO_WIN + 1):
        lit = n == min(p.glory, GLORY_TO_WIN)
        rounded_box(d, (x, y - 15, x + cell - 3, y + 15), 5, GOLD if lit else PANEL, WHITE if lit else PANEL_EDGE,
                    3 if lit else 1)
        draw_text(d, (x + (cell - 3) / 2, y), str(n), 17, bold=True, fill=INK if lit else MUTED, anchor="mm")
        x += cell
    x += 12
    items = [("glory cards", str(p.glory_card_count)), ("gold aboard", str(p.ship.gold if p.ship else 0)),
             ("rumour", "yes" if p.has_rumour else "no")]
    if p.deaths:
        items.append(("deaths", str(p.deaths)))
    if p.stash is not None and view.final is not None:
        items.append(("stash", str(p.stash)))      # every stash is open once the game is over
    for label, value in items:
        x += counter(d, (x, y), label, value, 20)


def _goods(d: ImageDraw.ImageDraw, p: PlayerView, y: float) -> None:
    x = float(MARGIN + 12)
    draw_text(d, (x, y), "Cargo", 20, bold=True, fill=WHITE, anchor="lm")
    x += 72
    cargo = p.ship.cargo if p.ship else []
    if not cargo:
        draw_text(d, (x, y), "empty hold", 19, fill=MUTED, anchor="lm")
        x += text_width("empty hold", 19) + 16
    for card in cargo:
        good = good_of(card)
        rgb = GOOD_RGB.get(good, (200, 200, 200))
        w = text_width(good_name(good), 18, True) + 16
        rounded_box(d, (x, y - 15, x + w, y + 15), 5, rgb, WHITE, 2)
        draw_text(d, (x + w / 2, y), good_name(good), 18, bold=True, fill=ink_on(rgb), anchor="mm")
        x += w + 6


def _aboard(d: ImageDraw.ImageDraw, p: PlayerView, y: float) -> None:
    """Special weapons, modifications, specialists (glory cards played aboard) and a passenger."""
    x = float(MARGIN + 12)
    draw_text(d, (x, y), "Aboard", 20, bold=True, fill=WHITE, anchor="lm")
    x += 90
    ship = p.ship
    extras = [f"⚔ {weapon_name(w)}" for w in (ship.weapons if ship else [])]
    extras += [f"⚙ {modification_name(m)}" for m in (ship.modifications if ship else [])]
    extras += [f"☺ {specialist_name(c)}" for c in p.specialists]
    if p.passenger:
        extras.append(f"passenger ({p.passenger} hold)")
    if not extras:
        draw_text(d, (x, y), "no weapons, modifications or specialists", 19, fill=MUTED, anchor="lm")
    for i, text in enumerate(extras):
        w = text_width(text, 18, True) + 16
        if x + w > W - MARGIN - 12 - (60 if i < len(extras) - 1 else 0):
            draw_text(d, (x, y), f"+{len(extras) - i} more", 18, bold=True, fill=MUTED, anchor="lm")
            break
        rounded_box(d, (x, y - 15, x + w, y + 15), 5, (60, 90, 130), WHITE, 1)
        draw_text(d, (x + w / 2, y), text, 18, bold=True, fill=WHITE, anchor="mm")
        x += w + 6


def _bounties(d: ImageDraw.ImageDraw, view: MerchantsView, p: PlayerView, y: float) -> None:
    x = float(MARGIN + 12)
    draw_text(d, (x, y), "Bounties", 20, bold=True, fill=WHITE, anchor="lm")
    x += 112
    held = [(n, k) for n, k in sorted(p.bounties.items()) if k]
    if not held:
        draw_text(d, (x, y), "none (not a pirate)", 19, fill=MUTED, anchor="lm")
        x += text_width("none (not a pirate)", 19) + 20
    for nation, k in held:
        x += flag(d, (x, y), nation, f" ×{k}", 17)
    x += 20
    claimed = [s.mission for s in view.board if s.holder == p.seat and s.mission]
    for mid in claimed:
        m = mission_def(mid)
        text = f"Mission: {m.name}" if m is not None else f"Mission {mid}"
        if m is not None and m.target is not None:
            text += f" (to {zone_name(m.target)})"
        draw_text(d, (x, y), text, fit_size(text, 19, W - MARGIN - 12 - x, True), bold=True, fill=GOLD, anchor="lm")
        x += text_width(text, 19, True) + 16


def draw_card(d: ImageDraw.ImageDraw, view: MerchantsView, p: PlayerView, top: int, players: Players) -> int:
    h = card_height()
    lit = _waited(view, p.seat)
    rounded_box(d, (MARGIN, top + 4, W - MARGIN, top + h - 4), 12, PANEL, WHITE if lit else PANEL_EDGE,
                4 if lit else 2)
    y = top + PAD
    _head(d, view, p, y + HEAD_H / 2, players)
    y += HEAD_H
    _skills(d, p, y + ROW_H / 2)
    y += ROW_H
    _hits(d, p, y + ROW_H / 2 + 2)
    y += ROW_H + HITS_EXTRA
    _glory(d, view, p, y + ROW_H / 2)
    y += ROW_H
    _goods(d, p, y + ROW_H / 2)
    y += ROW_H
    _aboard(d, p, y + ROW_H / 2)
    y += ROW_H
    _bounties(d, view, p, y + ROW_H / 2)
    return h
