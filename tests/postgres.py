"""A throwaway PostgreSQL cluster for the tests, and a fresh database on it per test.

``scripts/test.sh`` starts one cluster for the whole run and exports ``TEST_POSTGRES_URL``;
without it the ``postgres_url`` fixture starts one here the same way: ``initdb`` into a temp
dir, ``pg_ctl start`` on a free loopback port (as the ``postgres`` system user when running as
root, since PostgreSQL refuses to run as root), trust authentication, no fsync.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg

SUPERUSER = "gm"
BASE_DB = "postgres"


def bin_dir() -> Path | None:
    """Where ``initdb`` and ``pg_ctl`` live: Debian's versioned dir, ``pg_config``, or PATH."""
    debian = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    if debian:
        return Path(debian[-1]).parent
    with contextlib.suppress(OSError, subprocess.CalledProcessError):
        found = subprocess.run(
            ["pg_config", "--bindir"], capture_output=True, text=True, check=True
        ).stdout.strip()
        if found and (Path(found) / "initdb").exists():
            return Path(found)
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _version(path: str) -> int:
    part = Path(path).parts[-3]
    return int(part) if part.isdigit() else 0


@contextlib.contextmanager
def cluster(port: int) -> Iterator[str]:
    """Start a cluster on ``127.0.0.1:port``; yield its URL; stop it and delete it on exit."""
    binaries = bin_dir()
    if binaries is None:
        raise FileNotFoundError(
            "PostgreSQL is not installed: run scripts/test.sh, which installs it"
        )
    workdir = Path(tempfile.mkdtemp(prefix="gm-pg-"))
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(workdir, owner.pw_uid, owner.pw_gid)
    data = str(workdir / "data")
    pg_ctl = str(binaries / "pg_ctl")
    options = (
        f"-p {port} -k {workdir} -c listen_addresses=127.0.0.1 -c fsync=off"
        " -c synchronous_commit=off -c full_page_writes=off"
    )
    try:
        _run(
            workdir,
            str(binaries / "initdb"),
            "-D",
            data,
            "-U",
            SUPERUSER,
            "--auth=trust",
            "--encoding=UTF8",
            "--no-locale",
            "--no-sync",
        )
        _run(
            workdir, pg_ctl, "-D", data, "-l", str(workdir / "pg.log"), "-o", options, "-w", "start"
        )
    except BaseException:
        shutil.rmtree(workdir, ignore_errors=True)
        raise
    try:
        yield f"postgres://{SUPERUSER}@127.0.0.1:{port}/{BASE_DB}"
    finally:
        with contextlib.suppress(RuntimeError):
            _run(workdir, pg_ctl, "-D", data, "-m", "immediate", "stop")
        shutil.rmtree(workdir, ignore_errors=True)


def _run(workdir: Path, *command: str) -> None:
    """Run a PostgreSQL tool in ``workdir``: as the ``postgres`` user when we are root."""
    argv = list(command)
    if os.geteuid() == 0:
        argv = ["runuser", "-u", "postgres", "--", *argv]
    done = subprocess.run(argv, cwd=workdir, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode != 0:
        error = done.stderr.decode(errors="replace").strip()
        raise RuntimeError(f"{' '.join(argv)} failed ({done.returncode}): {error}")


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


@contextlib.asynccontextmanager
async def fresh_database(cluster_url: str) -> AsyncIterator[str]:
    """A new empty database on the cluster for one test; dropped afterwards."""
    name = f"t_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(_asyncpg_dsn(cluster_url))
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    try:
        yield with_database(cluster_url, name)
    finally:
        admin = await asyncpg.connect(_asyncpg_dsn(cluster_url))
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()


def _asyncpg_dsn(url: str) -> str:
    return urlunsplit(urlsplit(url)._replace(scheme="postgresql"))
