"""From a player's Enter to the announcement reaching every player, over SSH on loopback (issue 24).

Run by hand: python benchmarks/host_latency.py [--players N] [--games G]
(BENCH_DIR=/dev/shm keeps the host's autosave off the disk, to time the network path alone.)
Starts `dominion host` on 127.0.0.1, joins every seat with an SSH client (asyncssh, in this
process, each with a terminal as `ssh -t` asks for), and plays Big Money at every seat. For each
line that makes a public announcement (a run of Treasures, a buy), it times from the line being
sent to the moment the last player has received the announcement. Prints the median, 95th and
99th percentiles and the maximum (aim: 99th under 50 ms).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import asyncssh

PROMPT = re.compile(r"(\w+), (action|buy|choose|yes or no)> $")
PASSWORD = "bench-mark-pass"
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
BUYS = ["treasures", "buy Province", "buy Gold", "buy Silver", "end"]


class Seat:
    def __init__(self, name: str, proc: asyncssh.SSHClientProcess) -> None:
        self.name, self.proc = name, proc
        self.text = ""
        self.changed = asyncio.Event()
        self.closed = False

    async def pump(self) -> None:
        while True:
            chunk = await self.proc.stdout.read(65536)
            if not chunk:
                self.closed = True
                self.changed.set()
                return
            self.text += chunk
            self.changed.set()


async def wait_for(seats: list[Seat], test, timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while not all(test(s) for s in seats):
        for s in seats:
            s.changed.clear()
        if all(test(s) for s in seats):
            return
        left = end - time.monotonic()
        if left <= 0:
            raise TimeoutError("no announcement in time: " + " | ".join(repr(s.text[-150:]) for s in seats))
        waits = [asyncio.ensure_future(s.changed.wait()) for s in seats]
        await asyncio.wait(waits, timeout=left, return_when=asyncio.FIRST_COMPLETED)
        for w in waits:
            w.cancel()


async def game(port: int, names: list[str], samples: list[float]) -> None:
    seats = []
    for name in names:
        conn = await asyncssh.connect("127.0.0.1", port, username=name, password=PASSWORD,
                                      known_hosts=None, client_keys=None, preferred_auth="keyboard-interactive,password")
        proc = await conn.create_process(term_type="dumb", term_size=(200, 24))
        seat = Seat(name, proc)
        asyncio.ensure_future(seat.pump())
        seats.append(seat)
    plans: dict[str, list[str]] = {n: [] for n in names}
    while True:
        await wait_for(seats, lambda s: True)
        asked = next((s for s in seats if PROMPT.search(s.text)), None)
        if any("The game is over" in s.text for s in seats):
            return
        if asked is None:
            await asyncio.wait([asyncio.ensure_future(s.changed.wait()) for s in seats], timeout=1,
                               return_when=asyncio.FIRST_COMPLETED)
            for s in seats:
                s.changed.clear()
            continue
        kind = PROMPT.search(asked.text).group(2)
        if kind == "action":
            plans[asked.name] = list(BUYS)
            line = "end"
        elif kind == "buy":
            line = plans[asked.name].pop(0) if plans[asked.name] else "end"
        else:
            line = "no" if kind == "yes or no" else "1"
        public = line == "treasures" or line.startswith("buy ")
        marks = {s.name: len(s.text) for s in seats}
        wanted = f"{asked.name} plays" if line == "treasures" else f"{asked.name} buys"
        asked.text = asked.text[:-1] + "\0"  # this prompt is answered: find the next one
        t0 = time.perf_counter()
        asked.proc.stdin.write(line + "\r")
        if not public:
            await wait_for(seats, lambda s: "The game is over" in s.text or
                           any(PROMPT.search(x.text) for x in seats))
            continue

        def refused() -> bool:  # a buy too dear is said to the player only, and asked again
            return bool(PROMPT.search(asked.text)) and wanted not in asked.text[marks[asked.name]:]

        await wait_for(seats, lambda s: wanted in s.text[marks[s.name]:] or refused() or
                       "The game is over" in s.text)
        if all(wanted in s.text[marks[s.name]:] for s in seats):
            samples.append(time.perf_counter() - t0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=2)
    args = ap.parse_args()
    names = NAMES[:args.players]
    samples: list[float] = []
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_DIR")) as data:
        for g in range(args.games):
            env = dict(os.environ, XDG_DATA_HOME=data)
            host = subprocess.Popen([sys.executable, "-m", "dominion_tui", "host", "--listen", "127.0.0.1",
                                     "--port", "0", "--password", PASSWORD, "--players", ",".join(names),
                                     "--kingdom", "random", "--landscapes", "0", "--seed", str(11 + g)],
                                    stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env, text=True)
            try:
                first = host.stdout.readline()
                port = int(re.search(r"ssh -p (\d+) ", first).group(1))
                asyncio.run(game(port, names, samples))
            finally:
                host.terminate()
                host.wait(10)
    ms = sorted(s * 1000 for s in samples)
    q = statistics.quantiles(ms, n=100, method="inclusive")
    print(f"{len(ms)} announcements to {len(names)} players over SSH on loopback: median {statistics.median(ms):.1f} ms, "
          f"95th {q[94]:.1f} ms, 99th {q[98]:.1f} ms, max {ms[-1]:.1f} ms (aim: 99th under 50 ms); "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
