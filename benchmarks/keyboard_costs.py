"""What a long game costs at the keyboard: autosave per answer, resume and undo at 10, 200 and
1,000 turns, and the time from starting `dominion` in a terminal to its first prompt (issue 12).

Run by hand: python benchmarks/keyboard_costs.py [--turns 10,200,1000] [--starts 7]
Aims: autosave the same at every length, resume and undo within 100 ms at 1,000 turns, first
prompt within 250 ms. The players are random but never empty a pile, so a game lasts.
"""

from __future__ import annotations

import argparse
import io
import os
import pty
import select
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from dominion_tui.bots import RandomPlayer
from dominion_tui.cli import PILOT_KINGDOM
from dominion_tui.core.decisions import TurnAction
from dominion_tui.core.game import Config
from dominion_tui.output import Output
from dominion_tui.save import read as read_save
from dominion_tui.session import QuitRequest, Session
from dominion_tui.undo import UndoRequest

CONFIG = Config(["Ann", "Ben"], list(PILOT_KINGDOM), ["Ride", "Barracks"], 7)


class Dawdler(RandomPlayer):
    """A random player whose buys leave at least 4 cards in every pile: the game goes on."""

    def decide(self, game: Any, d: Any) -> Any:
        ans = super().decide(game, d)
        if isinstance(ans, TurnAction) and ans.verb == "buy":
            pile = game.supply.get(ans.name)
            if pile is None or len(pile.cards) < 5:
                return TurnAction("end")
        return ans


class Until:
    """Answers through a Dawdler; once `turns` turns are over, `then` sees each question first."""

    def __init__(self, seed: int, turns: int, then: Any) -> None:
        self.inner, self.turns, self.then = Dawdler(seed), turns, then

    def decide(self, game: Any, d: Any) -> Any:
        if sum(p.turns_taken for p in game.players) > self.turns:
            self.then(game)
        return self.inner.decide(game, d)


def session(answers: list[Any], save: Path | None, turns: int, then: Any) -> Session:
    s = Session(
        CONFIG,
        Output(stream=io.StringIO()),
        reader=None,
        computers=list(CONFIG.players),
        save_path=save,
        pause=False,
        answers=list(answers),
        computer=lambda seed: Until(seed, turns, then),
    )
    s.finished = lambda: None  # keep the save of a game that ended early
    s.humans = lambda: ["Ann"]  # type: ignore[method-assign] # Ann's turns are kept for undo, as a player's are
    return s


def quit_now(game: Any) -> None:
    raise QuitRequest


def autosave_ms(folder: Path, turns: int, span: int = 5) -> float:
    """Mean time of one autosave over the last `span` turns before `turns`."""
    save = folder / f"auto{turns}.json"
    s = session([], save, turns, quit_now)
    times: list[float] = []
    inner = s.autosave

    def timed(retry: bool = False, **more: Any) -> bool:  # more: the state digest's place, an undo
        game = s.game
        t0 = time.perf_counter()
        ok = inner(retry, **more)
        if game is not None and sum(p.turns_taken for p in game.players) > turns - span:
            times.append(time.perf_counter() - t0)
        return ok

    s.autosave = timed  # type: ignore[method-assign]
    s.run()
    return 1000 * statistics.median(times)


def resume_ms(folder: Path, turns: int) -> float:
    """From reading the save to the first live question of the resumed game."""
    save = folder / f"auto{turns}.json"
    t0 = time.perf_counter()
    data = read_save(save)
    stamp: list[float] = []
    s = session(data.answers, None, -1, lambda g: (stamp.append(time.perf_counter()), quit_now(g)))
    s.run()
    return 1000 * (stamp[0] - t0)


def undo_ms(folder: Path, turns: int) -> float:
    """From taking back the last answer to the next live question, the way `undo` does it."""
    data = read_save(folder / f"auto{turns}.json")
    stamp: list[float] = []

    def undo(game: Any) -> None:
        stamp.append(time.perf_counter())
        raise UndoRequest(len(game.answers) - 1, "Ann", "the last answer")

    began: list[int] = []

    def then(game: Any) -> None:
        """Ann's second question of a turn takes her last answer back; the next question ends."""
        if stamp:
            stamp.append(time.perf_counter())
            quit_now(game)
        ann = game.current.name == game.waiting.player.name == "Ann"
        if ann and began == [game.turns_begun]:
            undo(game)
        began[:] = [game.turns_begun] if ann else []

    s = session(data.answers, None, -1, then)
    s.run()
    return 1000 * (stamp[-1] - stamp[0])


def first_prompt_ms(**env_extra: str) -> tuple[float, float]:
    """From starting `python -m dominion_tui` in a pseudo-terminal to its first line, and to its
    first prompt."""
    with tempfile.TemporaryDirectory() as data:  # a fresh player's folder, removed after
        env = dict(os.environ, XDG_DATA_HOME=data, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", **env_extra)
        return _first_prompt_ms(env)


def _first_prompt_ms(env: dict[str, str]) -> tuple[float, float]:
    t0 = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(sys.executable, [sys.executable, "-m", "dominion_tui"], env)
    seen, first = b"", 0.0
    while b">" not in seen:
        ready, _, _ = select.select([fd], [], [], 10)
        if not ready:
            break
        try:
            seen += os.read(fd, 4096)
        except OSError:
            break
        if not first and b"\n" in seen:
            first = time.perf_counter() - t0
    spent = time.perf_counter() - t0
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    os.close(fd)
    return 1000 * (first or spent), 1000 * spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", default="10,200,1000", help="game lengths in turns, comma-separated")
    ap.add_argument("--starts", type=int, default=7, help="start-ups to time (the median is shown)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for turns in (int(t) for t in args.turns.split(",")):
            save = autosave_ms(folder, turns)
            answers = len(read_save(folder / f"auto{turns}.json").answers)
            resume = min(resume_ms(folder, turns) for _ in range(3))
            undo = min(undo_ms(folder, turns) for _ in range(3))
            print(
                f"{turns} turns ({answers} answers): autosave {save:.2f} ms per answer (median), "
                f"resume {resume:.0f} ms, undo {undo:.0f} ms"
            )
        if args.starts:
            # As this shell runs Python; then with a bytecode cache, as a player's every start after
            # the first is (PYTHONDONTWRITEBYTECODE=1, set in some sandboxes, compiles the game's own
            # modules at each start; the cache is kept outside the source tree, in the run's
            # folder, removed with it).
            cache = dict(PYTHONPYCACHEPREFIX=str(folder / "pycache"), PYTHONDONTWRITEBYTECODE="")
            first_prompt_ms(**cache)  # fills the cache
            for label, extra in (("", {}), (" with a bytecode cache", cache)):
                starts = [first_prompt_ms(**extra) for _ in range(args.starts)]
                line, prompt = (statistics.median(s) for s in zip(*starts))
                print(
                    f"in a terminal{label}: first line {line:.0f} ms, first prompt {prompt:.0f} ms "
                    f"(medians of {args.starts})"
                )


if __name__ == "__main__":
    main()
