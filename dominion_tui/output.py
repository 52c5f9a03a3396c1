"""Where sentences go: the terminal (rich, or plain lines), speech, a transcript, the log.

Every sink receives the same sentences. Only whole lines are written; in plain mode no escape
sequence of any kind; in colour, colour only repeats what the words already say.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, Callable, TextIO

from .core.events import Note
from .narration import Narrator, grouped

# Announcements the accessibility notes require, shown even at the brief level.
REQUIRED = {"turn", "exile", "unexile", "exile_mat", "exile_fail", "artifact", "cube", "coffers",
            "villagers", "spend", "duration", "game_over", "return", "play_aside", "set_aside_by_game",
            "trigger", "phase_back",
            "gain_fail", "auto"}
# Details of other players' turns left out below the verbose level.
OPPONENT_DETAIL = {"draw", "shuffle", "plus", "phase"}
LEVELS = ("brief", "normal", "verbose")


def wants(level: str, note: Note, viewer: str | None) -> bool:
    if level == "verbose" or note.kind in REQUIRED:
        return True
    mine = viewer is None or note.player == viewer
    if level == "brief":
        if note.kind == "gain" and not note.data.get("supply"):  # Horse counts are required
            return True
        if note.kind in ("play", "gain", "buy", "trash") and note.data.get("way") is not None:
            return True
        return mine and note.kind not in ("shuffle",)
    return mine or note.kind not in OPPONENT_DETAIL


@dataclass
class Output:
    """Writes sentences to the player and to every other sink."""

    plain: bool = True
    stream: TextIO = field(default_factory=lambda: sys.stdout)
    level: str = "normal"
    speaker: Any = None
    transcript: TextIO | None = None
    narrator: Narrator = field(default_factory=Narrator)
    history: list[Note] = field(default_factory=list)  # rendered anew for whoever asks: privacy
    recent: list[str] = field(default_factory=list)  # said since the last answer: for "repeat"
    sinks: list[Callable[[str], None]] = field(default_factory=list)
    muted: bool = False
    voice_settings: dict[str, Any] = field(default_factory=dict)
    batch: list[tuple[str, str]] | None = None
    batch_total: int = 0

    def __post_init__(self) -> None:
        self.console = None
        if not self.plain:
            from rich.console import Console
            self.console = Console(file=self.stream, highlight=False, emoji=False, soft_wrap=True)

    def note(self, note: Note) -> None:
        lines = self.narrator.note(note)
        if not lines:
            return
        self.history.append(note)
        if self.batch is not None and not self.muted and self.batched(note):
            return
        if self.muted or not wants(self.level, note, self.narrator.viewer):
            return
        style = "bold" if note.kind in ("turn", "game_over") else None
        for line in lines:
            self.say(line, style)

    def say(self, line: str, style: str | None = None) -> None:
        """One announcement: to the screen, speech, any other sink, the transcript, "repeat"."""
        self.recent.append(line)
        self.emit(line, style)
        if self.transcript is not None:
            self.transcript.write(line + "\n")
            self.transcript.flush()

    def emit(self, line: str, style: str | None = None) -> None:
        """Screen, speech and sinks: what every line the player hears goes through."""
        self.write(line, style)
        if self.speaker is not None:
            self.speaker.say(line)
        for sink in self.sinks:
            sink(line)

    # ---- one line for a run of Treasures ("treasures" command)
    def begin_batch(self) -> None:
        self.batch, self.batch_total = [], 0

    def batched(self, note: Note) -> bool:
        if note.kind == "play":
            self.batch.append((note.player, note.data["card"]))
            return True
        if note.kind == "plus" and note.data["what"] == "coins":
            self.batch_total = note.data["total"]
            return True
        return False

    def end_batch(self) -> None:
        batch, self.batch = self.batch, None
        if batch:
            who = batch[0][0]
            self.say(f"{who} plays {grouped([c for _, c in batch])}, {self.batch_total} coins in total.")

    def log(self) -> list[str]:
        """Every announcement so far, as the player now at the keyboard may hear it."""
        return [line for note in self.history for line in self.narrator.note(note)]

    def question(self, lines: list[str]) -> None:
        for i, line in enumerate(lines):
            self.say(line, "bold" if i == 0 else None)

    def answered(self) -> None:
        self.recent = []

    def info(self, lines: list[str]) -> None:
        """Answers to queries: shown and spoken, not logged as game events."""
        for line in lines:
            self.emit(line)

    def write(self, line: str, style: str | None = None) -> None:
        if self.console is not None:
            self.console.print(line, style=style, markup=False)
        else:
            self.stream.write(line + "\n")
            self.stream.flush()

    # ---- speech
    def speech_on(self) -> str | None:
        """Start speech; the one-line reason when it cannot start."""
        if self.speaker is not None:
            return None
        from .speech import start_speech
        speaker, why = start_speech()
        if why:
            return why
        self.speaker = speaker
        if self.voice_settings:
            speaker.configure(**self.voice_settings)
        return None

    def speech_off(self) -> None:
        if self.speaker is not None:
            self.speaker.close()
            self.speaker = None

    def configure(self, **settings: Any) -> None:
        self.voice_settings.update(settings)
        if self.speaker is not None:
            self.speaker.configure(**settings)

    def interrupt(self) -> None:
        if self.speaker is not None:
            self.speaker.interrupt()
