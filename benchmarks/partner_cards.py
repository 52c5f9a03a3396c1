"""A card beside the kingdom's best card, against `hard`: what expert's partner plans are measured by.

Over the kingdoms of `dominion simulate --seed 1` (game i's kingdom), those whose best tuned card
(rated 0.6 or more) is terminal or not as asked, expert's fixed plans play hard with paired seeds,
both seats: the best card alone, and beside one copy of CARD (or CARD bought only with coins that
buy no Silver, --spare; --more N: CARD beside N more copies of the best card). --swap puts CARD
into kingdoms without it, in place of the worst-rated card, for more kingdoms than the randomizer
deals it to. One process; run by hand:

    python benchmarks/partner_cards.py "Mountain Village" --terminal
    python benchmarks/partner_cards.py Kiln --swap
    python benchmarks/partner_cards.py "Border Guard" --spare --any
    python benchmarks/partner_cards.py "Acting Troupe" --swap --terminal --more 1
"""

from __future__ import annotations

import argparse
import math
import random

from dominion_tui.bots import tuning
from dominion_tui.bots.expert import Strategy, match
from dominion_tui.bots.traits import is_terminal, traits
from dominion_tui.setup import database
from dominion_tui.simulate import random_kingdom


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("card")
    ap.add_argument("--seeds", type=int, default=3, help="seeds per kingdom, each played in both seats")
    ap.add_argument("--kingdoms", type=int, default=400, help="kingdoms of simulate --seed 1 looked at")
    ap.add_argument("--terminal", action="store_true", help="best cards that are terminal (default: not)")
    ap.add_argument("--any", action="store_true", help="any best card")
    ap.add_argument("--swap", action="store_true")
    ap.add_argument("--spare", action="store_true")
    ap.add_argument("--base", type=int, default=7000, help="the first game seed")
    ap.add_argument("--more", type=int, default=0, help="beside CARD, this many more copies of the best card")
    a = ap.parse_args()
    db = database()
    wins, n = [0.0, 0.0], 0
    for i in range(a.kingdoms):
        kingdom, landscapes = random_kingdom(random.Random(f"1:{i}"))
        if a.card not in kingdom and not a.swap:
            continue
        rated = sorted(((tuning.TUNED.get(x, (1, 0.0))[1], x) for x in kingdom if x != a.card), reverse=True)
        best = rated[0][1]
        if rated[0][0] < 0.6 or not a.any and is_terminal(traits(db[best]), db[best]) != a.terminal:
            continue
        if a.card not in kingdom:
            kingdom = [x for x in kingdom if x != rated[-1][1]] + [a.card]
        alone = Strategy(cards=((best, tuning.TUNED[best][0]),))
        beside = (
            Strategy(cards=alone.cards, spare=(a.card,))
            if a.spare
            else Strategy(cards=((best, tuning.TUNED[best][0] + a.more), (a.card, 1)))
        )
        n += 1
        for g in range(a.seeds):
            for first in (True, False):
                for k, s in enumerate((alone, beside)):
                    wins[k] += match(kingdom, landscapes, s, a.base + 10 * i + g, first)
    games = 2 * a.seeds * n
    for label, w in zip(("alone", "beside " + a.card), wins):
        p = w / max(1, games)
        print(f"{label}: {100 * p:.1f}% +- {196 * math.sqrt(p * (1 - p) / max(1, games)):.1f} of {games} games")


if __name__ == "__main__":
    main()
