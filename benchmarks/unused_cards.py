"""Why expert leaves a Kingdom card unused (issue 22): the plans it could make of the card, and
how often its engine buys the card where it is dealt.

    python benchmarks/unused_cards.py plans CARD KINGDOMS SEEDS
    python benchmarks/unused_cards.py engine CARD GAMES [FIRST]
    python benchmarks/unused_cards.py weak CARD KINGDOMS

`plans`: in the first KINGDOMS of `simulate --seed 1`'s random deals that hold CARD, expert's
first candidate, hard's plan, money with 1 and 2 of CARD, money with the kingdom's best card
(hard's TUNED) and 1 of CARD, and the engine where offered, each against `hard` on SEEDS seeds,
both seats; per kingdom and on average. `engine`: engine_vs_hard's games with CARD in place of
each kingdom's last card: points (a shared win half) and the games in which the engine bought or
played CARD. `weak`: KINGDOMS kingdoms of CARD and 9 cards rated below it (TUNED; the 9 rated
lowest where fewer are), each expert's chosen plan (choose) and how many candidates hold CARD."""

from __future__ import annotations

import random
import sys

from engine_vs_hard import ENGINE, kingdoms  # this folder: run as python benchmarks/unused_cards.py

from dominion_tui.bots import Bot, tuning
from dominion_tui.bots.expert import Expert, Strategy, candidates, choose, match
from dominion_tui.core.decisions import TurnAction
from dominion_tui.core.game import Config
from dominion_tui.setup import new_game
from dominion_tui.simulate import random_kingdom


def plans(card: str, count: int, seeds: int) -> None:
    totals: dict[str, float] = {}
    done = 0
    for i in range(400):
        kingdom, landscapes = random_kingdom(random.Random(f"1:{i}"))
        if card not in kingdom:
            continue
        if done == count:
            break
        done += 1
        pool = candidates(kingdom)
        top = max((tuning.TUNED[n][1], n) for n in kingdom if n in tuning.TUNED)[1]
        tried = {
            "first": pool[0],
            "hard": Strategy(),
            "X1": Strategy(cards=((card, 1),)),
            "X2": Strategy(cards=((card, 2),)),
            "top+X": Strategy(cards=((top, tuning.TUNED[top][0]), (card, 1))),
        }
        for s in pool:
            if s.engine:
                tried["engine"] = s
        row = {}
        for name, s in tried.items():
            row[name] = sum(match(kingdom, landscapes, s, 1000 * i + g, f) for g in range(seeds) for f in (True, False))
            row[name] /= 2 * seeds
            totals[name] = totals.get(name, 0.0) + row[name]
        print(i, top, " ".join(f"{k}={v:.2f}" for k, v in row.items()), flush=True)
    print(card, done, "kingdoms:", " ".join(f"{k}={v / done:.3f}" for k, v in totals.items()))


class Using:
    """A player that counts the buys and plays of one card."""

    def __init__(self, bot: Bot, card: str) -> None:
        self.bot, self.card, self.used = bot, card, 0

    def decide(self, game, d):  # type: ignore[no-untyped-def]
        answer = self.bot.decide(game, d)
        self.used += isinstance(answer, TurnAction) and answer.name == self.card
        return answer


def engine(card: str, games: int, first: int) -> None:
    sys.argv += ["--force", card]  # engine_vs_hard's kingdoms read it
    points = used = 0.0
    for n, (i, kingdom, landscapes) in enumerate(kingdoms(games, first)):
        me = Using(Expert(i, strategy=ENGINE, search=False), card)
        seats = ["engine", "hard"] if n % 2 == 0 else ["hard", "engine"]
        deciders = {seats.index("engine"): me, seats.index("hard"): Bot(i + 1, "hard")}
        game = new_game(Config(seats, kingdom, landscapes, i), deciders)
        game.run()
        names = [p.name for p in game.winners]
        points += 1.0 if names == ["engine"] else 0.5 if "engine" in names else 0.0
        used += me.used > 0
    print(f"{card} forced, {games} games from {first}: {points} points, bought or played in {used:.0f}")


def weak(card: str, count: int) -> None:
    rated = sorted((r, n) for n, (_, r) in tuning.TUNED.items() if n != card)
    below = [n for r, n in rated if r < tuning.TUNED[card][1]]
    below = below if len(below) >= 9 else [n for _, n in rated[:9]]
    for j in range(count):
        kingdom = [*random.Random(f"weak:{card}:{j}").sample(below, 9), card]
        s = choose(kingdom, [], j)
        held = sum(any(n == card for n, _ in c.cards or ()) for c in candidates(kingdom))
        print(card, j, "chosen:", s.label, "| candidates holding it:", held, flush=True)


if __name__ == "__main__":
    mode, card = sys.argv[1], sys.argv[2]
    if mode == "plans":
        plans(card, int(sys.argv[3]), int(sys.argv[4]))
    elif mode == "weak":
        weak(card, int(sys.argv[3]))
    else:
        engine(card, int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 0)
