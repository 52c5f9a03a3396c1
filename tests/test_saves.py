"""Saves: no game is lost to a bad disk, a player's file stays theirs, a hostile save is refused."""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dominion_tui import cli, save

GAME = ["--players", "Alice,Bob", "--kingdom", "Barge", "--landscapes", "", "--seed", "2", "--no-pause"]
TURN = ["treasures", "buy Silver", "end"]


def play(monkeypatch, capsys, data: Path, args: list[str], lines: list[str]) -> tuple[int, str, str]:
    """Run `dominion ARGS` in this process with piped LINES; returns (status, stdout, stderr)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    code = cli.main(args)
    out, err = capsys.readouterr()
    return code, out, err


def saved_game(monkeypatch, capsys, tmp_path: Path, lines: list[str] = TURN) -> Path:
    mine = tmp_path / "mine.json"
    code, out, err = play(monkeypatch, capsys, tmp_path / "data", GAME, [*lines, f"save {mine}", "quit"])
    assert code == 0 and mine.exists(), out + err
    return mine


# ---------------------------------------------------------------- 2. saving impossible
def test_a_file_where_the_save_folder_should_be_does_not_end_the_game(monkeypatch, capsys, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    mine = tmp_path / "mine.json"
    code, out, err = play(monkeypatch, capsys, blocker, GAME, [*TURN, *TURN, f"save {mine}", "quit"])
    assert code == 0, err
    assert out.count("Autosave is off") == 1
    assert f"Autosave is off: {blocker} is a file, not a folder. Type save FILE to save elsewhere." in out
    assert "Bob's turn 1." in out and "Alice's turn 2." in out  # the game went on
    assert f"Game saved to {mine}." in out and mine.exists()
    code, out, _ = play(monkeypatch, capsys, blocker, GAME, ["treasures", "quit"])
    assert out.splitlines()[-1] == f"Game not saved: {blocker} is a file, not a folder."


def test_a_full_disk_turns_autosave_off_once_and_play_goes_on(monkeypatch, capsys, tmp_path: Path) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(save.os, "fsync", full)
    code, out, err = play(monkeypatch, capsys, tmp_path, GAME, [*TURN, *TURN, "quit"])
    assert code == 0, err
    assert out.count("Autosave is off: the disk is full.") == 1
    assert "Alice's turn 2." in out
    assert out.splitlines()[-1] == "Game not saved: the disk is full."
    assert not list((tmp_path / "dominion-tui").glob("*"))  # no half-written file left behind


def test_a_crash_with_autosave_off_does_not_claim_the_game_was_saved(monkeypatch, capsys, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setattr(cli.Session, "treasures", lambda *a: 1 / 0)
    code, out, err = play(monkeypatch, capsys, blocker, GAME, ["end", "treasures"])
    assert code == 1
    assert "the game was not saved" in err and "the game was saved" not in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_transcript_on_a_full_disk_stops_and_the_game_goes_on(tmp_path: Path) -> None:
    res = subprocess.run(
        [sys.executable, "-m", "dominion_tui", *GAME, "--transcript", "/dev/full"],
        input="\n".join([*TURN, *TURN, "quit"]) + "\n",
        text=True,
        capture_output=True,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path)},
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.count("Transcript stopped: no space left on device.") == 1
    assert "Alice's turn 2." in res.stdout and "Game saved." in res.stdout


# ---------------------------------------------------------------- 3. a named save is the player's
def test_playing_on_from_a_named_save_never_rewrites_it(monkeypatch, capsys, tmp_path: Path) -> None:
    mine = saved_game(monkeypatch, capsys, tmp_path)
    before = mine.read_bytes()
    code, out, err = play(monkeypatch, capsys, tmp_path / "data", ["--resume", str(mine)], ["", *TURN, "quit"])
    assert code == 0, err
    assert mine.read_bytes() == before
    autosave = tmp_path / "data" / "dominion-tui" / "autosave.json"
    assert "Game saved. Type dominion --resume to go on." in out and autosave.exists()
    assert len(save.read(autosave).answers) > len(save.read(mine).answers)


def test_a_named_save_survives_the_end_of_the_game_played_from_it(monkeypatch, capsys, tmp_path: Path) -> None:
    mine = saved_game(monkeypatch, capsys, tmp_path, [])
    raw = json.loads(mine.read_text())
    raw["computers"] = ["Alice", "Bob"]  # the computer plays both seats to the end
    mine.write_text(json.dumps(raw))
    before = mine.read_bytes()
    code, out, err = play(monkeypatch, capsys, tmp_path / "data", ["--resume", str(mine)], [])
    assert code == 0 and "Game over." in out, err
    assert mine.read_bytes() == before
    assert not (tmp_path / "data" / "dominion-tui" / "autosave.json").exists()


def test_resuming_a_named_save_keeps_the_waiting_autosave(monkeypatch, capsys, tmp_path: Path) -> None:
    mine = saved_game(monkeypatch, capsys, tmp_path)  # its quit also left an autosave: replaced by another game
    folder = tmp_path / "data" / "dominion-tui"
    (folder / "autosave.json").write_bytes(tweak(mine, "other.json", lambda r: r["config"].update(seed=3)).read_bytes())
    (folder / "previous.json").write_text("an older kept game")
    waiting = (folder / "autosave.json").read_bytes()
    code, out, _ = play(monkeypatch, capsys, tmp_path / "data", ["--resume", str(mine)], ["quit"])
    assert "The other unfinished game is kept: dominion --resume previous-2" in out
    assert (folder / "previous-2.json").read_bytes() == waiting
    assert (folder / "previous.json").read_text() == "an older kept game"


# ---------------------------------------------------------------- 4. damaged or hostile saves
def tweak(mine: Path, name: str, change) -> Path:
    raw = json.loads(mine.read_text())
    change(raw)
    path = mine.with_name(name)
    path.write_text(raw if isinstance(raw, str) else json.dumps(raw))
    return path


HOSTILE = {
    "unknown landscape": lambda r: r["config"].update(landscapes=["Way of the Nope"]),
    "landscapes as a string": lambda r: r["config"].update(landscapes="Ride"),
    "unknown mouse": lambda r: r["config"].update(landscapes=["Way of the Mouse"], mouse="Nope"),
    "mouse not a string": lambda r: r["config"].update(landscapes=["Way of the Mouse"], mouse=[1]),
    "mouse in the kingdom": lambda r: r["config"].update(landscapes=["Way of the Mouse"], mouse="Barge"),
    "mouse without the Way": lambda r: r["config"].update(mouse="Black Cat"),
    "huge seed": lambda r: r["config"].update(seed=10**40),
    "float seed": lambda r: r["config"].update(seed=1.5),
    "seven players": lambda r: r["config"].update(players=list("ABCDEFG")),
    "no players": lambda r: r["config"].update(players=[]),
    "duplicate players": lambda r: r["config"].update(players=["Al", "Al"]),
    "player not a string": lambda r: r["config"].update(players=["Al", 7]),
    "control characters": lambda r: r["config"].update(players=["Al", "\x1b[2J\nBob"]),
    "computer not playing": lambda r: r.update(computers=["Zed"]),
    "answer a string": lambda r: r.update(answers=["end"]),
    "answer unknown move": lambda r: r.update(answers=[{"verb": "__init__"}]),
    "answer count a string": lambda r: r.update(answers=[{"verb": "villager", "n": "2"}]),
    "answer pick a bool": lambda r: r.update(answers=[[True]]),
    "answers not a list": lambda r: r.update(answers={"0": [1]}),
    "unknown field": lambda r: r["config"].update(speed=3),
    "200,000 padded answers": lambda r: r.update(answers=[{"verb": "end", "name": None, "n": 1}] * 200_000),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_a_damaged_save_is_refused_in_one_line_before_anything_is_said(monkeypatch, capsys, tmp_path, case) -> None:
    bad = tweak(saved_game(monkeypatch, capsys, tmp_path), "bad.json", HOSTILE[case])
    before = bad.read_bytes()
    start = time.monotonic()
    code, out, err = play(monkeypatch, capsys, tmp_path / "data", ["--resume", str(bad)], ["quit"])
    assert (code, out) == (2, "")
    assert err.startswith(f"dominion: {bad} is damaged and cannot be resumed. ") and err.count("\n") == 1
    assert "\x1b" not in err
    assert bad.read_bytes() == before
    assert time.monotonic() - start < 30  # refused, not replayed


@pytest.mark.parametrize(
    "text,why",
    [
        ('{"format": "dominion-tui save", "version": 1, "config": {"seed": Infinity}}', "Infinity is not a number"),
        ('{"format": "dominion-tui save", "version": 1, "config": {"seed": NaN}}', "NaN is not a number"),
        (
            '{"format": "dominion-tui save", "version": 1, "config": ' + "[" * 100_000 + "]" * 100_000 + "}",
            "nested too deeply",
        ),
        ('{"format": "dominion-tui save", "seed": 1' + "0" * 5000 + "}", "a number in it is too long"),
        ('{"format": "dominion-tui save", "ver', "cut short or not JSON"),
        (" " * 20_000_001, "over 20 MB"),
    ],
)
def test_an_unreadable_save_is_refused_in_one_line(monkeypatch, capsys, tmp_path: Path, text: str, why: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    code, out, err = play(monkeypatch, capsys, tmp_path, ["--resume", str(bad)], [])
    assert (code, out) == (2, "")
    assert why in err and err.count("\n") == 1


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_save_that_is_not_a_regular_file_is_refused_without_reading_it(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "odd.json"
    if kind == "fifo":
        os.mkfifo(path)  # nothing will ever write to it: reading would hang
    else:
        path.symlink_to("/dev/zero")  # reading would never end
    res = subprocess.run(
        [sys.executable, "-m", "dominion_tui", "--resume", str(path)],
        input="",
        text=True,
        capture_output=True,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path)},
        timeout=60,
    )
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr == f"dominion: {path} is not a save file: it is not a regular file.\n"


def test_version_1_saves_still_resume_and_their_mouse_card_is_checked(monkeypatch, capsys, tmp_path: Path) -> None:
    old = tmp_path / "old.json"  # no "computers" and no "mouse": the earliest version-1 shape
    old.write_text(
        json.dumps(
            {
                "format": "dominion-tui save",
                "version": 1,
                "config": {
                    "players": ["Alice", "Bob"],
                    "kingdom": ["Barge"],
                    "landscapes": ["Way of the Mouse"],
                    "seed": 2,
                },
                "answers": [{"verb": "play", "name": "Copper", "n": 1}, {"verb": "play", "name": "Copper"}],
            }
        )
    )
    data = save.read(old)
    assert data.computers == [] and data.levels == {} and data.config.mouse is None and len(data.answers) == 2
    with_mouse = tweak(old, "mouse.json", lambda r: r["config"].update(mouse="Black Cat"))
    assert save.read(with_mouse).config.mouse == "Black Cat"
    with pytest.raises(save.SaveError, match="not an unused non-Duration Action"):
        save.read(tweak(old, "kingdom-mouse.json", lambda r: r["config"].update(mouse="Barge")))
    code, out, err = play(monkeypatch, capsys, tmp_path, ["--resume", str(old)], ["", "status", "quit"])
    assert code == 0, err
    assert "Resuming: Alice's turn 1, buy phase." in out and "Alice, buy phase." in out


def test_a_game_saved_before_its_first_answer_resumes_from_its_start(monkeypatch, capsys, tmp_path: Path) -> None:
    """Quit at the first prompt (or undo back to it): the save holds no answers. Resuming it once
    said "it is over" and then played on from turn 1."""
    args = ["--players", "Ann,Bob", "--kingdom", "Barge", "--landscapes", "", "--seed", "2", "--no-pause"]
    code, out, err = play(monkeypatch, capsys, tmp_path, args, ["quit"])
    assert code == 0 and "Game saved." in out, err
    code, out, err = play(monkeypatch, capsys, tmp_path, ["--resume"], ["hand", "quit"])
    assert code == 0, err
    assert "Resuming the saved game from its start." in out and "it is over" not in out
    assert "Ann's hand:" in out


def test_a_resumed_game_keeps_each_computer_level(monkeypatch, capsys, tmp_path: Path) -> None:
    """Issue 14: `--computer Bob:hard,Cat:bigmoney`, quit, resume: the same levels play on."""
    from dominion_tui.bots import BigMoneyPlayer, Bot

    sessions = []
    run = cli.Session.run
    monkeypatch.setattr(cli.Session, "run", lambda self: sessions.append(self) or run(self))
    args = [
        "--players",
        "Ann,Bob,Cat",
        "--computer",
        "Bob:hard,Cat:bigmoney",
        "--kingdom",
        "Barge",
        "--landscapes",
        "",
        "--seed",
        "2",
        "--no-pause",
    ]
    code, out, err = play(monkeypatch, capsys, tmp_path, args, [*TURN, "quit"])
    assert code == 0 and "Game saved." in out, err
    code, out, err = play(monkeypatch, capsys, tmp_path, ["--resume"], [*TURN, "quit"])
    assert code == 0 and "Resuming: Ann's turn 2, buy phase." in out and "Ann's turn 3." in out, err
    bots = {n: sessions[-1].replay.live[i].inner for i, n in enumerate(["Ann", "Bob", "Cat"]) if n != "Ann"}
    assert isinstance(bots["Bob"], Bot) and bots["Bob"].level == "hard"
    assert isinstance(bots["Cat"], BigMoneyPlayer)


@pytest.mark.parametrize(
    "levels,why",
    [
        ({"Bob": "godlike"}, "a computer level is unknown"),
        ({"Alice": "hard"}, "the computer levels are not for computer players"),
        (["hard"], "the computer levels are not for computer players"),
    ],
)
def test_computer_levels_in_a_save_are_checked(tmp_path: Path, levels, why: str) -> None:
    path = tmp_path / "levels.json"
    raw = {
        "format": "dominion-tui save",
        "version": 1,
        "config": {"players": ["Alice", "Bob"], "kingdom": ["Barge"], "landscapes": [], "seed": 2},
        "computers": ["Bob"],
        "answers": [],
    }
    path.write_text(json.dumps({**raw, "levels": {"Bob": "bigmoney"}}))
    assert save.read(path).levels == {"Bob": "bigmoney"}
    path.write_text(json.dumps({**raw, "levels": levels}))
    with pytest.raises(save.SaveError, match="(?i)" + why):
        save.read(path)


# ---------------------------------------------------------------- 8. save FILE, names, stray files
@pytest.mark.parametrize(
    "target,said",
    [
        ("~nosuchuser9/x.json", "Could not save to ~nosuchuser9/x.json: there is no user nosuchuser9."),
        ("/proc/x.json", "Could not save to /proc/x.json: the folder /proc does not accept new files."),
        ("{tmp}/nowhere/x.json", "Could not save to {tmp}/nowhere/x.json: the folder {tmp}/nowhere does not exist."),
        ("{tmp}", "Could not save to {tmp}: {tmp} is a folder."),
    ],
)
def test_save_to_an_impossible_place_says_why_in_one_line(monkeypatch, capsys, tmp_path, target, said) -> None:
    if target == "/proc/x.json" and not os.path.exists("/proc/version"):
        pytest.skip("needs /proc")
    target, said = target.format(tmp=tmp_path), said.format(tmp=tmp_path)
    code, out, err = play(monkeypatch, capsys, tmp_path, GAME, [f"save {target}", "status", "quit"])
    assert code == 0, err
    assert said in out.splitlines()
    assert "Alice's action phase." in out.split(said)[1]  # and the game goes on
    assert not (tmp_path / "nowhere").exists()


def test_control_characters_never_reach_the_screen_in_a_player_name(monkeypatch, capsys, tmp_path) -> None:
    args = ["--players", "Al\x1b[2J\x07ice,B\nob", *GAME[2:]]
    code, out, err = play(monkeypatch, capsys, tmp_path, args, ["quit"])
    assert code == 0, err
    assert "Players: Al[2Jice, Bob." in out
    assert not any(ch in out for ch in "\x1b\x07")


def test_temporary_files_left_by_a_killed_game_are_removed_at_start(monkeypatch, capsys, tmp_path) -> None:
    folder = tmp_path / "dominion-tui"
    folder.mkdir()
    stray = folder / ".save-kill9.tmp"
    stray.write_text("{")
    os.utime(stray, (time.time() - 3600, time.time() - 3600))
    play(monkeypatch, capsys, tmp_path, GAME, ["quit"])
    assert not stray.exists()
    assert (folder / "autosave.json").exists()


def test_answers_that_do_not_fit_are_refused_before_a_word_and_the_autosave_stays(
    monkeypatch, capsys, tmp_path
) -> None:
    mine = saved_game(monkeypatch, capsys, tmp_path)
    waiting = (tmp_path / "data" / "dominion-tui" / "autosave.json").read_bytes()
    bad = tweak(mine, "bad.json", lambda r: r["answers"].append({"verb": "buy", "name": "Province", "n": 1}))
    code, out, err = play(monkeypatch, capsys, tmp_path / "data", ["--resume", str(bad)], ["quit"])
    assert (code, out) == (2, "") and "do not fit this game" in err
    assert (tmp_path / "data" / "dominion-tui" / "autosave.json").read_bytes() == waiting


def test_a_resumed_game_does_not_retell_what_the_last_saved_answer_did(monkeypatch, capsys, tmp_path) -> None:
    mine = saved_game(monkeypatch, capsys, tmp_path)  # Alice's last answer drew her next hand
    code, out, err = play(monkeypatch, capsys, tmp_path / "data", ["--resume", str(mine)], ["quit"])
    assert code == 0, err
    assert "Alice draws" not in out  # Bob is at the keyboard now: Alice's hand is hers
    assert (
        out.index("Players: Alice, Bob.")
        < out.index("Resuming: Bob's turn 1, buy phase.")
        < out.index("Pass the keyboard to Bob")
    )
