"""The SSH side of a table: who may connect, and each connection's plain line discipline.

Only an interactive session is offered: no exec, no subsystem (sftp, scp), no port, agent or
X11 forwarding. A connection's player is its SSH user name; its password is the table's.
What the server sends is plain text, one line at a time, no colour and no cursor codes; the
line being typed is edited here (echo, backspace, Ctrl+U, Ctrl+W) when the client asked for a
terminal, else the client sends whole lines.
"""

from __future__ import annotations

import asyncio
import codecs
import hmac
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import asyncssh

from ..interpreter import MAX_LINE
from .table import Seat, Table

WRONG = "Wrong password. Try again."
LOCKED_OUT = "Too many wrong passwords from your address; try again in {minutes} minutes."
TOO_MANY = "Too many connections from your address; close one and try again."


@dataclass
class Limits:
    per_address: int = 8  # connections at once from one address
    total: int = 64  # connections at once
    failures: int = 5  # wrong passwords from one address ...
    lockout: float = 600.0  # ... within this many seconds lock it out for as long
    idle: float = 3600.0  # seconds without a key pressed before a connection is closed
    login: float = 60.0  # seconds to log in


@dataclass
class Gate:
    """Counts connections and wrong passwords per address."""

    limits: Limits
    open: dict[str, int] = field(default_factory=dict)
    failed: dict[str, list[float]] = field(default_factory=dict)

    def refusal(self, addr: str) -> str | None:
        if self.locked(addr):
            return LOCKED_OUT.format(minutes=max(1, round(self.limits.lockout / 60)))
        if self.open.get(addr, 0) > self.limits.per_address or sum(self.open.values()) > self.limits.total:
            return TOO_MANY
        return None

    def locked(self, addr: str) -> bool:
        now = time.monotonic()
        recent = [t for t in self.failed.get(addr, []) if now - t < self.limits.lockout]
        self.failed[addr] = recent
        return len(recent) >= self.limits.failures

    def fail(self, addr: str) -> None:
        self.failed.setdefault(addr, []).append(time.monotonic())

    def opened(self, addr: str) -> None:
        self.open[addr] = self.open.get(addr, 0) + 1

    def closed(self, addr: str) -> None:
        self.open[addr] = self.open.get(addr, 1) - 1
        if self.open[addr] <= 0:
            del self.open[addr]


class HostServer(asyncssh.SSHServer):
    """One per SSH connection: the gate, the password, and one interactive session."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None
        self.addr = "?"
        self.refused: str | None = None
        self.sessions = 0

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.addr = str(peer[0]) if peer else "?"
        self.host.gate.opened(self.addr)

    def connection_lost(self, exc: Exception | None) -> None:
        self.host.gate.closed(self.addr)

    def begin_auth(self, username: str) -> bool:
        self.refused = self.host.gate.refusal(self.addr)
        if self.refused and self.conn is not None:
            self.conn.send_auth_banner(self.refused + "\r\n")
        return True

    def public_key_auth_supported(self) -> bool:
        return False

    def password_auth_supported(self) -> bool:
        return True

    def validate_password(self, username: str, password: str) -> bool:
        return self.check(password)

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        if self.refused:
            return False
        return "", "", "", [("Password: ", False)]

    def validate_kbdint_response(self, username: str, responses: Any) -> Any:
        if len(responses) == 1 and self.check(responses[0]):
            return True
        if self.refused or self.host.gate.locked(self.addr):
            if self.conn is not None and not self.refused:
                self.refused = LOCKED_OUT.format(minutes=max(1, round(self.host.gate.limits.lockout / 60)))
                self.conn.send_auth_banner(self.refused + "\r\n")
            return False
        return "", WRONG, "", [("Password: ", False)]  # the client prints the line, then asks again

    def check(self, password: str) -> bool:
        if self.refused or self.host.gate.locked(self.addr):
            return False
        ok = hmac.compare_digest(password.encode("utf-8", "surrogateescape"), self.host.password.encode())
        if not ok:
            self.host.gate.fail(self.addr)
        return ok

    def auth_completed(self) -> None:
        """A connection that opens no game soon (`ssh -N`) is closed: it would hold a place for nothing."""
        asyncio.get_running_loop().call_later(self.host.limits.login, self.no_session)

    def no_session(self) -> None:
        if not self.sessions and self.conn is not None:
            self.conn.close()

    def session_requested(self) -> Any:
        if self.sessions:  # one game per connection
            return False
        self.sessions += 1
        assert self.conn is not None
        return SeatChannel(self.host, self.conn.get_extra_info("username"), self.addr)


class SeatChannel(asyncssh.SSHServerSession):
    """One player's interactive session: the seat it takes, and its line discipline."""

    def __init__(self, host: Host, username: str, addr: str) -> None:
        self.host, self.username, self.addr = host, username, addr
        self.chan: Any = None
        self.seat: Seat | None = None
        self.tty = False  # the client asked for a terminal: echo and editing are ours
        self.decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
        self.buf: list[str] = []
        self.long = False  # the line being typed passed the limit
        self.esc = 0  # inside an escape sequence: 1 after ESC, 2 inside CSI or SS3
        self.esc_len = 0
        self.last_cr = False
        self.shown = ""  # the prompt now on the player's screen
        self.out: list[str] = []  # lines to write at the loop's next turn
        self.history: list[str] = []  # lines typed, for Up and Down
        self.at = 0  # where Up and Down are in it
        self.closed = False
        self.last_key = time.monotonic()

    # ---------------------------------------------------------------- asyncssh callbacks
    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        self.tty = True
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def break_received(self, msec: int) -> bool:
        return True  # nothing to interrupt

    def signal_received(self, signal: str) -> None:
        pass

    def terminal_size_changed(self, *args: Any) -> None:
        pass

    def session_started(self) -> None:
        seat, why = self.host.table.claim(self.username, self, self.host.computers)
        if seat is None:
            self.host.notice(f"{self.addr} refused as {self.username}: {why}")
            self.close_now([why], status=1)
            return
        self.seat = seat
        self.host.links.add(self)
        self.host.notice(f"{seat.name} joined from {self.addr}.")

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_key = time.monotonic()
        for ch in self.decoder.decode(data):
            self.key(ch)

    def eof_received(self) -> bool:
        self.leave()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.leave()

    # ---------------------------------------------------------------- the line discipline
    def key(self, ch: str) -> None:
        if self.esc:  # arrow and function keys: nothing here moves a cursor
            self.escape(ch)
            return
        if ch in "\r\n":
            if ch == "\n" and self.last_cr:
                self.last_cr = False
                return
            self.last_cr = ch == "\r"
            self.enter()
            return
        self.last_cr = False
        if ch == "\x1b":
            self.esc, self.esc_len = 1, 0
        elif ch in "\x7f\b":
            if self.buf:
                self.buf.pop()
                self.echo("\b \b")
        elif ch == "\x15":  # Ctrl+U: the whole line
            self.rub(len(self.buf))
        elif ch == "\x17":  # Ctrl+W: the last word
            text = "".join(self.buf)
            keep = len(text.rstrip().rpartition(" ")[0] + " ") if " " in text.strip() else 0
            self.rub(len(self.buf) - keep)
        elif ch == "\t":
            self.complete()
        elif ch == "\x03":  # Ctrl+C: the line is dropped, as in a shell
            self.buf, self.long = [], False
            self.echo("^C\r\n" + self.shown)
        elif ch == "\x04":  # Ctrl+D on an empty line: leave, as at a shell
            if not self.buf:
                self.write("\r\n" if self.tty else "")
                self.host.table.send_off(self.seat) if self.seat else self.close_now([])
        elif ch < " " or ch == "\x9b":
            pass  # any other control key is ignored
        elif len(self.buf) >= MAX_LINE:
            self.long = True
        else:
            self.buf.append(ch)
            if not "\udc80" <= ch <= "\udcff":  # a byte that was not text is not echoed
                self.echo(ch)

    def escape(self, ch: str) -> None:
        self.esc_len += 1
        if self.esc == 1:
            self.esc = 2 if ch in "[O" else 0
        elif "\x40" <= ch <= "\x7e" or self.esc_len > 32:
            if self.esc_len == 2 and ch in "AB":  # Up and Down: the lines typed before
                self.recall(-1 if ch == "A" else 1)
            self.esc = 0

    def recall(self, step: int) -> None:
        """Up and Down walk the lines this player typed, as readline does at a dumb terminal:
        the line is rubbed out with backspaces and the other one written."""
        if not self.history:
            return
        self.at = max(0, min(len(self.history), self.at + step))
        line = self.history[self.at] if self.at < len(self.history) else ""
        self.rub(len(self.buf))
        self.buf = list(line)
        self.echo(line)

    def complete(self) -> None:
        """Tab: what makes sense now completes the line; several choices are listed once."""
        text = "".join(self.buf)
        found = self.host.table.completions(self.seat, text) if self.seat else []
        if not found:
            return
        common = os.path.commonprefix([f.lower() for f in found])
        if len(found) == 1:
            common = found[0]
        if len(common) > len(text):
            self.rub(len(self.buf))
            self.buf = list(found[0][: len(common)])
            self.echo("".join(self.buf))
        elif len(found) > 1:
            shown = [f.split(" ", 1)[1] if " " in f.strip() else f for f in found]
            self.echo("\r\n" + "  ".join(shown[:40]) + "\r\n" + self.shown + text)

    def rub(self, n: int) -> None:
        if n > 0:
            del self.buf[-n:]
            self.echo("\b \b" * n)

    def enter(self) -> None:
        line, long = "".join(self.buf), self.long
        if line.strip() and not long and (not self.history or self.history[-1] != line):
            self.history = (self.history + [line])[-100:]
        self.at = len(self.history)
        self.buf, self.long, self.shown = [], False, ""
        self.echo("\r\n")
        if self.seat is None:
            return
        if long:
            self.send([f"That line is too long (over {MAX_LINE} characters); nothing was done."])
            return
        why = self.host.table.typed(self.seat, line)
        if why:
            self.send([why])

    def echo(self, text: str) -> None:
        if self.tty:
            self.write(text)

    # ---------------------------------------------------------------- output, from any thread
    def send(self, lines: list[str]) -> None:
        self.host.call(self.put_lines, lines)

    def prompt(self, text: str) -> None:
        self.host.call(self.put_prompt, text)

    def close(self, lines: list[str]) -> None:
        self.host.call(self.close_now, lines)

    # ---------------------------------------------------------------- output, in the loop
    def put_lines(self, lines: list[str]) -> None:
        """Lines go out at once, unless a prompt or a line being typed is on the player's screen:
        then lines that come together are written together, and what was on the screen is put
        back once after them, not after each."""
        if not self.out and not self.shown and not (self.tty and self.buf):
            self.out = lines
            self.flush_out()
            return
        if not self.out and self.host.loop is not None:
            self.host.loop.call_soon(self.flush_out)
        self.out += lines

    def flush_out(self) -> None:
        lines, self.out = self.out, []
        if not lines:
            return
        nl = "\r\n" if self.tty else "\n"
        typed = "".join(ch for ch in self.buf if not "\udc80" <= ch <= "\udcff") if self.tty else ""
        visible = self.shown + typed
        text = (nl if visible else "") + "".join(line + nl for line in lines) + visible
        self.write(text)

    def put_prompt(self, text: str) -> None:
        self.flush_out()
        if text == self.shown:
            return  # on screen already: put back after the lines that came meanwhile
        self.shown = text
        self.write(text)

    def write(self, text: str) -> None:
        if self.closed or self.chan is None or not text:
            return
        try:
            self.chan.write(text.encode("utf-8", "replace"))
        except Exception:  # the channel is closing: nothing more can reach this player
            pass

    def close_now(self, lines: list[str], status: int = 0) -> None:
        if self.closed:
            return
        self.out += lines
        self.flush_out()
        self.closed = True
        try:
            self.chan.exit(status)
        except Exception:
            pass
        self.leave()

    def leave(self) -> None:
        self.closed = True
        self.host.links.discard(self)
        seat, self.seat = self.seat, None
        if seat is not None:
            self.host.table.release(seat, self)
            self.host.notice(f"{seat.name} left.")


class Host:
    """The server's shared state, for every connection: in the event loop's thread."""

    def __init__(
        self, table: Table, password: str, computers: list[str], limits: Limits, notice: Callable[[str], None]
    ) -> None:
        self.table, self.password, self.computers = table, password, computers
        self.limits = limits
        self.gate = Gate(limits)
        self.notice = notice
        self.links: set[SeatChannel] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = 0  # the loop's thread, the game's too

    def call(self, fn: Callable[..., None], *args: Any) -> None:
        """Run `fn` for the event loop: now in the loop's own thread (the game's), else in the
        loop, in the order asked (from another thread: the host's own seat reading its terminal)."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        if threading.get_ident() == self.thread:
            fn(*args)
        else:
            loop.call_soon_threadsafe(fn, *args)

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """The table's waits run this loop, in this thread, until something reaches the table."""
        self.loop, self.thread = loop, threading.get_ident()
        arrived = asyncio.Event()

        def wait() -> None:
            loop.run_until_complete(arrived.wait())
            arrived.clear()

        def notify() -> None:
            if threading.get_ident() == self.thread:
                arrived.set()
            else:
                loop.call_soon_threadsafe(arrived.set)

        self.table.wait, self.table.notify = wait, notify

    async def start(self, listen: str, port: int, key: Any) -> Any:
        server = await asyncssh.create_server(
            lambda: HostServer(self),
            listen or None,
            port,
            server_host_keys=[key],
            encoding=None,
            line_editor=False,
            allow_pty=True,
            agent_forwarding=False,
            x11_forwarding=False,
            login_timeout=self.limits.login,
            keepalive_interval=15,
            keepalive_count_max=4,
            server_version="dominion",
        )
        asyncio.ensure_future(self.watch_idle())
        return server

    async def watch_idle(self) -> None:
        step = max(0.2, min(30.0, self.limits.idle / 4))
        while True:
            await asyncio.sleep(step)
            now = time.monotonic()
            for link in list(self.links):
                if now - link.last_key > self.limits.idle:
                    minutes = self.limits.idle / 60
                    said = f"{minutes:g} minutes" if minutes >= 1 else f"{self.limits.idle:g} seconds"
                    link.close_now(
                        [
                            f"No key pressed for {said}: disconnected. Join again with the "
                            "same command; the game waits for you."
                        ]
                    )
