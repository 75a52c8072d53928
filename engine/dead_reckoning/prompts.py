"""Dead Reckoning prompts: the decisions the game waits on, one small typed model each, a union
discriminated on `kind` (engine.core.prompts). Open prompts sit on `State.stack`, the current one
last. The rules behind the options live in rules/ (imported inside `legal`, since the rule modules
push these prompts). `anytime` prompts also offer rearranging and jettisoning (rules/legal.py):
every decision of the seat's own turn and its answer to an attack, except those in the middle of
another choice (an amount, a payment, a split gain, making room) and those after a battle has begun."""
from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import Field

from engine.core.prompts import PendingKind, PromptBase
from engine.dead_reckoning import actions as A
from engine.dead_reckoning.actions import action
from engine.dead_reckoning.defs import Pay

if TYPE_CHECKING:
    from engine.dead_reckoning.state import State

MAX_OPTIONS = 25


class DRPrompt(PromptBase):
    anytime: ClassVar[bool] = False


class TokenPrompt(DRPrompt):
    """Variant: each seat keeps one of its two Bonus Achievement tokens, all at once."""
    kind: Literal["token"] = "token"
    text: ClassVar[str] = "keep a Bonus Achievement token"
    pending_kind: ClassVar[PendingKind] = "simultaneous"

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.Keep, token=t) for t in s.players[seat].tokens_dealt]


class LevelPrompt(DRPrompt):
    kind: Literal["level"] = "level"
    text: ClassVar[str] = "level up a card"
    anytime: ClassVar[bool] = True

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.rules.main_phase import level_options
        return level_options(s, seat)


class MainPrompt(DRPrompt):
    kind: Literal["main"] = "main"
    text: ClassVar[str] = "take main phase actions"
    anytime: ClassVar[bool] = True

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.rules.main_phase import main_options
        return main_options(s, seat)


class MenuPrompt(DRPrompt):
    """One group of the main menu (a menu of more than 25 options is split); `done` goes back."""
    kind: Literal["menu"] = "menu"
    text: ClassVar[str] = "take main phase actions"
    group: Literal["goods", "play", "use"]

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.rules.legal import full_main, grouped
        return [*grouped(full_main(s, seat), self.group)[:MAX_OPTIONS - 1], action(A.Done)]


class SailsPrompt(DRPrompt):
    """Before the Sails are counted: for each played card with an either-or Sail option, take the
    Sails now or keep the ability for its other option."""
    kind: Literal["sails"] = "sails"
    text: ClassVar[str] = "choose Sail options"
    anytime: ClassVar[bool] = True
    queue: list[tuple[str, int]]             # (card, its either-or Sail ability) still to decide
    taken: list[tuple[str, int]] = []

    def legal(self, s: State, seat: int) -> list[Any]:
        card, index = self.queue[0]
        return [action(A.SailChoice, card=card, index=index, take=True),
                action(A.SailChoice, card=card, index=index, take=False)]


class MovingPrompt(DRPrompt):
    kind: Literal["moving"] = "moving"
    text: ClassVar[str] = "move the Ship"
    anytime: ClassVar[bool] = True

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.rules.move_ship import moving_options
        return moving_options(s, seat)


class PirateOrderPrompt(DRPrompt):
    kind: Literal["pirate-order"] = "pirate-order"
    text: ClassVar[str] = "choose which Pirate to fight first"
    anytime: ClassVar[bool] = True

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.Fight, target=t) for t in s.turn.pirate_queue]


class InfluencePrompt(DRPrompt):
    """Place the cubes of one Influence ability, one at a time, all of them (DR-ABD-06)."""
    kind: Literal["influence"] = "influence"
    text: ClassVar[str] = "place Influence cubes"
    anytime: ClassVar[bool] = True
    at: str
    left: int
    overrides_forts: bool = False

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.rules.abilities import influence_slots, take_options
        slots = [action(A.Slot, slot=i) for i in influence_slots(s, seat, self)]
        if slots or s.players[seat].cubes > 0:
            return slots
        # out of cubes: one comes back from another island first, if the placement would be legal
        s.players[seat].cubes += 1
        could = bool(influence_slots(s, seat, self))
        s.players[seat].cubes -= 1
        return take_options(s, seat, keep=self.at) if could else []


class ProducePrompt(DRPrompt):
    kind: Literal["produce"] = "produce"
    text: ClassVar[str] = "choose islands to produce on"
    anytime: ClassVar[bool] = True
    left: int
    done: list[str] = []
    bonus_cargo: int = 0
    bonus_coin: int = 0
    overrides_forts: bool = False
    only_empty: bool = False

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.rules.abilities import produce_targets
        return [*(action(A.Produce, at=at) for at in produce_targets(s, seat, self)), action(A.Done)]


class BuildPrompt(DRPrompt):
    kind: Literal["build"] = "build"
    text: ClassVar[str] = "construct Buildings"
    anytime: ClassVar[bool] = True
    left: int
    only: str | None = None

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.rules.abilities import build_options
        return [*build_options(s, seat, self), action(A.Done)]


class UpgradePrompt(DRPrompt):
    kind: Literal["upgrade"] = "upgrade"
    text: ClassVar[str] = "choose a Ship Upgrade"
    anytime: ClassVar[bool] = True
    tier: str

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.rules.abilities import upgrade_options
        return upgrade_options(s, seat, self.tier)


class PayPrompt(DRPrompt):
    """A cost the Ship or the Dock (and chest) may pay: how much from the Ship. The costs of one
    ability are paid in turn; what follows (its effects, or a Building) comes once all are paid."""
    kind: Literal["pay"] = "pay"
    text: ClassVar[str] = "choose how to pay"
    costs: list[Pay]
    then: Literal["ability", "build", "merchant"]
    source: str = ""
    n: int = 0
    option: int = 0
    building: str = ""
    at: str = ""

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.rules.abilities import ship_shares
        return [action(A.PayShip, ship=k) for k in ship_shares(s.players[seat], self.costs)][:MAX_OPTIONS]


class RoomPrompt(DRPrompt):
    """A gain for the Ship that does not fit: make room (jettison, or unload where allowed),
    each time the gain goes on aboard, or refuse the rest (DR-GAIN-03)."""
    kind: Literal["room"] = "room"
    text: ClassVar[str] = "make room on the Ship"
    res: str
    n: int

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.rules.goods import room_options
        return [*room_options(s, seat), action(A.Refuse)]


class AmountPrompt(DRPrompt):
    """How many units a load, unload, rearrangement or jettison moves."""
    kind: Literal["amount"] = "amount"
    text: ClassVar[str] = "choose how many"
    op: Literal["load", "unload", "shift", "jettison"]
    res: Literal["cargo", "coin"]
    hold: str
    to: str = ""
    most: int

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.Amount, n=n) for n in range(1, self.most + 1)]


class SplitPrompt(DRPrompt):
    """A gain that may go to the Ship or the Dock: how much goes on the Ship."""
    kind: Literal["split"] = "split"
    text: ClassVar[str] = "split a gain between Ship and Dock"
    res: str
    n: int

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.rules.common import total_room
        top = min(self.n, total_room(s.players[seat]), MAX_OPTIONS - 1)
        return [action(A.Split, ship=k) for k in range(top + 1)]


class BattleCubesPrompt(DRPrompt):
    """The active side's cubes; the battle begins only at the drop, so holds may still be
    rearranged and jettisoned now (DR-HOLD-21 reading)."""
    kind: Literal["battle-cubes"] = "battle-cubes"
    text: ClassVar[str] = "set Battle cubes"
    anytime: ClassVar[bool] = True

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.rules.battle import cube_options
        return cube_options(s, seat, defending=False)


class ResponsePrompt(DRPrompt):
    """The defender's answer, sent by DM: it sees the attacker's cubes (DR-BPVP-03)."""
    kind: Literal["response"] = "response"
    text: ClassVar[str] = "answer an attack"
    anytime: ClassVar[bool] = True

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.rules.battle import cube_options
        return cube_options(s, seat, defending=True)


class AbilityPrompt(DRPrompt):
    kind: Literal["ability"] = "ability"
    text: ClassVar[str] = "use a Battle ability or pass"

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.rules.battle import window_options
        return [*window_options(s, seat), action(A.Pass)]


class CubePrompt(DRPrompt):
    """A Battle ability takes back one of its owner's dropped cubes: which one."""
    kind: Literal["cube"] = "cube"
    text: ClassVar[str] = "choose a cube to take back"

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.state import label
        assert s.battle is not None
        zones = s.battle.board.cubes.get(label(seat), {})
        return [action(A.Remove, zone=z) for z in sorted(zones)]


class PlunderPrompt(DRPrompt):
    """Each side places its own plunder, one piece at a time: a hold, the island, the supply."""
    kind: Literal["plunder"] = "plunder"
    text: ClassVar[str] = "place plunder"

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.rules.battle import plunder_options
        return plunder_options(s, seat)


class ModePrompt(DRPrompt):
    kind: Literal["mode"] = "mode"
    text: ClassVar[str] = "choose Pirate or Mercantile mode"
    anytime: ClassVar[bool] = True

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.SetMode, mode="mercantile"), action(A.SetMode, mode="pirate")]


class SleevePrompt(DRPrompt):
    kind: Literal["sleeve"] = "sleeve"
    text: ClassVar[str] = "sleeve Advancements"
    anytime: ClassVar[bool] = True

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.dead_reckoning.rules.cleanup import sleeve_options
        return sleeve_options(s, seat)


Prompt = Annotated[
    TokenPrompt | LevelPrompt | MainPrompt | MenuPrompt | SailsPrompt | MovingPrompt | PirateOrderPrompt | InfluencePrompt | ProducePrompt
    | BuildPrompt | UpgradePrompt | PayPrompt | RoomPrompt | AmountPrompt | SplitPrompt | BattleCubesPrompt | ResponsePrompt | AbilityPrompt | CubePrompt
    | PlunderPrompt | ModePrompt | SleevePrompt,
    Field(discriminator="kind")]
