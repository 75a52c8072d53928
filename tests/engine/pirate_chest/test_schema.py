"""Snapshots stored under state schema 1 (one catch-all prompt, `secret.deck` and `discard`,
`fight.committed` and `fight.ready`) load as the state their action log replays to today
(engine/pirate_chest/schema.py). schema_1_snapshots.jsonl was written by the schema-1 engine from
seeded bot games, one snapshot a line, each at the first decision of its kind (`why`): every
prompt kind and purpose the games reached, a fight with sealed cards, a discard pile."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import Setup, replay
from engine.pirate_chest.prompts import KrakenDiePrompt, KrakenTargetPrompt
from engine.pirate_chest.schema import SCHEMA_VERSION
from engine.pirate_chest.state import State
from tests.engine.pirate_chest.scenario_helpers import GAME, player, stack, state, turn

SNAPSHOTS = [json.loads(line) for line in (Path(__file__).parent / "schema_1_snapshots.jsonl").read_text().splitlines()]


def v1_prompt(kind: str, **fields: Any) -> dict[str, Any]:
    """A prompt as schema 1 wrote it: every field of the catch-all model."""
    return {"kind": kind, "seats": [0], "card": "", "options": [], "cards": [], "ship": -1, "purpose": "",
            "target": -1, "count": 0, **fields}


@pytest.mark.parametrize("case", SNAPSHOTS, ids=[c["why"] for c in SNAPSHOTS])
def test_a_schema_1_snapshot_loads_as_its_replay(case: dict[str, Any]) -> None:
    loaded = State.model_validate_json(json.dumps(case["snapshot"]))
    assert loaded.schema_version == SCHEMA_VERSION
    assert loaded == replay(GAME, Setup(**case["setup"]), [(seat, n) for seat, n in case["log"]])


def test_the_snapshots_cover_the_deck_the_sealed_fight_and_most_prompts() -> None:
    whys = {c["why"] for c in SNAPSHOTS}
    assert {"main:discard", "fight-cards:sealed", "fight-cards:one-ready", "die:curse", "target:card",
            "target:curse", "sail:lost", "sail:Westerlies", "discard:", "discard:hand limit"} <= whys


@pytest.mark.parametrize(("old", "new"), [
    (v1_prompt("die", options=[3, 4], purpose="kraken"), KrakenDiePrompt(seats=[0], results=[3, 4])),
    (v1_prompt("target", options=[1, 2], purpose="kraken"), KrakenTargetPrompt(seats=[0], targets=[1, 2])),
])
def test_kraken_prompts_of_schema_1(old: dict[str, Any], new: Any) -> None:
    """The Kraken's choices, which the seeded games did not reach, by hand."""
    s = state({"players": [player("jones", position=1), player("kidd", position=5), player("hook", position=21)],
               **turn(0), "stack": stack(new)}, captains=["jones", "kidd", "hook"])
    dump = s.model_dump(mode="json")
    old_dump = {**dump, "schema_version": 1, "stack": [old], "secret": {"deck": dump["deck"]["pile"]},
                "discard": dump["deck"]["discard"]}
    del old_dump["deck"]
    assert State.model_validate(old_dump) == s
    assert GAME.legal_actions(State.model_validate(old_dump), 0) == GAME.legal_actions(s, 0)
