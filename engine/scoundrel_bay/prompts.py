"""Scoundrel Bay prompts: the decisions the game waits on, one small typed model each, a union
discriminated on `kind` (engine.core.prompts). Open prompts sit on `State.stack`, the current
one last. Each says who decides, what "waiting on X to ..." says, and which actions answer it;
the rules behind the options live in rules/ (imported inside `legal`, as the rule modules push
these prompts). `anytime` prompts also offer GAIN CRATE CONTENTS (and Barrelbeard's landing on
the seat's own turn), added by legal.py."""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import Field

from engine.core.prompts import PendingKind, PromptBase
from engine.scoundrel_bay import actions as A
from engine.scoundrel_bay.actions import action
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.effect import Effect

if TYPE_CHECKING:
    from engine.scoundrel_bay.state import State

RESOURCES = ("ring", "map", "rum", "food")
FLAGS = ("blue", "black", "yellow", "red")
ACTIONS = ("recruit", "sail", "invade")


class SBPrompt(PromptBase):
    anytime: ClassVar[bool] = True          # crates may be opened while it is open

    def allows_anytime(self) -> bool:
        return self.anytime


# ---- step 1 --------------------------------------------------------------------------------

class ActionPrompt(SBPrompt):
    """PLAY 1 CARD AND PERFORM 1 ACTION: not last turn's action unless an unlock tile is spent."""
    kind: Literal["action"] = "action"
    text: ClassVar[str] = "play a card for an action"

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.scoundrel_bay.rules.invade import can_invade_with
        p, out = s.players[seat], []
        for card in sorted(set(p.hand)):
            for name in ACTIONS:
                if name == p.last_action and not p.unlocks:
                    continue
                if name == "invade" and not can_invade_with(s, seat, card):
                    continue
                out.append(action(A.Take, action=name, card=card))
        return out


class DistancePrompt(SBPrompt):
    kind: Literal["distance"] = "distance"
    text: ClassVar[str] = "choose how far to sail"

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.Distance, n=n) for n in (1, 2, 3)]


class SailBonusPrompt(SBPrompt):
    kind: Literal["sail-bonus"] = "sail-bonus"
    text: ClassVar[str] = "choose a sail reward"

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.scoundrel_bay.rules.milestones import upgrades_with
        from engine.scoundrel_bay.rules.sail import bonus_choices
        out: list[Any] = [action(A.SailBonus, which=w) for w in bonus_choices(s.turn.distance)]
        for u in upgrades_with(s, seat, "sail-reward"):
            if s.turn.distance in u.distances:
                out.append(action(A.SailBonus, which=u.sail_reward, charts=True))
        return [*out, action(A.SailBonus, which=None)]


class ShootPrompt(SBPrompt):
    """Captain Beastbane may slay the monster with a sword instead of shooting it."""
    kind: Literal["shoot"] = "shoot"
    text: ClassVar[str] = "shoot the monster or use Beastbane"

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.KeepRoll), action(A.Beastbane)]


class RerollPrompt(SBPrompt):
    kind: Literal["reroll"] = "reroll"
    text: ClassVar[str] = "keep the monster die or reroll it"

    def legal(self, s: State, seat: int) -> list[Any]:
        fight = s.turn.fight
        out: list[Any] = [action(A.KeepRoll)]
        if fight is not None and fight.free_rerolls:
            out.append(action(A.Reroll, free=True))
        if s.players[seat].resources["ring"]:
            out.append(action(A.Reroll))
        return out


class LandPrompt(SBPrompt):
    kind: Literal["land"] = "land"
    text: ClassVar[str] = "invade a region"

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.scoundrel_bay.rules.invade import landings
        inv = s.turn.invasion
        assert inv is not None
        out: list[Any] = list(landings(s, seat, inv.flag, inv.capacity, inv.invaded))
        # At least one landing, unless an anytime action (a crate opened, a Barrelbeard landing)
        # has since made every landing impossible.
        return out + ([action(A.Done)] if inv.invaded or not out else [])


class DigPrompt(SBPrompt):
    kind: Literal["dig"] = "dig"
    text: ClassVar[str] = "dig for treasure"
    region: str

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.scoundrel_bay.rules.invade import digs
        return [*digs(s, seat, self.region), action(A.Done)]


class PlunderPrompt(SBPrompt):
    kind: Literal["plunder"] = "plunder"
    text: ClassVar[str] = "plunder crates"
    region: str
    used: int = 0                          # strength already spent on crates plundered

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.scoundrel_bay.rules.invade import plunderable
        return [*(action(A.Plunder, crate=c) for c in plunderable(s, seat, self.region, self.used)), action(A.Done)]


class HarborPrompt(SBPrompt):
    """RAID AND TRADE: deliver crates (needed when the swords fall short) and trade once, in
    either order, then go."""
    kind: Literal["harbor"] = "harbor"
    text: ClassVar[str] = "deliver crates and trade"
    region: str
    passed: bool                           # raided, or delivered a crate: free to trade and leave
    used: int = 0
    traded: bool = False

    def allows_anytime(self) -> bool:
        """Not before the ship is passed: the crate that gets the pirates in must stay deliverable."""
        return self.passed

    def legal(self, s: State, seat: int) -> list[Any]:
        """The trade actions in any order (SB-HARBOR-06): the market once, before or after the
        deliveries; leaving only once a delivery got the pirates in, if the swords did not."""
        from engine.scoundrel_bay.rules.invade import deliveries, trades
        out: list[Any] = [action(A.Deliver, crate=c) for c in deliveries(s, seat, self.region, self.used)]
        # A delivery is due while the swords fell short and a crate can still go; when none can
        # (a pirate moved away by a reward), the visit ends.
        due = not self.passed and bool(out)
        if not self.traded and (self.passed or due):
            out += [action(A.Trade, option=i, alternative=alt) for i, alt in trades(s, seat, self.region)]
        return out + ([] if due else [action(A.Done)])


class MarketPrompt(SBPrompt):
    """Captain Goldtongue: a pirate moved to a harbor may trade there once, 1 food cheaper."""
    kind: Literal["market"] = "market"
    text: ClassVar[str] = "trade in the market"
    region: str
    discount: int

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.scoundrel_bay.rules.invade import trades
        return [*(action(A.Trade, option=i, alternative=alt) for i, alt in trades(s, seat, self.region, self.discount)),
                action(A.Decline)]


# ---- step 2 --------------------------------------------------------------------------------

class CardPrompt(SBPrompt):
    kind: Literal["card"] = "card"
    text: ClassVar[str] = "add a card to the hand"

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.scoundrel_bay.rules.add_card import display_cost, scoutable
        from engine.scoundrel_bay.rules.tracks import can_pay
        have = dict(s.players[seat].resources)
        out: list[Any] = [action(A.Buy, slot=i) for i, c in enumerate(s.display)
                          if c is not None and can_pay(have, "rum", display_cost(i))]
        if can_pay(have, "rum", defs().cards.display.scout_rum) and scoutable(s):
            out += [action(A.Scout, flag=f) for f in FLAGS]
        return out or [action(A.Done)]


# ---- rewards and losses ------------------------------------------------------------------------

class MovePrompt(SBPrompt):
    """Pirate moves: `moves` left; `source` limits them to pirates from one region (Beachcombers);
    `hideouts` to moves into a hideout over any bridge (the sail-reward upgrades)."""
    kind: Literal["move"] = "move"
    text: ClassVar[str] = "make a pirate move"
    moves: int
    optional: bool = True
    source: str | None = None
    hideouts: bool = False

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.scoundrel_bay.rules.moves import hideout_moves, pirate_moves
        moves = hideout_moves(s, seat) if self.hideouts else pirate_moves(s, seat)
        if self.source is not None:
            moves = [m for m in moves if m.source == self.source]
        return [*moves, action(A.Done)]


class PricePrompt(SBPrompt):
    """An optional reward with a price (a paid blind recruitment, Rumwhistle's extra recruit)."""
    kind: Literal["price"] = "price"
    text: ClassVar[str] = "decide whether to pay for a reward"
    effect: Effect

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.Accept), action(A.Decline)]


class SellPrompt(SBPrompt):
    kind: Literal["sell"] = "sell"
    text: ClassVar[str] = "sell resources"

    def legal(self, s: State, seat: int) -> list[Any]:
        return [*(action(A.Sell, resource=r) for r in RESOURCES if s.players[seat].resources[r]), action(A.Done)]


class LosePrompt(SBPrompt):
    """A pirate dies: which space it comes from. `shortfall`: a pirate not there is ship damage."""
    kind: Literal["lose"] = "lose"
    text: ClassVar[str] = "choose which pirate dies"
    n: int
    shortfall: bool = False

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.scoundrel_bay.rules.effects import losable
        return [action(A.Lose, space=sp, captain=c) for sp, c in losable(s, seat)]


class PayResourcePrompt(SBPrompt):
    """The Rat King's Due: resources of the player's choice, `n` still to pay."""
    kind: Literal["pay-resource"] = "pay-resource"
    text: ClassVar[str] = "choose resources to pay"
    n: int

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.PayResource, resource=r) for r in RESOURCES if s.players[seat].resources[r]]


class ExtraMapsPrompt(SBPrompt):
    """Treasure Maps upgrade: extra maps spent on the treasures just dug, 5 doubloons each."""
    kind: Literal["extra-maps"] = "extra-maps"
    text: ClassVar[str] = "spend extra maps for doubloons"
    treasures: int

    def legal(self, s: State, seat: int) -> list[Any]:
        have = s.players[seat].resources
        return [*(action(A.Accept, option=n) for n in range(1, have["map"] + have["ring"] + 1)), action(A.Decline)]


class RummagePrompt(SBPrompt):
    """Rummagers upgrade: one reward from each undelivered crate, the first crate in `crates` now."""
    kind: Literal["rummage"] = "rummage"
    text: ClassVar[str] = "take a reward from a crate"
    crates: list[str]

    def legal(self, s: State, seat: int) -> list[Any]:
        contents = defs().crates.crates[self.crates[0]].contents
        return [*(action(A.Accept, option=i) for i in range(len(contents))), action(A.Decline)]


class UpgradePrompt(SBPrompt):
    kind: Literal["upgrade"] = "upgrade"
    text: ClassVar[str] = "take or discard an upgrade"
    milestone: str

    def legal(self, s: State, seat: int) -> list[Any]:
        ups = [u for u in s.upgrade_supply if defs().milestones.upgrades[u].milestone == self.milestone]
        return [action(A.Milestone, upgrade=u, discard=d) for u in ups for d in (False, True)]


# ---- the end of the stage ------------------------------------------------------------------

class BidPrompt(SBPrompt):
    """BLIND BID: every seat bids at once, in secret; one bid each, locked in as it is made."""
    kind: Literal["bid"] = "bid"
    text: ClassVar[str] = "make a secret blind bid"
    pending_kind: ClassVar[PendingKind] = "simultaneous"
    anytime: ClassVar[bool] = False         # a bid is one sealed decision

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.Bid, doubloons=n) for n in range(s.players[seat].doubloons + 1)]


class PickPrompt(SBPrompt):
    """Blind bid for rewards: from the highest bid down, a reward nobody has taken."""
    kind: Literal["pick"] = "pick"
    text: ClassVar[str] = "choose a blind-bid reward"
    after: list[int]
    taken: list[int] = []

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.scoundrel_bay.rules.end_of_stage import event_def
        return [action(A.Pick, choice=i) for i in range(len(event_def(s).choices)) if i not in self.taken]


class ExchangePrompt(SBPrompt):
    """Too Good to be True: each player, in any order, may give 1 resource for 2 others."""
    kind: Literal["exchange"] = "exchange"
    text: ClassVar[str] = "decide on the merchant's exchange"
    pending_kind: ClassVar[PendingKind] = "simultaneous"

    def legal(self, s: State, seat: int) -> list[Any]:
        out: list[Any] = []
        for give in RESOURCES:
            if not s.players[seat].resources[give]:
                continue
            others = [r for r in RESOURCES if r not in (give, "ring")]
            out += [action(A.Exchange, give=give, get=pair) for pair in combinations_with_replacement(others, 2)]
        return [*out, action(A.Decline)]


class DisplayRecruitPrompt(SBPrompt):
    kind: Literal["display-recruit"] = "display-recruit"
    text: ClassVar[str] = "recruit from the pirate display"

    def legal(self, s: State, seat: int) -> list[Any]:
        return [*(action(A.Accept, option=i) for i, c in enumerate(s.display) if c is not None), action(A.Decline)]


class FeedPrompt(SBPrompt):
    """COOK AND FEED: how far down the feeding order to feed, chosen by every seat in secret."""
    kind: Literal["feed"] = "feed"
    text: ClassVar[str] = "decide how many of the crew to feed"
    pending_kind: ClassVar[PendingKind] = "simultaneous"

    def legal(self, s: State, seat: int) -> list[Any]:
        from engine.scoundrel_bay.rules.feed import most_fed
        p = s.players[seat]
        return [action(A.Feed, fed=n) for n in range(most_fed(p.crew_space, p.resources["food"], p.resources["ring"]) + 1)]


class FinalCratesPrompt(SBPrompt):
    """Before final scoring, seats with undelivered crates may still open them."""
    kind: Literal["final-crates"] = "final-crates"
    text: ClassVar[str] = "open crates before final scoring"
    pending_kind: ClassVar[PendingKind] = "simultaneous"

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.Done)]


class CaptainPrompt(SBPrompt):
    """CAPTAIN POWERS setup: counter-clockwise from the seat right of the first player."""
    kind: Literal["captain"] = "captain"
    text: ClassVar[str] = "choose a captain power tile"
    tiles: list[str]
    after: list[int]

    def legal(self, s: State, seat: int) -> list[Any]:
        return [action(A.ChooseCaptain, tile=t) for t in self.tiles]


Prompt = Annotated[
    ActionPrompt | DistancePrompt | SailBonusPrompt | ShootPrompt | RerollPrompt | LandPrompt | DigPrompt
    | PlunderPrompt | HarborPrompt | MarketPrompt | CardPrompt | MovePrompt | PricePrompt | SellPrompt
    | LosePrompt | PayResourcePrompt | ExtraMapsPrompt | RummagePrompt | UpgradePrompt | BidPrompt | PickPrompt
    | ExchangePrompt | DisplayRecruitPrompt | FeedPrompt | FinalCratesPrompt | CaptainPrompt,
    Field(discriminator="kind")]
