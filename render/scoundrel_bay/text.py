"""Scoundrel Bay in words, for messages: a seat's private hand and holdings, and the public status
lines under a board post. Like the images, these read only the View."""
from __future__ import annotations

from collections.abc import Mapping

from engine.scoundrel_bay.labels import card_name, card_text
from engine.scoundrel_bay.view import PlayerView, ScoundrelBayView
from render.scoundrel_bay.style import crate_label, region_name, seat_name


def _holdings(p: PlayerView) -> str:
    tools = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in p.tools.items())
    res = ", ".join(f"{k} {v}" for k, v in p.resources.items())
    captain = "dead" if p.captain_dead else (f"at {region_name(p.captain_at)}"
                                             if p.captain_at and p.crew_space.captain == "away" else p.crew_space.captain)
    crates = " ".join(crate_label(c) for c in p.undelivered) or "none"
    return (f"**Tracks:** {tools}, ship damage {p.ship_damage}\n"
            f"**Holdings:** {p.doubloons} doubloons" + (f" (debt {p.debt})" if p.debt else "") +
            f", {res}, {p.unlocks} unlock tile{'' if p.unlocks == 1 else 's'}\n"
            f"**Crew:** captain {captain}, {p.crew_space.active} active, {p.crew_space.sick} sick, "
            f"{p.citizens} citizens · last action: {p.last_action or 'none'}\n"
            f"**Treasures** {len(p.treasures)} · **crates** {crates} (delivered {p.delivered}) · "
            f"**monsters** {len(p.monsters)}")


def private_text(view: ScoundrelBayView) -> str:
    """The viewer's hand and holdings (DMs and ephemeral panels only)."""
    if view.viewer is None:
        return ""
    p = view.players[view.viewer]
    cards = "\n".join(f"• **{card_name(c)}** — {card_text(c)}" for c in (p.hand or [])) or "• (no cards)"
    extra = ""
    if view.stage is not None and view.stage.bids is not None and view.stage.bids.mine is not None:
        extra = f"\n**Your sealed bid:** {view.stage.bids.mine} doubloons"
    return f"**Your hand** ({len(p.hand or [])}):\n{cards}\n{_holdings(p)}{extra}"


def public_text(view: ScoundrelBayView, players: Mapping[int, str] | None = None) -> str:
    """Who is waited on, then one line per seat in turn order."""
    if view.final is not None:
        totals = {seat: sum(c.values()) for seat, c in view.final.items()}
        head = "**Game over** · " + ", ".join(f"{seat_name(s)} {t} gold" for s, t in
                                              sorted(totals.items(), key=lambda kv: -kv[1]))
    elif view.pending is not None:
        who = " and ".join(seat_name(s) for s in view.pending.waiting_on)
        head = f"**Stage {view.stages_done + 1}** · waiting on {who} to {view.pending.prompt}"
    else:
        head = f"**Stage {view.stages_done + 1}**"
    lines = [head]
    for seat in view.order:
        p = view.players[seat]
        mark = "▶ " if seat == view.turn_seat and view.final is None else ""
        who = f" ({players[seat]})" if players and seat in players else ""
        lines.append(f"{mark}{seat_name(seat)}{who}: ship on {p.ship} · {p.doubloons} doubloons · "
                     f"reputation {p.reputation} · {p.hand_size} cards")
    if view.log:
        lines.append(f"Last: {view.log[-1]}")
    return "\n".join(lines)
