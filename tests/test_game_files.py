"""The game's own files (issue 19): two games in one folder each keep their own, an undo survives a
kill, odd places and the player's files get one line, files are private and never written through
a link, and a save edited into a different game is said on resume."""

from __future__ import annotations

import io
import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from dominion_tui import cli, files, save
from dominion_tui.core.game import Config
from dominion_tui.output import Output
from dominion_tui.session import Session
from tests.processes import dominion
from tests.test_autosave_journal import Script

GAME = ["--players", "Alice,Bob", "--kingdom", "Barge", "--landscapes", "", "--seed", "2", "--no-pause"]
OTHER = ["--players", "Cat,Dan", "--kingdom", "Livery", "--landscapes", "", "--seed", "5", "--no-pause"]
TURN = ["treasures", "buy Silver", "end"]
POSIX = pytest.mark.skipif(os.name == "nt", reason="POSIX modes and links")


class Game:
    """`dominion ARGS` in a process of its own, fed a line at a time; its output read as it comes."""

    def __init__(self, data: Path, args: list[str]) -> None:
        env = {**os.environ, "XDG_DATA_HOME": str(data), "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dominion_tui", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
        )
        self.out = b""
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def read(self) -> None:
        assert self.proc.stdout is not None
        while True:
            chunk = self.proc.stdout.read1(4096)  # type: ignore[attr-defined]
            if not chunk:
                return
            self.out += chunk

    @property
    def text(self) -> str:
        return self.out.decode("utf-8", "replace")

    def wait_for(self, text: str, count: int = 1, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while self.text.count(text) < count:
            if self.proc.poll() is not None:  # it ended: all it said is read once the reader is done
                self.reader.join(timeout=10)
                assert self.text.count(text) >= count, f"ended without saying {text!r}:\n{self.text}"
                return
            assert time.monotonic() < end, f"never said {text!r}:\n{self.text}"
            time.sleep(0.05)

    def send(self, *lines: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("".join(line + "\n" for line in lines).encode())
        self.proc.stdin.flush()

    def finish(self, *lines: str) -> str:
        self.send(*lines)
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=60)
        self.reader.join(timeout=10)
        return self.text


def run(data: Path, args: list[str], lines: list[str]) -> subprocess.CompletedProcess:
    return dominion(args, "".join(x + "\n" for x in lines), data, timeout=90)


def folder(data: Path) -> Path:
    return data / "dominion-tui"


# ---------------------------------------------------------------- 1. two games in one folder
def test_two_games_at_once_each_keep_their_own_journal(tmp_path: Path) -> None:
    first = Game(tmp_path, GAME)
    first.wait_for("Alice, action>")
    first.send(*TURN)  # Alice's turn 1 saved, then Bob's turn begins
    first.wait_for("Bob, action>")
    second = Game(tmp_path, OTHER)  # started while the first is still being played
    second.wait_for("Cat, action>")
    second.send("treasures")
    second.wait_for("Cat, buy>")
    first.send(*TURN)  # the first game goes on while the second runs: its moves stay its own
    first.wait_for("Alice, action>", count=2)
    out2 = second.finish("quit")
    out1 = first.finish("quit")
    assert "The unfinished game is kept" not in out2  # nothing of the running game was moved
    assert "Game saved. Type dominion --resume autosave-2 to go on." in out2
    assert "Game saved. Type dominion --resume to go on." in out1
    one = save.read(folder(tmp_path) / "autosave.json")
    two = save.read(folder(tmp_path) / "autosave-2.json")
    assert one.config.players == ["Alice", "Bob"] and two.config.players == ["Cat", "Dan"]
    assert [a.verb for a in one.answers].count("end") >= 2 and "end" not in [a.verb for a in two.answers]
    assert not list(folder(tmp_path).glob("*.lock"))  # both games let go of their files

    # --resume asks which, newest first, each named by players, whose turn and kingdom
    res = run(tmp_path, ["--resume", "--no-pause"], ["2", "status", "quit"])
    lines = res.stdout.splitlines()
    assert "Which saved game? Enter for 1, the newest." in lines
    assert "1. Alice and Bob, Alice's turn 2: Barge." in lines  # quit last: the newest
    assert "2. Cat and Dan, Cat's turn 1: Livery." in lines
    assert "Game>" in res.stdout and "Cat, buy>" in res.stdout and res.returncode == 0, res.stderr
    assert "Game saved. Type dominion --resume autosave-2 to go on." in lines
    res = run(tmp_path, ["--no-pause"], ["", "", "quit"])  # no flags: the opening question offers them
    assert res.stdout.startswith("2 saved games are waiting. 1. resume one, 2. start a new game. Enter resumes.\n")
    assert "1. Cat and Dan, Cat's turn 1: Livery." in res.stdout  # saved last just now: the newest
    assert "Cat, buy>" in res.stdout
    res = run(tmp_path, ["--resume", "autosave-2"], ["quit"])  # the short name the quit line gave
    assert "Players: Cat, Dan." in res.stdout and "Resuming" in res.stdout and res.returncode == 0


def test_finishing_a_game_never_touches_another_games_file(tmp_path: Path) -> None:
    waiting = Game(tmp_path, GAME)  # a human game holds autosave.json
    waiting.wait_for("Alice, action>")
    waiting.send("treasures")
    waiting.wait_for("Alice, buy>")
    mine = folder(tmp_path) / "autosave.json"
    before = mine.read_bytes()
    bots = run(
        tmp_path,
        [
            "--players",
            "Cat,Dan",
            "--computer",
            "Cat,Dan",
            "--kingdom",
            "Barge",
            "--landscapes",
            "",
            "--seed",
            "4",
            "--no-pause",
        ],
        [],
    )
    assert "Game over." in bots.stdout and bots.returncode == 0, bots.stderr
    assert mine.read_bytes() == before  # the finished game removed only its own autosave-2.json
    assert not (folder(tmp_path) / "autosave-2.json").exists()
    out = waiting.finish("buy Silver", "quit")
    assert "Game saved. Type dominion --resume to go on." in out
    assert save.TurnAction("buy", "Silver") in save.read(mine).answers


def test_a_game_being_played_is_not_resumed_twice(tmp_path: Path) -> None:
    playing = Game(tmp_path, GAME)
    playing.wait_for("Alice, action>")
    playing.send("treasures")
    playing.wait_for("Alice, buy>")
    res = run(tmp_path, ["--resume"], ["quit"])
    assert res.returncode == 2 and res.stderr == "dominion: The saved game is being played now, in another window.\n"
    res = run(tmp_path, ["--resume", "autosave"], ["quit"])
    assert res.returncode == 2 and "is being played now, in another window." in res.stderr
    res = run(tmp_path, ["--no-pause"], ["", "", "", "1", "quit"])  # nothing to offer: a new game starts
    assert "A saved game is waiting" not in res.stdout and "Kingdom>" in res.stdout
    playing.finish("quit")


def test_a_resume_that_loses_its_game_to_a_new_one_started_that_moment_resumes_it_from_previous(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--resume` read the waiting autosave, then a new game claimed that file and kept the old game
    aside as previous.json before the resume could claim it: the resume goes on with previous.json
    (it used to say the game was being played in another window)."""
    res = run(tmp_path, GAME, [*TURN, "quit"])
    assert "Game saved." in res.stdout, res.stdout + res.stderr
    waiting = save.read(folder(tmp_path) / "autosave.json")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    real, others = cli.resume_save, []

    def raced(arg: str, out: Output, read: Any) -> Any:
        found = real(arg, out, read)
        if not others:  # the new game, started this moment: claims autosave.json, keeps ours aside
            others.append(cli.new_journal(Output(stream=io.StringIO())))
        return found

    monkeypatch.setattr(cli, "resume_save", raced)
    path, data, keep, claim = cli.claim_resumed("", Output(stream=io.StringIO()), lambda prompt: "")
    assert others[0][0] == folder(tmp_path) / "autosave.json" and others[0][1] is not None
    assert path == folder(tmp_path) / "previous.json" and not keep and claim is not None
    assert data.config == waiting.config and data.answers == waiting.answers
    claim.release()
    others[0][1].release()


# ---------------------------------------------------------------- 2. an undo survives a kill
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_an_undo_survives_a_kill_before_the_next_answer(tmp_path: Path) -> None:
    game = Game(tmp_path, GAME)
    game.wait_for("Alice, action>")
    game.send("treasures")
    game.wait_for("Alice, buy>")
    game.send("undo")
    game.wait_for("Alice takes back: treasures.")
    game.wait_for("Alice, action>", count=2)
    game.proc.send_signal(signal.SIGKILL)
    game.proc.wait(timeout=30)
    res = run(tmp_path, ["--resume", "--no-pause"], ["quit"])
    assert res.returncode == 0, res.stderr
    after = res.stdout[res.stdout.index("Resuming") :]
    assert "Alice, action>" in after and "Alice, buy>" not in after  # before the fix: at the buy
    assert save.read(folder(tmp_path) / "autosave.json").answers == []


def test_an_undo_is_in_the_journal_as_soon_as_it_is_made(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    seen: list[list[Any]] = []
    inodes: list[int] = []
    steps = [
        *TURN,
        "treasures",
        lambda: inodes.append(path.stat().st_ino),
        "undo",
        lambda: (seen.append(save.read(path).answers), inodes.append(path.stat().st_ino)),
        "quit",
    ]
    s = Session(
        Config(["Alice", "Bob"], ["Barge"], [], 2),
        Output(stream=io.StringIO()),
        Script(steps),
        save_path=path,
        pause=False,
    )
    s.run()
    assert seen == [s.game.answers]  # read before another answer was given
    assert inodes[0] == inodes[1] and '{"undo": ' in path.read_text()  # appended, not written anew


# ---------------------------------------------------------------- 4. a folder where a save should be
def test_resume_from_a_folder_says_one_line(tmp_path: Path) -> None:
    res = run(tmp_path, ["--resume", str(tmp_path)], [])
    assert res.returncode == 2 and res.stderr == f"dominion: {tmp_path} is a folder, not a save file.\n"
    assert res.stdout == ""


def test_a_folder_where_the_autosave_should_be(tmp_path: Path) -> None:
    (folder(tmp_path) / "autosave.json").mkdir(parents=True)
    res = run(tmp_path, ["--resume"], [])
    assert res.returncode == 2 and res.stderr.count("\n") == 1 and "No saved game" in res.stderr
    res = run(tmp_path, GAME, [*TURN, "quit"])  # a new game saves beside it, moving nothing
    assert res.returncode == 0 and "Game saved. Type dominion --resume autosave-2 to go on." in res.stdout
    assert (folder(tmp_path) / "autosave.json").is_dir() and not (folder(tmp_path) / "previous.json").exists()
    res = run(tmp_path, ["--resume"], ["quit"])
    assert res.returncode == 0 and "Resuming" in res.stdout


# ---------------------------------------------------------------- 5. the player's files
def play_here(monkeypatch, capsys, data: Path, args: list[str], lines: list[str]) -> tuple[int, str, str]:
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    code = cli.main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_save_never_replaces_a_file_that_is_not_a_save(monkeypatch, capsys, tmp_path: Path) -> None:
    notes = tmp_path / "my-notes.txt"
    notes.write_text("my notes\n")
    mine = tmp_path / "mine.json"
    code, out, _ = play_here(
        monkeypatch,
        capsys,
        tmp_path / "data",
        GAME,
        [f"save {notes}", f"save {mine}", "treasures", f"save {mine}", "quit"],
    )
    assert code == 0
    assert f"{notes} is not a dominion-tui save, so it is not replaced. Save to another name." in out.splitlines()
    assert notes.read_text() == "my notes\n"
    assert out.count(f"Game saved to {mine}.") == 2  # a save of this game is replaced, as before
    assert len(save.read(mine).answers) > 0


@pytest.mark.parametrize("command", ["save ", "speech voice "])
def test_a_huge_save_or_voice_argument_is_refused_without_echo(monkeypatch, capsys, tmp_path, command) -> None:
    huge = command + "x" * 1_000_000
    code, out, _ = play_here(monkeypatch, capsys, tmp_path / "data", GAME, [huge, "quit"])
    assert code == 0 and len(out) < 2000
    assert "That line is too long (1,000,0" in out or "That line is too long (10000" in out
    assert not list(tmp_path.glob("xxxx*"))


# ---------------------------------------------------------------- 6. permissions and links
@POSIX
def test_files_are_private_even_under_umask_0(monkeypatch, capsys, tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        monkeypatch.setattr(cli.Session, "treasures", lambda *a: 1 / 0)
        code, _, err = play_here(monkeypatch, capsys, tmp_path / "data", GAME, ["end", "treasures"])
    finally:
        os.umask(old)
    assert code == 1 and "crash.log" in err
    data = folder(tmp_path / "data")
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert stat.S_IMODE((tmp_path / "data").stat().st_mode) == 0o700  # a parent it made, too
    for name in ("autosave.json", "crash.log"):
        assert stat.S_IMODE((data / name).stat().st_mode) == 0o600, name


@POSIX
def test_a_new_transcript_is_private_under_umask_0(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        res = run(tmp_path, [*GAME, "--transcript", str(tmp_path / "t.txt")], ["quit"])
    finally:
        os.umask(old)
    assert res.returncode == 0 and stat.S_IMODE((tmp_path / "t.txt").stat().st_mode) == 0o600


@pytest.fixture(params=["O_NOFOLLOW", "descriptor check"])
def link_guard(request, monkeypatch) -> str:
    """Each link test runs twice: with O_NOFOLLOW, and as on Windows, which has none."""
    if request.param == "descriptor check":
        monkeypatch.setattr(files, "NOFOLLOW", 0)
    elif not files.NOFOLLOW:
        pytest.skip("no O_NOFOLLOW here")
    return request.param


@POSIX
def test_a_link_swapped_in_for_the_autosave_is_never_written_through(tmp_path: Path, link_guard) -> None:
    path = tmp_path / "autosave.json"
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")

    def swap() -> None:
        path.unlink()
        path.symlink_to(victim)

    s = Session(
        Config(["Alice", "Bob"], ["Barge"], [], 2),
        Output(stream=io.StringIO()),
        Script([*TURN, swap, *TURN, "quit"]),
        save_path=path,
        pause=False,
    )
    s.run()
    assert victim.read_text() == "precious\n"
    assert not path.is_symlink() and save.read(path).answers == s.game.answers  # the link replaced


@POSIX
def test_a_link_swapped_in_as_the_file_is_opened_is_refused(tmp_path: Path, monkeypatch) -> None:
    """Without O_NOFOLLOW, a link put in place between the look and the open is caught by
    comparing the opened file with the path."""
    monkeypatch.setattr(files, "NOFOLLOW", 0)
    victim, link = tmp_path / "victim.txt", tmp_path / "crash.log"
    victim.write_text("precious\n")
    link.symlink_to(victim)
    monkeypatch.setattr(files.os.path, "islink", lambda p: False)  # the look saw a file
    with pytest.raises(OSError, match="symbolic link"):
        files.open_private(link, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    assert victim.read_text() == "precious\n"


@POSIX
def test_crash_log_and_transcript_refuse_a_link(monkeypatch, capsys, tmp_path: Path, link_guard) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    folder(tmp_path / "data").mkdir(parents=True)
    (folder(tmp_path / "data") / "crash.log").symlink_to(victim)
    monkeypatch.setattr(cli.Session, "treasures", lambda *a: 1 / 0)
    code, _, err = play_here(monkeypatch, capsys, tmp_path / "data", GAME, ["end", "treasures"])
    assert code == 1 and "(could not write the crash log)" in err
    link = tmp_path / "t.txt"
    link.symlink_to(victim)
    code, out, err = play_here(monkeypatch, capsys, tmp_path / "data", [*GAME, "--transcript", str(link)], ["quit"])
    assert code == 2 and err == f"dominion: Cannot write the transcript {link}: it is a symbolic link.\n"
    assert victim.read_text() == "precious\n"


def test_locks_work_without_fcntl(monkeypatch, tmp_path: Path) -> None:
    """Where fcntl is missing (Windows), msvcrt locks; with neither, a game still plays and saves."""
    monkeypatch.setitem(sys.modules, "fcntl", None)
    monkeypatch.setitem(sys.modules, "msvcrt", None)
    claim = files.Claim.take(tmp_path / "autosave.json")
    assert claim is not None and (tmp_path / "autosave.json.lock").exists()
    claim.release()
    assert not (tmp_path / "autosave.json.lock").exists()


def test_a_claim_is_exclusive_within_one_process_too(tmp_path: Path) -> None:
    claim = files.Claim.take(tmp_path / "autosave.json")
    assert claim is not None
    assert files.Claim.take(tmp_path / "autosave.json") is None and files.Claim.held(tmp_path / "autosave.json")
    claim.release()
    assert not files.Claim.held(tmp_path / "autosave.json")


# ---------------------------------------------------------------- 8. a save edited into another game
def edit_answer(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_a_journal_edited_into_another_game_is_said_on_resume(tmp_path: Path) -> None:
    res = run(tmp_path, GAME, [*TURN, *TURN, "treasures", "quit"])
    assert res.returncode == 0
    res = run(tmp_path, ["--resume"], ["quit"])
    assert "Warning" not in res.stdout  # an honest save resumes without a word more
    journal = folder(tmp_path) / "autosave.json"
    edit_answer(journal, '"buy", "name": "Silver"', '"buy", "name": "Copper"')  # still fits: Copper costs 0
    res = run(tmp_path, ["--resume"], ["quit"])
    warning = (
        "Warning: this save does not lead to the game that was saved; it was changed by hand or made "
        "by another version. Playing on from where it leads."
    )
    assert res.returncode == 0 and res.stdout.splitlines().count(warning) == 1
    assert res.stdout.index(warning) < res.stdout.index("Resuming")
    res = run(tmp_path, ["--resume"], ["quit"])  # the autosave was written anew from where it led
    assert "Warning" not in res.stdout


def test_a_game_quit_at_the_hand_over_resumes_without_a_warning(tmp_path: Path) -> None:
    """Quit at "Pass the keyboard" comes as the next turn begins, before its question: no digest
    of that moment is kept, as a replay would only see it after the turn's start has run."""
    hot_seat = [a for a in GAME if a != "--no-pause"]
    res = run(tmp_path, hot_seat, ["treasures", "buy Silver", "quit"])
    assert "Pass the keyboard to Bob, then press Enter." in res.stdout
    res = run(tmp_path, ["--resume"], ["", "quit"])
    assert res.returncode == 0 and "Resuming" in res.stdout and "Warning" not in res.stdout


def test_a_named_save_edited_into_another_game_is_said_on_resume(tmp_path: Path) -> None:
    mine = tmp_path / "mine.json"
    res = run(tmp_path, GAME, [*TURN, *TURN, f"save {mine}", "quit"])
    assert res.returncode == 0 and "check" in json.loads(mine.read_text())
    edit_answer(mine, '"buy", "name": "Silver"', '"buy", "name": "Copper"')
    res = run(tmp_path, ["--resume", str(mine)], ["quit"])
    assert res.returncode == 0 and "Warning: this save does not lead to the game that was saved" in res.stdout


@pytest.mark.parametrize(
    "check,why",
    [
        ({"state": "zz", "at": 0, "turn": [0, 1]}, "a state digest is not a digest"),
        ({"state": "ab", "at": 99, "turn": [0, 1]}, "a state digest's place is out of range"),
        ({"state": "ab", "at": 0, "turn": [7, 1]}, "a state digest's player is out of range"),
        ({"state": "ab", "at": 0}, "a state digest has no turn"),
    ],
)
def test_a_damaged_state_digest_is_refused(tmp_path: Path, check, why: str) -> None:
    mine = tmp_path / "mine.json"
    save.write(mine, save.SaveData(Config(["Alice", "Bob"], ["Barge"], [], 2), []))
    raw = json.loads(mine.read_text())
    raw["check"] = check
    mine.write_text(json.dumps(raw))
    with pytest.raises(save.SaveError, match="(?i)" + why):
        save.read(mine)


@pytest.mark.parametrize("block", range(2))
def test_an_honest_save_replays_into_its_digest_in_random_games(tmp_path: Path, block: int) -> None:
    """The digest is taken live, after each answer; a replay checks it before that answer. Over
    random kingdoms and landscapes, with computer levels answering, an untouched save never warns."""
    from test_replay_state import Stop, StopAt, random_config

    from dominion_tui.core.game import SetupError
    from dominion_tui.session import Live

    try:  # the computer players' module is being moved into a package (issue 20)
        from dominion_tui.bots import RandomPlayer, make_player
    except ImportError:
        from dominion_tui.bots import RandomPlayer, make_player

    checked = 0
    for seed in range(block, 24, 2):
        config = random_config(seed)
        path = tmp_path / f"auto{seed}.json"
        s = Session(config, Output(stream=io.StringIO()), reader=None, save_path=path, pause=False)
        n = 20 + seed * 11
        try:
            game = s.build([])
            inner = [
                RandomPlayer(seed + i) if seed % 3 else make_player(("normal", "hard")[i % 2], seed + i)
                for i in s.replay.live
            ]
            s.replay.live = {i: StopAt(Live(s, inner[i]), n) for i in s.replay.live}
            game.run()
        except SetupError:
            continue
        except Stop:
            pass
        data = save.read(path)
        assert data.check is not None and data.check.at == len(data.answers) - 1
        again = Session(
            config,
            Output(stream=io.StringIO()),
            reader=None,
            save_path=None,
            pause=False,
            answers=data.answers,
            computer=RandomPlayer,
        )
        again.computers = list(config.players)
        again.check = data.check
        replayed = again.build(data.answers)
        again.replay.live = {i: StopAt(d, len(data.answers)) for i, d in again.replay.live.items()}
        try:
            replayed.run()
        except Stop:
            pass
        assert again.check is None and not again.mismatch, f"seed {seed}: an honest save warned"
        checked += 1
    assert checked >= 6


def test_an_undo_in_the_journal_takes_back_answers_and_the_digest_they_led_to(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    config = Config(["Alice", "Bob"], ["Barge"], [], 2)
    copper = save.TurnAction("play", "Copper")
    save.write(path, save.SaveData(config, [copper, copper, copper]), lines=True)

    def digest(at: int) -> str:
        return json.dumps({"state": "ab" * 12, "at": at, "turn": [0, 1]}) + "\n"

    whole = path.read_text()
    path.write_text(whole + digest(1) + '{"undo": 2}\n')
    data = save.read(path)
    assert data.answers == [copper, copper] and data.check is not None and data.check.at == 1
    path.write_text(whole + digest(3) + '{"undo": 2}\n')
    assert save.read(path).check is None  # the state after 3 answers was taken back
    path.write_text(whole + digest(3) + '{"undo": 2}\n' + json.dumps(save.encode(copper)) + "\n")
    assert save.read(path).answers == [copper, copper, copper]
    for bad, why in ((digest(9), "for answers the save does not have"), ('{"undo": 9}\n', "an undo is out of range")):
        path.write_text(whole + bad)
        with pytest.raises(save.SaveError, match=why):
            save.read(path)
