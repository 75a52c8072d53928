"""Cleanup step 4 — Sleeve Advancements.

Advancements bought this turn (and any kept back from earlier turns) are set aside face up. In
Cleanup each may go into the sleeve of a card played this turn, never a card still in hand, on
the slots printed on it (top, middle, bottom; a few big ones take two adjacent slots): two
Advancements in one sleeve never share a slot, so a card holds at most three.
Several may go onto one card in the same Cleanup. An Advancement sleeved now is not usable this
turn (it was not played). The step may end only when the set-aside pile is at most one card, or
holds only Advancements with no legal place (DR-SLEEVE-08 reading), so nothing sleevable stays
back beside an unsleevable one. Cards played in defence on an opponent's turn count as played
this turn at the owner's next Cleanup (DR-SLEEVE-09 reading).

Plain values: an Advancement is its id and slots; a card in play is its id and the slots its
sleeve already uses. The engine looks the slots up in defs (`advancement_slots`)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from pydantic import BaseModel, ConfigDict

from engine.dead_reckoning.defs import SLOTS, Slot, defs


class Aside(BaseModel):
    """A set-aside Advancement and the sleeve slots it takes."""
    model_config = ConfigDict(frozen=True)

    id: str
    slots: frozenset[Slot]


class InPlay(BaseModel):
    """A card played this turn (or in defence since the owner's last Cleanup): its id, the slots
    its sleeve already uses, and which Advancements went in during this Cleanup."""
    model_config = ConfigDict(frozen=True)

    card: str
    used: frozenset[Slot] = frozenset()
    sleeved_now: tuple[str, ...] = ()


def advancement_slots(advancement_id: str) -> frozenset[Slot]:
    """The slots printed on an Advancement (or a traded Merchant ship), from the data."""
    return frozenset(defs().advancements.cards[advancement_id].slots)


def aside(advancement_id: str) -> Aside:
    return Aside(id=advancement_id, slots=advancement_slots(advancement_id))


def sleeve_targets(played_this_turn: Iterable[str], defence_in_play: Iterable[str]) -> list[str]:
    """The cards an Advancement may go onto: those played this turn, then those still out from a
    defence on an opponent's turn (they are discarded in this same Cleanup). Never the hand."""
    out = list(dict.fromkeys(played_this_turn))
    return out + [c for c in dict.fromkeys(defence_in_play) if c not in out]


def fits(adv: Aside, card: InPlay) -> bool:
    """Whether `adv` can go into `card`'s sleeve: none of its slots is already taken there."""
    return not adv.slots & card.used


def legal_places(pile: list[Aside], cards: Mapping[str, InPlay]) -> dict[str, list[str]]:
    """For each set-aside Advancement, the cards in play it may be sleeved onto now."""
    return {a.id: [c for c, card in cards.items() if fits(a, card)] for a in pile}


def sleevable(pile: list[Aside], cards: Mapping[str, InPlay]) -> list[str]:
    """The set-aside Advancements that have at least one legal place."""
    return [a for a, where in legal_places(pile, cards).items() if where]


class SleeveResult(BaseModel):
    pile: list[Aside]
    cards: dict[str, InPlay]


def sleeve(pile: list[Aside], cards: Mapping[str, InPlay], advancement: str, card: str) -> SleeveResult:
    """Put one set-aside Advancement into the sleeve of one card in play."""
    found = [a for a in pile if a.id == advancement]
    if not found:
        raise ValueError(f"{advancement} is not set aside")
    if card not in cards:
        raise ValueError(f"{card} was not played this turn: only cards in play can take an Advancement")
    adv, target = found[0], cards[card]
    if not fits(adv, target):
        taken = ", ".join(s for s in SLOTS if s in adv.slots & target.used)
        raise ValueError(f"{advancement} would cover the {taken} slot of {card}, already taken")
    new = InPlay(card=card, used=target.used | adv.slots, sleeved_now=(*target.sleeved_now, adv.id))
    return SleeveResult(pile=[a for a in pile if a is not adv], cards={**cards, card: new})


def may_end(pile: list[Aside], cards: Mapping[str, InPlay]) -> bool:
    """Whether the sleeving step may end now: at most `set_aside_max` (1) Advancement is left, or
    none of those left has a legal place (they all stay aside, to wait for their card)."""
    return len(pile) <= defs().rules.cleanup.set_aside_max or not sleevable(pile, cards)


def usable_advancements(card: InPlay, advancements: Iterable[str]) -> list[str]:
    """The Advancements of a card whose abilities can be used: not those sleeved this turn."""
    return [a for a in advancements if a not in card.sleeved_now]


def default_sleeve(pile: list[Aside], cards: Mapping[str, InPlay]) -> tuple[str, str] | None:
    """What a silent seat does next (the plan's deadline default): None once the step may end,
    else the first sleevable Advancement onto its first legal card, keeping the newest one (the
    last set aside) back for as long as another can go instead."""
    if may_end(pile, cards):
        return None
    places = legal_places(pile, cards)
    ready = [a for a in sleevable(pile, cards) if a != pile[-1].id] or [pile[-1].id]
    return ready[0], places[ready[0]][0]
