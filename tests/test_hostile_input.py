"""Input a player can type or paste that must never crash the game: one clear line, go on."""
from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

GAME = ["--players", "Alice,Bob", "--kingdom", "Barge", "--landscapes", "", "--seed", "5", "--no-pause",
        "--plain"]


def run(tmp_path: Path, args: list[str], stdin: bytes, **extra_env: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), **extra_env}
    return subprocess.run([sys.executable, "-m", "dominion_tui", *args], input=stdin,
                          capture_output=True, env=env, timeout=60)


def test_digits_other_than_ascii_are_refused_not_a_crash(tmp_path: Path) -> None:
    # str.isdigit() says yes to these, int() fails on '²' and reads '٣' as 3.
    script = "²\n٣\n2\n\n\nvillager ²\ncoffers ³\nvillager ٣\nlog ²\nspeech volume ³\nquit\n"
    res = run(tmp_path, ["--no-pause", "--plain", "--kingdom", "Barge", "--landscapes", "", "--seed", "5"],
              script.encode())
    out = res.stdout.decode().splitlines()
    assert res.returncode == 0, res.stderr
    assert out.count("Type a number from 1 to 6, or press Enter for 2.") == 2
    assert "Players: Alice, Bob. Seed 5." in out
    assert "'villager' takes a number, like 'villager 2'." in out
    assert "'coffers' takes a number, like 'coffers 2'." in out
    assert any(line.startswith("Try: speech on") for line in out)
    assert "went wrong" not in res.stdout.decode() + res.stderr.decode()


def test_a_line_that_is_not_utf8_is_refused_and_the_game_goes_on(tmp_path: Path) -> None:
    # A strict UTF-8 stdin used to raise UnicodeDecodeError and end the game (exit 1).
    res = run(tmp_path, GAME, b"\n\xff\nhand\nquit\n", PYTHONIOENCODING="utf-8")
    out = res.stdout.decode().splitlines()
    assert res.returncode == 0, res.stderr
    assert out.count("That line is not UTF-8 text; nothing was done.") == 1
    assert any(line.startswith("Your hand: ") or line.startswith("Alice's hand") for line in out)
    assert any(line.startswith("Game saved.") for line in out)


def test_a_name_that_is_not_utf8_is_refused_at_the_opening_questions(tmp_path: Path) -> None:
    # With the default error handler the raw byte used to become part of a player's name.
    script = b"2\nAnn\xff,Ben\nAnn,Ben\n\nquit\n"
    res = run(tmp_path, ["--no-pause", "--plain", "--kingdom", "Barge", "--landscapes", "", "--seed", "5"],
              script, LC_ALL="C.UTF-8")
    out = res.stdout.decode("utf-8", "replace").splitlines()
    assert res.returncode == 0, res.stderr
    assert "That line is not UTF-8 text; nothing was done." in out
    assert "Players: Ann, Ben. Seed 5." in out


def terminal(tmp_path: Path, extra: tuple[str, ...] = ()) -> tuple[pexpect.spawn, io.BytesIO]:
    """The game in a real pseudo-terminal (prompt_toolkit's line editor), at Alice's first prompt."""
    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "XDG_DATA_HOME": str(tmp_path), "TERM": "xterm",
           "NO_COLOR": "1"}  # plain words, but prompt_toolkit's line editor (--plain reads with readline)
    args = [a for a in GAME if a != "--plain"] + list(extra)
    child = pexpect.spawn(sys.executable, ["-m", "dominion_tui", *args], env=env, timeout=20)
    log = io.BytesIO()
    child.logfile_read = log
    child.expect("Alice, action>")
    return child, log


@pytest.mark.parametrize("pasted", [b"\x1b[31m", b"\x1b[0;1m", b"\x1b[5M"])
def test_a_pasted_escape_sequence_is_dropped_without_a_traceback(tmp_path: Path, pasted: bytes) -> None:
    # prompt_toolkit reads ESC[31m as a mouse report, and its mouse handler used to crash:
    # a full traceback, then "Press ENTER to continue...", all read out by the screen reader.
    child, log = terminal(tmp_path)
    child.send(pasted + b"hand\r")
    found = child.expect([b"Press ENTER", b"Alice's hand: "])
    child.sendline(b"quit")
    child.expect(pexpect.EOF)
    text = log.getvalue().decode("utf-8", "replace")
    assert found == 1, text
    assert "Traceback" not in text and "xception" not in text


def test_a_byte_that_is_not_utf8_at_the_terminal_is_refused(tmp_path: Path) -> None:
    # prompt_toolkit keeps it as a lone surrogate, which clean() used to drop: "" declines.
    child, log = terminal(tmp_path)
    child.send(b"\xff\r")
    found = child.expect([b"That line is not UTF-8 text; nothing was done.", b"Type a move"])
    child.sendline(b"quit")
    child.expect(pexpect.EOF)
    assert found == 0, log.getvalue()



@pytest.mark.parametrize("typed,said", [
    (b"\xff", b"That line is not UTF-8 text; nothing was done."),
    (b"\x16\x1b[31m", b"That line holds a terminal control code; nothing was done."),  # Ctrl+V, then ESC
])
def test_plain_at_a_terminal_refuses_a_stray_byte_or_a_control_code(tmp_path: Path, typed: bytes, said: bytes) -> None:
    # --plain reads with readline, which used to pass "\xffhand" on as "hand" and "ESC[31mhand"
    # as "[31mhand"; prompt_toolkit refuses the first and never puts the second in a line.
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "TERM": "xterm"}
    child = pexpect.spawn(sys.executable, ["-m", "dominion_tui", *GAME], env=env, timeout=20)
    log = io.BytesIO()
    child.logfile_read = log
    child.expect("Alice, action>")
    child.send(typed + b"hand\r")
    found = child.expect([said, b"Alice's hand", b"Unknown command"])
    child.expect("Alice, action>")
    child.send(b"hand\r")
    child.expect(b"Alice's hand")
    child.sendline(b"quit")
    child.expect(pexpect.EOF)
    assert found == 0, log.getvalue()
