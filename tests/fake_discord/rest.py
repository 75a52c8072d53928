"""The REST half of the fake: one catch-all handler that parses, records, injects faults
and routes ``/api/v10/...`` requests to the handlers in ``routes_*.py``.

Every request is recorded before anything else happens, including ones that end in an
injected fault, an error, or an unknown route, so a test can always see what was tried.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .records import HANG, ApiError, Fault, RecordedRequest, UploadedFile

if TYPE_CHECKING:
    from .server import FakeDiscord

JSON = dict[str, Any]
API_PREFIX = "/api/v10"


@dataclass
class Reply:
    status: int = 200
    body: Any = None  # None with 204 → empty body
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Call:
    """One REST call being handled: the parsed request plus the regex match of its route."""

    fake: FakeDiscord
    record: RecordedRequest
    match: re.Match[str]

    @property
    def json(self) -> Any:
        return self.record.json if self.record.json is not None else {}

    @property
    def files(self) -> list[UploadedFile]:
        return self.record.files

    def id(self, name: str) -> int:
        """An id path parameter; ``@me`` means the bot user."""
        value = self.match.group(name)
        return self.fake.world.bot.id if value == "@me" else int(value)

    def param(self, name: str) -> str:
        return self.match.group(name)


Handler = Callable[[Call], Awaitable[Reply]]


@dataclass
class Route:
    method: str
    pattern: re.Pattern[str]
    handler: Handler
    auth: bool  # needs "Authorization: Bot <token>"; interaction webhooks do not


class Router:
    def __init__(self) -> None:
        self.routes: list[Route] = []

    def route(self, method: str, pattern: str, *, auth: bool = True) -> Callable[[Handler], Handler]:
        """Register a handler; ``pattern`` must match the whole path after /api/v10."""

        def register(handler: Handler) -> Handler:
            self.routes.append(Route(method, re.compile(pattern), handler, auth))
            return handler

        return register

    def find(self, method: str, path: str) -> tuple[Route, re.Match[str]] | None:
        for route in self.routes:
            if route.method == method and (match := route.pattern.fullmatch(path)):
                return route, match
        return None


router = Router()

# Ids in paths: digits, or @me where Discord allows it.
ID = r"(?:\d+|@me)"


def json_response(status: int, body: Any, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py only decodes JSON when Content-Type is *exactly* application/json;
    # aiohttp's json_response appends "; charset=utf-8", which would turn bodies into str.
    return web.Response(status=status, body=json.dumps(body).encode(),
                        headers={"Content-Type": "application/json", **(headers or {})})


async def _parse_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    if request.content_type == "multipart/form-data":
        payload: Any = None
        files: list[UploadedFile] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            data = await part.read()  # type: ignore[union-attr]
            name = part.name or ""  # type: ignore[union-attr]
            if name == "payload_json":
                payload = json.loads(data)
            else:
                files.append(UploadedFile(name, part.filename,  # type: ignore[union-attr]
                                          part.headers.get("Content-Type"), bytes(data)))
        return payload, files
    raw = await request.read()
    if not raw:
        return None, []
    try:
        return json.loads(raw), []
    except ValueError:
        return raw.decode(errors="replace"), []


def fault_response(fault: Fault) -> web.Response:
    headers = dict(fault.headers)
    if fault.status == 429:
        retry_after = float(fault.body.get("retry_after", 0.05))
        # discord.py treats a 429 without a ``Via`` header as a Cloudflare ban and raises
        # HTTPException instead of sleeping and retrying, so the header is essential.
        headers = {
            "Via": "1.1 google", "Retry-After": str(retry_after), "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}",
            "X-RateLimit-Reset-After": f"{retry_after:.3f}", "X-RateLimit-Bucket": "fake-bucket",
            "X-RateLimit-Scope": "shared" if not fault.body.get("global") else "global",
            **({"X-RateLimit-Global": "true"} if fault.body.get("global") else {}),
            **headers,
        }
    return json_response(fault.status, fault.body, headers)


async def handle(fake: FakeDiscord, request: web.Request) -> web.StreamResponse:
    """The catch-all REST entry point (mounted at /api/v10/{tail})."""
    path = request.path[len(API_PREFIX):]
    payload, files = await _parse_body(request)
    record = RecordedRequest(
        seq=len(fake.requests), method=request.method, path=path, query=dict(request.query),
        json=payload, files=files, headers=dict(request.headers), at=time.monotonic(),
    )
    fake.requests.append(record)
    try:
        await fake.archive_idle_threads()   # Discord archives in its own time; the fake, before each request
        response, body = await _respond(fake, request, record)
    except ApiError as exc:
        response, body = json_response(exc.status, exc.body()), exc.body()
    except Exception as exc:  # a bug in the fake, not in the bot
        fake.internal_errors.append(exc)
        # 503 because discord.py raises it at once; a 500 would be retried for ~16 s.
        body = {"message": f"fake_discord internal error: {exc!r}", "code": 0}
        response = json_response(503, body)
    record.status, record.response = response.status, body
    fake._changed()
    return response


async def _respond(fake: FakeDiscord, request: web.Request, record: RecordedRequest) -> tuple[web.Response, Any]:
    found = router.find(record.method, record.path)
    if found is not None:
        record.route = found[0].handler.__name__
        # Tie interaction traffic to its interaction before faults, so injected failures
        # on callbacks / followups still show up in ``interaction_responses``.
        token = found[1].groupdict().get("token")
        if token and (interaction := fake._interaction_by_token(token)):
            record.interaction_id = interaction.id
    for fault in fake.faults:
        if fault.matches(record.method, record.path):
            fault.hits.append(record)
            record.injected = True
            if fault.status == HANG:   # unanswered until the fake stops; the message is never made
                fake._changed()
                await fake.stopping.wait()
                body = {"message": "fake discord stopping", "code": 0}
                return json_response(503, body), body
            return fault_response(fault), fault.body
    if found is None:
        body = {"message": "404: Not Found", "code": 0}
        return json_response(404, body), body
    route, match = found
    if route.auth and request.headers.get("Authorization") != f"Bot {fake.token}":
        body = {"message": "401: Unauthorized", "code": 0}
        return json_response(401, body), body
    reply = await route.handler(Call(fake, record, match))
    if reply.status == 204 or reply.body is None:
        return web.Response(status=204, headers=reply.headers), None
    return json_response(reply.status, reply.body, reply.headers), reply.body
