"""`expert`: a plan for the kingdom chosen before the first turn by playing candidate plans
against `hard` with the fast engine, and an endgame that counts the score before every move
that could end the game.

The candidates (bots/candidate_plans.py): the best card at the count and Duchy point tuned for
expert (EXPERT), hard's own "Big Money + X" (TUNED), one more copy, Duchies earlier, the second
and third best cards alone, beside the best and together, the best with one more copy beside the
second, a trasher beside the best (thin money), and the deck model's plan (bots/engine.py): an
engine where the kingdom has a village and a draw card, elsewhere a deck of what adds most to a
turn; where that engine does well in the first round, also the engine that draws its whole deck.
They play the same seeded games, both seats, judged by their wins and the points they end ahead;
after each round the worse half drops out. Seeds come from the bot's own seed and the kingdom,
never the game's generator or the clock: the same seed gives the same plan.
"""

from __future__ import annotations

import math
import os
import pickle
import select
from dataclasses import replace
from typing import Any

from ..core.decisions import Decision, TurnAction
from ..core.game import Config, Game
from .bot import Bot
from .candidate_plans import (
    BASE as BASE,  # the knobs every candidate starts from: benchmarks read them here
    Strategy,
    candidates,
)
from .deckmodel import engine_kingdom
from .endgame import buy_gains, gains_any, judge
from .engine import EnginePlan
from .rng import PositionRandom
from .search import Searched, best_buy, near_end

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
# Still over 5 s on a slower day (2026-12-06, the machine idle): median 4.77 s, slowest 6.75 s of
# 20 (expert_thinking.py 20 -v, 23 to 45 microseconds a question). Tried: 100,000, the chosen plans
# -1.47 +- 0.41 points (benchmarks/expert_choice.py run 0:120, paired: 67.9% to 66.5%, another plan
# in 35), and the slowest still 5.8 s: kingdoms with Ducat or Hostelry (and Enhance, Silos), 55
# microseconds a question, where every turn's Treasures ask what all the coins buy (keep_back)
# before the buy asks again. Less work is not the cure; cheaper questions there would be, but not
# by keeping judgements: best_gain and best_kingdom kept across a Buy phase's questions (while
# the deck, coins, Buys, Supply and the turn's gains, trashes and buys stay the same) played the
# same games and saved 3.7% of the instructions (valgrind --tool=callgrind, 72 games of kingdoms
# 17 and 81): the second `purchase` is spread over many judgements, none of them the cost. The
# cure was one judgement of the buy a turn (HandJudge.turn_want and turn_buy, there were three):
# 28% fewer instructions for the same 72 games (with Enhance's upgrade judged once a turn), and
# on a faster day the 4 slowest "choice:" kingdoms thought 4.1, 4.2, 3.1 and 3.3 s instead of
# 7.1, 7.6, 6.8 and 6.6 s; 40 random kingdoms a median of 2.41 s, the slowest 3.23 s
# (expert_thinking.py 40). Still, a slow day (1.8 times slower) takes the slowest past 5 s.
# Tried 200,000 (stop 56): the chosen plans +0.31 +- 0.16 points (benchmarks/expert_choice.py run
# 0:400 against 150,000: 65.2% to 65.5% of fresh games, another plan in 93; +0.29 and +0.32 in each
# half), but against stop 55's expert 48.8% +- 5.8 and 45.4% +- 4.6 (head_to_head.py 120 --level
# expert, seeds 41, 42), and its slowest of 40 kingdoms thought 3.98 s in one hour and 4.85 s and
# 4.81 s two hours later (150,000 then: 3.63 s). Too little gained for the 5 s the player waits.
# The rounds' proportions and the half kept, tried at stop 61 (expert_choice.py run 0:200, paired
# against these; PRIOR was picked on these kingdoms, which may flatter it a little): 8, 16, 32, 64
# (as much work each round) -0.22 +- 0.11 points; 12, 12, 18, 30 -0.34 +- 0.26; 8, 12, 18, 18
# -0.33 +- 0.20; two thirds kept after each round, not half, -0.43 +- 0.26.
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
# The first candidate (the tuned plan, else hard's) keeps this many games' head start: a few games
# are a noisy judge, and a dozen plans in the first round give a poor one its lucky seeds.
# benchmarks/expert_choice.py run 0:400 against 1.0 (66.3% of fresh games): 2.5 +0.19 +- 0.08
# points, another plan in 19 kingdoms, the first in all 19 (17 tuned); 5.0 -0.13 +- 0.08 against 2.5.
# On kingdoms it was not chosen on (`run 400:600`): +0.02 +- 0.07, another plan in 9. Small, not worse.
# Tried (stop 61): a head start for every candidate by its kind, from the first rounds of 400 other
# kingdoms (1000 to 1400): each kind's mean lead over the first per game, weighed by how much it
# varies between kingdoms (the second best card alone -4.3 games, a trasher beside the best -4.0,
# a partner village -9.4, the two best cards +0.1, Duchies early +0.4). run 0:200 paired: -0.11 +-
# 0.20 points, another plan in 47; halfway between those and PRIOR's -2.5 for all, -0.22 +- 0.11.
PRIOR = 2.5
THINK_CACHE: dict[tuple, Strategy] = {}


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
    kingdom: list[str], landscapes: list[str], s: Strategy, seed: int, first: bool, search: bool = False
) -> tuple[float, int, int]:
    """`match`'s result, the questions both players answered in it (the game's work), and the
    points the strategy ended ahead (behind: below 0; a capped game 0). Without `search` (the
    plans' games, and a plan's trial by benchmarks), its endgame buys are not searched: they
    would cost ten times the work."""
    from ..setup import new_game  # not at import: setup loads the cards

    me = Expert(seed, strategy=s, search=search)
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
    from ..setup import database  # not at import: setup loads the cards

    pool = candidates(kingdom)
    # A Project is bought early at its price (bot.py landscape_purchase), and in many money decks
    # that lost: each Project forced into 150 kingdoms, the first plan against hard, both seats,
    # never buying one won 3 to 15 points more for 9 of the 20 (Barracks: 71.7%, bought 56.0%) and
    # lost for 10 (Crop Rotation: 21.8%, bought 53.7%). So the first plan without Projects is
    # weighed too, where one is dealt: benchmarks/expert_choice.py on the 125 of the first 400
    # "choice:" kingdoms with a Project, 66.2% of fresh games against 65.4% (+0.85 +- 0.37 points),
    # chosen in 15.
    if any(database()[n].kind == "project" for n in landscapes):
        pool.append(
            replace(pool[0], plan=replace(pool[0].plan, projects=False), label=f"{pool[0].label}, and no Project")
        )
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

    def __init__(
        self, seed: int = 0, level: str = "expert", strategy: Strategy | None = None, search: bool = True
    ) -> None:
        super().__init__(seed, "expert", (strategy or Strategy()).plan)
        self.strategy = strategy
        self.key = seed  # the plan's seed: the bot's own, whatever the position
        self.searching = search  # the endgame search (bots/search.py): not in a playout's own games

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

    def remember(self, game: Game, s: Strategy) -> None:
        """Go on with a plan this seed and kingdom chose before (a resumed game's, kept on disk)."""
        THINK_CACHE[self.cache_key(game)] = s
        self.think(game)

    def decide(self, game: Game, d: Decision) -> Any:
        if self.strategy is None:
            self.think(game)
        act = super().decide(game, d)
        self.searched = self.search(game, d, act) if self.searching and d.kind == "turn" else None
        return self.searched.chosen if self.searched else act

    def search(self, game: Game, d: Decision, act: TurnAction) -> Searched | None:
        """Near the end, a buy (or buying nothing) weighed against the others by playouts."""
        buying = act.verb == "buy" or act.verb == "end" and game.phase == "buy"
        if not (buying and d.player.buys and near_end(game)):
            return None
        return best_buy(game, d.player, act, self.playout_self, lambda: Bot(self.key + 1, "hard"))

    searched: Searched | None = None  # the last buy's search: the hint tells what it found

    def playout_self(self) -> Expert:
        return Expert(self.key, strategy=self.strategy, search=False)

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
