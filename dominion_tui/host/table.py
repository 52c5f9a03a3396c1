"""The table: one game, its seats, and the lines that reach it from every connection.

The game runs as at the keyboard (`Session`). Every connection puts what its player types, and
its joins and leaves, on one queue that only the game reads, between its own steps: so nothing
a remote player types can race the game, queries from players not being asked included. While
the game waits for a line, the SSH event loop runs in the same thread (see `next`).

Each seat has its own `Output` whose narrator always sees that seat's cards and no one else's
(privacy); the session's own output (`Fanout`) sends what the game says to every seat and
what a question says to the player asked.
"""

from __future__ import annotations

import io
import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..core.decisions import Decision
from ..core.events import Note
from ..core.game import Game
from ..interpreter import MAX_LINE, clean
from ..narration import Narrator
from ..output import Output
from ..queries import NAMES, Queries
from ..repl import TAKES_ARGUMENT, QuitRequest, refusal, suggestions

QUERY_WORDS = [*NAMES, "quit"]  # what a player may type out of turn, for completion
MAX_PENDING = 20  # lines one player may have waiting for the game: a paste flood is refused


class Link(Protocol):
    """A player's connection. Every method may be called from any thread."""

    def send(self, lines: list[str]) -> None: ...
    def prompt(self, text: str) -> None: ...
    def close(self, lines: list[str]) -> None: ...


class SeatNarrator(Narrator):
    """A narrator that sees one seat's cards, always: the session moves the viewer at a hot-seat
    hand-over, and at a table that must never show one player's hand to another."""

    def __init__(self, seat: str) -> None:
        self._seat = seat
        super().__init__(seat)

    @property  # type: ignore[override]
    def viewer(self) -> str | None:
        return self._seat

    @viewer.setter
    def viewer(self, value: str | None) -> None:
        pass  # fixed: see the class comment


class SeatStream:
    """The stream a seat's Output writes to: whole lines go to the seat's connection, if any."""

    def __init__(self, seat: Seat) -> None:
        self.seat, self.buf = seat, ""

    def write(self, text: str) -> int:
        self.buf += text
        if "\n" in self.buf:
            *lines, self.buf = self.buf.split("\n")
            self.seat.send(lines)
        return len(text)

    def flush(self) -> None:
        pass


class Seat:
    def __init__(self, name: str, level: str) -> None:
        self.name = name
        self.link: Link | None = None
        self.pending = 0  # lines on the queue not yet read by the game
        self.output = Output(
            plain=True,
            stream=SeatStream(self),  # type: ignore[arg-type]
            level=level,
            narrator=SeatNarrator(name),
        )

    def send(self, lines: list[str]) -> None:
        link = self.link
        if link is not None and lines:
            link.send(lines)

    def prompt(self, text: str) -> None:
        link = self.link
        if link is not None:
            link.prompt(text)


@dataclass
class Item:
    kind: str  # "line", "join", "leave" or "stop"
    seat: Seat | None = None
    text: str = ""
    link: Any = None


class Fanout(Output):
    """The session's Output at a table. What the game says goes to every seat, each hearing it as
    that seat; what is said while a player is being asked (`focus`), to that player only: their
    question, their refusals, the echo of their answer. Outside a question (an undo, the host
    stopping the game), to everyone."""

    def __post_init__(self) -> None:
        self.outputs: list[Output] = []
        self.focus: Output | None = None
        super().__post_init__()

    # ---- what the session reads and sets, routed to every seat or to the focus
    @property  # type: ignore[override]
    def narrator(self) -> Narrator:
        return self.focus.narrator if self.focus is not None else self._narrator

    @narrator.setter
    def narrator(self, value: Narrator) -> None:
        self._narrator = value

    @property  # type: ignore[override]
    def recent(self) -> list[str]:
        return self.focus.recent if self.focus is not None else []

    @recent.setter
    def recent(self, value: list[str]) -> None:
        focus = getattr(self, "focus", None)  # Output's own __init__ sets it before there is one
        if focus is not None:
            focus.recent = value

    @property  # type: ignore[override]
    def muted(self) -> bool:
        return getattr(self, "_muted", False)

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = value
        for o in getattr(self, "outputs", []):
            o.muted = value

    @property  # type: ignore[override]
    def earlier(self) -> Callable[[], list[Note]] | None:
        return None

    @earlier.setter
    def earlier(self, value: Callable[[], list[Note]] | None) -> None:
        for o in getattr(self, "outputs", []):
            o.earlier = value

    def targets(self) -> list[Output]:
        return [self.focus] if self.focus is not None else self.outputs

    # ---- the game's notes: every seat, each through its own narrator. Every method forwards
    # whatever it is given, so a new argument of Output's (end_batch(asks=...)) passes through.
    def note(self, *a: Any, **k: Any) -> None:
        for o in self.outputs:
            o.note(*a, **k)

    def keep(self, *a: Any, **k: Any) -> None:
        for o in self.outputs:
            o.keep(*a, **k)

    def forget(self, *a: Any, **k: Any) -> None:
        for o in self.outputs:
            o.forget(*a, **k)

    def mark(self) -> Any:  # type: ignore[override]
        return [o.mark() for o in self.outputs]

    def cut(self, mark: Any) -> None:
        for o, m in zip(self.outputs, mark):
            o.cut(m)

    def flush(self, *a: Any, **k: Any) -> None:
        for o in self.outputs:
            o.flush(*a, **k)

    def end_batch(self, *a: Any, **k: Any) -> None:
        for o in self.outputs:
            o.end_batch(*a, **k)

    # ---- sentences: the focus, else everyone
    def say(self, *a: Any, **k: Any) -> None:
        for o in self.targets():
            o.say(*a, **k)

    def tell(self, *a: Any, **k: Any) -> None:
        for o in self.targets():
            o.tell(*a, **k)

    def emit(self, *a: Any, **k: Any) -> None:
        for o in self.targets():
            o.emit(*a, **k)

    def info(self, *a: Any, **k: Any) -> None:
        for o in self.targets():
            o.info(*a, **k)

    def question(self, *a: Any, **k: Any) -> None:
        for o in self.targets():
            o.question(*a, **k)

    def echo(self, *a: Any, **k: Any) -> None:
        """An answer confirmed: to the player who gave it (what it does is heard by all as notes)."""
        for o in self.targets():
            echo = getattr(o, "echo", None)
            if echo is not None:
                echo(*a, **k)

    def answered(self, *a: Any, **k: Any) -> None:
        if self.focus is not None:
            self.focus.answered(*a, **k)

    def log(self) -> list[str]:
        return self.focus.log() if self.focus is not None else []

    def last(self, n: int) -> list[str]:
        return self.focus.last(n) if self.focus is not None else []

    # ---- speech is each player's own screen reader, on their own computer
    def interrupt(self) -> None:
        pass

    def speech_on(self) -> str | None:
        return "Speech is your screen reader's, on your own computer."

    def speech_off(self) -> None:
        pass


class Table:
    """The seats, the queue of what reaches the game, and the game's side of reading it."""

    def __init__(
        self, humans: list[str], level: str = "normal", notice: Callable[[str], None] = lambda line: None
    ) -> None:
        self.seats = {n: Seat(n, level) for n in humans}
        self.inbox: queue.Queue[Item] = queue.Queue()
        self.lock = threading.Lock()
        self.notice = notice  # the host's own terminal: who joined and left
        self.wait: Callable[[], None] | None = None  # runs the event loop until `notify`; None: block on the queue
        self.notify: Callable[[], None] = lambda: None  # something was put on the queue
        self.output = Fanout(plain=True, stream=io.StringIO(), level=level)
        self.output.outputs = [s.output for s in self.seats.values()]
        self.focus: Seat | None = None  # the seat being asked now
        self.context: tuple[Game | None, Decision | None] = (None, None)
        self.started = False
        self.waited: Seat | None = None  # the absent seat the others were told the game waits for
        self.over = False

    # ---------------------------------------------------------------- any thread
    def find(self, name: str) -> Seat | None:
        """A seat by its name, in any case: "ann" takes Ann's seat."""
        return self.seats.get(name) or next((s for n, s in self.seats.items() if n.lower() == name.lower()), None)

    def claim(self, name: str, link: Link, computers: Sequence[str] = ()) -> tuple[Seat | None, str]:
        """Take a seat for a new connection: the seat, or None and the one line that says why not."""
        seat = self.find(name)
        if seat is None:
            if any(c.lower() == name.lower() for c in computers):
                return None, f"{name} is played by the computer. Seats: {', '.join(self.seats)}."
            return None, f"There is no seat called {name}. Seats: {', '.join(self.seats)}."
        with self.lock:
            if self.over:
                return None, "The game is over."
            if seat.link is not None:
                return None, (
                    f"{seat.name}'s seat is taken. If that was you on a lost connection, try again in a minute."
                )
            seat.link = link
        self.put(Item("join", seat, link=link))
        return seat, ""

    def release(self, seat: Seat, link: Link) -> None:
        with self.lock:
            if seat.link is not link:
                return
            seat.link = None
        self.put(Item("leave", seat, link=link))

    def typed(self, seat: Seat, line: str) -> str | None:
        """A line typed at a seat: queued for the game, or why not (too many waiting)."""
        with self.lock:
            if seat.pending >= MAX_PENDING:
                return "Too many lines at once; that one was not read."
            seat.pending += 1
        self.put(Item("line", seat, line))
        return None

    def completions(self, seat: Seat, text: str) -> list[str]:
        """Tab at a seat (from the connection's thread): what completes `text` now. Only the
        player being asked completes moves and answers, while the game waits for their line;
        anyone completes the commands that only ask."""
        game, d = self.context
        try:
            if seat is self.focus and game is not None and d is not None:
                return suggestions(game, d, text)
            low = text.lower()
            return (
                [c + (" " if c in TAKES_ARGUMENT else "") for c in QUERY_WORDS if c.startswith(low)]
                if " " not in low
                else []
            )
        except Exception:  # the game moved on meanwhile: no completion this time
            return []

    def stop(self) -> None:
        self.put(Item("stop"))

    def put(self, item: Item) -> None:
        self.inbox.put(item)
        self.notify()

    # ---------------------------------------------------------------- the game thread
    def next(self) -> Item:
        """The next thing that reached the table. With `wait` (the host), the SSH event loop runs
        in this same thread until something arrives: so the game's lines go out the moment they are
        said, with no thread between the game and the players' connections."""
        while True:
            if self.wait is None:
                item = self.inbox.get()
                break
            try:
                item = self.inbox.get_nowait()
                break
            except queue.Empty:
                self.wait()
        if item.kind == "line" and item.seat is not None:
            with self.lock:
                item.seat.pending -= 1
        return item

    def missing(self) -> list[str]:
        return [n for n, s in self.seats.items() if s.link is None]

    def everyone(self, line: str, but: Seat | None = None) -> None:
        for s in self.seats.values():
            if s is not but:
                s.output.info([line])

    def lobby(self) -> None:
        """Wait until every seat is taken; each who joins hears who is still missing."""
        while self.missing():
            item = self.next()
            if item.kind == "stop":
                raise QuitRequest
            seat = item.seat
            assert seat is not None
            missing = self.missing()
            waiting = f"Waiting for {' and '.join(missing)}." if missing else "Everyone is here."
            if item.kind == "join":
                seat.output.info([f"Welcome, {seat.name}. {waiting}"])
                self.everyone(f"{seat.name} joined. {waiting}", but=seat)
            elif item.kind == "leave":
                self.everyone(f"{seat.name} left. {waiting}")
            elif item.kind == "line":
                self.other_line(seat, item.text, waiting=waiting)
        self.started = True

    def read(self, seat: Seat, prompt: str) -> str:
        """The next line `seat` types at its question; everything else that arrives meanwhile is
        answered on the way (others' queries, joins, leaves)."""
        if seat.link is None and self.waited is not seat:
            self.everyone(f"The game waits for {seat.name} to rejoin.", but=seat)
            self.waited = seat  # said once, not again at each line of a query they cannot type
        seat.prompt(prompt + " ")
        while True:
            item = self.next()
            if item.kind == "stop":
                raise QuitRequest
            if item.kind == "line" and item.seat is seat:
                why = refusal(item.text)  # a byte that is not text, a control code (the host's seat)
                if why is None:
                    return item.text
                seat.output.info([why])
                seat.prompt(prompt + " ")
                continue
            self.handle(item, seat, prompt)

    def handle(self, item: Item, asked: Seat | None, prompt: str = "") -> None:
        seat = item.seat
        assert seat is not None
        if item.kind == "join":
            self.waited = None
            seat.output.info([f"Welcome back, {seat.name}. {self.whose_turn()}"])
            self.everyone(f"{seat.name} is back.", but=seat)
            if seat is asked:  # the same question again: as it was said, else as the status says it
                game, d = self.context
                again = list(seat.output.recent) or (seat.output.narrator.question(d) if d else [])
                seat.output.info(again)
                seat.prompt(prompt + " ")
        elif item.kind == "leave":
            waits = f"; the game waits for {seat.name}" if seat is asked else ""
            self.waited = seat if seat is asked else self.waited
            self.everyone(f"{seat.name} left{waits}.", but=seat)
        elif item.kind == "line":
            self.other_line(seat, item.text)

    def whose_turn(self) -> str:
        game, d = self.context
        if game is None or d is None:
            return ""
        cur = game.current.name
        if d.player is game.current:
            return f"It is {cur}'s turn."
        return f"It is {cur}'s turn; {d.player.name} is answering."

    def other_line(self, seat: Seat, raw: str, waiting: str = "") -> None:
        """A line from a player who is not being asked: a query is answered; a move is refused
        in one line naming whose turn it is."""
        why = refusal(raw)
        if why is None and len(raw) > MAX_LINE:
            why = f"That line is too long ({len(raw)} characters); nothing was done."
        line = clean(raw)
        verb, _, arg = line.partition(" ")
        verb = verb.lower()
        if why:
            seat.output.info([why])
        elif not line:
            return
        elif verb in ("quit", "exit"):
            self.send_off(seat)
        elif waiting:
            seat.output.info([f"The game starts when everyone has joined. {waiting}"])
        else:
            seat.output.info(self.query(seat, verb, arg.strip()))

    def query(self, seat: Seat, verb: str, arg: str) -> list[str]:
        game, d = self.context
        if game is None or d is None:
            return ["Nothing is being asked now."]
        o = seat.output
        queries = Queries(game, o.log, lambda: list(o.recent), o.last)
        player = next((p for p in game.players if p.name == seat.name), None)
        if verb not in queries.names() or player is None:
            return [self.whose_turn()]
        try:
            return queries.run(verb, arg, player)
        except Exception:  # a query never changes the game: one line, and the game goes on
            return [f"'{verb}' did not work just now; nothing was changed."]

    def send_off(self, seat: Seat) -> None:
        """`quit` at a seat: that player leaves; the game waits for them to rejoin."""
        link = seat.link
        if link is None:
            return
        link.close([f"You left the game, {seat.name}. Join again with the same command; the game waits for you."])
        self.release(seat, link)

    def close_all(self, lines: list[str]) -> None:
        with self.lock:
            self.over = True
            links = [(s, s.link) for s in self.seats.values()]
            for s in self.seats.values():
                s.link = None
        for _seat, link in links:
            if link is not None:
                link.close(lines)
