"""Issue 21 items 1, 6 and 7, and issue 19's 1-column terminal: speech that cannot be heard says
so, the hot-seat pause and resume, and reading (wrapping, setup costs, describe, buy with
Treasures unplayed, scenario --help). Each told as a player meets it: in a pseudo-terminal."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from dominion_tui import speech
from dominion_tui.output import Output, wrap
from dominion_tui.speech import NO_APLAY, NO_DEVICE, NO_ENGINE, NO_VOICE, NullSpeaker

GAME = ["--players", "Alice,Bob", "--kingdom", "Barge", "--landscapes", "", "--seed", "2"]
LONG = [
    "--players",
    "Alice,Bob",
    "--kingdom",
    "Village Green,Border Guard,Black Cat,Silk Merchant,"
    "Mountain Village,Bounty Hunter,Camel Train,Snowy Village,Cargo Ship,Flag Bearer",
    "--landscapes",
    "Way of the Sheep,Sinister Plot,Seize the Day",
    "--seed",
    "2",
    "--no-pause",
]
MULTI = [
    "Village Green",
    "Border Guard",
    "Black Cat",
    "Silk Merchant",
    "Mountain Village",
    "Bounty Hunter",
    "Camel Train",
    "Snowy Village",
    "Cargo Ship",
    "Flag Bearer",
    "Way of the Sheep",
    "Sinister Plot",
    "Seize the Day",
]


def env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "XDG_DATA_HOME": str(tmp_path), "TERM": "xterm", **extra}


def spawn(tmp_path: Path, args: list[str], rows: int = 24, cols: int = 80, **extra: str) -> pexpect.spawn:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "dominion_tui", *args],
        env=env(tmp_path, **extra),
        encoding="utf-8",
        timeout=30,
        dimensions=(rows, cols),
    )
    child.logfile_read = io.StringIO()
    return child


def finish(child: pexpect.spawn) -> str:
    child.expect(pexpect.EOF)
    child.close()
    text = child.logfile_read.getvalue()
    assert child.exitstatus == 0, text
    assert "Traceback" not in text and "went wrong" not in text
    return text


def rows(text: str) -> list[str]:
    return [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", r) for r in text.replace("\r\n", "\n").split("\n")]


# ---------------------------------------------------------------- 1. speech that cannot be heard
@pytest.fixture
def linux_without_sound(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A Linux machine with aplay and no sound card, nor a sound server: each test adds what it fakes."""
    cards = tmp_path / "cards"
    cards.write_text("--- no soundcards ---\n")
    monkeypatch.setattr(speech.sys, "platform", "linux")
    monkeypatch.setattr(speech, "SOUND_CARDS", cards)
    monkeypatch.setattr(speech.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.delenv("PULSE_SERVER", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    return cards


def test_no_sound_card_no_aplay_and_a_sound_server_are_each_seen(
    linux_without_sound: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert speech.sound_problems() == [NO_DEVICE]
    assert speech.sound_problems("dummy") == []  # a driver that plays nothing needs no sound card
    linux_without_sound.write_text(" 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n")
    assert speech.sound_problems() == []
    linux_without_sound.unlink()  # no ALSA at all
    assert speech.sound_problems() == [NO_DEVICE]
    (tmp_path / "run" / "pulse").mkdir(parents=True)
    (tmp_path / "run" / "pulse" / "native").write_text("")
    assert speech.sound_problems() == []  # PulseAudio or PipeWire plays it
    monkeypatch.setattr(speech.shutil, "which", lambda name: None)
    assert speech.sound_problems() == [NO_APLAY]


def test_each_reason_is_said_in_one_line_with_what_to_do() -> None:
    for problem, why, do in [
        (NO_DEVICE, "no sound device was found", "connect a sound device"),
        (NO_APLAY, "aplay is not installed", "install alsa-utils"),
        (NO_ENGINE, "espeak-ng is not installed", "install espeak-ng"),
        (NO_VOICE, "the speech engine has no voice", "install a voice"),
    ]:
        line = speech.cannot_hear([problem])
        assert line.startswith(f"Speech cannot be heard: {why}. Speech stays off; to hear it, {do}")
        assert line.endswith("then type speech on.") and "\n" not in line
    both = speech.cannot_hear([NO_DEVICE, NO_ENGINE])
    assert "no sound device was found and espeak-ng is not installed" in both
    assert speech._why(RuntimeError("This means you probably do not have eSpeak")) == NO_ENGINE


def test_an_engine_without_a_voice_is_not_ready() -> None:
    class Engine:
        def __init__(self, voices: list) -> None:
            self.voices = voices

        def getProperty(self, name: str) -> list:
            return self.voices

    assert speech._ready(Engine([])) == NO_VOICE
    assert speech._ready(Engine(["en"])) == "ready"


@pytest.mark.skipif(not speech._pyttsx3_importable(), reason="pyttsx3 is not installed")
def test_a_working_engine_with_no_sound_device_is_stopped_and_says_so(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(speech, "sound_problems", lambda driver=None: [NO_DEVICE])
    speaker, message = speech.start_speech("dummy")  # the engine starts; nobody would hear it
    assert isinstance(speaker, NullSpeaker)
    assert message == speech.cannot_hear([NO_DEVICE])
    assert capfd.readouterr() == ("", "")


def test_speech_voice_with_an_unknown_name_says_so_and_names_a_few(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = []
    known = [
        ("gmw/en", "English (Great Britain)"),
        ("gmw/en-US", "English (America)"),
        ("roa/fr", "French"),
        ("gmw/de", "German"),
        ("roa/es", "Spanish (Spain)"),
        ("roa/it", "Italian"),
        ("sit/cmn", "Chinese"),
    ]
    monkeypatch.setattr(speech, "voices", lambda driver=None: asked.append(1) or known)
    out = Output(stream=io.StringIO())
    assert (
        out.choose_voice("frnch") == "No voice named 'frnch'. Voices include French, Chinese, English (America), "
        "English (Great Britain), German (7 in all)."
    )
    assert out.voice_settings == {}
    assert out.choose_voice("german") == "Speech voice German."
    assert out.voice_settings == {"voice": "gmw/de"}
    assert out.choose_voice("english (america)") == "Speech voice English (America)."
    assert len(asked) == 1  # the engine is asked once
    monkeypatch.setattr(speech, "voices", lambda driver=None: [])
    assert Output(stream=io.StringIO()).choose_voice("Jane") == "No voice named 'Jane': no voices can be found here."


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="aplay and /proc/asound are Linux's")
def test_speech_flag_and_speech_on_say_once_why_speech_cannot_be_heard(tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"  # a PATH without aplay
    bin_dir.mkdir()
    child = spawn(tmp_path, ["--speech", "--plain", *GAME], cols=500, PATH=str(bin_dir))
    child.expect("Alice, action>")
    child.sendline("speech on")
    child.expect("Alice, action>")
    child.sendline("speech voice Zorblax")
    child.expect("No voice named 'Zorblax'")
    child.expect("Alice, action>")
    child.sendline("quit")
    lines = [r for r in rows(finish(child)) if "Speech" in r and "cannot be heard" in r]
    assert len(lines) == 2, lines  # once for --speech, once for speech on: never per sentence
    assert all(
        line.startswith("Speech cannot be heard: ")
        and "aplay is not installed" in line
        and "install alsa-utils" in line
        and line.endswith("then type speech on.")
        for line in lines
    )
    assert "Speech on." not in rows(child.logfile_read.getvalue())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="aplay and /proc/asound are Linux's")
@pytest.mark.skipif(not speech._pyttsx3_importable(), reason="pyttsx3 is not installed")
@pytest.mark.skipif(
    os.path.exists("/usr/lib/x86_64-linux-gnu/libespeak-ng.so.1")
    or any(__import__("ctypes.util").util.find_library(n) for n in ("espeak-ng", "espeak")),
    reason="espeak-ng is installed here",
)
def test_with_sound_but_no_espeak_the_line_names_espeak_only(tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "aplay").write_text("#!/bin/sh\nexit 0\n")
    (bin_dir / "aplay").chmod(0o755)
    child = spawn(tmp_path, ["--speech", "--plain", *GAME], cols=500, PATH=str(bin_dir), PULSE_SERVER="unix:/fake")
    child.expect("Alice, action>")
    child.sendline("quit")
    lines = [r for r in rows(finish(child)) if r.startswith("Speech cannot be heard")]
    assert lines == [speech.cannot_hear([NO_ENGINE])]


# ---------------------------------------------------------------- 6. the pause and resume
def test_at_the_pause_a_command_is_not_taken_for_enter_and_undo_takes_back_the_last_move(tmp_path: Path) -> None:
    child = spawn(tmp_path, GAME)
    child.expect("Alice, action>")
    child.sendline("treasures")
    child.expect("Alice, buy>")
    child.sendline("buy Silver")
    child.expect("Pass the keyboard to Bob, then press Enter.")
    child.expect("Press Enter>")
    child.sendline("hand")  # Alice's habit, or Bob's: it must not start Bob's turn
    child.expect("Press Enter to start Bob's turn, or type undo.")
    child.expect("Press Enter>")
    child.sendline("undo")
    child.expect("Alice takes back: buy Silver.")
    child.expect("Alice, buy>")
    child.sendline("buy Copper")
    child.expect("Alice buys and gains a Copper.")
    child.expect("Press Enter>")
    child.sendline("")
    child.expect("Bob's turn 1.")
    child.expect("Bob, action>")
    child.sendline("quit")
    text = rows(finish(child))
    assert not any("Silver" in r for r in text[text.index("Alice takes back: buy Silver.") + 1 :])
    assert not any(r.startswith("Bob's hand") for r in text)


def test_undo_at_the_pause_is_refused_when_it_told_a_card(tmp_path: Path) -> None:
    script = "treasures\nbuy Silver\nundo\n\nquit\n"  # verbose: Alice heard her next hand
    res = subprocess.run(
        [sys.executable, "-m", "dominion_tui", *GAME, "--verbosity", "verbose"],
        input=script,
        text=True,
        capture_output=True,
        env=env(tmp_path),
        timeout=60,
    )
    out = res.stdout.splitlines()
    assert "That answer revealed a card, so it cannot be undone." in out
    assert "Alice takes back: buy Silver." not in out and "Bob's turn 1." in out


def test_resuming_says_whose_turn_and_which_and_a_named_save_is_not_the_unfinished_game(tmp_path: Path) -> None:
    mine = tmp_path / "mine.json"
    first = subprocess.run(
        [sys.executable, "-m", "dominion_tui", *GAME],
        text=True,
        capture_output=True,
        input=f"treasures\nbuy Silver\n\nplay Copper\nsave {mine}\nquit\n",
        env=env(tmp_path),
        timeout=60,
    )
    assert first.returncode == 0, first.stderr
    child = spawn(tmp_path, ["--resume", str(mine)])
    child.expect("Resuming: Bob's turn 1, buy phase.")
    child.expect("Pass the keyboard to Bob, then press Enter.")
    child.sendline("")
    child.expect("Bob, buy>")
    child.sendline("quit")
    text = finish(child)
    assert "unfinished" not in text  # the autosave held this very game: nothing to keep aside
    assert not (tmp_path / "dominion-tui" / "previous.json").exists()


def test_resuming_a_named_save_keeps_this_games_autosave_when_it_went_further(tmp_path: Path) -> None:
    mine = tmp_path / "mine.json"
    subprocess.run(
        [sys.executable, "-m", "dominion_tui", *GAME, "--no-pause"],
        text=True,
        capture_output=True,
        input=f"save {mine}\ntreasures\nbuy Silver\nquit\n",
        env=env(tmp_path),
        timeout=60,
    )
    res = subprocess.run(
        [sys.executable, "-m", "dominion_tui", "--resume", str(mine)],
        text=True,
        capture_output=True,
        input="quit\n",
        env=env(tmp_path),
        timeout=60,
    )
    out = res.stdout.splitlines()
    assert f"This game's autosave, further on than {mine}, is kept: dominion --resume previous" in out
    assert "unfinished" not in res.stdout
    assert (tmp_path / "dominion-tui" / "previous.json").exists()


# ---------------------------------------------------------------- 7. reading
def broken_names(lines: list[str]) -> list[str]:
    """Card names split over two screen rows."""
    broken = []
    for a, b in zip(lines, lines[1:]):
        for name in MULTI:
            words = name.split()
            for k in range(1, len(words)):
                if a.rstrip().endswith(" ".join(words[:k])) and b.lstrip().startswith(" ".join(words[k:])):
                    broken.append(f"{a!r} / {b!r}")
    return broken


@pytest.mark.parametrize("flags", [["--plain"], []])
def test_wrapped_lines_break_between_list_items_never_inside_a_card_name(tmp_path: Path, flags) -> None:
    child = spawn(tmp_path, [*flags, *LONG], cols=34)
    child.expect("Alice, action>")
    child.sendline("kingdom")
    child.expect("Alice, action>")
    child.sendline("quit")
    text = rows(finish(child))
    kingdom = next(i for i, r in enumerate(text) if r.startswith("Kingdom: "))
    assert len(text[kingdom]) <= 33 and text[kingdom].endswith(",")  # it did wrap, after an item
    assert not broken_names(text), broken_names(text)
    said = " ".join(r.strip() for r in text)
    assert all(name in said for name in MULTI)


def test_wrap_is_safe_at_any_width() -> None:
    line = "Kingdom: Village Green, Border Guard, Way of the Sheep, Seize the Day, Black Cat."
    for width in (-5, 0, 1, 9):
        assert wrap(line, width) == [line]  # too narrow to help: the terminal breaks it
    assert wrap(line, 10**9) == [line]
    for width in range(10, 90):
        got = wrap(line, width)
        assert " ".join(got) == line and not broken_names(got)
        assert width < len("Way of the Sheep,") or all(len(r) <= width for r in got)


@pytest.mark.parametrize("flags,cols", [(["--plain"], 1), ([], 1), (["--plain"], 0)])
def test_a_one_column_terminal_plays_on(tmp_path: Path, flags, cols: int) -> None:
    child = spawn(tmp_path, [*flags, *LONG], cols=cols)
    child.expect("action>" if flags else "Kingdom")  # prompt_toolkit draws its prompt a letter a row
    child.sendline("quit")
    text = finish(child)
    assert "Village Green" in text.replace("\r\n", "")


def test_huge_columns_are_safe(tmp_path: Path) -> None:
    child = spawn(tmp_path, ["--plain", *LONG], COLUMNS="100000000")
    child.expect("Alice, action>")
    child.sendline("quit")
    text = rows(finish(child))
    assert any(r.startswith("Kingdom: ") and r.endswith("Village Green.") for r in text)


def test_the_setup_reading_gives_each_event_and_project_its_cost(tmp_path: Path) -> None:
    res = subprocess.run(
        [
            sys.executable,
            "-m",
            "dominion_tui",
            "--players",
            "Alice,Bob",
            "--kingdom",
            "Barge",
            "--landscapes",
            "Ride,Cathedral,Way of the Sheep",
            "--seed",
            "2",
        ],
        input="quit\n",
        text=True,
        capture_output=True,
        env=env(tmp_path),
        timeout=60,
    )
    out = res.stdout.splitlines()
    assert "Ride, 2 coins: Event. Gain a Horse." in out
    assert any(r.startswith("Cathedral, 3 coins: Project.") for r in out)
    assert any(r.startswith("Way of the Sheep: Way.") for r in out)  # a Way costs nothing


def test_describe_suggests_the_nearest_names_and_buy_plays_the_treasures_that_pay(tmp_path: Path) -> None:
    child = spawn(tmp_path, ["--plain", *GAME, "--no-pause"])
    child.expect("Alice, action>")
    child.sendline("describe provnce")
    child.expect_exact("No card named 'provnce'. Did you mean Province?")
    child.sendline("describe bordr gard")
    child.expect_exact("Did you mean Border Guard?")
    child.expect("Alice, action>")
    child.sendline("buy Gold")  # 4 Coppers make 4: not enough, and nothing is played
    child.expect_exact("Gold costs 6 and you have 0 coins, 4 with the 4 Treasures not played yet.")
    child.sendline("buy Silver")  # they pay for a Silver: played, then bought, one line typed
    child.expect_exact("Alice plays 4 Coppers, 4 coins in total.")
    child.expect_exact("Alice buys and gains a Silver.")
    child.expect("Bob, action>")
    child.sendline("end")
    child.expect("Bob, buy>")
    child.sendline("end")  # 3 Coppers still in hand: asked once
    child.expect_exact("3 Treasures not played yet. End your turn anyway? yes or no.")
    child.expect("Bob, yes or no>")
    child.sendline("no")
    child.expect("Bob, buy>")
    child.sendline("end")  # asked once a turn: now it ends
    child.expect("Alice, action>")
    child.sendline("autoplay off")
    child.expect_exact("autoplay off.")
    child.sendline("buy Silver")
    child.expect_exact("Silver costs 3 and you have 0 coins, 3 Treasures in your hand not played yet.")
    child.sendline("quit")
    text = rows(finish(child))
    assert text.count("3 Treasures not played yet. End your turn anyway? yes or no.") == 1


def test_scenario_help_prints_its_usage() -> None:
    res = subprocess.run(
        [sys.executable, "-m", "dominion_tui", "scenario", "--help"], text=True, capture_output=True, timeout=60
    )
    assert res.returncode == 0 and res.stdout.startswith("usage: dominion scenario PATH [PATH ...]")
    assert "Exit status: 0" in res.stdout and res.stderr == ""
    bare = subprocess.run(
        [sys.executable, "-m", "dominion_tui", "scenario"], text=True, capture_output=True, timeout=60
    )
    assert bare.returncode == 2 and "usage: dominion scenario" in bare.stderr


# ---------------------------------------------------------------- 2. the end and the piles, at a terminal
def test_emptied_piles_and_the_end_are_said_with_their_reasons_at_a_terminal(tmp_path: Path) -> None:
    """A whole game in a pseudo-terminal (computers in every seat): each emptied Supply pile is said
    with how many are empty, and Game over says why; nothing of the game is said after it."""
    child = spawn(
        tmp_path,
        ["--players", "Ann,Bob,Cat", "--computer", "Ann,Bob,Cat", "--seed", "10", "--kingdom", "random", "--plain"],
        cols=250,
    )
    lines = [r.strip() for r in rows(finish(child)) if r.strip()]
    emptied = [line for line in lines if re.match(r"The [A-Z][\w ]* pile is empty[;:]", line)]
    assert emptied, lines
    for line in emptied:
        assert re.fullmatch(
            r"The [\w ]+ pile is empty(; \d piles? (is|are) empty"
            r"(: one more empty pile ends the game|: the game ends after this turn)?"
            r"|: the game ends after this turn)\.",
            line,
        ), line
    over = next(i for i, line in enumerate(lines) if line.startswith("Game over."))
    assert re.match(r"Game over\. (The Provinces are gone|\d Supply piles are empty: [\w ,]+)\. ", lines[over])
    assert lines[over + 1].startswith("Scores: ") and len(lines) <= over + 3, lines[over:]
