"""A throwaway PostgreSQL cluster for the tests and `make bench`: initdb in a temporary folder,
`postgres` listening on a unix socket in that folder only (no TCP port to collide on), stopped
and deleted afterwards.

The binaries are looked for in `pg_config --bindir`, /usr/lib/postgresql/*/bin (newest first)
and PATH. PostgreSQL refuses to run as root, so under root the cluster belongs to the
`postgres` user (made by Debian's package) or, failing that, `nobody`, and the server runs
as that user (subprocess's user=/group=, no su or sudo needed).
"""
from __future__ import annotations

import asyncio
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Self

import asyncpg

SUPERUSER = "parley"
START_POLLS = 600   # tries 0.1 s apart (a minute on a loaded machine) before the start counts as failed


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL could be started here; the message says what is missing."""


def _version_key(path: Path) -> tuple[int, ...]:
    return tuple(int(p) for p in path.parent.name.split(".") if p.isdigit())


def find_bindir() -> Path | None:
    """A folder holding both initdb and postgres, or None."""
    candidates: list[Path] = []
    pg_config = shutil.which("pg_config")
    if pg_config:
        done = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, check=False)
        candidates.append(Path(done.stdout.strip()))
    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=_version_key, reverse=True)
    found = shutil.which("postgres")
    if found:
        candidates.append(Path(found).resolve().parent)
    return next((c for c in candidates if (c / "initdb").exists() and (c / "postgres").exists()), None)


def _owner() -> pwd.struct_passwd | None:
    """Who runs the server: None (this user) unless we are root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise PostgresUnavailable("running as root and there is no 'postgres' or 'nobody' user to run PostgreSQL as")


class TempCluster:
    """`with TempCluster() as pg: url = pg.create_database("t1")`. durable=False turns fsync off
    (tests); the bench keeps it on, like SQLite's synchronous=FULL."""

    def __init__(self, *, durable: bool = False) -> None:
        self.durable = durable
        self.folder = Path(tempfile.mkdtemp(prefix="parley-pg-"))
        self.data = self.folder / "data"
        self._server: subprocess.Popen[bytes] | None = None
        self._owner = _owner()

    def _as_owner(self) -> dict[str, object]:
        if self._owner is None:
            return {}
        return {"user": self._owner.pw_uid, "group": self._owner.pw_gid, "extra_groups": []}

    def start(self) -> Self:
        bindir = find_bindir()
        if bindir is None:
            raise PostgresUnavailable("no PostgreSQL binaries (initdb, postgres) found; install the "
                                      "'postgresql' package (Debian: apt-get install -y postgresql)")
        if self._owner is not None:
            os.chown(self.folder, self._owner.pw_uid, self._owner.pw_gid)
        init = subprocess.run([str(bindir / "initdb"), "-D", str(self.data), "-U", SUPERUSER, "--auth=trust",
                               "-E", "UTF8", "--locale=C", "--no-sync"],
                              capture_output=True, text=True, check=False, **self._as_owner())  # type: ignore[call-overload]
        if init.returncode != 0:
            raise PostgresUnavailable(f"initdb failed: {init.stderr.strip()[-600:]}")
        settings = ["-c", "listen_addresses=", "-c", f"unix_socket_directories={self.folder}",
                    "-c", "max_connections=100", "-c", "shared_buffers=64MB"]
        if not self.durable:
            settings += ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
        log = open(self.folder / "server.log", "wb")   # noqa: SIM115 — the server writes it until stop()
        self._server = subprocess.Popen([str(bindir / "postgres"), "-D", str(self.data), *settings],
                                        stdout=log, stderr=subprocess.STDOUT, **self._as_owner())  # type: ignore[call-overload]
        log.close()
        self._wait_ready()
        return self

    def _wait_ready(self) -> None:
        assert self._server is not None
        for _ in range(START_POLLS):
            if self._server.poll() is not None:
                raise PostgresUnavailable(f"postgres exited with {self._server.returncode}: {self.log_tail()}")
            if (self.folder / ".s.PGSQL.5432").exists() and self._accepts():
                return
            time.sleep(0.1)
        raise PostgresUnavailable(f"postgres did not accept connections after {START_POLLS} polls: {self.log_tail()}")

    def _accepts(self) -> bool:
        async def probe() -> None:
            conn = await asyncpg.connect(self.url("postgres"))
            await conn.close()
        try:
            asyncio.run(probe())
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
            return False
        return True

    def log_tail(self) -> str:
        path = self.folder / "server.log"
        return path.read_text(errors="replace")[-800:] if path.exists() else "(no server log)"

    def url(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}@/{database}?host={self.folder}"

    def create_database(self, name: str) -> str:
        """A new empty database; returns its URL."""
        return asyncio.run(self.new_database(name))

    async def new_database(self, name: str) -> str:
        """create_database, from a running event loop."""
        conn = await asyncpg.connect(self.url("postgres"))
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        return self.url(name)

    def stop(self) -> None:
        if self._server is not None and self._server.poll() is None:
            self._server.send_signal(signal.SIGINT)   # a fast shutdown: clients are disconnected
            try:
                self._server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._server.kill()
                self._server.wait()
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> Self:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()
