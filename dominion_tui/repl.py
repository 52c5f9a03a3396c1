"""Reading lines: prompt_toolkit at a terminal, plain lines otherwise.

prompt_toolkit is set up as the accessibility guide advises: a plain PromptSession (never
full-screen), no cursor position requests, no space reserved for a menu, readline-like
completion that a screen reader hears as plain text.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterable
from typing import Any

from .commands import NAMES
from .core.decisions import Decision
from .core.game import Game
from .core.model import Card

# Completion's order: the turn's commands, the questions that never change the game (commands.NAMES,
# kept there once), then the game's own settings and controls.
COMMANDS = [
    *("play", "buy", "end", "treasures", "villager", "coffers"),
    *NAMES,
    *("undo", "save", "speech", "ways", "autoend", "autoplay", "tips", "hint", "quit"),
]
UNREADABLE = "That line is not UTF-8 text; nothing was done."
CONTROL = "That line holds a terminal control code; nothing was done."
TAKES_ARGUMENT = {
    "play",
    "buy",
    "villager",
    "coffers",
    "describe",
    "log",
    "save",
    "speech",
    "help",
    "ways",
    "autoend",
    "autoplay",
    "tips",
    "rules",
}


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
            typed = text[: len(verb) + 1 + len(card)]
            return [
                f"{typed} as {w}"
                for w in ["normal"] + [x.name for x in game.ways]
                if any(part.startswith(way) for part in name_parts(w))
            ]
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
        forms = {
            o.label: o.value.defn.plural_name if n != "1" and isinstance(o.value, Card) else o.label for o in d.options
        }
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


# The keys readline keeps at a --plain prompt (and at the opening questions): typing, editing,
# history and completion. Every other key is made inert (issue 19): readline 8.2 itself dies
# with SIGSEGV on some (Ctrl+R, then Ctrl+X, then Enter), and others redraw the line (Alt+digit,
# the searches) or change how keys work (Esc Enter turned on vi mode and swallowed the Enter).
EDIT_KEYS = {
    r"\C-a": "beginning-of-line",
    r"\C-e": "end-of-line",
    r"\C-b": "backward-char",
    r"\C-f": "forward-char",
    r"\C-d": "delete-char",
    r"\C-h": "backward-delete-char",
    r"\C-?": "backward-delete-char",
    r"\C-i": "complete",
    r"\C-j": "accept-line",
    r"\C-m": "accept-line",
    r"\C-k": "kill-line",
    r"\C-n": "next-history",
    r"\C-p": "previous-history",
    r"\C-u": "unix-line-discard",
    r"\C-w": "unix-word-rubout",
    r"\C-y": "yank",
    r"\C-_": "undo",
    r"\C-v": "quoted-insert",
    r"\C-g": "abort",
    r"\e\C-?": "backward-kill-word",
    r"\e\C-h": "backward-kill-word",
    r"\e\C-i": "complete",
    r"\e\C-j": "accept-line",
    r"\e\C-m": "accept-line",
    # arrows, Home, End, Delete and Ctrl/Alt+arrows, as xterm, the Linux console and Windows send them
    r"\e[A": "previous-history",
    r"\e[B": "next-history",
    r"\e[C": "forward-char",
    r"\e[D": "backward-char",
    r"\eOA": "previous-history",
    r"\eOB": "next-history",
    r"\eOC": "forward-char",
    r"\eOD": "backward-char",
    r"\e[H": "beginning-of-line",
    r"\e[F": "end-of-line",
    r"\eOH": "beginning-of-line",
    r"\eOF": "end-of-line",
    r"\e[1~": "beginning-of-line",
    r"\e[4~": "end-of-line",
    r"\e[3~": "delete-char",
    r"\e[2~": '""',
    r"\e[1;5C": "forward-word",
    r"\e[1;5D": "backward-word",
    r"\e[1;3C": "forward-word",
    r"\e[1;3D": "backward-word",
    # any other ESC [ sequence (function keys, a pasted colour code, a mouse report) is skipped
    # whole (its parameters by csi_keys), and an Enter right after a lone ESC, ESC [ or ESC O
    # still ends the line
    r"\e[": "skip-csi-sequence",
    r"\e[200~": '""',
    r"\e[\C-m": "accept-line",
    r"\e[\C-j": "accept-line",
    r"\eO\C-m": "accept-line",
    r"\eO\C-j": "accept-line",
    r"\C-x\C-m": "accept-line",
    r"\C-x\C-j": "accept-line",
    r"\e\e[": "skip-csi-sequence",
    # ESC O and one letter is a key (F1 to F4, keypad 5), or Esc then a typed O: "Old Witch"
    r"\eOP": '""',
    r"\eOQ": '""',
    r"\eOR": '""',
    r"\eOS": '""',
    r"\eOE": '""',
    r"\eO": '"O"',
}


def readline_keys() -> list[str]:
    """inputrc lines: every control key, and every control key after Esc or Ctrl+X, bound to
    nothing; a character after Esc or Ctrl+X to itself (Esc then "hand" types "hand"); then
    EDIT_KEYS."""
    lines = [
        "set editing-mode emacs",
        "set enable-bracketed-paste off",
        "set convert-meta off",
        "set input-meta on",
        "set output-meta on",
    ]
    for code in range(256):  # bytes from 128 up are parts of UTF-8 characters
        key = f"\\{code:03o}"
        if code < 32 and code not in (24, 27) or code == 127:  # Ctrl+X and Esc stay prefixes
            lines.append(f'"{key}": ""')
        after = '""' if code < 32 or code == 127 else f'"{key}"'  # a typed character is kept
        if chr(code) not in "[O":  # the prefixes of the arrow keys
            lines.append(f'"\\e{key}": {after}')
        lines.append(f'"\\C-x{key}": {after}')
    return lines + [f'"{key}": {what}' for key, what in EDIT_KEYS.items()] + csi_keys()


# Where readline is once it has read ESC [ and some parameter bytes: keys no key sends and no
# one types (ESC [ Ctrl+X, which skip-csi-sequence dropped anyway), reached through csi_keys().
CSI_SEEN = r"\e[\C-x"


def csi_keys() -> list[str]:
    """inputrc lines that skip an ESC [ sequence one parameter byte at a time. skip-csi-sequence
    alone reads on to the first byte that is not a parameter, so an unfinished sequence typed by
    hand (Esc, "[", ";", Enter) took the Enter with it and the player heard nothing. Here each
    parameter byte (space to "?") goes back to CSI_SEEN, where Enter ends the line and any other
    byte ends the sequence, dropped whole; the keys of EDIT_KEYS (Ctrl+Right) still match first."""
    lines = [f'"{CSI_SEEN}": skip-csi-sequence', f'"{CSI_SEEN}\\C-m": accept-line', f'"{CSI_SEEN}\\C-j": accept-line']
    for code in range(0x20, 0x40):
        key = f"\\{code:03o}"
        lines += [f'"{start}{key}": "{CSI_SEEN}"' for start in (CSI_SEEN, r"\e[", r"\e\e[")]
    lines += [r'"\e\e[\C-m": accept-line', r'"\e\e[\C-j": accept-line']
    return lines


def tame_terminal() -> Callable[[], None]:
    """Two keys the terminal itself acts on, off while a line is read (prompt_toolkit turns them
    off too): Ctrl+S stopped all output until Ctrl+Q, and the player could not tell why; Ctrl+\\
    killed the game with a core dump. Returns what puts them back. Nothing to do without termios
    (Windows) or a terminal."""
    try:
        import termios
    except ImportError:
        return lambda: None

    def set_mode(mode: list[Any]) -> None:
        try:
            termios.tcsetattr(sys.stdin.fileno(), termios.TCSANOW, mode)
        except (termios.error, OSError, ValueError):  # not a terminal, or closed
            pass

    try:
        before = termios.tcgetattr(sys.stdin.fileno())
    except (termios.error, OSError, ValueError):
        return lambda: None
    keys = list(before[6])
    try:
        keys[termios.VQUIT] = bytes([os.fpathconf(sys.stdin.fileno(), "PC_VDISABLE")])  # "no key"
    except (OSError, ValueError, AttributeError):
        pass
    set_mode([before[0] & ~termios.IXON, *before[1:6], keys])
    return lambda: set_mode(before)


class CtrlC:
    """Around readline's wait for a line: a Ctrl+C is never lost. Python's readline writes the
    prompt, then waits for a key in select(); a Ctrl+C that comes in between (the prompt seen,
    the key pressed at once, the game's process not yet back on a busy machine) only marks
    KeyboardInterrupt pending, and the wait went on until the next key. So each signal also
    wakes a thread (the signal module's wakeup fd), which on a Ctrl+C knocks with SIGALRM on
    the reading thread until the read has ended: the wait breaks, the pending Ctrl+C is raised
    there. Nothing is done without the means (Windows), off the main thread, or when something
    else already uses the wakeup fd."""

    def __enter__(self) -> CtrlC:
        import signal

        self.thread: threading.Thread | None = None
        if not hasattr(signal, "pthread_kill") or threading.current_thread() is not threading.main_thread():
            return self
        r, w = os.pipe()
        os.set_blocking(w, False)
        try:
            old = signal.set_wakeup_fd(w, warn_on_full_buffer=False)
        except ValueError:
            old = 0
        if old != -1:  # somebody else's: leave it be
            if old:
                signal.set_wakeup_fd(old)
            os.close(r)
            os.close(w)
            return self
        self.fds, self.done = (r, w), threading.Event()
        self.alarm = signal.signal(signal.SIGALRM, lambda *_: None)  # the knock only breaks the wait
        self.thread = threading.Thread(target=self.watch, args=(r, threading.main_thread().ident), daemon=True)
        self.thread.start()
        return self

    def watch(self, r: int, reader: int) -> None:
        import signal

        while True:
            got = os.read(r, 64)
            if not got:  # the read has ended
                return
            if signal.SIGINT in got:
                while not self.done.is_set():
                    signal.pthread_kill(reader, signal.SIGALRM)
                    self.done.wait(0.05)

    def __exit__(self, *_: Any) -> None:
        import signal

        if self.thread is None:
            return
        self.done.set()
        signal.set_wakeup_fd(-1)
        os.close(self.fds[1])
        self.thread.join()  # no knock after this: the handler that takes it is put back next
        signal.signal(signal.SIGALRM, self.alarm)
        os.close(self.fds[0])


class LineReader:
    """A terminal without any cursor code: the standard library's readline for history and
    tab completion, told the terminal is "dumb" so that editing a line moves the cursor with
    plain backspaces and never with escape sequences (--plain). Only the keys in EDIT_KEYS do
    anything, and the player's own inputrc is not read, so no key can crash or redraw."""

    def __init__(self) -> None:
        saved = {k: os.environ.get(k) for k in ("TERM", "INPUTRC")}
        os.environ.update(TERM="dumb", INPUTRC=os.devnull)  # read once, when readline is loaded
        try:
            import readline
        except ImportError:  # no readline (some Windows Pythons): plain input() still works
            readline = None  # type: ignore[assignment]  # and the module stays unused
        finally:
            for k, v in saved.items():
                if v is None:
                    del os.environ[k]
                else:
                    os.environ[k] = v
        self.context: tuple[Game | None, Decision | None] = (None, None)
        self.meanwhile = Meanwhile()
        self.matches: list[str] = []
        if readline is not None:
            readline.set_completer_delims("")  # complete the whole line: "buy Si" -> "buy Silver"
            readline.set_completer(self.complete)
            gnu = "libedit" not in (readline.__doc__ or "")  # macOS's libedit reads other lines
            for line in readline_keys() if gnu else ["tab: complete"]:
                readline.parse_and_bind(line)
        self.readline = readline

    def complete(self, text: str, state: int) -> str | None:
        if state == 0:
            self.matches = suggestions(*self.context, text)
        return self.matches[state] if state < len(self.matches) else None

    def read(self, prompt: str) -> str:
        while True:
            self.meanwhile.start()  # input() writes the prompt at once, then waits without the GIL
            untame = tame_terminal()
            try:
                with CtrlC():
                    line = input(prompt + " ")
            finally:
                untame()
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
        # Ctrl+R and Ctrl+S searched the history in a line of their own, and the Enter after them
        # only closed the search: the player heard nothing (issue 19). Up and Down still recall.
        keys.add("c-r")(lambda event: None)
        keys.add("c-s")(lambda event: None)

        return PromptSession(
            history=InMemoryHistory(),
            completer=NowCompleter(),
            complete_style=CompleteStyle.READLINE_LIKE,
            reserve_space_for_menu=0,
            input=input,
            output=output,
            complete_while_typing=False,
            key_bindings=keys,
        )

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
