"""Running a page script under Node.js in the tests: JSON in on stdin, JSON out on stdout."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

NODE = shutil.which("node")  # scripts/test.sh installs Node.js when it is missing


def run_json(script: str, path: Path, payload: dict[str, object]) -> dict[str, object]:
    """``node -e script path`` with ``payload`` as JSON on stdin; its JSON answer."""
    assert NODE is not None
    done = subprocess.run(
        [NODE, "-e", script, str(path)],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result
