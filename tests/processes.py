"""The game run as a player runs it: `python -m dominion_tui` in its own process, its input piped
in, everything it wrote kept. One helper for the test files that each had their own copy."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def dominion(
    args: list[str], stdin: str | bytes = "", data: Path | None = None, timeout: float = 120, **extra_env: str
) -> subprocess.CompletedProcess:
    """Runs the game to its end. `data` is its XDG_DATA_HOME (saved games, settings), so a test
    never touches the real one; bytes in give bytes out (undecodable input), text gives text."""
    env = {**os.environ, **({"XDG_DATA_HOME": str(data)} if data else {}), **extra_env}
    return subprocess.run(
        [sys.executable, "-m", "dominion_tui", *args],
        input=stdin,
        text=isinstance(stdin, str),
        capture_output=True,
        env=env,
        timeout=timeout,
    )


def lines_of(data: Path, args: list[str], script: list[str], timeout: float = 120) -> list[str]:
    """The lines a game wrote, given one typed line per item of `script`; it must end cleanly."""
    res = dominion(args, "\n".join(script) + "\n", data, timeout)
    assert res.returncode == 0, res.stderr
    return res.stdout.splitlines()
