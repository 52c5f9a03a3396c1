"""The command line: bad input gets one clear line and the spec's exit codes, never a traceback."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.processes import dominion


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return dominion(list(args), stdin)


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return str(path)


GOOD = """\
    name: Silver costs 3
    players: [Alice, Bob]
    setup:
      Alice:
        hand: [Copper, Copper, Copper]
    steps:
      - play Copper
      - play Copper
      - play Copper
      - buy Silver
    expect:
      Alice:
        discard: [Silver]
        coins: 0
"""


@pytest.mark.parametrize(
    "args",
    [
        ["--bogus"],
        ["--seed", "x"],
        ["--players", ""],
        ["--kingdom", "Nonsense Card"],
        ["--players", "A,A"],
        ["--players", "A,B", "--transcript", "/nonexistent/dir/t.txt"],
    ],
)
def test_bad_command_line_gets_one_line_and_exit_2(args: list[str]) -> None:
    res = run(*args)
    assert res.returncode == 2
    assert "Traceback" not in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1, res.stderr


def test_scenario_passes_with_exit_0(tmp_path: Path) -> None:
    res = run("scenario", write(tmp_path, "good.yaml", GOOD))
    assert res.returncode == 0, res.stdout + res.stderr
    assert "1 passed, 0 failed" in res.stdout


def test_failing_scenario_reports_expected_and_actual_with_exit_1(tmp_path: Path) -> None:
    res = run("scenario", write(tmp_path, "bad.yaml", GOOD.replace("coins: 0", "coins: 5")))
    assert res.returncode == 1
    assert "bad.yaml" in res.stdout and "Silver costs 3" in res.stdout
    assert "expected 5, got 0" in res.stdout
    assert "Alice buys and gains a Silver. 39 Silvers left." in res.stdout  # the last lines said


def test_rejected_step_that_was_not_expected_fails(tmp_path: Path) -> None:
    res = run("scenario", write(tmp_path, "r.yaml", GOOD.replace("buy Silver", "buy Gold")))
    assert res.returncode == 1
    assert "'buy Gold' was rejected: Gold costs 6 and you have 3 coins." in res.stdout


@pytest.mark.parametrize(
    "text,needle",
    [
        ("name: x\nplayers: [A]\nsteps: []\nkingdom: [Coper]\n", "kingdom"),
        ("name: x\nplayers: [A]\nsteps: []\nexpect: {A: {handd: []}}\n", "handd"),
        ("name: [x\n", "bad.yaml"),
        ("players: [A]\nsteps: []\n", "name"),
        ("name: x\nplayers: [A]\nsteps: []\nseed: " + "9" * 300 + "\n", "seed: expected a whole number of at most 19"),
    ],
)
def test_invalid_scenario_file_exit_2(tmp_path: Path, text: str, needle: str) -> None:
    res = run("scenario", write(tmp_path, "bad.yaml", text))
    assert res.returncode == 2, res.stdout
    assert "Traceback" not in res.stdout + res.stderr
    assert needle in res.stdout


def test_missing_path_exit_2(tmp_path: Path) -> None:
    res = run("scenario", str(tmp_path / "nowhere.yaml"))
    assert res.returncode == 2
    assert "Traceback" not in res.stdout + res.stderr


def test_computer_players_finish_a_whole_game() -> None:
    res = run("--players", "Ann,Ben", "--computer", "Ann,Ben", "--seed", "4")
    assert res.returncode == 0, res.stderr
    assert "Game over." in res.stdout


def test_piped_game_reads_plain_lines_and_rejects_bad_ones() -> None:
    lines = "\n".join(["hand", "frobnicate", "buy Province", "end", "end", "yes", "quit"]) + "\n"
    res = run("--players", "Alice,Bob", "--kingdom", "Barge", "--seed", "1", "--no-pause", stdin=lines)
    assert res.returncode == 0, res.stderr
    out = res.stdout.splitlines()
    assert any(s.startswith("Alice's hand: ") for s in out)
    assert "Unknown command 'frobnicate'. Moves: play, buy, end, treasures, villager, coffers." in out
    assert "Province costs 8 and you have 0 coins, 2 with the 2 Treasures not played yet." in out
    assert "Bob's turn 1." in out
    assert "\x1b" not in res.stdout


@pytest.mark.parametrize(
    "args,message",
    [
        (["--players", "Ann,Ben", "--computer", "Cat"], "not playing: Cat"),
        (["--players", "A,B,C,D,E,F,G"], "1 to 6 players"),
        (["--kingdom", "Sheepdog,Nonsense"], "Unknown Kingdom card: Nonsense"),
        (["--landscapes", "Way of the Cat"], "Unknown landscape"),
    ],
)
def test_a_mistake_in_the_flags_is_said_before_any_question(tmp_path: Path, args, message) -> None:
    import os

    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    res = subprocess.run(
        [sys.executable, "-m", "dominion_tui", *args],
        input="\n\n\n\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert res.returncode == 2 and message in res.stderr, res.stderr
    assert res.stdout == ""  # not one question asked (no "How many players", no "Kingdom:")


@pytest.mark.parametrize("answers", ["quit\n", "2\nquit\n", "2\n\nexit\n", "2\n\n\nquit\n"])
def test_quit_works_at_every_opening_question(tmp_path: Path, answers: str) -> None:
    import os

    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    res = subprocess.run(
        [sys.executable, "-m", "dominion_tui"], input=answers, capture_output=True, text=True, timeout=60, env=env
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines()[-1] == "No game started."
    assert "Players:" not in res.stdout and not (tmp_path / "dominion-tui" / "autosave.json").exists()
