"""Pirate Chest prompts: the decisions the game waits on, one small typed model each, a union
discriminated on `kind` like the actions (engine.core.prompts). Open prompts sit on
`State.stack`, the top one being the current decision.

Each prompt says who decides (`seats`), what "waiting on X to …" says (`text`), and which actions
answer it (`legal`). The rules that give a decision its options stand beside its prompt:
BLOCKADE for sailing, the attacks a captain may choose, the cards that help an escape, the fight
cards that count.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, ClassVar, Literal, TypeVar

from pydantic import Field

from engine.core.prompts import PromptBase
from engine.pirate_chest import actions as A
from engine.pirate_chest.actions import FIGHT_MODES, Action, FightMode, action
from engine.pirate_chest.defs import defs
from engine.pirate_chest.rules.board import path
from engine.pirate_chest.rules.common import card, has_ability

if TYPE_CHECKING:
    from engine.pirate_chest.state import State

P = TypeVar("P", bound=PromptBase)


def unique(items: list[str]) -> list[str]:
    """Each option once, in a stable order (two copies of a card are one choice)."""
    return sorted(set(items))


# ---- setup ---------------------------------------------------------------------------------

class CaptainPrompt(PromptBase):
    """SETUP: each player in turn chooses a captain nobody has taken."""
    kind: Literal["captain"] = "captain"
    text: ClassVar[str] = "choose a captain"

    def legal(self, s: State, seat: int) -> list[Action]:
        taken = {p.captain for p in s.players}
        return [action(A.ChooseCaptain, captain=c) for c in defs().captains if c not in taken]


class HomePrompt(PromptBase):
    """SETUP: the fifth and sixth players may make the Barbary Coast their home port."""
    kind: Literal["home"] = "home"
    text: ClassVar[str] = "choose a home port"
    ports: list[int]

    def legal(self, s: State, seat: int) -> list[Action]:
        return [action(A.ChooseHome, port=n) for n in self.ports]


# ---- drawing and moving --------------------------------------------------------------------

class KeepPrompt(PromptBase):
    """LUCK: of the two cards drawn, keep one."""
    kind: Literal["keep"] = "keep"
    text: ClassVar[str] = "keep one of two drawn cards"
    cards: list[str]

    def legal(self, s: State, seat: int) -> list[Action]:
        return [action(A.Keep, card=c) for c in unique(self.cards)]


def blocked(s: State, ship: int, start: int, distance: int, direction: str) -> bool:
    """BLOCKADE: no ship may sail through or past the Admiral (stopping on his space is allowed)."""
    passed = path(s, start, distance, direction)[:-1]
    return any(p.position in passed and has_ability(s, i, "blockade")
               for i, p in enumerate(s.players) if i != ship)


class SailPrompt(PromptBase):
    """Sail a rolled (or Privateer's) distance either way. `ship` is the ship that sails; `card`
    the card that asked for it: Westerlies (an extra move), Lost (an enemy ship is pushed), or
    none for a move."""
    kind: Literal["sail"] = "sail"
    text: ClassVar[str] = "choose where to sail"
    ship: int
    distances: list[int]
    card: str = ""

    @property
    def pushed(self) -> bool:
        """Lost: the ship is pushed; nothing happens where it stops."""
        return bool(self.card) and card(self.card).effect == "lost"

    def choices(self, s: State) -> list[tuple[int, str]]:
        """Every (distance, direction) allowed; (0, 'cw') means staying put."""
        start = s.players[self.ship].position
        choices = [(d, dr) for d in self.distances if d > 0 for dr in ("cw", "ccw")
                   if not blocked(s, self.ship, start, d, dr)]
        if 0 in self.distances or not choices:
            choices.append((0, "cw"))
        return choices

    def legal(self, s: State, seat: int) -> list[Action]:
        return [action(A.Sail, distance=d, direction=dr) for d, dr in self.choices(s)]


# ---- die results and targets ---------------------------------------------------------------

class _DiePrompt(PromptBase):
    """Luck or Raider left a choice of die results (lowest first)."""
    text: ClassVar[str] = "choose a die result"
    results: list[int]

    def legal(self, s: State, seat: int) -> list[Action]:
        return [action(A.Die, value=v) for v in self.results]


class CurseDiePrompt(_DiePrompt):
    """CURSE TABLE: the result that befalls `victim`."""
    kind: Literal["curse-die"] = "curse-die"
    victim: int


class KrakenDiePrompt(_DiePrompt):
    """KRAKEN: how far away it strikes."""
    kind: Literal["kraken-die"] = "kraken-die"


class _TargetPrompt(PromptBase):
    text: ClassVar[str] = "choose a target"
    targets: list[int]

    def legal(self, s: State, seat: int) -> list[Action]:
        return [action(A.Target, seat=o) for o in self.targets]


class CardTargetPrompt(_TargetPrompt):
    """THE DECK: the ship a played card is aimed at."""
    kind: Literal["card-target"] = "card-target"
    card: str


class CurseTargetPrompt(_TargetPrompt):
    """CURSES: the opponent Mama Lola curses (the roll comes after the choice)."""
    kind: Literal["curse-target"] = "curse-target"


class KrakenTargetPrompt(_TargetPrompt):
    """KRAKEN: the ship it sinks when several lie at the rolled distance."""
    kind: Literal["kraken-target"] = "kraken-target"


class SpacePrompt(PromptBase):
    """THE DECK: the space a played card sends the ship (or its landing party) to."""
    kind: Literal["space"] = "space"
    text: ClassVar[str] = "choose a space"
    card: str
    spaces: list[int]

    def legal(self, s: State, seat: int) -> list[Action]:
        return [action(A.ToSpace, space=n) for n in self.spaces]


# ---- attacks and fights --------------------------------------------------------------------

class AttackPrompt(PromptBase):
    """FIGHTING: landing on several enemies, pick the one to attack."""
    kind: Literal["attack"] = "attack"
    text: ClassVar[str] = "choose which ship to attack"
    targets: list[int]

    def legal(self, s: State, seat: int) -> list[Action]:
        return [action(A.Attack, seat=o) for o in self.targets]


def engage_modes(s: State, attacker: int, defender: int) -> list[FightMode]:
    """The attacker picks Broadsides, Boarding or Both; Sinbad may steal and Nemo may ram instead."""
    modes: list[FightMode] = list(FIGHT_MODES)
    d = s.players[defender]
    if has_ability(s, attacker, "steal"):
        if d.coins:
            modes.append("steal-coin")
        if d.hand:
            modes.append("steal-card")
    if has_ability(s, attacker, "ram"):
        modes.append("ram")
    return modes


class EngagePrompt(PromptBase):
    """FIGHTING: how to attack `defender`."""
    kind: Literal["engage"] = "engage"
    text: ClassVar[str] = "choose how to attack"
    defender: int

    def legal(self, s: State, seat: int) -> list[Action]:
        return [action(A.Engage, mode=m) for m in engage_modes(s, seat, self.defender)]


def escape_cards(s: State, seat: int) -> list[str]:
    """Cards that help an escape roll (Flee, Catch the Wind) held by the defender."""
    return [c for c in s.players[seat].hand if card(c).effect in ("escape-bonus", "roll-bonus")]


class EscapePrompt(PromptBase):
    """ESCAPE: the defender plays escape cards, then tries to escape or stands."""
    kind: Literal["escape"] = "escape"
    text: ClassVar[str] = "decide whether to try to escape"

    def legal(self, s: State, seat: int) -> list[Action]:
        return [*(action(A.Play, card=c) for c in unique(escape_cards(s, seat))), action(A.Escape), action(A.Stand)]


def applies(card_id: str, mode: str) -> bool:
    """Fight cards count only in fights of their type; in a 'Both' fight every fight card counts."""
    c = card(card_id)
    return c.effect == "fight" and (mode == "both" or mode in c.types)


def fight_cards(s: State, seat: int) -> list[str]:
    """Cards in hand that count in this fight and are not sealed in yet."""
    assert s.fight is not None
    committed = s.fight.cards.choice_of(seat, [])
    return [c for c in s.players[seat].hand if applies(c, s.fight.mode) and c not in committed]


class FightCardsPrompt(PromptBase):
    """FIGHTING: both sides seal fight cards (Fight.cards), adding or taking back until ready.
    `seats` are the sides still deciding."""
    kind: Literal["fight-cards"] = "fight-cards"
    text: ClassVar[str] = "choose fight cards (sealed)"
    pending_kind: ClassVar[Literal["simultaneous"]] = "simultaneous"

    def legal(self, s: State, seat: int) -> list[Action]:
        assert s.fight is not None
        committed = s.fight.cards.choice_of(seat, [])
        return [*(action(A.Commit, card=c) for c in unique(fight_cards(s, seat))),
                *(action(A.Uncommit, card=c) for c in unique(committed)), action(A.Ready)]


class GirlPowerPrompt(PromptBase):
    """GIRL POWER: after the dice, Calico Jack may discard a card for +2."""
    kind: Literal["girl-power"] = "girl-power"
    text: ClassVar[str] = "decide on Girl Power"

    def legal(self, s: State, seat: int) -> list[Action]:
        return [*(action(A.GirlPower, card=c) for c in unique(s.players[seat].hand)), action(A.Pass)]


class TakeCoinPrompt(PromptBase):
    """STEAL (Sinbad) and the Thief and Scoundrel cards: which of `victim`'s coins to take."""
    kind: Literal["take-coin"] = "take-coin"
    text: ClassVar[str] = "choose a coin to take"
    victim: int

    def legal(self, s: State, seat: int) -> list[Action]:
        return [action(A.TakeCoin, coin=c) for c in unique(s.players[self.victim].coins)]


# ---- end of turn ---------------------------------------------------------------------------

class DiscardPrompt(PromptBase):
    """Discard `count` more cards: down to the hand limit, or for the `card` that asks it (Treachery)."""
    kind: Literal["discard"] = "discard"
    text: ClassVar[str] = "discard cards"
    count: int
    card: str = ""

    def legal(self, s: State, seat: int) -> list[Action]:
        return [action(A.Discard, card=c) for c in unique(s.players[seat].hand)]


class DollPrompt(PromptBase):
    """VOODOO DOLL: at the end of your turn, curse one of `targets` with it, or keep it."""
    kind: Literal["doll"] = "doll"
    text: ClassVar[str] = "decide whether to use the Voodoo Doll"
    targets: list[int]

    def legal(self, s: State, seat: int) -> list[Action]:
        return [*(action(A.Doll, seat=o) for o in self.targets), action(A.KeepDoll)]


Prompt = Annotated[
    CaptainPrompt | HomePrompt | KeepPrompt | SailPrompt | CurseDiePrompt | KrakenDiePrompt
    | CardTargetPrompt | CurseTargetPrompt | KrakenTargetPrompt | SpacePrompt | AttackPrompt | EngagePrompt
    | EscapePrompt | FightCardsPrompt | GirlPowerPrompt | TakeCoinPrompt | DiscardPrompt | DollPrompt,
    Field(discriminator="kind"),
]


def open_prompt(s: State, cls: type[P]) -> P | None:
    """The current decision when it is a `cls`, else None."""
    top = s.stack[-1] if s.stack else None
    return top if isinstance(top, cls) else None


def close_prompt(s: State, cls: type[P]) -> P:
    """Take the current decision off the stack to carry out its answer; it must be a `cls`."""
    top = s.stack.pop()
    assert isinstance(top, cls), f"the open decision is '{top.kind}', not a {cls.__name__}"
    return top
