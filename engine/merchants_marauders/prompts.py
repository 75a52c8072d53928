"""Merchants & Marauders prompts: the decisions the game waits on, one small typed model each, a
union discriminated on `kind` (engine.core.prompts). Open prompts sit on `State.stack`, the current
one last. The rules behind the options live in rules/ (imported inside `legal`, since the rule
modules push these prompts). No prompt offers more than 25 options (MAX_OPTIONS)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import Field

from engine.core.prompts import PendingKind, PromptBase
from engine.merchants_marauders import actions as A
from engine.merchants_marauders.actions import action

if TYPE_CHECKING:
    from engine.merchants_marauders.state import State

MAX_OPTIONS = 25


class SetupPrompt(PromptBase):
    """Setup: every seat picks its starting ship in secret; shown together once all are in."""
    kind: Literal["setup"] = "setup"
    text: ClassVar[str] = "pick a starting ship in secret"
    pending_kind: ClassVar[PendingKind] = "simultaneous"

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.start import start_ships
        from engine.merchants_marauders.rules.variants_turn import captain_options
        return captain_options(s, seat) or [action(A.Ship, ship=t) for t in start_ships()]


class NewCaptainPrompt(PromptBase):
    """A dead captain's successor: redraw (a pirate NPC in its home zone), then a starting ship."""
    kind: Literal["new_captain"] = "new_captain"
    text: ClassVar[str] = "set up a new captain"

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.death import new_captain_options
        return new_captain_options(s, seat)


class ActionPrompt(PromptBase):
    kind: Literal["action"] = "action"
    text: ClassVar[str] = "take an action"

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.turn import action_options
        return action_options(s, seat)


class KeepCargoPrompt(PromptBase):
    """Cargo cards to keep, one at a time: leaving port over the hold (`leave`), or a raid's or a
    navy's plunder (`plunder`); `done` lets the rest go."""
    kind: Literal["keep"] = "keep"
    text: ClassVar[str] = "choose the cargo to keep"
    why: Literal["leave", "plunder"]
    cards: list[str]
    kept: list[str] = []
    room: int
    smuggled: list[str] = []            # Module 7: plunder kept as contraband, into the compartment

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.smuggling_turn import keep_options, keep_room
        out: list[Any] = []
        if len(self.kept) + len(self.smuggled) < keep_room(s, seat, self):
            out = [action(A.Keep, card=c) for c in self.cards if c not in self.kept and c not in self.smuggled]
            out = [*out, *keep_options(s, seat, self)][:MAX_OPTIONS - 1]
        # leaving port keeps exactly what the hold takes (trade.leave_port): no `done` there
        return out if self.why == "leave" else [*out, action(A.Done)]


class PortPrompt(PromptBase):
    kind: Literal["port"] = "port"
    text: ClassVar[str] = "choose a part of the port action"
    taken: list[str] = []

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.port import port_options
        return port_options(s, seat, self)


class SellPrompt(PromptBase):
    """Cards are picked one at a time; `done` sells them together (one sale)."""
    kind: Literal["sell"] = "sell"
    text: ClassVar[str] = "choose goods to sell"
    selling: list[str] = []

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.contraband_turn import sellable
        cards = [c for c in [*s.players[seat].ship.cargo, *sellable(s, seat)] if c not in self.selling]
        return [*(action(A.Sell, card=c) for c in cards), action(A.Done)]


class BuyPrompt(PromptBase):
    """The cargo cards drawn to buy (face up, public): buy them one at a time."""
    kind: Literal["buy"] = "buy"
    text: ClassVar[str] = "choose goods to buy"
    drawn: list[str]
    bought: list[str] = []
    redrawn: bool = False

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.port import buy_options
        return buy_options(s, seat, self)


class ShipyardPrompt(PromptBase):
    kind: Literal["shipyard"] = "shipyard"
    text: ClassVar[str] = "use the shipyard"

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.port import shipyard_options
        return shipyard_options(s, seat)


class RecruitPrompt(PromptBase):
    """After the Leadership roll: how many crew to hire (0 to `most`)."""
    kind: Literal["recruit"] = "recruit"
    text: ClassVar[str] = "hire crew"
    most: int

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.Hire, n=n) for n in range(self.most + 1)]


class StashPrompt(PromptBase):
    """Gold into the stash: tens first, then units; `done` stashes nothing more."""
    kind: Literal["stash"] = "stash"
    text: ClassVar[str] = "stash gold"
    step: Literal["tens", "units"] = "tens"

    def legal(self, s: State, seat: int) -> list[Any]:
        gold = s.players[seat].ship.gold
        if self.step == "tens":
            amounts = [10 * k for k in range(1, gold // 10 + 1)][:MAX_OPTIONS - 1]
        else:
            amounts = list(range(1, min(gold, 9) + 1))
        return [*(action(A.Stash, n=n) for n in amounts), action(A.Done)]


class RaidPrompt(PromptBase):
    """A merchant found: raid it for one of its nations, or let it go."""
    kind: Literal["raid"] = "raid"
    text: ClassVar[str] = "raid the merchant or let it go"
    nations: list[str]

    def legal(self, s: State, seat: int) -> list[Any]:
        return [*(action(A.ChooseNation, nation=n) for n in self.nations), action(A.Release)]


class RaidSkullPrompt(PromptBase):
    kind: Literal["raid_skulls"] = "raid_skulls"
    text: ClassVar[str] = "spend the raid's skulls"

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.raiding import skull_options
        return skull_options(s, seat)


class OrdersPrompt(PromptBase):
    """Combat orders of one round, sealed: each deciding seat (a fighter, or the player running
    an NPC) answers in secret; both are shown together once all are in."""
    kind: Literal["orders"] = "orders"
    text: ClassVar[str] = "give a combat order in secret"
    pending_kind: ClassVar[PendingKind] = "simultaneous"

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.fight import order_options
        return order_options(s, seat)


class ShotPrompt(PromptBase):
    """The shooter has seen its location dice: spend one shot weapon on them, or none."""
    kind: Literal["shot"] = "shot"
    text: ClassVar[str] = "choose a special shot"
    role: Literal["aggressor", "defender"]
    weapons: list[str]

    def legal(self, s: State, seat: int) -> list[Any]:
        return [*(action(A.Shot, weapon=w) for w in self.weapons), action(A.NoShot)]


class BurnPrompt(PromptBase):
    """Module 2: this side burns; its decider names the location that loses a point."""
    kind: Literal["burn"] = "burn"
    text: ClassVar[str] = "choose where the fire burns"
    role: Literal["aggressor", "defender"]

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.weapons_turn import burn_options
        return burn_options()


class SpreadPrompt(PromptBase):
    """Module 2: double shot's last hits, one to each of `count` different locations."""
    kind: Literal["spread"] = "spread"
    text: ClassVar[str] = "choose where double shot's last hits land"
    shooter: Literal["aggressor", "defender"]
    count: int
    zones: list[str]
    picked: list[str] = []

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.Hit, location=z) for z in self.zones if z not in self.picked]


class SpikesPrompt(PromptBase):
    """Module 2: after a contest where this side ordered board, spend spikes or not."""
    kind: Literal["spikes"] = "spikes"
    text: ClassVar[str] = "decide whether to use spikes"
    role: Literal["aggressor", "defender"]

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.UseWeapon, weapon="spikes"), action(A.NoShot)]


class UpgradesPrompt(PromptBase):
    """Module 4: the victor of a crew clash over an NPC takes its unspent upgrades it has room for."""
    kind: Literal["upgrades"] = "upgrades"
    text: ClassVar[str] = "take the NPC's upgrades"
    slot: str
    tokens: list[str]

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.upgrades_turn import spoils_options
        return spoils_options(s, seat, self)


class CardPrompt(PromptBase):
    """A glory-card window: after a fight's Seamanship contest or a crew clash's roll, or when an
    NPC's scouting has found this captain. Offered to every fighter holding any glory card, so
    being asked says no more than the public count; `pass` closes it."""
    kind: Literal["card"] = "card"
    text: ClassVar[str] = "play a glory card or pass"
    window: Literal["contest", "clash", "scouted"]
    role: str = ""
    slot: str = ""

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.fight_cards import window_options
        return [*window_options(s, seat, self), action(A.Pass)]


class RerollPrompt(PromptBase):
    """A failed check a captain's ability may roll again (once a round)."""
    kind: Literal["reroll"] = "reroll"
    text: ClassVar[str] = "decide whether to reroll"
    check: Literal["scout", "rumour", "investigate", "claim", "attempt", "npc", "enter"]
    target: str = ""
    dice: int
    goodwill: bool = False              # Module 10: paid with 1 goodwill, taken or `accept`ed

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.Reroll), action(A.Accept if self.goodwill else A.Pass)]


class PlunderPrompt(PromptBase):
    """The victor of a crew clash over a player takes what it likes, one thing at a time."""
    kind: Literal["plunder"] = "plunder"
    text: ClassVar[str] = "take plunder"
    loser: int

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.fight_end import plunder_options
        return plunder_options(s, seat, self.loser)


class TreasurePrompt(PromptBase):
    """Module 6: the treasure galleon boarded, its gold taken: take the galleon for a ship too?"""
    kind: Literal["treasure"] = "treasure"
    text: ClassVar[str] = "take the treasure galleon for your ship, or keep yours"

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.treasure_turn import prize_options
        return prize_options(s, seat)


class CapturePrompt(PromptBase):
    """A crew clash won over a navy or pirate NPC: take its ship for your own, or keep yours
    (rules/capture_turn.py)."""
    kind: Literal["capture"] = "capture"
    text: ClassVar[str] = "take the NPC's ship for your own, or keep yours"
    slot: str

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.capture_turn import capture_options
        return capture_options(s, seat)


class OldModsPrompt(PromptBase):
    """A prize taken: the old ship's modifications go face down to ports the victor names, one at
    a time (without Module 3; rules/capture_turn.py)."""
    kind: Literal["old_mods"] = "old_mods"
    text: ClassVar[str] = "choose a port for an old modification"
    mods: list[str]

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.capture_turn import old_mods_options
        return old_mods_options(s, seat)


class DiscardGloryPrompt(PromptBase):
    kind: Literal["discard_glory"] = "discard_glory"
    text: ClassVar[str] = "discard a glory card"

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.Discard, card=c) for c in dict.fromkeys(s.players[seat].glory_cards)]


class AmbushPrompt(PromptBase):
    """Cutthroat: the active player arrived where these captains are at sea; each says in
    secret whether to scout out of turn (rules/cutthroat_turn.py)."""
    kind: Literal["ambush"] = "ambush"
    text: ClassVar[str] = "decide in secret whether to scout out of turn"
    pending_kind: ClassVar[PendingKind] = "simultaneous"
    active: int

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.state import label
        return [action(A.Scout, target=label(self.active)), action(A.Pass)]


class VisitPrompt(PromptBase):
    """A location's visit that needs a choice (Module 9, rules/locations_turn.py); `stop` ends it."""
    kind: Literal["visit"] = "visit"
    text: ClassVar[str] = "use the location's visit"
    location: str
    slot: str = ""                  # Naval Fort: the warship chosen
    faces: list[str] = []           # Reefs: the Scouting dice
    taken: list[str] = []           # Reefs: the items picked so far; Trading Post: the cards picked
    step: str = ""                  # Trading Post: "sell", then "buy"
    drawn: list[str] = []           # Trading Post: the cards offered to buy (face up)

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.locations_turn import options
        return options(s, seat, self)


class BombardPrompt(PromptBase):
    """A location raid's bombardment (Module 9, rules/location_raid_turn.py): the defence cards
    laid out face up, the guns' dice left, a skull waiting for its card."""
    kind: Literal["bombard"] = "bombard"
    text: ClassVar[str] = "bombard the location"
    location: str
    cards: list[str]
    dice: int
    skull: bool = False
    favoured: bool = False              # Module 10: the defence cards were redrawn with goodwill

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.location_raid_turn import bombard_options
        return bombard_options(s, seat, self)


class LandBattlePrompt(PromptBase):
    """After the bombardment: land and fight for the location, or withdraw."""
    kind: Literal["land_battle"] = "land_battle"
    text: ClassVar[str] = "land or withdraw"
    location: str
    cards: list[str]

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.Attack), action(A.Withdraw)]


class EnterPrompt(PromptBase):
    """Module 10: a port closed to the captain, entered for its goodwill price, or not."""
    kind: Literal["enter"] = "enter"
    text: ClassVar[str] = "pay goodwill to enter the closed port, or stay out"
    price: int
    villon: bool = False                # Alexander Villon's failed Influence check: 1 goodwill (MM-M10-23)

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.PayGoodwill), action(A.Stay)]


class RedrawPrompt(PromptBase):
    """Module 10: a rumour, glory or mission card just drawn, or a true rumour's goods cards, sent
    back for as many others for 1 goodwill (rules/goodwill_redraws_turn.py). No secret card is
    named: the rumour is the one held, the glory cards are the `n` from `at` in the hand, the goods
    those of the KeepCargoPrompt beneath."""
    kind: Literal["redraw"] = "redraw"
    text: ClassVar[str] = "spend goodwill to redraw, or keep the draw"
    draw: Literal["rumour", "glory", "mission", "cargo"]
    n: int = 1
    at: int = 0
    card: str = ""                      # mission: the new one on the board (face up)
    distinct: bool = False              # cargo: a good already taken is passed over (MM-REPL-02)

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.goodwill_redraws_turn import options
        return options(s, seat, self)


class PlankPrompt(PromptBase):
    """Modules 3 and 11: an NPC event costs loyalty; the plank's owner may try to cancel it."""
    kind: Literal["plank"] = "plank"
    text: ClassVar[str] = "use the plank against the loyalty loss"

    def legal(self, s: State, seat: int) -> list[Any]:
        p = s.players[seat]
        crew = [action(A.Crew)] if not p.in_port and p.ship.points["crew"] > 0 else []
        return [action(A.Check), *crew, action(A.Accept)]


class CompartmentPrompt(PromptBase):
    """Module 7: cargo hits on a ship with cards in both compartments; the owner names the
    compartment of each hit in turn (MM-M7-27), the ordinary hold first by default."""
    kind: Literal["compartment"] = "compartment"
    text: ClassVar[str] = "choose where each cargo hit takes a card from"
    hits: int                           # hits still to place

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.merchants_marauders.rules.contraband_turn import compartment_options
        return compartment_options(s, seat)


class ContrabandPrompt(PromptBase):
    """Module 7: a warship's search found contraband aboard: attack it, or dump the compartment."""
    kind: Literal["contraband"] = "contraband"
    text: ClassVar[str] = "resist the warship's search or dump the contraband"
    slot: str

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.Resist), action(A.Dump)]


Prompt = Annotated[
    SetupPrompt | NewCaptainPrompt | ActionPrompt | KeepCargoPrompt | PortPrompt | SellPrompt | BuyPrompt
    | ShipyardPrompt | RecruitPrompt | StashPrompt | RaidPrompt | RaidSkullPrompt | OrdersPrompt | ShotPrompt
    | CardPrompt | RerollPrompt | PlunderPrompt | DiscardGloryPrompt
    | TreasurePrompt | CapturePrompt | OldModsPrompt
    | BurnPrompt | SpreadPrompt | SpikesPrompt | UpgradesPrompt
    | VisitPrompt | BombardPrompt | LandBattlePrompt
    | AmbushPrompt | EnterPrompt | PlankPrompt | ContrabandPrompt | RedrawPrompt
    | CompartmentPrompt,
    Field(discriminator="kind")]
