"""Pinned installs: pyproject.toml declares every package the code imports, and the lock files
pin all of them (and what they need) to versions inside the declared ranges.

requirements.lock (the bot) and requirements-dev.lock (the bot and its dev tools) are made by
pip-compile from pyproject.toml (README, "Pinned installs"); the scripts and the Dockerfile
install them with ``--require-hashes``.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
RUNTIME = [Requirement(line) for line in PROJECT["dependencies"]]
DEV = [Requirement(line) for line in PROJECT["optional-dependencies"]["dev"]]
# name==version [; marker], then one or more hashes on continuation lines
PIN = re.compile(
    r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)[^\\\n]*(?:\\\n\s+--hash=sha256:[0-9a-f]{64}\s*)+",
    re.M,
)


def _pins(name: str) -> dict[str, str]:
    text = (ROOT / name).read_text(encoding="utf-8")
    found: dict[str, str] = {canonicalize_name(m[1]): m[2] for m in PIN.finditer(text)}
    listed = re.findall(r"^[A-Za-z0-9][^\s=]*==", text, re.M)
    assert len(found) == len(listed), f"{name}: a pin without a sha256 hash"
    return found


LOCKS = {"requirements.lock": _pins("requirements.lock")}
LOCKS["requirements-dev.lock"] = _pins("requirements-dev.lock")


def _imported(folder: str) -> dict[str, str]:
    """Top-level modules imported by the code in ``folder`` (absolute imports), with a place."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(name.split(".")[0], f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def _third_party(modules: dict[str, str]) -> dict[str, str]:
    local = {p.stem for p in ROOT.rglob("*.py") if ".venv" not in p.parts}
    local |= {p.name for p in ROOT.iterdir() if p.is_dir()}
    return {
        name: where
        for name, where in modules.items()
        if name not in sys.stdlib_module_names and name not in local
    }


def _distributions(module: str) -> set[str]:
    return {canonicalize_name(d) for d in metadata.packages_distributions().get(module, [])}


@pytest.mark.parametrize(
    ("folders", "declared"),
    [(("bot", "rules"), RUNTIME), (("tests", "bench"), RUNTIME + DEV)],
    ids=["bot-rules", "tests-bench"],
)
def test_every_imported_package_is_declared(
    folders: tuple[str, ...], declared: list[Requirement]
) -> None:
    names = {canonicalize_name(r.name) for r in declared}
    undeclared = [
        f"{where}: {module} (from {sorted(_distributions(module)) or '?'})"
        for folder in folders
        for module, where in _third_party(_imported(folder)).items()
        if not _distributions(module) & names
    ]
    assert not undeclared, "import of a package pyproject.toml does not declare"


@pytest.mark.parametrize(
    ("lock", "declared"),
    [("requirements.lock", RUNTIME), ("requirements-dev.lock", RUNTIME + DEV)],
)
def test_the_lock_pins_every_declared_package_within_its_range(
    lock: str, declared: list[Requirement]
) -> None:
    pins = LOCKS[lock]
    for requirement in declared:
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        version = pins.get(canonicalize_name(requirement.name))
        assert version is not None, f"{lock} lacks {requirement.name}: run pip-compile"
        assert requirement.specifier.contains(version, prereleases=True), (lock, requirement)


def test_both_locks_pin_the_same_versions() -> None:
    runtime, dev = LOCKS["requirements.lock"], LOCKS["requirements-dev.lock"]
    assert {name: dev.get(name) for name in runtime} == runtime


def test_the_environment_under_test_is_the_locked_one() -> None:
    installed: dict[str, str] = {
        canonicalize_name(d.metadata["Name"]): d.version for d in metadata.distributions()
    }
    differing = {
        name: (version, installed.get(name))
        for name, version in LOCKS["requirements-dev.lock"].items()
        if installed.get(name) != version
    }
    assert not differing, "installed differs from requirements-dev.lock: run scripts/test.sh"
