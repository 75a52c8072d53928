"""Dead Reckoning (John D Clair, AEG): card-crafting, exploration, islands and the battle tower.
2-4 players. Rules: docs/rules-coverage/dead_reckoning.md; the engine plan:
docs/dead_reckoning-plan.md; component data: docs/dead_reckoning-data.md."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

from engine.core import ActionText, Event, Outcome, Pending, Transition, register
from engine.core.help import HelpTopic, load_help
from engine.core.orders import OrderBook
from engine.dead_reckoning import actions as A
from engine.dead_reckoning import labels, notation, policy
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.actions import action
from engine.dead_reckoning.defs import DATA_DIR
from engine.dead_reckoning.flow import settle
from engine.dead_reckoning.rules.apply import apply_action
from engine.dead_reckoning.rules.common import name
from engine.dead_reckoning.rules.goods import rearrange_options
from engine.dead_reckoning.rules.legal import legal_actions, side_level
from engine.dead_reckoning.rules.main_phase import hand_cards
from engine.dead_reckoning.rules.scoring import total
from engine.dead_reckoning.rules.setup import new_game
from engine.dead_reckoning.state import State as DRState
from engine.dead_reckoning.view import DeadReckoningView, build_view

# What a silent seat does at its deadline (docs/dead_reckoning-plan.md, section 4): the least
# that keeps the game moving, giving up nothing it had, never starting a fight.
DEFAULT_PREFERENCE: tuple[type, ...] = (A.End, A.Stop, A.Pass, A.Done, A.Refuse)


class DeadReckoningOptions(BaseModel):
    """Variants, chosen when the game is created."""
    model_config = ConfigDict(extra="forbid")
    bonus_tokens: bool = False          # Bonus Achievement tokens: 2 dealt, 1 kept


class DeadReckoning:
    id: ClassVar[str] = "dead_reckoning"
    title: ClassVar[str] = "Dead Reckoning"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = DeadReckoningOptions
    State: ClassVar[type[DRState]] = DRState
    policies: ClassVar[Mapping[str, Callable[[str | int], Any]]] = policy.POLICIES
    # Kinds the public always tells apart (engine.core.fair.public_kinds; the conformance playouts
    # check each against the full comparison): cards played and their abilities, moves, cubes,
    # amounts, buildings and modes all show on the public board. Not here: cargo moved between holds,
    # level-ups, sleeves and kept tokens.
    public_kinds: ClassVar[frozenset[str]] = frozenset({
        "amount", "build", "buy", "cubes", "done", "end", "merchant", "mode", "move", "pay-ship",
        "play", "produce", "raid", "sails", "slot", "split", "stop", "trade", "upgrade", "use"})

    def setup(self, n_players: int, options: BaseModel, seed: str) -> DRState:
        o = DeadReckoningOptions.model_validate(options.model_dump())
        s = new_game(n_players, seed, o.model_dump())
        settle(s, [])
        return s

    def pending(self, s: DRState) -> Pending | None:
        if not s.stack:
            return None
        return s.stack[-1].pending(s.turn.seat)

    def legal_actions(self, s: DRState, seat: int) -> list[Any]:
        return legal_actions(s, seat)

    def side_decisions(self, s: DRState) -> dict[int, str]:
        """Seats that may level up a card now, between their turns (docs/dead_reckoning-plan.md,
        section 3): blocking nobody, due at the start of their next turn."""
        return {seat: P.LevelPrompt.text for seat in range(len(s.players)) if side_level(s, seat)}

    def apply(self, s: DRState, seat: int, a: Any) -> Transition[DRState]:
        events: list[Event] = []
        before = s.reveals
        apply_action(s, seat, a, events)
        settle(s, events)
        s.log_tail = (s.log_tail + [e.text for e in events if e.visible_to is None])[-8:]
        return Transition(state=s, events=events, reveals=s.reveals != before)

    def view(self, s: DRState, viewer: int | None) -> DeadReckoningView:
        return build_view(s, viewer, self.pending(s))

    def outcome(self, s: DRState) -> Outcome | None:
        if s.final is None or s.turn.phase != "done":
            return None
        return Outcome(winners=list(s.winners), scores={seat: total(c) for seat, c in s.final.items()},
                       breakdown={k: dict(v) for k, v in s.final.items()},
                       reason="The game is over: the most coins wins.", categories=dict(labels.CATEGORIES))

    def notate(self, s: DRState, a: Any) -> str:
        return notation.notate(s, a)

    def parse(self, s: DRState, seat: int, text: str) -> Any:
        return notation.parse(s, seat, text)

    def seat_name(self, s: DRState, seat: int) -> str:
        return name(seat)

    def default_action(self, s: DRState, seat: int) -> Any:
        if (menu := _menu_default(s, seat)) is not None:
            return menu
        anytime = set(rearrange_options(s, seat))
        legal = [a for a in legal_actions(s, seat) if a not in anytime]
        if not legal:
            raise ValueError(f"seat {seat + 1} has no decision to make")
        top = s.stack[-1]
        if isinstance(top, P.LevelPrompt) or seat not in top.seats:
            from engine.dead_reckoning.rules.leveling import default_choice
            return A.Level(card=default_choice(hand_cards(s, seat)) or legal[0].card)
        if isinstance(top, (P.BattleCubesPrompt, P.ResponsePrompt)):
            return [a for a in legal if isinstance(a, A.Cubes)][-1]      # every Cannon, no card
        if isinstance(top, P.ModePrompt):
            return A.SetMode(mode="mercantile")
        if isinstance(top, P.SailsPrompt):
            return legal[-1]                                             # keep the ability
        if isinstance(top, P.AmountPrompt):
            return legal[-1]                                             # all of it
        if isinstance(top, P.SplitPrompt):
            return legal[0]                                              # all to the Dock
        if isinstance(top, P.SleevePrompt):
            from engine.dead_reckoning.rules.cleanup import default_sleeve
            return default_sleeve(s, seat) or legal[-1]
        return next((a for kind in DEFAULT_PREFERENCE for a in legal if isinstance(a, kind)), legal[0])

    def help_topics(self) -> dict[str, HelpTopic]:
        return _help()

    def describe(self, s: DRState, seat: int, a: Any) -> ActionText:
        return labels.describe(s, seat, a)

    def standing_orders(self) -> OrderBook:
        from engine.dead_reckoning.orders import BOOK
        return BOOK


def _menu_default(s: DRState, seat: int) -> Any:
    """The main menu's default without listing its options (the costliest list of the game):
    `end` is always offered there, and `done` in one of its groups, and both come first in
    DEFAULT_PREFERENCE (the others are never offered on a menu)."""
    top = s.stack[-1] if s.stack else None
    if top is None or seat not in top.seats:
        return None
    if type(top) is P.MainPrompt:
        return action(A.End)
    return action(A.Done) if type(top) is P.MenuPrompt else None


@cache
def _help() -> dict[str, HelpTopic]:
    return load_help(DATA_DIR / "help.toml")


GAME = register(DeadReckoning())
