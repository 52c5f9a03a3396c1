"""Rollouts of expert's questions (issue 22): in each of K random kingdoms (plan_knobs.py's "knobc"
kingdoms, the plan expert chooses, kept in FILE), expert plays `hard`; up to 4 of its questions a
game (a Way, a reaction, a mode, yes or no, one card, which Action to play) are answered each other
way, and the rest of the game replayed R times from the same reseeded generator. Prints, per
question and answer, how much the other answer won or lost against expert's (a share of a game,
95% interval). `--topic way` asks only the Way questions (3 games a kingdom, kingdoms with a Way);
`--topic buy` only a phase's first buy, tried as every other card, Event or Project the coins buy
then (not Copper or Curse) and as buying nothing (1 game a kingdom). About 8 minutes for 300
kingdoms at R 48 on 2 cores once the plans are kept (`--topic buy` at R 16: 20 minutes):

    python benchmarks/rollouts.py 300 48 chosen=/tmp/chosen.pkl --topic way
    python benchmarks/rollouts.py 300 16 chosen=/tmp/chosen.pkl --topic buy

Expert plays without its endgame search (bots/search.py): each replay would cost twenty times as
much. The best of several noisy answers is biased upward: a rule is worth changing only where one answer
beats expert's over many questions (stop 64's buy rollouts found Black Cat so)."""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from multiprocessing import Pool
from typing import Any

from head_to_head import interval  # this folder: run as python benchmarks/rollouts.py
from plan_knobs import chosen_plans, knob_kingdom

from dominion_tui.bots.bot import Bot
from dominion_tui.bots.expert import Expert
from dominion_tui.core.decisions import TurnAction
from dominion_tui.core.game import Config, Game
from dominion_tui.setup import new_game

TAG = "c"


class _Capped(Exception):
    pass


class Branch:
    """A player replayed to answer number `at` (the game's count), where the generator is
    reseeded and `answer` given instead of its own; with `log`, its questions are noted."""

    def __init__(self, inner: Any, at: int = -1, answer: Any = None, reseed: int = 0, log: list | None = None):
        self.inner, self.at, self.answer, self.reseed, self.log = inner, at, answer, reseed, log

    def decide(self, game: Game, d: Any) -> Any:
        q = len(game.answers)
        if game.current.turns_taken > 60:
            raise _Capped
        if q == self.at:
            game.rng.seed(self.reseed)
            if self.answer is not None:
                return self.answer
        a = self.inner.decide(game, d)
        if self.log is not None:
            self.log.extend(others(game, d, q, a))
        return a


def others(game: Game, d: Any, q: int, a: Any) -> list[tuple[int, str, str, str, Any]]:
    """(answer number, question, expert's answer, another, that answer) for a question worth trying."""
    if d.kind == "turn" and (game.phase == "buy" or (isinstance(a, TurnAction) and a.verb == "buy")):
        return buys(game, d, q, a)  # a hand without Treasures buys from the Action phase
    if d.kind == "turn":
        types = game.db.defs
        if game.phase != "action" or not isinstance(a, TurnAction) or a.verb != "play":
            return []
        acts = {
            x.name for x in game.legal_plays(d.player) if x.verb == "play" and "Action" in types[x.name or ""].types
        }
        if a.name not in acts:
            return []
        return [(q, "play", a.name or "", n, TurnAction("play", n)) for n in sorted(acts - {a.name})]
    if d.max != 1 or not isinstance(a, list) or not 2 <= len(d.options) + (d.min == 0) <= 8:
        return []
    label = d.options[a[0]].label if a else "none"
    out = [(q, d.topic or d.kind, label, o.label, [i]) for i, o in enumerate(d.options) if [i] != a]
    return out + ([(q, d.topic or d.kind, label, "none", [])] if d.min == 0 and a else [])


def buys(game: Game, d: Any, q: int, a: Any) -> list[tuple[int, str, str, str, Any]]:
    """The phase's first buy (or buying nothing): every other card, Event or Project the coins
    buy now, and buying nothing."""
    if not isinstance(a, TurnAction) or a.verb not in ("buy", "end") or game.turn.bought_in_phase:
        return []
    label = (a.name or "") if a.verb == "buy" else "nothing"
    names = sorted({x.name or "" for x in game.legal_buys(d.player)} - {label, "Copper", "Curse"})
    out = [(q, "buy", label, n, TurnAction("buy", n)) for n in names]
    return out + ([(q, "buy", label, "nothing", TurnAction("end"))] if a.verb == "buy" else [])


def played(kingdom: list[str], lands: list[str], s: Any, seed: int, first: bool, **branch: Any) -> float:
    """One game of the plan against hard: 1 won, 0.5 shared or capped, 0 lost."""
    me = Branch(Expert(seed, strategy=s, search=False), **branch)
    other = Branch(Bot(seed + 1, "hard"), at=me.at, reseed=me.reseed)  # reseeds at the branch too
    seats = ["me", "other"] if first else ["other", "me"]
    game = new_game(Config(seats, kingdom, lands, seed), {j: me if n == "me" else other for j, n in enumerate(seats)})
    try:
        game.run()
    except _Capped:
        return 0.5
    names = [p.name for p in game.winners]
    return 1.0 if names == ["me"] else 0.5 if "me" in names else 0.0


def one(args: tuple[int, Any, int, str | None]) -> list[tuple[str, str, str, float]]:
    """Kingdom i: (question, expert's answer, another, the other's share less expert's) per try."""
    i, s, rollouts, topic = args
    kingdom, lands = knob_kingdom(TAG, i)
    if topic == "way" and not any(n.startswith("Way of") for n in lands):
        return []
    out = []
    for game_no in range(3 if topic not in (None, "buy") else 1):
        rng = random.Random(f"rollouts:{i}:{game_no}")
        seed, first = rng.randrange(10**9), (i + game_no) % 2 == 0
        log: list = []
        played(kingdom, lands, s, seed, first, log=log)
        asked = sorted({q for q, t, *_ in log if t == topic or (topic is None and t != "buy")})
        for q in rng.sample(asked, min(4, len(asked))):
            seeds = [rng.randrange(10**9) for _ in range(rollouts)]
            mine = sum(played(kingdom, lands, s, seed, first, at=q, reseed=r) for r in seeds) / rollouts
            for _, t, label, alt, answer in (x for x in log if x[0] == q):
                theirs = sum(played(kingdom, lands, s, seed, first, at=q, answer=answer, reseed=r) for r in seeds)
                out.append((t, label, alt, theirs / rollouts - mine))
    return out


def main(argv: list[str]) -> None:
    k, rollouts = int(argv[0]), int(argv[1])
    path = next(a.split("=", 1)[1] for a in argv if a.startswith("chosen="))
    topic = argv[argv.index("--topic") + 1] if "--topic" in argv else None
    plans = chosen_plans(path, k, TAG)
    with Pool(2) as pool:
        rows = [r for rs in pool.map(one, [(i, plans[i], rollouts, topic) for i in range(k)]) for r in rs]
    groups: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    for t, label, alt, d in rows:
        groups[(t, label, alt)].append(d)
    print(f"{len(rows)} other answers tried; each: the other answer's share less expert's")
    for (t, label, alt), ds in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        mean, half = interval(ds) if len(ds) > 1 else (ds[0], float("nan"))
        print(f"  {t}: {alt} instead of {label}, {len(ds)} times: {mean:+.3f} +- {half:.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
