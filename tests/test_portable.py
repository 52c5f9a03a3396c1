"""Windows has none of POSIX's modules: the game, its saves and `simulate` must not need them.

Each run here is a Python in which importing any of HIDDEN fails as it does on Windows; the
env reaches every process it starts (simulate's workers too), through a sitecustomize."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pexpect

HIDDEN = ("readline", "fcntl", "termios", "pty", "tty", "resource", "grp", "pwd", "curses", "_curses")
TURN = "treasures\nbuy Province\nbuy Gold\nbuy Silver\nend\n"  # makes progress whatever the hand
GAME = [
    "--players",
    "Ann,Bob",
    "--computer",
    "Bob",
    "--kingdom",
    "Barge",
    "--landscapes",
    "",
    "--seed",
    "7",
    "--no-pause",
]


def windows_like(tmp_path: Path) -> dict[str, str]:
    """An environment whose Pythons cannot import HIDDEN, with its own data folder."""
    site = tmp_path / "site"
    site.mkdir(exist_ok=True)
    (site / "sitecustomize.py").write_text(
        "import sys\n"
        f"for name in {HIDDEN!r}:\n"
        "    sys.modules[name] = None  # import name raises ImportError, as on Windows\n"
    )
    path = os.pathsep.join(p for p in [str(site), os.environ.get("PYTHONPATH", "")] if p)
    return {**os.environ, "PYTHONPATH": path, "XDG_DATA_HOME": str(tmp_path / "data")}


def dominion(
    env: dict[str, str], args: list[str], stdin: str = "", cwd: Path | None = None
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dominion_tui", *args],
        input=stdin,
        text=True,
        capture_output=True,
        env=env,
        timeout=120,
        cwd=cwd,
    )


def test_the_modules_are_really_hidden(tmp_path: Path) -> None:
    code = (
        "import importlib\n"
        f"for name in {HIDDEN!r}:\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "        print(name, 'imported')\n"
        "    except ImportError:\n"
        "        print(name, 'hidden')\n"
    )
    res = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=windows_like(tmp_path), timeout=30
    )
    assert res.stdout.split() == [w for name in HIDDEN for w in (name, "hidden")], res.stdout + res.stderr


def test_a_piped_game_saved_resumed_and_finished_without_posix_modules(tmp_path: Path) -> None:
    env = windows_like(tmp_path)
    first = dominion(env, GAME, TURN * 4 + "save mid.json\nquit\n", cwd=tmp_path)
    assert first.returncode == 0, first.stdout[-500:] + first.stderr
    assert "Game saved" in first.stdout and (tmp_path / "mid.json").exists()

    rest = dominion(env, ["--resume", "mid.json", "--no-pause"], TURN * 400, cwd=tmp_path)
    assert rest.returncode == 0, rest.stdout[-500:] + rest.stderr
    assert "Game over." in rest.stdout and "Scores: Ann " in rest.stdout
    assert rest.stderr == "" and "went wrong" not in rest.stdout

    env["XDG_DATA_HOME"] = str(tmp_path / "other")  # the autosave, alone in its folder, resumed
    again = dominion(env, GAME, TURN * 2 + "quit\n", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    back = dominion(env, ["--resume"], "hand\nquit\n", cwd=tmp_path)
    assert back.returncode == 0 and "Ann's hand" in back.stdout, back.stdout[-500:] + back.stderr


def test_simulate_without_posix_modules(tmp_path: Path) -> None:
    # two jobs: the workers are spawned, as on Windows, and hide the modules too
    res = dominion(
        windows_like(tmp_path), ["simulate", "--games", "2", "--jobs", "2", "--seed", "1", "--bots", "normal,bigmoney"]
    )
    assert res.returncode == 0, res.stderr
    assert "2 games in" in res.stdout and "Traceback" not in res.stderr


def test_plain_at_a_console_without_readline_or_termios(tmp_path: Path) -> None:
    """--plain at a terminal with neither readline nor termios (a Windows console): plain
    input() reads the lines, and a control code that reaches one is refused."""
    env = {**windows_like(tmp_path), "TERM": "xterm"}
    child = pexpect.spawn(sys.executable, ["-m", "dominion_tui", "--plain", *GAME], env=env, timeout=30)
    log = io.BytesIO()
    child.logfile_read = log
    child.expect("Ann, action>")
    child.send(b"\x1b[Ahand\r")
    child.expect(b"That line holds a terminal control code; nothing was done.")
    child.send(b"hand\r")
    child.expect(b"Ann's hand: ")
    child.send(b"quit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, log.getvalue()[-500:]
    assert b"Traceback" not in log.getvalue()
