"""The Seas of Glory variants 1, 2, 4 and 6 in the turn engine; the pure rules are turn_order.py,
captains.py, setup.py and trade.py, and this file only wires them to the state.

- Variant 1 (`variant_1`, non-fixed turn order): the seats still to play this round are the bag;
  each turn's seat is drawn from it with the state's Rng after the event card (MM-V1-03, -04,
  -08), and a new round puts every die back (MM-V1-05). Without it, the seats go clockwise from
  the first player.
- Variant 2 (`variant_2`, captains), as the first part of each seat's sealed setup pick: with
  `variant_2_mode = "two_keep_one"` (the default) each seat is dealt 2 captains and keeps one
  (MM-V2-01); with `"pay_to_draw"` it is dealt 1 and may `draw` another for 2 of its starting gold,
  twice at most, then keeps one of those drawn (MM-V2-02 to -04). The captains not kept go back
  into the deck, which is shuffled, once every seat is in (MM-V2-05).
- Variant 4 (`variant_4`, life is pain): once the captains and ships are shown, the event deck is
  turned until two warships of different nations and a pirate, none in a home port zone, are found
  and placed (setup.life_is_pain); the other cards drawn go back and the deck is shuffled.
- Variant 6 (`variant_6`, trading rules): the demand price falls within a sale (trade.py)."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.rules import captains as CP
from engine.merchants_marauders.rules import setup as SU
from engine.merchants_marauders.rules import turn_order as TO
from engine.merchants_marauders.rules.common import home_port, say
from engine.merchants_marauders.state import State


def on(s: State, option: str) -> bool:
    return bool(s.options.get(option))


# ---- Variant 1 ----
def next_seat(s: State) -> int:
    """The seat taking the next turn: the next one clockwise, or under Variant 1 a die drawn
    from the bag (the seats yet to play this round)."""
    if not on(s, "variant_1"):
        return s.round.to_play.pop(0)
    bag = TO.Bag(dice=tuple(s.round.to_play))
    die = s.rng.choice(sorted(bag.dice))
    s.round.to_play = list(TO.draw(bag, die).dice)
    return die


# ---- Variant 2 ----
def mode(s: State) -> CP.CaptainChoice:
    if not on(s, "variant_2"):
        return "off"
    return "pay_to_draw" if s.options.get("variant_2_mode") == "pay_to_draw" else "two_keep_one"


def deal_captains(s: State) -> None:
    """Setup under Variant 2: every seat's captain card goes back on the deck and each is dealt
    its captains from the top; the first stands as its captain until it keeps one."""
    if not on(s, "variant_2"):
        return
    top_first = list(reversed(s.captains.pile))
    for seat, p in enumerate(s.players):
        top_first.insert(seat, p.captain)                 # the card each seat was dealt, back on top
    hands, rest = CP.deal(top_first, list(range(len(s.players))), mode(s))
    s.captains.pile = list(reversed(rest))
    for seat, hand in hands.items():
        s.dealt[seat] = list(hand.drawn)
        s.players[seat].captain = hand.drawn[0]


def _choosing(s: State, seat: int) -> CP.Choosing:
    return CP.Choosing(drawn=tuple(s.dealt[seat]), gold=s.players[seat].ship.gold)


def captain_options(s: State, seat: int) -> list[Any]:
    """The captains a seat may keep and, paying to draw, `draw`, while it has not kept one
    (empty: pick the ship). The first captain dealt comes first: the deadline's default."""
    if seat in s.kept or seat not in s.dealt:
        return []
    out: list[Any] = [action(A.Captain, captain=c) for c in s.dealt[seat]]
    if CP.may_pay_to_draw(_choosing(s, seat), mode(s), len(s.captains.pile)):
        out.append(action(A.Draw))
    return out


def draw_captain(s: State, seat: int, pr: Any, a: A.Draw, ev: Events) -> None:
    """Pay 2 of the starting gold for the next captain of the deck (MM-V2-02, -03, -05)."""
    c, rest = CP.pay_to_draw(_choosing(s, seat), list(reversed(s.captains.pile)), mode(s))
    s.captains.pile = list(reversed(rest))
    s.dealt[seat], s.players[seat].ship.gold = list(c.drawn), c.gold
    s.reveals += 1                                   # a card seen: no undo past it
    say(ev, f"You pay {CP.EXTRA_DRAW_COST} gold and draw {c.drawn[-1]}.", to=seat)


def keep_captain(s: State, seat: int, pr: Any, a: A.Captain, ev: Events) -> None:
    kept, _ = CP.keep(CP.Choosing(drawn=tuple(s.dealt[seat])), a.captain)
    s.players[seat].captain = kept
    s.kept.append(seat)
    say(ev, "You keep this captain; nobody sees it until every seat is in.", to=seat)


def return_captains(s: State, ev: Events) -> None:
    """Every seat is in: the captains not kept go back and the deck is shuffled (MM-V2-05)."""
    if not s.dealt:
        return
    back = [c for seat, hand in sorted(s.dealt.items()) for c in hand if c != s.players[seat].captain]
    s.captains.pile = CP.return_to_deck(s.captains.pile, back)
    s.captains.shuffle(s.rng)
    s.dealt, s.kept = {}, []
    say(ev, f"{len(back)} captain{'s' if len(back) != 1 else ''} not kept go back into the deck")


# ---- Variant 4 ----
def life_is_pain(s: State, ev: Events) -> None:
    """Three NPCs placed before the first round (MM-V4-01, -03, -05); loyalty is untouched,
    the game not having begun (MM-V4-02)."""
    if not on(s, "variant_4"):
        return
    from engine.merchants_marauders.rules.round import event_def
    top_first = list(reversed(s.events.pile))
    homes = {home_port(p) for p in s.players}
    result = SU.life_is_pain([SU.event_card(event_def(c)) for c in top_first], homes)
    s.events.pile = list(reversed(result.deck)) + result.returned
    s.events.shuffle(s.rng)
    s.npcs = {**s.npcs, **result.npcs}
    s.reveals += 1
    for card in result.placed:
        n = event_def(card).npc
        assert n is not None
        say(ev, f"Life is pain: a {n.side} {n.ship} waits in {n.arrival.replace('_', ' ').title()}")


def after_reveal(s: State, ev: Events) -> None:
    """The setup steps of the variants that follow the reveal of captains and ships."""
    return_captains(s, ev)
    life_is_pain(s, ev)


# ---- Variant 6 ----
def trading_rules(s: State) -> bool:
    return on(s, "variant_6")
