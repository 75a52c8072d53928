"""Which decisions a seat may take now: the open prompt's options, or the main-phase options."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from typing import Any, TypeVar, cast

from engine.pirate_chest.actions import (
    Action,
    Attack,
    ChooseCaptain,
    ChooseHome,
    Commit,
    Curse,
    Die,
    Discard,
    Doll,
    End,
    Engage,
    Escape,
    GirlPower,
    Keep,
    KeepDoll,
    Kraken,
    MutinyTo,
    NeverLand,
    Pass,
    Play,
    Privateer,
    Ready,
    Roll,
    Sail,
    Stand,
    TakeCoin,
    Target,
    ToSpace,
    Uncommit,
)
from engine.pirate_chest.rules.cards import card_options
from engine.pirate_chest.rules.common import has_ability
from engine.pirate_chest.rules.fight import engage_modes, escape_cards, fight_cards
from engine.pirate_chest.rules.move import can_move, mutiny_islands, never_land_ports, sail_choices
from engine.pirate_chest.rules.setup import free_captains
from engine.pirate_chest.state import Prompt, State

A = TypeVar("A", bound=Action)


@cache
def _action_cached(cls: type[Any], **fields: Any) -> Any:
    return cls(**fields)


def _action(cls: type[A], **fields: Any) -> A:
    """Actions are frozen values, so each distinct one is built (and validated) once and shared:
    listing legal actions builds a dozen every decision. The memo only holds actions this game
    can offer (cards, seats, spaces, die faces), so it stays small."""
    result: A = _action_cached(cast(Hashable, cls), **fields)
    return result


def unique(cards: list[str]) -> list[str]:
    return sorted(set(cards))


def _fight_card_actions(s: State, seat: int, p: Prompt) -> list[Action]:
    assert s.fight is not None
    committed = s.fight.committed.get(seat, [])
    return [*(_action(Commit, card=c) for c in unique(fight_cards(s, seat))),
            *(_action(Uncommit, card=c) for c in unique(committed)), _action(Ready)]


PROMPT_ACTIONS: dict[str, Callable[[State, int, Prompt], list[Action]]] = {
    "captain": lambda s, seat, p: [_action(ChooseCaptain, captain=c) for c in free_captains(s)],
    "home": lambda s, seat, p: [_action(ChooseHome, port=n) for n in p.options],
    "keep": lambda s, seat, p: [_action(Keep, card=c) for c in unique(p.cards)],
    "sail": lambda s, seat, p: [_action(Sail, distance=d, direction=dr) for d, dr in sail_choices(s, p)],
    "die": lambda s, seat, p: [_action(Die, value=v) for v in p.options],
    "target": lambda s, seat, p: [_action(Target, seat=o) for o in p.options],
    "space": lambda s, seat, p: [_action(ToSpace, space=n) for n in p.options],
    "attack": lambda s, seat, p: [_action(Attack, seat=o) for o in p.options],
    "engage": lambda s, seat, p: [_action(Engage, mode=m) for m in engage_modes(s, seat, p.target)],
    "escape": lambda s, seat, p: [*(_action(Play, card=c) for c in unique(escape_cards(s, seat))), _action(Escape), _action(Stand)],
    "fight-cards": _fight_card_actions,
    "girl-power": lambda s, seat, p: [*(_action(GirlPower, card=c) for c in unique(s.players[seat].hand)), _action(Pass)],
    "take-coin": lambda s, seat, p: [_action(TakeCoin, coin=c) for c in unique(s.players[p.target].coins)],
    "discard": lambda s, seat, p: [_action(Discard, card=c) for c in unique(s.players[seat].hand)],
    "doll": lambda s, seat, p: [*(_action(Doll, seat=o) for o in p.options), _action(KeepDoll)],
}


def main_actions(s: State, seat: int) -> list[Action]:
    """Your turn, nothing pending: move, use an ability, play a card, or end the turn."""
    actions: list[Action] = []
    if can_move(s, seat):
        actions.append(_action(Roll))
        if has_ability(s, seat, "privateer"):
            actions.append(_action(Privateer))
        if has_ability(s, seat, "never-land"):
            actions += [_action(NeverLand, port=n) for n in never_land_ports(s, seat)]
        if has_ability(s, seat, "mutiny"):
            actions += [_action(MutinyTo, island=n) for n in mutiny_islands(s, seat)]
    if has_ability(s, seat, "kraken") and not s.turn.kraken_used:
        actions.append(_action(Kraken))
    if has_ability(s, seat, "curses") and not s.turn.curse_used:
        actions.append(_action(Curse))
    actions += [_action(Play, card=c) for c in unique(s.players[seat].hand) if card_options(s, seat, c) != []]
    if s.turn.base_move_done or s.turn.frozen:
        actions.append(_action(End))
    return actions


def legal_actions(s: State, seat: int) -> list[Action]:
    if s.winner is not None or s.turn.phase == "done":
        return []
    if s.stack:
        top = s.stack[-1]
        return PROMPT_ACTIONS[top.kind](s, seat, top) if seat in top.seats else []
    if s.turn.phase == "main" and seat == s.turn.seat:
        return main_actions(s, seat)
    return []
