"""Games in which a player types every hint it is given, against a computer level (issue 23).

    python benchmarks/hint_games.py [GAMES] [--level normal] [--kingdom random]

Each game runs through the real Session, as at the keyboard: at every prompt the player types
exactly the move `hint` names. Prints how many games the hint-follower won (shared wins count
half), how many hinted lines the game refused (should be 0) and the hint time's 99th percentile.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dominion_tui.opening import build_config  # noqa: E402
from dominion_tui.output import Output  # noqa: E402
from dominion_tui.session import Session  # noqa: E402


class Follower:
    """A reader that answers every prompt with the hint's move."""

    def __init__(self) -> None:
        self.context: Any = None
        self.times: list[float] = []

    def read(self, prompt: str) -> str:
        game, d = self.context
        start = time.perf_counter()
        line = Session.hint(game, d)
        self.times.append(time.perf_counter() - start)
        move = line.removeprefix("Hint: ").split(". ", 1)[0]
        return "" if move == "press Enter" else move


def play(seed: int, level: str, kingdom: str) -> tuple[float, int, list[float]]:
    args = argparse.Namespace(players="Me,Bot", kingdom=kingdom, landscapes=None, sets=None, exclude=None, seed=seed)
    config = build_config(args)
    out = Output(plain=True, stream=io.StringIO())
    reader = Follower()
    session = Session(config, out, reader, ["Bot"], None, pause=False, levels={"Bot": level})
    session.run()
    text = out.stream.getvalue()
    refused = sum(text.count(w) for w in ("No '", " could be ", "Unknown ", "Type a number", "No hint"))
    game = session.game
    assert game is not None and game.over, text[-500:]
    winners = [p.name for p in game.winners]
    return (1.0 / len(winners) if "Me" in winners else 0.0), refused, reader.times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int, nargs="?", default=20)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--kingdom", default="random")
    a = ap.parse_args()
    won, refused, times = 0.0, 0, []
    for seed in range(1, a.games + 1):
        w, r, t = play(seed, a.level, a.kingdom)
        won, refused, times = won + w, refused + r, times + t
    times.sort()
    p99 = times[int(len(times) * 0.99)] * 1000 if times else 0.0
    print(
        f"hint-follower won {won:g} of {a.games} against {a.level} ({100 * won / a.games:.0f}%); "
        f"refused hinted lines: {refused}; hint p99 {p99:.1f} ms over {len(times)} hints"
    )


if __name__ == "__main__":
    main()
