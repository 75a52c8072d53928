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


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of the Dockerfile, continuation lines joined, comments left out."""
    text = (REPO / "Dockerfile").read_text().replace("\\\n", " ")
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1]) for line in lines]


def test_the_dockerfile_takes_its_base_as_an_argument_defaulting_to_the_public_python() -> None:
    """`make image-check` builds on a base of its own with --build-arg BASE (.ci/image-check);
    docker build and compose use the default, the public Python image of the Python we target."""
    steps = dockerfile_instructions()
    first_from = next(i for i, (op, _) in enumerate(steps) if op == "FROM")
    args = dict(arg.split("=", 1) for op, arg in steps[:first_from] if op == "ARG")
    assert steps[first_from][1] == "${BASE}" and args["BASE"].startswith("python:")
    python_version = next(line.split('"')[1] for line in (REPO / "pyproject.toml").read_text().splitlines()
                          if line.startswith("python_version"))
    assert args["BASE"] == f"python:{python_version}-slim"


def test_the_images_user_is_unprivileged_and_owns_only_what_it_writes() -> None:
    """The user may write the database's folder and the local table's default board folder
    (./out in WORKDIR), nothing else: both made and handed over before the code is copied."""
    steps = dockerfile_instructions()
    user = [arg for op, arg in steps if op == "USER"]
    assert user and user[-1] not in ("root", "0")
    env = " ".join(arg for op, arg in steps if op == "ENV")
    workdir = [arg for op, arg in steps if op == "WORKDIR"][-1]
    database_dir = env.split("DATABASE_PATH=", 1)[1].split()[0].rsplit("/", 1)[0]
    chowns = [arg.split("chown", 1)[1].split("&&")[0].split() for op, arg in steps if op == "RUN" and "chown" in arg]
    owned = {path for owner, *paths in chowns if owner == f"{user[-1]}:{user[-1]}" for path in paths}
    assert owned == {database_dir, f"{workdir}/out"}, owned
    assert any(op == "VOLUME" and arg == database_dir for op, arg in steps)
