"""The bots (engine/pirate_chest/policy.py): the greedy bot's choices in the spots the rules audit
found the first greedy bot getting wrong, that it reads only what its seat may see, and a seeded
match against greedy-v1. Deterministic: fixed seeds, scripted states, no timing."""
from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import Setup, get_game, setup_state
from engine.core.policy import GreedyPolicy
from engine.core.prompts import PromptBase
from engine.pirate_chest import actions as A
from engine.pirate_chest.policy import POLICIES, greedy_v1
from engine.pirate_chest.prompts import CurseDiePrompt, KrakenDiePrompt, SailPrompt
from engine.pirate_chest.state import State
from tests.engine.conformance_hooks import hooks_for
from tests.engine.pirate_chest.scenario_helpers import act, deck, islands, player, stack, state, turn

GAME = get_game("pirate_chest")


def bot(name: str = "greedy", seed: int = 0) -> Any:
    return GAME.policies[name](seed)


def table(*ships: dict[str, Any], coins: dict[int, list[str]] | None = None, shown: dict[int, list[str]] | None = None,
          prompts: tuple[PromptBase, ...] = (), turn_state: dict[str, Any] | None = None) -> State:
    """Seat 0 to play one move; these ships by seat; face-down `coins` and face-up `shown` coins."""
    on_islands = islands(coins)
    for n, ids in (shown or {}).items():
        on_islands[str(n)] = (on_islands[str(n)] or []) + [{"id": c, "face_up": True} for c in ids]
    patch = {"players": list(ships), **turn(0, **(turn_state or {})), "islands": on_islands,
             "deck": deck(["knives", "axes", "pikes"]), "stack": stack(*prompts)}
    return state(patch, captains=[p["captain"] for p in ships])


def choice(s: State, seat: int = 0, name: str = "greedy") -> str:
    return GAME.notate(s, bot(name).choose(GAME, s, seat))


def sail_prompt(distances: list[int], ship: int = 0) -> SailPrompt:
    return SailPrompt(seats=[0], ship=ship, distances=distances)


# ---- the names the table offers ---------------------------------------------------------------

def test_policies_offer_greedy_its_first_version_and_random() -> None:
    assert GAME.policies is POLICIES
    assert set(POLICIES) == {"greedy", "greedy-v1", "random"}
    assert isinstance(bot("greedy"), GreedyPolicy) and bot("greedy").name == "greedy"
    assert bot("greedy-v1").name == "greedy-v1"


# ---- die choices: the value that achieves something, not the highest ------------------------------

def test_kraken_die_takes_the_distance_that_hits_an_enemy_ship() -> None:
    """KRAKEN: an enemy 4 spaces away on open sea; of the results 4 and 5, only 4 sinks it."""
    die = KrakenDiePrompt(seats=[0], results=[4, 5])
    s = table(player("jones", position=1), player("kidd", position=5, coins=["map"]), prompts=(die,))
    assert choice(s) == "die 4"
    assert choice(s, name="greedy-v1") == "die 5"   # the audit's finding: the highest value


def test_curse_die_sinks_rather_than_rolling_off_the_table() -> None:
    """RAIDER on the CURSE TABLE (Voodoo Magic): Morgan rolls 6 and may add 1; 7 does nothing,
    6 sinks the Map holder (the audit's 'Morgan chose 7 over 6')."""
    s = table(player("morgan", position=1, hand=["voodoo-magic"]), player("kidd", position=5, coins=["map"]))
    s = state({**s.model_dump(mode="json"), "rng": {"forced": [6]}}, captains=["morgan", "kidd"])
    s, _ = act(s, (0, "play voodoo-magic"))
    assert [GAME.notate(s, a) for a in GAME.legal_actions(s, 0)] == ["die 6", "die 7"]
    assert choice(s) == "die 6"


def test_curse_die_avoids_the_sinking_that_a_home_port_stops() -> None:
    """PORTS OF CALL: a ship at home cannot be destroyed, so curse 6 would do nothing; 5 blocks
    his ability until the end of his next turn."""
    die = CurseDiePrompt(seats=[0], results=[5, 6], victim=1)
    s = table(player("morgan", position=1), player("kidd"), prompts=(die,))
    assert choice(s) == "die 5"


# ---- the Chest aboard -------------------------------------------------------------------------

@pytest.mark.parametrize(("ships", "winning"), [
    ([player("kidd", position=20, coins=["chest"], hand=["knives", "port-of-call"]), player("hook", position=2)],
     "play port-of-call"),
    ([player("hook", position=8, coins=["chest"]), player("kidd", position=2)], "never-land seven-seas"),
    ([player("kidd", position=20, coins=["chest"], hand=["give-chase"]), player("horatio", position=12)],
     "play give-chase"),
    ([player("kidd", position=11, coins=["chest"]), player("hook", position=2)], "privateer"),
])
def test_chest_holder_wins_at_once_with_a_card_or_an_ability(ships: list[dict[str, Any]], winning: str) -> None:
    """VICTORY as your move: Port of Call, Never Land to the home port, Give Chase to an enemy
    lying in our home port, Privateer one space home — each wins now, a roll only perhaps."""
    s = table(*ships)
    assert choice(s) == winning
    s, _ = act(s, (0, winning))
    if GAME.pending(s) is not None:   # a card with a choice of target: the one in our port
        s, _ = act(s, (0, choice(s)))
    assert s.winner == 0


def test_chest_holder_sails_away_from_an_enemy_rather_than_onto_it() -> None:
    """Landing on an enemy means a fight, and a lost fight gives him the Chest: with 3 to sail,
    clockwise lands on Hook (nearer home), counter-clockwise on empty sea."""
    s = table(player("kidd", position=5, coins=["chest"]), player("hook", position=8),
              prompts=(sail_prompt([3]),))
    assert choice(s) == "sail 3 ccw to sea-2"
    assert choice(s, name="greedy-v1") == "sail 3 cw to sea-8"


def test_chest_holder_lands_on_an_enemy_only_when_nothing_else_is_left() -> None:
    """BLOCKADE: the Admiral at 3 bars the way counter-clockwise, so the only sail is onto him."""
    s = table(player("kidd", position=5, coins=["chest"]), player("horatio", position=3),
              player("hook", position=8), prompts=(sail_prompt([3]),))
    assert choice(s) == "sail 3 cw to sea-8"


# ---- going for the coins it needs ---------------------------------------------------------------

def test_with_the_map_it_sails_for_the_key_not_the_compass() -> None:
    """THE KEY is needed for the Chest; the Compass only adds a move: 3 either way, Key clockwise."""
    s = table(player("kidd", position=12, coins=["map"]), player("hook", position=24),
              shown={9: ["compass"], 15: ["key"]}, prompts=(sail_prompt([3]),))
    assert choice(s) == "sail 3 cw to cutlass-key"


def test_without_the_map_and_key_a_face_up_chest_is_not_a_goal() -> None:
    """THE CHEST is taken only with the Map and the Key aboard: sail for a hidden coin instead."""
    s = table(player("kidd", position=12, coins=["map"]), player("hook", position=24),
              coins={15: ["key"]}, shown={9: ["chest"]}, prompts=(sail_prompt([3]),))
    assert choice(s) == "sail 3 cw to cutlass-key"


def test_x_marks_the_spot_goes_to_the_island_with_the_needed_coin() -> None:
    """X Marks the Spot as the move: the Key lies face up at Rum Rock, far away."""
    s = table(player("kidd", position=12, coins=["map"], hand=["x-marks-the-spot"]), player("hook", position=24),
              shown={21: ["key"], 9: ["compass"]})
    assert choice(s) == "play x-marks-the-spot"
    s, _ = act(s, (0, "play x-marks-the-spot"))
    assert choice(s) == "to rum-rock"


# ---- fair play: only what its seat may see ------------------------------------------------------

def test_choices_do_not_depend_on_what_the_seat_cannot_see() -> None:
    """Scrambling other hands, the deck and face-down coins (as the leak test does) never
    changes a decision: the bot does not peek."""
    rand = random.Random(5)
    for seed in range(3):
        s = setup_state(GAME, Setup(game="pirate_chest", players=4, seed=f"fair-{seed}"))
        bots = [bot("greedy", seed * 10 + i) for i in range(4)]
        for _ in range(300):
            pending = GAME.pending(s)
            if pending is None:
                break
            seat = pending.waiting_on[0]
            chosen = bots[seat].choose(GAME, s, seat)
            for _ in range(2):
                scrambled = hooks_for("pirate_chest").scramble(s, seat, rand)
                assert bot("greedy", 99).choose(GAME, scrambled, seat) == bot("greedy", 99).choose(GAME, s, seat)
            s = GAME.apply(s, seat, chosen).state


# ---- playing whole games --------------------------------------------------------------------------

def play(factories: list[Any], seed: str, options: dict[str, Any] | None = None) -> list[int]:
    s = setup_state(GAME, Setup(game="pirate_chest", players=len(factories), seed=seed, options=options or {}))
    bots = [f(f"{seed}-{i}") for i, f in enumerate(factories)]
    for _ in range(20_000):
        pending = GAME.pending(s)
        if pending is None:
            outcome = GAME.outcome(s)
            assert outcome is not None
            return outcome.winners
        seat = pending.waiting_on[0]
        s = GAME.apply(s, seat, bots[seat].choose(GAME, s, seat)).state
    raise AssertionError(f"game {seed} did not finish")


@pytest.mark.parametrize(("players", "options"), [
    (2, {}), (3, {"voodoo_doll": True}), (4, {}), (5, {}), (6, {"larger_board": True, "voodoo_doll": True}),
])
def test_greedy_bots_finish_games_of_every_size(players: int, options: dict[str, Any]) -> None:
    for g in range(2):
        assert len(play([POLICIES["greedy"]] * players, f"sizes-{players}-{g}", options)) == 1


def test_greedy_wins_more_than_greedy_v1_in_a_seeded_match() -> None:
    """40 four-seat games, one greedy bot against three greedy-v1, its seat rotated: it wins well
    over a fair share (10), and more than any one greedy-v1 seat."""
    wins = {"greedy": 0, **{f"v1-{k}": 0 for k in range(3)}}
    for g in range(40):
        seat = g % 4
        factories = [POLICIES["greedy"] if i == seat else greedy_v1 for i in range(4)]
        for w in play(factories, f"match-{g}"):
            wins["greedy" if w == seat else f"v1-{(w - seat) % 4 - 1}"] += 1
    assert wins["greedy"] > 16, wins
    assert wins["greedy"] > max(v for k, v in wins.items() if k != "greedy"), wins


def test_the_first_greedy_bot_is_unchanged() -> None:
    """greedy-v1 is the baseline of bench/bots.py: it still plays by the first scoring, `score`."""
    from engine.pirate_chest.policy import score
    s = table(player("kidd", position=5, coins=["chest"]), player("hook", position=8), prompts=(sail_prompt([3]),))
    assert [score(s, 0, a) for a in GAME.legal_actions(s, 0)] == [-4, -10]
    assert score(s, 0, A.Die(value=5)) == 5
