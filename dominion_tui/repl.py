"""Reading lines: prompt_toolkit at a terminal, plain lines otherwise.

prompt_toolkit is set up as the accessibility guide advises: a plain PromptSession (never
full-screen), no cursor position requests, no space reserved for a menu, readline-like
completion that a screen reader hears as plain text.
"""
from __future__ import annotations

import os
import sys
import threading
from typing import Any, Callable, Iterable

from .core.decisions import Decision
from .core.game import Game
from .core.model import Card

COMMANDS = ["play", "buy", "end", "treasures", "villager", "coffers", "hand", "supply", "status",
            "others", "exile", "trash", "describe", "kingdom", "log", "repeat", "score", "undo",
            "save", "speech", "ways", "autoend", "autoplay", "tips", "rules", "help", "quit"]
UNREADABLE = "That line is not UTF-8 text; nothing was done."
CONTROL = "That line holds a terminal control code; nothing was done."
TAKES_ARGUMENT = {"play", "buy", "villager", "coffers", "describe", "log", "save", "speech", "help",
                  "ways", "autoend", "autoplay", "tips", "rules"}


class QuitRequest(Exception):
    """The player typed quit at a prompt, or the input ended: the game stops and says so."""


class Meanwhile:
    """Work to do while the first prompt waits for the player: it runs in a thread once the prompt
    is out, and is finished before the line typed there is handed back, so nothing the game does
    ever runs beside it (issue 12: the cards and the session load while the first question is
    heard, not before it)."""

    def __init__(self, work: Callable[[], None] | None = None) -> None:
        self.work = work
        self.thread: threading.Thread | None = None

    def start(self, *_: Any) -> None:
        work, self.work = self.work, None
        if work is not None:
            self.thread = threading.Thread(target=self.quietly, args=(work,), daemon=True)
            self.thread.start()

    @staticmethod
    def quietly(work: Callable[[], None]) -> None:
        try:
            work()
        except Exception:  # whatever failed here fails again where it is needed, and is told there
            pass

    def finish(self) -> None:
        thread, self.thread = self.thread, None
        if thread is not None:
            thread.join()


def name_parts(name: str) -> list[str]:
    """A name and each of its later parts: "ox" and "the ox" fit Way of the Ox."""
    words = name.lower().split()
    return [" ".join(words[i:]) for i in range(len(words))]


def suggestions(game: Game | None, d: Decision | None, text: str) -> list[str]:
    """Completions that make sense now for the text before the cursor (whole words)."""
    if game is None or d is None:
        return []
    low = text.lower()
    verb, sep, rest = low.partition(" ")
    if d.kind == "turn":
        if not sep:  # like readline, a word that takes more is completed with its space
            return [c + (" " if c in TAKES_ARGUMENT else "") for c in COMMANDS if c.startswith(low)]
        if verb == "play" and " as " in rest:  # "play Sheepdog as o" -> "... as Way of the Ox"
            card, _, way = rest.rpartition(" as ")
            typed = text[:len(verb) + 1 + len(card)]
            return [f"{typed} as {w}" for w in ["normal"] + [x.name for x in game.ways]
                    if any(part.startswith(way) for part in name_parts(w))]
        if verb == "play":
            names = sorted({c.name for c in d.player.hand.cards})
        elif verb == "buy":
            names = game.buyable_names()
        elif verb == "rules":
            from .rules_topics import TOPICS
            names = list(TOPICS)
        elif verb in ("ways", "autoend", "autoplay", "tips"):
            names = ["ask", "typed"] if verb == "ways" else ["on", "off"]
        elif verb in ("describe", "help"):
            names = sorted(game.db.defs) if verb == "describe" else COMMANDS
        else:
            return []
        return [f"{verb} {n}" for n in names if n.lower().startswith(rest)]
    if d.max > 1 and d.kind != "yesno":  # several picks: complete the last one, "Estate, E"
        return pick_suggestions(d, text)
    labels = [o.label for o in d.options] + (["none"] if d.may_decline else [])
    if d.kind == "yesno":
        labels = ["yes", "no"]
    labels += [c for c in ("hand", "status", "repeat", "help") if c not in labels]
    return [lbl for lbl in dict.fromkeys(labels) if lbl.lower().startswith(low)]


def pick_suggestions(d: Decision, text: str) -> list[str]:
    """The last of several comma-separated picks completed, a count and a name too ("3 Est" ->
    "3 Estates"), the picks before it kept as typed."""
    head, comma, part = text.rpartition(",")
    before = head + ", " if comma else ""
    part = part.lstrip().lower()
    n, sep, name = part.partition(" ")
    if sep and n.isdigit() and d.kind == "cards":
        forms = {o.label: o.value.defn.plural_name if n != "1" and isinstance(o.value, Card) else o.label
                 for o in d.options}
        return [f"{before}{n} {f}" for f in dict.fromkeys(forms.values()) if f.lower().startswith(name)]
    labels = [o.label for o in d.options]
    if not comma:
        labels += (["none"] if d.may_decline else []) + ["hand", "status", "repeat", "help"]
    return [before + lbl for lbl in dict.fromkeys(labels) if lbl.lower().startswith(part)]


def undecodable(line: str) -> bool:
    """Bytes that were not text arrive as lone surrogates (errors="surrogateescape")."""
    return any("\udc80" <= ch <= "\udcff" for ch in line)


def refusal(line: str) -> str | None:
    """Why a line read with readline is refused: a stray byte, or a control code that reached the
    line (readline eats most escape sequences, but not one typed after Ctrl+V, nor any when
    readline is missing). prompt_toolkit never puts one in a line: it reads them as keys."""
    if undecodable(line):
        return UNREADABLE
    if any((ch < " " and ch != "\t") or ch == "\x7f" for ch in line):
        return CONTROL
    return None


class PlainReader:
    """Plain lines from any stream: no prompt_toolkit, no escape sequences."""

    def __init__(self, stream: Any = None, out: Any = None) -> None:
        self.stream = stream or sys.stdin
        self.out = out or sys.stdout
        self.context: tuple[Game | None, Decision | None] = (None, None)
        if hasattr(self.stream, "reconfigure"):  # a bad byte must not end the game (strict UTF-8)
            self.stream.reconfigure(errors="surrogateescape")

    def read(self, prompt: str) -> str:
        while True:
            self.out.write(prompt + "\n")  # whole lines only, for scripts and screen readers
            self.out.flush()
            line = self.stream.readline()
            if not line:
                raise EOFError
            if not undecodable(line):
                return line.rstrip("\r\n")
            self.out.write(UNREADABLE + "\n")


class LineReader:
    """A terminal without any cursor code: the standard library's readline for history and
    tab completion, told the terminal is "dumb" so that editing a line moves the cursor with
    plain backspaces and never with escape sequences (--plain)."""

    def __init__(self) -> None:
        term = os.environ.get("TERM")
        os.environ["TERM"] = "dumb"  # readline reads the terminal type once, when loaded
        try:
            import readline
        except ImportError:  # no readline (some Windows Pythons): plain input() still works
            readline = None
        finally:
            if term is None:
                del os.environ["TERM"]
            else:
                os.environ["TERM"] = term
        self.context: tuple[Game | None, Decision | None] = (None, None)
        self.meanwhile = Meanwhile()
        self.matches: list[str] = []
        if readline is not None:
            readline.set_completer_delims("")  # complete the whole line: "buy Si" -> "buy Silver"
            readline.set_completer(self.complete)
            readline.parse_and_bind("set enable-bracketed-paste off")
            readline.parse_and_bind("tab: complete")
        self.readline = readline

    def complete(self, text: str, state: int) -> str | None:
        if state == 0:
            self.matches = suggestions(*self.context, text)
        return self.matches[state] if state < len(self.matches) else None

    def read(self, prompt: str) -> str:
        while True:
            self.meanwhile.start()  # input() writes the prompt at once, then waits without the GIL
            try:
                line = input(prompt + " ")
            finally:
                self.meanwhile.finish()
            why = refusal(line)
            if why is None:
                return line
            print(why, flush=True)  # one line, and the same question again


class OpeningReader:
    """The opening questions at a terminal, read with readline (LineReader, made at the first
    question) while `work` is done meanwhile: prompt_toolkit takes 100 to 200 ms to import,
    and the first question need not wait for it (issue 12). The words said are the same."""

    def __init__(self, work: Callable[[], None]) -> None:
        self.work = work
        self.reader: LineReader | None = None

    def read(self, prompt: str) -> str:
        if self.reader is None:
            self.reader = LineReader()
            self.reader.meanwhile.work = self.work
        return self.reader.read(prompt)


class PromptReader:
    """A prompt_toolkit PromptSession with history and completion of what makes sense now."""

    def __init__(self, input: Any = None, output: Any = None) -> None:
        os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
        self.context: tuple[Game | None, Decision | None] = (None, None)
        self.meanwhile = Meanwhile()
        self.io = (input, output)
        self._session: Any = None

    @property
    def session(self) -> Any:
        """Built at the first read: prompt_toolkit takes 100 to 200 ms to import, and the
        opening lines are said (and read by the screen reader) before it (issue 12)."""
        if self._session is None:
            self._session = self.build(*self.io)
        return self._session

    @staticmethod
    def load() -> None:
        """Import what build needs, for a thread to do while the opening questions wait."""
        import prompt_toolkit.completion  # noqa: F401
        import prompt_toolkit.history  # noqa: F401
        import prompt_toolkit.key_binding  # noqa: F401
        import prompt_toolkit.keys  # noqa: F401
        import prompt_toolkit.shortcuts  # noqa: F401

    def build(self, input: Any, output: Any) -> Any:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import Completer, Completion
        from prompt_toolkit.history import InMemoryHistory
        from prompt_toolkit.key_binding import KeyBindings
        from prompt_toolkit.keys import Keys
        from prompt_toolkit.shortcuts import CompleteStyle

        reader = self

        class NowCompleter(Completer):
            def get_completions(self, document, complete_event) -> Iterable[Completion]:
                text = document.text_before_cursor
                for s in suggestions(*reader.context, text):
                    # list just the names ("Silver  Sheepdog"), not "buy Silver  buy Sheepdog"
                    shown = s.split(" ", 1)[1] if " " in s.strip() else s
                    yield Completion(s, start_position=-len(text), display=shown)

        # The mouse is never turned on, so a "mouse report" is pasted text such as a colour
        # code (ESC[31m); prompt_toolkit's own handler crashes on it and prints a traceback.
        keys = KeyBindings()
        keys.add(Keys.Vt100MouseEvent)(lambda event: None)
        keys.add(Keys.WindowsMouseEvent)(lambda event: None)

        return PromptSession(history=InMemoryHistory(), completer=NowCompleter(),
                                     complete_style=CompleteStyle.READLINE_LIKE,
                                     reserve_space_for_menu=0, input=input, output=output,
                                     complete_while_typing=False, key_bindings=keys)

    def read(self, prompt: str) -> str:
        while True:
            if self.meanwhile.work is not None:  # begun once the prompt is drawn, not before
                self.session.app.after_render += self.meanwhile.start
            try:
                line = self.session.prompt(prompt + " ")
            finally:
                self.session.app.after_render -= self.meanwhile.start
                self.meanwhile.finish()
            if not undecodable(line):  # a stray byte would otherwise vanish: "" declines
                return line
            print(UNREADABLE, flush=True)
