"""A computer's answers in a game at the keyboard (session.Session): each is a step of its own
for undo, and expert's plan for the kingdom is thought once, said, and kept beside the autosave."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import plan_cache
from .core.decisions import Decision
from .core.game import Game

if TYPE_CHECKING:
    from .session import Session


class Live:
    """A live decider: the first live question ends the replay (and its silence)."""

    def __init__(self, session: Session, inner: Any) -> None:
        self.session, self.inner = session, inner

    def decide(self, game: Game, d: Decision) -> Any:
        self.session.live = True
        if self.inner is not self.session:  # a computer's answers are steps of their own
            self.session.line_no += 1
            if self.plans(game):
                self.plan(game, d.player.name)
        return self.inner.decide(game, d)

    def plans(self, game: Game) -> bool:
        """Is this a computer that still has to choose its plan for the kingdom (expert)?"""
        return bool(getattr(self.inner, "needs_thought", None) and self.inner.needs_thought(game))

    def recall(self, game: Game) -> None:
        """A resumed game's expert goes on with the plan it chose, kept beside the autosave: taken
        up as the game is built, so a `hint` before expert's first move gives its plan too."""
        if self.plans(game):
            kept = plan_cache.recall(self.inner.cache_key(game))
            if kept is not None:
                self.inner.remember(game, kept)

    def plan(self, game: Game, name: str) -> None:
        """expert plans for the kingdom before the first turn (or, in a resumed game that kept no
        plan, at its first question), a few seconds, said so the wait is not a hang."""
        self.session.output.say(f"{name} thinks about the kingdom for a moment.")
        plan_cache.keep(self.inner.cache_key(game), self.inner.think(game))
