"""`dominion host`: start a game others join with ssh, each at their own computer.

The host's terminal shows how to join, who joined and left; with --seat NAME the host plays
that seat at this terminal. Ctrl+C saves the game and tells everyone; `dominion host --resume`
brings it back for everyone to rejoin.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import os
import signal
import socket
import sys
import threading
from pathlib import Path
from typing import Any

from ..core.game import SetupError
from ..save import SaveError, data_dir, read as read_save
from .table import Seat, Table

DEFAULT_PORT = 2222
SAVE_NAME = "host.json"
KEY_NAME = "host_key"


def parser() -> argparse.ArgumentParser:
    from ..cmdline import OneLineParser
    from ..opening import kingdom_flags

    p = OneLineParser(
        prog="dominion host",
        description="Host a game that players join with ssh, each "
        "at their own computer with their own screen reader. Each player joins with "
        "their seat's name as the user name: ssh -p PORT NAME@ADDRESS.",
    )
    p.add_argument(
        "--players", default=None, help="seat names in turn order, comma-separated (1 to 6); without it the game asks"
    )
    p.add_argument(
        "--computer",
        default="",
        help="seats the computer plays, comma-separated; NAME:LEVEL picks its level: normal, hard, bigmoney or expert",
    )
    kingdom_flags(p)
    p.add_argument("--seed", type=int, default=None, help="random seed")
    p.add_argument(
        "--listen",
        default="",
        metavar="ADDR",
        help="the address to listen on; all of this computer's addresses by default (127.0.0.1: this computer only)",
    )
    p.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"the port to listen on, {DEFAULT_PORT} by default (0: any free port, said in the join line)",
    )
    p.add_argument(
        "--password",
        default=None,
        metavar="WORD",
        help="the password every player types; without it the host makes one of three short words",
    )
    p.add_argument("--seat", default=None, metavar="NAME", help="the host plays this seat at this terminal")
    p.add_argument(
        "--resume",
        nargs="?",
        const="",
        default=None,
        metavar="FILE",
        help="go on with the hosted game saved when it stopped, or with FILE",
    )
    p.add_argument(
        "--verbosity", default="normal", metavar="LEVEL", help="what each player hears: brief, normal or verbose"
    )
    p.add_argument("--no-auto-end", action="store_true", help="keep the Buy phase open until end is typed")
    p.add_argument(
        "--idle-timeout",
        type=float,
        default=60.0,
        metavar="MINUTES",
        help="close a connection with no key pressed for this long (60 by default); its player may rejoin",
    )
    p.add_argument(
        "--max-connections",
        type=int,
        default=8,
        metavar="N",
        help="connections at once from one address (8 by default)",
    )
    return p


def save_path() -> Path:
    return data_dir() / SAVE_NAME


def host_key(folder: Path) -> Any:
    """The host's key, made once and kept (0600): players' ssh remembers it, and warns if it changes."""
    import asyncssh

    path = folder / KEY_NAME
    if path.exists():
        return asyncssh.read_private_key(str(path))
    folder.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    return key


def own_address(listen: str) -> str:
    """The address players type: the one listened on, else this computer's address on its network
    (no packet is sent: a UDP socket only picks the route)."""
    if listen and listen not in ("0.0.0.0", "::"):
        return listen
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # a documentation address: never reached
            return str(s.getsockname()[0])
    except OSError:
        return socket.gethostname()


class Console:
    """The host's terminal: notices, and the host's own seat when --seat is given."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.shown = ""

    def notice(self, line: str) -> None:
        self.put([line])

    def put(self, lines: list[str]) -> None:
        with self.lock:
            text = ("\n" if self.shown else "") + "".join(line + "\n" for line in lines)
            sys.stdout.write(text + self.shown)
            sys.stdout.flush()


class LocalLink:
    """The host's own seat at this terminal: lines read from standard input in a thread."""

    def __init__(self, console: Console, table: Table) -> None:
        self.console, self.table = console, table
        self.seat: Seat | None = None

    def send(self, lines: list[str]) -> None:
        self.console.put(lines)

    def prompt(self, text: str) -> None:
        with self.console.lock:
            self.console.shown = text
            sys.stdout.write(text)
            sys.stdout.flush()

    def close(self, lines: list[str]) -> None:
        self.console.put(lines)

    def start(self, seat: Seat) -> None:
        self.seat = seat
        threading.Thread(target=self.read, daemon=True).start()

    def read(self) -> None:
        while True:
            line = sys.stdin.readline()
            if not line:
                return  # no more input: the host stops with Ctrl+C
            self.console.shown = ""
            assert self.seat is not None
            why = self.table.typed(self.seat, line.rstrip("\r\n"))
            if why:
                self.console.put([why])


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    from ..output import LEVELS

    if args.verbosity not in LEVELS:
        parser().error(f"--verbosity must be one of {', '.join(LEVELS)}")
    if not 0 <= args.port <= 65535:
        parser().error("--port must be from 0 to 65535")
    try:
        return host(args)
    except (SetupError, SaveError) as e:
        sys.stderr.write(f"dominion: {e}\n")
        return 2
    except OSError as e:  # the port is in use, or the address is not this computer's
        why = (
            "it is in use; choose another with --port"
            if e.errno == errno.EADDRINUSE
            else f"{args.listen} is not this computer's address"
            if e.errno == errno.EADDRNOTAVAIL
            else (e.strerror or str(e)).lower()
        )
        sys.stderr.write(f"dominion: cannot listen on port {args.port}: {why}.\n")
        return 2


def setup(args: argparse.Namespace, console: Console) -> tuple[Any, list[Any], list[str], dict[str, str], Path]:
    """The game to host: a saved one (--resume), or a new one from the flags and the questions."""
    from ..opening import build_config, check_computers, check_flags, computer_levels, opening_questions
    from ..output import Output
    from ..repl import PlainReader

    path = save_path()
    if args.resume is not None:
        if args.resume:
            path = Path(args.resume)
        data = read_save(path)
        return data.config, data.answers, data.computers, data.levels, path
    if args.seed is None:
        args.seed = int.from_bytes(os.urandom(3), "big")
    check_flags(args)
    out = Output(plain=True)
    opening_questions(args, out, PlainReader().read)
    config = build_config(args)
    levels = computer_levels(args.computer)
    check_computers(list(levels), config.players)
    if path.exists():  # a stopped hosted game is never lost to a new one
        kept = path.with_name("host-previous.json")
        path.replace(kept)
        console.notice(f"The stopped hosted game is kept: dominion host --resume {kept}")
    return config, [], list(levels), levels, path


def host(args: argparse.Namespace) -> int:
    console = Console()
    config, answers, computers, levels, path = setup(args, console)
    humans = [n for n in config.players if n not in computers]
    if not humans:
        raise SetupError("A hosted game needs a seat for at least one player; every seat is the computer's.")
    seat_name = None
    if args.seat is not None:
        found = [n for n in humans if n.lower() == args.seat.strip().lower()]
        if not found:
            raise SetupError(f"--seat names no player's seat: {args.seat}. Seats: {', '.join(humans)}.")
        seat_name = found[0]
    from .words import make_password

    password = args.password or make_password()
    key = host_key(data_dir())
    table = Table(humans, args.verbosity, notice=console.notice)
    from .server import Host, Limits

    limits = Limits(per_address=max(1, args.max_connections), idle=max(1.0, args.idle_timeout * 60))
    srv = Host(table, password, computers, limits, console.notice)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    srv.attach(loop)
    server = loop.run_until_complete(srv.start(args.listen, args.port, key))
    port = server.sockets[0].getsockname()[1]
    where = own_address(args.listen)
    console.notice(
        f"Join with: ssh -p {port} NAME@{where} (password {password}). NAME is your seat: {' or '.join(humans)}."
    )
    if seat_name is not None:
        local = LocalLink(console, table)
        seat, _ = table.claim(seat_name, local)
        assert seat is not None
        local.start(seat)
    try:
        loop.add_signal_handler(signal.SIGINT, table.stop)
    except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C raises KeyboardInterrupt instead
        pass
    try:
        return play(table, config, answers, computers, levels, path, args, console)
    finally:
        loop.run_until_complete(asyncio.sleep(0.3))  # the last lines reach the players
        server.close()
        loop.run_until_complete(server.wait_closed())
        loop.close()


def play(
    table: Table,
    config: Any,
    answers: list[Any],
    computers: list[str],
    levels: dict[str, str],
    path: Path,
    args: argparse.Namespace,
    console: Console,
) -> int:
    """The lobby, then the game, then goodbye to everyone. While the game waits for a line, the
    SSH server runs (Table.next); the game's own steps are between those waits."""
    from .game import HOST_RESUME

    try:
        return run_table(table, config, answers, computers, levels, path, args, console)
    except KeyboardInterrupt:  # where no signal handler can be set (Windows): every answer is saved
        table.close_all(
            [
                "The host stopped the game. It is saved: when the host types "
                f"{HOST_RESUME}, join again with the same command."
            ]
        )
        console.notice(f"Game saved. Type {HOST_RESUME} to go on.")
        return 130
    except Exception as e:  # never a traceback for a player: one line, details in a file
        from ..opening import crash_log

        log = crash_log(e)
        table.close_all(
            [f"Something went wrong at the host ({type(e).__name__}); the game was saved as far as it went."]
        )
        console.notice(f"dominion: something went wrong ({type(e).__name__}). Details: {log}")
        return 1


def run_table(
    table: Table,
    config: Any,
    answers: list[Any],
    computers: list[str],
    levels: dict[str, str],
    path: Path,
    args: argparse.Namespace,
    console: Console,
) -> int:
    from ..opening import announce_setup
    from ..repl import QuitRequest
    from .game import HOST_RESUME, TableReader, TableSession

    try:
        table.lobby()
    except QuitRequest:
        table.close_all(["The host stopped before the game began."])
        console.notice("Stopped before the game began.")
        return 0
    console.notice("Everyone is here: the game begins.")
    out = table.output
    session: TableSession | None = None

    def intro() -> None:
        announce_setup(config, out)
        for landscape, card in session.game.set_aside_for.items() if session and session.game else ():
            out.say(f"{landscape}: {card.name} is set aside for it.")

    if not answers:
        announce_setup(config, out)
    session = TableSession(
        config,
        out,
        TableReader(table),
        computers,
        path,
        pause=False,
        answers=answers,
        levels=levels,
        auto_end=not args.no_auto_end,
        intro=intro if answers else None,
        table=table,
    )
    session.run()
    game = session.game
    if game is not None and game.over:
        table.close_all(["The game is over. Thank you for playing."])
        console.notice("The game is over.")
    else:
        saved = session.save_path is not None and session.save_path.exists()
        table.close_all([])
        console.notice(f"Game saved. Type {HOST_RESUME} to go on." if saved else "Game not saved.")
    return 0
