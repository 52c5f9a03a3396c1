"""What undo and resume stand on: the answers given (AnswerInfo), given back in order (Feed),
and a copy of the game as a turn began (Checkpoint), so an undo replays one turn, not the game."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any

from .core.decisions import Decision, TurnAction
from .core.game import Game
from .core.rules import STANDING_RULES


class UndoRequest(Exception):
    def __init__(self, keep: int, who: str, what: str) -> None:
        super().__init__(what)
        self.keep, self.who, self.what = keep, who, what


@dataclass(slots=True)  # one per answer: thousands are made while a long game replays
class AnswerInfo:
    player: str
    turn: int
    decision: Decision
    answer: Any
    line: int = 0  # the typed line that gave it: one line is one undo step
    revealed: bool = False  # did a hidden card come to light after this answer?
    heard: bool = False  # was such a card said (at the pause, nothing else could have shown it)?

    @property
    def text(self) -> str:
        """The answer in words, made only when undo names it: a replay records thousands."""
        d, ans = self.decision, self.answer
        return str(ans) if isinstance(ans, TurnAction) else ", ".join(d.options[i].label for i in ans) or "none"


class Feed:
    """Answers already checked, given back in order; then Done."""

    class Done(Exception):
        pass

    def __init__(self, answers: list[Any]) -> None:
        self.answers, self.next = answers, 0

    def decide(self, game: Game, d: Decision) -> Any:
        if self.next >= len(self.answers):
            raise Feed.Done
        self.next += 1
        return self.answers[self.next - 1]


@dataclass
class Checkpoint:
    """A game as a turn began (its "turn" note just said): `Game.run` goes on from there."""

    game: Game
    answers: int  # how many answers it holds
    history: int  # where the log ended (Output.mark)

    @staticmethod
    def take(game: Game, history: int) -> Checkpoint | None:
        """None when the game holds effects made during play: deepcopy does not copy functions,
        so their closures would act on this game's cards, not the copy's. Undo then replays all."""
        return Checkpoint(copy_game(game), len(game.answers), history) if copyable(game) else None

    def fresh(self) -> Game:
        """A copy to play on; this one stays as it is for a second undo in the same turn."""
        return copy_game(self.game)


def copyable(game: Game) -> bool:
    """The game holds no effects made during play, whose closures a deep copy would share."""
    t = game.turn
    return not (game.pending or game.lasting or len(game.rules) > len(STANDING_RULES) or t.triggers or t.modifiers)


def copy_game(game: Game) -> Game:
    """A deep copy that shares what never changes (the card definitions) and what the session
    replaces (deciders, listeners, hooks)."""
    memo: dict[int, Any] = {id(d): d for d in game.db.defs.values()}
    memo[id(game.answers)] = list(game.answers)  # answers are never changed, only added
    for shared in (game.db, game.config, game.deciders, game.listeners, game.answer_hooks):
        memo[id(shared)] = shared
    rng = memo[id(game.rng)] = random.Random.__new__(type(game.rng))  # its state: a tuple of 625 ints
    rng.setstate(game.rng.getstate())
    # every zone first, by Zone's own copy: copy.deepcopy's generic path would reach each pile
    # through the first of its cards in the list of all cards. Then that list by look-up.
    copy.deepcopy(list(game.zones()), memo)
    memo[id(game.all_cards)] = [memo.get(id(c)) or copy.deepcopy(c, memo) for c in game.all_cards]
    return copy.deepcopy(game, memo)
