"""engine/core/fair.py: which decisions are hidden, on a tiny game of its own (no registered game)."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from engine.core import Event, Pending, Rng, Transition
from engine.core.fair import (
    _fields_with_sealed,
    choice_commitment,
    game_commitment,
    game_identity,
    hidden_decision,
    sealed_parts,
    seed_commitment,
    state_hash,
)
from engine.core.game import GameState
from engine.core.sealed import Sealed
from tests.engine import fair_oracle


class Move(BaseModel, frozen=True):
    kind: Literal["hide", "show", "bid", "note"]
    card: str = ""


class Toy(GameState):
    shown: list[str] = []
    hidden: list[str] = []     # face down: the public view counts them only
    bids: Sealed[int] | None = None
    simultaneous: bool = False


class ToyGame:
    def pending(self, s: Toy) -> Pending:
        return Pending(kind="simultaneous" if s.simultaneous else "turn", waiting_on=(0,), prompt="move")

    def legal_actions(self, s: Toy, seat: int) -> list[Move]:
        return [Move(kind=k, card=c) for k in ("hide", "show") for c in ("a", "b")] + [Move(kind="bid"), Move(kind="note")]

    def apply(self, s: Toy, seat: int, a: Move) -> Transition[Toy]:
        if a.kind == "hide":
            s.hidden.append(a.card)
            return Transition(state=s, events=[Event(text="a card goes face down")])
        if a.kind == "show":
            s.shown.append(a.card)
            return Transition(state=s, events=[Event(text=f"{a.card} is shown")])
        if a.kind == "bid" and s.bids is not None:
            s.bids.choose(seat, 3)
            return Transition(state=s)
        return Transition(state=s, events=[Event(text="noted", visible_to=frozenset({seat}))])

    def view(self, s: Toy, viewer: int | None) -> Any:
        return (tuple(s.shown), len(s.hidden))


GAME: Any = ToyGame()


def decide(s: Toy, a: Move) -> bool:
    return hidden_decision(GAME, s, 0, a, GAME.apply(s.model_copy(deep=True), 0, a))


def test_a_card_hidden_face_down_is_hidden_and_a_card_shown_is_not() -> None:
    s = Toy(rng=Rng(seed="x"))
    assert decide(s, Move(kind="hide", card="a"))
    assert not decide(s, Move(kind="show", card="a"))


def test_a_decision_told_to_its_seat_only_is_hidden() -> None:
    assert decide(Toy(rng=Rng(seed="x")), Move(kind="note"))


def test_a_sealed_choice_and_any_decision_of_a_simultaneous_pending_are_hidden() -> None:
    assert decide(Toy(rng=Rng(seed="x"), bids=Sealed[int](seats=[0, 1])), Move(kind="bid"))
    assert decide(Toy(rng=Rng(seed="x"), simultaneous=True), Move(kind="show", card="a"))


def test_commitments_change_with_every_input() -> None:
    base = choice_commitment(0, "bid 3", "n1")
    assert len({base, choice_commitment(1, "bid 3", "n1"), choice_commitment(0, "bid 4", "n1"),
                choice_commitment(0, "bid 3", "n2")}) == 4
    assert seed_commitment("42", "s1") != seed_commitment("42", "s2") != seed_commitment("43", "s1")


def test_the_game_commitment_changes_with_every_part_of_the_identity() -> None:
    seats = [{"seat": 0, "name": "Anne", "bot": None}, {"seat": 1, "name": "Bot 2 (greedy)", "bot": "greedy"}]

    def commit(seed: str = "42", salt: str = "ab" * 16, game_id: int = 7, game: str = "pirate_chest",
               options: dict[str, Any] | None = None, fixed: bool = False, sat: list[dict[str, Any]] = seats) -> str:
        return game_commitment(seed, salt, game_identity(game_id, game, options or {"turn_limit": 0, "voodoo_doll": True},
                                                         fixed, sat))
    renamed = [seats[0], {**seats[1], "name": "Anne"}]
    swapped = [{**seats[1], "seat": 0}, {**seats[0], "seat": 1}]
    variants = [commit(), commit(seed="43"), commit(salt="cd" * 16), commit(game_id=8), commit(game="scoundrel_bay"),
                commit(options={"turn_limit": 0}), commit(fixed=True), commit(sat=renamed), commit(sat=swapped),
                commit(sat=[seats[0], {**seats[1], "bot": "random"}]), commit(sat=seats[:1]),
                seed_commitment("42", "ab" * 16)]
    assert len(set(variants)) == len(variants)
    assert commit(options={"voodoo_doll": True, "turn_limit": 0}) == commit()   # canonical: key order is no part


def test_the_state_hash_ignores_nothing_in_the_state() -> None:
    s = Toy(rng=Rng(seed="x"))
    t = s.model_copy(deep=True)
    assert state_hash(s) == state_hash(t)
    t.hidden.append("a")
    assert state_hash(s) != state_hash(t)


class Pile(BaseModel):
    cards: list[str] = []


class SealedPile(Pile):   # a subclass a `Pile` field may hold as it is (pydantic keeps instances)
    bids: Sealed[int] | None = None


class Nest(GameState):
    piles: dict[str, Pile] = {}
    anything: Any = None
    numbers: list[int] = []
    names: tuple[str, ...] = ()


def test_the_typed_walk_finds_a_sealed_wherever_the_full_walk_does() -> None:
    s = Nest(rng=Rng(seed="x"), piles={"a": Pile(), "b": SealedPile(bids=Sealed[int](seats=[0]))},
             anything=[{"k": Sealed[int](seats=[1])}], numbers=[1, 2])
    found = [(path, id(x)) for path, x in sealed_parts(s)]
    assert found == [(path, id(x)) for path, x in fair_oracle.every_sealed_part(s)]
    assert [path for path, _ in found] == ["piles[b].bids", "anything[0][k]"]


def test_the_typed_walk_skips_only_fields_whose_type_can_hold_no_sealed() -> None:
    assert _fields_with_sealed(Nest) == ("piles", "anything")
    assert _fields_with_sealed(Toy) == ("bids",)
    assert _fields_with_sealed(Pile) == ()


class DeclaredToy(ToyGame):
    public_kinds = frozenset({"hide", "show"})


def test_a_declared_public_kind_skips_only_the_comparison_and_the_oracle_disagrees_when_it_is_wrong() -> None:
    game: Any = DeclaredToy()
    s = Toy(rng=Rng(seed="x"))
    hide, note = Move(kind="hide", card="a"), Move(kind="note")
    t = game.apply(s.model_copy(deep=True), 0, hide)
    assert not hidden_decision(game, s, 0, hide, t)   # the declaration is taken at its word here …
    assert fair_oracle.hidden_decision(game, s, 0, hide, t)   # … and the conformance oracle says it is wrong
    assert hidden_decision(game, s, 0, note, game.apply(s.model_copy(deep=True), 0, note))   # private events still hide
    shown = Toy(rng=Rng(seed="x"), simultaneous=True)
    show = Move(kind="show", card="a")
    assert hidden_decision(game, shown, 0, show, game.apply(shown.model_copy(deep=True), 0, show))
