"""Which decisions a seat may take now: the open prompt's (prompts.py), or the main-phase options."""
from __future__ import annotations

from engine.pirate_chest.actions import Action, Curse, End, Kraken, MutinyTo, NeverLand, Play, Privateer, Roll, action
from engine.pirate_chest.prompts import unique
from engine.pirate_chest.rules.cards import card_options
from engine.pirate_chest.rules.common import has_ability
from engine.pirate_chest.rules.move import can_move, mutiny_islands, never_land_ports
from engine.pirate_chest.state import State


def main_actions(s: State, seat: int) -> list[Action]:
    """Your turn, nothing pending: move, use an ability, play a card, or end the turn."""
    actions: list[Action] = []
    if can_move(s, seat):
        actions.append(action(Roll))
        if has_ability(s, seat, "privateer"):
            actions.append(action(Privateer))
        if has_ability(s, seat, "never-land"):
            actions += [action(NeverLand, port=n) for n in never_land_ports(s, seat)]
        if has_ability(s, seat, "mutiny"):
            actions += [action(MutinyTo, island=n) for n in mutiny_islands(s, seat)]
    if has_ability(s, seat, "kraken") and not s.turn.kraken_used:
        actions.append(action(Kraken))
    if has_ability(s, seat, "curses") and not s.turn.curse_used:
        actions.append(action(Curse))
    actions += [action(Play, card=c) for c in unique(s.players[seat].hand) if card_options(s, seat, c) != []]
    if s.turn.base_move_done or s.turn.frozen:
        actions.append(action(End))
    return actions


def legal_actions(s: State, seat: int) -> list[Action]:
    if s.winner is not None or s.turn.phase == "done":
        return []
    if s.stack:
        top = s.stack[-1]
        return top.legal(s, seat) if seat in top.seats else []
    if s.turn.phase == "main" and seat == s.turn.seat:
        return main_actions(s, seat)
    return []
