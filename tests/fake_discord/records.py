"""What the fake remembers about traffic: REST requests, interactions, injected faults."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .mentions import Pings

JSON = dict[str, Any]


@dataclass
class UploadedFile:
    """One multipart file part (``files[n]``) exactly as the bot uploaded it."""

    field: str
    filename: str | None
    content_type: str | None
    data: bytes

    @property
    def index(self) -> int | None:
        """``n`` from ``files[n]``: the id the payload's ``attachments`` list refers to."""
        match = re.fullmatch(r"files\[(\d+)\]", self.field)
        return int(match.group(1)) if match else None


@dataclass
class RecordedRequest:
    seq: int
    method: str
    path: str  # after /api/v10, e.g. "/channels/123/messages"
    query: dict[str, str]
    json: Any  # the JSON body, or the ``payload_json`` part of a multipart body
    files: list[UploadedFile]
    headers: dict[str, str]
    at: float  # time.monotonic() when it arrived
    route: str | None = None  # handler name; None = no route matched (answered 404)
    status: int | None = None
    response: Any = None
    injected: bool = False  # answered by a fault from ``inject``
    interaction_id: int | None = None  # for callbacks and webhook calls of an interaction
    pings: Pings | None = None  # who the message text it sent would notify (None: it sent none)

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} → {self.status}{' (injected)' if self.injected else ''}>"


HANG = 0   # a Fault status: the request is never answered (a network that swallowed it)


@dataclass
class Fault:
    """An injected failure: the next ``times`` matching requests get ``status`` instead."""

    method: str  # "*" matches any
    pattern: re.Pattern[str]  # searched in the path after /api/v10
    status: int
    times: int
    body: JSON
    headers: dict[str, str]
    hits: list[RecordedRequest] = field(default_factory=list)

    def matches(self, method: str, path: str) -> bool:
        return (self.method in ("*", method)) and len(self.hits) < self.times and bool(self.pattern.search(path))

    @property
    def exhausted(self) -> bool:
        return len(self.hits) >= self.times


@dataclass
class InteractionRecord:
    """An interaction the fake dispatched, and how the bot answered it."""

    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete, 5 modal submit
    user_id: int
    channel_id: int
    guild_id: int | None
    payload: JSON  # the INTERACTION_CREATE ``d``
    dispatched_at: float = 0.0  # time.monotonic() when the frame was sent
    source_message_id: int | None = None  # the message whose component was clicked
    callback_type: int | None = None
    callback_at: float | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    autocomplete_choices: list[JSON] | None = None
    modal: JSON | None = None
    notes: list[str] = field(default_factory=list)  # Discord quirks that applied, for test diagnostics

    @property
    def acknowledged(self) -> bool:
        return self.callback_type is not None

    @property
    def response_time(self) -> float | None:
        return None if self.callback_at is None else self.callback_at - self.dispatched_at


class ApiError(Exception):
    """Raised by route handlers; becomes a Discord-shaped JSON error response."""

    def __init__(self, status: int, code: int, message: str, errors: JSON | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> JSON:
        body: JSON = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


# Discord's own codes for the errors the fake produces.
UNKNOWN_CHANNEL = (404, 10003, "Unknown Channel")
UNKNOWN_MESSAGE = (404, 10008, "Unknown Message")
UNKNOWN_USER = (404, 10013, "Unknown User")
UNKNOWN_MEMBER = (404, 10007, "Unknown Member")
UNKNOWN_WEBHOOK = (404, 10015, "Unknown Webhook")
UNKNOWN_INTERACTION = (404, 10062, "Unknown interaction")
UNKNOWN_COMMAND = (404, 10063, "Unknown application command")
CANNOT_DM = (403, 50007, "Cannot send messages to this user")
ARCHIVED_THREAD = (400, 50083, "Thread is archived")
THREAD_LOCKED = (400, 160005, "Thread is locked")
MISSING_ACCESS = (403, 50001, "Missing Access")
MISSING_PERMISSIONS = (403, 50013, "Missing Permissions")
ALREADY_ACKNOWLEDGED = (400, 40060, "Interaction has already been acknowledged.")
EMPTY_MESSAGE = (400, 50006, "Cannot send an empty message")


def api_error(spec: tuple[int, int, str]) -> ApiError:
    return ApiError(*spec)
