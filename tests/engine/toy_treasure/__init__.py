"""Toy Treasure: a tiny second game that lives only in this test folder, to prove that a game is
one folder — registered through PARLEY_GAMES (tests/conftest.py), it shows up in /game new, the
conformance playouts, the renderer registry and the benchmarks with no other edit.

It is built only from the shared mechanics of engine/core: a deck of number cards, face-down
treasures, and a sealed bid per round. Each round every seat bids one card from its hand in
secret; when the last bid is in, the highest card takes the treasure (ties: the lower seat),
the bid cards are discarded and everyone draws one. Most treasure when the treasures run out
wins.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import (
    ActionText,
    Event,
    GameState,
    IllegalActionError,
    InvalidActionError,
    Outcome,
    Pending,
    Rng,
    Transition,
    register,
)
from engine.core.deck import Deck, DeckView
from engine.core.flow import WAIT, Flow
from engine.core.help import HelpTopic, load_help
from engine.core.pieces import Piece, shown
from engine.core.policy import GreedyPolicy, RandomPolicy
from engine.core.prompts import PromptBase
from engine.core.sealed import Sealed, SealedView

HAND = 3
CARDS = [f"{n}{suit}" for n in range(1, 10) for suit in "ab"]     # '7a' is worth 7
TREASURES = {"pearl": 1, "ring": 2, "crown": 3, "idol": 4, "chest": 5}


def worth(card: str) -> int:
    return int(card[:-1])


class ToyOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    treasures: int = Field(3, ge=1, le=len(TREASURES))   # how many rounds
    open_hands: bool = False                             # a variant: hands are public


class Bid(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["bid"] = "bid"
    card: str


class Lock(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["lock"] = "lock"


Action = Annotated[Bid | Lock, Field(discriminator="kind")]


class BidPrompt(PromptBase):
    kind: Literal["bid"] = "bid"
    text: ClassVar[str] = "bid a card for the treasure (sealed)"
    pending_kind: ClassVar[Literal["simultaneous"]] = "simultaneous"

    def legal(self, s: Any, seat: int) -> list[Any]:
        if seat not in s.bids.deciding():
            return []
        chosen = s.bids.choices.get(seat)
        bids: list[Any] = [Bid(card=c) for c in sorted(set(s.hands[seat])) if c != chosen]
        return bids + ([Lock()] if chosen is not None else [])


Prompt = Annotated[BidPrompt, Field(discriminator="kind")]


class ToyState(GameState):
    phase: Literal["auction", "over"] = "auction"
    open_hands: bool = False
    deck: Deck = Deck()
    hands: list[list[str]]
    treasures: list[Piece]                 # face down until auctioned, in auction order
    round: int = 0                         # the treasure now (or last) up for auction
    won: list[list[str]]
    bids: Sealed[str] = Sealed[str](seats=[])
    stack: list[Prompt] = []


class ToyView(BaseModel):
    viewer: int | None
    treasures: list[str]
    won: list[list[str]]
    hand_sizes: list[int]
    hand: list[str] | None
    open_hands: list[list[str]] | None
    bids: SealedView[str]
    deck: DeckView
    waiting_on: list[int]


def _auction(s: ToyState, ev: list[Event]) -> str | None:
    """A round: turn the next treasure over and ask everyone for a sealed bid."""
    if s.stack:
        return WAIT
    if s.treasures[s.round].face_up:
        s.round += 1
    if s.round == len(s.treasures) or not all(s.hands):
        return "over"
    treasure = s.treasures[s.round]
    treasure.turn_over()
    ev.append(Event(text=f"Up for auction: the {treasure.id} ({TREASURES[treasure.id]})."))
    s.bids = Sealed[str](seats=list(range(len(s.hands))))
    s.stack.append(BidPrompt(seats=list(range(len(s.hands)))))
    return WAIT


FLOW: Flow[ToyState] = Flow({"auction": _auction, "over": None}, phase=lambda s: s.phase,
                            set_phase=lambda s, p: setattr(s, "phase", p), waits=lambda s: bool(s.stack))


def _resolve(s: ToyState, ev: list[Event]) -> None:
    bids = s.bids.revealed()
    winner = max(bids, key=lambda seat: (worth(bids[seat]), -seat))
    treasure = s.treasures[s.round]
    s.won[winner].append(treasure.id)
    ev.append(Event(text="Bids: " + ", ".join(f"seat {seat + 1} {bids[seat]}" for seat in sorted(bids))
                    + f". Seat {winner + 1} takes the {treasure.id}."))
    for seat, card in bids.items():
        s.hands[seat].remove(card)
        s.deck.throw_away([card])
        drawn = s.deck.draw(s.rng, 1)
        s.hands[seat] += drawn
        if drawn:
            ev.append(Event(text=f"You draw {drawn[0]}.", visible_to=frozenset({seat})))


class ToyTreasure:
    id: ClassVar[str] = "toy_treasure"
    title: ClassVar[str] = "Toy Treasure"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = ToyOptions
    State: ClassVar[type[ToyState]] = ToyState
    policies: ClassVar[Mapping[str, Callable[[str | int], Any]]] = {
        "greedy": lambda seed: GreedyPolicy(_score, seed), "random": RandomPolicy}

    def setup(self, n_players: int, options: BaseModel, seed: str) -> ToyState:
        o = ToyOptions.model_validate(options.model_dump())
        s = ToyState(rng=Rng(seed=seed), open_hands=o.open_hands, deck=Deck(pile=list(CARDS)),
                     hands=[[] for _ in range(n_players)], won=[[] for _ in range(n_players)],
                     treasures=[Piece(id=t) for t in TREASURES])
        s.deck.shuffle(s.rng)
        s.rng.shuffle(s.treasures)
        s.treasures = s.treasures[:o.treasures]
        for hand in s.hands:
            hand += s.deck.draw(s.rng, HAND)
        FLOW.settle(s, [])
        return s

    def pending(self, s: ToyState) -> Pending | None:
        if s.phase == "over":
            return None
        top = s.stack[-1]
        return Pending(kind="simultaneous", waiting_on=tuple(s.bids.deciding()), prompt=top.text)

    def legal_actions(self, s: ToyState, seat: int) -> list[Any]:
        return s.stack[-1].legal(s, seat) if s.stack else []

    def apply(self, s: ToyState, seat: int, a: Any) -> Transition[ToyState]:
        ev: list[Event] = []
        if isinstance(a, Bid):
            s.bids.choose(seat, a.card)
        elif s.bids.lock(seat):
            s.stack.pop()
            _resolve(s, ev)
        else:
            ev.append(Event(text=f"Seat {seat + 1} has bid."))
        FLOW.settle(s, ev)
        return Transition(state=s, events=ev)

    def view(self, s: ToyState, viewer: int | None) -> ToyView:
        pending = self.pending(s)
        return ToyView(viewer=viewer, treasures=shown(s.treasures), won=[list(w) for w in s.won],
                       hand_sizes=[len(h) for h in s.hands],
                       hand=sorted(s.hands[viewer]) if viewer is not None else None,
                       open_hands=[sorted(h) for h in s.hands] if s.open_hands else None,
                       bids=s.bids.view_for(viewer), deck=s.deck.view(),
                       waiting_on=list(pending.waiting_on) if pending else [])

    def outcome(self, s: ToyState) -> Outcome | None:
        if s.phase != "over":
            return None
        scores = {seat: sum(TREASURES[t] for t in w) for seat, w in enumerate(s.won)}
        top = max(scores.values())
        return Outcome(winners=[seat for seat, v in scores.items() if v == top], scores=scores,
                       breakdown={seat: {"treasures": len(w)} for seat, w in enumerate(s.won)},
                       reason="the treasures are all taken")

    def notate(self, s: ToyState, a: Any) -> str:
        return f"bid {a.card}" if isinstance(a, Bid) else "lock"

    def parse(self, s: ToyState, seat: int, text: str) -> Any:
        word, _, card = text.strip().lower().partition(" ")
        if word == "lock" and not card:
            return Lock()
        if word == "bid" and card in CARDS:
            return Bid(card=card)
        raise InvalidActionError(f"I don't understand '{text}': type 'bid 7a' or 'lock'.")

    def seat_name(self, s: ToyState, seat: int) -> str:
        return f"Seat {seat + 1}"

    def default_action(self, s: ToyState, seat: int) -> Any:
        legal = self.legal_actions(s, seat)
        if not legal:
            raise IllegalActionError(f"seat {seat + 1} has no decision to make")
        locks = [a for a in legal if isinstance(a, Lock)]
        return locks[0] if locks else min(legal, key=lambda a: worth(a.card))

    def help_topics(self) -> dict[str, HelpTopic]:
        return load_help(Path(__file__).parent / "help.toml")

    def describe(self, s: ToyState, seat: int, a: Any) -> ActionText:
        if isinstance(a, Lock):
            return ActionText(label=f"Lock in {s.bids.choices.get(seat)}", description="No changes after this",
                              style="end")
        return ActionText(label=f"Bid {a.card}", description=f"Worth {worth(a.card)}")


def _score(s: ToyState, seat: int, a: Any) -> float:
    """Bid high for a big treasure, low for a small one; lock once a card is chosen."""
    if isinstance(a, Lock):
        return 100
    value = TREASURES[s.treasures[s.round].id]
    return -abs(worth(a.card) - 2 * value)


GAME = register(ToyTreasure())
