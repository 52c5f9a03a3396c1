"""From an input line to its first announcement, over a scripted game; and start-up time.

Run by hand: python benchmarks/repl_latency.py
Prints the median and 99th percentile of line-to-announcement latency (aim: under 20 ms at the
99th) and the time from starting `dominion` to its first prompt (aim: under 500 ms).
"""

from __future__ import annotations

import io
import os
import statistics
import subprocess
import sys
import tempfile
import time

from dominion_tui.core.game import Config
from dominion_tui.output import Output
from dominion_tui.session import QuitRequest, Session

TURN = ["treasures", "buy Province", "buy Gold", "buy Silver", "end"]


class TimedReader:
    """Feeds scripted lines and notes when each was handed over."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = iter(lines)
        self.sent_at: float | None = None
        self.context = (None, None)

    def read(self, prompt: str) -> str:
        self.sent_at = time.perf_counter()
        try:
            return next(self.lines)
        except StopIteration:
            raise EOFError from None


def latency(games: int = 5) -> list[float]:
    samples: list[float] = []
    tmp = tempfile.mkdtemp()
    for seed in range(games):
        reader = TimedReader(TURN * 100)
        out = Output(plain=True, stream=io.StringIO())

        def first_line(line: str, reader: TimedReader = reader) -> None:
            if reader.sent_at is not None:
                samples.append(time.perf_counter() - reader.sent_at)
                reader.sent_at = None

        out.sinks.append(first_line)
        config = Config(["Alice", "Bob"], ["Barge", "Sheepdog", "Silk Merchant"], ["Ride"], seed)
        session = Session(config, out, reader, save_path=__import__("pathlib").Path(tmp) / "a.json", pause=False)
        try:
            session.run()
        except QuitRequest:
            pass
    return samples


def startup(runs: int = 5) -> list[float]:
    times = []
    env = dict(os.environ, XDG_DATA_HOME=tempfile.mkdtemp())
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "dominion_tui", "--players", "A,B", "--kingdom", "Barge", "--no-pause"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        while "action>" not in (proc.stdout.readline() or "action>"):
            pass
        times.append(time.perf_counter() - start)
        proc.communicate("quit\n")
    return times


def main() -> None:
    s = sorted(latency())
    p99 = s[int(len(s) * 0.99) - 1]
    print(
        f"line to announcement over {len(s)} lines: median {statistics.median(s) * 1000:.2f} ms, "
        f"99th percentile {p99 * 1000:.2f} ms (autosave after every answer included)"
    )
    t = startup()
    print(f"start-up to first prompt: median {statistics.median(t) * 1000:.0f} ms over {len(t)} runs")


if __name__ == "__main__":
    main()
