"""Port action: Sell goods, Buy goods, and the cargo limit in port (base reconstruction section 4,
"Port sub-actions"), with the zone properties that change prices (section 2) and Variant 6, the
trading rules (Seas of Glory).

Cargo is a list of `CargoCard`s and a player picks cards by id. A port's trading properties are a
`PortTerms` value, so every rule here reads the same parameters whichever port it is:
  Nassau          buy_price=2               Santo Domingo  redraw_cost=1
  Curaçao         draws=7, repeat_draws=4   St. Maarten    other_price=3
  Havana, Cartagena, Bridgetown             demand_bonus=1
(the data files say which port has which; the defaults are an ordinary port's).

Readings (Parley's, see docs/rules-coverage/merchants_marauders.md):
- The demand token is replaced after a sale in which at least one demand good was sold; a sale
  of other goods only leaves the demand as it was.
- Variant 6's falling price runs over one sale (one port action's Sell goods): the demand token
  is replaced right after it, so the next sale starts again at 6. Three or more demand goods in
  that sale still earn the glory point (MM-V6-08).
- In port a ship may hold up to 6 cargo cards, or its hold if that is larger; on leaving port
  it keeps at most its hold, the player choosing which (base section 4, last line).
- Santo Domingo's redraw may be bought once per Buy goods."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.vocab import Good

DEMAND_PRICE = 6            # a good matching the port's demand token
DEMAND_GLORY_AT = 3         # demand goods in one sale that earn 1 glory
V6_FIRST_PRICE = 6          # Variant 6: the first demand good of a sale ...
V6_NEXT_PRICE = 3           # ... and each one after it
PORT_CARD_LIMIT = 6         # cargo cards a ship may hold while in port


class PortTerms(BaseModel):
    """A port's trading properties; the defaults are those of a port with none."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    demand_bonus: int = 0           # gold added to every demand good sold here
    other_price: int = 2            # a good the port does not demand
    buy_price: int = 3              # a drawn good bought here
    pair_price: int = 2             # a good of which 2 or more cards were drawn
    draws: int = 6                  # cargo cards drawn to buy ...
    repeat_draws: int = 3           # ... after buying at this very port last turn
    redraw_cost: int | None = None  # gold to redraw the cards once; None: no redraw here


ORDINARY = PortTerms()


def _pick(cards: Sequence[CargoCard], ids: Sequence[str], where: str) -> list[CargoCard]:
    """The cards named by `ids`, each at most once; an id not among `cards` is refused."""
    by_id = {c.id: c for c in cards}
    if len(set(ids)) != len(ids):
        raise IllegalActionError(f"You named the same card twice; pick each card from {where} once.")
    missing = [i for i in ids if i not in by_id]
    if missing:
        raise IllegalActionError(f"{', '.join(missing)} is not among {where}.")
    return [by_id[i] for i in ids]


def _rest(cards: Sequence[CargoCard], taken: Sequence[CargoCard]) -> list[CargoCard]:
    gone = {c.id for c in taken}
    return [c for c in cards if c.id not in gone]


# ---- Sell goods ----
class Sale(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    gold: int
    demand_sold: int                # cards that matched the demand token
    glory: int                      # 1 for 3 or more demand goods in this sale
    cargo: list[CargoCard]          # what stays aboard
    replace_demand: bool            # the demand token is swapped for the next one of the pile


def demand_gold(count: int, terms: PortTerms = ORDINARY, trading_rules: bool = False) -> int:
    """Gold for `count` demand goods in one sale: 6 each plus the port's bonus per card; under
    Variant 6, 6 for the first and 3 for each after it, the bonus still added per card
    (MM-V6-02 to -06)."""
    if count <= 0:
        return 0
    if trading_rules:
        return V6_FIRST_PRICE + V6_NEXT_PRICE * (count - 1) + terms.demand_bonus * count
    return (DEMAND_PRICE + terms.demand_bonus) * count


def sale_gold(goods: Sequence[Good], demand: Good, terms: PortTerms = ORDINARY, trading_rules: bool = False) -> int:
    """Gold for selling `goods` together where `demand` is the port's demand token."""
    matching = sum(1 for g in goods if g == demand)
    return demand_gold(matching, terms, trading_rules) + terms.other_price * (len(goods) - matching)


def sell(cargo: Sequence[CargoCard], selling: Sequence[str], demand: Good, terms: PortTerms = ORDINARY,
         trading_rules: bool = False) -> Sale:
    """Sell goods: the chosen cards leave the hold for their gold; 3 or more of the demanded good
    in the one sale earn 1 glory."""
    if not selling:
        raise IllegalActionError("Choose at least one cargo card to sell.")
    sold = _pick(cargo, selling, "your cargo")
    goods = [c.good for c in sold]
    matching = goods.count(demand)
    return Sale(gold=sale_gold(goods, demand, terms, trading_rules), demand_sold=matching,
                glory=1 if matching >= DEMAND_GLORY_AT else 0, cargo=_rest(cargo, sold),
                replace_demand=matching > 0)


def replace_demand(current: Good, pile: Sequence[Good]) -> tuple[Good, list[Good]]:
    """Swap the port's demand token: the old one is tucked under the face-down pile (index 0 is
    its top) and the pile's top token becomes the demand: (new demand, pile after)."""
    rest = [*pile, current]
    return rest[0], rest[1:]


# ---- Buy goods ----
def cards_to_draw(terms: PortTerms = ORDINARY, bought_here_last_turn: bool = False) -> int:
    """Cards a purchase draws: 6, or 3 when the captain's last turn also bought at this port
    (Curaçao 7 and 4)."""
    return terms.repeat_draws if bought_here_last_turn else terms.draws


class BuyDraw(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    drawn: list[CargoCard]          # the cards offered for sale
    discarded: list[CargoCard]      # cards of the port's demand type, replaced as they came
    deck: list[CargoCard]           # the cargo deck after the draw (index 0 is its top)


def draw_to_buy(deck: Sequence[CargoCard], count: int, demand: Good) -> BuyDraw:
    """Draw `count` cards from the top of the cargo deck; a card of the good this port demands
    is discarded and another drawn in its place. An exhausted deck simply offers fewer cards:
    refilling it from the discards is the caller's (it owns the Rng)."""
    drawn: list[CargoCard] = []
    discarded: list[CargoCard] = []
    i = 0
    while len(drawn) < count and i < len(deck):
        (discarded if deck[i].good == demand else drawn).append(deck[i])
        i += 1
    return BuyDraw(drawn=drawn, discarded=discarded, deck=list(deck[i:]))


def redraw_cost(terms: PortTerms, gold: int, already_redrawn: bool) -> int:
    """What Santo Domingo's redraw costs, refused where it is not offered, after one redraw, or
    without the gold."""
    if terms.redraw_cost is None:
        raise IllegalActionError("This port offers no redraw of the cargo cards.")
    if already_redrawn:
        raise IllegalActionError("You have already redrawn the cargo cards in this purchase.")
    if gold < terms.redraw_cost:
        raise IllegalActionError(f"A redraw costs {terms.redraw_cost} gold; you have {gold}.")
    return terms.redraw_cost


def redraw(terms: PortTerms, gold: int, already_redrawn: bool, offered: BuyDraw, demand: Good) -> tuple[int, BuyDraw]:
    """Santo Domingo's redraw: the offered cards go to the discards and as many are drawn again,
    demand goods replaced as before: (gold paid, the new draw, its discards the old cards too)."""
    cost = redraw_cost(terms, gold, already_redrawn)
    again = draw_to_buy(offered.deck, len(offered.drawn), demand)
    return cost, again.model_copy(update={"discarded": [*offered.drawn, *again.discarded]})


def prices(drawn: Sequence[Good], terms: PortTerms = ORDINARY) -> dict[Good, int]:
    """Price per card of each drawn good: 3, or 2 for a good drawn 2 or more times (what was
    drawn counts, not what is bought); Nassau's 2 gold applies to every card."""
    counts = Counter(drawn)
    return {g: min(terms.buy_price, terms.pair_price) if n >= 2 else terms.buy_price for g, n in counts.items()}


def port_card_limit(hold: int) -> int:
    """Cargo cards a ship may hold while in port: 6, or its hold if larger."""
    return max(hold, PORT_CARD_LIMIT)


class Purchase(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    cost: int
    cargo: list[CargoCard]          # the hold after buying
    unbought: list[CargoCard]       # drawn cards not bought, to the discards


def buy(cargo: Sequence[CargoCard], gold: int, drawn: Sequence[CargoCard], buying: Sequence[str], hold: int,
        terms: PortTerms = ORDINARY) -> Purchase:
    """Buy any of the drawn cards that you can pay for and that fit within the in-port limit."""
    bought = _pick(drawn, buying, "the drawn cards")
    price = prices([c.good for c in drawn], terms)
    cost = sum(price[c.good] for c in bought)
    if cost > gold:
        raise IllegalActionError(f"Those cards cost {cost} gold; you have {gold}.")
    limit = port_card_limit(hold)
    if len(cargo) + len(bought) > limit:
        raise IllegalActionError(f"In port you may hold {limit} cargo cards; you have {len(cargo)}, so buy at most {max(limit - len(cargo), 0)}.")
    return Purchase(cost=cost, cargo=[*cargo, *bought], unbought=_rest(drawn, bought))


# ---- Leaving port ----
def leave_port(cargo: Sequence[CargoCard], keeping: Sequence[str], hold: int) -> tuple[list[CargoCard], list[CargoCard]]:
    """On leaving port a ship over its hold keeps `hold` cards of the player's choice and
    discards the rest: (kept, discarded). A ship within its hold keeps everything."""
    if len(cargo) <= hold:
        return list(cargo), []
    kept = _pick(cargo, keeping, "your cargo")
    if len(kept) != hold:
        raise IllegalActionError(f"Your hold takes {hold} cargo cards: choose {hold} of your {len(cargo)} to keep.")
    return kept, _rest(cargo, kept)
