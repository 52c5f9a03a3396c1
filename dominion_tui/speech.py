"""Optional speech: pyttsx3 in its own spawned process, killed to interrupt.

Why a process: engine.stop() from another thread deadlocks and runAndWait() blocks, so the
prompt must never wait on the engine; killing the process is the only reliable interrupt.
Why spawn: a forked child hangs if the parent ever used the engine.
Everything the engine prints (aplay/ALSA errors) is sent to os.devnull in the child, so a
screen reader never reads it; failures come back as one line for the caller to print.
Speech that would not be heard (no sound device, no espeak-ng, no voice) is not started: the
line says why, and what to do.
"""

from __future__ import annotations

import difflib
import importlib.util
import multiprocessing
import multiprocessing.queues
import os
import queue
import shutil
import signal
import sys
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Protocol

from .narration import and_list

STARTUP_TIMEOUT = 3.0
Problem = tuple[str, str]  # why speech cannot be heard, and what to do about it
NO_PACKAGE: Problem = ("pyttsx3 is not installed", "install it with pip install pyttsx3")
NO_ENGINE: Problem = ("espeak-ng is not installed", "install espeak-ng")
NO_VOICE: Problem = ("the speech engine has no voice", "install a voice (espeak-ng-data on Linux)")
NO_APLAY: Problem = ("aplay is not installed", "install alsa-utils")
NO_DEVICE: Problem = ("no sound device was found", "connect a sound device")
SOUND_CARDS = Path("/proc/asound/cards")  # ALSA's list of sound cards on Linux
_ctx = multiprocessing.get_context("spawn")


def cannot_hear(problems: list[Problem]) -> str:
    """One line: that speech cannot be heard, every reason why, and what to do."""
    whys, fixes = and_list([p[0] for p in problems]), and_list([p[1] for p in problems])
    return f"Speech cannot be heard: {whys}. Speech stays off; to hear it, {fixes}, then type speech on."


def sound_server() -> bool:
    """A PulseAudio or PipeWire server to play through, even where no sound card is listed."""
    if os.environ.get("PULSE_SERVER"):
        return True
    run = os.environ.get("XDG_RUNTIME_DIR")
    return (
        run is not None
        and bool(run)
        and any(os.path.exists(os.path.join(run, n)) for n in ("pulse/native", "pipewire-0"))
    )


def sound_problems(driver: str | None = None) -> list[Problem]:
    """Why what pyttsx3's espeak driver says could not be heard here: it plays through `aplay`,
    to a sound card. Only on Linux, and only for that driver (others play their own way)."""
    if not sys.platform.startswith("linux") or driver not in (None, "espeak"):
        return []
    problems = []
    if not sound_server():
        try:
            cards = SOUND_CARDS.read_text(errors="replace")
        except OSError:  # no ALSA here at all (a container, a server)
            cards = ""
        if not any(line.split()[:1] and line.split()[0].isdigit() for line in cards.splitlines()):
            problems.append(NO_DEVICE)  # " 0 [PCH ]: HDA-Intel ..." per card; "--- no soundcards ---"
    if shutil.which("aplay") is None:
        problems.append(NO_APLAY)
    return problems


class Speaker(Protocol):
    def say(self, text: str) -> None: ...
    def interrupt(self) -> None: ...
    def configure(self, rate: int | None = None, volume: float | None = None, voice: str | None = None) -> None: ...
    def close(self) -> None: ...


class NullSpeaker:
    """Speech off: every call does nothing."""

    def say(self, text: str) -> None:
        pass

    def interrupt(self) -> None:
        pass

    def configure(self, rate: int | None = None, volume: float | None = None, voice: str | None = None) -> None:
        pass

    def close(self) -> None:
        pass


@dataclass
class RecordingSpeaker:
    """For tests: what would have been spoken."""

    said: list[str] = field(default_factory=list)
    interrupts: int = 0
    settings: dict[str, Any] = field(default_factory=dict)
    closed: bool = False

    def say(self, text: str) -> None:
        self.said.append(text)

    def interrupt(self) -> None:
        self.interrupts += 1

    def configure(self, rate: int | None = None, volume: float | None = None, voice: str | None = None) -> None:
        self.settings.update(_settings(rate, volume, voice))

    def close(self) -> None:
        self.closed = True


def _settings(rate: int | None, volume: float | None, voice: str | None) -> dict[str, Any]:
    new: dict[str, Any] = {}
    if rate is not None:
        new["rate"] = max(20, int(rate))
    if volume is not None:
        new["volume"] = min(1.0, max(0.0, float(volume)))
    if voice is not None:
        new["voice"] = voice
    return new


def _why(exc: BaseException) -> Problem:
    """Why pyttsx3.init() failed."""
    if isinstance(exc, (ImportError, RuntimeError, OSError)):  # RuntimeError: no espeak library
        return NO_ENGINE
    detail = " ".join(f"{type(exc).__name__}: {exc}".split())
    return f"the speech engine failed to start ({detail})", "check its installation"


def find_voice(wanted: str, voices: list[tuple[str, str]]) -> tuple[str, str] | None:
    """The (id, name) asked for: by id, by name, else the one name that contains the words."""
    low = wanted.lower()
    return (
        next((v for v in voices if v[0].lower() == low), None)
        or next((v for v in voices if v[1].lower() == low), None)
        or next((v for v in voices if low in v[1].lower()), None)
    )


def _quiet_child() -> None:
    # fds, not sys.stdout: aplay and the C library write to fd 1 and 2 directly.
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (1, 2):
        os.dup2(devnull, fd)
    # Own process group: Ctrl-C at the prompt spares speech, and killpg also reaches aplay.
    if hasattr(os, "setpgrp"):  # POSIX only; on Windows the child is killed on its own
        os.setpgrp()


def _apply(engine: Any, settings: dict[str, Any]) -> None:
    for name in ("rate", "volume"):
        if name in settings:
            try:
                engine.setProperty(name, settings[name])
            except Exception:  # a bad value must not stop speech
                pass
    wanted = str(settings.get("voice", ""))
    if not wanted:
        return
    try:
        match = find_voice(wanted, [(str(v.id), str(v.name or "")) for v in engine.getProperty("voices")])
        if match is not None:
            engine.setProperty("voice", match[0])
    except Exception:  # some drivers (even "dummy") fail here; keep the current voice
        pass


def _ready(engine: Any) -> Any:
    """ "ready", or NO_VOICE for an engine without a single voice (espeak-ng without its data)."""
    try:
        voiceless = not list(engine.getProperty("voices"))
    except Exception:  # a driver that cannot list its voices may still speak
        voiceless = False
    return NO_VOICE if voiceless else "ready"


def _child(driver: str | None, settings: dict[str, Any], inbox: Any, status: Connection, spoken: Any) -> None:
    """Runs in the spawned process: report "ready" or why not, then speak what arrives."""
    _quiet_child()
    parent = os.getppid()
    try:
        import pyttsx3  # type: ignore[import-untyped]
    except ImportError:
        status.send(NO_PACKAGE)
        return
    try:
        engine = pyttsx3.init(driver)
    except BaseException as exc:
        status.send(_why(exc))
        return
    status.send(_ready(engine))
    pending = dict(settings)
    while True:
        try:
            item = inbox.get(timeout=1.0)
        except queue.Empty:
            if os.getppid() != parent:  # the game died without closing us: do not linger
                return
            continue
        if item is None:
            return
        kind, value = item
        if kind == "config":
            pending.update(value)
            continue
        try:
            # An idle pyttsx3 runs commands at once, even runAndWait's own endLoop, and then the
            # loop never ends (dummy driver). Marked busy, all wait for the loop, as on first use.
            engine.proxy.setBusy(True)
            _apply(engine, pending)
            pending = {}
            engine.say(value)
            engine.runAndWait()
        except Exception:  # one bad sentence must not end speech for the rest of the game
            pass
        spoken.value += 1


class _Queue(multiprocessing.queues.Queue):  # type: ignore[type-arg]
    # Sentences still buffered when the child is killed fail with a broken pipe; the default
    # hook prints a traceback to the player's terminal.
    @staticmethod
    def _on_queue_feeder_error(e: BaseException, obj: object) -> None:
        pass


@dataclass
class _Child:
    """One speech process and its channels."""

    proc: Any
    inbox: Any
    status: Connection
    spoken: Any  # sentences finished; only the child writes it
    sent: int = 0

    def stop(self) -> None:
        if self.proc.pid is not None and hasattr(os, "killpg"):
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)  # the child and any aplay it started
            except OSError:
                pass  # the child has not made its group yet, or is gone
        self.proc.kill()
        self.proc.join(1.0)
        self.inbox.close()
        self.status.close()


class ProcessSpeaker:
    """pyttsx3 in a spawned process fed through a queue; interrupt() kills it.

    A spare child is kept warm after the first interrupt, so speech after new input starts at
    once instead of waiting for a new interpreter to import pyttsx3.
    """

    def __init__(self, driver: str | None = None) -> None:
        self.driver = driver
        self.settings: dict[str, Any] = {}  # kept here so a new child gets them too
        self.closed = False
        self._live = self._spawn()
        self._spare: _Child | None = None

    @property
    def pid(self) -> int | None:
        return self._live.proc.pid

    @property
    def spoken(self) -> int:
        """Sentences the current child has finished speaking (0 again after interrupt())."""
        return int(self._live.spoken.value)

    def _spawn(self) -> _Child:
        inbox = _Queue(ctx=_ctx)
        inbox.cancel_join_thread()  # at exit, never wait on sentences nobody will read
        status, child_end = _ctx.Pipe(duplex=False)
        spoken = _ctx.RawValue("i", 0)
        proc = _ctx.Process(
            target=_child,
            daemon=True,
            name="dominion-speech",
            args=(self.driver, dict(self.settings), inbox, child_end, spoken),
        )
        proc.start()
        child_end.close()
        return _Child(proc, inbox, status, spoken)

    def wait_ready(self, timeout: float = STARTUP_TIMEOUT) -> str | None:
        """None when the child said "ready", else one line saying why speech is off."""
        problem = self.problem(timeout)
        return None if problem is None else cannot_hear([problem])

    def problem(self, timeout: float = STARTUP_TIMEOUT) -> Problem | None:
        """None when the child said "ready", else why not and what to do."""
        try:
            if self._live.status.poll(timeout):
                answer = self._live.status.recv()
                return None if answer == "ready" else (str(answer[0]), str(answer[1]))
        except (EOFError, OSError):
            return "the speech engine stopped while starting", "check its installation"
        return f"the speech engine did not start within {timeout:g} seconds", "try again"

    def say(self, text: str) -> None:
        if not self.closed:
            self._live.sent += 1
            self._live.inbox.put(("say", text))  # handed to a feeder thread: never blocks

    def interrupt(self) -> None:
        # A child that was never given anything to say has nothing to cut: keep it.
        if self.closed or not self._live.sent:
            return
        self._live.stop()
        self._live = self._spare or self._spawn()
        self._spare = self._spawn()

    def configure(self, rate: int | None = None, volume: float | None = None, voice: str | None = None) -> None:
        new = _settings(rate, volume, voice)
        self.settings.update(new)
        if not self.closed:
            for child in (self._live, self._spare):
                if child is not None:
                    child.inbox.put(("config", new))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            for child in (self._live, self._spare):
                if child is not None:
                    child.stop()


def _pyttsx3_importable() -> bool:
    # Checked in the parent too, without importing: cheap, and tests can hide the package.
    try:
        return importlib.util.find_spec("pyttsx3") is not None
    except (ImportError, ValueError):
        return False


def start_speech(driver: str | None = None) -> tuple[Speaker, str | None]:
    """Return (speaker, None) when speech works and can be heard, else (NullSpeaker(), one line
    saying that it cannot be heard, every reason why, and what to do)."""
    sound = sound_problems(driver)
    if not _pyttsx3_importable():
        return NullSpeaker(), cannot_hear(sound + [NO_PACKAGE])
    try:
        speaker = ProcessSpeaker(driver)
    except Exception as exc:  # e.g. no processes or semaphores allowed here
        detail = " ".join(str(exc).split())
        return NullSpeaker(), cannot_hear(
            sound + [(f"the speech process could not start ({detail})", "check that this system allows new processes")]
        )
    problems = sound + [p for p in [speaker.problem()] if p]  # the engine is asked even without sound
    if problems:
        speaker.close()
        return NullSpeaker(), cannot_hear(problems)
    return speaker, None


def _voices_child(driver: str | None, out: Connection) -> None:
    _quiet_child()
    try:
        import pyttsx3

        out.send([(str(v.id), str(v.name or v.id)) for v in pyttsx3.init(driver).getProperty("voices")])
    except BaseException:
        out.send([])


def list_voices(driver: str | None = None) -> list[str]:
    """Voice names, best effort: [] on any failure. Asked in a child, so nothing is printed."""
    return [name for _, name in voices(driver)]


def voice_line(wanted: str, known: list[tuple[str, str]], few: int = 5) -> tuple[str | None, str]:
    """`speech voice NAME`: (the voice id to use or None, the line that says so). An unknown
    name is said, with a few voices: the nearest names first."""
    from .narration import quoted

    match = find_voice(wanted, known)
    if match is not None:
        return match[0], f"Speech voice {match[1]}."
    if not known:
        return None, f"No voice named '{quoted(wanted)}': no voices can be found here."
    names = sorted({name for _, name in known})
    near = difflib.get_close_matches(wanted, names, n=few, cutoff=0.4)
    shown = near + [n for n in names if n not in near][: few - len(near)]
    return None, f"No voice named '{quoted(wanted)}'. Voices include {', '.join(shown)} ({len(names)} in all)."


def voices(driver: str | None = None) -> list[tuple[str, str]]:
    """(id, name) of each voice, best effort: [] on any failure. Asked in a child, so nothing is printed."""
    if not _pyttsx3_importable():
        return []
    result, child_end = _ctx.Pipe(duplex=False)
    try:
        proc = _ctx.Process(target=_voices_child, args=(driver, child_end), daemon=True)
        proc.start()
        child_end.close()
        found = result.recv() if result.poll(STARTUP_TIMEOUT) else []
        proc.kill()
        proc.join(1.0)
        return [(str(i), str(n)) for i, n in found]
    except Exception:
        return []
    finally:
        result.close()
        child_end.close()
