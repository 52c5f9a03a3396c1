"""The test run's own data directory (tests/conftest.py): test games save there, never in the
player's real one, and it is gone when the run ends."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_test_run_leaves_no_data_directory_behind(tmp_path: Path) -> None:
    """Each run made a dominion-test-data-* directory in the temporary folder and left it there,
    holding the test games' autosaves: 30 had piled up on one machine."""
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "tests/test_readme.py"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert not list(tmp_path.glob("dominion-test-data-*"))
