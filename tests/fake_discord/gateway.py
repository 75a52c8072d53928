"""The gateway half of the fake: a websocket speaking Discord's v10 JSON protocol.

Sends plain text frames: discord.py asks for ``compress=zlib-stream`` in the URL but
only inflates *binary* frames, so uncompressed text frames are fine.

Protocol as discord.py drives it:
  connect → HELLO; the client immediately sends a HEARTBEAT (before IDENTIFY, so it must
  be answered right away) → IDENTIFY → READY (guilds as unavailable stubs) → one
  GUILD_CREATE per guild; discord.py waits ``guild_ready_timeout`` after the last one and
  fires ``on_ready``. RESUME replays the frames the session missed, then RESUMED.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .model import Intent

if TYPE_CHECKING:
    from .server import FakeDiscord

_log = logging.getLogger(__name__)
JSON = dict[str, Any]

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, RECONNECT = 0, 1, 2, 3, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11

# Which intent an event needs; events not listed are always sent.
_EVENT_INTENTS = {
    "THREAD_CREATE": Intent.GUILDS, "THREAD_UPDATE": Intent.GUILDS, "THREAD_DELETE": Intent.GUILDS,
    "CHANNEL_UPDATE": Intent.GUILDS,
}


@dataclass
class Session:
    """A gateway session; it outlives its websocket so that RESUME can pick it up."""

    session_id: str
    intents: int
    shard: tuple[int, int]
    ws: web.WebSocketResponse | None = None
    seq: int = 0
    sent: list[JSON] = field(default_factory=list)  # dispatch frames, for RESUME replay
    heartbeats: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def wants_guild(self, guild_id: int) -> bool:
        shard_id, count = self.shard
        return (guild_id >> 22) % count == shard_id


class Gateway:
    def __init__(self, fake: FakeDiscord, heartbeat_interval_ms: int) -> None:
        self.fake = fake
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.sessions: dict[str, Session] = {}
        self.sockets: set[web.WebSocketResponse] = set()
        self.identified = asyncio.Event()
        self.frames_received: list[JSON] = []  # every client frame, for debugging tests

    # ---- connection handling --------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        self.sockets.add(ws)
        session: Session | None = None
        try:
            await self._send_raw(ws, {"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms},
                                      "s": None, "t": None})
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                self.frames_received.append(frame)
                session = await self._on_frame(ws, frame, session)
        finally:
            self.sockets.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
        return ws

    async def _on_frame(self, ws: web.WebSocketResponse, frame: JSON, session: Session | None) -> Session | None:
        op, d = frame.get("op"), frame.get("d") or {}
        if op == HEARTBEAT:
            if session is not None:
                session.heartbeats += 1
            await self._send_raw(ws, {"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            if d.get("token") != self.fake.token:
                await ws.close(code=4004, message=b"Authentication failed.")
                return session
            shard = tuple(d.get("shard") or (0, 1))
            session = Session(secrets.token_hex(16), int(d.get("intents", 0)), (shard[0], shard[1]), ws=ws)
            self.sessions[session.session_id] = session
            await self._ready(session, sharded="shard" in d)
        elif op == RESUME:
            session = await self._resume(ws, d)
        elif op == REQUEST_MEMBERS and session is not None:
            await self._member_chunk(session, d)
        elif op not in (PRESENCE, 4):  # presence / voice state updates are accepted silently
            _log.warning("fake gateway: unhandled op %s", op)
        return session

    async def _ready(self, session: Session, *, sharded: bool) -> None:
        world = self.fake.world
        port = self.fake.port
        ready: JSON = {
            "v": 10, "user": world.client_user_json(), "session_type": "normal",
            "guilds": [{"id": str(g), "unavailable": True} for g in world.guilds if session.wants_guild(g)],
            "session_id": session.session_id, "resume_gateway_url": f"ws://127.0.0.1:{port}/",
            "application": {"id": str(world.application_id), "flags": self.fake.application_flags},
            "private_channels": [], "relationships": [], "presences": [], "guild_join_requests": [],
            "geo_ordered_rtc_regions": [], "user_settings": {}, "_trace": ["fake-discord"],
        }
        if sharded:
            ready["shard"] = list(session.shard)
        for hook in self.fake.before_ready:
            hook()
        await self._dispatch_to(session, "READY", ready)
        members = bool(session.intents & Intent.GUILD_MEMBERS)
        for guild_id in [g for g in world.guilds if session.wants_guild(g)]:
            await self._dispatch_to(session, "GUILD_CREATE", world.guild_json(full=True, members=members,
                                                                              guild_id=guild_id))
        self.identified.set()

    async def _resume(self, ws: web.WebSocketResponse, d: JSON) -> Session | None:
        session = self.sessions.get(d.get("session_id", ""))
        if session is None or d.get("token") != self.fake.token:
            # d=false: not resumable, discord.py drops the session and IDENTIFYs again.
            await self._send_raw(ws, {"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        async with session.lock:
            session.ws = ws
            last_seen = d.get("seq") or 0
            for frame in session.sent:
                if frame["s"] > last_seen:
                    await self._send_raw(ws, frame)
        await self._dispatch_to(session, "RESUMED", {"_trace": ["fake-discord"]})
        return session

    async def _member_chunk(self, session: Session, d: JSON) -> None:
        world = self.fake.world
        await self._dispatch_to(session, "GUILD_MEMBERS_CHUNK", {
            "guild_id": str(d.get("guild_id") or world.guild_id),
            "members": [world.member_json(u, guild_id=int(d.get("guild_id") or world.guild_id)) for u in world.joined_at],
            "chunk_index": 0, "chunk_count": 1, "not_found": [], "nonce": d.get("nonce"),
        })

    # ---- sending --------------------------------------------------------------------------

    async def _send_raw(self, ws: web.WebSocketResponse, frame: JSON) -> None:
        if not ws.closed:
            await ws.send_str(json.dumps(frame))

    async def _dispatch_to(self, session: Session, event: str, data: JSON) -> None:
        async with session.lock:
            session.seq += 1
            frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
            session.sent.append(frame)
            del session.sent[:-1000]  # keep enough for any realistic resume
            if session.ws is not None:
                await self._send_raw(session.ws, frame)

    async def dispatch(self, event: str, data: JSON, *, guild_id: int | None = None, intent: int | None = None,
                       per_session: Callable[[Session, JSON], JSON] | None = None) -> int:
        """Send a dispatch to every session that would receive it; returns how many did.
        ``per_session`` may adapt the payload to a session (e.g. strip content by intents)."""
        needed = intent if intent is not None else _EVENT_INTENTS.get(event, 0)
        sent = 0
        for session in list(self.sessions.values()):
            if needed and not session.intents & needed:
                continue
            if guild_id is not None and not session.wants_guild(guild_id):
                continue
            if guild_id is None and session.shard[0] != 0:
                continue  # DMs always arrive on shard 0
            await self._dispatch_to(session, event, per_session(session, data) if per_session else data)
            sent += 1
        return sent

    async def reconnect(self, *, resume: bool = True) -> None:
        """Ask every client to reconnect (op 7), or invalidate their sessions (op 9 false)."""
        for session in list(self.sessions.values()):
            if session.ws is None:
                continue
            if resume:
                await self._send_raw(session.ws, {"op": RECONNECT, "d": None, "s": None, "t": None})
            else:
                self.sessions.pop(session.session_id, None)
                await self._send_raw(session.ws, {"op": INVALID_SESSION, "d": False, "s": None, "t": None})

    async def close(self) -> None:
        for ws in list(self.sockets):
            await ws.close(code=1001, message=b"fake discord stopping")
