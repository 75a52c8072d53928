"""Module 10's redraws of the cards other than a buy's (that one is goodwill_turn.redraw): 1
goodwill sends a draw back and as many cards come again (MM-M10-07, -10).

- A rumour taken (in port, in a Town, at the Pirate Haven or the Reefs), the glory cards a glory point drew,
  the mission that comes onto the board after its holder completed one, and the goods cards a
  true rumour gives (its reward; a mission pays only gold): a RedrawPrompt for
  the drawer, `goodwill redraw` or the default `accept`. The prompt names no secret card: the
  rumour is the one held, the glory cards are those from `at` on in the hand.
- A location raid (Module 9): `goodwill redraw` on the BombardPrompt takes the defence cards
  again before the first gun fires, once.
- A merchant raid: `goodwill redraw` on the RaidSkullPrompt takes the opening cards again before
  any skull is spent, or, after a skull drew or swapped a card, that card; each is its own
  situation (MM-M10-19), each redrawn at most once (`Raid.favoured`, MM-M10-18).
An event's cards are never redrawn (MM-M10-08, -09): no event draw offers one. Everything here
is a no-op with the option off."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.rules import goodwill as G
from engine.merchants_marauders.rules.common import name, say
from engine.merchants_marauders.rules.goodwill_turn import on, points
from engine.merchants_marauders.state import State

OPENING = "open"


def _pay(s: State, seat: int, draw: G.Draw, ev: Events) -> None:
    """1 goodwill, this draw's one (a prompt or a raid step asks once, so once a situation)."""
    p = s.players[seat]
    p.goodwill, _ = G.spend_redraw(p.goodwill, draw, draw, (), seat, seat)
    s.reveals += 1
    say(ev, f"{name(s, seat)} spends goodwill to redraw ({p.goodwill} left)")


def _may(s: State, seat: int) -> bool:
    return on(s) and points(s, seat) > 0


# ---- rumour, glory and mission: the RedrawPrompt ----
def offer_rumour(s: State, seat: int) -> None:
    if _may(s, seat) and s.players[seat].rumour is not None and (s.rumours.pile or s.rumours.discard):
        s.stack.append(P.RedrawPrompt(seats=[seat], draw="rumour"))


def offer_glory(s: State, seat: int, n: int) -> None:
    """After a glory point drew `n` cards, the last of the hand; on top of any discard prompt, so
    it is answered first and the drawn cards still sit from `at` on."""
    if _may(s, seat) and n and (s.glory.pile or s.glory.discard):
        s.stack.append(P.RedrawPrompt(seats=[seat], draw="glory", n=n, at=len(s.players[seat].glory_cards) - n))


def offer_mission(s: State, seat: int, card: str) -> None:
    """The mission its holder's completion brought onto the board (public)."""
    if _may(s, seat) and s.missions.pile and any(x.mission == card for x in s.board):
        s.stack.append(P.RedrawPrompt(seats=[seat], draw="mission", card=card))


def offer_cargo(s: State, seat: int, n: int, distinct: bool) -> None:
    """A true rumour's goods cards, on top of the KeepCargoPrompt that holds them (answered first,
    before any is kept): goods cards drawn are cards like any other (MM-M10-07)."""
    if _may(s, seat) and n and (s.cargo.pile or s.cargo.discard):
        s.stack.append(P.RedrawPrompt(seats=[seat], draw="cargo", n=n, distinct=distinct))


def _keep(s: State, seat: int) -> P.KeepCargoPrompt | None:
    """The rumour's goods waiting under a cargo redraw."""
    return next((x for x in reversed(s.stack) if isinstance(x, P.KeepCargoPrompt) and x.seats == [seat]
                 and x.why == "plunder" and not x.kept and not x.smuggled), None)


def options(s: State, seat: int, pr: P.RedrawPrompt) -> list[Any]:
    """`goodwill redraw` while goodwill is left (two draws may wait at once, e.g. a mission's
    replacement and the glory its completion drew), then `accept`."""
    return [*([action(A.Favour, on="redraw")] if _may(s, seat) else []), action(A.Accept)]


def answer(s: State, seat: int, pr: P.RedrawPrompt, a: Any, ev: Events) -> None:
    s.stack.remove(pr)
    p = s.players[seat]
    lost = (pr.draw == "rumour" and p.rumour is None) or (pr.draw == "mission" and all(x.mission != pr.card for x in s.board)) \
        or (pr.draw == "cargo" and _keep(s, seat) is None)
    if not isinstance(a, A.Favour) or lost:         # the draw went meanwhile (a captain's death)
        return
    _pay(s, seat, "reward" if pr.draw == "cargo" else pr.draw, ev)
    if pr.draw == "rumour":
        old = p.rumour
        got = s.rumours.draw(s.rng)
        if got and old is not None:
            (p.rumour,) = got
            s.rumours.throw_away([old])
            say(ev, f"You hear another rumour: {p.rumour}", to=seat)
    elif pr.draw == "glory":
        gone = p.glory_cards[pr.at:pr.at + pr.n]
        again = s.glory.draw(s.rng, len(gone))
        p.glory_cards[pr.at:pr.at + pr.n] = again
        s.glory.throw_away(gone)
        say(ev, f"You draw {', '.join(again)} instead", to=seat)
    elif pr.draw == "cargo":
        from engine.merchants_marauders.rules.missions_turn import draw_cargo
        keep = _keep(s, seat)
        assert keep is not None
        gone, keep.cards = list(keep.cards), draw_cargo(s, pr.n, pr.distinct)
        s.cargo.throw_away(gone)
        say(ev, f"The rumour's goods now: {', '.join(keep.cards) or 'none'}")
    else:
        from engine.merchants_marauders.rules.missions_turn import _replace
        _replace(s, pr.card)
        say(ev, "The new mission goes and another comes: " + ", ".join(x.mission or "-" for x in s.board))


# ---- a merchant raid ----
def raid_options(s: State, seat: int) -> list[Any]:
    r = s.raid
    if r is None or not _may(s, seat) or not (s.cargo.pile or s.cargo.discard):
        return []
    step = OPENING if not r.spent else r.added
    return [action(A.Favour, on="redraw")] if step and step not in r.favoured else []


def raid_redraw(s: State, seat: int, ev: Events) -> None:
    """The opening cards all again, or the card the last skull brought."""
    from engine.merchants_marauders.rules import raid as R
    from engine.merchants_marauders.rules.common import cargo_cards
    from engine.merchants_marauders.rules.port import _deck_top, _take_top
    r = s.raid
    assert r is not None
    opening = not r.spent
    _pay(s, seat, "raid_opening" if opening else "raid_card", ev)
    r.favoured.append(OPENING if opening else r.added)
    gone = list(r.cards) if opening else [r.added]
    deck = _deck_top(s, R.RAID_CARDS + 4)
    if opening:
        laid, rest = R.draw_raid_cards(cargo_cards(deck))
        new = [c.id for c in laid]
    else:
        new, rest = [deck[0]], cargo_cards(deck[1:])
    _take_top(s, len(deck) - len(rest))
    r.cards = new if opening else [new[0] if c == r.added else c for c in r.cards]
    if not opening:
        r.added = new[0]
        r.favoured.append(new[0])       # the card drawn again stands (once a situation)
    s.cargo.throw_away(gone)
    say(ev, f"The raid's cards: {', '.join(r.cards)}")


# ---- a location raid's defence cards (Module 9) ----
def bombard_options(s: State, seat: int, pr: P.BombardPrompt) -> list[Any]:
    """Before the first gun fires (all its dice left), once."""
    fresh = pr.dice == s.players[seat].ship.points["cannons"] and not pr.skull and not pr.favoured
    return [action(A.Favour, on="redraw")] if fresh and pr.cards and _may(s, seat) \
        and (s.cargo.pile or s.cargo.discard) else []


def bombard_redraw(s: State, seat: int, pr: P.BombardPrompt, ev: Events) -> None:
    _pay(s, seat, "raid_opening", ev)
    pr.favoured = True
    gone, pr.cards = list(pr.cards), s.cargo.draw(s.rng, len(pr.cards))
    s.cargo.throw_away(gone)
    say(ev, f"The defence now: {', '.join(pr.cards) or 'no cards'}")
