"""The bots (engine/scoundrel_bay/policy.py): the greedy bot's choices in positions built to test
one idea each (reroll a losing die, pull pirates off a beach, take a harbor majority, bid a
little, feed everyone), that it reads only what its seat may see, and seeded matches against
random and greedy-v1. Deterministic: fixed seeds, scripted states, a step cap, no timing."""
from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import Setup, setup_state
from engine.core.policy import GreedyPolicy
from engine.core.sealed import Sealed
from engine.scoundrel_bay import GAME
from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.policy import POLICIES, Reading, bid_target, score
from engine.scoundrel_bay.state import Stage, State
from tests.engine.scoundrel_bay.conformance import ALL_VARIANTS, scramble_scoundrel_bay
from tests.engine.scoundrel_bay.scenario_helpers import do, force_die, game, hand, put_monster

MAX_STEPS = 5000
CATEGORIES = ("harbors", "villages", "hideouts", "reputation", "doubloons", "scoundrel_bay")


def choice(s: State, seat: int = 0, name: str = "greedy") -> str:
    return GAME.notate(s, POLICIES[name](0).choose(GAME, s, seat))


def test_policies_offer_greedy_its_first_version_and_random() -> None:
    assert GAME.policies is POLICIES
    assert set(POLICIES) == {"greedy", "greedy-v1", "random"}
    assert isinstance(POLICIES["greedy"](1), GreedyPolicy) and POLICIES["greedy"](1).name == "greedy"
    assert POLICIES["greedy-v1"](1).name == "greedy-v1"


# ---- decisions in built positions ---------------------------------------------------------------

def fight(face: int | str) -> State:
    """Seat 0 (6 guns, 8 shields, a pirate ring) sails onto a kraken with 4 guns and 4 shields and
    rolls `face`: +1 and +2 conquer it, +3 neither conquers nor hurts."""
    s = game(3)
    s.monsters.clear()
    put_monster(s, 2, "kraken-1")
    hand(s, 0, "blue-01", "blue-02")
    p = s.players[0]
    p.tools["gun"], p.tools["shield"], p.resources["ring"] = 6, 8, 1
    force_die(s, face)
    return do(do(do(s, 0, "sail blue-01"), 0, "sail 1"), 0, "no reward")


def test_sb_shoot_04_it_rerolls_a_roll_that_loses_the_kraken_and_keeps_one_that_wins() -> None:
    assert choice(fight(3)) == "reroll"
    assert choice(fight(1)) == "keep"
    assert choice(fight("critical")) == "keep"


def test_it_shoots_a_monster_its_guns_beat_and_sails_past_one_that_would_hurt() -> None:
    """Sea space 14 (a kraken's space) holds a stand, spaces 15 and 16 are empty; the ship is on
    13. With guns and shields at 10 the bot stops on the kraken; at 1 each, with the ship already
    damaged, it sails past."""
    picks = {}
    for level in (10, 1):
        s = game(3)
        s.monsters.clear()
        put_monster(s, 14, "kraken-3")
        hand(s, 0, "blue-01", "blue-02")
        p = s.players[0]
        p.ship, p.ship_damage = 13, 5
        p.tools["gun"] = p.tools["shield"] = level
        picks[level] = choice(do(s, 0, "sail blue-01"))
    assert picks[10] == "sail 1"
    assert picks[1] != "sail 1"


def test_a_pirate_move_takes_a_pirate_off_the_beach() -> None:
    """Pirates on beaches die at the end: the move goes from Gullsand Beach, not onto it."""
    s = game(3)
    s.regions["gullsand-beach"].pirates[0] = 1
    s.regions["tarwick"].pirates[0] = 1
    s.stack.append(P.MovePrompt(seats=[0], moves=1))
    assert choice(s).startswith("move gullsand-beach ")


def test_it_lands_enough_pirates_to_take_the_harbor_majority() -> None:
    """Port Harleem holds 2 of seat 1's pirates; seat 0 (3 swords, 2 blue flags) invades it
    with a blue card: the captain and a pirate (strength 3) take first place, 1 pirate would not."""
    s = game(3)
    s.regions["port-harleem"].pirates[1] = 2
    p = s.players[0]
    p.tools["sword"] = 3
    hand(s, 0, "blue-01", "blue-02")
    s = do(s, 0, "invade blue-01")
    assert choice(s) == "land port-harleem 1 +captain"


def bid_for(event: str, doubloons: int) -> State:
    s = game(3)
    for p in s.players:
        p.doubloons = doubloons
    s.stage = Stage(reef=1, event=event, bids=Sealed[int](seats=[0, 1, 2]))
    s.stack.append(P.BidPrompt(seats=[0, 1, 2]))
    return s


@pytest.mark.parametrize("event", ["the-scoundrels-spoils", "walk-the-plank"])
def test_sb_bid_it_bids_a_little_when_the_stake_is_worth_it_never_everything(event: str) -> None:
    s = bid_for(event, 20)
    bid = int(choice(s).removeprefix("bid "))
    assert bid == bid_target(Reading(s, 0)) and 0 < bid < 20     # its share of the stake, never all
    assert choice(bid_for(event, 0)) == "bid 0"


def test_sb_feed_it_feeds_as_many_as_its_food_allows_every_stage() -> None:
    """In seeded bot games, every feeding choice of a greedy seat is the largest on offer."""
    seen = 0
    for g in range(3):
        s = setup_state(GAME, Setup(game=GAME.id, players=3, seed=f"feed-{g}"))
        bots = [POLICIES["greedy"](f"{g}-{i}") for i in range(3)]
        for _ in range(MAX_STEPS):
            pending = GAME.pending(s)
            if pending is None:
                break
            seat = pending.waiting_on[0]
            legal = GAME.legal_actions(s, seat)
            a = bots[seat].choose(GAME, s, seat, legal)
            if isinstance(s.stack[-1], P.FeedPrompt):
                assert a.fed == max(x.fed for x in legal if hasattr(x, "fed"))
                seen += 1
            s = GAME.apply(s, seat, a).state
    assert seen >= 9


# ---- fair play: only what its seat may see ---------------------------------------------------------

def test_choices_and_scores_do_not_depend_on_what_the_seat_cannot_see() -> None:
    """Scrambling other hands, the pirate deck, the event deck, the crate stacks, face-down
    treasures and monster stands, and other seats' sealed choices (as the leak test does) never
    changes a score or a decision: the bot does not peek."""
    rand = random.Random(7)
    checked = 0
    for g, players in enumerate((2, 3, 4)):
        s = setup_state(GAME, Setup(game=GAME.id, players=players, seed=f"fair-{g}", options=ALL_VARIANTS[7 - g]))
        bots = [POLICIES["greedy"](f"{g}-{i}") for i in range(players)]
        for _ in range(MAX_STEPS):
            pending = GAME.pending(s)
            if pending is None:
                break
            seat = pending.waiting_on[-1]
            legal = GAME.legal_actions(s, seat)
            scrambled = scramble_scoundrel_bay(s, seat, rand)
            assert [score(scrambled, seat, a) for a in legal] == [score(s, seat, a) for a in legal]
            assert POLICIES["greedy"](99).choose(GAME, scrambled, seat) == POLICIES["greedy"](99).choose(GAME, s, seat)
            checked += 1
            s = GAME.apply(s, seat, bots[seat].choose(GAME, s, seat, legal)).state
        assert GAME.outcome(s) is not None
    assert checked > 500


def test_reading_prices_unseen_monsters_by_type_not_by_the_stand() -> None:
    """Two positions that differ only in which kraken stands face down on space 2 read the same."""
    values = []
    for kraken in ("kraken-2", "kraken-3"):
        s = game(3)
        put_monster(s, 2, kraken)
        from engine.scoundrel_bay.policy import fight_value
        values.append(fight_value(Reading(s, 0), 2))
    assert values[0] == values[1]


# ---- whole games -----------------------------------------------------------------------------------

def play(bots: list[str], seed: str, options: dict[str, Any] | None = None) -> State:
    s = setup_state(GAME, Setup(game=GAME.id, players=len(bots), seed=seed, options=options or {}))
    policies = [POLICIES[b](f"{seed}-{i}") for i, b in enumerate(bots)]
    for _ in range(MAX_STEPS):
        pending = GAME.pending(s)
        if pending is None:
            return s
        seat = pending.waiting_on[0]
        s = GAME.apply(s, seat, policies[seat].choose(GAME, s, seat)).state
    raise AssertionError(f"game {seed} did not finish in {MAX_STEPS} decisions")


def wins(hero: str, other: str, games: int, players: int = 3) -> int:
    """`hero` in one seat (rotating), `other` in the rest: the games the hero won."""
    won = 0
    for g in range(games):
        seat = g % players
        outcome = GAME.outcome(play([hero if i == seat else other for i in range(players)], f"match-{g}"))
        assert outcome is not None
        won += outcome.winners == [seat]
    return won


def test_greedy_beats_random_in_a_seeded_match() -> None:
    """60 three-seat games, one greedy bot against two random ones: far more than a fair third."""
    assert wins("greedy", "random", 60) >= 48


def test_greedy_beats_its_first_version_in_a_seeded_match() -> None:
    assert wins("greedy", "greedy-v1", 30) >= 20


@pytest.mark.parametrize(("players", "variant"), [(2, 0), (3, 7), (4, 3), (4, 5)])
def test_greedy_bots_finish_games_against_each_other(players: int, variant: int) -> None:
    s = play(["greedy"] * players, f"mirror-{players}-{variant}", ALL_VARIANTS[variant])
    outcome = GAME.outcome(s)
    assert outcome is not None and len(outcome.winners) == 1


def test_greedy_scores_in_every_final_scoring_category_over_a_handful_of_games() -> None:
    """Harbors, villages, hideouts, reputation, doubloons and Scoundrel Bay each pay a greedy
    seat something in at least one of 12 seeded games (against greedy and random seats)."""
    scored = dict.fromkeys(CATEGORIES, 0)
    for g in range(12):
        bots = ["greedy", "greedy", "random"] if g % 2 else ["greedy"] * 3
        outcome = GAME.outcome(play(bots, f"categories-{g}"))
        assert outcome is not None
        for seat in (0, 1):
            for c in CATEGORIES:
                scored[c] += outcome.breakdown[seat][c] > 0
    assert all(n > 0 for n in scored.values()), scored
