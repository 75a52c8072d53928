"""Decisions in plain words (engine/pirate_chest/labels.py): what a player reads on a button or in
a menu instead of the notation. A player test found "sail 3 cw to sea-14", "target lola" and
"captain dragon-lady" were jargon, and the captain menu did not say what a captain can do.

Seats: Captain Kidd (home Pirate Island, 12), Captain Hook (home The Seven Seas, 24), Yellowbeard
(home Pirate Island, 12), Sinbad (home The Seven Seas, 24), Mama Lola (home Ship Graveyard, 18).
"""
from __future__ import annotations

import string
import typing
from typing import Any

import pytest

from engine.core import ActionText, Setup, act, setup_state
from engine.pirate_chest import actions as A
from engine.pirate_chest.defs import defs
from engine.pirate_chest.labels import CATEGORIES, DESCRIBE, clip
from engine.pirate_chest.prompts import CurseDiePrompt, DollPrompt, EngagePrompt, EscapePrompt, FightCardsPrompt
from engine.pirate_chest.state import State
from tests.engine.pirate_chest.scenario_helpers import GAME, deck, fight, islands, player, stack, state, turn
from tests.engine.pirate_chest.scenario_helpers import act as act_steps


def table(*ships: dict[str, Any], coins: dict[int, list[str]] | None = None, dice: list[int] | tuple = (),
          **extra: Any) -> State:
    """Seat 0 to play one move; these ships by seat, only these face-down coins, scripted dice."""
    patch = {"players": list(ships), **turn(0), "islands": islands(coins), "deck": deck(["knives", "axes", "pikes"]),
             "rng": {"forced": list(dice)}, **extra}
    return state(patch, captains=[p["captain"] for p in ships])


def texts(s: State, seat: int = 0) -> dict[str, ActionText]:
    """Notation -> ActionText for each of the seat's legal decisions."""
    return {GAME.notate(s, a): GAME.describe(s, seat, a) for a in GAME.legal_actions(s, seat)}


def shown(t: ActionText, s: State) -> str:
    """The label as the table shows it: each {n} replaced by the seat's captain."""
    return t.label.format(*(GAME.seat_name(s, seat) for seat in t.seats))


# ---- moving --------------------------------------------------------------------------------

def test_sail_labels_say_the_direction_and_name_the_destination() -> None:
    """From Pirate Island (12) a roll of 3 reaches Cutlass Key (15) or Parrot Cay (9); a hidden coin
    waiting on Cutlass Key is mentioned."""
    s, _ = act_steps(table(player("kidd"), player("hook"), coins={15: ["map"]}, dice=[3]), (0, "roll"))
    t = texts(s)
    assert t["sail 3 cw to cutlass-key"] == ActionText(label="Sail 3 clockwise → Cutlass Key",
                                                       description="1 hidden coin to turn over.")
    assert t["sail 3 ccw to parrot-cay"].label == "Sail 3 counter-clockwise → Parrot Cay"


def test_sail_to_open_sea_and_onto_an_enemy() -> None:
    """A roll of 2 from 12: open sea 14 clockwise; Hook waits on open sea 10 counter-clockwise."""
    s, _ = act_steps(table(player("kidd"), player("hook", position=10), dice=[2]), (0, "roll"))
    t = texts(s)
    assert t["sail 2 cw to sea-14"].label == "Sail 2 clockwise → open sea 14"
    assert t["sail 2 cw to sea-14"].description == "Open sea, nobody there."
    assert t["sail 2 ccw to sea-10"].label == "Sail 2 counter-clockwise → open sea 10"
    assert t["sail 2 ccw to sea-10"].description == "Fight Captain Hook."


def test_roll_and_privateer_and_end_turn() -> None:
    """Captain Kidd's main menu: roll, Privateer; once he has moved, End turn is styled 'end'."""
    t = texts(table(player("kidd"), player("hook")))
    assert t["roll"].label == "Roll and sail"
    assert t["privateer"].label == "Sail 1 space (Privateer)"
    assert "end" not in t
    moved = table(player("kidd"), player("hook"), turn={**turn(0)["turn"], "moves_left": 0, "base_move_done": True})
    end = texts(moved)["end"]
    assert (end.label, end.style) == ("End turn", "end")


def test_never_land_names_each_port() -> None:
    """Captain Hook may jump to any other port; each is named, Pirate Island with Kidd safe at home."""
    s = table(player("hook"), player("kidd"))
    t = texts(s)
    assert t["never-land pirate-island"].label == "Never Land → Pirate Island"
    assert t["never-land pirate-island"].description == "As your move. A port. Captain Kidd is safe at home here."
    assert t["never-land caribbean"].label == "Never Land → The Caribbean"


# ---- setup ---------------------------------------------------------------------------------

def test_captain_menu_names_the_captain_and_says_the_ability() -> None:
    s = state(players=3)
    t = texts(s, seat=0)
    dragon = t["captain dragon-lady"]
    assert dragon.label == "The Dragon Lady (Rockets)"
    assert dragon.description == "Adds an extra die in broadside fights. Ship: Pirate Junk."
    assert t["captain kidd"].label == "Captain Kidd (Privateer)"


def test_a_long_ability_summary_is_cut_at_a_sentence() -> None:
    """Davy Jones's summary is longer than a description may be: whole sentences are dropped."""
    jones = texts(state(players=2))["captain jones"]
    assert jones.description == "Once a turn, before or after a move, rolls a die: an enemy on open sea that far away sinks."


def test_clip_cuts_at_a_word_when_one_sentence_is_too_long() -> None:
    text = "word " * 30
    out = clip(text, 20)
    assert len(out) <= 20 and out.endswith("…") and out == "word word word word…"
    assert clip("Short. Enough.", 100) == "Short. Enough."


# ---- cards and targets ---------------------------------------------------------------------

def test_play_shows_the_card_name_and_its_effect_text() -> None:
    t = texts(table(player("kidd", hand=["hurricane"]), player("hook", position=2)))
    assert t["play hurricane"] == ActionText(label="Play Hurricane", description=defs().cards["hurricane"].text)
    assert t["play hurricane"].description == "A random enemy ship sinks."


def test_target_names_the_seat_with_a_placeholder() -> None:
    """PC-CARD-05: Typhoon with Hook and Yellowbeard equally far (10 each way): the player picks,
    and each choice names its seat as {0} for the table to fill in."""
    s, _ = act_steps(table(player("kidd", hand=["typhoon"]), player("hook", position=2),
                           player("yellowbeard", position=22)), (0, "play typhoon"))
    t = texts(s)
    assert (t["target hook"].label, t["target hook"].seats) == ("Target {0}", (1,))
    assert (t["target yellowbeard"].label, t["target yellowbeard"].seats) == ("Target {0}", (2,))
    assert shown(t["target hook"], s) == "Target Captain Hook"
    assert t["target hook"].description == "Typhoon: Captain Hook, at open sea 2, 0 cards, holding no coins."


def test_curse_target_and_die_choice_say_what_the_curse_does() -> None:
    """Mama Lola's curse roll on Kidd left two results to choose from: each says what its curse does."""
    t = texts(table(player("lola"), player("kidd"), stack=stack(CurseDiePrompt(seats=[0], results=[3, 4], victim=1))))
    assert t["die 4"] == ActionText(label="Take 4", description="Curse 4: Captain Kidd shows his hand to everyone.")
    assert t["die 3"].description == "Curse 3: Captain Kidd discards a random card."


# ---- fights --------------------------------------------------------------------------------

def test_engage_labels_name_the_defender_and_sinbad_may_steal() -> None:
    s = table(player("sinbad", position=10), player("kidd", position=10, coins=["map"]),
              stack=stack(EngagePrompt(seats=[0], defender=1)))
    t = texts(s)
    assert [x.label for x in t.values()] == ["Fight {0}: broadsides", "Fight {0}: boarding",
                                             "Fight {0}: broadsides and boarding", "Steal a coin from {0}"]
    assert all(x.seats == (1,) for x in t.values())
    assert shown(t["steal-coin"], s) == "Steal a coin from Captain Kidd"


def test_fight_cards_say_their_bonus_and_ready_lists_the_sealed_cards() -> None:
    """A boarding fight: Cutlasses (+3) and Knives (+2) count, Cannonballs (broadsides) do not."""
    s = table(player("kidd", position=10, hand=["cannonballs", "cutlasses", "knives"]),
              player("hook", position=10), stack=stack(FightCardsPrompt(seats=[0, 1])), fight=fight(0, 1, "boarding"))
    t = texts(s)
    assert [x.label for x in t.values()] == ["Add Cutlasses (+3) to the fight", "Add Knives (+2) to the fight",
                                             "Ready to fight"]
    assert t["commit knives"].description == defs().cards["knives"].text
    s = act(GAME, s, 0, A.Commit(card="knives")).state
    t = texts(s)
    assert t["uncommit knives"] == ActionText(label="Take back Knives (+2)",
                                              description="Back to your hand; nobody sees it.", style="secondary")
    assert t["ready"].description == "Fight with Knives (+2). Sealed until both are ready."


def test_escape_menu_counts_the_bonus() -> None:
    s = table(player("kidd", position=10), player("hook", position=10, hand=["catch-the-wind"]),
              stack=stack(EscapePrompt(seats=[1])), fight=fight(0, 1, escape_bonus=2))
    t = texts(s, seat=1)
    assert t["play catch-the-wind"].label == "Play Catch the Wind (+1 to escape)"
    assert t["escape"].description == "Roll a die +2: 5 or more and you get away."
    assert (t["stand"].label, t["stand"].style) == ("Stand and fight", "secondary")


def test_the_voodoo_doll_is_a_danger_choice_naming_the_victim() -> None:
    t = texts(table(player("kidd", coins=["voodoo-doll"]), player("hook"), stack=stack(DollPrompt(seats=[0], targets=[1]))))
    assert (t["doll hook"].label, t["doll hook"].style, t["doll hook"].seats) == \
        ("Curse {0} with the Voodoo Doll", "danger", (1,))
    assert t["keep-doll"].style == "secondary"


# ---- the outcome ---------------------------------------------------------------------------

def test_outcome_names_every_breakdown_category() -> None:
    s = table(player("kidd", coins=["map", "key", "chest"]), player("hook"), winner=0)
    out = GAME.outcome(s)
    assert out is not None
    assert out.categories == {"chest": "Brought the Chest home", "coins": "Coins held", "sinkings": "Ships sunk",
                              "times_sunk": "Times sunk"}
    assert all(set(b) == set(CATEGORIES) for b in out.breakdown.values())


# ---- every decision, in many games ---------------------------------------------------------

def test_every_action_kind_has_a_label() -> None:
    assert set(DESCRIBE) == set(typing.get_args(A.Action))


def _placeholders(label: str) -> list[str]:
    return [field for _, field, _, _ in string.Formatter().parse(label) if field is not None]


def check(s: State, seat: int) -> set[str]:
    """The label rules on one legal list; returns the kinds seen."""
    legal = GAME.legal_actions(s, seat)
    notes = [GAME.notate(s, a) for a in legal]
    described = [GAME.describe(s, seat, a) for a in legal]
    for a, t in zip(legal, described, strict=True):
        where = f"{GAME.notate(s, a)!r}: {t}"
        assert t.label and len(t.label) <= 80, where
        assert len(t.description) <= 100, where
        assert "{" not in t.description and "}" not in t.description, where
        fields = _placeholders(t.label)
        assert all(f.isdigit() and int(f) < len(t.seats) for f in fields), where
        assert {int(f) for f in fields} == set(range(len(t.seats))), where   # every listed seat is named
        assert all(0 <= x < len(s.players) for x in t.seats), where
        assert not any(x in t.label.lower() for x in (" cw ", " ccw", "sea-")), where
    if len(set(notes)) == len(notes):
        labels = [shown(t, s) for t in described]
        assert len(set(labels)) == len(labels), labels
    return {a.kind for a in legal}


PLAYOUTS = [(n, options) for n in range(2, 7) for options in ({}, {"voodoo_doll": True})]


@pytest.mark.parametrize(("players", "options"), PLAYOUTS)
def test_labels_fit_and_are_unique_in_seeded_bot_playouts(players: int, options: dict[str, Any]) -> None:
    """Greedy and random bots play seeded games; every legal list on the way follows the label rules."""
    seen: set[str] = set()
    for game in range(3):
        seed = f"labels-{players}-{game}"
        s = setup_state(GAME, Setup(game="pirate_chest", players=players, seed=seed, options=options))
        bots = [GAME.policies["greedy" if (game + i) % 2 else "random"](f"{seed}-{i}") for i in range(players)]
        for _ in range(400):
            pending = GAME.pending(s)
            if pending is None:
                break
            for seat in pending.waiting_on:
                seen |= check(s, seat)
            seat = pending.waiting_on[0]
            s = act(GAME, s, seat, bots[seat].choose(GAME, s, seat)).state
    assert {"captain", "roll", "sail", "play", "end"} <= seen
