"""The autosave is a header line plus a line per answer, appended (issue 12: autosave costs the
same at turn 1000 as at turn 1), with the guarantees the whole-file save had."""

from __future__ import annotations

import errno
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dominion_tui import save
from dominion_tui.core.game import Config
from dominion_tui.output import Output
from dominion_tui.session import Session

CONFIG = Config(["Alice", "Bob"], ["Barge"], [], 2)
TURN = ["treasures", "buy Silver", "end"]


class Script:
    """Typed lines; a callable in the script runs between two lines (to look at the disk)."""

    def __init__(self, steps: list[Any]) -> None:
        self.steps, self.context = list(steps), (None, None)

    def read(self, prompt: str) -> str:
        while self.steps and callable(self.steps[0]):
            self.steps.pop(0)()
        return self.steps.pop(0) if self.steps else "quit"


def play(path: Path, steps: list[Any]) -> tuple[Session, str]:
    stream = io.StringIO()
    s = Session(CONFIG, Output(stream=stream), Script(steps), save_path=path, pause=False)
    s.run()
    return s, stream.getvalue()


def test_each_answer_is_appended_to_the_same_file(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    seen: list[tuple[int, bytes]] = []
    look: Callable[[], None] = lambda: seen.append((path.stat().st_ino, path.read_bytes()))
    s, _ = play(path, [*TURN, look, *TURN, look, *TURN, look, "quit"])
    (ino1, first), (ino2, second), (ino3, third) = seen
    assert ino1 == ino2 == ino3  # not written anew: appended
    assert second.startswith(first) and third.startswith(second) and len(third) > len(second)
    head, *lines = third.decode().splitlines()
    assert json.loads(head)["version"] == save.JOURNAL
    answers = [line for line in lines if '"state"' not in line]  # each batch ends with a digest
    assert save.read(path).answers == s.game.answers and len(answers) == len(s.game.answers)


def test_undo_then_another_answer_writes_the_file_anew(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    s, out = play(path, [*TURN, "treasures", "undo", "buy Copper", "quit"])
    assert "takes back" in out
    assert save.read(path).answers == s.game.answers
    assert save.TurnAction("buy", "Copper") in s.game.answers


def test_an_answer_cut_short_by_a_crash_is_left_out(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    s, _ = play(path, [*TURN, *TURN, "quit"])
    whole = path.read_bytes()
    path.write_bytes(whole + b'{"verb": "bu')  # killed while appending the next answer
    assert save.read(path).answers == s.game.answers
    answers_only = b"".join(line for line in whole.splitlines(keepends=True) if b'"state"' not in line)
    path.write_bytes(answers_only[:-1])  # the last answer's line without its newline
    assert save.read(path).answers == s.game.answers[:-1]


def test_a_damaged_answer_line_is_refused_and_the_file_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    play(path, [*TURN, "quit"])
    lines = path.read_text().splitlines(keepends=True)
    path.write_text(lines[0] + '{"verb": "steal"}\n' + "".join(lines[2:]))
    before = path.read_bytes()
    try:
        save.read(path)
    except save.SaveError as e:
        assert "damaged" in str(e) and "unknown move" in str(e)
    else:
        raise AssertionError("a damaged autosave was read")
    assert path.read_bytes() == before


def test_an_autosave_deleted_during_the_game_is_written_again(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    s, _ = play(path, [*TURN, path.unlink, *TURN, "quit"])
    assert save.read(path).answers == s.game.answers


def test_a_disk_that_fills_during_the_game_says_autosave_is_off_once(monkeypatch, tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"

    def fill() -> None:
        def full(fd: int) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(save.os, "fsync", full)

    _, out = play(path, [*TURN, fill, *TURN, *TURN, "quit"])
    assert out.count("Autosave is off: the disk is full.") == 1
    assert out.splitlines()[-1] == "Game not saved: the disk is full."
