"""A brand-new venv, made by the machine's own ``python3 -m venv`` with the pip it bundles (not
upgraded), installs each lock as the scripts and the Dockerfile do (``scripts/install.sh``):
``--no-deps --require-hashes``, then ``pip check``. Nothing is resolved at install time, so a
newer release of a package that some dependency asks for (with extras, say) cannot break a
fresh install, as ``coverage[toml]`` once broke pip 23's resolver. Needs the package registry
(the test command has it, as CI has)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from packaging.utils import canonicalize_name

from tests.test_pins import LOCKS

ROOT = Path(__file__).resolve().parents[1]
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc")


def _machine_python() -> str:
    """The machine's python3 (the test runs in the project's venv, which is not on PATH)."""
    python = shutil.which("python3")
    if python is None:
        pytest.fail("no python3 on PATH")
    return python


def _project(folder: Path, lock: str) -> Path:
    """What a clone holds that the install needs: the lock, the project and its packages."""
    for name in ("pyproject.toml", "README.md", lock):
        shutil.copy(ROOT / name, folder / name)
    (folder / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "install.sh", folder / "scripts" / "install.sh")
    for package in ("bot", "rules"):
        shutil.copytree(ROOT / package, folder / package, ignore=IGNORED)
    return folder


def _run(folder: Path, *command: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("VIRTUAL_ENV")}
    return subprocess.run(
        command, cwd=folder, env=env, capture_output=True, text=True, timeout=540, check=False
    )


@pytest.mark.parametrize("lock", ["requirements.lock", "requirements-dev.lock"])
def test_a_new_venv_with_its_bundled_pip_installs_the_lock(tmp_path: Path, lock: str) -> None:
    folder = _project(tmp_path, lock)
    python = _machine_python()
    made = _run(folder, python, "-m", "venv", ".venv")
    assert made.returncode == 0, made.stderr
    bundled = _run(folder, python, "-c", "import ensurepip; print(ensurepip.version())")
    venv_pip = _run(folder, ".venv/bin/python", "-m", "pip", "--version")
    assert venv_pip.stdout.split()[1] == bundled.stdout.strip(), "not the bundled pip"

    installed = _run(folder, "bash", "-c", f'source scripts/install.sh && install_venv "{lock}"')
    assert installed.returncode == 0, installed.stdout + installed.stderr

    listed = _run(folder, ".venv/bin/python", "-m", "pip", "list", "--format=json")
    versions: dict[str, str] = {
        canonicalize_name(e["name"]): e["version"] for e in json.loads(listed.stdout)
    }
    pins = LOCKS[lock]
    assert {name: versions.get(name) for name in pins} == pins
    imported = _run(folder, ".venv/bin/python", "-c", "import bot.app, rules.pool")
    assert imported.returncode == 0, imported.stderr
