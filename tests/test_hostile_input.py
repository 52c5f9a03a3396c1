"""Input a player can type or paste that must never crash the game: one clear line, go on."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

from tests.processes import dominion

GAME = ["--players", "Alice,Bob", "--kingdom", "Barge", "--landscapes", "", "--seed", "5", "--no-pause", "--plain"]


def run(tmp_path: Path, args: list[str], stdin: bytes, **extra_env: str) -> subprocess.CompletedProcess:
    return dominion(args, stdin, tmp_path, timeout=60, **extra_env)


def test_digits_other_than_ascii_are_refused_not_a_crash(tmp_path: Path) -> None:
    # str.isdigit() says yes to these, int() fails on '²' and reads '٣' as 3.
    script = "²\n٣\n2\n\n\nvillager ²\ncoffers ³\nvillager ٣\nlog ²\nspeech volume ³\nquit\n"
    res = run(
        tmp_path, ["--no-pause", "--plain", "--kingdom", "Barge", "--landscapes", "", "--seed", "5"], script.encode()
    )
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
    res = run(
        tmp_path,
        ["--no-pause", "--plain", "--kingdom", "Barge", "--landscapes", "", "--seed", "5"],
        script,
        LC_ALL="C.UTF-8",
    )
    out = res.stdout.decode("utf-8", "replace").splitlines()
    assert res.returncode == 0, res.stderr
    assert "That line is not UTF-8 text; nothing was done." in out
    assert "Players: Ann, Ben. Seed 5." in out


def terminal(tmp_path: Path, extra: tuple[str, ...] = ()) -> tuple[pexpect.spawn, io.BytesIO]:
    """The game in a real pseudo-terminal (prompt_toolkit's line editor), at Alice's first prompt."""
    env = {
        **os.environ,
        "PROMPT_TOOLKIT_NO_CPR": "1",
        "XDG_DATA_HOME": str(tmp_path),
        "TERM": "xterm",
        "NO_COLOR": "1",
    }  # plain words, but prompt_toolkit's line editor (--plain reads with readline)
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


@pytest.mark.parametrize(
    "typed,said",
    [
        (b"\xff", b"That line is not UTF-8 text; nothing was done."),
        (b"\x16\x1b[31m", b"That line holds a terminal control code; nothing was done."),  # Ctrl+V, then ESC
    ],
)
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


# Keys typed or pasted at a prompt read with readline (--plain, and the opening questions of the
# default mode), each followed by what the game must then answer. Readline 8.2 as shipped dies
# with SIGSEGV on Ctrl+R, Ctrl+X, Enter (found by fuzzing `python -c "import readline; input()"`
# through a pty; any key after Ctrl+R, then Ctrl+X, then a key does it); Esc Enter turned on vi
# mode and swallowed the Enter; Alt+digit redrew the line as "(arg: 5)".
HAND, EMPTY = b"Alice's hand: ", b"Type a move: "
HOSTILE_KEYS = [
    (b"\x12\x18\r", EMPTY),  # Ctrl+R, Ctrl+X, Enter: SIGSEGV in readline
    (b"\x12a\x18\r", b"Unknown command 'a'"),  # a search for "a", Ctrl+X: SIGSEGV too
    (b"\x12\x18hand\r", HAND),  # Ctrl+X does nothing to the key after it
    (b"hd\x1b[Dan\r", HAND),  # Left arrow (ESC [ D), typing in between
    (b"hd\x1bODan\r", HAND),  # Left arrow as ESC O D (application mode)
    (b"and\x1b[Hh\x1b[F\r", HAND),  # Home, End
    (b"and\x1bOHh\x1bOF\r", HAND),  # Home, End as ESC O H, ESC O F
    (b"handx\x1b[D\x1b[3~\r", HAND),  # Delete
    (b"\x1b[A\r", HAND),  # Up arrow: the last line again
    (b"\x1bOA\x1bOB\x1bOAn\x7f\r", HAND),  # Up, Down, Up as ESC O, a slip erased
    (b"\x1b\r", EMPTY),  # ESC alone, then Enter: the Enter counts
    (b"hand\x1b\r", HAND),  # ESC then Enter after a word
    (b"\x1b[\r", EMPTY),  # a cut-off ESC [, then Enter
    (b"\x1bO\r", EMPTY),  # a cut-off ESC O, then Enter
    (b"\x1b\x1b\r", EMPTY),  # ESC ESC, then Enter
    (b"\x18\r", EMPTY),  # Ctrl+X, then Enter
    (b"\x1bhand\r", HAND),  # a stray ESC does not eat the next letter
    (b"\x1b5\x1b-\x1b.\x1bxhand\r", b"Unknown command '5-.xhand'"),  # Alt+digit, Alt+letter: typed
    (b"\x1b\x12\x1b\x19\x1b\x05\x1b\x0ahand\r", HAND),  # Alt+Ctrl keys do nothing
    (b"\x1b\rhand\r", EMPTY),  # Esc Enter again: no vi mode after it
    (b"\x1b[200~hand\x1b[201~\r", HAND),  # a bracketed paste
    (b"\x1b[31mhand\x1b[0m\r", HAND),  # a pasted colour code
    (b"\x1b[1;2;3;4;5;6;7;8;9;10;11;12;13mhand\r", HAND),  # a long CSI with parameters
    (b"\x1b[" + b"1;" * 300 + b"mhand\r", HAND),  # a very long one
    (b"\x1b[15~\x1b[24~\x1bOP\x1bOS\x1b[2~\x1b[5~\x1b[6~hand\r", HAND),  # F5, F12, F1, F4, Insert, Page Up/Down
    (b"\x1b[1;5D\x1b[1;5C\x1b[1;3Dhand\r", HAND),  # Ctrl+arrows, Alt+arrows
    (b"\x1b[<0;10;10M\x1b[<0;10;10mhand\r", HAND),  # an SGR mouse report
    (b"\x1b[32;10;10Mhand\r", HAND),  # an urxvt mouse report
    (b"\x1b[M !!hand\r", b"Unknown command '!!hand'"),  # an X10 mouse report: its 3 bytes are typed
    (b"\x1b\x1b[Ahand\r", HAND),  # Alt+Up as some terminals send it
    (b"\x0c\x0f\x14\x1d\x1e\x00\x18\x18\x18\x12hand\r", HAND),  # Ctrl+L, O, T, ], ^, @, X X, X R
    (b"\x1b\x16hand\r", HAND),  # Alt+Ctrl+V
    (b"\x13hand\r", HAND),  # Ctrl+S: flow control stopped all output
    (b"\x1chand\r", HAND),  # Ctrl+\ (the terminal's quit): a core dump
]


@pytest.mark.parametrize("plain", [True, False], ids=["plain", "opening"])
def test_no_key_at_a_readline_prompt_crashes_or_redraws(tmp_path: Path, plain: bool) -> None:
    """Every key sequence of HOSTILE_KEYS at the --plain game's prompt, or the crashing ones
    at the opening questions of the default mode (read with readline while the game loads)."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "NO_COLOR": "1"}
    args = GAME if plain else ["--no-pause", "--seed", "5"]
    child = pexpect.spawn(sys.executable, ["-m", "dominion_tui", *args], env=env, timeout=20)
    log = io.BytesIO()
    child.logfile_read = log
    if plain:
        child.expect("Alice, action>")
        for keys, said in HOSTILE_KEYS:
            child.send(keys)
            child.expect([said, pexpect.EOF])  # only a crash or a swallowed Enter stops here
            assert child.isalive(), (keys, log.getvalue()[-300:])
            child.expect("Alice, action>")
    else:  # each question once with keys that crashed, once with what it then takes
        for prompt, keys, said in [
            ("Players>", b"\x12\x18\r", b"Names, separated by commas?"),  # Enter: 2
            ("Names>", b"\x1bA\x1b[200~nn,Ann\x1b[201~\r", b"Give 2 different names"),
            ("Names>", b"\x1b[A\x15Ann,Ben\x1b\r", b"Which players does the computer play?"),
            ("Computer>", b"\x12\x18\x1b[<0;3;3M\r", b"Name players from Ann, Ben"),  # Ctrl+X, ESC
            ("Computer>", b"\x1b[<0;3;3M\x12a\x18\r", b"Name players from Ann, Ben"),  # "a"
            ("Computer>", b"\x1b[<0;3;3M\x12\x18\r", b"Which kingdom?"),  # none
            ("Kingdom>", b"\x1b[15~\x1b\x1b[B\x1bOP2\x1b\r", b"Ann, action>"),
        ]:  # 2: Intro to Horses
            child.expect(prompt)
            child.send(keys)
            child.expect([said, pexpect.EOF])
            assert child.isalive(), (keys, log.getvalue()[-300:])
    child.send(b"quit\r")
    child.expect(pexpect.EOF)
    child.close()
    text = log.getvalue()
    assert child.signalstatus is None and child.exitstatus == 0, text[-300:]
    assert b"went wrong" not in text and b"Traceback" not in text
    if plain:  # line-oriented: no cursor code, no redrawn line ("(arg: 5)", a search prompt)
        assert b"\x1b" not in text and b"(arg:" not in text and b"search)" not in text, text[-300:]


def test_readline_keeps_only_the_editing_keys_bound(tmp_path: Path) -> None:
    """What LineReader leaves bound, as readline itself lists it: only editing, history,
    completion and ending a line; no search, keyboard macro, digit argument or vi mode."""
    readline = pytest.importorskip("readline")
    if "libedit" in (readline.__doc__ or ""):
        pytest.skip("libedit lists no bindings")
    code = (
        "import ctypes, sys\n"
        "from dominion_tui.repl import LineReader\n"
        "LineReader()\n"
        "import readline\n"
        "sys.stdout.flush()\n"
        "ctypes.CDLL(readline.__file__).rl_function_dumper(1)\n"
    )
    res = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=30,
        env={**os.environ, "INPUTRC": str(tmp_path / "none")},
    )
    bound = {line.rsplit(": ", 1)[1] for line in res.stdout.splitlines() if line.startswith('"')}
    assert res.returncode == 0, res.stderr
    assert "reverse-search-history" not in bound and "self-insert" in bound  # it did list them
    assert bound <= {
        "self-insert",
        "accept-line",
        "backward-char",
        "forward-char",
        "backward-word",
        "forward-word",
        "beginning-of-line",
        "end-of-line",
        "backward-delete-char",
        "delete-char",
        "backward-kill-word",
        "kill-word",
        "kill-line",
        "unix-line-discard",
        "unix-word-rubout",
        "yank",
        "undo",
        "abort",
        "complete",
        "previous-history",
        "next-history",
        "quoted-insert",
        "skip-csi-sequence",
    }, bound


def test_search_keys_at_the_prompt_toolkit_prompt_do_not_take_the_enter(tmp_path: Path) -> None:
    # Ctrl+R and Ctrl+S opened prompt_toolkit's history search; the Enter after them only closed
    # it, and the player heard nothing at all.
    child, log = terminal(tmp_path)
    for keys, said in [
        (b"\x12hand\r", HAND),
        (b"\x12\x18\r", EMPTY),
        (b"\x13hand\r", HAND),
        (b"\x1b\r", EMPTY),
        (b"\x12a\x18\r", b"Unknown command 'a'"),
    ]:
        child.send(keys)
        found = child.expect([said, pexpect.TIMEOUT], timeout=5)
        assert found == 0, (keys, log.getvalue()[-300:])
        child.expect("Alice, action>")
    child.sendline(b"quit")
    child.expect(pexpect.EOF)


# An unfinished ESC [ sequence (Esc, "[", ";"), as a stray key or a screen reader's passthrough
# types it, then Enter: readline's skip-csi-sequence read on to the first byte that was not a
# parameter and took the Enter as the sequence's end, so nothing happened, however slowly it was
# typed. Readline drops the junk; prompt_toolkit puts what is not a key in the line, refused.
UNFINISHED = [b"\x1b[;", b"\x1b[1;", b"\x1b[12", b"\x1b\x1b[;", b"\x1b[ ", b"\x1b[?1;2"]


def test_enter_after_an_unfinished_escape_sequence_ends_the_line_with_plain(tmp_path: Path) -> None:
    child, log = terminal(tmp_path, ("--plain",))
    for junk in UNFINISHED:
        for keys, said in [(b"hand" + junk + b"\r", HAND), (junk + b"\n", EMPTY)]:
            child.send(keys)
            found = child.expect([said, pexpect.TIMEOUT, pexpect.EOF], timeout=10)
            assert found == 0, (keys, log.getvalue()[-300:])
            child.expect("Alice, action>")
    by_hand(child, b"\x1b[;\r")
    found = child.expect([EMPTY, pexpect.TIMEOUT, pexpect.EOF], timeout=10)
    assert found == 0, log.getvalue()[-300:]
    child.expect("Alice, action>")
    child.sendline(b"quit")
    child.expect(pexpect.EOF)


def by_hand(child: pexpect.spawn, keys: bytes) -> None:
    """One key at a time, slower than readline's keyseq-timeout (500 ms) and prompt_toolkit's."""
    for key in keys:
        child.send(bytes([key]))
        time.sleep(0.6)


def test_enter_after_an_unfinished_escape_sequence_ends_the_line_by_default(tmp_path: Path) -> None:
    """The opening questions (readline), then the game's prompt (prompt_toolkit)."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "NO_COLOR": "1"}
    child = pexpect.spawn(sys.executable, ["-m", "dominion_tui", "--no-pause", "--seed", "5"], env=env, timeout=20)
    log = io.BytesIO()
    child.logfile_read = log
    for prompt, keys, said in [
        ("Players>", b"\x1b[;\r", b"Names, separated by commas?"),  # Enter: 2
        ("Names>", b"Ann,Ben\x1b[1;\r", b"Which players does the computer play?"),
        ("Computer>", b"\x1b[12\n", b"Which kingdom?"),  # none
        ("Kingdom>", b"2\x1b\x1b[;\r", b"Ann, action>"),  # 2: Intro to Horses
    ]:
        child.expect(prompt)
        child.send(keys)
        found = child.expect([said, pexpect.TIMEOUT, pexpect.EOF])
        assert found == 0, (keys, log.getvalue()[-300:])
    for junk in UNFINISHED:
        child.send(b"hand" + junk + b"\r")
        found = child.expect([b"Unknown command 'hand", pexpect.TIMEOUT, pexpect.EOF], timeout=10)
        assert found == 0, (junk, log.getvalue()[-300:])
    by_hand(child, b"hand\x1b[;\r")
    found = child.expect([b"Unknown command 'hand", pexpect.TIMEOUT, pexpect.EOF], timeout=10)
    assert found == 0, log.getvalue()[-300:]
    child.send(b"quit\r")
    child.expect(pexpect.EOF)
