"""End to end: a real pseudo-terminal, a piped script, and a game killed and resumed."""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

GAME = ["--players", "Alice,Bob", "--kingdom", "Barge", "--landscapes", "", "--seed", "2", "--no-pause"]
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "XDG_DATA_HOME": str(tmp_path), "TERM": "xterm", **extra}


def dominion(tmp_path: Path, args: list[str], stdin: str) -> subprocess.CompletedProcess:
    """The game through pipes, run to its end: `stdin` typed, everything it wrote kept as text."""
    return subprocess.run(
        [sys.executable, "-m", "dominion_tui", *args],
        input=stdin,
        text=True,
        capture_output=True,
        env=env(tmp_path),
        timeout=60,
    )


def play_two_turns(tmp_path: Path, flags: list[str], **extra_env: str) -> str:
    """Both players take a turn in a real pseudo-terminal; returns everything it showed."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "dominion_tui", *flags, *GAME],
        env=env(tmp_path, **extra_env),
        encoding="utf-8",
        timeout=20,
    )
    log = io.StringIO()
    child.logfile_read = log
    for who in ("Alice", "Bob"):
        child.expect(f"{who}, action>")
        child.sendline("treasures")
        child.expect(f"{who}, buy>")
        child.sendline("end")
    child.expect("Alice, action>")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    return log.getvalue()


@pytest.mark.parametrize("flags,extra", [(["--plain"], {}), ([], {"NO_COLOR": "1"}), ([], {"TERM": "dumb"})])
def test_plain_in_a_pseudo_terminal_has_no_colour_or_style_and_no_warning(tmp_path: Path, flags, extra) -> None:
    text = play_two_turns(tmp_path, flags, **extra)
    assert re.search(r"Alice plays \d* ?Coppers?, \d+ coins? in total\.", text)
    assert re.search(r"Bob plays \d* ?Coppers?, \d+ coins? in total\.", text)
    # prompt_toolkit resets attributes around its prompt (ESC[0m); anything else would be style.
    styles = {m for m in SGR.findall(text) if m not in ("", "0")}
    assert not styles, styles
    assert "warning" not in text.lower()


def test_piped_script_has_no_escape_sequence_at_all(tmp_path: Path) -> None:
    script = "\n".join(["treasures", "buy Silver", "end"] * 6 + ["hand", "quit"]) + "\n"
    res = dominion(tmp_path, GAME, script)
    assert res.returncode == 0, res.stderr
    assert "\x1b" not in res.stdout + res.stderr
    assert "Alice buys and gains a Silver. 39 Silvers left." in res.stdout


def read_until(proc: subprocess.Popen, needle: str, timeout: float = 20) -> str:
    seen = ""
    end = time.time() + timeout
    while needle not in seen:
        assert time.time() < end, f"never saw {needle!r}; got {seen!r}"
        line = proc.stdout.readline()
        assert line, f"process ended before {needle!r}; got {seen!r}"
        seen += line
    return seen


def test_killed_mid_turn_resume_restores_hands_decks_and_question(tmp_path: Path) -> None:
    args = [sys.executable, "-m", "dominion_tui", *GAME]
    proc = subprocess.Popen(
        args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env(tmp_path), bufsize=1
    )
    read_until(proc, "Alice, action>")
    for line in ["end", "treasures", "buy Silver", "end"]:  # Alice's turn 1
        proc.stdin.write(line + "\n")
    proc.stdin.write("play Copper\nhand\nothers\n")  # Bob, mid-turn
    proc.stdin.flush()
    before = read_until(proc, "Alice: hand")
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    bob_hand = re.findall(r"Bob's hand: .*", before)[-1]
    alice = re.findall(r"Alice: hand .*", before)[-1]

    res = dominion(tmp_path, ["--resume"], "\nhand\nothers\nstatus\nquit\n")
    assert res.returncode == 0, res.stderr
    pause = res.stdout.index("Pass the keyboard to Bob, then press Enter.")  # hot-seat: nobody's hand
    assert "hand" not in res.stdout[:pause].lower() and "Copper" not in res.stdout[:pause]  # before Enter
    assert bob_hand in res.stdout
    assert alice in res.stdout
    assert "Bob's buy phase. Bob: 1 Action, 1 Buy, 1 coin" in res.stdout  # the pending question
    assert "Bob, buy>" in res.stdout


def test_damaged_save_is_refused_and_left_untouched(tmp_path: Path) -> None:
    save = tmp_path / "broken.json"
    save.write_text('{"format": "dominion-tui save", "version": 1, "config": 5}')
    before = save.read_bytes()
    res = dominion(tmp_path, ["--resume", str(save)], "")
    assert res.returncode == 2
    assert "damaged" in res.stderr and "Traceback" not in res.stderr
    assert save.read_bytes() == before
    foreign = tmp_path / "foreign.json"
    foreign.write_text("[1, 2, 3]")
    res = dominion(tmp_path, ["--resume", str(foreign)], "")
    assert res.returncode == 2 and "not a dominion-tui save file" in res.stderr


def test_undo_takes_back_an_answer_that_revealed_nothing(tmp_path: Path) -> None:
    script = "treasures\nbuy Silver\nundo\nstatus\nundo\nstatus\nquit\n"
    res = dominion(tmp_path, [*GAME, "--no-auto-end"], script)
    assert "Alice takes back: buy Silver." in res.stdout
    after = res.stdout.split("takes back: buy Silver.")[1]
    assert "Alice: 1 Action, 1 Buy" in after
    assert "Alice plays" not in after and "Alice gets" not in after  # nothing re-announced
    # one typed line is one undo step: `treasures` played several Coppers, one undo takes them back
    assert "Alice takes back: treasures." in after
    assert "Alice's action phase. Alice: 1 Action, 1 Buy, 0 coins" in after.split("takes back")[1]


def test_undo_refuses_an_answer_that_drew_cards(tmp_path: Path) -> None:
    script = "end\nend\nyes\nundo\nquit\n"  # Alice's Clean-up drew a new hand; Bob may not undo it
    res = dominion(tmp_path, GAME, script)
    assert "Nothing of yours to undo this turn." in res.stdout


def test_colour_mode_styles_only_what_the_words_already_say(tmp_path: Path) -> None:
    text = play_two_turns(tmp_path, [])
    assert {m for m in SGR.findall(text) if m not in ("", "0")}, "no style at all in colour mode"
    words = SGR.sub("", text)
    assert "Alice's turn 1." in words and "Bob's turn 1." in words


def test_a_new_game_keeps_the_unfinished_one(tmp_path: Path) -> None:
    first = dominion(tmp_path, GAME, "treasures\nquit\n")
    assert first.returncode == 0
    second = dominion(tmp_path, GAME, "quit\n")
    assert "The unfinished game is kept: dominion --resume previous" in second.stdout.splitlines()
    assert "Game saved. Type dominion --resume to go on." in second.stdout.splitlines()  # no long path
    resumed = dominion(tmp_path, ["--resume", "previous"], "\nstatus\nquit\n")
    assert "Alice's buy phase. Alice: 1 Action, 1 Buy" in resumed.stdout
    assert "Game saved. Type dominion --resume previous to go on." in resumed.stdout  # in its own file


def test_opening_questions_offer_the_waiting_game(tmp_path: Path) -> None:
    dominion(tmp_path, GAME, "treasures\nquit\n")
    res = dominion(tmp_path, ["--no-pause"], "\nstatus\nquit\n")
    assert "A saved game is waiting. 1. resume it, 2. start a new game. Enter resumes." in res.stdout
    assert "Resuming: Alice's turn 1, buy phase." in res.stdout
    assert "Alice's buy phase." in res.stdout


def test_a_save_whose_answers_do_not_fit_is_refused_in_one_line(tmp_path: Path) -> None:
    import json

    dominion(tmp_path, GAME, "treasures\nquit\n")
    save = tmp_path / "dominion-tui" / "autosave.json"
    lines = save.read_text().splitlines(keepends=True)  # the autosave: a header, a line per answer
    lines[1] = json.dumps({"verb": "buy", "name": "Province", "n": 1}) + "\n"
    save.write_text("".join(lines))
    res = dominion(tmp_path, ["--resume"], "quit\n")
    assert res.returncode == 2, res.stdout + res.stderr
    assert "do not fit this game" in res.stderr and "Traceback" not in res.stderr


def test_plain_in_a_real_terminal_writes_no_escape_sequence_at_all(tmp_path: Path) -> None:
    """--plain reads lines with readline told the terminal is dumb: typing, editing a line,
    history and tab completion all work without one cursor code (TERM here is xterm)."""
    child = pexpect.spawn(
        sys.executable, ["-m", "dominion_tui", "--plain", *GAME], env=env(tmp_path), encoding="utf-8", timeout=20
    )
    log = io.StringIO()
    child.logfile_read = log
    child.expect("Alice, action> ")
    child.send("handx\x7f\x1b[D\x1b[C\r")  # a typing slip, backspace, cursor left and right
    child.expect("Alice's hand: ")
    child.expect("Alice, action> ")
    child.send("tre\t\r")  # tab completes "treasures"
    child.expect("in total")
    child.expect("Alice, buy> ")
    child.send("\x1b[A\x15bu\tSi\t\r")  # history, erase the line, complete "buy " and "Silver"
    child.expect("Alice buys and gains a Silver")
    child.expect("Bob, action> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    text = log.getvalue()
    assert "\x1b" not in text, repr(text[:400])
    assert "Alice plays" in text


def test_piped_play_sees_each_prompt_before_sending_the_next_line(tmp_path: Path) -> None:
    """A program driving the game through pipes waits for each prompt, then answers: every
    prompt must be flushed as soon as it is written (the listening benchmark relies on it)."""
    import queue
    import threading

    proc = subprocess.Popen(
        [sys.executable, "-m", "dominion_tui", *GAME],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env(tmp_path),
        bufsize=1,
    )
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True).start()
    try:
        for prompt, line in [
            ("Alice, action>", "treasures"),
            ("Alice, buy>", "buy Silver"),
            ("Bob, action>", "end"),
            ("Bob, buy>", "end"),
            ("Bob, yes or no>", "yes"),
            ("Alice, action>", "quit"),
        ]:
            seen = ""
            while not seen.rstrip("\n").endswith(prompt):
                try:  # a generous guard, not a timing test: without a flush nothing would ever come
                    seen += lines.get(timeout=30)
                except queue.Empty:
                    raise AssertionError(f"waited for {prompt!r} with nothing more; got {seen!r}") from None
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()
