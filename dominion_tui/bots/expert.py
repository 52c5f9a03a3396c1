"""`expert`: a plan for the kingdom chosen before the first turn by playing candidate plans
against `hard` with the fast engine, and an endgame that counts the score before every move
that could end the game.

The candidates: the best card at the count and Duchy point tuned for expert (EXPERT), hard's
own "Big Money + X" (TUNED), one more copy, Duchies earlier, the second and third best cards
alone, beside the best and together, the best with one more copy beside the second, a trasher
beside the best (thin money), and the deck model's plan (bots/engine.py): an engine where the
kingdom has a village and a draw card, elsewhere a deck of what adds most to a turn; where that
engine does well in the first round, also the engine that draws its whole deck. They play
the same seeded games, both seats, judged by their wins and the points they end ahead; after
each round the worse half drops out. Seeds come from the bot's own seed and the kingdom, never
the game's generator or the clock: the same seed gives the same plan.
"""

from __future__ import annotations

import math
import os
import pickle
import select
from dataclasses import dataclass, replace
from typing import Any

from ..core.decisions import Decision, TurnAction
from ..core.game import Config, Game
from . import tuning
from .bot import Bot
from .deckmodel import engine_kingdom, is_village
from .endgame import buy_gains, gains_any, judge
from .engine import EnginePlan
from .plans import Plan
from .rng import PositionRandom
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
BASE = Plan(endgame=3, focus_min=0.6, focus_landscapes=1, province_money=15, gold_first=6)
SIM_TURNS = 45  # a simulated game past this many turns is a draw: it tells nothing of the plan
# Seeds per round, each played in both seats. Over 39 random kingdoms, each chosen plan judged on
# 60 fresh games against hard (benchmarks/expert_seeds.py): a third of these seeds chose plans
# worth 61.5%, two thirds 62.8%, all 64.4%, as good as the best candidate found by 60 games each
# (62.8% on fresh games): the plans were there, too few games misjudged them. So the seeds are
# scaled to WORK, the questions answered in all the simulated games, the same on every machine:
# on this one, 2 cores, a question took 13 to 25 microseconds (Events' and Ways' judgement the
# most), so 170,000 think 2.2 to 4.3 s, median 3.1 s, over 40 random kingdoms
# (benchmarks/expert_thinking.py 40); a kingdom of quick games plays up to MORE times the seeds.
# But the same code's slowest of 20 kingdoms took 4.3 s, 5.2 s and 6.1 s in three runs on one day
# (the machine is shared): 150,000 leaves room for such a day under the 5 s the player waits.
# The slowest were kingdoms with Enhance (6.6 s of 40, expert_thinking.py 40 -v), whose judgement
# at every Treasure played cost twice a question's time; worked out only when it can matter, 4.4 s.
ROUNDS = (8, 12, 18, 30)
WORK = 150_000
MORE = 2.0
# A game counts its points ahead beside its result: won (1, a share 0.5) + LEAD * tanh(ahead /
# LEAD_SCALE), so a loss by 2 points and a rout are told apart, and 16 games of a round say more.
# benchmarks/expert_choice.py on the first 120 "choice:" kingdoms, against LEAD 0 (67.3% of fresh
# games; +- is one standard error, paired): LEAD 0.5 +0.40 +- 0.32 points, 1.0 +0.47 +- 0.34, 3.0
# +0.49 +- 0.34; LEAD 1.0 with LEAD_SCALE 5 +0.24 +- 0.30, 20 +0.47 +- 0.34. Kingdoms 120 to 299, LEAD 1.0:
# +0.60 +- 0.29 (67.5% to 68.1%); 300 to 399 -0.08 +- 0.22; all 400 +0.39 +- 0.18 (67.4% to 67.8%),
# the same plan in 339, the deck model's in 72 both ways.
LEAD, LEAD_SCALE = 1.0, 10.0
PRIOR = 1.0  # the first candidate keeps this many games' head start: a few games are a noisy judge
THINK_CACHE: dict[tuple, Strategy] = {}


@dataclass(frozen=True)
class Strategy:
    """A plan for one kingdom: the knobs, and the cards to gain beside money (None: traits)."""

    plan: Plan = BASE
    cards: tuple[tuple[str, int], ...] | None = None
    label: str = "hard's plan"
    engine: bool = False  # build an engine (bots/engine.py) instead of the knobs' money deck
    draws: bool = False  # the engine that draws its deck (villages and draw till drawn): not offered
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
    tuned = [(n, tuning.EXPERT[n]) for n, _ in top[:1] if n in tuning.EXPERT]
    for n, (copies, duchy_at, _) in tuned:
        label = f"money with {copies} {n}, Duchies from {duchy_at} Provinces left"  # not the +1 copy's label
        out.append(Strategy(replace(BASE, duchy_at=duchy_at), ((n, copies),), label=label))
    out.append(Strategy())
    duchies = replace(BASE, duchy_at=5)
    if top:
        n, c = top[0]
        out.append(Strategy(cards=((n, c + 1),), label=f"money with {c + 1} {n}"))
        out.append(Strategy(duchies, label="hard's plan, Duchies from 5 Provinces left"))
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
VILLAGE = 0.4


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


class _Capped(Exception):
    pass


class _Cap:
    """Wraps a simulated player: a game past SIM_TURNS stops. Counts the questions answered,
    the measure of a game's work that is the same on every machine."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.answered = 0

    def decide(self, game: Game, d: Decision) -> Any:
        if game.current.turns_taken > SIM_TURNS:
            raise _Capped
        self.answered += 1
        return self.inner.decide(game, d)


def match(kingdom: list[str], landscapes: list[str], s: Strategy, seed: int, first: bool) -> float:
    """One simulated game of a strategy against `hard`: 1 a win, 0.5 shared or capped, 0 a loss."""
    return match_work(kingdom, landscapes, s, seed, first)[0]


def match_work(
    kingdom: list[str], landscapes: list[str], s: Strategy, seed: int, first: bool
) -> tuple[float, int, int]:
    """`match`'s result, the questions both players answered in it (the game's work), and the
    points the strategy ended ahead (behind: below 0; a capped game 0)."""
    from ..setup import new_game  # not at import: setup loads the cards

    me = Expert(seed, strategy=s)
    other = Bot(seed + 1, "hard")
    seats = ["me", "other"] if first else ["other", "me"]
    deciders = {i: _Cap(me if n == "me" else other) for i, n in enumerate(seats)}
    game = new_game(Config(seats, list(kingdom), list(landscapes), seed), deciders)
    ahead = 0
    try:
        game.run()
        names = [p.name for p in game.winners]
        won = 1.0 if names == ["me"] else 0.5 if "me" in names else 0.0
        scores = {p.name: game.score(p) for p in game.players}  # by name, as the winners are
        ahead = scores["me"] - scores["other"]
    except _Capped:
        won = 0.5
    return won, sum(c.answered for c in deciders.values()), ahead


def choose(kingdom: list[str], landscapes: list[str], seed: int) -> Strategy:
    """The candidate that did best against `hard` in the same seeded games, by rounds: by its
    wins and the points it ended ahead or behind (LEAD). The seeds per round grow or shrink to
    WORK by what this kingdom's games cost: once the first round's base seeds are played, it and
    every later round are scaled by one factor (at most MORE), then again after each round for
    the work left. Slow kingdoms think no longer than the rest; quick ones judge their plans on
    more games."""
    rng = PositionRandom()
    rng.seed(f"expert:{seed}:{','.join(kingdom)}:{','.join(landscapes)}")
    pool = candidates(kingdom)
    scores = [PRIOR] + [0.0] * (len(pool) - 1)  # the first: the tuned plan, else hard's
    alive = list(range(len(pool)))
    work = games_played = 0
    history: list[int] = []  # every seed played so far: a plan offered late plays them too

    def fresh(n: int) -> list[int]:
        seeds = [rng.randrange(10**9) for _ in range(n)]
        history.extend(seeds)
        return seeds

    def play(seeds: list[int], plans: list[int]) -> None:
        nonlocal work, games_played
        games = [(i, g, first) for i in plans for g in seeds for first in (True, False)]
        for (i, _, _), (won, cost, ahead) in zip(games, played(kingdom, landscapes, pool, games)):
            scores[i] += won + LEAD * math.tanh(ahead / LEAD_SCALE)
            work += cost
        games_played += len(games)

    rounds = list(ROUNDS)
    for r in range(len(rounds)):
        play(fresh(rounds[r]), alive)
        if len(alive) == 1:
            break
        if r == 0:  # the first round's cost known: it grows with the rest when there is work to spare
            first, *_ = scaled(ROUNDS, len(alive), WORK, work / games_played)
            play(fresh(max(0, first - rounds[0])), alive)
            if drawn_worth_trying(kingdom, pool, scores, alive):
                pool.append(DRAWING)
                scores.append(0.0)
                alive.append(len(pool) - 1)
                play(history, alive[-1:])
        alive = ranked(alive, scores)
        alive = better_half(alive) if r < len(rounds) - 1 else alive[:1]
        rounds[r + 1 :] = scaled(ROUNDS[r + 1 :], len(alive), WORK - work, work / games_played)
    return pool[alive[0]]


# The engine that draws its deck (Strategy.draws), offered only where the deck model's engine
# is in the better half after the first round, in a kingdom with a village and a draw card, and
# played on every seed played so far. Against its absence: benchmarks/stronger_engine.py 30 0 20
# and 30 30 20, the same 4 kingdoms where a 5-Action plan is stronger, expert played 5 or more
# Actions in 69 of their 160 games (44 without), and scored 1,658.0 points of 2,400 games in all 60
# (1,635.5); benchmarks/expert_choice.py on the first 120 "choice:" kingdoms +0.17 +- 0.11 points
# (67.8% to 67.9%), chosen in 2, the same plan in 114. Offered in every kingdom it lost (-0.30 +-
# 0.25 of 160, candidates' note). Thinking time the same (expert_thinking.py 40: median 5.03 s
# against 4.99 s on a slow day, the work bounded by WORK).
DRAWING = Strategy(engine=True, draws=True, label="an engine that draws its whole deck")


def drawn_worth_trying(kingdom: list[str], pool: list[Strategy], scores: list[float], alive: list[int]) -> bool:
    """Whether the engine (the deck model's) is in the better half after the first round, in a
    kingdom with a village and a draw card: then the engine that draws its deck is tried too,
    on the same seeds."""
    from ..setup import database  # not at import: setup loads the cards

    if not engine_kingdom(database(), kingdom):
        return False
    return any(pool[i].engine and not pool[i].draws for i in better_half(ranked(alive, scores)))


def ranked(plans: list[int], scores: list[float]) -> list[int]:
    """The plans best first by their scores; a tie keeps the first offered."""
    return sorted(plans, key=lambda i: (-scores[i], i))


def better_half(plans: list[int]) -> list[int]:
    """The first half of ranked plans (the odd one kept): those that go on to the next round."""
    return plans[: max(1, math.ceil(len(plans) / 2))]


def scaled(rounds: tuple[int, ...], alive: int, left: float, per_game: float) -> list[int]:
    """These rounds' seeds, all scaled by one factor (at most MORE) so that their games, the
    field halving after each round, cost the work left; at least 1 seed a round."""
    planned, n = 0.0, alive
    for seeds in rounds:
        planned += 2 * n * seeds * per_game
        n = max(1, math.ceil(n / 2))
    factor = min(MORE, max(0.0, left) / planned) if planned else 1.0
    return [max(1, int(seeds * factor)) for seeds in rounds]


def played(
    kingdom: list[str], landscapes: list[str], pool: list[Strategy], games: list[tuple]
) -> list[tuple[float, int, int]]:
    """The results of the simulated games, their work and points ahead, in order. Where the
    machine has a second core, a forked copy of this process plays every other game, so each half
    holds every plan's games (each game is seeded, so the results are the same either way); if
    the copy fails, this process plays its half too."""

    def play(part: list[tuple]) -> list[tuple[float, int, int]]:
        return [match_work(kingdom, landscapes, pool[i], g, first) for i, g, first in part]

    ours, copys = games[0::2], games[1::2]
    if not hasattr(os, "fork") or (os.cpu_count() or 1) < 2 or len(copys) < 8:
        return play(games)
    r, w = os.pipe()
    try:
        pid = os.fork()
    except OSError:
        os.close(r)
        os.close(w)
        return play(games)
    if pid == 0:  # the copy: play, send, and leave without running anything of the parent's
        code = 1
        try:
            os.close(r)
            with os.fdopen(w, "wb") as out:
                out.write(pickle.dumps(play(copys)))
            code = 0
        finally:
            os._exit(code)
    os.close(w)
    try:
        mine = play(ours)
    except BaseException:  # a Ctrl+C while thinking: the copy stops too, and is not left behind
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(r)
        raise
    theirs = _collect(r, pid, len(copys))
    if theirs is None:
        theirs = play(copys)
    results: list[tuple[float, int, int]] = [(0.0, 0, 0)] * len(games)
    results[0::2], results[1::2] = mine, theirs
    return results


def _collect(r: int, pid: int, n: int) -> list[tuple[float, int, int]] | None:
    """The copy's results, or None when it failed or sent nothing for a minute (then it is stopped)."""
    data = b""
    try:
        while select.select([r], [], [], 60)[0]:
            chunk = os.read(r, 65536)
            if not chunk:
                break
            data += chunk
        else:
            os.kill(pid, 9)
    finally:
        os.close(r)
        os.waitpid(pid, 0)
    try:
        out = pickle.loads(data)
    except Exception:  # a copy that died part way: its half is played here
        return None
    return out if isinstance(out, list) and len(out) == n else None


class Expert(Bot):
    """`expert`: hard's judgement, a plan chosen for the kingdom by simulation, and an endgame
    that never ends the game on its own move while behind."""

    def __init__(self, seed: int = 0, level: str = "expert", strategy: Strategy | None = None) -> None:
        super().__init__(seed, "expert", (strategy or Strategy()).plan)
        self.strategy = strategy
        self.key = seed  # the plan's seed: the bot's own, whatever the position

    # ---- thinking before the first turn
    def needs_thought(self, game: Game) -> bool:
        return self.strategy is None and self.cache_key(game) not in THINK_CACHE

    def cache_key(self, game: Game) -> tuple:
        c = game.config
        return (self.key, tuple(c.kingdom), tuple(c.landscapes), len(c.players))

    def think(self, game: Game) -> Strategy:
        """The plan for this kingdom: simulated once per seed and kingdom, then remembered (an
        undo or a resumed game rebuilds the players; the plan is the same, so not thought again)."""
        if self.strategy is None:
            key = self.cache_key(game)
            if key not in THINK_CACHE:
                if len(THINK_CACHE) > 64:
                    THINK_CACHE.clear()
                THINK_CACHE[key] = choose(list(game.config.kingdom), list(game.config.landscapes), self.key)
            self.strategy = THINK_CACHE[key]
            self.plan = self.strategy.plan
        return self.strategy

    prepare = think

    def decide(self, game: Game, d: Decision) -> Any:
        if self.strategy is None:
            self.think(game)
        return super().decide(game, d)

    def focus(self, game: Game) -> list[tuple[str, int]] | None:
        s = self.strategy
        if s is not None and s.cards is not None:
            cards = [(n, c) for n, c in s.cards if n in game.supply]
            return cards or None
        return super().focus(game)

    def cheap_card(self, game: Game, p: Any, coins: int) -> str | None:
        """With coins that buy no Silver: the plan's spare card not yet had, else hard's choice."""
        for name in self.strategy.spare if self.strategy else ():
            if (
                name in game.supply
                and not self.copies_had(game, p, game.db[name])
                and game.supply[name].cards
                and game.cost(game.db[name]) <= coins
                and game.why_not(p, TurnAction("buy", name)) is None
            ):
                return name
        return super().cheap_card(game, p, coins)

    # ---- an engine's turn and questions (bots/engine.py)
    def engine(self) -> EnginePlan | None:
        """The engine's buying and playing, when the plan is an engine."""
        return EnginePlan(self) if self.strategy is not None and self.strategy.engine else None

    def action_move(self, game: Game, p: Any, acts: list[TurnAction]) -> TurnAction | None:
        engine = self.engine()
        return engine.action_move(game, p, acts) if engine else super().action_move(game, p, acts)

    def answer_trash(self, game: Game, d: Decision) -> list[int]:
        picks, engine = super().answer_trash(game, d), self.engine()
        return engine.answer_trash(game, d, picks) if engine else picks

    def answer_yesno(self, game: Game, d: Decision) -> list[int]:
        engine = self.engine()
        return (engine and engine.answer_yesno(game, d)) or super().answer_yesno(game, d)

    # ---- the endgame
    def purchase(self, game: Game, p: Any) -> str | None:
        """A buy that ends the game with a win comes first (one that loses never: Bot.decide)."""
        engine = self.engine()
        return self.winning_end(game, p) or (engine.purchase(game, p) if engine else super().purchase(game, p))

    @staticmethod
    def can_buy(game: Game, p: Any, name: str) -> bool:
        z = game.supply.get(name)
        return (
            bool(z is None or z.cards)
            and game.cost(game.db[name]) <= p.coins
            and game.why_not(p, TurnAction("buy", name)) is None
        )

    def winning_end(self, game: Game, p: Any) -> str | None:
        """A card or Event whose buy ends the game now with this player winning: the most points.
        A pile with 2 cards left counts (a card gained with it, Experiment's copy), and an Event
        by what it gains and exiles (Enclave's exiled Duchy can empty a third pile)."""
        piles = [n for n, z in game.supply.items() if 0 < len(z.cards) <= 2]
        # an Event that gains nothing from the Supply empties no pile: judged never to end it
        events = [d.name for d in game.landscapes if d.kind == "event" and gains_any(d.text)]
        ends = [
            n for n in piles + events if judge(game, p, buy_gains(game, p, n)) == "win" and self.can_buy(game, p, n)
        ]
        return max(ends, key=lambda n: (game.db[n].vp, game.cost(game.db[n]), n), default=None)

    @staticmethod
    def option_name(d: Decision, i: int) -> str:
        o = d.options[i]
        return o.value.name if hasattr(o.value, "name") else o.label
