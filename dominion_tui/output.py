"""Where sentences go: the terminal (rich, or plain lines), speech, a transcript, the log.

Every sink receives the same sentences. Only whole lines are written; in plain mode no escape
sequence of any kind; in colour, colour only repeats what the words already say.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TextIO

from .core.events import Note
from .narration import CLAUSES, Narrator, combine, count, grouped

# What every level says, about anyone: what changed hands or piles, and what others did to you.
ALWAYS = {
    "turn",
    "game_over",
    "pile_empty",
    "gain",
    "gain_fail",
    "buy",
    "cube",
    "trash",
    "exile",
    "exile_fail",
    "unexile",
    "artifact",
    "coffers",
    "villagers",
    "spend",
    "duration",
    "return",
    "play_aside",
    "set_aside_by_game",
    "trigger",
    "react",
    "phase_back",
    "final_round",
    "extra_turn",
    "stalled",
}
# Details of your own turn that normal adds to brief (you typed the move; `status` tells the rest).
OWN_DETAIL = {"play", "plus", "shuffle", "to_hand", "auto"}
# What normal says of other players' turns besides ALWAYS: what they played and showed.
OTHERS_NORMAL = {
    "play",
    "reveal",
    "discard",
    "to_hand",
    "to_deck",
    "set_aside",
    "replay",
    "name",
    "invest_draw",
    "tokens",
    "lost",
    "not_done",
}
LEVELS = ("brief", "normal", "verbose")
MIN_WIDTH = 10  # narrower than this, breaking between words helps nobody: the terminal breaks lines
ITEM_END = (",", ";", ":", ".")  # a word ending so ends a list item or a sentence: break there first


def wants(level: str, note: Note, viewer: str | None) -> bool:
    """Brief: what changed for everyone and your own cards. Normal: also your counters and
    what others played. Verbose: everything, your phases and new hands, others' draws too."""
    if note.kind == "bought_nothing":  # the player who typed `end` knows
        return viewer is not None and note.player != viewer
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
    """One line for a play and what it did: a run of Treasures, or another player's plays whose
    effects this level does not tell ("Bot plays Sheepdog, 3 Coppers, Silver, 7 coins in total."),
    or one card (a reaction, an answer) with its effects after it ("Ann plays Sheepdog: draws 2
    Coppers; +1 Action."). `head` is that card's own sentence, when it is not a run of plays."""

    player: str | None
    cards: list[str] = field(default_factory=list)
    coins: int | None = None
    head: str | None = None
    notes: list[Note] = field(default_factory=list)
    card: str | None = None  # the card a reaction's head names: its play is that reaction
    unless_heard: bool = False  # an echoed yes: said only if nothing it did is heard
    label: str | None = None  # a trigger's ("Rob's Flag Bearer."): not said alone, it did nothing heard
    echo: bool = False  # an answer echoed: a play it makes says it ("Ann reacts with Sheepdog.")
    only: frozenset[str] | None = None  # the kinds of note it takes (a Treasure's: not Clean-up's shuffle)

    def add(self, note: Note) -> None:
        merged = combine(self.notes[-1], note) if self.notes else None
        if merged is not None:
            self.notes[-1] = merged
        else:
            self.notes.append(note)

    def line(self, narrator: Narrator) -> str:
        clauses = [c for c in map(narrator.clause, self.notes) if c]
        if self.head is not None:
            base = self.head
        else:
            base = f"{self.player} plays {grouped(self.cards)}"
            if self.coins is not None and clauses:  # the coins last: the total after what the card did
                clauses.append(f"{count(self.coins, 'coin')} in total")
            elif self.coins is not None:
                base += f", {count(self.coins, 'coin')} in total"
        return base + (": " + "; ".join(clauses) if clauses else "") + "."


@dataclass
class Heap:
    """One player's notes of one kind in a row, told in one line ("Bot discards 2 Coppers,
    Silver.", "Ann spends 3 Coffers for 3 coins, 5 coins in total, 0 Coffers left.") instead of a
    line each: whatever `combine` joins."""

    note: Note
    lines: list[str]

    def takes(self, note: Note, narrator: Narrator) -> bool:
        merged = combine(self.note, note)
        if merged is None:
            return False
        self.note, self.lines = merged, narrator.note(merged)
        return True


# What a Treasure does beyond its coins (Stockpile, Spices, Ducat, Supplies); not a shuffle or a
# draw, which come after the Treasures (Clean-up), not from them
TREASURE_DID = frozenset({"plus", "exile", "gain", "coffers", "villagers", "return", "to_deck"})
PROJECT_DID = frozenset({"cube"})  # a Project bought: its cube, not Clean-up's shuffle after it
HEAPED = {"discard", "spend", "exile", "gain", "gain_fail", "exile_fail", "to_hand", "to_deck", "trash"}


class Teller:
    """What one listener hears of a stream of notes at one level: a play and what it did in one
    line, runs of plays and of like notes folded."""

    def __init__(self, narrator: Narrator, level: str) -> None:
        self.narrator, self.level = narrator, level
        self.run: Run | None = None
        self.heap: Heap | None = None

    def note(self, note: Note, lines: list[str]) -> list[str]:
        viewer = self.narrator.viewer
        want = wants(self.level, note, viewer)
        if self.run is not None and self.run.unless_heard and want:
            self.run = None  # what the yes did is heard: the echo is not needed
        if self.heap is not None:
            if not want:
                return []  # unsaid anyway: the heap goes on
            if self.heap.takes(note, self.narrator):
                return []
            return self.flush() + self.note(note, lines)
        run = self.run
        if run is not None and note.player == run.player and want and self.last_card_did(run, note):
            out = self.flush()  # "Al plays Copper, Stockpile, 4 coins in total." then what the Stockpile did
            self.run = Run(note.player, head=f"{note.player}'s {run.cards[-1]}", only=TREASURE_DID)
            self.run.add(note)
            return out
        if run is not None and note.player == run.player and want and self.part_of(run, note):
            run.add(note)  # what the play did, in its line
            return []
        if note.kind in HEAPED and len(lines) == 1 and want and not note.data.get("bought"):
            out = self.flush()  # the plays that caused them first
            self.heap = Heap(note, lines)
            return out
        return self.told(note, lines, viewer, want)

    def part_of(self, run: Run, note: Note) -> bool:
        """Something the play did, told in its line: not a move of its own (a buy), nor the coins
        a run of Treasures sums up."""
        d = note.data
        if note.kind not in CLAUSES or d.get("bought") or d.get("new_hand"):
            return False
        if run.only is not None and note.kind not in run.only:
            return False
        if run.head is None and (len(run.cards) > 1 or note.kind == "plus" and d["what"] == "coins"):
            return False  # which of the cards did it? said on its own
        return self.narrator.clause(note) is not None

    def last_card_did(self, run: Run, note: Note) -> bool:
        """Something the last of a run of Treasures did beyond its coins (Stockpile's +1 Buy and
        Exile): told in a line of its own, named by that card, not a line per note."""
        d = note.data
        if run.head is not None or len(run.cards) < 2 or note.kind not in TREASURE_DID or d.get("bought"):
            return False
        return not (note.kind == "plus" and d["what"] == "coins") and self.narrator.clause(note) is not None

    def told(self, note: Note, lines: list[str], viewer: str | None, want: bool) -> list[str]:
        run = self.run
        if (
            run is not None
            and note.player == run.player
            and note.kind == "play"
            and run.card == note.data["card"]
            and not note.data.get("way")
        ):
            return []  # "Bot reacts with Black Cat." is its play
        if self.joins(note, viewer):
            fresh = run is None or run.player != note.player or run.head is not None or run.notes
            out = self.flush() if fresh else []
            only = TREASURE_DID if note.data.get("treasure") else None  # Clean-up's shuffle is no Copper's
            self.run = Run(note.player, only=only) if fresh or run is None else run
            self.run.cards.append(note.data["card"])
            return out
        if run is not None and note.player == run.player:
            if note.kind == "plus" and note.data["what"] == "coins" and run.head is None:
                run.coins = note.data["total"]
                return []
            if not want and note.kind in ("play", "replay"):
                return self.flush()  # another card, unsaid: what follows is not this one's doing
            if not want and note.kind == "bought_nothing":
                return self.flush()  # the Buy phase is over: Clean-up's shuffle is no card's doing
            if not want:
                return []  # unsaid anyway: the run goes on
        project = note.kind == "buy" and note.data.get("what") == "project"  # its cube joins its line
        if want and len(lines) == 1 and (note.kind in ("play", "react", "trigger", "duration") or project):
            if run is not None and run.echo and not run.notes and note.player == run.player:
                self.run = None  # the answer was this play: said once, by the play
            out = self.flush()  # a card's line: what it does joins it
            card = note.data["label"] if note.kind == "react" else None
            only = PROJECT_DID if project else None
            label = note.data["label"] if note.kind == "trigger" else None
            self.run = Run(note.player, head=lines[0].rstrip("."), card=card, label=label, only=only)
            return out
        said = lines if want else []
        heard = want and run is not None and note.player == run.player  # what the trigger did
        return self.flush(heard) + said  # the run first: cause before effect

    def done(self, note: Note) -> list[str]:
        """A trigger has finished: its line is said, or nothing if it did nothing heard."""
        run = self.run
        if run is not None and run.label is not None and run.player == note.player:
            return self.flush()
        return []

    def answer(self, player: str, line: str, unless_heard: bool = False) -> None:
        """An answer echoed: what it makes happen joins its line ("Ann chooses now: draws 3 cards.").
        `unless_heard`: a yes is echoed only if nothing it made happen is heard ("Ann exiles a
        Copper." says it), and what follows is not joined to it."""
        self.run = Run(player, head=line.rstrip("."), unless_heard=unless_heard, echo=True)

    def joins(self, note: Note, viewer: str | None) -> bool:
        d = note.data
        if note.kind != "play" or d.get("way"):
            return False
        mine = viewer is None or note.player == viewer
        if mine:
            return bool(d.get("treasure"))  # your Treasures, even at brief: they are your coins
        if d.get("attack") and self.level == "brief":
            return False  # alone: brief does not say the Treasures whose coins a run would sum
        return wants(self.level, note, viewer)  # an attack too: what it does to you comes after

    def flush(self, heard: bool = False) -> list[str]:
        """What is gathered, said; `heard`: the trigger gathered did something heard next."""
        run, self.run = self.run, None
        heap, self.heap = self.heap, None
        if run is not None and run.label is not None and not run.notes and not heard:
            run = None  # a trigger that did nothing heard is not named alone
        out = [run.line(self.narrator)] if run and (run.cards or run.head is not None) else []
        return out + (heap.lines if heap else [])


def named(question: str, player: str, label: str) -> bool:
    """Whether a question begins by naming the card that asks it ("Al: Cathedral: trash ...",
    "Al: Gatekeeper (Bo): ...")."""
    head = f"{player}: {label}"
    return question.startswith(head) and question[len(head) : len(head) + 2] in (": ", " (")


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
        del self.history[mark + self.prepended :]

    def keep(self, note: Note) -> None:
        """A note of a replay, kept for the log unrendered: nothing is said while answers replay,
        so building its sentences now would be work thrown away (issue 12: resume)."""
        self.history.append(note)
        self.teller.run = None

    def note(self, note: Note) -> None:
        if note.kind == "trigger_done":  # says nothing itself: closes the trigger's line
            lines = self.teller.done(note) if not self.muted else []
            for line in lines:
                self.tell(line)
            return
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
            if transcript is not None:
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

    def end_batch(self, asks: bool = False, question: str | None = None) -> None:
        """Before a prompt; `asks`: a question, which a trigger just named may be asking. A
        question that names that trigger's card to the player it is for (`question`, its first
        line: "Al: Cathedral: trash a card ...") says it: "Al's Cathedral." is not said first."""
        run = self.teller.run
        if (
            question
            and run is not None
            and run.player
            and run.label
            and not run.notes
            and self.narrator.viewer in (None, run.player)
            and named(question, run.player, run.label)
        ):
            self.teller.run = None
        for line in self.teller.flush(heard=asks):
            self.tell(line)

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

    def echo(self, player: str, line: str, unless_heard: bool = False) -> None:
        """The answer just typed, said with what it makes happen (see Teller.answer)."""
        self.flush()
        if self.muted:
            self.tell(line)
            return
        self.teller.answer(player, line, unless_heard)

    def question(self, lines: list[str]) -> None:
        for line in self.teller.flush(heard=True):  # a trigger's question is what it does
            self.tell(line)
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
