"""Merchants & Marauders with the Seas of Glory expansion (issue 11): trade, raids, naval combat
and glory in the 17-zone Caribbean, 2-4 captains.

Built in stages (docs/merchants_marauders-plan.md): component data, pure rule modules (one per
rulebook section), then the turn engine that plays the base game with every module and variant
as a game option."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from engine.core import ActionText, Event, Outcome, Pending, Transition, register
from engine.core.help import HelpTopic, load_help
from engine.core.orders import OrderBook
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import labels, notation, policy
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.defs import DATA_DIR
from engine.merchants_marauders.flow import settle
from engine.merchants_marauders.rules.apply import apply_action
from engine.merchants_marauders.rules.legal import legal_actions
from engine.merchants_marauders.state import State as MMState
from engine.merchants_marauders.view import MerchantsView, build_view

# What a silent seat does at its deadline (docs/merchants_marauders-plan.md, section 4): the least
# that keeps the game moving, giving up nothing it had, never starting a fight.
DEFAULT_PREFERENCE: tuple[type, ...] = (A.End, A.Done, A.Stop, A.NoShot, A.Pass, A.Release, A.Accept, A.Stay, A.Dump)


class MerchantsOptions(BaseModel):
    """Seas of Glory modules 1-11 and variants 1-6, one switch each (all off: the base game),
    and when a captain at 10 glory ends the game."""
    model_config = ConfigDict(extra="forbid")
    victory: Literal["finish_round", "immediate"] = "finish_round"
    module_1: bool = False      # new cards, tokens and flags
    module_1_separate: bool = False   # Module 1's new rumours, missions and captains as decks of their own
    module_2: bool = False      # new special weapons
    module_3: bool = False      # new ship modifications
    module_3_selling: bool = False    # Module 3's optional rule: an empty port's action draws from the reserve
    module_4: bool = False      # NPC upgrades
    module_5: bool = False      # new ships (the brig, slow galleons)
    module_6: bool = False      # the treasure galleon
    module_7: bool = False      # contraband
    module_8: bool = False      # wind and weather
    module_8_parts: Literal["both", "wind", "storm"] = "both"   # Module 8's parts in play (MM-M8-01)
    module_9: bool = False      # locations
    module_10: bool = False     # goodwill
    module_11: bool = False     # loyalty
    variant_1: bool = False     # turn order
    variant_2: bool = False     # captains, captains, captains
    variant_2_mode: Literal["two_keep_one", "pay_to_draw"] = "two_keep_one"   # Variant 2's way
    variant_3: bool = False     # glory or death
    variant_4: bool = False     # life is pain
    variant_5: bool = False     # cutthroat
    variant_6: bool = False     # trading rules


def _options(o: MerchantsOptions) -> dict[str, bool | str]:
    out: dict[str, bool | str] = dict(o.model_dump())
    out["glory_or_death"] = o.variant_3
    return out


class MerchantsMarauders:
    id: ClassVar[str] = "merchants_marauders"
    title: ClassVar[str] = "Merchants & Marauders"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = MerchantsOptions
    State: ClassVar[type[MMState]] = MMState
    policies: ClassVar[Mapping[str, Callable[[str | int], Any]]] = policy.POLICIES
    # Kinds the public always tells apart (engine.core.fair.public_kinds; the conformance playouts
    # check each against the full comparison): moves, port visits, purchases (the news names the
    # card), repairs, hires, stashes (the gold aboard shows) and the rest show on the public board.
    # Not here: sealed orders, ship and captain picks, and the cards a seat picks one by one from
    # its hold or hand (keep, sell, discard, swap, play), where two cargo cards of one good look
    # alike: the full check found 'keep textiles-5' hidden in a conformance playout.
    public_kinds: ClassVar[frozenset[str]] = frozenset({
        "accept", "buy", "claim", "done", "draw", "end", "enter", "fierce", "hire", "investigate",
        "leave", "move", "nation", "new_rumour", "part", "pass", "port", "release", "repair", "scout",
        "stash", "stop", "take", "weapon", "wind"})

    def setup(self, n_players: int, options: BaseModel, seed: str) -> MMState:
        from engine.merchants_marauders.rules.start import new_game
        o = MerchantsOptions.model_validate(options.model_dump())
        s = new_game(n_players, seed, _options(o))
        settle(s, [])
        return s

    def pending(self, s: MMState) -> Pending | None:
        if not s.stack:
            return None
        return s.stack[-1].pending(s.turn.seat)

    def legal_actions(self, s: MMState, seat: int) -> list[Any]:
        return legal_actions(s, seat)

    def apply(self, s: MMState, seat: int, a: Any) -> Transition[MMState]:
        events: list[Event] = []
        before = s.reveals
        apply_action(s, seat, a, events)
        settle(s, events)
        s.log_tail = (s.log_tail + [e.text for e in events if e.visible_to is None])[-8:]
        return Transition(state=s, events=events, reveals=s.reveals != before)

    def view(self, s: MMState, viewer: int | None) -> MerchantsView:
        return build_view(s, viewer, self.pending(s))

    def outcome(self, s: MMState) -> Outcome | None:
        if s.final is None or s.turn.phase != "done":
            return None
        scores = {seat: c["glory"] + c["stash_glory"] for seat, c in s.final.items()}
        return Outcome(winners=list(s.winners), scores=scores, breakdown={k: dict(v) for k, v in s.final.items()},
                       reason="A captain reached 10 glory: the most glory wins (then gold, then fewer bounties).",
                       categories=dict(labels.CATEGORIES))

    def notate(self, s: MMState, a: Any) -> str:
        return notation.notate(s, a)

    def parse(self, s: MMState, seat: int, text: str) -> Any:
        return notation.parse(s, seat, text)

    def seat_name(self, s: MMState, seat: int) -> str:
        from engine.merchants_marauders.rules.common import name
        return f"Player {seat + 1}" if s.turn.phase == "setup" else name(s, seat)

    def default_action(self, s: MMState, seat: int) -> Any:
        from engine.merchants_marauders.rules import fight, raiding
        legal = legal_actions(s, seat)
        if not legal:
            raise ValueError(f"seat {seat + 1} has no decision to make")
        top = s.stack[-1]
        if isinstance(top, (P.SetupPrompt, P.NewCaptainPrompt)):
            return action_ship(legal)
        if isinstance(top, P.OrdersPrompt):
            return fight.default_order(s, seat)
        if isinstance(top, P.RaidPrompt):
            return legal[0]                                        # the token's own nation
        if isinstance(top, P.RaidSkullPrompt):
            return raiding.default_skull(s, seat)
        if isinstance(top, (P.BombardPrompt, P.LandBattlePrompt)):
            from engine.merchants_marauders.rules.location_raid_turn import default
            return default(s, seat, top)
        if isinstance(top, P.RecruitPrompt):
            return legal[-1]                                       # the most allowed
        if isinstance(top, P.StashPrompt):
            return legal[-2] if top.step == "tens" and len(legal) > 1 else legal[-1]
        if isinstance(top, P.KeepCargoPrompt):
            return _best_keep(legal)
        if isinstance(top, P.PlunderPrompt):
            return next((a for a in legal if isinstance(a, A.Take) and a.what in ("gold", "cargo")), legal[-1])
        if isinstance(top, (P.BurnPrompt, P.SpreadPrompt)):
            from engine.merchants_marauders.rules.weapons_turn import default_hit
            return default_hit(s, seat, top)
        if isinstance(top, P.PlankPrompt):
            return legal[0]                                        # `check` (Module 11's plank)
        if isinstance(top, P.DiscardGloryPrompt):
            return A.Discard(card=s.players[seat].glory_cards[-1])   # the card drawn last
        return next((a for kind in DEFAULT_PREFERENCE for a in legal if isinstance(a, kind)), legal[0])

    def help_topics(self) -> dict[str, HelpTopic]:
        return _help()

    def describe(self, s: MMState, seat: int, a: Any) -> ActionText:
        return labels.describe(s, seat, a)

    def standing_orders(self) -> OrderBook:
        from engine.merchants_marauders.orders import BOOK
        return BOOK


def action_ship(legal: list[Any]) -> Any:
    """A sloop (the plan's default), keeping the captain drawn."""
    return next((a for a in legal if isinstance(a, A.Ship) and a.ship == "sloop"), legal[0])


def _best_keep(legal: list[Any]) -> Any:
    from engine.merchants_marauders.rules.common import cargo_card
    keeps = [a for a in legal if isinstance(a, A.Keep)]
    return max(keeps, key=lambda a: cargo_card(a.card).plunder) if keeps else legal[-1]


@cache
def _help() -> dict[str, HelpTopic]:
    return load_help(DATA_DIR / "help.toml")


GAME = register(MerchantsMarauders())
