"""Cards in short words for the private image and messages: what a glory card does, what a
rumour promises and where it is looked into, what a claimed mission asks and how far along it is,
and the contraband aboard with the port that buys it. Reads the card data and the view only; a
rumour's truth stays hidden (nobody sees it until it is investigated)."""
from __future__ import annotations

from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.card_effects import Effect
from engine.merchants_marauders.view import MerchantsView, PlayerView
from render.merchants_marauders.style import good_name, good_of, mission_def, rumour_def, ship_name, zone_name

__all__ = ["contraband_lines", "effect_text", "glory_text", "mission_lines", "rumour_text"]

ROLL_WORDS = {"crew_clash": "the crew clash", "seamanship_contest": "the Seamanship contest",
              "merchant_raid": "a merchant raid"}


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def effect_text(e: Effect) -> str:
    """One effect of a card in a few words: '+1 die on Scouting checks', 'reroll the crew clash'."""
    roll = ROLL_WORDS.get(e.roll or "", (e.roll or "").replace("_", " "))
    words = {
        "skill_die": f"+1 die on {(e.skill or '').title()} checks", "extra_hit": "+1 hit when you shoot",
        "ignore_crew_loss": "ignore one crew loss", "repair_after_fight": "repair 1 after each fight",
        "extra_hold": "+1 hold space", "reroll": f"reroll {roll}", "extra_dice": f"+{e.n} dice in {roll}",
        "extra_hits": f"+{_n(e.n, 'hit')} this round", "cancel_hits": f"cancel {_n(e.n, 'hit')} on your ship",
        "sale_bonus": f"+{e.n} gold a demand good sold", "redraw_cargo": "draw the cargo cards again",
        "stash_anywhere": "stash gold in any port", "extra_actions": "+1 action this turn",
        "evade_scouting": "an NPC's Scouting misses you", "drop_bounty": "drop one bounty token",
        "free_repair": f"repair {e.n} for free", "keep_on_death": f"keep {e.n} gold if your captain dies",
        "gold": f"{e.n} gold", "cargo": f"{_n(e.n, 'cargo card')}" + (" (contraband)" if e.contraband else ""),
        "specialist": f"a {e.specialist or 'specialist'}", "modification": "a free modification",
        "weapon": "a free special weapon", "crew": f"{e.n} crew",
    }
    return words.get(e.do, e.do.replace("_", " "))


def glory_text(card: str) -> tuple[str, str]:
    """(name, what it does)."""
    g = cards().base.glory.cards.get(card)
    if g is None:
        return card, ""
    kind = f"{g.specialist} (specialist)" if g.specialist else g.family
    return g.name, f"{kind}: " + "; ".join(effect_text(e) for e in g.effects)


def rumour_text(rid: str) -> tuple[str, str]:
    """(name, where and how it is looked into, what it promises). Its truth is never shown."""
    r = rumour_def(rid)
    if r is None:
        return rid, ""
    where = f"in port at {zone_name(r.target)}" if r.at == "port" else f"at sea off {zone_name(r.target)}"
    article = "an" if r.check == "influence" else "a"
    return r.name, f"look into it {where} with {article} {r.check.title()} check; if true: {effect_text(r.reward)}"


def _test_text(test: Effect, kind: str) -> str:
    if test.do == "deliver":
        return f"deliver {test.n} {good_name(test.good or '')}"
    if test.do == "passenger":
        return "carry the passenger there"
    if test.do == "defeat":
        who = "a pirate" if test.npc == "pirate" else f"a {(test.npc or '').title()} navy"
        return f"defeat {who} {ship_name(test.ship or 'ship').lower()}"
    if test.do == "check":
        return f"pass a {(test.skill or '').title()} check ({test.n} skull{'s' if test.n != 1 else ''})"
    return f"{kind} ({test.n})"


def mission_lines(view: MerchantsView, p: PlayerView) -> list[str]:
    """Each mission the seat claimed: what it asks, where, the reward, and the progress aboard."""
    out = []
    for slot in view.board:
        if slot.holder != p.seat or slot.mission is None:
            continue
        m = mission_def(slot.mission)
        if m is None:
            out.append(f"Mission {slot.mission}")
            continue
        where = f" at {zone_name(m.target)}" if m.target else ""
        line = f"{m.name}: {_test_text(m.test, m.kind)}{where}; pays {m.reward.n} gold"
        if m.test.do == "deliver" and p.ship is not None:
            have = sum(1 for c in p.ship.cargo if good_of(c) == m.test.good)
            line += f" · progress: {min(have, m.test.n)} of {m.test.n} {good_name(m.test.good or '')} aboard"
        elif m.test.do == "passenger":
            line += " · progress: passenger aboard" if p.passenger else " · progress: no passenger aboard"
        out.append(line)
    return out


def contraband_lines(p: PlayerView) -> list[str]:
    """The contraband cards aboard, each with the one port that buys it as contraband."""
    found = cards().sog.contraband.cards
    ids = list(p.ship.cargo if p.ship else [])
    extra = getattr(p, "contraband", None)
    if isinstance(extra, list):
        ids += [c for c in extra if c not in ids]
    return [f"{good_name(found[c].good)} ({found[c].contraband}): sells at {zone_name(found[c].port)}"
            for c in ids if c in found]
