"""The pace of a game between friends: move deadlines, what happens past them, reminders.

Chosen by the host at /game new and kept in the game's settings; read here in one place.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

DeadlinePolicy = Literal["remind", "default", "bot"]
DEADLINE_POLICIES: dict[DeadlinePolicy, str] = {
    "remind": "remind the player only",
    "default": "play the simplest legal move for them",
    "bot": "let a bot play their seat until they are back",
}
DEADLINE_CHOICES: dict[str, float | None] = {"none": None, "12 hours": 12, "24 hours": 24, "2 days": 48,
                                             "3 days": 72, "1 week": 168}
DEFAULT_REMINDER_HOURS = 12.0
MAX_REMINDERS = 3                  # per wait: then the deadline (if any) takes over, or silence
PUBLIC_REMINDER_EVERY = 24 * 3600  # a reminder pings the thread at most once a day; the others go by DM


class Pace(BaseModel):
    model_config = ConfigDict(extra="ignore")
    deadline_hours: float | None = Field(None, gt=0)
    deadline_policy: DeadlinePolicy = "remind"
    reminder_hours: float = DEFAULT_REMINDER_HOURS

    @classmethod
    def of(cls, settings: dict[str, Any]) -> Pace:
        return cls.model_validate(settings)

    def describe(self) -> str:
        if self.deadline_hours is None:
            return "no move deadline"
        return f"{_hours(self.deadline_hours)} to move, then {DEADLINE_POLICIES[self.deadline_policy]}"

    def deadline(self, since: float, away_until: float | None = None) -> float | None:
        """When a seat that starts waiting at `since` must have moved (vacation pushes it back)."""
        if self.deadline_hours is None:
            return None
        start = max(since, away_until or 0.0)
        return start + self.deadline_hours * 3600


def _hours(h: float) -> str:
    if h % 24 == 0:
        days = int(h // 24)
        return f"{days} day" + ("s" if days != 1 else "")
    return f"{h:g} hours"
