"""Words about a game for messages: who sits where, who the game waits on, a seat's hand."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cogs.mentions import shown
from engine.core import ActionText, get_game
from engine.core.types import ChoiceStyle
from store import GameRecord
from table.seen import seen_by


def seat_label(record: GameRecord, seat: int, *, mention: bool = False) -> str:
    s = record.seats[seat]
    if s.user_id is not None and mention:
        return f"<@{s.user_id}>"
    return shown(s.display_name)


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
    """Who plays each seat, by name as typed (public: the lobby lists them); for images."""
    return {s.seat: s.display_name for s in record.seats}


def public_text(record: GameRecord, state: Any) -> str:
    players = {seat: shown(name) for seat, name in players_of(record).items()}
    return seen_by(record.game_type, state, None, players=players).public


@dataclass(frozen=True)
class Choice:
    """One legal decision as a seat sees it on a panel or in /play's list."""
    index: int            # its place in the seat's legal list (what a click carries)
    notation: str         # what /play takes typed
    label: str
    description: str
    style: ChoiceStyle


def label_text(record: GameRecord, state: Any, text: ActionText) -> str:
    """The label with the seats it names filled in as "Captain (player)", names as typed: a
    label shows on buttons, menus and autocomplete, which read no markdown or mentions (a
    message showing one escapes it, cogs.panel.done_line)."""
    game = get_game(record.game_type)
    names = [f"{game.seat_name(state, s)} ({record.seats[s].display_name})" for s in text.seats]
    return text.label.format(*names) if names else text.label


def choices_for(record: GameRecord, state: Any, seat: int) -> list[Choice]:
    """The seat's legal decisions in plain words, in the order to show them: the ones that end
    the turn last."""
    game = get_game(record.game_type)
    found = []
    for i, a in enumerate(game.legal_actions(state, seat)):
        text = game.describe(state, seat, a)
        found.append(Choice(i, game.notate(state, a), label_text(record, state, text), text.description, text.style))
    return sorted(found, key=lambda c: (c.style == "end", c.index))
