"""Glory cards in the turn engine: specialists going aboard (at most 2, public) and what they
give, the one-shot cards played from the action menu without spending an action, a free redraw
while buying, specialists lost with their captain or taken as plunder, and the hand limit."""
from __future__ import annotations

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules.common import captain, hold
from engine.merchants_marauders.rules.death import kill
from engine.merchants_marauders.state import State
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    in_port,
    options,
    started,
    top,
)


def _hand(s: State, seat: int, *cards: str) -> None:
    s.players[seat].glory_cards = list(cards)


def test_mmb_skill_06_07_specialists_go_aboard_at_most_two_and_a_lookout_adds_a_scouting_die() -> None:
    s = started(3, seed="lookout")
    seat = active(s)
    _hand(s, seat, "gl-lookout-1", "gl-quartermaster-1", "gl-gunner-1")
    s = do(s, seat, "play gl-lookout-1")
    s = do(s, seat, "play gl-quartermaster-1")
    p = s.players[seat]
    assert p.specialists == ["gl-lookout-1", "gl-quartermaster-1"] and s.turn.actions == 3
    assert "play gl-gunner-1" not in options(s, seat), "2 specialists aboard at most"
    assert GAME.view(s, (seat + 1) % 3).players[seat].specialists == p.specialists
    assert hold(p) == p.ship.points["cargo"] + 1, "the quartermaster's hold space"
    s = do(s, seat, "leave")
    at_sea(s, seat, "caribbean_sea")
    s.zones["caribbean_sea"].merchant, s.round.scouting = "spain", 0
    s.players[seat].captain = "gaspard_ferrand"       # Scouting 3, no scouting ability die
    dice(s, 1, 1, 1, SKULL)
    s = do(s, seat, "scout merchant")
    assert s.raid is not None and not s.rng.forced


def test_one_shot_cards_an_extra_action_a_bounty_dropped_a_free_repair() -> None:
    s = started(3, seed="one-shots")
    seat = active(s)
    p = s.players[seat]
    _hand(s, seat, "gl-fair-winds-astern")
    p.bounties = {"spain": 2, "france": 1}
    p.ship.points["hull"] = 1
    s = do(s, seat, "play gl-fair-winds-astern")
    assert s.turn.actions == 4 and "gl-fair-winds-astern" in s.glory.discard
    drop = next(c for c in s.glory.pile if c.startswith("gl-") and _verb(c) == "drop_bounty")
    fix = next(c for c in s.glory.pile if _verb(c) == "free_repair")
    _hand(s, seat, drop, fix)
    s = do(s, seat, f"play {drop}")
    s = do(s, seat, f"play {fix}")
    p = s.players[seat]
    assert p.bounties == {"spain": 1, "france": 1} and p.ship.points["hull"] == 2 and s.turn.actions == 4


def _verb(c: str) -> str:
    from engine.merchants_marauders.rules.glory_cards import verb
    return verb(c)


def test_trade_cards_a_better_sale_and_the_stash_in_any_port_and_a_free_redraw() -> None:
    s = started(3, seed="trade-cards")
    seat = active(s)
    s.players[seat].captain, s.players[seat].bounties = "gaspard_ferrand", {}
    s.round.sale_bonus, s.round.embargo = 0, None
    in_port(s, seat, "tortuga")
    s.zones["tortuga"].demand = "sugar"
    s.players[seat].ship.cargo = ["sugar-1"]
    _hand(s, seat, "gl-silver-tongued-haggling", "gl-a-trusted-banker", "gl-word-from-the-docks")
    s = do(s, seat, "play gl-silver-tongued-haggling")
    s = do(s, seat, "play gl-a-trusted-banker")
    s = do(s, seat, "port")
    s = do(s, seat, "sell")
    s = do(s, seat, "sell sugar-1")
    s = do(s, seat, "done")
    assert s.players[seat].ship.gold == 10 + 6 + 2
    assert "stash" in options(s, seat), "Tortuga is not Gaspard's home port: the banker opens the stash"
    s = do(s, seat, "buy")
    first = list(top(s).drawn)
    s = do(s, seat, "play gl-word-from-the-docks")
    assert isinstance(top(s), P.BuyPrompt) and top(s).drawn != first and s.players[seat].ship.gold == 18


def test_mmb_skill_08_09_specialists_lost_with_the_captain_or_taken_in_plunder() -> None:
    s = started(3, seed="specialists")
    a, d = s.order[0], s.order[1]
    s.players[d].specialists = ["gl-gunner-1"]
    s.stack.append(P.PlunderPrompt(seats=[a], loser=d))
    assert "take specialist gl-gunner-1" in options(s, a)
    s = do(s, a, "take specialist gl-gunner-1")
    assert s.players[a].specialists == ["gl-gunner-1"] and not s.players[d].specialists
    s.stack.pop()
    kill(s, a, [])
    assert not s.players[a].specialists and "gl-gunner-1" in s.glory.discard


def test_mmb_glory_03_over_four_cards_the_owner_discards_copies_offered_once() -> None:
    s = started(3, seed="limit")
    seat = active(s)
    _hand(s, seat, "gl-hold-your-course", "gl-hold-your-course", "gl-lookout-1", "gl-gunner-1", "gl-envoy-1")
    s.stack.append(P.DiscardGloryPrompt(seats=[seat]))
    assert options(s, seat) == ["discard gl-hold-your-course", "discard gl-lookout-1", "discard gl-gunner-1",
                                "discard gl-envoy-1"]
    assert GAME.notate(s, GAME.default_action(s, seat)) == "discard gl-envoy-1"
    s = do(s, seat, "discard gl-hold-your-course")
    assert len(s.players[seat].glory_cards) == 4 and isinstance(top(s), P.ActionPrompt)
    assert captain(s.players[seat]) is not None
