"""Words about a game for messages: who sits where, who the game waits on, a seat's hand."""
from __future__ import annotations

from typing import Any

from engine.core import get_game
from store import GameRecord
from table.seen import seen_by


def seat_label(record: GameRecord, seat: int, *, mention: bool = False) -> str:
    s = record.seats[seat]
    if s.user_id is not None and mention:
        return f"<@{s.user_id}>"
    return s.display_name


def seat_list(record: GameRecord) -> str:
    return "\n".join(f"{s.seat + 1}. {seat_label(record, s.seat, mention=True)}" for s in record.seats) or "(nobody yet)"


def waiting_text(record: GameRecord, state: Any, *, mention: bool = False) -> str:
    game = get_game(record.game_type)
    pending = game.pending(state)
    if pending is None:
        return "The game is over."
    who = ", ".join(f"{seat_label(record, w, mention=mention)} ({game.seat_name(state, w)})" for w in pending.waiting_on)
    return f"Waiting on {who} to {pending.prompt}."


def private_text(record: GameRecord, state: Any, seat: int) -> str:
    """The seat's own hand and holdings: for DMs and ephemeral replies only."""
    return seen_by(record.game_type, state, seat).private


def players_of(record: GameRecord) -> dict[int, str]:
    """Who plays each seat, by name (public: the lobby lists them)."""
    return {s.seat: s.display_name for s in record.seats}


def public_text(record: GameRecord, state: Any) -> str:
    return seen_by(record.game_type, state, None, players=players_of(record)).public
