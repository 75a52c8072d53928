"""Check a finished game's export: `python -m engine.verify EXPORT.json`.

Replays the whole log from the revealed seed with the registered game and checks that the seed
matches the commitment shown when the game started, that every sealed or private decision
matches the commitment stored when it was made, and that the final state comes out with the
hash recorded in the export. Prints a short report; exit 0 when everything matches, 1 on any
mismatch (or an export made before the end, which cannot be checked yet), 2 on a file that
is not an export. The scheme is in engine/core/fair.py and docs/trust-and-history.md.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import Setup, act, get_game, setup_state
from engine.core.fair import choice_commitment, hidden_decision, seed_commitment, state_hash


class Malformed(ValueError):
    """The file is not a Parley export."""


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)
    ok: bool = True

    def check(self, good: bool, yes: str, no: str) -> bool:
        self.lines.append(f"✓ {yes}" if good else f"✗ {no}")
        self.ok = self.ok and good
        return good


def verify(export: dict[str, Any]) -> Report:
    if not isinstance(export, dict) or export.get("format") != "parley-export" or "setup" not in export:
        raise Malformed("This is not a Parley export (no \"format\": \"parley-export\").")
    report = Report()
    setup, actions = export["setup"], export.get("actions", [])
    if not report.check(bool(export.get("complete")) and setup.get("seed") is not None, "the game is over",
                        "this export was made during play: the seed and sealed choices stay hidden until the end"):
        return report
    try:
        game = get_game(setup["game"])
    except KeyError:
        report.check(False, "", f"no registered game '{setup['game']}'")
        return report
    commitment, salt, seed = setup.get("seed_commitment"), setup.get("seed_salt"), setup["seed"]
    report.check(bool(commitment and salt) and seed_commitment(seed, salt) == commitment,
                 f"the seed '{seed}' matches its commitment {str(commitment)[:16]}…",
                 "the seed does not match its commitment" if commitment else "the export has no seed commitment")
    s = setup_state(game, Setup(game=game.id, players=setup["players"], seed=seed, options=setup.get("options", {})))
    sealed = 0
    for i, entry in enumerate(actions, 1):
        if entry.get("sealed") or "notation" not in entry:
            report.check(False, "", f"decision {i} is sealed: the export is not complete")
            return report
        seat, notation = int(entry["seat"]), str(entry["notation"])
        try:
            action = game.parse(s, seat, notation)
            t = act(game, s, seat, action)
        except ValueError as e:
            report.check(False, "", f"decision {i} (seat {seat + 1}: {notation}) does not replay: {e}")
            return report
        if hidden_decision(game, s, seat, action, t) or entry.get("commitment"):
            sealed += 1
            digest, nonce = entry.get("commitment"), entry.get("nonce")
            if not (digest and nonce and choice_commitment(seat, notation, nonce) == digest):
                report.check(False, "", f"sealed decision {i} (seat {seat + 1}: {notation}) does not match its commitment")
                return report
        s = t.state
    report.check(True, f"{len(actions)} decisions replayed; {sealed} sealed ones match their commitments", "")
    report.check(game.outcome(s) is not None, "the replay reaches the end of the game", "the replay does not end the game")
    report.check(state_hash(s) == export.get("final_state_hash"), "the final state's hash matches",
                 "the final state's hash differs from the export's")
    return report


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m engine.verify EXPORT.json", file=sys.stderr)
        return 2
    try:
        export = json.loads(Path(args[0]).read_text(encoding="utf-8"))
        report = verify(export)
    except (OSError, json.JSONDecodeError, Malformed, KeyError, TypeError) as e:
        print(f"Cannot read {args[0]}: {e}", file=sys.stderr)
        return 2
    title = export.get("title") or export["setup"].get("game")
    print(f"{title} #{export.get('game_id', '?')}")
    print("\n".join(report.lines))
    print("Verified: everything matches." if report.ok else "NOT verified.")
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
