"""Where sentences go: the terminal (rich, or plain lines), speech, a transcript, the log.

Every sink receives the same sentences. Only whole lines are written; in plain mode no escape
sequence of any kind; in colour, colour only repeats what the words already say.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, TextIO

from .core.events import Note
from .narration import Narrator, count, discard_source, grouped

# What every level says, about anyone: what changed hands or piles, and what others did to you.
ALWAYS = {"turn", "game_over", "gain", "gain_fail", "buy", "cube", "trash", "exile", "exile_fail",
          "unexile", "artifact", "coffers", "villagers", "spend", "duration", "return",
          "play_aside", "set_aside_by_game", "trigger", "react", "phase_back", "final_round",
          "extra_turn"}
# Details of your own turn that normal adds to brief (you typed the move; `status` tells the rest).
OWN_DETAIL = {"play", "plus", "shuffle", "to_hand", "auto"}
# What normal says of other players' turns besides ALWAYS: what they played and showed.
OTHERS_NORMAL = {"play", "reveal", "discard", "to_hand", "to_deck", "set_aside", "replay", "name",
                 "invest_draw", "tokens"}
LEVELS = ("brief", "normal", "verbose")
MIN_WIDTH = 10  # narrower than this, breaking between words helps nobody: the terminal breaks lines
ITEM_END = (",", ";", ":", ".")  # a word ending so ends a list item or a sentence: break there first


def wants(level: str, note: Note, viewer: str | None) -> bool:
    """Brief: what changed for everyone and your own cards. Normal: also your counters and
    what others played. Verbose: everything, your phases and new hands, others' draws too."""
    if note.kind == "react" and viewer is not None and note.player == viewer:
        return False  # they were asked, and their answer was said
    if level == "verbose" or note.kind in ALWAYS:
        return True
    d = note.data
    if note.kind == "phase" or (note.kind == "draw" and d.get("new_hand")):
        return False  # the prompt names the phase; the next turn's status tells the hand
    mine = viewer is None or note.player == viewer
    if note.kind == "play" and (d.get("way") or (d.get("attack") and not mine)):
        return True  # a Way used, an attack on you
    if level == "brief":
        return mine and note.kind not in OWN_DETAIL
    return mine or note.kind in OTHERS_NORMAL


@dataclass
class Run:
    """Plays told in one line: a run of Treasures, or another player's plays whose effects
    this level does not tell ("Bot plays Sheepdog, 3 Coppers, Silver, 7 coins in total.")."""

    player: str | None
    cards: list[str] = field(default_factory=list)
    coins: int | None = None

    def line(self) -> str:
        total = f", {count(self.coins, 'coin')} in total" if self.coins is not None else ""
        return f"{self.player} plays {grouped(self.cards)}{total}."


@dataclass
class Heap:
    """One player's discards in a row, told in one line ("Bot discards 2 Coppers, Silver.")
    instead of a line per card; a single discard keeps its own sentence."""

    player: str | None
    src: Any
    first: str
    cards: list[str] = field(default_factory=list)

    def takes(self, note: Note) -> bool:
        return note.kind == "discard" and note.player == self.player and note.data.get("src") == self.src

    def line(self) -> str:
        if len(self.cards) == 1:
            return self.first
        return f"{self.player} discards {grouped(self.cards)}{discard_source(self.src)}."


class Teller:
    """What one listener hears of a stream of notes at one level, runs of plays and of
    discards folded."""

    def __init__(self, narrator: Narrator, level: str) -> None:
        self.narrator, self.level = narrator, level
        self.run: Run | None = None
        self.heap: Heap | None = None

    def note(self, note: Note, lines: list[str]) -> list[str]:
        viewer = self.narrator.viewer
        if self.heap is not None:
            if not wants(self.level, note, viewer):
                return []  # unsaid anyway: the discards go on
            if self.heap.takes(note):
                self.heap.cards.append(note.data["card"])
                return []
            return self.flush() + self.note(note, lines)
        if note.kind == "discard" and len(lines) == 1 and wants(self.level, note, viewer):
            out = self.flush()  # the plays that caused them first
            self.heap = Heap(note.player, note.data.get("src"), lines[0], [note.data["card"]])
            return out
        return self.told(note, lines, viewer)

    def told(self, note: Note, lines: list[str], viewer: str | None) -> list[str]:
        run = self.run
        if self.joins(note, viewer):
            out = self.flush() if run is not None and run.player != note.player else []
            self.run = self.run or Run(note.player)
            self.run.cards.append(note.data["card"])
            return out
        if run is not None and note.player == run.player:
            if note.kind == "plus" and note.data["what"] == "coins":
                run.coins = note.data["total"]
                return []
            if not wants(self.level, note, viewer):
                return []  # unsaid anyway: the run goes on
        said = lines if wants(self.level, note, viewer) else []
        return self.flush() + said  # the run first: cause before effect

    def joins(self, note: Note, viewer: str | None) -> bool:
        d = note.data
        if note.kind != "play" or d.get("way"):
            return False
        mine = viewer is None or note.player == viewer
        if mine:
            return bool(d.get("treasure"))  # your Treasures, even at brief: they are your coins
        return not d.get("attack") and wants(self.level, note, viewer)

    def flush(self) -> list[str]:
        run, self.run = self.run, None
        heap, self.heap = self.heap, None
        return ([run.line()] if run and run.cards else []) + ([heap.line()] if heap else [])


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
    known_voices: list[tuple[str, str]] | None = None  # (id, name) of the engine's voices, once asked

    def __post_init__(self) -> None:
        self.console = None
        self.teller = Teller(self.narrator, self.level)
        # A replay is heard only near its end; what the game said before is made again (by
        # replaying without a word) only when the log is asked for (issue 12: resume).
        self.earlier: Callable[[], list[Note]] | None = None
        self.prepended = 0  # notes put before the history since it began: marks stay valid
        self.after: list[str] = []  # lines said once the teller has told what it holds (see then)
        if not self.plain:
            from rich.console import Console
            # Lines are wrapped by `wrap` (between list items, never inside a card name) and
            # printed with soft_wrap: left to the terminal they break mid-word, and Speakup reads
            # screen lines.
            self.console = Console(file=self.stream, highlight=False, emoji=False, soft_wrap=False)

    def forget(self) -> None:
        """A game rebuilt from its setup: its notes start again."""
        self.history.clear()
        self.earlier, self.prepended = None, 0

    def notes(self) -> list[Note]:
        """Every note so far, those of a replay's unheard part made the first time they are asked for."""
        if self.earlier is not None:
            made, self.earlier = self.earlier(), None
            self.history[:0] = made
            self.prepended += len(made)
        return self.history

    def mark(self) -> int:
        """Where the history ends now, as `cut` takes it back to, whatever is put before it meanwhile."""
        return len(self.history) - self.prepended

    def cut(self, mark: int) -> None:
        del self.history[mark + self.prepended:]

    def keep(self, note: Note) -> None:
        """A note of a replay, kept for the log unrendered: nothing is said while answers replay,
        so building its sentences now would be work thrown away (issue 12: resume)."""
        self.history.append(note)
        self.teller.run = None

    def note(self, note: Note) -> None:
        lines = self.narrator.note(note)
        if not lines:
            return
        self.history.append(note)
        if self.muted:
            self.teller.run = self.teller.heap = None
            return
        self.teller.narrator, self.teller.level = self.narrator, self.level
        style = "bold" if note.kind in ("turn", "game_over") else None
        for line in self.teller.note(note, lines):  # in order: the teller flushed what came before
            self.tell(line, style if line in lines else None)

    def flush(self) -> None:
        """Say a run of plays still being gathered, before anything else is said."""
        for line in self.teller.flush():
            self.tell(line)

    def say(self, line: str, style: str | None = None) -> None:
        """One announcement: to the screen, speech, any other sink, the transcript, "repeat"."""
        self.flush()
        self.tell(line, style)

    def tell(self, line: str, style: str | None = None) -> None:
        self.recent.append(line)
        self.emit(line, style)
        if self.transcript is not None:
            try:
                self.transcript.write(line + "\n")
                self.transcript.flush()
            except OSError as e:  # a full disk ends the transcript, never the game
                self.stop_transcript(e)
        after, self.after = self.after, []
        for line in after:  # the line they follow was the teller's: cause before effect
            self.tell(line)

    def then(self, line: str) -> None:
        """Say `line` after the line of the note just given, which the teller may still hold (a
        run of plays, a heap of discards): now if it holds nothing, else right after it is told."""
        if self.muted:
            return
        if self.teller.run is None and self.teller.heap is None:
            self.tell(line)
        else:
            self.after.append(line)

    def stop_transcript(self, e: OSError) -> None:
        transcript, self.transcript = self.transcript, None
        try:
            transcript.close()
        except OSError:
            pass  # close flushes again and fails again; the file is closed all the same
        self.emit(f"Transcript stopped: {(e.strerror or str(e)).lower()}.")

    def emit(self, line: str, style: str | None = None) -> None:
        """Screen, speech and sinks: what every line the player hears goes through."""
        self.write(line, style)
        if self.speaker is not None:
            self.speaker.say(line)
        for sink in self.sinks:
            sink(line)

    # ---- runs of plays are gathered by the Teller; these remain for the session's calls
    def begin_batch(self) -> None:
        pass

    def end_batch(self) -> None:
        self.flush()

    def log(self) -> list[str]:
        """Every announcement so far, as the player now at the keyboard may hear it, every
        level's detail included, runs of Treasures summed up in one line per run."""
        return self.render(self.notes())

    def render(self, notes: list[Note]) -> list[str]:
        """Notes as the log tells them: every level's detail, runs of plays folded."""
        teller, out = Teller(self.narrator, "verbose"), []
        for note in notes:
            lines = self.narrator.note(note)
            if lines:  # a replay keeps notes unrendered: those that say nothing are skipped here
                out += teller.note(note, lines)
        return out + teller.flush()

    def last(self, n: int) -> list[str]:
        """The last `n` lines of `log`, rendering only the turns they come from: a turn's first
        note ends any run of plays before it, so a render from there ends as the whole one does."""
        notes, step = self.notes(), 64
        while True:
            cut = max(0, len(notes) - step)
            while cut > 0 and notes[cut].kind != "turn":
                cut -= 1
            out = self.render(notes[cut:])
            if cut == 0 or len(out) >= n:
                return out[-n:] if n > 0 else []
            step *= 2

    def question(self, lines: list[str]) -> None:
        for i, line in enumerate(lines):
            self.say(line, "bold" if i == 0 else None)

    def answered(self) -> None:
        self.recent = []

    def info(self, lines: list[str]) -> None:
        """Answers to queries: shown and spoken, not logged as game events."""
        self.flush()
        for line in lines:
            self.emit(line)

    def write(self, line: str, style: str | None = None) -> None:
        if self.console is not None:  # wrapped here, as in plain mode: rich would break card names
            text = "\n".join(wrap(line, self.console.width - 1))
            self.console.print(text, style=style, markup=False, soft_wrap=True)
        else:
            self.stream.write("\n".join(self.wrapped(line)) + "\n")
            self.stream.flush()

    def wrapped(self, line: str) -> list[str]:
        """At a terminal, lines break between list items at its width; to a pipe, one line each."""
        isatty = getattr(self.stream, "isatty", None)
        if not (isatty and isatty()):
            return [line]
        import shutil
        return wrap(line, shutil.get_terminal_size().columns - 1)

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

    def choose_voice(self, wanted: str) -> str:
        """`speech voice NAME`: the voice when this engine has it, else one line naming a few."""
        from .speech import voice_line, voices
        if self.known_voices is None:  # asked of the engine once: it takes a process
            self.known_voices = voices()
        voice, line = voice_line(wanted, self.known_voices)
        if voice is not None:
            self.configure(voice=voice)
        return line

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


@lru_cache(maxsize=1)
def card_names() -> re.Pattern[str] | None:
    """Every name of more than one word ("Village Green", "Way of the Sheep"), longest first."""
    from .setup import database
    names = sorted((n for n in database().defs if " " in n), key=len, reverse=True)
    return re.compile("|".join(re.escape(n) for n in names)) if names else None


def wrap(line: str, width: int) -> list[str]:
    """`line` in lines of at most `width` characters where it can be: broken between list items
    (after a comma, semicolon, colon or full stop) when the next item fits on a line of its own,
    else between words; never inside a card name, nor inside a word. Any width is safe."""
    if width < MIN_WIDTH or len(line) <= width:
        return [line]
    names = card_names()
    glued = names.sub(lambda m: m.group().replace(" ", "\x00"), line) if names else line
    items: list[list[str]] = [[]]
    for word in glued.split():
        items[-1].append(word)
        if word.endswith(ITEM_END):
            items.append([])
    lines: list[str] = []
    cur = ""
    for item in filter(None, items):
        text = " ".join(item)
        if cur and len(cur) + 1 + len(text) > width and len(text) <= width:
            lines.append(cur)  # the whole item on the next line
            cur = ""
        for word in item:
            if cur and len(cur) + 1 + len(word) > width:
                lines.append(cur)
                cur = word
            else:
                cur = f"{cur} {word}" if cur else word
    lines.append(cur)
    return [x.replace("\x00", " ") for x in lines]
