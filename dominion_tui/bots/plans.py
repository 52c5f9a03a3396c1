"""The knobs of the levelled bots' buying plans, one Plan per level."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Plan:
    """The knobs of a buying plan; `hard` uses values tuned by simulation."""

    kingdom_bar: float = 3.0  # a kingdom card must beat Silver's 2 coins by this much judgement
    gold_bar: float = 3.9  # ... and at 6 or 7 coins, Gold's 3
    two_bar: float = 0.5  # ... and at 2 coins, nothing
    copy_penalty: float = 0.5  # each copy owned makes one more worth this much less
    first_copy: float = 0.4  # a card not yet owned is worth trying: variety, a Way's use
    terminals_per_10: float = 0.7  # terminal Actions per 10 cards (more when villages allow)
    duchy_at: int = 4  # Provinces left when Duchies beat Gold
    estate_at: int = 2
    attack_bonus: float = 1.0
    trash_bonus: float = 0.8
    opening_trash: float = 1.5  # the trash bonus is worth this many times more in the opening
    endgame: int = 0  # 1: count the score at the end (no last Province that still loses); 2: also
    # the penultimate Province rule
    focus_min: float = 2.0  # a tuned "Big Money + X" rating (TUNED) this good makes X the plan
    focus_cards: int = 1  # how many such cards, best first
    focus_landscapes: int = 0  # 1: Events and Projects too, judged as normal does
    gold_first: int = 4  # at 6 coins, a Gold before another copy of the plan's card costing up to this
    # ... and before the first copy of a card rated below another of the plan (expert's plans of two
    # cards), against it bought so (python benchmarks/plan_knobs.py 300 10 '{"gold_before_second":
    # false}' c two, and d): -2.25 +- 1.38 and -1.96 +- 1.21 points; on each kingdom's first
    # candidate with a partner (a village, a Kiln) -3.62 +- 1.77 of 103, a thin plan (its trasher
    # listed first, rated below its main card) -0.21 +- 0.52 of 355. By the list's order instead
    # (a thin plan's main card then waited, its trasher listed first) the thin plans lost 2.56 +- 0.85.
    gold_before_second: bool = True
    gold_before_cantrip: bool = True  # ... also when the copy leaves an Action (Coven, Bounty Hunter)
    province_money: int = 0  # at 8 coins before the Duchies, a Gold while the deck's Treasures make fewer coins
    gold_actions: bool = False  # ... counting an Action that makes a Gold's 3 coins or more (Treasurer, Livery)
    chart_focus: bool = False  # the plan's own card, owned, is a card to put on top at a shuffle (Star Chart)
    projects: bool = True  # Projects bought (expert.choose also weighs its first plan without them)


# hard: the score counted at the end, and the kingdom's best "Big Money + X" plan when the
# simulation found one (TUNED). Tuned by simulation (benchmarks/tune_hard.py).
PLANS = {"normal": Plan(), "hard": Plan(endgame=2, focus_min=0.6, focus_landscapes=1)}
