"""run.sh's Redis by default (scripts/redis.sh), run by bash as run.sh sources it.

The helper runs in a scratch project directory with a PATH of its own: the few tools it needs,
a fake ``apt-get`` that "installs" the real redis-server by linking it in (and records that it
was called), and a fake ``sudo``. Ports are free ones; the Redis started is the real one.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from redis import Redis

from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ("mkdir", "id", "env", "seq", "sleep", "cat")
FAKE_APT = """#!/bin/bash
echo "$*" >> "{log}"
if [ "$1" = install ]; then /bin/ln -sf "{redis}" "{bin}/redis-server"; fi
"""


@pytest.fixture
def project(tmp_path: Path) -> Iterator[Path]:
    """A scratch project directory (cwd of the helper) with a fake bin/; any Redis the helper
    started there is stopped afterwards by its pidfile."""
    real_redis = shutil.which("redis-server")
    if real_redis is None:
        pytest.fail("redis-server is not installed: run scripts/test.sh, which installs it")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in TOOLS:
        found = shutil.which(tool)
        assert found is not None, tool
        (bin_dir / tool).symlink_to(found)
    apt = bin_dir / "apt-get"
    apt.write_text(FAKE_APT.format(log=tmp_path / "apt.log", redis=real_redis, bin=bin_dir))
    (bin_dir / "sudo").write_text('#!/bin/bash\nexec "$@"\n')
    for fake in (apt, bin_dir / "sudo"):
        fake.chmod(0o755)
    (tmp_path / ".env").write_text("BOT_TOKEN=123:abc\nREDIS_URL=\n", encoding="utf-8")
    yield tmp_path
    pidfile = tmp_path / "data" / "redis" / "redis.pid"
    if pidfile.exists():
        _stop(int(pidfile.read_text()))


def _ensure_redis(project: Path, port: int, **env: str) -> subprocess.CompletedProcess[str]:
    script = f'source "{ROOT}/scripts/install.sh"\nsource "{ROOT}/scripts/redis.sh"\n'
    script += 'ensure_redis\necho "REDIS_URL=${REDIS_URL:-}"\n'
    environ = {
        "PATH": str(project / "bin"),
        "HOME": str(project),
        "REDIS_LOCAL_PORT": str(port),
        "REDIS_PYTHON": sys.executable,
        **env,
    }
    return subprocess.run(
        ["/bin/bash", "-euo", "pipefail", "-c", script],
        cwd=project,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
    )


def _url(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1].removeprefix("REDIS_URL=")


def _stop(pid: int) -> None:
    """Stop the daemonized redis-server the helper started (not our child: polled)."""
    try:
        os.kill(pid, signal.SIGTERM)
        for _ in range(200):
            os.kill(pid, 0)
            time.sleep(0.05)
    except ProcessLookupError:
        return


def _wait_closed(port: int) -> None:
    for _ in range(200):
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) != 0:
                return
        time.sleep(0.05)


def test_starts_a_persistent_redis_when_none_answers(project: Path) -> None:
    port = free_port()
    url = _url(_ensure_redis(project, port))
    assert url == f"redis://127.0.0.1:{port}/0"
    assert "install -y -qq redis-server" in (project / "apt.log").read_text()
    data = project / "data" / "redis"
    assert (data / "redis.pid").exists() and (data / "redis.log").exists()
    client = Redis.from_url(url)
    assert client.config_get("bind")["bind"] == "127.0.0.1"
    assert client.config_get("appendonly")["appendonly"] == "yes"
    assert client.config_get("dir")["dir"] == str(data.resolve())
    client.set("kept", "yes")
    client.shutdown()  # writes the append-only file out
    client.close()
    _wait_closed(port)
    (project / "apt.log").unlink()
    # Started again (redis-server is installed now): the data survived in data/redis.
    assert _url(_ensure_redis(project, port)) == url
    assert not (project / "apt.log").exists()
    with Redis.from_url(url) as client:
        assert client.get("kept") == b"yes"


def test_reuses_the_redis_that_answers(project: Path, redis_url: str) -> None:
    port = urlsplit(redis_url).port
    assert port is not None
    assert _url(_ensure_redis(project, port)) == f"redis://127.0.0.1:{port}/0"
    assert not (project / "apt.log").exists() and not (project / "data").exists()


@pytest.mark.parametrize(
    ("env_file", "env"),
    [
        ("REDIS_URL=memory://\n", {}),
        ("redis_url = 'redis://127.0.0.1:1/1'\n", {}),
        ("", {"REDIS_URL": "memory://"}),
    ],
)
def test_a_chosen_redis_url_is_left_alone(
    project: Path, env_file: str, env: dict[str, str]
) -> None:
    (project / ".env").write_text(f"BOT_TOKEN=1:x\n{env_file}", encoding="utf-8")
    result = _ensure_redis(project, free_port(), **env)
    assert _url(result) == env.get("REDIS_URL", "")  # not exported by the helper
    assert not (project / "apt.log").exists() and not (project / "data").exists()


def test_a_port_taken_by_something_else_is_an_error(project: Path) -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        result = _ensure_redis(project, server.getsockname()[1])
    assert result.returncode == 2
    assert "set REDIS_URL in .env" in result.stderr
    assert not (project / "data").exists()
