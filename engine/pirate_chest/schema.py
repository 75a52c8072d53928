"""Snapshots written under an older state schema, brought up to date as they are loaded (games
stored before an upgrade go on where they stood). Works on the JSON data only.

Schema 1 → 2: one catch-all prompt (`kind`, free-text `purpose`, generic `options`, `target` …)
becomes the typed prompt of prompts.py; `secret.deck` and `discard` become a core Deck;
`fight.committed` and `fight.ready` become the sealed choice `fight.cards`.
"""
from __future__ import annotations

from typing import Any

SCHEMA_VERSION = 2   # 2: typed prompts, a core Deck, coins as core Pieces, sealed fight cards

# Schema 1 prompt kind (with its purpose) -> schema 2 kind and {new field: old field}.
PROMPTS_V1: dict[tuple[str, str], tuple[str, dict[str, str]]] = {
    ("home", ""): ("home", {"ports": "options"}),
    ("keep", ""): ("keep", {"cards": "cards"}),
    ("sail", ""): ("sail", {"ship": "ship", "distances": "options"}),
    ("die", "curse"): ("curse-die", {"results": "options", "victim": "target"}),
    ("die", "kraken"): ("kraken-die", {"results": "options"}),
    ("target", "card"): ("card-target", {"card": "card", "targets": "options"}),
    ("target", "curse"): ("curse-target", {"targets": "options"}),
    ("target", "kraken"): ("kraken-target", {"targets": "options"}),
    ("space", ""): ("space", {"card": "card", "spaces": "options"}),
    ("attack", ""): ("attack", {"targets": "options"}),
    ("engage", ""): ("engage", {"defender": "target"}),
    ("take-coin", ""): ("take-coin", {"victim": "target"}),
    ("discard", ""): ("discard", {"count": "count", "card": "card"}),
    ("doll", ""): ("doll", {"targets": "options"}),
}
PURPOSE_KINDS = {"die", "target"}                 # the kinds whose purpose picks the new kind
SAIL_CARDS_V1 = {"move": "", "Westerlies": "westerlies", "lost": "lost"}


def _prompt_v1(p: dict[str, Any]) -> dict[str, Any]:
    purpose = p.get("purpose", "") if p["kind"] in PURPOSE_KINDS else ""
    kind, fields = PROMPTS_V1.get((p["kind"], purpose), (p["kind"], {}))
    new = {"kind": kind, "seats": p["seats"], **{name: p[old] for name, old in fields.items() if old in p}}
    if kind == "sail":
        new["card"] = SAIL_CARDS_V1.get(p.get("purpose", ""), "")
    return new


def _from_v1(data: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in data.items() if k not in ("secret", "discard")}
    out["schema_version"] = SCHEMA_VERSION
    out["deck"] = {"pile": (data.get("secret") or {}).get("deck", []), "discard": data.get("discard", [])}
    out["stack"] = [_prompt_v1(p) for p in data.get("stack", [])]
    fight = data.get("fight")
    if fight is not None:
        fight = {k: v for k, v in fight.items() if k not in ("committed", "ready")}
        fight["cards"] = {"seats": [fight["attacker"], fight["defender"]], "choices": data["fight"].get("committed", {}),
                          "locked": data["fight"].get("ready", [])}
        out["fight"] = fight
    return out


def upgrade(data: Any) -> Any:
    """State data of any known schema, as the current schema reads it (other data unchanged)."""
    if isinstance(data, dict) and data.get("schema_version", SCHEMA_VERSION) == 1:
        return _from_v1(data)
    return data
