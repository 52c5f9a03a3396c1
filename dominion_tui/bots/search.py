"""A short search at the endgame's buys: where the game can end within a few turns, each buy
worth weighing (the plan's own, a Province, a Duchy, an Estate, a Gold, nothing) is played out a
few times, to the end of the game or AHEAD turns on, and the plan's buy gives way to one that
wins clearly more.

Each playout is a copy of the game (undo's deep copy: at a turn's question the stack holds only
the phase loop, which `Game.run` re-enters). In it, what the searching player cannot see is dealt
again from the search's own seeded generator: the order of its own deck, and each other player's
hand and deck shuffled together. Then the copy's generator is reseeded and the players play on:
this player by its own plan without searching, the others as `hard` plays (the model of an
opponent: a person's play is not known). Every buy weighed sees the same deals, so they differ by
the buy alone. The search uses neither the game's generator nor the clock, and deals from the
hidden cards sorted by name: the same position gives the same buy, whatever order they lie in.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.decisions import Decision, TurnAction
from ..core.game import Game
from ..undo import copy_game, copyable
from .endgame import buy_gains, loses

# Playouts per buy weighed with 2 or 3 players; after half, only a buy ahead of the plan's plays
# the rest. 12 (the margin scaled with them) won the same result in every one of 1,200 paired games
# against hard (200 random kingdoms, 3 seeds, both seats; stop 70): its few changed buys changed no game.
PLAYOUTS = 8
# ... and with 4 to 6 players, where each playout waits for all their turns: at the same positions
# (expert against hard, seed 3, 30 games each) 6 deals chose the same buy as 8 in 125 of 127
# searches with 6 players and 150 of 153 with 4, and the slowest search took 141 ms, not 198
# (6 players), and 105, not 151 (4): the hint answers within its 200 ms. (3 players: 182 of 183,
# 73 ms, not 128; the 8 kept, under 200 ms as they are.)
MANY_PLAYOUTS = 6
AHEAD = 4  # turns a playout may last past the buy, by the searching player's count
MARGIN = 6  # another buy is chosen when it wins more than its deals / MARGIN more than the plan's
WEIGHED = ("Province", "Duchy", "Estate", "Gold")
PROVINCES = 4  # cards left in a game-ending pile from which the search begins


class _Capped(Exception):
    """A playout past AHEAD turns: judged by the score then."""


class _Player:
    """A playout's player, stopped once the searching player `p` has taken more than `cap` turns."""

    def __init__(self, inner: Any, p: Any, cap: int) -> None:
        self.inner, self.p, self.cap = inner, p, cap

    def decide(self, game: Game, d: Decision) -> Any:
        if self.p.turns_taken > self.cap:
            raise _Capped
        return self.inner.decide(game, d)


def near_end(game: Game) -> bool:
    """The game can end within a few turns: a pile that ends it (the Provinces) holds 4 cards or
    fewer, or one pile short of the piles that end it, the lowest holds 2 or fewer. From 4
    Provinces rather than 2, expert won about 1 more game in 100 against hard (2,400 paired
    games); from 5 or 6, no more."""
    if any(game.db[n].ends_game and len(z.cards) <= PROVINCES for n, z in game.supply.items()):
        return True
    needed = 3 if len(game.players) <= 4 else 4
    if game.empty_piles() < needed - 1:
        return False
    return any(0 < len(z.cards) <= 2 for z in game.supply.values())


def playouts(game: Game) -> int:
    """Deals per buy weighed: PLAYOUTS with 2 or 3 players, MANY_PLAYOUTS with more."""
    return PLAYOUTS if len(game.players) <= 3 else MANY_PLAYOUTS


def choices(game: Game, p: Any, own: TurnAction) -> list[TurnAction]:
    """The buys worth weighing, the plan's own first: those legal now that do not end the game
    with this player losing, and buying nothing."""
    out = [own]
    for name in WEIGHED:
        act = TurnAction("buy", name)
        if act != own and game.allowed(p, act) and not loses(game, p, buy_gains(game, p, name)):
            out.append(act)
    if own.verb != "end":
        out.append(TurnAction("end"))
    return out


@dataclass(frozen=True)
class Searched:
    """What a search weighed: the plan's buy, the one chosen, and each buy's wins and playouts
    (a buy dropped half way played half of them, or fewer: it stops once it cannot get ahead)."""

    own: TurnAction
    chosen: TurnAction
    wins: tuple[tuple[TurnAction, float, int], ...]

    def won(self, act: TurnAction) -> tuple[float, int]:
        """This buy's wins (a shared win counts half) and the playouts it played."""
        return next((w, n) for a, w, n in self.wins if a == act)


def best_buy(game: Game, p: Any, own: TurnAction, me: Callable[[], Any], other: Callable[[], Any]) -> Searched | None:
    """The buy that won most playouts: the plan's own unless another won clearly more (by more
    than one playout in MARGIN: the playouts are few, and the plan's buy is usually right). None
    when there is nothing to weigh, or the game holds effects a copy cannot take (a cost cut
    this turn). `me` and `other` make the players of a playout: this player, not searching, and
    the model of the others."""
    acts = choices(game, p, own)
    if len(acts) < 2 or not copyable(game):
        return None
    seeds = random.Random(f"search:{game.config.seed}:{len(game.answers)}")
    many = playouts(game)
    deals = [seeds.randrange(1 << 30) for _ in range(many)]
    half = many // 2
    wins, played = [sum(playout(game, p, own, s, me, other) for s in deals[:half])], [half]
    for act in acts[1:]:  # each stops once it cannot get ahead of the plan's buy in these deals
        won, n = 0.0, 0
        while n < half and won + half - n > wins[0]:
            won += playout(game, p, act, deals[n], me, other)
            n += 1
        wins.append(won)
        played.append(n)
    # after half the deals, only a buy ahead of the plan's plays the rest (most often none is,
    # and the plan's buy stands without them)
    alive = [i for i in range(len(acts)) if i == 0 or wins[i] > wins[0]]
    if len(alive) > 1:
        for i in alive:
            wins[i] += sum(playout(game, p, acts[i], s, me, other) for s in deals[half:])
            played[i] = many
    best = max(alive, key=lambda i: (wins[i], -i))
    chosen = acts[best] if wins[best] > wins[0] + many / MARGIN else own
    return Searched(own, chosen, tuple(zip(acts, wins, played)))


def playout(game: Game, p: Any, act: TurnAction, seed: int, me: Callable[[], Any], other: Callable[[], Any]) -> float:
    """1 if this player wins the copy of the game where it answers `act` now, 0.5 shared, 0 lost;
    a playout past AHEAD turns is judged by the score then."""
    copy = copy_game(game)
    mine = copy.players[p.index]
    cap = mine.turns_taken + AHEAD
    copy.deciders = {q.index: _Player(me() if q is mine else other(), mine, cap) for q in copy.players}
    copy.listeners, copy.answer_hooks, copy.waiting = [], [], None
    deal_hidden(copy, mine, random.Random(seed))
    copy.rng.seed(seed)
    copy.answers.append(act)
    try:
        copy.do(mine, act)
        copy.run()
        return 1.0 if copy.winners == [mine] else 0.5 if mine in copy.winners else 0.0
    except _Capped:
        score = copy.score(mine)
        best = max(copy.score(q) for q in copy.players if q is not mine)
        return 1.0 if score > best else 0.5 if score == best else 0.0


def deal_hidden(game: Game, p: Any, rng: random.Random) -> None:
    """Deal again what this player cannot see: its own deck's order, and each other player's
    hand and deck shuffled together (the hand as many cards as before). Dealt from the cards
    sorted by name, so the deal does not depend on the order they lay in."""
    p.deck.cards = shuffled(p.deck.cards, rng)
    for o in game.players:
        if o is p:
            continue
        k = len(o.hand.cards)
        cards = shuffled(o.hand.cards + o.deck.cards, rng)
        o.hand.cards, o.deck.cards = cards[:k], cards[k:]
        for c in o.hand.cards:
            c.zone = o.hand
        for c in o.deck.cards:
            c.zone = o.deck


def shuffled(cards: list[Any], rng: random.Random) -> list[Any]:
    out = sorted(cards, key=lambda c: c.name)
    rng.shuffle(out)
    return out
