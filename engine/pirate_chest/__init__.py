"""Pirate Chest ("Quest for the Pirate Chest"): race round a circular track for the Map, the Key
and the Dead Man's Chest, and bring the Chest home. Rules: docs/rules-coverage/pirate_chest.md."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from engine.core import ActionText, Event, Outcome, Pending, Rng, Transition, register
from engine.core.help import HelpTopic, load_help
from engine.core.orders import OrderBook
from engine.pirate_chest import actions as A
from engine.pirate_chest import labels, notation, policy
from engine.pirate_chest.actions import Action
from engine.pirate_chest.defs import DATA_DIR, defs
from engine.pirate_chest.flow import settle
from engine.pirate_chest.rules.apply import apply_action
from engine.pirate_chest.rules.common import name
from engine.pirate_chest.rules.legal import legal_actions
from engine.pirate_chest.rules.setup import assign_captain
from engine.pirate_chest.state import Player
from engine.pirate_chest.state import State as PCState
from engine.pirate_chest.view import PirateChestView, build_view

# What a seat that never answers does at its deadline: the first of these that is legal (no
# fight cards, no Girl Power, keep the doll, try the escape, move, end the turn), else the
# first legal option (the cheapest: lists start with the plainest choice).
DEFAULT_PREFERENCE: tuple[type, ...] = (A.Ready, A.Pass, A.KeepDoll, A.Escape, A.Roll, A.End)
LARGER_BOARD_FROM = 5   # the rulebook recommends the larger board for 5 or more players


class PirateChestOptions(BaseModel):
    """Variants and table settings, chosen when the game is created."""
    model_config = ConfigDict(extra="forbid")
    larger_board: bool | None = None   # None: the larger board for 5 or more players
    voodoo_doll: bool | None = None    # None: with the larger board (the rulebook puts the Doll with it)
    # House rule: a ship in its own home port is safe even when it started the fight (True, the
    # literal reading), or only when it is the one attacked (False: an attacker that loses is sunk).
    home_port_shelters_attacker: bool = True
    # captains by seat; None lets each player choose in turn
    captains: list[Annotated[str, Field(max_length=40)]] | None = Field(None, max_length=6)
    turn_limit: int = Field(0, ge=0, le=1000)   # house rule: 0 means no limit


class PirateChest:
    id: ClassVar[str] = "pirate_chest"
    title: ClassVar[str] = "Pirate Chest"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    # The game the store and service benchmarks run on (bench/games.py): the first one built, so
    # their figures stay comparable as games are added.
    bench_reference: ClassVar[bool] = True
    Options: ClassVar[type[BaseModel]] = PirateChestOptions
    State: ClassVar[type[PCState]] = PCState
    policies: ClassVar[Mapping[str, Callable[[str | int], Any]]] = policy.POLICIES
    # Kinds the public always tells apart (engine.core.fair.public_kinds; the conformance playouts
    # check each against the full comparison): moves, rolls, cards played and discarded face up,
    # targets and fights show on the public board. Not here: fight cards committed face down, kept
    # cards and attacks.
    public_kinds: ClassVar[frozenset[str]] = frozenset({
        "captain", "die", "discard", "doll", "end", "engage", "escape", "keep-doll", "never-land",
        "play", "roll", "sail", "stand", "target", "to"})

    def setup(self, n_players: int, options: BaseModel, seed: str) -> PCState:
        o = PirateChestOptions.model_validate(options.model_dump())
        larger = o.larger_board if o.larger_board is not None else n_players >= LARGER_BOARD_FROM
        board = defs().board(larger)
        doll = o.voodoo_doll if o.voodoo_doll is not None else larger
        s = PCState(rng=Rng(seed=seed), board_size=board.size, voodoo_doll=doll, turn_limit=o.turn_limit,
                    home_port_shelters_attacker=o.home_port_shelters_attacker,
                    players=[Player() for _ in range(n_players)])
        if o.captains is not None:
            self._preassign(s, o.captains, n_players)
        settle(s, [])   # the draft asks for captains, or (all preassigned) play begins
        return s

    @staticmethod
    def _preassign(s: PCState, captains: list[str], n: int) -> None:
        unknown = [c for c in captains if c not in defs().captains]
        if len(captains) != n or len(set(captains)) != n or unknown:
            raise ValueError(f"'captains' must list {n} different captains from: {', '.join(defs().captains)}.")
        for seat, c in enumerate(captains):
            assign_captain(s, seat, c)

    def pending(self, s: PCState) -> Pending | None:
        if s.winner is not None or s.turn.phase == "done":
            return None
        if s.stack:   # in the draft there is no active seat: each seat chooses in its turn
            return s.stack[-1].pending(None if s.turn.phase == "draft" else s.turn.seat)
        return Pending(kind="turn", waiting_on=(s.turn.seat,), prompt="take a turn")

    def legal_actions(self, s: PCState, seat: int) -> list[Action]:
        return legal_actions(s, seat)

    def apply(self, s: PCState, seat: int, a: Action) -> Transition[PCState]:
        events: list[Event] = []
        apply_action(s, seat, a, events)
        settle(s, events)
        return Transition(state=s, events=events)

    def view(self, s: PCState, viewer: int | None) -> PirateChestView:
        return build_view(s, viewer, self.pending(s))

    def outcome(self, s: PCState) -> Outcome | None:
        if s.winner is None and s.turn.phase != "done":
            return None
        breakdown = {seat: {"chest": int("chest" in p.coins and s.winner == seat), "coins": len(p.coins),
                            "sinkings": p.sinkings, "times_sunk": p.times_sunk}
                     for seat, p in enumerate(s.players)}
        winners = [] if s.winner is None else [s.winner]
        return Outcome(winners=winners, scores={seat: int(seat in winners) for seat in range(len(s.players))},
                       breakdown=breakdown, reason=s.ended, categories=dict(labels.CATEGORIES))

    def notate(self, s: PCState, a: Action) -> str:
        return notation.notate(s, a)

    def parse(self, s: PCState, seat: int, text: str) -> Action:
        return notation.parse(s, seat, text)

    def seat_name(self, s: PCState, seat: int) -> str:
        return name(s, seat)

    def default_action(self, s: PCState, seat: int) -> Action:
        legal = legal_actions(s, seat)
        if not legal:
            raise ValueError(f"seat {seat + 1} has no decision to make")
        return next((a for kind in DEFAULT_PREFERENCE for a in legal if isinstance(a, kind)), legal[0])

    def help_topics(self) -> dict[str, HelpTopic]:
        return _help()

    def describe(self, s: PCState, seat: int, a: Action) -> ActionText:
        return labels.describe(s, seat, a)

    def standing_orders(self) -> OrderBook:
        from engine.pirate_chest.orders import BOOK
        return BOOK


@cache
def _help() -> dict[str, HelpTopic]:
    return load_help(DATA_DIR / "help.toml")


GAME = register(PirateChest())
