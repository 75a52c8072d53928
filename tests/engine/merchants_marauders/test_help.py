"""The /rules help (data/merchants_marauders/help.toml): well-formed topics within Discord's limits, a
topic for every part of the base game, each Seas of Glory module and the variants, the buttons,
prompts and notation as the engine writes them, the defaults it describes, and Parley's own
wording: no run of 8 words copied from the expansion text or from our reconstruction of the base
game. Its numbers are checked against the data in test_help_numbers.py."""
from __future__ import annotations

import re
from typing import Any, get_args

import pytest

from engine.core.help import load_help
from engine.merchants_marauders import DEFAULT_PREFERENCE, GAME, MerchantsOptions, action_ship, labels, notation
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.vocab import NATIONS, WEAPONS, ZONES
from tests.engine.help_checks import (
    check_copy_check_catches,
    check_cross_references,
    check_fields_within_limits,
    check_file_not_copied,
    check_header,
    check_ids,
    check_offered_in_file_order,
    check_topic_not_copied,
    rule_windows,
)
from tests.engine.merchants_marauders.help_topics import FILE_TEXT, HELP, TOPICS, line_with, text
from tests.engine.merchants_marauders.scenario_helpers import in_port, started

MODULES = ["new-cards", "special-weapons", "modifications", "npc-upgrades", "ships", "treasure-galleon",
           "contraband", "wind-and-weather", "locations", "goodwill", "loyalty"]
REQUIRED = ["overview", "round", "turn", "moving", "scouting", "port", "selling-and-buying", "ports", "shipyard",
            "ships", "crew-and-specialists", "rumours-and-missions", "stash", "raids", "combat", "hits-and-weapons",
            "crew-clash", "npcs", "bounties-and-war", "glory-and-victory", "captains-and-death",
            *(f"module-{n}-{m}" for n, m in enumerate(MODULES, 1)), "location-tokens", "variants", "cutthroat",
            "readings", "playing-in-parley"]


def sources() -> frozenset[tuple[str, ...]]:
    """Both rule texts: the expansion's and our reconstruction of the base game."""
    return rule_windows("merchants_marauders_seas_of_glory.txt", "merchants_marauders_base.md")


# ---- the file ----
def test_every_topic_has_the_fields_within_limits() -> None:
    check_fields_within_limits(TOPICS)


def test_ids_are_unique_and_the_expected_topics_exist() -> None:
    check_ids(TOPICS, REQUIRED)
    assert len(MODULES) == 11


def test_the_loader_reads_the_topics_in_file_order() -> None:
    check_offered_in_file_order(load_help(HELP), TOPICS)


def test_the_header_says_it_is_parleys_own_wording() -> None:
    check_header(FILE_TEXT, "game options")


def test_topics_named_in_bold_exist() -> None:
    check_cross_references(TOPICS, least=40)


def test_every_module_and_variant_topic_names_its_option() -> None:
    for n, m in enumerate(MODULES, 1):
        assert f"with `module_{n}`" in text(f"module-{n}-{m}"), n
    for n in range(1, 7):
        assert f"`variant_{n}`" in text("variants"), n
    assert set(MerchantsOptions.model_fields) == {"victory", *(f"module_{n}" for n in range(1, 12)),
                                                  *(f"variant_{n}" for n in range(1, 7)), "variant_2_mode",
                                                  "module_8_parts", "module_1_separate", "module_3_selling"}
    assert "`victory` set to `immediate`" in text("glory-and-victory")
    assert "immediate" in get_args(MerchantsOptions.model_fields["victory"].annotation)


# ---- the buttons, prompts and notation the engine writes ----
def test_quoted_buttons_are_the_engines_labels() -> None:
    s = started(2)
    in_port(s, s.turn.seat, "tortuga")
    buttons: dict[str, Any] = {
        "End the turn": action(A.End), "Sail to Havana": action(A.Move, to="havana"),
        "Sail to Tortuga": action(A.Move, to="tortuga"), "Put in at Tortuga": action(A.Enter),
        "Leave port": action(A.Leave), "Scout for the merchant here": action(A.Scout, target="merchant"),
        "Take the port action": action(A.Port), "Shoot": action(A.Order, order="shoot"),
        "Board": action(A.Order, order="board"), "Board with the boarding hooks": action(A.Order, order="hooks"),
        "Flee": action(A.Order, order="flee"), "Done": action(A.Done),
    }
    for label, a in buttons.items():
        assert labels.describe(s, s.turn.seat, a).label == label
        assert f"**{label}**" in FILE_TEXT, label
    in_port(s, s.turn.seat, "havana")
    assert labels.describe(s, s.turn.seat, action(A.Enter)).label == "Put in at Havana" and "**Put in at Havana**" \
        in text("turn")


def test_quoted_prompts_are_the_engines() -> None:
    assert f"**{P.OrdersPrompt.text}**" in text("combat")
    assert f"**{P.ShotPrompt.text}**" in text("hits-and-weapons")
    assert f"**{P.PlunderPrompt.text}**" in text("crew-clash")
    assert f"**{P.DiscardGloryPrompt.text}**" in text("glory-and-victory")
    assert f"**{P.CardPrompt.text}**" in text("glory-and-victory")
    assert set(get_args(P.CardPrompt.model_fields["window"].annotation)) == {"contest", "clash", "scouted"}
    assert P.OrdersPrompt.pending_kind == "simultaneous" and P.SetupPrompt.pending_kind == "simultaneous"


def _notation_examples() -> dict[str, Any]:
    out: dict[str, Any] = {
        "move havana": action(A.Move, to="havana"), "move tortuga": action(A.Move, to="tortuga"),
        "scout merchant": action(A.Scout, target="merchant"), "scout p2": action(A.Scout, target="p2"),
        "scout p3": action(A.Scout, target="p3"), "scout navy_spain": action(A.Scout, target="navy_spain"),
        "scout pirate_frigate": action(A.Scout, target="pirate_frigate"),
        "scout treasure_galleon": action(A.Scout, target="treasure_galleon"),
        "sell rum-3": action(A.Sell, card="rum-3"), "buy sugar-2": action(A.Buy, card="sugar-2"),
        "ship sloop": action(A.Ship, ship="sloop"), "ship flute": action(A.Ship, ship="flute"),
        "ship frigate": action(A.Ship, ship="frigate"), "repair masts": action(A.Repair, location="masts"),
        "weapon chain_shot": action(A.UseWeapon, weapon="chain_shot"),
        "weapon grapeshot": action(A.UseWeapon, weapon="grapeshot"),
        "hire 2": action(A.Hire, n=2), "hire 0": action(A.Hire, n=0),
        "stash 10": action(A.Stash, n=10), "stash 20": action(A.Stash, n=20), "stash 3": action(A.Stash, n=3),
        "keep sugar-1": action(A.Keep, card="sugar-1"), "keep rum-3": action(A.Keep, card="rum-3"),
        "nation spain": action(A.ChooseNation, nation="spain"), "discard rum-3": action(A.Discard, card="rum-3"),
        "swap rum-3": action(A.Swap, card="rum-3"), "board hooks": action(A.Order, order="hooks"),
        "shot chain_shot": action(A.Shot, weapon="chain_shot"), "take gold": action(A.Take, what="gold"),
        "take cargo rum-3": action(A.Take, what="cargo", item="rum-3"),
        "take contraband cb-coffee-1": action(A.Take, what="contraband", item="cb-coffee-1"), "take card": action(A.Take, what="card"),
        "take weapon chain_shot": action(A.Take, what="weapon", item="chain_shot"),
        "take rumour": action(A.Take, what="rumour"), "take ship": action(A.Take, what="ship"),
        "claim mi-01": action(A.Claim, mission="mi-01"),
        "to havana": action(A.To, zone="havana"),
        "play gl-point-blank-broadside": action(A.Play, card="gl-point-blank-broadside"),
    }
    for kind in (A.Enter, A.Leave, A.Port, A.End, A.Done, A.Redraw, A.Modification, A.Release, A.Draw, A.Stop,
                 A.NoShot, A.Investigate, A.Attempt, A.Pass):
        a: Any = action(kind)
        out[str(a.kind)] = a
    for part in get_args(A.PortPart):
        out[part] = action(A.Part, part=part)
    for order in ("shoot", "board", "flee"):
        out[order] = action(A.Order, order=order)
    return out


def test_every_code_span_is_real_notation_an_id_or_an_option() -> None:
    """Whatever the help puts in `code` is something a player can type or will see: a decision as
    notation.notate writes it, a zone, seat, NPC slot or card id, or a game option and its value."""
    s = started(2)
    examples = _notation_examples()
    for typed, a in examples.items():
        assert notation.notate(s, a) == typed, typed
        assert typed.split()[0] in notation.VERBS or typed in {"enter", "leave", "port", "end", "none"}, typed
    c = cards()
    ids = {*ZONES, *NATIONS, *WEAPONS, "p1", "p2", "p3", "p4", *defs().all_npcs(), *c.base.cargo.cards,
           *c.base.rumours.rumours, *c.base.missions.missions}
    options = {*MerchantsOptions.model_fields, *get_args(MerchantsOptions.model_fields["victory"].annotation),
               *get_args(MerchantsOptions.model_fields["variant_2_mode"].annotation),
               *get_args(MerchantsOptions.model_fields["module_8_parts"].annotation)}
    for t in TOPICS:
        for span in re.findall(r"`([^`]+)`", t["text"]):
            assert span in examples or span in ids or span in options, \
                f"{t['id']}: `{span}` is neither notation, an id nor an option"
    for card in ("rum-3", "sugar-1", "sugar-2"):
        assert card in c.base.cargo.cards
    assert "mi-01" in c.base.missions.missions and "ru-12" in c.base.rumours.rumours
    assert c.base.glory.cards["gl-point-blank-broadside"].family == "combat"


def test_the_play_examples_are_verbs() -> None:
    line = line_with("playing-in-parley", "**/play**").split("Zones go by id")[0]
    shown = set(re.findall(r"`([a-z_]+)[ `]", line))
    assert shown <= notation.VERBS
    assert {"move", "enter", "leave", "scout", "port", "sell", "buy", "shipyard", "recruit", "stash", "done",
            "investigate", "attempt", "end"} <= shown


# ---- the defaults the help describes ----
def test_the_deadline_defaults_are_the_engines() -> None:
    s = started(2)
    assert GAME.default_action(s, s.turn.seat) == action(A.End)
    assert "`end`, `done`, `stop`, `none` or `pass`" in text("playing-in-parley")
    assert [k.__name__ for k in DEFAULT_PREFERENCE[:5]] == ["End", "Done", "Stop", "NoShot", "Pass"]
    assert action_ship([action(A.Ship, ship="flute"), action(A.Ship, ship="sloop")]) == action(A.Ship, ship="sloop")
    assert "at setup it takes a Sloop" in text("playing-in-parley")
    s.stack.append(P.RecruitPrompt(seats=[s.turn.seat], most=2))
    assert GAME.default_action(s, s.turn.seat) == action(A.Hire, n=2)
    assert "Parley hires the most you are allowed" in text("crew-and-specialists")
    s.stack[-1] = P.DiscardGloryPrompt(seats=[s.turn.seat])
    s.players[s.turn.seat].glory_cards = ["gl-a", "gl-b"]
    assert GAME.default_action(s, s.turn.seat) == action(A.Discard, card="gl-b")
    assert "Parley drops the card drawn last" in text("glory-and-victory")
    s.stack[-1] = P.StashPrompt(seats=[s.turn.seat])
    s.players[s.turn.seat].ship.gold = 27
    assert GAME.default_action(s, s.turn.seat) == action(A.Stash, n=20)
    assert "Parley stashes the largest multiple of 10 you carry" in text("stash")


# ---- Parley's own wording ----
@pytest.mark.parametrize("topic", TOPICS, ids=[t["id"] for t in TOPICS])
def test_no_eight_word_run_from_either_source(topic: dict[str, Any]) -> None:
    check_topic_not_copied(topic, sources())


def test_no_eight_word_run_from_either_source_anywhere_in_the_file() -> None:
    check_file_not_copied(FILE_TEXT, sources())


def test_the_copy_check_would_catch_a_copied_sentence() -> None:
    """Guard the guard: a line of each source, re-cased and re-punctuated, is still caught."""
    check_copy_check_catches(sources(), 5000, "The treasure galleon DOES NOT hunt, and never starts a battle!",
                             "the first captain to 10 glory (track + stash) wins")
