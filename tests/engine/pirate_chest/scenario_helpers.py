"""Scenario fixtures for the Pirate Chest rule tests (shared by every test file in this folder).

`run` feeds the scenario format (DESIGN.md, "Scenario runner") to `engine.scenario.run`;
`state` + `act` build the same patched state directly, for tests that look between steps.
A patch is a JSON merge patch on the state dump: lists are replaced whole, so `player()`
gives a complete player object and `islands()` clears every island it is not told about.
`deck()`, `stack()` and `fight()` write the deck, the open prompts and a fight in progress;
`pile()` and `discard()` read the deck back out of a scenario's output.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from engine.core import Pending, Setup, act_text, get_game, setup_state
from engine.core.deck import Deck
from engine.core.prompts import PromptBase
from engine.core.sealed import Sealed
from engine.pirate_chest.actions import FightMode
from engine.pirate_chest.defs import defs
from engine.pirate_chest.prompts import open_prompt
from engine.pirate_chest.state import Fight, Player, State, Turn
from engine.scenario import merge_patch
from engine.scenario import run as run_scenario

GAME = get_game("pirate_chest")
ALL_ISLANDS = (3, 9, 15, 21, 27)
P = TypeVar("P", bound=PromptBase)


def _raw_setup(players: int | None, captains: list[str] | None, options: dict[str, Any] | None,
               seed: str) -> dict[str, Any]:
    opts = dict(options or {})
    if captains is not None:
        opts["captains"] = captains
    n = players if players is not None else len(captains) if captains else 2
    return {"game": "pirate_chest", "players": n, "seed": seed, "options": opts}


def run(patch: dict[str, Any] | None = None, actions: list[tuple[int, str]] | tuple = (), *,
        players: int | None = None, captains: list[str] | None = None, options: dict[str, Any] | None = None,
        seed: str = "t", ok: bool = True) -> dict[str, Any]:
    """Run one scenario; the output dict plus `code` and `error`. Asserts exit 0 when `ok`."""
    raw = {**_raw_setup(players, captains, options, seed), "patch": patch or {},
           "actions": [list(a) for a in actions]}
    code, out, error = run_scenario(raw)
    if ok:
        assert code == 0, error
    else:
        assert code != 0, "the scenario was expected to fail"
    return {**out, "code": code, "error": error}


def state(patch: dict[str, Any] | None = None, *, players: int | None = None, captains: list[str] | None = None,
          options: dict[str, Any] | None = None, seed: str = "t") -> State:
    """The state after setup with `patch` merged in (as the scenario runner does)."""
    s = setup_state(GAME, Setup(**_raw_setup(players, captains, options, seed)))
    return State.model_validate(merge_patch(s.model_dump(mode="json"), patch or {}))


def act(s: State, *steps: tuple[int, str]) -> tuple[State, list[str]]:
    """Act each (seat, notation) in turn; the final state and every event text."""
    events: list[str] = []
    for seat, text in steps:
        t = act_text(GAME, s, seat, text)
        s = t.state
        events += [e.text for e in t.events]
    return s, events


def legal(s: State, seat: int) -> list[str]:
    return [GAME.notate(s, a) for a in GAME.legal_actions(s, seat)]


def home_of(captain: str) -> int:
    slug = defs().captains[captain].home
    return next(d.number for d in defs().boards.larger.spaces if d.slug == slug)


def player(captain: str, **fields: Any) -> dict[str, Any]:
    """A whole player object: at home with an empty hand unless told otherwise."""
    home = fields.pop("home", home_of(captain))
    base = Player(captain=captain, home=home, position=fields.pop("position", home))
    return base.model_copy(update=fields).model_dump(mode="json")


def turn(seat: int, **fields: Any) -> dict[str, Any]:
    """Patch keys making `seat` the active player at the start of its main phase (one move),
    with nothing pending: no prompt, fight or extra turn left over from setup."""
    t = Turn(seat=seat, number=1, phase="main", moves_left=1).model_copy(update=fields)
    return {"turn": t.model_dump(mode="json"), "rotation": seat, "stack": [], "fight": None, "extra_turns": []}


def islands(coins: dict[int, list[str]] | None = None, face_up: bool = False,
            shown: dict[int, list[str]] | None = None) -> dict[str, Any]:
    """Patch value for `islands`: exactly these coins (face down unless told), no others;
    `shown` adds coins lying face up (after the face-down ones on the same island)."""
    out: dict[str, Any] = {str(n): None for n in ALL_ISLANDS}
    for n, ids in (coins or {}).items():
        out[str(n)] = [{"id": c, "face_up": face_up} for c in ids]
    for n, ids in (shown or {}).items():
        out[str(n)] = (out[str(n)] or []) + [{"id": c, "face_up": True} for c in ids]
    return out


def deck(pile: Iterable[str] = (), discard: Iterable[str] = ()) -> dict[str, Any]:
    """Patch value for `deck`: the draw pile (top card last) and the discard pile (top last)."""
    return Deck(pile=list(pile), discard=list(discard)).model_dump(mode="json")


def stack(*prompts: PromptBase) -> list[dict[str, Any]]:
    """Patch value for `stack`: these open prompts, the last one the current decision."""
    return [p.model_dump(mode="json") for p in prompts]


def fight(attacker: int, defender: int, mode: FightMode = "both", sealed: dict[int, list[str]] | None = None,
          ready: Iterable[int] = (), **fields: Any) -> dict[str, Any]:
    """Patch value for `fight`: an attack in progress, with these `sealed` fight cards and the
    seats that are `ready` (locked in)."""
    cards = Sealed[list[str]](seats=[attacker, defender], choices=sealed or {}, locked=list(ready))
    return Fight(attacker=attacker, defender=defender, mode=mode, cards=cards, **fields).model_dump(mode="json")


def current(s: State, cls: type[P]) -> P:
    """The open decision, which the test expects to be a `cls` prompt."""
    top = open_prompt(s, cls)
    assert top is not None, f"the open decision is {s.stack[-1].kind if s.stack else 'none'}, not a {cls.__name__}"
    return top


def pile(out: dict[str, Any]) -> list[str]:
    """The draw pile at the end of a scenario, top card last."""
    return list(out["state"]["deck"]["pile"])


def discard(out: dict[str, Any]) -> list[str]:
    """The discard pile at the end of a scenario, top card last."""
    return list(out["state"]["deck"]["discard"])


# ---- shared by the card, curse and fight tests --------------------------------------------

def ship(captain: str, at: int | None = None, **fields: Any) -> dict[str, Any]:
    """A whole player object at space `at` (his home port when not given)."""
    return player(captain, **fields) if at is None else player(captain, position=at, **fields)


def scenario(ships: list[dict[str, Any]], actions: list[tuple[int, str]] | tuple = (), *, seat: int = 0,
             deck: list[str] | tuple = (), coins: dict[int, list[str]] | None = None, dice: list[int] | tuple = (),
             turn_state: dict[str, Any] | None = None, shown: dict[int, list[str]] | None = None,
             options: dict[str, Any] | None = None, ok: bool = True) -> dict[str, Any]:
    """`ships` by seat, `seat` to play (one move), only the face-down `coins` (and face-up `shown`
    coins) given on the islands, the deck (top card last), an empty discard pile, and scripted dice."""
    patch = {"players": ships, "islands": islands(coins, shown=shown), "deck": Deck(pile=list(deck)).model_dump(mode="json"),
             "rng": {"forced": list(dice)}, **turn(seat, **(turn_state or {}))}
    return run(patch, actions, captains=[s["captain"] for s in ships], options=options, seed="part-b", ok=ok)


def players(out: dict[str, Any]) -> list[dict[str, Any]]:
    return out["state"]["players"]


def hidden_coins(out: dict[str, Any]) -> dict[str, int]:
    """Coin id -> island, for every face-down coin on the islands."""
    return {c["id"]: int(n) for n, cs in out["state"]["islands"].items() for c in cs if not c["face_up"]}


def pending_of(s: State) -> Pending:
    """What the game waits on; the game must not be over."""
    pending = GAME.pending(s)
    assert pending is not None, "the game is over"
    return pending
