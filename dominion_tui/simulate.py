"""`dominion simulate`: computer players against each other, to measure their strength.

Every game is set up from (seed, game number) alone and played in a worker process; results are
summed in game order, so the same seed prints the same figures whatever the number of jobs.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from .bots import LEVELS, make_player
from .cmdline import OneLineParser, split
from .core.decisions import TurnAction
from .core.game import STALL_ROUNDS, Config
from .kingdoms import resolve
from .setup import SetupError, database, new_game

MAX_TURNS = 100  # turns of one player; a game past it is a finding, not a result


class TurnCap(Exception):
    """A finding: the game ran past the turn cap."""


@dataclass
class GameResult:
    seed: int
    kingdom: list[str]
    landscapes: list[str]
    winners: list[str] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    turns: dict[str, int] = field(default_factory=dict)
    bought: dict[str, Counter] = field(default_factory=dict)
    used_by: dict[str, set[str]] = field(default_factory=dict)  # by seat: cards played or bought, Ways used
    uses: Counter = field(default_factory=Counter)  # how often each was played, bought or used
    capped: bool = False
    stalled: bool = False  # ended because no card left the Supply for STALL_ROUNDS rounds
    decision_times: list[float] = field(default_factory=list)
    ended_behind: str = ""  # the bot whose own turn ended the game while it lost, if any
    ender: str = ""  # whose turn it was at the last decision before the game's end was decided

    @property
    def used(self) -> set[str]:
        """What any seat played, bought or used."""
        return set().union(*self.used_by.values())


class Recorder:
    """Wraps a bot: counts what it buys, plays and which Ways it uses; stops at the turn cap."""

    def __init__(self, bot: Any, label: str, result: GameResult, max_turns: int) -> None:
        self.bot, self.label, self.result, self.max_turns = bot, label, result, max_turns
        self.bought: Counter = Counter()

    def decide(self, game: Any, d: Any) -> Any:
        if game.current.turns_taken > self.max_turns:
            raise TurnCap
        prepare = getattr(self.bot, "needs_thought", None)
        if prepare is not None and prepare(game):  # expert's plan before its first turn: not a move
            self.bot.think(game)
        if game.final_round is None:  # a Fleet's extra round comes after the game-ending turn
            self.result.ender = game.current.name
        start = time.perf_counter()
        answer = self.bot.decide(game, d)
        self.result.decision_times.append(time.perf_counter() - start)
        if isinstance(answer, TurnAction) and answer.name:
            if answer.verb == "buy":
                self.bought[answer.name] += 1
            self.use(answer.name)
        elif d.topic == "way" and answer and d.options[answer[0]].value is not None:
            self.use(d.options[answer[0]].label)
        return answer

    def use(self, name: str) -> None:
        self.result.uses[name] += 1
        self.result.used_by.setdefault(self.label, set()).add(name)


def random_kingdom(rng: random.Random) -> tuple[list[str], list[str]]:
    """10 Kingdom cards from the whole pool and up to 2 landscapes, at most 1 of them a Way."""
    db = database()
    kingdom = rng.sample(sorted(d.name for d in db.of_kind("kingdom")), 10)
    ways = sorted(d.name for d in db.of_kind("way"))
    others = sorted(d.name for d in db.of_kind("event", "project"))
    landscapes = rng.sample(others, rng.randint(0, 2))
    if landscapes and rng.random() < 0.5:
        landscapes[-1] = rng.choice(ways)
    # Way of the Mouse needs an unused cheap non-Duration Action to set aside
    mouse_ok = any(
        d.is_("Action") and not d.is_("Duration") and d.cost in (2, 3) and d.name not in kingdom
        for d in db.of_kind("kingdom")
    )
    if not mouse_ok and "Way of the Mouse" in landscapes:
        landscapes.remove("Way of the Mouse")
    return kingdom, landscapes


def labels_for(bots: list[str]) -> list[str]:
    """Seat names: the level, numbered when a level plays twice ("normal", "normal 2")."""
    seen: Counter = Counter()
    out = []
    for b in bots:
        seen[b] += 1
        out.append(b if seen[b] == 1 else f"{b} {seen[b]}")
    return out


def play_one(job: tuple) -> GameResult:
    """Game number i of a run: its kingdom, seats and seed come from (seed, i) alone."""
    seed, i, bots, kingdom, landscapes, max_turns = job
    rng = random.Random(f"{seed}:{i}")
    if kingdom is None:
        kingdom, landscapes = random_kingdom(rng)
    labels = labels_for(bots)
    shift = i % len(bots)  # seats rotate: each bot goes first as often as the others
    seats = labels[shift:] + labels[:shift]
    levels = dict(zip(labels, bots))
    makers: dict[str, Callable[[int], Any]] = {n: partial(make_player, levels[n]) for n in labels}
    return play_game(seats, makers, kingdom, landscapes, rng.randrange(10**9), max_turns)


def play_game(
    seats: list[str],
    makers: dict[str, Callable[[int], Any]],
    kingdom: list[str],
    landscapes: list[str],
    game_seed: int,
    max_turns: int,
) -> GameResult:
    """One game of these seats, each seat's bot made by its maker from the game seed plus its
    seat number, recorded: what each bought and used, the winners and scores, who ended it."""
    result = GameResult(game_seed, list(kingdom), list(landscapes))
    recorders = {n: Recorder(makers[n](game_seed + k), n, result, max_turns) for k, n in enumerate(seats)}
    game = new_game(
        Config(seats, list(kingdom), list(landscapes), game_seed), {k: recorders[n] for k, n in enumerate(seats)}
    )
    try:
        game.run()
    except TurnCap:
        result.capped = True
    result.bought = {n: r.bought for n, r in recorders.items()}
    if not result.capped:
        result.winners = [p.name for p in game.winners]
        result.scores = {p.name: game.score(p) for p in game.players}
        result.turns = {p.name: p.turns_taken for p in game.players}
        result.stalled = game.stalled
        if not game.stalled and result.ender not in result.winners:  # ended on a loser's own turn
            result.ended_behind = result.ender
    return result


def wilson(wins: float, n: int) -> tuple[float, float]:
    """95% confidence interval of a win rate (Wilson score interval)."""
    if n == 0:
        return 0.0, 0.0
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def run(
    bots: list[str],
    games: int,
    seed: int,
    kingdom: list[str] | None,
    landscapes: list[str],
    jobs: int,
    max_turns: int = MAX_TURNS,
    progress: Any = None,
) -> list[GameResult]:
    work = [(seed, i, bots, kingdom, landscapes, max_turns) for i in range(games)]
    if jobs <= 1:
        results = []
        for job in work:
            results.append(play_one(job))
            if progress:
                progress(len(results), games)
        return results
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        results = []
        for r in pool.imap(play_one, work, chunksize=max(1, min(8, games // (jobs * 4)))):
            results.append(r)
            if progress:
                progress(len(results), games)
        return results


def report(bots: list[str], results: list[GameResult], random_kingdoms: bool) -> list[str]:
    """The figures, in a fixed order: the same results give the same lines."""
    labels = labels_for(bots)
    done = [r for r in results if not r.capped]
    n = len(done)
    lines = []
    for b in labels:
        wins = sum(r.winners == [b] for r in done)
        lo, hi = wilson(wins, n)
        pct = 100 * wins / n if n else 0
        lines.append(f"{b}: {wins} wins of {n} ({pct:.0f}%, 95% CI {100 * lo:.0f}-{100 * hi:.0f}%)")
    ties = sum(len(r.winners) > 1 for r in done)
    if ties:
        lines.append(f"{ties} games shared the win.")
    for b in labels:
        score = statistics.fmean(r.scores[b] for r in done) if n else 0
        turns = statistics.fmean(r.turns[b] for r in done) if n else 0
        lines.append(f"{b}: average score {score:.1f}, average turns {turns:.1f}")
    for b in labels:
        total: Counter = Counter()
        for r in results:
            total.update(r.bought.get(b, {}))
        top = sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))[:6]
        lines.append(f"{b} bought most: " + ", ".join(f"{k} {v / len(results):.1f}" for k, v in top) + " per game")
    behind = sum(bool(r.ended_behind) for r in done)
    lines.append(
        f"{behind} games ended by a bot's own move while it was behind"
        + (
            " ("
            + ", ".join(
                f"{b} {sum(r.ended_behind == b for r in done)}"
                for b in labels
                if any(r.ended_behind == b for r in done)
            )
            + ")."
            if behind
            else "."
        )
    )
    capped = [r for r in results if r.capped]
    for r in capped:
        lines.append(f"finding: seed {r.seed} ({', '.join(r.kingdom + r.landscapes)}) reached the turn cap.")
    if not capped:
        lines.append("No game reached the turn cap.")
    for r in results:
        if r.stalled:
            lines.append(
                f"finding: seed {r.seed} ({', '.join(r.kingdom + r.landscapes)}) stalled: "
                f"no card left the Supply in {STALL_ROUNDS} rounds."
            )
    if random_kingdoms:
        dealt = set().union(*(set(r.kingdom + r.landscapes) for r in results)) if results else set()
        used = set().union(*(r.used for r in results)) if results else set()
        never = sorted(dealt - used)
        lines.append(f"Never used of {len(dealt)} dealt: " + (", ".join(never) if never else "none") + ".")
        for b in labels:  # each bot alone: a card one bot plays may be one the other never does
            mine = sorted(dealt - set().union(*(r.used_by.get(b, set()) for r in results)))
            lines.append(f"Never used by {b}: " + (", ".join(mine) if mine else "none") + ".")
    return lines


def usage(labels: list[str], results: list[GameResult]) -> list[str]:
    """`--usage`: for each Kingdom card and landscape dealt, in how many of the games it was
    dealt in a bot bought, played or used it, and how often, and in how many by each bot; then
    those never used, by any bot and by each."""
    db = database()
    dealt: Counter = Counter()
    used_in: Counter = Counter()
    times: Counter = Counter()
    by: dict[str, Counter] = {b: Counter() for b in labels}
    for r in results:
        used = r.used
        for name in r.kingdom + r.landscapes:
            dealt[name] += 1
            used_in[name] += name in used
            times[name] += r.uses[name]
            for b in labels:
                by[b][name] += name in r.used_by.get(b, ())
    lines = []
    for kind in ("kingdom", "event", "way", "project"):
        names = sorted(n for n in dealt if db[n].kind == kind)
        never = [n for n in names if not used_in[n]]
        lines.append(f"{kind.capitalize()} cards used:" if kind == "kingdom" else f"{kind.capitalize()}s used:")
        lines += [
            f"  {n}: in {used_in[n]} of {dealt[n]} games, {times[n]} times ("
            + ", ".join(f"{b} in {by[b][n]}" for b in labels)
            + ")"
            for n in names
        ]
        undealt = sorted(d.name for d in db.of_kind(kind) if d.name not in dealt)
        lines.append(
            f"  never used: {', '.join(never) if never else 'none'}"
            + (f"; never dealt: {', '.join(undealt)}" if undealt else "")
            + "."
        )
        for b in labels if names else ():
            mine = [n for n in names if not by[b][n]]
            lines.append(f"  never used by {b}: {', '.join(mine) if mine else 'none'}.")
    return lines


def parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="dominion simulate", description="Computer players against each other.")
    p.add_argument("--bots", default="normal,bigmoney", help=f"levels, comma-separated ({', '.join(LEVELS)})")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--kingdom",
        default="random",
        help="Kingdom cards, comma-separated, or random (a new random kingdom every game)",
    )
    p.add_argument("--landscapes", default="", help="Events, Ways and Projects with --kingdom NAMES")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)")
    p.add_argument("--max-turns", type=int, default=MAX_TURNS, help="turn cap for one player")
    p.add_argument(
        "--usage",
        action="store_true",
        help="how often each Kingdom card, Event, Way "
        "and Project dealt was bought, played or used, and which never were",
    )
    return p


def main(argv: list[str], out: Any = None) -> int:
    args = parser().parse_args(argv)
    write = out or (lambda line: print(line, flush=True))
    bots = split(args.bots)
    bad = [b for b in bots if b not in LEVELS]
    if bad or not 2 <= len(bots) <= 6:
        parser().error(f"--bots takes 2 to 6 of {', '.join(LEVELS)}")
    if args.games < 1 or args.jobs < 1 or args.max_turns < 1:
        parser().error("--games, --jobs and --max-turns must be at least 1")
    try:
        if args.kingdom.strip().lower() == "random":
            kingdom, landscapes = None, []
        else:
            db = database()
            kingdom = resolve(split(args.kingdom), db, ("kingdom",), "Kingdom card")
            landscapes = resolve(split(args.landscapes), db, ("event", "way", "project"), "landscape")
            from .setup import check_config

            check_config(Config(labels_for(bots), kingdom, landscapes, args.seed), database())
    except SetupError as e:
        sys.stderr.write(f"dominion: {e}\n")
        return 2
    tty = out is None and sys.stdout.isatty()

    def progress(done: int, total: int) -> None:  # a terminal only: a pipe gets results alone
        if done == total or done % max(1, total // 20) == 0:
            sys.stdout.write(f"\rPlayed {done} of {total} games." + ("\n" if done == total else ""))
            sys.stdout.flush()

    try:
        return finish(args, bots, kingdom, landscapes, write, progress if tty else None)
    except BrokenPipeError:  # the reader went away (simulate | head): nothing left to tell
        sys.stderr.close()
        return 0


def finish(
    args: argparse.Namespace,
    bots: list[str],
    kingdom: list[str] | None,
    landscapes: list[str],
    write: Any,
    progress: Any,
) -> int:
    start = time.perf_counter()
    results = run(
        bots, args.games, args.seed, kingdom, landscapes, min(args.jobs, args.games), args.max_turns, progress
    )
    spent = time.perf_counter() - start
    for line in report(bots, results, kingdom is None):
        write(line)
    if args.usage:
        for line in usage(labels_for(bots), results):
            write(line)
    times = sorted(t for r in results for t in r.decision_times)
    jobs = min(args.jobs, args.games)
    write(
        f"Time: {len(results)} games in {spent:.1f} s, {len(results) / spent:.1f} games per second "
        f"({len(results) / spent / jobs:.1f} per process, {jobs} process{'es' if jobs > 1 else ''}); "
        f"median decision "
        f"{1000 * times[len(times) // 2]:.3f} ms, 99th percentile {1000 * times[len(times) * 99 // 100]:.3f} ms, "
        f"slowest {1000 * times[-1]:.1f} ms."
    )
    return 0
