"""`hint` (issue 23 item 1): at every prompt, what to type and why, from the strongest level; it
never changes the game, and a player who follows every hint plays a whole game to its end."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect

GAME = [
    "--players",
    "Ann,Bob",
    "--computer",
    "Bob",
    "--seed",
    "7",
    "--kingdom",
    "Intro to Horses",
    "--plain",
    "--no-tips",
]
MOVES = ["treasures", "buy Silver", "end"] * 6 + ["quit"]


def piped(lines: list[str], tmp_path: Path) -> list[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    res = subprocess.run(
        [sys.executable, "-m", "dominion_tui", *GAME],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    return res.stdout.splitlines()


def test_hint_never_changes_the_game(tmp_path: Path) -> None:
    plain = piped(MOVES, tmp_path / "a")
    hinted = piped([x for m in MOVES for x in (["hint", m] if m != "quit" else [m])], tmp_path / "b")
    hints = [line for line in hinted if line.startswith("Hint: ")]
    assert len(hints) == len(MOVES) - 1
    assert all(re.fullmatch(r"Hint: [^.]+\. \S.*\.", h) for h in hints), hints
    assert _without_repeated_prompts(hinted) == _without_repeated_prompts(plain)


def _without_repeated_prompts(lines: list[str]) -> list[str]:
    """The lines with each prompt said once in a row: a hint asks the same question again."""
    out: list[str] = []
    for line in lines:
        if line.startswith("Hint: ") or (out and line.endswith(">") and out[-1] == line):
            continue
        out.append(line)
    return out


def test_a_player_who_follows_every_hint_plays_a_whole_game_to_its_end(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}
    child = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "dominion_tui",
            "--players",
            "Ann,Bob",
            "--computer",
            "Bob:normal",
            "--seed",
            "3",
            "--kingdom",
            "First game",
            "--plain",
            "--no-tips",
            "--no-pause",
        ],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 250),
    )
    child.logfile_read = io.StringIO()
    followed = 0
    for _ in range(2000):
        if child.expect([r"\n[^\n]*> ", pexpect.EOF]) == 1:
            break
        child.sendline("hint")
        child.expect(r"Hint: ([^\r\n]*?)\. [^\r\n]+\r\n")
        move = child.match.group(1)
        child.expect(r"> ")
        child.sendline("" if move == "press Enter" else move)
        followed += 1
    text = child.logfile_read.getvalue()
    child.close()
    assert "Game over." in text, text[-2000:]
    assert followed > 20
    for refusal in ("No '", "No card called", "could be", "Unknown", "Type a number", "You picked", "costs", "No hint"):
        assert refusal not in text.split("Game over.")[0].split("Ann's turn 1.")[-1] or refusal == "costs", refusal


def test_following_every_hint_ends_games_over_several_kingdoms_with_no_hinted_line_refused() -> None:
    """In-process, as benchmarks/hint_games.py plays: every prompt answered with the hint's move."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from hint_games import play

    for seed, kingdom in [(1, "random"), (2, "random"), (5, "Intro to Exile"), (6, "Public Works")]:
        _, refused, times = play(seed, "normal", kingdom)
        assert refused == 0 and len(times) > 20, (seed, kingdom)
