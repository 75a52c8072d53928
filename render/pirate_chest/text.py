"""Pirate Chest in words, for messages: a seat's private summary and the public status line.
Like the images, these read only the View (nothing hidden reaches a public text)."""
from __future__ import annotations

from collections.abc import Mapping

from engine.pirate_chest.view import PirateChestView


def _coins(view: PirateChestView, coins: list[str]) -> str:
    return ", ".join(view.coin_names.get(c, c) for c in coins) or "no coins"


def private_text(view: PirateChestView) -> str:
    """The viewer's hand and coins (DMs and ephemeral panels only)."""
    if view.viewer is None or view.hand is None:
        return ""
    ship = view.ships[view.viewer]
    cards = "\n".join(f"• **{c.name}** — {c.text}" for c in view.hand) or "• (no cards)"
    return f"**Your hand** ({len(view.hand)}):\n{cards}\n**Your coins:** {_coins(view, ship.coins)}"


def public_text(view: PirateChestView, players: Mapping[int, str] | None = None) -> str:
    """One line per ship: where it is, coins, hand size, effects; plus the turn."""
    names = {s.number: s.name for s in view.spaces}
    lines = [f"**Turn {view.turn_number}**" + (f" · deck {view.deck_size}" if view.turn_number else "")]
    for ship in view.ships:
        where = names.get(ship.position, f"open sea {ship.position}") if ship.position else "—"
        marks = f" · {', '.join(ship.effects)}" if ship.effects else ""
        active = "▶ " if view.active_seat == ship.seat else ""
        cards = f"{ship.hand_size} card" + ("" if ship.hand_size == 1 else "s")
        player = f" ({players[ship.seat]})" if players and ship.seat in players else ""
        lines.append(f"{active}{ship.captain_name}{player}: {where} · {_coins(view, ship.coins)} · {cards}{marks}")
    return "\n".join(lines)
