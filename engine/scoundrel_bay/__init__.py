"""Fortunes of Scoundrel Bay: sail the sea route, shoot monsters, invade harbors, villages,
beaches and hideouts, and end with the most gold. 2-4 players. Rules:
docs/rules-coverage/scoundrel_bay.md; component data: docs/scoundrel_bay-data.md."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from engine.core import ActionText, Event, Outcome, Pending, Transition, register
from engine.core.help import HelpTopic, load_help
from engine.core.orders import OrderBook
from engine.scoundrel_bay import actions as A
from engine.scoundrel_bay import labels, notation, policy
from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.defs import DATA_DIR
from engine.scoundrel_bay.flow import settle
from engine.scoundrel_bay.rules.apply import apply_action
from engine.scoundrel_bay.rules.common import name
from engine.scoundrel_bay.rules.final import final_winners
from engine.scoundrel_bay.rules.legal import legal_actions
from engine.scoundrel_bay.rules.scoring import total
from engine.scoundrel_bay.rules.setup import new_game
from engine.scoundrel_bay.state import State as SBState
from engine.scoundrel_bay.view import ScoundrelBayView, build_view

# What a silent seat does at its deadline: the plainest answer (decline, done, keep the roll).
DEFAULT_PREFERENCE: tuple[type, ...] = (A.Decline, A.Done, A.KeepRoll)
ANYTIME = (A.OpenCrate, A.Place)
STAGE_PHASES = ("stage", "event", "ghost", "cook", "feed", "final", "scoring", "setup")


class ScoundrelBayOptions(BaseModel):
    """Variants, chosen when the game is created (any combination)."""
    model_config = ConfigDict(extra="forbid")
    milestones: bool = False
    alternative_harbor_scoring: bool = False
    captain_powers: bool = False
    # player boards by seat (tests and scenarios); None deals them at random
    boards: list[Annotated[int, Field(ge=1, le=4)]] | None = Field(None, max_length=4)


class ScoundrelBay:
    id: ClassVar[str] = "scoundrel_bay"
    title: ClassVar[str] = "Fortunes of Scoundrel Bay"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = ScoundrelBayOptions
    State: ClassVar[type[SBState]] = SBState
    policies: ClassVar[Mapping[str, Callable[[str | int], Any]]] = policy.POLICIES
    # Kinds the public always tells apart (engine.core.fair.public_kinds; the conformance playouts
    # check each against the full comparison): sailing, moves, landings, purchases from the
    # display, sales and digs (the stacks' heights show) are all on the public board. Not here:
    # blind bids, feeding, exchanges, crates (two may hold the same), the card played for an
    # action (the full check found 'take star charts' hidden in a seeded game) and rarer decisions.
    public_kinds: ClassVar[frozenset[str]] = frozenset({
        "buy", "dig", "distance", "done", "keep-roll", "land", "move", "pick", "reroll", "sail-bonus",
        "sell"})

    def setup(self, n_players: int, options: BaseModel, seed: str) -> SBState:
        o = ScoundrelBayOptions.model_validate(options.model_dump())
        if o.boards is not None and (len(o.boards) != n_players or len(set(o.boards)) != n_players
                                     or not set(o.boards) <= {1, 2, 3, 4}):
            raise ValueError(f"'boards' must list {n_players} different player boards from 1 to 4.")
        s = new_game(n_players, seed, o.model_dump(exclude={"boards"}), o.boards)
        settle(s, [])
        return s

    def pending(self, s: SBState) -> Pending | None:
        if not s.stack:
            return None
        active = None if s.turn.phase in STAGE_PHASES or s.stage is not None else s.turn.seat
        return s.stack[-1].pending(active)

    def legal_actions(self, s: SBState, seat: int) -> list[Any]:
        return legal_actions(s, seat)

    def apply(self, s: SBState, seat: int, a: Any) -> Transition[SBState]:
        events: list[Event] = []
        before = s.reveals
        apply_action(s, seat, a, events)
        settle(s, events)
        return Transition(state=s, events=events, reveals=s.reveals != before)

    def view(self, s: SBState, viewer: int | None) -> ScoundrelBayView:
        return build_view(s, viewer, self.pending(s))

    def outcome(self, s: SBState) -> Outcome | None:
        if s.final is None or s.turn.phase != "done":
            return None
        scores = {seat: total(c) for seat, c in s.final.items()}
        return Outcome(winners=final_winners(s), scores=scores, breakdown={k: dict(v) for k, v in s.final.items()},
                       reason="The game is over: the most gold wins.", categories=dict(labels.CATEGORIES))

    def notate(self, s: SBState, a: Any) -> str:
        return notation.notate(s, a)

    def parse(self, s: SBState, seat: int, text: str) -> Any:
        return notation.parse(s, seat, text)

    def seat_name(self, s: SBState, seat: int) -> str:
        return name(seat)

    def default_action(self, s: SBState, seat: int) -> Any:
        legal = [a for a in legal_actions(s, seat) if not isinstance(a, ANYTIME)]
        if not legal:
            raise ValueError(f"seat {seat + 1} has no decision to make")
        top = s.stack[-1]
        if isinstance(top, P.BidPrompt):
            return legal[0]          # bid 0
        if isinstance(top, P.FeedPrompt):
            return legal[-1]         # feed as many as the food allows
        return next((a for kind in DEFAULT_PREFERENCE for a in legal if isinstance(a, kind)), legal[0])

    def help_topics(self) -> dict[str, HelpTopic]:
        return _help()

    def describe(self, s: SBState, seat: int, a: Any) -> ActionText:
        return labels.describe(s, seat, a)

    def standing_orders(self) -> OrderBook:
        from engine.scoundrel_bay.orders import BOOK
        return BOOK


@cache
def _help() -> dict[str, HelpTopic]:
    return load_help(DATA_DIR / "help.toml")


GAME = register(ScoundrelBay())
