"""Check a finished game's export: `python -m engine.verify EXPORT.json`.

First the file's shape, strictly (engine/verify_format.py): whatever is not an export exactly as
Parley writes it exits 2 with one line, "cannot read EXPORT.json: <why>", and nothing is replayed.
Then the checks: the seed and the game's identity (its number, game, options, whether the host
fixed the seed, who sat where at the start) match the commitment shown when the game started;
the title is the game's; every sealed or private decision matches the commitment stored when it
was made; the replay of the whole log from the revealed seed reaches the end with the hash
recorded in the export; the status says finished; a seat's name now is its name at the start
unless the export says it changed hands. Prints a short report; exit 0 when everything matches,
1 on any mismatch (or an export made before the end, which cannot be checked yet).

A game started before the commitment covered its identity (scheme parley-seed:v1) is checked the
old way, seed only, and the report says what that leaves unproven. The scheme is in
engine/core/fair.py; what a verification proves is in docs/trust-and-history.md.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import Setup, act, get_game, setup_state
from engine.core.fair import (
    choice_commitment,
    game_commitment,
    game_identity,
    hidden_decision,
    seed_commitment,
    state_hash,
)
from engine.verify_format import MAX_BYTES, Export, Malformed, parse_export, read_export, shown

__all__ = ["Malformed", "Report", "main", "verify"]

SEED_ONLY = ("this game started before Parley's commitment covered the game's identity: it proves the seed, "
             "not the game's number, game, options or seats, which are the export's word")


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)
    ok: bool = True
    seed_only: bool = False   # checked against a v1 commitment: the seed, not the game's identity

    def check(self, good: bool, yes: str, no: str) -> bool:
        self.lines.append(f"✓ {yes}" if good else f"✗ {no}")
        self.ok = self.ok and good
        return good

    def note(self, text: str) -> None:
        """Something the report wants read that is neither a match nor a mismatch."""
        self.lines.append(f"⚠ {text}")

    @property
    def verdict(self) -> str:
        if not self.ok:
            return "NOT verified."
        if self.seed_only:
            return "Verified, as far as a seed-only commitment goes: the seed and every decision match."
        return "Verified: everything matches."


def verify(export: dict[str, Any] | Export) -> Report:
    """The checks on an export (a parsed one, or one in memory: then its shape is checked first,
    Malformed if it is no export). The checks of what the export says come first, so a changed
    title or status is reported even when the replay fails too."""
    e = export if isinstance(export, Export) else parse_export(export)
    report = Report()
    setup, seed = e.setup, e.setup.seed
    if not e.complete or seed is None:
        report.check(False, "", "this export was made during play: the seed and sealed choices stay hidden until the end")
        return report
    report.check(True, "the export holds the whole game", "")
    game = get_game(setup.game)
    _commitment(report, e, seed)
    report.check(e.title == game.title, f"the title is the game's ({game.title})",
                 f"the title is not the one of {game.title}, which setup.game names")
    report.check(e.status == "finished", "the export's status is 'finished'",
                 f"the export's status is '{e.status}', but an export that holds the whole game is of a finished one")
    _seats(report, e)
    s = setup_state(game, Setup(game=game.id, players=setup.players, seed=seed, options=setup.options))
    sealed = 0
    for i, entry in enumerate(e.actions, 1):
        seat, notation = entry.seat, entry.notation
        if entry.sealed or seat is None or notation is None:
            report.check(False, "", f"decision {i} is sealed: the export is not complete")
            return report
        try:
            action = game.parse(s, seat, notation)
            t = act(game, s, seat, action)
        except ValueError as err:
            report.check(False, "", f"decision {i} (seat {seat + 1}: {notation}) does not replay: {err}")
            return report
        if hidden_decision(game, s, seat, action, t) or entry.commitment:
            sealed += 1
            if not (entry.commitment and entry.nonce and choice_commitment(seat, notation, entry.nonce) == entry.commitment):
                report.check(False, "", f"sealed decision {i} (seat {seat + 1}: {notation}) does not match its commitment")
                return report
        s = t.state
    report.check(True, f"{len(e.actions)} decisions replayed; {sealed} sealed ones match their commitments", "")
    report.check(game.outcome(s) is not None, "the replay reaches the end of the game", "the replay does not end the game")
    report.check(state_hash(s) == e.final_state_hash, "the final state's hash matches",
                 "the final state's hash differs from the export's")
    return report


def _commitment(report: Report, e: Export, seed: str) -> None:
    """The seed (and, from v2 on, the game's identity) against the commitment shown at the start."""
    setup = e.setup
    commitment, salt = setup.seed_commitment, setup.seed_salt
    if not (commitment and salt):
        report.check(False, "", "the export has no seed commitment")
        return
    if setup.seats is not None:   # a v2 commitment (verify_format checks that the two go together)
        identity = game_identity(e.game_id, setup.game, setup.options, setup.seed_fixed_by_host,
                                 [s.model_dump() for s in setup.seats])
        report.check(game_commitment(seed, salt, identity) == commitment,
                     f"the seed and the game's identity (game #{e.game_id}, its game, options and seats at the start) "
                     f"match the commitment {commitment}: compare it with the one the thread showed at the start",
                     "the seed and the game's identity do not match the commitment: the seed, the salt, the game's "
                     "number, game, options, seats at the start or whether the host fixed the seed was changed")
        return
    report.seed_only = True
    report.check(seed_commitment(seed, salt) == commitment,
                 f"the seed matches its commitment {commitment}: compare it with the one the thread showed at the start",
                 "the seed does not match its commitment")
    report.note(SEED_ONLY)


def _seats(report: Report, e: Export) -> None:
    """The seats now against the seats at the start: a seat keeps its name unless it changed hands."""
    if e.setup.seats is None:
        return
    renamed = [now.seat for now, then in zip(e.seats, e.setup.seats, strict=True)
               if not now.changed_hands and now.name != then.name]
    report.check(not renamed, "every seat that did not change hands has its name from the start",
                 f"seat {', '.join(str(x + 1) for x in renamed)}: the name is not the one at the start, and the export "
                 "does not say the seat changed hands")
    for now in e.seats:
        if now.changed_hands:
            report.note(f"seat {now.seat + 1} changed hands during play: the commitment covers who sat there at the start")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m engine.verify EXPORT.json", file=sys.stderr)
        return 2
    name = shown(args[0], 200)
    try:
        with Path(args[0]).open("rb") as f:
            data = f.read(MAX_BYTES + 1)
        export = read_export(data)
    except OSError as err:
        print(f"cannot read {name}: {shown(err.strerror or type(err).__name__)}", file=sys.stderr)
        return 2
    except Malformed as err:
        print(f"cannot read {name}: {err}", file=sys.stderr)
        return 2
    report = verify(export)
    print(f"{get_game(export.setup.game).title} #{export.game_id}")
    print("\n".join(shown(line) for line in report.lines))
    print(report.verdict)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
