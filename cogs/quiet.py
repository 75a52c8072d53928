"""Quiet hours: when a reminder may reach a player, in the player's own time zone."""
from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


def parse_hhmm(text: str) -> time:
    try:
        hours, minutes = text.strip().split(":")
        return time(int(hours), int(minutes))
    except ValueError:
        raise ValueError(f"'{text}' is not a time like 22:30.") from None


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):   # OSError: a folder such as "America" in tzdata
        raise ValueError(f"'{name}' is not a time zone I know; try one like Europe/Paris or America/New_York.") from None


def next_allowed(now: float, quiet_start: str | None, quiet_end: str | None, tz: str = "UTC") -> float:
    """`now` if it is outside the quiet hours, else the moment they end (a unix time).

    Quiet hours may wrap past midnight (22:00–07:00)."""
    if not quiet_start or not quiet_end:
        return now
    here = datetime.fromtimestamp(now, zone(tz))
    start, end = parse_hhmm(quiet_start), parse_hhmm(quiet_end)
    clock = here.time()
    wraps = start > end
    quiet = (start <= clock or clock < end) if wraps else (start <= clock < end)
    if not quiet:
        return now
    end_day = here.date() + timedelta(days=1) if wraps and clock >= start else here.date()
    ends = datetime.combine(end_day, end, tzinfo=here.tzinfo)
    return ends.timestamp()
