"""docker-compose.yml, checked as far as this machine can (it has no Docker engine): the files
parse, the one-process service keeps SQLite in its volume, and the `postgres` profile's bot
processes read, through bot.py's own Settings, a PostgreSQL URL that names the profile's db
service with its credentials, and shard numbers that cover every shard exactly once. Running
those settings for real (two bot processes, shard 0 and shard 1 of 2, on one PostgreSQL) is
tests/e2e/test_multi_process.py."""
from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

import bot
from tests.test_bot_cli import SETTINGS_VARS

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def services() -> dict[str, Any]:
    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    found: dict[str, Any] = compose["services"]
    return found


def settings_of(service: dict[str, Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> bot.Settings:
    """bot.Settings as the container would read them: the image's environment (Dockerfile ENV),
    then the service's `environment` (no .env file: its token is the deployer's)."""
    for name in SETTINGS_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_PATH", "/data/parley.db")
    for name, value in (service.get("environment") or {}).items():
        monkeypatch.setenv(name, str(value))
    return bot.Settings()


def test_the_one_process_service_keeps_sqlite_in_its_volume(services: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    parley = services["parley"]
    assert "profiles" not in parley and any(v.endswith(":/data") for v in parley["volumes"])
    settings = settings_of(parley, monkeypatch, tmp_path)
    assert settings.database() == "/data/parley.db" and settings.shards() is None


def test_the_postgres_profile_shares_one_database_and_covers_every_shard_once(
        services: dict[str, Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    db = services["db"]
    env = db["environment"]
    sharded = {name: s for name, s in services.items() if name != "db" and "postgres" in s.get("profiles", [])}
    assert "postgres" in db["profiles"] and len(sharded) >= 2
    shards: list[int] = []
    counts = set()
    for name, service in sharded.items():
        assert service["depends_on"]["db"]["condition"] == "service_healthy", name
        settings = settings_of(service, monkeypatch, tmp_path)
        url = urlsplit(settings.database())
        assert url.scheme == "postgresql" and url.hostname == "db", name
        assert (url.username, url.password, url.path.lstrip("/")) == \
            (env["POSTGRES_USER"], env["POSTGRES_PASSWORD"], env["POSTGRES_DB"]), name
        found = settings.shards()
        assert found is not None, name
        shards += found
        counts.add(settings.shard_count)
    assert len(counts) == 1 and sorted(shards) == list(range(counts.pop() or 0)), shards


def test_the_image_installs_the_postgres_driver() -> None:
    """The sharded services run the same image: asyncpg must be among what it installs."""
    dockerfile = (REPO / "Dockerfile").read_text()
    assert "requirements.txt" in dockerfile
    assert any(line.startswith("asyncpg") for line in (REPO / "requirements.txt").read_text().splitlines())
