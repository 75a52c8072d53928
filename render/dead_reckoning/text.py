"""Dead Reckoning in words, for messages: the public status lines under a board post and the
viewer's private hand and holdings. Like the images, these read only the View."""
from __future__ import annotations

from collections.abc import Mapping

from engine.dead_reckoning.rules.common import kind_of
from engine.dead_reckoning.rules.leveling import next_face
from engine.dead_reckoning.view import DeadReckoningView, PlayerView
from render.dead_reckoning.board import header_line
from render.dead_reckoning.ships import card_label
from render.dead_reckoning.style import card_name, colour_word, owner_seat, place_name, seat_name, token_text
from render.dead_reckoning.words import face_lines


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _where(view: DeadReckoningView, p: PlayerView) -> str:
    at = p.ship.at
    return place_name(at, view.grid[at].board if at in view.grid else None)


def public_text(view: DeadReckoningView, players: Mapping[int, str] | None = None) -> str:
    """Who is waited on, then one line per seat in turn order."""
    if view.final is not None:
        totals = {seat: sum(c.values()) for seat, c in view.final.items()}
        head = "**Game over** · " + ", ".join(f"{seat_name(s)} {t} coins" for s, t in
                                              sorted(totals.items(), key=lambda kv: -kv[1]))
    elif view.waiting is not None:
        waited = " and ".join(seat_name(s) for s in view.waiting.waiting_on)
        head = f"**{header_line(view)}** · waiting on {waited} to {view.waiting.prompt}"
    else:
        head = f"**{header_line(view)}**"
    lines = [head]
    for seat in view.order:
        p = view.players[seat]
        mark = "▶ " if seat == view.turn.seat and view.final is None else ""
        named = f" ({players[seat]}, {colour_word(seat)})" if players and seat in players else f" ({colour_word(seat)})"
        mode = "Pirate" if p.ship.mode == "pirate" else "Mercantile"
        lines.append(f"{mark}{seat_name(seat)}{named}: {mode} at {_where(view, p)} · damage {p.ship.damage} · "
                     f"Dock {p.dock} cargo · {p.hand_size} cards · {_n(p.record.markers(), 'achievement')}")
    if view.battle is not None:
        b = view.battle
        sides = {k: seat_name(s) if (s := owner_seat(k)) is not None else ("Merchant" if b.kind == "merchant" else
                                                                          "Buildings") for k in b.cubes}
        cubes = ", ".join(f"{sides[k]} {n}" for k, n in b.cubes.items()) or "none yet"
        lines.append(f"**Battle** at {b.at}: {seat_name(b.attacker)} attacks · step: {b.step} · cubes set: {cubes}")
    if view.log_tail:
        lines.append(f"Last: {view.log_tail[-1]}")
    return "\n".join(lines)


def _previews(p: PlayerView) -> list[str]:
    """What each card in hand would show one level up (the corner preview of the printed card);
    a card at level 4 has none."""
    out = []
    for c in p.hand or []:
        face = next_face(kind_of(c.card), c.level)
        if face is not None:
            shows = " · ".join(face_lines(face)) or "no icon or ability"
            out.append(f"  ↳ {card_name(c.card)} at level {c.level + 1}: {shows}")
    return out


def private_text(view: DeadReckoningView) -> str:
    """The viewer's hand, chest and private choices (DMs and ephemeral panels only)."""
    if view.viewer is None:
        return ""
    p = view.players[view.viewer]
    cards = "\n".join(f"• **{card_label(c)}**" for c in (p.hand or [])) or "• (no cards)"
    extra = [f"**Treasure chest:** {p.chest} coins (private)"]
    if p.aside:
        extra.append("**Set aside:** " + ", ".join(card_name(a) for a in p.aside))
    if p.level_open:
        extra.append("**Level-up open:** raise one card before your next turn")
        extra += _previews(p)
    if p.token is not None:
        extra.append(f"**Bonus token kept:** {token_text(p.token)}")
    elif p.tokens_dealt:
        extra.append("**Bonus tokens dealt:** " + " | ".join(token_text(t) for t in p.tokens_dealt))
    return f"**Your hand** ({len(p.hand or [])}):\n{cards}\n" + "\n".join(extra)
