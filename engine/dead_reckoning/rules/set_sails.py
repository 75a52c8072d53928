"""Set Sails; Sail (Description of Abilities) — the Sail count and the Sail track.

Sails come from the hull (the Sail icons on spaces whose holds are empty, Upgrade tiles
included) and from the cards played so far: their Sail icons, and Sail abilities, which are
counted rather than used as actions (DR-ABD-01). A card is a Sailor level with the Advancements
sleeved on it, so "Sails per Wheel" counts the Wheels on the whole card. An ability whose only
option gives Sails counts by itself; an either-or ability (the Deck Hand's Influence or Sails)
counts only when the player takes its Sail option. The track stops at 8.

Covered hull Sails count when the Sails are set in Harbor or at an island you control, since
there you could unload, set sails and reload (DR-SAIL-05); at an island where you could not load
back (not yours, or guarded or shut out) they do not (DR-SAIL-06)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

from pydantic import BaseModel, ConfigDict

from engine.core.errors import IllegalActionError
from engine.dead_reckoning.defs import Ability, CardCount, Effect, Face, Icon, Icons, defs
from engine.dead_reckoning.rules.load_unload import Place, Ship, why_not_load, why_not_unload


class PlayedCard(BaseModel):
    """A card in play: its Sailor level's face and the Advancements sleeved on it."""
    model_config = ConfigDict(frozen=True)
    faces: tuple[Face, ...]

    def icons(self) -> Icons:
        return Icons(**{i: sum(getattr(f.icons, i) for f in self.faces) for i in get_args(Icon)})

    def abilities(self) -> list[Ability]:
        return [a for f in self.faces for a in f.abilities if a.timing == "main"]


def effect_sails(e: Effect, card: PlayedCard) -> int:
    """The Sails of one `sail` effect: n, or n per icon of its kind on the whole card."""
    if e.do != "sail":
        return 0
    if e.per is None:
        return e.n
    if e.per not in get_args(CardCount):
        raise ValueError(f"a Sail counts icons on its card, not {e.per}")
    return e.n * getattr(card.icons(), e.per)


def fixed_sails(card: PlayedCard) -> int:
    """Sails a played card gives with no choice: its Sail icons plus the Sail effects of
    abilities with a single option."""
    from_abilities = sum(effect_sails(e, card) for a in card.abilities() if len(a.options) == 1
                         for e in a.options[0].effects)
    return card.icons().sail + from_abilities


def optional_sails(card: PlayedCard) -> list[int]:
    """For each either-or ability with a Sail option, the Sails that option gives, in order."""
    out = []
    for a in card.abilities():
        if len(a.options) > 1:
            best = max(sum(effect_sails(e, card) for e in o.effects) for o in a.options)
            if best:
                out.append(best)
    return out


def counts_covered_sails(place: Place) -> bool:
    """DR-SAIL-05/-06: covered Sails count where you could unload and load back: in Harbor, or at
    an island you control that no Pirate guards and nothing shuts you out of."""
    if place.at == "harbor":
        return True
    return place.at == "island" and why_not_load(place, "cargo") is None and why_not_unload(place) is None


def hull_sails(ship: Ship, place: Place) -> int:
    """The hull's Sails at the moment of setting them (DR-SAIL-02, -04 to -06)."""
    return ship.sails(covered_too=counts_covered_sails(place))


class SailSetting(BaseModel):
    model_config = ConfigDict(frozen=True)
    hull: int
    cards: int
    track: int              # the Sail track's space: hull + cards, at most 8

    @property
    def counted(self) -> int:
        return self.hull + self.cards


def set_sails(ship: Ship, place: Place, cards: Sequence[PlayedCard],
              take: Sequence[tuple[int, int]] = (), already_set: bool = False) -> SailSetting:
    """Set Sails: once per turn (DR-SAIL-01), the hull's and the played cards' Sails, the track
    at most 8 (DR-SAIL-03). `take` lists the either-or Sail options chosen, as (card index,
    index in that card's `optional_sails`)."""
    if already_set:
        raise IllegalActionError("You have already set your Sails this turn.")
    if len(set(take)) != len(take):
        raise IllegalActionError("Each Sail option can be taken once.")
    chosen = 0
    for c, o in take:
        options = optional_sails(cards[c]) if 0 <= c < len(cards) else []
        if not 0 <= o < len(options):
            raise IllegalActionError("That card has no such Sail option.")
        chosen += options[o]
    hull = hull_sails(ship, place)
    from_cards = sum(fixed_sails(c) for c in cards) + chosen
    return SailSetting(hull=hull, cards=from_cards, track=min(hull + from_cards, defs().rules.turn.sail_max))
