"""How a legal decision reads on a button: plain words (at most 80 characters), seats as {0}
placeholders, a short description where the notation alone says little."""
from __future__ import annotations

from typing import Any

from engine.core import ActionText
from engine.merchants_marauders import actions as A
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.state import State

CATEGORIES = {"glory": "Glory on the track", "stash_glory": "Glory from the stash", "stash": "Gold stashed",
              "gold": "Gold aboard", "bounties": "Bounty tokens"}


def zone_name(z: str) -> str:
    return defs().map.zones[z].name  # type: ignore[index]


def _label(s: State, a: Any) -> ActionText | None:
    if isinstance(a, A.End):
        return ActionText(label="End the turn", style="end")
    if isinstance(a, A.Move):
        return ActionText(label=f"Sail to {zone_name(a.to)}")
    if isinstance(a, A.WindMove):
        return ActionText(label=f"Sail with the wind to {zone_name(a.to)} (free)")
    if isinstance(a, A.Enter):
        return ActionText(label=f"Put in at {zone_name(s.players[s.turn.seat].zone)}")
    if isinstance(a, A.Leave):
        return ActionText(label="Leave port")
    if isinstance(a, A.Scout):
        if a.target == "merchant":
            return ActionText(label="Scout for the merchant here", style="danger")
        if a.target.startswith("p") and a.target[1:].isdigit():
            return ActionText(label="Scout for {0}", seats=(int(a.target[1:]) - 1,), style="danger")
        return ActionText(label=f"Scout for the {a.target.replace('_', ' ')}", style="danger")
    if isinstance(a, A.Port):
        return ActionText(label="Take the port action")
    if isinstance(a, A.Ship):
        sd = defs().all_ships()[a.ship]
        from engine.merchants_marauders.rules.ships_turn import card_manoeuvre
        return ActionText(label=f"{sd.name}", description=f"hull {sd.hull}, masts {sd.masts}, crew {sd.crew}, "
                          f"cannons {sd.cannons}, cargo {sd.cargo}, manoeuvre {card_manoeuvre(s, a.ship)}")
    if isinstance(a, A.Captain):
        c = defs().all_captains()[a.captain]
        k = c.skills
        return ActionText(label=f"Keep {c.name}", description=f"seamanship {k.seamanship}, scouting {k.scouting}, "
                          f"leadership {k.leadership}, influence {k.influence}; home port {zone_name(c.home_port)}")
    if isinstance(a, A.Order):
        words = {"shoot": "Shoot", "board": "Board", "hooks": "Board with the boarding hooks", "flee": "Flee"}
        return ActionText(label=words[a.order])
    if isinstance(a, A.RaidLocation):
        kind = s.locations.get(s.players[s.turn.seat].zone, "")
        return ActionText(label=f"Raid the {kind.replace('_', ' ')}", style="danger")
    if isinstance(a, A.Visit):
        kind = s.locations.get(s.players[s.turn.seat].zone, "")
        return ActionText(label=f"Visit the {kind.replace('_', ' ')}")
    if isinstance(a, A.Hit):                                           # Module 2: fire, double shot
        return ActionText(label=f"The point lands on the {a.location}")
    if isinstance(a, A.Take) and a.what == "upgrade":                   # Module 4
        return ActionText(label=f"Take the NPC's {a.item.rsplit('_', 1)[0] if a.item[-1:].isdigit() else a.item}"
                          .replace("_", " "))
    from engine.merchants_marauders.rules.capture_turn import label as prize_label
    if (prize := prize_label(s, a)) is not None:                        # a prize ship, its old modifications
        return ActionText(label=prize)
    if isinstance(a, A.Done):
        return ActionText(label="Done", style="end")
    return None


# Modules 7, 10 and 11: the decisions with no argument
ECONOMY: dict[type, ActionText] = {
    A.Fierce: ActionText(label="Call on Fierce Loyalty", description="a Leadership check: 1 action more for a step of loyalty"),
    A.Accept: ActionText(label="Let it stand"),
    A.PayGoodwill: ActionText(label="Pay goodwill to enter"),
    A.Stay: ActionText(label="Stay out", style="end"),
    A.Check: ActionText(label="Plank: try a Leadership check"),
    A.Crew: ActionText(label="Plank: a hand walks it (1 crew)"),
    A.Resist: ActionText(label="Resist the search and attack", style="danger"),
    A.Dump: ActionText(label="Dump the contraband"),
}


def describe(s: State, seat: int, a: Any) -> ActionText:
    from engine.merchants_marauders.notation import notate
    text = ECONOMY.get(type(a)) or _label(s, a)
    if isinstance(a, A.Favour):
        text = ActionText(label="Spend 1 goodwill to redraw")
    elif isinstance(a, A.Smuggle):
        verb = "Keep" if s.stack and s.stack[-1].kind == "keep" else "Buy"
        text = ActionText(label=f"{verb} {a.card} as contraband")
    elif isinstance(a, A.Take) and a.what == "contraband":
        text = ActionText(label=f"Take {a.item} as contraband")
    elif isinstance(a, A.Compartment):
        text = ActionText(label=f"Lose a card from the {a.which} {'hold' if a.which == 'ordinary' else 'compartment'}")
    elif isinstance(a, A.Hide):
        text = ActionText(label=f"Hide {a.card} in the smuggler's hold")
    elif isinstance(a, A.NewRumour):
        text = ActionText(label="Seek a rumour from the new deck")
    if text is None:
        text = ActionText(label=notate(s, a).replace("_", " ").capitalize())
    return text.model_copy(update={"label": text.label[:80]})
