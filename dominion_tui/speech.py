"""Optional speech: pyttsx3 in its own spawned process, killed to interrupt.

Why a process: engine.stop() from another thread deadlocks and runAndWait() blocks, so the
prompt must never wait on the engine; killing the process is the only reliable interrupt.
Why spawn: a forked child hangs if the parent ever used the engine.
Everything the engine prints (aplay/ALSA errors) is sent to os.devnull in the child, so a
screen reader never reads it; failures come back as one line for the caller to print.
"""
from __future__ import annotations

import importlib.util
import multiprocessing
import multiprocessing.queues
import os
import queue
import signal
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, Protocol

STARTUP_TIMEOUT = 3.0
NO_PACKAGE = "Speech is off: pyttsx3 is not installed. Install it with: pip install pyttsx3"
NO_ENGINE = "Speech is off: no speech engine found (on Linux install espeak-ng)."
_ctx = multiprocessing.get_context("spawn")


class Speaker(Protocol):
    def say(self, text: str) -> None: ...
    def interrupt(self) -> None: ...
    def configure(self, rate: int | None = None, volume: float | None = None,
                  voice: str | None = None) -> None: ...
    def close(self) -> None: ...


class NullSpeaker:
    """Speech off: every call does nothing."""

    def say(self, text: str) -> None:
        pass

    def interrupt(self) -> None:
        pass

    def configure(self, rate: int | None = None, volume: float | None = None,
                  voice: str | None = None) -> None:
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

    def configure(self, rate: int | None = None, volume: float | None = None,
                  voice: str | None = None) -> None:
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


def _why(exc: BaseException) -> str:
    """One line telling the player why pyttsx3.init() failed."""
    if isinstance(exc, (ImportError, RuntimeError, OSError)):  # RuntimeError: no espeak library
        return NO_ENGINE
    detail = " ".join(f"{type(exc).__name__}: {exc}".split())
    return f"Speech is off: the speech engine failed to start ({detail})."


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
    wanted = str(settings.get("voice", "")).lower()
    if not wanted:
        return
    try:
        voices = list(engine.getProperty("voices"))
        match = (next((v for v in voices if v.id.lower() == wanted), None)
                 or next((v for v in voices if (v.name or "").lower() == wanted), None)
                 or next((v for v in voices if wanted in (v.name or "").lower()), None))
        if match is not None:
            engine.setProperty("voice", match.id)
    except Exception:  # some drivers (even "dummy") fail here; keep the current voice
        pass


def _child(driver: str | None, settings: dict[str, Any], inbox: Any, status: Connection,
           spoken: Any) -> None:
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
    status.send("ready")
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
        proc = _ctx.Process(target=_child, daemon=True, name="dominion-speech",
                            args=(self.driver, dict(self.settings), inbox, child_end, spoken))
        proc.start()
        child_end.close()
        return _Child(proc, inbox, status, spoken)

    def wait_ready(self, timeout: float = STARTUP_TIMEOUT) -> str | None:
        """None when the child said "ready", else one line saying why speech is off."""
        try:
            if self._live.status.poll(timeout):
                answer = self._live.status.recv()
                return None if answer == "ready" else str(answer)
        except (EOFError, OSError):
            return "Speech is off: the speech engine stopped while starting."
        return f"Speech is off: the speech engine did not start within {timeout:g} seconds."

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

    def configure(self, rate: int | None = None, volume: float | None = None,
                  voice: str | None = None) -> None:
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
    """Return (speaker, None) when speech works, else (NullSpeaker(), one-line message why not)."""
    if not _pyttsx3_importable():
        return NullSpeaker(), NO_PACKAGE
    try:
        speaker = ProcessSpeaker(driver)
    except Exception as exc:  # e.g. no processes or semaphores allowed here
        detail = " ".join(str(exc).split())
        return NullSpeaker(), f"Speech is off: could not start the speech process ({detail})."
    problem = speaker.wait_ready()
    if problem is not None:
        speaker.close()
        return NullSpeaker(), problem
    return speaker, None


def _voices_child(driver: str | None, out: Connection) -> None:
    _quiet_child()
    try:
        import pyttsx3
        out.send([str(v.name or v.id) for v in pyttsx3.init(driver).getProperty("voices")])
    except BaseException:
        out.send([])


def list_voices(driver: str | None = None) -> list[str]:
    """Voice names, best effort: [] on any failure. Asked in a child, so nothing is printed."""
    if not _pyttsx3_importable():
        return []
    result, child_end = _ctx.Pipe(duplex=False)
    try:
        proc = _ctx.Process(target=_voices_child, args=(driver, child_end), daemon=True)
        proc.start()
        child_end.close()
        voices = result.recv() if result.poll(STARTUP_TIMEOUT) else []
        proc.kill()
        proc.join(1.0)
        return list(voices)
    except Exception:
        return []
    finally:
        result.close()
        child_end.close()
