"""Contraband (Seas of Glory Module 7) and the smuggler's hold (Module 3): receiving contraband
when buying or taking goods, the contraband compartment, selling at the card's named port with a
glory point every second sale, warships searching non-pirates who carry it, and Cargo hits that
pick a compartment.

A ship's goods are a `Hold`: the ordinary hold, the contraband compartment of the player card's
add-on and at most one card under the smuggler's hold. A contraband card is a `ContrabandCard`,
a cargo card that also names the one port that buys it as contraband; an ordinary-hold card is
ordinary whatever it is (MM-M7-08, -26). Every rule on goods cards reads both kinds (MM-M7-21):
these functions build on trade.py, so the base prices, the demand replacement and the in-port
limit are the same rules.

Readings (Parley's, see docs/rules-coverage/merchants_marauders.md):
- A zone's buying price replaces the flat contraband price: 2 a card at Nassau, 3 elsewhere
  (MM-M7-22). Ordinary cards keep the base price, the pair discount counted over the drawn cards
  not bought as contraband (MM-M7-07).
- Both compartments share one capacity: together they hold at most the ship's cargo value at sea
  (6 cards, or the hold if larger, while in port); the smuggler's hold card counts against
  neither (MM-M7-25, MM-M3-09).
- A captain who resists a warship's search attacks it and takes the bounty any attack on a navy
  ship costs (aftermath.attack_bounty); one who dumps discards the whole compartment, never the
  hidden card (MM-M7-18, -19).
- Each Cargo hit discards one card: the owner names the compartment, the card is random within
  it, the other compartment is used when that one is empty; at Cargo 0 both are emptied. The
  hidden card survives all of it (MM-M7-27 to -30).
- The cards sold and waiting behind the captain belong to the player and pass to the next
  captain (MM-M7-14)."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core.errors import IllegalActionError
from engine.core.rng import Rng
from engine.merchants_marauders.rules import npc, trade
from engine.merchants_marauders.rules.aftermath import attack_bounty
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.rules.trade import ORDINARY, BuyDraw, PortTerms
from engine.merchants_marauders.vocab import Good, Nation, Zone

Compartment = Literal["ordinary", "contraband"]
SearchAnswer = Literal["resist", "dump"]
SALE_GOLD = 10              # a contraband card sold at its port (MM-M7-10; data: sale_gold)
SALES_PER_GLORY = 2         # every second contraband sale earns 1 glory (MM-M7-12; data: sales_per_glory)


class ContrabandCard(CargoCard):
    """A Module 7 card: a good like any other, and contraband sold only at `port` (MM-M7-02, -09)."""
    port: Zone


# A card of either deck; the union keeps a contraband card's port through a state's save and load
# (a plain CargoCard field would drop it).
AnyCard = ContrabandCard | CargoCard


class Hold(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    ordinary: list[AnyCard] = []
    contraband: list[ContrabandCard] = []
    hidden: ContrabandCard | None = None        # under the smuggler's hold (MM-M3-09)

    def counted(self) -> int:
        """Cards that take cargo space: both compartments, not the hidden card (MM-M7-25, MM-M3-09)."""
        return len(self.ordinary) + len(self.contraband)

    def cards(self) -> list[CargoCard]:
        return [*self.ordinary, *self.contraband, *([self.hidden] if self.hidden else [])]


def is_contraband(card: CargoCard) -> bool:
    """A card of the contraband deck, which may go in either compartment (MM-M7-02)."""
    return isinstance(card, ContrabandCard)


def _ids(cards: Sequence[CargoCard]) -> set[str]:
    return {c.id for c in cards}


def _check_limit(hold: Hold, limit: int) -> None:
    if hold.counted() > limit:
        raise IllegalActionError(f"Your hold takes {limit} cargo cards in both compartments together; "
                                 f"that would make {hold.counted()}.")


# ---- Receiving contraband ----
def replaced_when_buying(card: CargoCard, demand: Good, port: Zone) -> bool:
    """Step 1 of buying: a card of the port's demand good is replaced as usual (MM-M7-03, -21), and
    so is a contraband card whose named port is this one (MM-M7-04)."""
    return card.good == demand or (isinstance(card, ContrabandCard) and card.port == port)


def draw_to_buy(deck: Sequence[CargoCard], count: int, demand: Good, port: Zone) -> BuyDraw:
    """trade.draw_to_buy with Module 7's extra replacement: draw `count` cards from the top,
    each replaced card discarded and another drawn in its place."""
    drawn: list[CargoCard] = []
    discarded: list[CargoCard] = []
    i = 0
    while len(drawn) < count and i < len(deck):
        (discarded if replaced_when_buying(deck[i], demand, port) else drawn).append(deck[i])
        i += 1
    return BuyDraw(drawn=drawn, discarded=discarded, deck=list(deck[i:]))


def redraw(terms: PortTerms, gold: int, already_redrawn: bool, offered: BuyDraw, demand: Good,
           port: Zone) -> tuple[int, BuyDraw]:
    """Santo Domingo's paid redraw (trade.redraw), replacing as `draw_to_buy` does."""
    cost = trade.redraw_cost(terms, gold, already_redrawn)
    again = draw_to_buy(offered.deck, len(offered.drawn), demand, port)
    return cost, again.model_copy(update={"discarded": [*offered.drawn, *again.discarded]})


def contraband_price(terms: PortTerms = ORDINARY) -> int:
    """Step 2: a card bought as contraband costs the zone's buying price, however many are bought:
    3, or Nassau's 2 (MM-M7-05, -22)."""
    return terms.buy_price


class Purchase(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    cost: int
    hold: Hold
    unbought: list[CargoCard]


def buy(hold: Hold, gold: int, drawn: Sequence[CargoCard], ordinary_ids: Sequence[str], contraband_ids: Sequence[str],
        cargo_value: int, terms: PortTerms = ORDINARY) -> Purchase:
    """Steps 2 and 3: the cards named in `contraband_ids` go into the contraband compartment at the
    flat price, the ones in `ordinary_ids` into the ordinary hold at the base prices, the pair
    discount counting the drawn cards not taken as contraband (MM-M7-05 to -07). Both must fit
    the in-port limit together (MM-M7-25)."""
    if set(ordinary_ids) & set(contraband_ids):
        raise IllegalActionError("A card is bought either as ordinary goods or as contraband, not both.")
    smuggled = trade._pick(drawn, contraband_ids, "the drawn cards")
    if plain := [c.id for c in smuggled if not isinstance(c, ContrabandCard)]:
        raise IllegalActionError(f"{', '.join(plain)} is an ordinary good: only contraband cards go in the contraband compartment.")
    rest = trade._rest(drawn, smuggled)
    goods = trade._pick(rest, ordinary_ids, "the drawn cards")
    price = trade.prices([c.good for c in rest], terms)
    cost = contraband_price(terms) * len(smuggled) + sum(price[c.good] for c in goods)
    if cost > gold:
        raise IllegalActionError(f"Those cards cost {cost} gold; you have {gold}.")
    after = Hold(ordinary=[*hold.ordinary, *goods],
                 contraband=[*hold.contraband, *(c for c in smuggled if isinstance(c, ContrabandCard))], hidden=hold.hidden)
    _check_limit(after, trade.port_card_limit(cargo_value))
    return Purchase(cost=cost, hold=after, unbought=trade._rest(rest, goods))


def compartments_for(card: CargoCard, named_good: bool = False) -> tuple[Compartment, ...]:
    """Where a card taken from a raid, rumour, mission or other reward may go: a contraband card in
    either compartment, the choice fixing what it is (MM-M7-08); an ordinary card, or any card an
    effect names by its good ("take a Rum"), only in the ordinary hold (MM-M7-23)."""
    return ("ordinary", "contraband") if isinstance(card, ContrabandCard) and not named_good else ("ordinary",)


def stow(hold: Hold, cards: Sequence[CargoCard], as_contraband: Collection[str], limit: int,
         named_good: bool = False) -> Hold:
    """Put cards gained into the hold: those in `as_contraband` into the contraband compartment,
    the rest into the ordinary hold, within `limit` cards (the cargo value, or the in-port limit)."""
    if stray := set(as_contraband) - _ids(cards):
        raise IllegalActionError(f"{', '.join(sorted(stray))} is not among the cards gained.")
    ordinary, smuggled = list(hold.ordinary), list(hold.contraband)
    for c in cards:
        if c.id not in as_contraband:
            ordinary.append(c)
        elif isinstance(c, ContrabandCard) and "contraband" in compartments_for(c, named_good):
            smuggled.append(c)
        else:
            raise IllegalActionError(f"{c.id} must go in the ordinary hold.")
    after = Hold(ordinary=ordinary, contraband=smuggled, hidden=hold.hidden)
    _check_limit(after, limit)
    return after


def leave_port(hold: Hold, keeping: Sequence[str], cargo_value: int) -> tuple[Hold, list[CargoCard]]:
    """Leaving port over the hold: keep `cargo_value` cards from both compartments, the player
    choosing which; the hidden card stays and is not counted: (hold, discarded)."""
    if hold.counted() <= cargo_value:
        return hold, []
    if len(set(keeping)) != len(keeping) or len(keeping) != cargo_value:
        raise IllegalActionError(f"Your hold takes {cargo_value} cargo cards: choose {cargo_value} "
                                 f"of your {hold.counted()} to keep.")
    trade._pick([*hold.ordinary, *hold.contraband], keeping, "your cargo")
    kept = set(keeping)
    after = Hold(ordinary=[c for c in hold.ordinary if c.id in kept],
                 contraband=[c for c in hold.contraband if c.id in kept], hidden=hold.hidden)
    return after, [c for c in [*hold.ordinary, *hold.contraband] if c.id not in kept]


def ordinary_of(hold: Hold, good: Good) -> list[CargoCard]:
    """The cards of `good` that a rule on that ordinary good can use (sell, deliver, discard):
    only the ordinary hold's, since a card carried as contraband has no ordinary properties
    (MM-M7-24, -26)."""
    return [c for c in hold.ordinary if c.good == good]


# ---- Selling contraband ----
class ContrabandSale(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    gold: int
    glory: int
    hold: Hold
    tucked: list[ContrabandCard]        # behind the captain card, waiting for the next sale
    discarded: list[ContrabandCard]     # the cards of a completed pair


def sell_contraband(hold: Hold, selling: Sequence[str], port: Zone, tucked: Sequence[ContrabandCard] = (),
                    sale_gold: int = SALE_GOLD, sales_per_glory: int = SALES_PER_GLORY) -> ContrabandSale:
    """Sell contraband cards (the compartment's or the hidden one) at the port each names, 10 gold
    apiece (MM-M7-09, -10). Sold cards are tucked behind the captain; each time the tucked cards
    reach 2 they give 1 glory and are discarded, so one card alone is worth nothing (MM-M7-12, -13,
    -15)."""
    pool = [*hold.contraband, *([hold.hidden] if hold.hidden else [])]
    sold = trade._pick(pool, selling, "your contraband")
    if elsewhere := [c.id for c in sold if isinstance(c, ContrabandCard) and c.port != port]:
        raise IllegalActionError(f"{', '.join(elsewhere)} can be sold as contraband only at the port it names.")
    gone = _ids(sold)
    behind, discarded, glory = list(tucked), [], 0
    for c in sold:
        if isinstance(c, ContrabandCard):
            behind.append(c)
        if len(behind) >= sales_per_glory:
            glory += 1
            discarded.extend(behind)
            behind = []
    after = Hold(ordinary=hold.ordinary, contraband=[c for c in hold.contraband if c.id not in gone],
                 hidden=None if hold.hidden and hold.hidden.id in gone else hold.hidden)
    return ContrabandSale(gold=sale_gold * len(sold), glory=glory, hold=after, tucked=behind, discarded=discarded)


class GoodsSale(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    goods: trade.Sale | None
    contraband: ContrabandSale | None
    hold: Hold


def sell_goods(hold: Hold, ordinary_ids: Sequence[str], contraband_ids: Sequence[str], demand: Good, port: Zone,
               tucked: Sequence[ContrabandCard] = (), terms: PortTerms = ORDINARY, trading_rules: bool = False) -> GoodsSale:
    """The goods-sale part of the port action with Module 7: ordinary cards sell from the ordinary
    hold by the base rules, contraband from the compartment at its port (MM-M7-10). A card in the
    contraband compartment cannot be sold as ordinary goods (MM-M7-26)."""
    if not ordinary_ids and not contraband_ids:
        raise IllegalActionError("Choose at least one cargo card to sell.")
    goods = trade.sell(hold.ordinary, ordinary_ids, demand, terms, trading_rules) if ordinary_ids else None
    hold = hold.model_copy(update={"ordinary": goods.cargo}) if goods else hold
    smuggled = sell_contraband(hold, contraband_ids, port, tucked) if contraband_ids else None
    return GoodsSale(goods=goods, contraband=smuggled, hold=smuggled.hold if smuggled else hold)


def captain_death(hold: Hold, tucked: Sequence[ContrabandCard]) -> tuple[list[CargoCard], list[ContrabandCard]]:
    """A dead captain's goods are all discarded, the hidden card too; the sold card tucked behind
    the captain card stays with the player for the next captain (MM-M7-14): (discarded, tucked)."""
    return hold.cards(), list(tucked)


# ---- Travelling with contraband ----
def visible_contraband(hold: Hold) -> int:
    """Contraband an NPC can find: the compartment's cards, never the hidden one (MM-M3-09, -11)."""
    return len(hold.contraband)


def searches(warship: npc.Npc, captain: npc.Captain, carries: bool) -> bool:
    """Does a warship scout this captain for contraband (MM-M7-16)? Only navy ships, only for a
    non-pirate with contraband it can see; a pirate is hunted as usual instead (MM-M7-20)."""
    return warship.side == "navy" and carries and not captain.pirate


def scouting_npcs(seat: int, moment: str, npcs: Mapping[str, npc.Npc], captains: Sequence[npc.Captain],
                  carrying: Collection[int] = (), wars: Collection[npc.War] = (),
                  scouted: Collection[tuple[str, int]] = (), storm: Zone | None = None) -> list[str]:
    """npc.scouting_npcs with Module 7: the NPCs that hunt `seat`, and the warships in its zone
    searching it for contraband (`carrying` lists the seats with visible contraband), at the same
    moments and with the same limits, each once, in roster order. A search is no hunt: these
    warships do not sail after the carrier (MM-M7-17; npc.npc_step follows hunt lists only)."""
    hunting = set(npc.scouting_npcs(seat, moment, npcs, captains, wars, scouted, storm))
    me = next(c for c in captains if c.seat == seat)
    if moment in npc.SCOUT_MOMENTS and not me.in_port and me.zone != storm:
        blind = npc.men_o_war_blind(me.zone, npcs.values())
        hunting |= {slot for slot, n in npcs.items()
                    if n.zone == me.zone and (slot, seat) not in set(scouted) and not (blind and n.ship == "man_o_war")
                    and searches(n, me, seat in carrying)}
    return [slot for slot in npcs if slot in hunting]


class SearchOutcome(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    hold: Hold
    dumped: list[ContrabandCard]
    fight: bool                         # the captain attacks the warship, as aggressor
    bounty: Nation | None               # the token that attack costs


def answer_search(hold: Hold, answer: SearchAnswer, warship_nation: Nation, at_war: bool = False) -> SearchOutcome:
    """A non-pirate found by a warship's search resists, attacking it at the usual bounty
    (MM-M7-18), or dumps every contraband card it can see to avoid the fight (MM-M7-19)."""
    if answer == "resist":
        return SearchOutcome(hold=hold, dumped=[], fight=True,
                             bounty=attack_bounty("navy", warship_nation, opponent_is_pirate=False, at_war=at_war))
    return SearchOutcome(hold=hold.model_copy(update={"contraband": []}), dumped=list(hold.contraband),
                         fight=False, bounty=None)


# ---- Hold damage ----
def cargo_hits(hold: Hold, compartments: Sequence[Compartment], cargo_left: int, rng: Rng) -> tuple[Hold, list[CargoCard]]:
    """One card lost per Cargo hit, one named compartment per hit (MM-M7-27): a random card of it
    (MM-M7-28), of the other one when it is empty (MM-M7-29); at Cargo 0 every card of both goes
    (base 6.2 step 5). The hidden card is never touched (MM-M7-30): (hold, discarded)."""
    if cargo_left <= 0:
        return Hold(hidden=hold.hidden), [*hold.ordinary, *hold.contraband]
    held: dict[Compartment, list[CargoCard]] = {"ordinary": list(hold.ordinary), "contraband": list(hold.contraband)}
    lost: list[CargoCard] = []
    for named in compartments:
        other: Compartment = "contraband" if named == "ordinary" else "ordinary"
        pile = held[named] or held[other]
        if pile:
            lost.append(pile.pop(rng.choice(list(range(len(pile))))))
    smuggled = [c for c in held["contraband"] if isinstance(c, ContrabandCard)]
    return Hold(ordinary=held["ordinary"], contraband=smuggled, hidden=hold.hidden), lost


def default_compartment(hold: Hold) -> Compartment:
    """A silent owner's choice: the ordinary hold while it has cards, since contraband sells for more."""
    return "ordinary" if hold.ordinary else "contraband"


# ---- The smuggler's hold (Module 3) ----
def smugglers_hold_in_mix(contraband_module: bool) -> bool:
    """The smuggler's hold works only with Module 7, so its tokens join the modifications only
    then, as Module 4 leaves out the tokens of modules not in play (MM-M3-08)."""
    return contraband_module


def hide(hold: Hold, card_id: str, has_smugglers_hold: bool) -> Hold:
    """Put the contraband card the owner names under the smuggler's hold (MM-M3-10); a card hidden
    before goes back into the compartment, so the count of cards taking space stays the same."""
    if not has_smugglers_hold:
        raise IllegalActionError("Your ship has no smuggler's hold.")
    card = next((c for c in hold.contraband if c.id == card_id), None)
    if card is None:
        raise IllegalActionError(f"{card_id} is not in your contraband compartment.")
    rest = [c for c in hold.contraband if c.id != card_id]
    return Hold(ordinary=hold.ordinary, contraband=[*rest, *([hold.hidden] if hold.hidden else [])], hidden=card)


def smugglers_hold_lost(hold: Hold) -> Hold:
    """The modification leaves the ship (sold, or left with the old ship): its card is contraband
    like any other again, taking space and open to searches."""
    if hold.hidden is None:
        return hold
    return Hold(ordinary=hold.ordinary, contraband=[*hold.contraband, hold.hidden])
