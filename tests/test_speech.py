"""Speech: the recording fake, soft failure, and the spawned pyttsx3 process (dummy driver)."""

from __future__ import annotations

import ctypes.util
import os
import shutil
import sys
import time

import pytest

from dominion_tui import speech
from dominion_tui.speech import NullSpeaker, ProcessSpeaker, RecordingSpeaker, Speaker, list_voices, start_speech

HAS_PYTTSX3 = speech._pyttsx3_importable()
needs_pyttsx3 = pytest.mark.skipif(not HAS_PYTTSX3, reason="pyttsx3 is not installed")
ESPEAK_LIB = any(ctypes.util.find_library(n) for n in ("espeak-ng", "espeak"))


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_recording_speaker_records_sentences_interrupts_and_settings() -> None:
    s = RecordingSpeaker()
    typed: Speaker = s  # it satisfies the protocol the game uses
    typed.say("Turn 1: Ann.")
    s.say("You play Village.")
    s.interrupt()
    s.configure(rate=180, volume=2.0)
    assert s.said == ["Turn 1: Ann.", "You play Village."]
    assert s.interrupts == 1
    assert s.settings == {"rate": 180, "volume": 1.0}  # volume clipped to 0.0-1.0


def test_null_speaker_accepts_everything() -> None:
    s: Speaker = NullSpeaker()
    s.say("x")
    s.interrupt()
    s.configure(rate=100, volume=0.5, voice="en")
    s.close()


def test_missing_pyttsx3_gives_one_line_and_null_speaker(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pyttsx3", None)  # makes `import pyttsx3` fail
    speaker, message = start_speech()
    assert isinstance(speaker, NullSpeaker)
    assert message is not None and "Speech cannot be heard" in message and "pip install pyttsx3" in message
    assert "\n" not in message
    assert list_voices() == []
    assert capfd.readouterr() == ("", "")


@needs_pyttsx3
@pytest.mark.skipif(ESPEAK_LIB, reason="an espeak library is installed here")
def test_missing_engine_gives_one_line_without_hanging(capfd: pytest.CaptureFixture[str]) -> None:
    t = time.monotonic()
    speaker, message = start_speech()  # real default driver: espeak, absent on this machine
    assert time.monotonic() - t < 5
    assert isinstance(speaker, NullSpeaker)
    assert message is not None and message.startswith("Speech cannot be heard: ") and "\n" not in message
    assert "espeak-ng is not installed" in message and "install espeak-ng, then type speech on." in message
    assert capfd.readouterr() == ("", "")  # pyttsx3's traceback stayed in the child


@needs_pyttsx3
def test_startup_check_times_out_with_a_message() -> None:
    s = ProcessSpeaker("dummy")
    try:
        message = s.wait_ready(timeout=0.0)  # a spawned child cannot be ready that fast
        assert message is not None and message.startswith("Speech cannot be heard") and "seconds" in message
    finally:
        s.close()


@needs_pyttsx3
def test_process_speaker_with_dummy_driver(capfd: pytest.CaptureFixture[str]) -> None:
    speaker, message = start_speech("dummy")
    assert message is None
    assert isinstance(speaker, ProcessSpeaker)
    first = speaker.pid
    assert first is not None and not gone(first)

    t = time.perf_counter()
    for i in range(20):
        speaker.say(f"Sentence {i}.")
    assert time.perf_counter() - t < 0.05

    speaker.configure(rate=150, volume=0.5, voice="Jane")
    t = time.perf_counter()
    speaker.interrupt()
    assert time.perf_counter() - t < 0.5
    assert speaker.pid != first and gone(first)
    assert speaker.wait_ready() is None  # the fresh child works, with the kept settings
    assert speaker.settings == {"rate": 150, "volume": 0.5, "voice": "Jane"}

    speaker.say("After the interrupt.")
    second = speaker.pid
    assert second is not None
    speaker.close()
    assert gone(second)
    speaker.say("ignored after close")
    speaker.close()
    assert capfd.readouterr() == ("", "")


@needs_pyttsx3
def test_child_speaks_sentence_after_sentence(capfd: pytest.CaptureFixture[str]) -> None:
    s = ProcessSpeaker("dummy")
    try:
        assert s.wait_ready() is None
        s.say("One.")
        s.configure(rate=120)
        s.say("Two.")
        s.configure(voice="Jane", volume=0.2)
        s.say("Three.")
        deadline = time.monotonic() + 10  # the dummy driver sleeps 0.5 s per sentence
        while s.spoken < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert s.spoken == 3  # pyttsx3's run loop did not hang on the second sentence
        s.interrupt()
        assert s.spoken == 0
    finally:
        s.close()
    assert capfd.readouterr() == ("", "")


@needs_pyttsx3
def test_settings_apply_to_a_dummy_engine() -> None:
    import pyttsx3  # type: ignore[import-untyped]

    engine = pyttsx3.init("dummy")
    speech._apply(engine, {"rate": 120, "volume": 0.25, "voice": "jimmy"})  # voice: no raise
    engine.runAndWait()  # pyttsx3 queues property changes until its loop runs
    assert engine.getProperty("rate") == 120
    assert engine.getProperty("volume") == 0.25


@needs_pyttsx3
def test_list_voices_with_dummy_driver(capfd: pytest.CaptureFixture[str]) -> None:
    assert list_voices("dummy") == ["John Doe", "Jane Doe", "Jimmy Doe"]
    assert list_voices("no-such-driver") == []
    assert capfd.readouterr() == ("", "")


@needs_pyttsx3
@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_real_engine_reports_ready(capfd: pytest.CaptureFixture[str]) -> None:
    speaker, message = start_speech()
    try:
        assert message is None, message
        speaker.say("Speech test.")
    finally:
        speaker.close()
    assert capfd.readouterr() == ("", "")
