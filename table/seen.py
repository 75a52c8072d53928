"""What one viewer may be told about a game: the one function every reply, panel, DM, status
line and image caption is built from (DESIGN.md, "What a player is told").

It takes the viewer's View (hidden information already redacted by the engine) and keeps
only the events visible to that viewer. Nothing that speaks to a player reads the state or
picks an event by its position.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.core import Event, get_game
from render.registry import Players
from table.rendering import NO_NAMES, private_text, public_text


@dataclass(frozen=True)
class Seen:
    viewer: int | None     # a seat, or None for the public (the thread, spectators)
    view: Any              # the game's View for this viewer
    events: list[str]      # the texts of the given events this viewer may see, in order
    private: str           # the viewer's hand and holdings ("" for the public)
    public: str            # the public status lines

    def result_line(self, fallback: str = "Done.") -> str:
        """The outcome of a decision in words: every visible event, or `fallback`."""
        return "\n".join(self.events) or fallback


def visible_texts(events: Iterable[Event], viewer: int | None) -> list[str]:
    return [e.text for e in events if e.visible(viewer)]


def seen_by(game_type: str, state: Any, viewer: int | None, events: Iterable[Event] = (),
            players: Players = NO_NAMES) -> Seen:
    """`players` names the seats' players (for the public lines); it is public knowledge."""
    game = get_game(game_type)
    view = game.view(state, viewer)
    public_view = view if viewer is None else game.view(state, None)
    return Seen(viewer=viewer, view=view, events=visible_texts(events, viewer),
                private=private_text(game_type, view) if viewer is not None else "",
                public=public_text(game_type, public_view, players))
