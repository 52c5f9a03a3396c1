"""The reliability soak: random games over random kingdoms, every kind of computer player.

Run by hand: python benchmarks/soak.py [N] [--start S] [--jobs J] [--cap TURNS] [--replay-every K]

Game number i (from --start) is set up from i alone: 2 to 6 players, each a random, simple,
normal, hard or bigmoney player, 10 Kingdom cards from the whole pool and 0 to 4 landscapes
(Events, Ways, Projects; several Ways may meet). Between moves every card must be in exactly one
place; a game still going after --cap turns of one player is a finding; every K-th finished
game is replayed from its answers and must end in the very same state. Prints the figures and
every finding with its game number, so that one game can be run again alone (--start I 1).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field

from dominion_tui.bots import RandomPlayer, SimplePlayer, make_player
from dominion_tui.core.game import Config
from dominion_tui.setup import SetupError, database, new_game

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
KINDS = ("random", "simple", "normal", "hard", "bigmoney")


class Cap(Exception):
    """A finding: the game ran past the turn cap."""


class Checked:
    """Answers through a player; checks every card's place before each move of a turn."""

    def __init__(self, inner, cap: int, counts: Counter) -> None:
        self.inner, self.cap, self.counts = inner, cap, counts

    def decide(self, game, d):
        if d.kind == "turn":
            problem = game.check_conservation()
            if problem is not None:
                raise AssertionError(f"card count: {problem}")
            if game.current.turns_taken > self.cap:
                raise Cap
        self.counts["answers"] += 1
        return self.inner.decide(game, d)


class Replay:
    def __init__(self, answers: list) -> None:
        self.answers, self.i = answers, 0

    def decide(self, game, d):
        self.i += 1
        return self.answers[self.i - 1]


def config_for(i: int) -> tuple[Config, list[str]]:
    rng = random.Random(f"soak:{i}")
    db = database()
    kingdom = rng.sample(sorted(d.name for d in db.of_kind("kingdom")), 10)
    landscapes = rng.sample(sorted(d.name for d in db.of_kind("event", "way", "project")), rng.randint(0, 4))
    n = rng.randint(2, 6)
    kinds = [rng.choice(KINDS) for _ in range(n)]
    return Config(NAMES[:n], kingdom, landscapes, rng.randrange(10**9)), kinds


def player(kind: str, seed: int):
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "simple":
        return SimplePlayer(seed)
    return make_player(kind, seed)


@dataclass
class Result:
    i: int
    outcome: str  # ended, stalled, capped, error, setup
    turns: int = 0
    players: int = 0
    detail: str = ""
    counts: Counter = field(default_factory=Counter)


def soak_one(job: tuple[int, int, int]) -> Result:
    i, cap, replay_every = job
    config, kinds = config_for(i)
    counts: Counter = Counter()
    try:
        game = new_game(
            config, {k: Checked(player(kind, config.seed + k), cap, counts) for k, kind in enumerate(kinds)}
        )
    except SetupError as e:  # a landscape this kingdom cannot have (Way of the Mouse): not a game
        return Result(i, "setup", detail=str(e))
    try:
        game.run()
        problem = game.check_conservation()
        if problem is not None:
            raise AssertionError(f"card count: {problem}")
    except Cap:
        return Result(i, "capped", cap, len(kinds), f"{', '.join(config.kingdom + config.landscapes)}; {kinds}")
    except Exception as e:  # noqa: BLE001 - every exception is a finding, reported with its game
        tb = traceback.format_exc().strip().splitlines()
        return Result(i, "error", game.current.turns_taken, len(kinds), f"{type(e).__name__}: {e} | {tb[-3].strip()}")
    turns = max(p.turns_taken for p in game.players)
    result = Result(i, "stalled" if game.stalled else "ended", turns, len(kinds), counts=counts)
    if replay_every and i % replay_every == 0:
        replay = Replay(list(game.answers))  # one list of answers, whoever was asked
        again = new_game(config, {k: replay for k in range(len(kinds))})
        again.run()
        if again.snapshot() != game.snapshot():
            result.outcome, result.detail = "replay", "the replay ended in another state"
        result.counts["replayed"] += 1
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, nargs="?", default=1000, help="how many games")
    ap.add_argument("--start", type=int, default=0, help="the first game number")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--cap", type=int, default=400, help="turns of one player that make a finding")
    ap.add_argument("--replay-every", type=int, default=10, help="replay every K-th game (0: none)")
    args = ap.parse_args()
    work = [(i, args.cap, args.replay_every) for i in range(args.start, args.start + args.n)]
    start = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            results = list(pool.imap(soak_one, work, chunksize=8))
    else:
        results = []
        for job in work:
            results.append(soak_one(job))
            if len(results) % 500 == 0:  # a long run says how far it is, on stderr
                print(f"{len(results)} of {args.n} games, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    spent = time.perf_counter() - start
    outcomes = Counter(r.outcome for r in results)
    played = [r for r in results if r.outcome != "setup"]
    by_players = Counter(r.players for r in played)
    replayed = sum(r.counts["replayed"] for r in results)
    print(
        f"{len(played)} games played (games {args.start} to {args.start + args.n - 1}; "
        f"{outcomes['setup']} setups refused), by players: "
        + ", ".join(f"{k}: {v}" for k, v in sorted(by_players.items()))
    )
    print(
        f"ended by their piles: {outcomes['ended']}; stalled: {outcomes['stalled']}; "
        f"turn cap ({args.cap}): {outcomes['capped']}; exceptions or card-count errors: {outcomes['error']}; "
        f"replays differing: {outcomes['replay']} of {replayed}"
    )
    turns = sorted(r.turns for r in played if r.outcome in ("ended", "stalled"))
    if turns:
        print(
            f"turns of the longest-playing player: median {turns[len(turns) // 2]}, max {turns[-1]}; "
            f"{sum(r.counts['answers'] for r in results)} answers in all"
        )
    for r in results:
        if r.outcome in ("capped", "error", "replay", "stalled"):
            print(f"{r.outcome}: game {r.i} ({r.players} players, {r.turns} turns): {r.detail}")
    print(f"Time: {spent:.0f} s, {len(results) / spent:.1f} games per second, {args.jobs} process(es).")


if __name__ == "__main__":
    main()
