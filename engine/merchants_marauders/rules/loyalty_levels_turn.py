"""Module 11's loyalty levels in play (the track itself moves in loyalty_turn.py; the pure rules
are rules/loyalty.py). Effects add up outwards from Content (MM-M11-04):
- Happy: 1 Leadership die more in a crew clash and a location raid's land battle (MM-M11-16);
  Angry and Mutiny: 1 fewer there, never below 1 die (MM-M11-24).
- Pleased and Happy: recruiting fills the crew to the ship's value with no roll and no gold, in
  a port or a Town, whatever the zone's properties (MM-M11-17); and once a round the port menu's
  `specialist` is offered in any port, free (MM-M11-18, -19); not in a Town, whose one-sub-action
  menu has no specialist hire (MM-M9-73, -84: it waives the port, not the port action [reading]).
- Restless and worse: nothing recruits crew or a specialist for free (MM-M11-21): the Pirate
  Haven's refill, a rumour's crew or specialist, the Prison's prize, a specialist card played
  from the hand, a beaten captain's specialist taken as plunder (fight_end.plunder_options: it
  joins for nothing, so it is a free recruit [reading]); and the specialists aboard do nothing (MM-M11-22, glory_cards.specialist_bonus).
- Unhappy and worse: a Leadership check before each glory card; a failed one keeps the card in
  the hand and bars glory cards for the rest of the round (MM-M11-23, `Round.glory_barred`).
With the option off every crew stays Content, so nothing here acts."""
from __future__ import annotations

from engine.core.flow import Events
from engine.merchants_marauders.rules import loyalty as L
from engine.merchants_marauders.rules.combat import check_dice, skulls
from engine.merchants_marauders.rules.common import captain, maxima, name, roll, say, show
from engine.merchants_marauders.rules.loyalty_turn import level, on
from engine.merchants_marauders.state import State


# ---- Happy and Angry ----
def clash_modifier(s: State, seat: int) -> int:
    """Happy's +1 or Angry's -1 Leadership die in a crew clash or land battle (0 at Content)."""
    if not on(s):
        return 0
    lv = level(s, seat)
    return int(L.applies(lv, "happy")) - int(L.applies(lv, "angry"))


# ---- Pleased: free crew and a free specialist ----
def free_crew(s: State, seat: int) -> bool:
    return on(s) and L.applies(level(s, seat), "pleased")


def sign_on(s: State, seat: int, ev: Events) -> None:
    """The recruit sub-action of a Pleased crew: filled to the ship's crew value, free."""
    p = s.players[seat]
    p.ship.points["crew"] = L.free_recruit(level(s, seat), p.ship.points["crew"], maxima(p)["crew"])
    say(ev, f"{name(s, seat)}'s crew signs on its mates for free")


def free_specialist(s: State, seat: int) -> bool:
    """Pleased or better, none taken free this round yet, and a glory deck to hire from."""
    if not free_crew(s, seat) or not (s.glory.pile or s.glory.discard):
        return False
    try:
        L.free_specialist(level(s, seat), seat in s.round.free_specialist)
    except ValueError:
        return False
    return True


def take_free_specialist(s: State, seat: int) -> None:
    s.round.free_specialist.append(seat)


# ---- Restless ----
def free_by_effect(s: State, seat: int) -> bool:
    """May an effect recruit crew or a specialist for free now? Not from Restless down."""
    return not on(s) or L.free_by_effect(level(s, seat))


# ---- Unhappy: the glory-card check ----
def glory_barred(s: State, seat: int) -> bool:
    return on(s) and L.glory_gate(level(s, seat), seat in s.round.glory_barred) == "barred"


def glory_check(s: State, seat: int, ev: Events) -> bool:
    """Before a glory card: True, it may be played. From Unhappy down a Leadership check is
    rolled first; a failure bars glory cards for the rest of the round."""
    if not on(s):
        return True
    gate = L.glory_gate(level(s, seat), seat in s.round.glory_barred)
    if gate == "free":
        return True
    if gate == "barred":
        return False
    faces = roll(s, check_dice(captain(s.players[seat]).skills.leadership))
    passed = skulls(faces) > 0
    say(ev, f"{name(s, seat)}'s unhappy crew must be won over for a glory card: {show(faces)}, "
        + ("passed" if passed else "failed, no glory card this round"))
    if not passed:
        s.round.glory_barred.append(seat)
    return passed
