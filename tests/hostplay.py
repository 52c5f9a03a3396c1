"""Helpers to drive `dominion host` and real OpenSSH clients over loopback (issue 24).

The host runs as its own process in a pseudo-terminal, as a person would start it; each player
is the system's `ssh` client in a pseudo-terminal (pexpect), answering the password prompt.
"""

from __future__ import annotations

import io
import os
import re
import select
import shutil
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pexpect

SSH = shutil.which("ssh")
DOMINION = str(Path(sys.executable).with_name("dominion"))
PASSWORD = "lamp-frog-mint"
PROMPT = r"(\w+), (action|buy|choose|yes or no)> "
NO_HOST_KEY_CHECK = [
    "-o",
    "StrictHostKeyChecking=no",
    "-o",
    "UserKnownHostsFile=/dev/null",
    "-o",
    "ConnectTimeout=10",  # LogLevel INFO, the default: it shows banners and instructions
    "-o",
    "PubkeyAuthentication=no",
    "-o",
    "GSSAPIAuthentication=no",
    "-o",
    "NumberOfPasswordPrompts=1",
]


def hang_up_ends() -> None:
    """Run in each spawned process: a hang-up ends it, as in a person's terminal. Started under
    `nohup`, it would inherit an ignored SIGHUP: an ssh client closed at its password prompt then
    lives on, reads the closed terminal as an empty line and sends it as the password, again and
    again, each a wrong try the host counts, until the address is locked out."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


class Host:
    def __init__(self, data: Path, *flags: str, timeout: float = 20) -> None:
        env = dict(os.environ, XDG_DATA_HOME=str(data), PROMPT_TOOLKIT_NO_CPR="1", NO_COLOR="1")
        self.p = pexpect.spawn(
            DOMINION,
            ["host", "--listen", "127.0.0.1", "--port", "0", *flags],
            env=env,
            encoding="utf-8",
            timeout=timeout,
            dimensions=(24, 200),
            preexec_fn=hang_up_ends,
        )
        self.log = io.StringIO()  # everything the host's terminal showed
        self.p.logfile_read = self.log
        self.p.expect(r"Join with: ssh -p (\d+) \S+ \(password (\S+)\)\.")
        self.port, self.password = self.p.match.group(1), self.p.match.group(2)

    def expect(self, pattern: Any, timeout: float = 20) -> Any:
        return self.p.expect(pattern, timeout=timeout)

    def stop(self) -> None:
        if self.p.isalive():
            self.p.kill(9)
        self.p.close(force=True)


class Player:
    """One ssh client at one seat; `text` keeps everything it was sent, for privacy checks."""

    def __init__(self, host: Host, name: str, password: str | None = None, *extra: str, expect_in: bool = True) -> None:
        self.name = name
        self.p = pexpect.spawn(
            SSH,
            ["-tt", "-p", host.port, *NO_HOST_KEY_CHECK, *extra, f"{name}@127.0.0.1"],
            encoding="utf-8",
            timeout=20,
            dimensions=(24, 200),
            preexec_fn=hang_up_ends,
        )
        self.seen = ""
        self.p.delaybeforesend = None  # pexpect waits 50 ms before each line by default
        self.expect("assword: ")  # a banner comes before it: kept in `seen`
        self.p.sendline(host.password if password is None else password)
        if expect_in:
            self.expect("Welcome")

    def expect(self, pattern: Any, timeout: float = 20) -> Any:
        try:
            return self.p.expect(pattern, timeout=timeout)
        finally:  # on a timeout the text stays in pexpect's buffer, to be matched later
            if self.p.after is not pexpect.TIMEOUT:
                self.seen += (self.p.before or "") + (self.p.after if isinstance(self.p.after, str) else "")

    def said(self) -> str:
        """Everything received so far, read to the end without waiting."""
        try:
            while True:
                self.seen += self.p.read_nonblocking(100000, timeout=0.2)
        except (pexpect.TIMEOUT, pexpect.EOF):
            pass
        return self.seen

    def send(self, line: str) -> None:
        self.p.sendline(line)

    def close(self) -> None:
        self.p.close(force=True)


BUYS = ["treasures", "buy Province", "buy Gold", "buy Silver", "end"]


def play_big_money(players: list[Player], deadline: float = 120, stop: str = "The game is over") -> None:
    """Every seat plays Big Money until `stop` is heard by every player: Treasures, then the
    dearest of Province, Gold and Silver it can pay for; any other question gets option 1."""
    plans = {p.name: [] for p in players}
    done: set[str] = set()
    end = time.monotonic() + deadline
    while len(done) < len(players):
        assert time.monotonic() < end, "the game did not end in time"
        waiting = [pl for pl in players if pl.name not in done]
        select.select([pl.p.child_fd for pl in waiting], [], [], 0.5)  # until someone is sent something
        for pl in waiting:
            i = pl.expect([PROMPT, stop, pexpect.TIMEOUT, pexpect.EOF], timeout=0.001)
            if i == 1:
                done.add(pl.name)
            elif i == 3:
                raise AssertionError(f"{pl.name}'s connection ended: {pl.seen[-500:]}")
            elif i == 0:
                who, kind = pl.p.match.group(1), pl.p.match.group(2)
                assert who == pl.name, f"{pl.name} was asked {who}'s question"
                plan = plans[pl.name]
                if kind == "action":
                    plans[pl.name] = list(BUYS)
                    pl.send("end")
                elif kind == "buy":
                    pl.send(plan.pop(0) if plan else "end")
                elif kind == "yes or no":
                    pl.send("no")
                else:
                    pl.send("1")


def lines(text: str) -> list[str]:
    return [ln.strip() for ln in re.split(r"[\r\n]+", text) if ln.strip()]
