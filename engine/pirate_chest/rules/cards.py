"""THE DECK: playing a card on your own turn. Each card's `effect` (data/pirate_chest/cards.toml)
names one function pair here: who or where it may target, and what it does."""
from __future__ import annotations

from collections.abc import Callable

from engine.core.pieces import face_down
from engine.pirate_chest.defs import CardDef
from engine.pirate_chest.prompts import CardTargetPrompt, DiscardPrompt, SpacePrompt
from engine.pirate_chest.rules.board import adjacent, distance, in_zone, islands, kind, space_name
from engine.pirate_chest.rules.coins import reveal_and_take
from engine.pirate_chest.rules.common import (
    Events,
    at_home,
    card,
    card_names,
    discard_from_hand,
    has_ability,
    name,
    opponents,
    random_cards,
    say,
    tell,
)
from engine.pirate_chest.rules.curses import roll_curse
from engine.pirate_chest.rules.drawing import draw
from engine.pirate_chest.rules.fight import choose_coin_to_take, engage, steal_random_card
from engine.pirate_chest.rules.move import can_move, jump, push_rolled_sail, use_move
from engine.pirate_chest.rules.sinking import sink
from engine.pirate_chest.rules.turn import next_to_go
from engine.pirate_chest.state import State

Options = list[int] | None   # None: no choice needed; []: cannot be played now
SPACE_EFFECTS = {"landing-party"}
SPACE_DESTINATIONS = {"island", "empty-open-sea"}


def immune(s: State, target: int, c: CardDef) -> bool:
    """The Flying Dutchman shrugs off storms; the Nautilus shrugs off wind and storms."""
    return ("storm" in c.tags and (has_ability(s, target, "kraken") or has_ability(s, target, "ram"))) or \
           ("wind" in c.tags and has_ability(s, target, "ram"))


def _enemies(s: State, seat: int, c: CardDef, zone: str = "any") -> list[int]:
    return [o for o in opponents(s, seat) if in_zone(s, s.players[o].position, zone) and not immune(s, o, c)]


def _near(s: State, seat: int, seats: list[int]) -> list[int]:
    here = s.players[seat].position
    return [o for o in seats if adjacent(s, here, s.players[o].position)]


def _sinkable(s: State, seat: int, c: CardDef) -> list[int]:
    return [o for o in _enemies(s, seat, c, c.zone) if not at_home(s, o)]


def _if(ok: bool) -> Options:
    return None if ok else []


def _sink_options(s: State, seat: int, c: CardDef) -> Options:
    victims = _sinkable(s, seat, c)
    if c.target == "random":
        return _if(bool(victims))
    if c.target == "adjacent":
        return _near(s, seat, victims)
    if c.target == "farthest":   # ties: the player chooses among the farthest
        here = s.players[seat].position
        far = max((distance(s, here, s.players[o].position) for o in victims), default=-1)
        return [o for o in victims if distance(s, here, s.players[o].position) == far]
    return victims


def _no_move_options(s: State, seat: int, c: CardDef) -> Options:
    if c.target == "adjacent-all":
        return _if(bool(_near(s, seat, _enemies(s, seat, c, c.zone))))
    return _enemies(s, seat, c, c.zone)


def _go_to_options(s: State, seat: int, c: CardDef) -> Options:
    if not can_move(s, seat):
        return []
    here = s.players[seat].position
    if c.where == "enemy":
        return opponents(s, seat)
    if c.where == "island":
        return [i for i in islands(s) if i != here]
    occupied = {p.position for p in s.players}
    return [n for n in range(1, s.board_size + 1) if kind(s, n) == "open-sea" and n not in occupied]


def _with_cards(s: State, seats: list[int]) -> list[int]:
    return [o for o in seats if s.players[o].hand]


OPTIONS: dict[str, Callable[[State, int, CardDef], Options]] = {
    "no-move": _no_move_options,
    "extra-moves": lambda s, seat, c: _if(not s.turn.frozen),
    "go-home": lambda s, seat, c: _if(can_move(s, seat) and not at_home(s, seat)),
    "curse": lambda s, seat, c: opponents(s, seat),
    "sink": _sink_options,
    "rolled-move": lambda s, seat, c: _if(not s.turn.frozen),
    "draw": lambda s, seat, c: _if(can_move(s, seat) or not c.as_move),
    "go-to": _go_to_options,
    "escape-bonus": lambda s, seat, c: [],
    "move-penalty": lambda s, seat, c: opponents(s, seat),
    "peek-deck": lambda s, seat, c: None,
    "peek-hand": lambda s, seat, c: opponents(s, seat),
    "steal-coin": lambda s, seat, c: [o for o in _near(s, seat, opponents(s, seat)) if s.players[o].coins],
    "landing-party": lambda s, seat, c: [i for i in islands(s) if face_down(s.islands.get(i, []))
                                         and adjacent(s, s.players[seat].position, i)],
    "forced-boarding": lambda s, seat, c: [o for o in _enemies(s, seat, c, c.zone) if not at_home(s, o)],
    "discard-random": lambda s, seat, c: _with_cards(s, opponents(s, seat)),
    "discard-chosen": lambda s, seat, c: _with_cards(s, opponents(s, seat)),
    "shipwreck": lambda s, seat, c: None,
    "miss-turn": lambda s, seat, c: opponents(s, seat),
    "roll-bonus": lambda s, seat, c: _if(can_move(s, seat)),
    "steal-card": lambda s, seat, c: _with_cards(s, _near(s, seat, opponents(s, seat))),
    "lost": lambda s, seat, c: opponents(s, seat) if can_move(s, seat) else [],
    "fight": lambda s, seat, c: [],
}


def card_options(s: State, seat: int, card_id: str) -> Options:
    c = card(card_id)
    return OPTIONS[c.effect](s, seat, c)


def chooses_space(card_id: str) -> bool:
    c = card(card_id)
    return c.effect in SPACE_EFFECTS or (c.effect == "go-to" and c.where in SPACE_DESTINATIONS)


def play_card(s: State, seat: int, card_id: str, ev: Events) -> None:
    """Play a card from your hand on your turn; a single possible target is chosen for you."""
    options = card_options(s, seat, card_id)
    discard_from_hand(s, seat, [card_id])
    say(ev, f"{name(s, seat)} plays {card(card_id).name}.")
    if options is None or len(options) == 1:
        resolve_card(s, seat, card_id, options[0] if options else None, ev)
    elif chooses_space(card_id):
        s.stack.append(SpacePrompt(seats=[seat], card=card_id, spaces=options))
    else:
        s.stack.append(CardTargetPrompt(seats=[seat], card=card_id, targets=options))


def resolve_card(s: State, seat: int, card_id: str, choice: int | None, ev: Events) -> None:
    c = card(card_id)
    if choice is not None and not chooses_space(card_id):
        say(ev, f"{c.name} targets {name(s, choice)}.")
    RESOLVE[c.effect](s, seat, c, choice, ev)


# ---- effects -------------------------------------------------------------------------------

def _no_move(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    """Our reading: 'cannot move this turn' cards, played on your turn, stop the target's next turn."""
    victims = _near(s, seat, _enemies(s, seat, c, c.zone)) if target is None else [target]
    for v in victims:
        s.players[v].frozen_next_turn = True
        say(ev, f"{name(s, v)} cannot move on the next turn.")


def _extra_moves(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    s.turn.moves_left += c.n
    say(ev, f"{name(s, seat)} gains {c.n} extra move{'s' if c.n > 1 else ''}.")


def _go_home(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    jump(s, seat, s.players[seat].home, ev, "sails home")


def _curse(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    assert target is not None
    roll_curse(s, seat, target, ev)


def _sink(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    if target is None:   # Hurricane: a random enemy among those it can sink
        target = s.rng.choice(_sinkable(s, seat, c))
    sink(s, target, ev, by=seat)


def _rolled_move(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    """Westerlies: an extra move of one die, taken at once (move-roll modifiers apply)."""
    push_rolled_sail(s, seat, seat, ev, c.id, s.turn.move_penalty)


def _draw(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    if c.as_move:
        use_move(s)
    draw(s, seat, c.n, ev)


def _go_to(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    assert target is not None
    dest = s.players[target].position if c.where == "enemy" else target
    jump(s, seat, dest, ev, f"uses {c.name} to sail")


def _move_penalty(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    assert target is not None
    s.players[target].move_penalty_next_turn += c.n
    say(ev, f"{name(s, target)} takes -{c.n} on move rolls next turn.")


def _peek_deck(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    top = s.deck.peek(c.n)
    tell(ev, {seat}, f"The next {len(top)} cards, top first: {card_names(top)}.")


def _peek_hand(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    assert target is not None
    tell(ev, {seat}, f"{name(s, target)}'s hand: {card_names(s.players[target].hand)}.")
    draw(s, seat, 1, ev)


def _steal_coin(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    assert target is not None
    choose_coin_to_take(s, seat, target, ev)


def _landing_party(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    """Landing Party: only a hidden coin on an island near you; a coin lying face up stays."""
    assert target is not None
    say(ev, f"{name(s, seat)}'s landing party goes ashore at {space_name(s, target)}.")
    reveal_and_take(s, seat, target, ev, hidden_only=True)


def _forced_boarding(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    """Our reading: the player of the card attacks the target in a boarding fight, wherever
    they are; nobody landed, so there is no escape roll."""
    assert target is not None
    engage(s, seat, target, "boarding", ev, landed=False)


def _discard_random(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    assert target is not None
    lost = random_cards(s, target, c.n)
    discard_from_hand(s, target, lost)
    say(ev, f"{name(s, target)} discards {card_names(lost)}.")


def _discard_chosen(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    """Treachery: the victim chooses which cards to discard (our reading)."""
    assert target is not None
    n = min(c.n, len(s.players[target].hand))
    s.stack.append(DiscardPrompt(seats=[target], count=n, card=c.id))


def _shipwreck(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    victim = next_to_go(s)
    if victim is None or victim == seat:
        say(ev, "Nobody else is due to sail next.")
        return
    say(ev, f"Shipwrecked strikes {name(s, victim)}, next to sail.")
    if not immune(s, victim, c):
        sink(s, victim, ev, by=seat)


def _miss_turn(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    assert target is not None
    s.players[target].skip_turns += 1
    say(ev, f"{name(s, target)} will miss the next turn.")


def _roll_bonus(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    s.turn.roll_bonus += c.n


def _steal_card(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    assert target is not None
    steal_random_card(s, seat, target, ev)


def _lost(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    """Lost: as your move, roll and push an enemy ship that many spaces, either way."""
    assert target is not None
    use_move(s)
    push_rolled_sail(s, seat, target, ev, c.id)


def _not_in_main(s: State, seat: int, c: CardDef, target: int | None, ev: Events) -> None:
    raise AssertionError(f"{c.id} is only played in a fight or an escape")


RESOLVE: dict[str, Callable[[State, int, CardDef, int | None, Events], None]] = {
    "no-move": _no_move, "extra-moves": _extra_moves, "go-home": _go_home, "curse": _curse,
    "sink": _sink, "rolled-move": _rolled_move, "draw": _draw, "go-to": _go_to,
    "escape-bonus": _not_in_main, "move-penalty": _move_penalty, "peek-deck": _peek_deck,
    "peek-hand": _peek_hand, "steal-coin": _steal_coin, "landing-party": _landing_party,
    "forced-boarding": _forced_boarding, "discard-random": _discard_random,
    "discard-chosen": _discard_chosen, "shipwreck": _shipwreck, "miss-turn": _miss_turn,
    "roll-bonus": _roll_bonus, "steal-card": _steal_card, "lost": _lost, "fight": _not_in_main,
}
