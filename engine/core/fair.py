"""PROVABLY FAIR PLAY: commitments to the seed and to every sealed choice, and the state hash.

The scheme (docs/trust-and-history.md says it in words for players):
- Seed and identity: at creation the table draws a random salt (32 hex digits) and publishes,
  when the game starts, `sha256("parley-seed:v2:" + salt + ":" + sha256(identity) + ":" + seed)`,
  where identity is the canonical JSON of the game's number, type, options, whether the host
  fixed the seed, and who sits where (`game_identity`). So the commitment shown at the start pins
  the game it belongs to, not only its dice. The salt keeps a short or guessable seed (a host may
  fix one) from being found by trying seeds against the commitment. After the end, /game verify
  reveals seed and salt. Games started before v2 showed `sha256("parley-seed:v1:" + salt + ":" +
  seed)` (`seed_commitment`), which covers the seed only; they are still checked that way.
- Sealed choices: a decision the public does not see when it is made (`hidden_decision`) is
  stored with `sha256("parley-choice:v1:" + seat + ":" + nonce + ":" + notation)`, a fresh random
  nonce per decision. The nonce is revealed with the choice, after the end.
- Final state: `state_hash` hashes the canonical JSON of the last state, so a replay shows that
  every die, draw and choice came out the same.

Which decisions are hidden is decided here, for every game alike, from the engine contract:
a decision inside a sealed simultaneous choice (`Pending.kind == "simultaneous"`, or one that
changes a `Sealed` anywhere in the state), a side decision (runner.side_decisions) taken by
a seat the game is not waiting on, a decision whose events were all private (told to some
seats only, such as a level-up), and one the public could not tell from another of its kind
(`indistinguishable`: a card hidden face down names the card, which the public never saw). A game may say more with an optional
`hidden_decision(state, seat, action) -> bool` hook (True adds a hidden decision), and spare the
comparison for the kinds of decision it declares public (`public_kinds`, checked by the
conformance playouts against the full check). docs/performance.md tells what each part costs.
"""
from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Annotated, Any, Literal, get_args, get_origin

from pydantic import BaseModel

from engine.core.game import Game
from engine.core.runner import copy_state, side_decisions
from engine.core.sealed import Sealed
from engine.core.types import Transition

SEED_SCHEME = "parley-seed:v1"   # the seed alone: games started before the identity was covered
GAME_SCHEME = "parley-seed:v2"   # the seed and the game's identity (game_identity)
CHOICE_SCHEME = "parley-choice:v1"
ALTERNATIVES = 1   # other decisions of the same kind compared with the one made (indistinguishable)


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def seed_commitment(seed: str, salt: str) -> str:
    return _sha256(f"{SEED_SCHEME}:{salt}:{seed}")


def game_identity(game_id: int, game: str, options: Mapping[str, Any], seed_fixed: bool,
                  seats: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """What a game's commitment says it is: its number, type, options, whether the host fixed the
    seed, and its seats at the start (`{"seat", "name", "bot"}` each: number from 0, display
    name, bot policy or None). Built the same way by the table and by the verifier."""
    return {"game_id": game_id, "game": game, "options": dict(options), "seed_fixed": seed_fixed,
            "seats": [{"seat": s["seat"], "name": s["name"], "bot": s["bot"]} for s in seats]}


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def game_commitment(seed: str, salt: str, identity: Mapping[str, Any]) -> str:
    """The v2 commitment: the seed and the game's identity (`game_identity`). The identity's
    digest and the salt have fixed lengths and the seed comes last, so no two inputs share a text."""
    return _sha256(f"{GAME_SCHEME}:{salt}:{_sha256(_canonical(identity))}:{seed}")


def choice_commitment(seat: int, notation: str, nonce: str) -> str:
    return _sha256(f"{CHOICE_SCHEME}:{seat}:{nonce}:{notation}")


def state_hash(s: BaseModel) -> str:
    """The hash of a state's canonical JSON (keys sorted), the same on every machine."""
    return _sha256(_canonical(s.model_dump(mode="json")))


_LEAVES = (str, int, float, bool, bytes, type(None))   # hold no Sealed: not walked into


def sealed_parts(value: Any, path: str = "") -> Iterator[tuple[str, Sealed[Any]]]:
    """Every `Sealed` inside a state, with its path ("stage.bids", "fight.orders"). A model's
    fields whose type can hold no Sealed (`_fields_with_sealed`) are not walked into: a Dead
    Reckoning state, which has none, costs one lookup instead of a walk over every ship."""
    if isinstance(value, Sealed):
        yield path, value
    elif isinstance(value, BaseModel):
        for name in _fields_with_sealed(type(value)):
            if not isinstance(child := getattr(value, name), _LEAVES):
                yield from sealed_parts(child, f"{path}.{name}" if path else name)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            if not isinstance(item, _LEAVES):
                yield from sealed_parts(item, f"{path}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(item, _LEAVES):
                yield from sealed_parts(item, f"{path}[{key}]")


@functools.cache
def _fields_with_sealed(cls: type[BaseModel]) -> tuple[str, ...]:
    """The fields of a model class, in order, whose declared type may hold a `Sealed` where
    `sealed_parts` looks (in a model, list, tuple or dict value), from the type alone: a field
    of numbers, strings, enums, literals or models that can hold none is left out. Anything the
    type does not pin (Any, an unresolved name, a type variable, a bare container) may hold one."""
    return tuple(name for name, f in cls.model_fields.items() if _may_hold_sealed(f.annotation, frozenset()))


def _may_hold_sealed(tp: Any, seen: frozenset[type]) -> bool:
    if tp in _LEAVES or tp is type(None):
        return False
    origin, args = get_origin(tp), get_args(tp)
    if origin is Literal:
        return False
    if origin is Annotated:
        return _may_hold_sealed(args[0], seen)
    if origin is not None:   # list[X], tuple[X, ...], dict[K, V], X | None, Union[...]
        container = origin if isinstance(origin, type) else None
        if container is not None and issubclass(container, dict):
            return len(args) != 2 or _may_hold_sealed(args[1], seen)
        if container is not None and issubclass(container, (set, frozenset)):
            return False   # sealed_parts does not walk sets
        if not args:
            return True
        return any(_may_hold_sealed(a, seen) for a in args if a is not Ellipsis)
    if tp is Any or tp is object or not isinstance(tp, type):
        return True   # Any (a class since Python 3.11), a TypeVar, a forward reference: anything
    if issubclass(tp, Sealed):
        return True
    if issubclass(tp, BaseModel):   # or any subclass of it, which a field may hold as it is
        return any(_model_may_hold(c, seen) for c in _with_subclasses(tp))
    # a bare container (its items are not typed) may; an enum, a set or another class is not walked into
    return issubclass(tp, (list, tuple, dict))


def _model_may_hold(cls: type[BaseModel], seen: frozenset[type]) -> bool:
    if cls in seen:   # a model that holds itself holds a Sealed only through another field
        return False
    return any(_may_hold_sealed(f.annotation, seen | {cls}) for f in cls.model_fields.values())


def _with_subclasses(cls: type) -> list[type]:
    found, todo = [], [cls]
    while todo:
        c = todo.pop()
        found.append(c)
        todo.extend(c.__subclasses__())
    return found


def touches_sealed(before: Any, after: Any, seat: int) -> bool:
    """Did `seat`'s decision change its part of a sealed choice that was open to it?"""
    open_to_seat = [(path, sealed) for path, sealed in sealed_parts(before)
                    if seat in sealed.seats and seat not in sealed.locked]
    if not open_to_seat:
        return False
    later = dict(sealed_parts(after))
    for path, sealed in open_to_seat:
        now = later.get(path)
        if now is None:   # resolved or called off: it was this seat's if it had chosen in it
            if seat in sealed.choices:
                return True
        elif seat in now.locked or now.choices.get(seat) != sealed.choices.get(seat):
            return True
    return False


def hidden_decision(game: Game[Any, Any, Any], before: Any, seat: int, action: Any, t: Transition[Any]) -> bool:
    """Is this decision (by `seat` from state `before`, giving `t`) one the public does not see
    when it is made? Such decisions get a commitment, and appear in a log shown during play
    only as a sealed entry (table/history.py)."""
    if t.events and all(e.visible_to is not None for e in t.events):
        return True   # it told only some seats (a level-up, a card kept): its notation is theirs
    pending = game.pending(before)
    if pending is not None and pending.kind == "simultaneous":
        return True
    if pending is not None and seat not in pending.waiting_on and seat in side_decisions(game, before):
        return True
    hook = getattr(game, "hidden_decision", None)
    if hook is not None and hook(before, seat, action):
        return True
    if touches_sealed(before, t.state, seat):
        return True
    return getattr(action, "kind", None) not in public_kinds(game) and indistinguishable(game, before, seat, action, t)


def public_kinds(game: Game[Any, Any, Any]) -> frozenset[str]:
    """The kinds of decision a game declares the public always tells apart (optional class
    attribute `public_kinds`): a move names its destination on the board, a card played face up
    is seen. `indistinguishable` is not run for them, which saves an apply and two public views
    per decision; every other rule of `hidden_decision` still applies. The conformance playouts
    compare every decision with the full check (tests/engine/fair_oracle.py), so a kind declared
    here that the public could not tell apart fails a test."""
    return frozenset(getattr(game, "public_kinds", ()))


def indistinguishable(game: Game[Any, Any, Any], before: Any, seat: int, action: Any, t: Transition[Any]) -> bool:
    """Could the public not tell this decision from another of the same kind? (The same public
    view and public events after either: a card moved face down, a card kept in secret.) Then its
    notation says more than the public saw. One other is enough where hiding hides any choice alike,
    and keeps the cost of a decision at about two applies (ALTERNATIVES)."""
    kind = getattr(action, "kind", None)
    others = [a for a in game.legal_actions(before, seat) if a != action and getattr(a, "kind", None) == kind]
    if not others:
        return False
    mine: Any = None   # the public view after this decision, built only when the events agree
    events = _public_events(t)
    for other in others[:ALTERNATIVES]:
        try:
            alternative = game.apply(copy_state(before), seat, other)
        except ValueError:
            continue
        if _public_events(alternative) != events:   # told apart by what everyone reads
            continue
        if mine is None:
            mine = game.view(t.state, None)
        if game.view(alternative.state, None) == mine:
            return True
    return False


def _public_events(t: Transition[Any]) -> list[str]:
    return [e.text for e in t.events if e.visible(None)]
