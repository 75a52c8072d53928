"""Merchants & Marauders in words, for messages: the public status lines under a board post and
the viewer's private holdings. Like the images, these read only the View."""
from __future__ import annotations

from collections.abc import Mapping

from engine.merchants_marauders.view import MerchantsView
from render.merchants_marauders.board import header_line
from render.merchants_marauders.panels import side_name
from render.merchants_marauders.style import captain_name, seat_name, ship_name, where
from render.merchants_marauders.words import contraband_lines, glory_text, mission_lines, rumour_text

__all__ = ["private_text", "public_text"]


def _named(seat: int, players: Mapping[int, str] | None) -> str:
    return f"{seat_name(seat)} ({players[seat]})" if players and seat in players else seat_name(seat)


def public_text(view: MerchantsView, players: Mapping[int, str] | None = None) -> str:
    """Who is waited on, then one line per captain in turn order."""
    if view.final is not None:
        totals = {s: c.get("glory", 0) + c.get("stash_glory", 0) for s, c in view.final.items()}
        head = "**Game over** · " + ", ".join(f"{_named(s, players)} {t} glory" for s, t in
                                              sorted(totals.items(), key=lambda kv: -kv[1]))
    elif view.waiting is not None:
        waited = " and ".join(_named(s, players) for s in view.waiting.waiting_on)
        head = f"**{header_line(view)}** · waiting on {waited} to {view.waiting.prompt}"
    else:
        head = f"**{header_line(view)}**"
    lines = [head]
    for seat in view.order:
        p = view.players[seat]
        mark = "▶ " if view.waiting is not None and seat in view.waiting.waiting_on else ""
        at = "choosing a ship" if p.ship is None or p.zone is None else \
            f"{ship_name(p.ship.type)} {where(p.zone, p.in_port)}"
        bounties = sum(p.bounties.values())
        lines.append(f"{mark}{_named(seat, players)}, {captain_name(p.captain)}: {at} · glory {p.glory} · "
                     f"gold aboard {p.ship.gold if p.ship else 0} · {p.glory_card_count} glory cards"
                     + (f" · {bounties} bounties (pirate)" if bounties else ""))
    if view.fight is not None:
        f = view.fight
        sides = " attacks ".join(side_name(view, f.sides[r], players or {}) for r in ("aggressor", "defender")
                                 if r in f.sides)
        lines.append(f"**Fight**: {sides} · combat round {f.round_no} · {f.step}")
    if view.log_tail:
        lines.append(f"Last: {view.log_tail[-1]}")
    return "\n".join(lines)


def private_text(view: MerchantsView) -> str:
    """The viewer's stash, glory cards, rumour, missions and contraband (DMs and ephemeral panels)."""
    if view.viewer is None:
        return ""
    p = view.players[view.viewer]
    out = [f"**Stash:** {p.stash if p.stash is not None else '?'} gold (private)"]
    cards = [glory_text(c) for c in (p.glory_cards or [])]
    out.append(f"**Glory cards** ({len(cards)}):" + "".join(f"\n• **{n}**: {t}" for n, t in cards)
               if cards else "**Glory cards:** none")
    if p.rumour:
        name, text = rumour_text(p.rumour)
        out.append(f"**Rumour:** {name}: {text}")
    out += [f"**Mission:** {m}" for m in mission_lines(view, p)]
    out += [f"**Contraband:** {c}" for c in contraband_lines(p)]
    return "\n".join(out)
