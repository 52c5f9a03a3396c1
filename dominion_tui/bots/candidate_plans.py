"""expert's candidate plans (issue 22): what a plan for one kingdom is (Strategy), expert's
first knobs (BASE), and the plans worth trying in a kingdom (candidates), which bots/expert.py
plays against each other before the first turn."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from . import tuning
from .deckmodel import engine_kingdom, is_village
from .plans import Plan
from .traits import is_terminal, traits

# What expert starts from: the score counted at the end (no last Province that loses, no
# penultimate one that lets the other win), landscapes judged, hard's focus when nothing better,
# and Big Money's first Province only once the deck's Treasures make 15 coins (a Gold before):
# expert's first candidate against hard, each kingdom's 10 seeds both seats paired with and
# without (benchmarks/plan_knobs.py 400 10, sets b and c): 15 coins +1.31 +- 0.70 and
# +1.32 +- 0.80 points (two sets), 14 +1.47 and +1.07, 13 +0.66, 11 +0.49, 16 +0.83, 17 +0.16;
# by coins per card instead (0.9, 1.0, 1.1 a card) -0.43, -2.20, -8.17.
# With 6 coins and one copy of the plan's card owned, a Gold before another copy that costs up to
# a Gold (hard: up to 4): +1.59 +- 0.81 and +0.87 +- 0.82 (sets b, d), any cost +1.11 +- 0.78 (c).
# But not before a copy that leaves an Action (Coven, Bounty Hunter): it collides with nothing,
# and in Coven's race for the Curses the copy counts. Kingdom 102 of "choice:" (4 Covens, hard's
# plan with these knobs) won 35% and 27% of two sets of 60 games against hard, with the copy first
# 52% and 53% (hard's own knobs 53% and 51%); benchmarks/expert_choice.py run 0:400 +0.55 +- 0.22
# points (65.3% to 65.8%, another plan in 56), +3.8 in the 78 kingdoms with Coven.
# The 15 coins count an Action that makes a Gold's 3 or more (Treasurer, Livery): a Treasurer deck
# holds its money in Treasurers. plan_knobs.py 400 10 sets b, c, d: +0.34, +0.19, +0.03 points;
# expert_choice.py run 0:400 paired: +0.24 +- 0.13 (65.8% to 66.1%). Every Action's coins counted:
# Treasurer +2.2, Flag Bearer -2.3 (+0.03 in all).
# The other knobs change few or none of the first candidate's games: its buys go through its focus
# card (Bot.focus_purchase), seldom the kingdom's judged best (plan_knobs.py 400 10 b at stop 61:
# kingdom_bar 2.5 and 3.5, gold_bar 3.4, copy_penalty 0.3, two_bar 1.0, 0.00 points; copy_penalty 0.7,
# attack_bonus 1.5, trash_bonus 1.2, terminals_per_10 1.0 within 0.04). Estates from 1 Province left -0.66 +- 0.61,
# from 3 -0.44 +- 0.42 (estate_at 2).
# Tried at stop 62, each measured on the first candidate (plan_knobs.py 400 10, sets b to f) and
# then on the plans chosen (expert_choice.py run, paired with stop 60's runs of this code):
# - The penultimate Province skipped only when 6 or more points behind (endgame 2, hard's rule):
#   +0.41, +0.41, -0.27, +0.43, +0.31 points, but the plans chosen -0.35 +- 0.35 (run 400:600; the
#   same plan in 162 kingdoms, -0.44 +- 0.20 there). Skipped when the others' deck makes 8 coins
#   (Deck.value's spread) 15% of the time or more: +0.26, +0.30 (b, c); 25%: +0.24, +0.38. No better.
# - Duchies from one Province fewer left while 6 or more points ahead: +0.26, +0.17, +0.41, +0.32
#   (b to e; ahead by 4: +0.30, +0.39), plans of two cards +0.06 (b); the plans chosen -0.43 +-
#   0.23 (run 0:200; the same plan in 168, +0.05 +- 0.09 there). One Province sooner: -0.58 (b).
# Judged again at stop 65 on the plans expert chooses, not its first candidate (plan_knobs.py 300
# 10 KNOBS c chosen=FILE; the plan chosen 66.9%; +- a 95% interval): no knob gains. Duchies one
# Province sooner or later -1.17 +- 0.70 and -1.70 +- 0.68 points; Estates one later +0.05 +- 0.66,
# sooner -0.84 +- 0.52; gold_first 4 -1.85 +- 0.98; province_money 12 and 18 -0.84 and -1.43;
# gold_actions off -0.42 +- 0.32; gold_before_cantrip on -0.57 +- 0.55; focus_landscapes 0 -2.84 +-
# 1.11. The penultimate Province (a scratch knob, 300 other kingdoms, 10 seeds): bought when 1
# point behind, 1 to 2 (the rollouts' hint at stop 64), 1 to 5 (hard's rule): -0.50 +- 0.24,
# -0.66 +- 0.29, -0.33 +- 0.49; skipped when level too, -0.88 +- 0.29. Skipped whenever behind stays.
BASE = Plan(
    endgame=3,
    focus_min=0.6,
    focus_landscapes=1,
    province_money=15,
    gold_first=6,
    gold_before_cantrip=False,
    gold_actions=True,
    chart_focus=True,
)


@dataclass(frozen=True)
class Strategy:
    """A plan for one kingdom: the knobs, and the cards to gain beside money (None: traits)."""

    plan: Plan = BASE
    cards: tuple[tuple[str, int], ...] | None = None
    label: str = "hard's plan"
    engine: bool = False  # build an engine (bots/engine.py) instead of the knobs' money deck
    draws: bool = False  # the engine that draws its deck (villages and draw till drawn): choose() adds it late
    spare: tuple[str, ...] = ()  # cards bought only with coins that buy no Silver, one copy each


# Never used by expert in `simulate --bots expert,hard --games 400 --seed 1`: Cavalry, Seer,
# Inventor, Experiment (Kingdom cards), Populate (an Event, events.py populate_value). Why, traced
# on that run's deals: rated below the kingdom's third best card (TUNED), a card is in no money
# candidate (Cavalry in 0 of its 81 deals, Seer 2 of 68, Inventor 1 of 65, Experiment 0 of 64), and
# the engine, offered in 57, 54, 50 and 51 of them, is seldom chosen and seldom buys them. Each
# money plan the card could make, judged in its first 20 (16) deals, 10 seeds both seats
# (benchmarks/unused_cards.py plans CARD 20 10), against the first candidate and the engine:
#   card        first  money+1 X  +2 X  best card+1 X  engine
#   Seer        0.544  0.139     0.105  0.429          0.224
#   Cavalry     0.520  0.183     0.151  0.335          0.346
#   Inventor    0.522  0.236     0.155  0.411          0.375   (16 deals)
#   Experiment  0.442  0.111     0.097  0.283          0.189   (16 deals)
# In these deals each loses a tenth or more of the games to expert's own plans: left unused.
# Where the card is rated best (unused_cards.py weak CARD 4: beside 9 cards rated below it),
# expert chooses a money plan with it in 3 of 4 kingdoms (Seer), 2 (Cavalry), 1 (Inventor), the
# engine in the others. Experiment (0.29) is in no candidate even so, rightly: in the kingdom of
# it and the 9 rated lowest (Acting Troupe ... Village Green, expert.match on seeds 7000-7059,
# both seats) money with 1, 2, 3 of it won 36.7%, 34.6%, 17.5%, hard's plan 48.7%, the engine 58.8%.
# The engine with the card forced (unused_cards.py engine CARD 1000): bought or played in Seer 147
# games, Cavalry 231, Inventor 39, Experiment 20; made to buy more it lost (deckmodel.py, on cards that gain;
# traits.py Seer).
# The cards still unused in some seeds' runs, bought in place of expert's own buy on its chosen plans
# (benchmarks/rollouts.py 300 16 chosen=FILE --topic buy, stop 66: the rest of the game replayed 16
# times; a share of a game, 95% interval): Sheepdog instead of a Silver -0.134 +- 0.059 (31 buys),
# of a Gold -0.174 +- 0.057 (36); Acting Troupe instead of a Silver -0.061 +- 0.066 (21); instead of
# a Gold Hideout -0.243 +- 0.083, Hunting Lodge -0.095 +- 0.047, Destrier -0.094 +- 0.046, Seer -0.122
# +- 0.052, Inventor -0.173 +- 0.055. Only in place of a late Estate do they cost nothing measurable
# (Sheepdog -0.004 +- 0.014, Acting Troupe -0.010 +- 0.011), as buying nothing there (-0.000 +- 0.016
# of 90): no use of them that wins. Of all 14,201 buys tried, in 967 pairings (a buy in place of
# another) tried twice or more, 14 beat expert's beyond their interval (chance gives about 24), none
# over more than 6 buys; 424 lost beyond theirs.
def candidates(kingdom: list[str]) -> list[Strategy]:
    """The plans worth trying in this kingdom, the most likely first (ties keep the first).
    Measured over random kingdoms (issue 22), a tuned count of the best card (EXPERT), the two
    best cards together and earlier Duchies beat hard most often; the third best card alone or
    beside the best, and a trasher beside the best (thin money), each won some kingdoms by far.
    With the partners and the spare Border Guard (`simulate --bots expert,hard --games 400 --seed 1`):
    255 wins, 251 before; Border Guard used in 25 of its 63 games, Mountain Village in 11 of 77."""
    from ..setup import database  # not at import: setup loads the cards

    db = database()
    out = []
    rated = sorted(((tuning.TUNED[n][1], n) for n in kingdom if n in tuning.TUNED), reverse=True)
    top = [(n, tuning.TUNED[n][0]) for r, n in rated[:3] if r >= 0.3]
    top[1:] = [(n, tuning.BESIDE.get(n, c)) for n, c in top[1:]]  # the second and third cards' counts
    tuned = [(n, tuning.EXPERT[n]) for n, _ in top[:1] if n in tuning.EXPERT]
    for n, (copies, duchy_at, _) in tuned:
        label = f"money with {copies} {n}, Duchies from {duchy_at} Provinces left"  # not the +1 copy's label
        out.append(Strategy(replace(BASE, duchy_at=duchy_at), ((n, copies),), label=label))
    out.append(Strategy())
    duchies = replace(BASE, duchy_at=5)
    if top:
        n, c = top[0]
        out.append(Strategy(cards=((n, c + 1),), label=f"money with {c + 1} {n}"))
        # Not offered: hard's plan with Duchies from 5 Provinces left. Chosen in 12 of 400 kingdoms,
        # worth 0.535 there; without it the plans chosen gain +0.24 +- 0.14 points (expert_choice.py
        # run 0:400, paired; the same plan in 337): one candidate fewer thins the others' games less.
    first = top[0][0] if top else None
    ca = (tuned[0][1][0] if tuned else top[0][1]) if top else 0
    for b, cb in top[1:]:
        out.append(Strategy(cards=((b, cb),), label=f"money with {cb} {b}"))
        out.append(Strategy(cards=((first or b, ca), (b, cb)), label=f"money with {first} and {b}"))
    if len(top) >= 2:
        (a, _), (b, cb) = top[:2]
        # One more of the best beside the second: the chosen plan 65.7% of fresh games, 64.6% without
        # (benchmarks/expert_choice.py, 120 kingdoms "choice:", paired +1.17 +- 0.47). Lost: beside it,
        # the best with 1 of the second and a thinner with both, 65.5% (-0.18 +- 0.36, same 120); one
        # more of the best beside the third too, 65.5% (-0.25 +- 0.35).
        # Judged alone on those 60 games in 60 kingdoms against main's chosen plan, never 0.1 better in
        # more than 2: 2 more of the best (-0.19 on average), 1 fewer (-0.14), the three best (-0.20),
        # the best alone with Duchies from 5 or 3 Provinces left (-0.14, -0.13).
        out.append(Strategy(cards=((a, ca + 1), (b, cb)), label=f"money with {ca + 1} {a} and {b}"))
        out.append(Strategy(duchies, ((a, ca), (b, cb)), label=f"money with {a} and {b}, Duchies early"))
    if len(top) >= 3:
        (b, cb), (third, c3) = top[1:3]
        out.append(Strategy(cards=((b, cb), (third, c3)), label=f"money with {b} and {third}"))
    if first:
        out += partners(db, kingdom, first, ca)
    for t in thinners(db, kingdom):
        if t != first:
            beside = ((first, ca),) if first else ()
            out.append(
                Strategy(cards=((t, 1), *beside), label=f"thin money with {t}" + (f" and {first}" if first else ""))
            )
    # Not offered: the engine that draws its deck (Strategy.draws). Beside this one, the plan
    # chosen per kingdom on 12 games won 54.1% of 12 fresh ones against hard, 54.0% without
    # it; a copy of this engine on other seeds "did better" in as many kingdoms as it did
    # (benchmarks/engine_vs_hard.py 100 6 --fresh; --per-kingdom --draws). With buys judged by
    # Deck.value (benchmarks/action_turns.py expert hard 60): offered, the engine chosen in 14 of
    # 60 kingdoms (3 the one that draws), 5 or more Actions in 5 games, 3 of those 14; without, 10
    # and 3 games, 1 of the 10: too few to tell, and each candidate thins the others' games.
    # Offered again (benchmarks/expert_choice.py, 160 kingdoms): chosen in none, the plans
    # chosen -0.30 +- 0.25 points; in place of hard's plan with Duchies from 5 Provinces left
    # (as many candidates), -0.52 +- 0.20 of 113. Where an engine of 5 or more Actions beat
    # expert's money plan on 40 fresh games (benchmarks/stronger_engine.py 60: 4 kingdoms),
    # expert offered it played 5 or more Actions in 77 of their 160 games: too few kingdoms
    # gain to pay for the choice it blurs in all the others. Not kept here: choose() offers it
    # late, only where the deck model's engine did well in the first round (drawn_worth_trying).
    # This one is offered in every kingdom, not only where a village and a draw card make an
    # engine: the deck model buys what adds most to a turn wherever that is (eight Stockpiles, a
    # Paddock's Horses). benchmarks/expert_choice.py 400, before and after: 55 of the kingdoms
    # have no village or no draw card (the other 345 choose as before); there its chosen plans
    # won 65.6% of their fresh games before, 68.5% after (+2.88 +- 1.05 points); chosen in 9.
    # Kingdoms 400 to 790 (`run 400:791`): 59 without, 63.2% and 68.6% (+5.42 +- 1.43), chosen in 17.
    label = "an engine" if engine_kingdom(db, kingdom) else "a deck"
    out.append(Strategy(engine=True, label=f"{label} of the cards that add most to a turn's coins"))
    spare = spares(db, kingdom)
    out = [s if s.engine else replace(s, spare=spare) for s in out]
    seen, unique = set(), []
    for s in out:
        key = (s.plan, s.cards, s.engine, s.draws)
        if key not in seen:
            seen.add(key)
            unique.append(s)
    return unique


def partners(db: Any, kingdom: list[str], first: str, copies: int) -> list[Strategy]:
    """One copy of a card that helps the best card where it is played: beside a terminal one, the
    village rated best, when rated VILLAGE for hard (a village kept, so both are played when they
    meet); beside one that leaves its Action, a card that copies the next card played (Kiln:
    played first, it copies that card or a Gold)."""
    best = db[first]
    if is_terminal(traits(best), best):
        village = best_village(db, kingdom)
        found = [village] if village and village != first else []
    else:
        found = [n for n in kingdom if traits(db[n]).copies_next and is_terminal(traits(db[n]), db[n])]
    return [Strategy(cards=((first, copies), (n, 1)), label=f"money with {first} and a {n}") for n in found]


# Beside a terminal best card, one copy of a village against the best card alone, against hard
# (benchmarks/partner_cards.py CARD --terminal, paired seeds): Mountain Village (rated 0.47) 52.4%
# to 50.1% of 840 games (48.7% to 51.0% of 420 on other seeds), Snowy Village (0.36) 46.6% to 49.7%
# of 306, Hostelry and Village Green (0.33) 33.6% and 32.9% to 50.3% and 47.9%: a candidate that
# loses everywhere only adds noise to the choice. Kiln beside a best card that leaves its Action
# (--swap): 56.9% to 49.8% of 492 games. A village lost when played (Acting Troupe's 4 Villagers,
# once: `returns`) is none: one copy beside a terminal best card lost, 35.7% to 50.1% of 2,154
# ("Acting Troupe" --swap --terminal), as it does as a money plan's card (tuning.TUNED: 3%);
# 36.9% once played before the other terminal (Bot.action_move). Lost too (the same 2,154 games):
# bought only once the deck's terminals outnumber its villages and below 6 coins (it had taken a
# Gold's buy), 44.9%; so and beside one more of the best card (partner_cards.py --more 1), 48.2%
# against 51.0% for the one more alone; where the best card draws (1,002 games), 52.7% against
# 53.2%: its 4 Villagers rescue 1 or 2 collisions a game (traces: 2 of 4 held to the end), no more
# than the Silver it costs.
# Those losses were mostly the village bought first, for the opening's 4 coins: bought only once
# two terminals could meet (Bot.village_early), each is within 4 points of the best card alone
# (2,106 games each: Village Green 48.6%, Hostelry 47.7%, Hunting Lodge 49.8%, Snowy Village
# 49.9%, Mountain Village 50.8%, alone 51.9%), and in some kingdoms worth more: so VILLAGE 0.3
# instead of 0.4 (the rule and VILLAGE 0.4: the same plan in 121 of the first 123 kingdoms, -0.10
# +- 0.07). benchmarks/expert_choice.py run 0:400 against stop 56: +0.06 +- 0.11 points (65.2% to
# 65.3%), a village chosen in 12 kingdoms instead of 5 (Snowy Village 4, Hunting Lodge 2, Village
# Green 1, Mountain Village 5), another plan in 35.
# Not offering the partners at all (stop 61, benchmarks/expert_choice.py run 400:600 paired):
# +0.00 +- 0.11 points, another plan in 13 of 200. Nor the one more copy of the best (hard's count
# plus 1): +0.02 +- 0.15, another plan in 22. Kept: neither costs the choice anything measurable.
VILLAGE = 0.3


def best_village(db: Any, kingdom: list[str]) -> str | None:
    """The kingdom's village (an Action that leaves more Actions than it takes), not lost when
    played, rated best for hard (TUNED), when rated VILLAGE or more."""
    villages = [
        (tuning.TUNED.get(n, (0, 0.0))[1], n)
        for n in kingdom
        if is_village(traits(db[n]), db[n]) and not traits(db[n]).returns
    ]
    best = max(villages, default=None)
    return best[1] if best and best[0] >= VILLAGE else None


def spares(db: Any, kingdom: list[str]) -> tuple[str, ...]:
    """The kingdom's Actions costing up to 2 that leave their Action (Border Guard): one is
    bought with coins that buy no Silver, where a money plan buys nothing (Border Guard's
    kingdoms: 52.1% of 378 games against hard, 49.5% without)."""
    return tuple(n for n in kingdom if db[n].is_("Action") and (db[n].cost or 0) <= 2 and traits(db[n]).actions >= 1)


def thinners(db: Any, kingdom: list[str]) -> list[str]:
    """The kingdom's Actions costing up to 5 that trash or Exile cards from the hand: one beside
    the best card thins a money deck (a Recruiter's Villagers, a Sanctuary's Buy come with it)."""
    return [
        n
        for n in kingdom
        if db[n].is_("Action") and (db[n].cost or 0) <= 5 and (traits(db[n]).trashes or traits(db[n]).exiles)
    ]
