"""A golden playthrough: a seeded 3-player game whose every step (seat, decision, legal options,
public view) is pinned, so an accidental rule change shows up as a diff.

Regenerate after an intended rule change: PARLEY_UPDATE_GOLDEN=1 pytest tests/engine/pirate_chest/test_golden.py
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from engine.core import Setup, act, get_game, setup_state
from engine.pirate_chest.policy import greedy_v1

GOLDEN = Path(__file__).parent / "golden" / "three_players.json"
GAME = get_game("pirate_chest")
MAX_STEPS = 5000   # no test may hang: a playthrough longer than this fails with where it stopped


def play() -> dict[str, Any]:
    s = setup_state(GAME, Setup(game="pirate_chest", players=3, seed="golden", options={"voodoo_doll": True}))
    # greedy-v1 is frozen, so this file changes only when the rules do, not when a bot improves
    bots = [greedy_v1(f"golden-{i}") for i in range(3)]
    steps: list[dict[str, Any]] = []
    while (pending := GAME.pending(s)) is not None:
        assert len(steps) < MAX_STEPS, f"the golden game was still going after {MAX_STEPS} steps: {pending}"
        seat = pending.waiting_on[0]
        legal = [GAME.notate(s, a) for a in GAME.legal_actions(s, seat)]
        t = act(GAME, s, seat, bots[seat].choose(GAME, s, seat))
        s = t.state
        view = GAME.view(s, None).model_dump_json()
        steps.append({"seat": seat, "do": t.notation, "legal": legal,
                      "view": hashlib.sha256(view.encode()).hexdigest()[:16],
                      "events": [e.text for e in t.events if e.visible_to is None]})
    outcome = GAME.outcome(s)
    assert outcome is not None
    return {"steps": steps, "outcome": outcome.model_dump(mode="json")}


def test_the_golden_playthrough_is_unchanged() -> None:
    result = play()
    if os.environ.get("PARLEY_UPDATE_GOLDEN"):
        GOLDEN.write_text(json.dumps(result, indent=1) + "\n")
    golden = json.loads(GOLDEN.read_text())
    for i, (got, want) in enumerate(zip(result["steps"], golden["steps"], strict=False)):
        assert got == want, f"step {i} differs"
    assert len(result["steps"]) == len(golden["steps"])
    assert result["outcome"] == golden["outcome"]
