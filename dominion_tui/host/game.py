"""The session at a table: the keyboard session's game loop, autosave, replay and undo, with
its questions read from the player asked and said to that player only."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.decisions import Decision
from ..core.game import Game
from ..session import Session
from .table import Seat, Table

HOST_RESUME = "dominion host --resume"
# The session's settings a player changes for themselves (ways ask, autoend off...): each seat keeps its own.
OWN_SETTINGS = ("ask_ways", "auto_end", "auto_play")


class TableReader:
    """What `Session.decide` reads from: the asked seat's next line, from the table's queue."""

    def __init__(self, table: Table) -> None:
        self.table = table

    @property
    def context(self) -> tuple[Game | None, Decision | None]:
        return self.table.context

    @context.setter
    def context(self, value: tuple[Game | None, Decision | None]) -> None:
        self.table.context = value

    def read(self, prompt: str) -> str:
        seat = self.table.focus
        if seat is None:  # not at a question (never expected): nothing can be read
            raise EOFError
        return self.table.read(seat, prompt)


@dataclass
class TableSession(Session):
    table: Any = None  # the Table: required, a field with a default only because Session's all have one
    settings: dict[str, dict[str, Any]] = field(default_factory=dict)  # seat -> its OWN_SETTINGS

    def decide(self, game: Game, d: Decision) -> Any:
        seat: Seat = self.table.seats[d.player.name]
        self.table.focus, self.output.focus = seat, seat.output  # type: ignore[attr-defined]  # a table's output
        self.table.context = (game, d)
        own = [a for a in OWN_SETTINGS if hasattr(self, a)]
        mine = self.settings.setdefault(seat.name, {a: getattr(self, a) for a in own})
        for a in own:
            setattr(self, a, mine[a])
        try:
            return super().decide(game, d)
        finally:
            mine.update({a: getattr(self, a) for a in own})
            self.table.focus, self.output.focus = None, None  # type: ignore[attr-defined]  # a table's output

    def hand_over(self, name: str, why: str) -> None:
        """No keyboard to pass, and each seat's narrator sees only that seat: only the status
        is due again when another player is asked."""
        if name != self.at_keyboard:
            self.at_keyboard = name
            self.status_due = True

    def meta(self, game: Game, d: Decision, verb: str, arg: str) -> Any:
        seat = self.table.focus
        if verb in ("quit", "exit"):  # the player leaves; the game waits for them
            self.table.send_off(seat)
            return None
        if verb == "save":  # never a file a remote player names on the host's disk
            self.output.info(
                [f"The host's computer saves the game after every move; the host goes on with it with {HOST_RESUME}."]
            )
            return None
        if verb == "speech":
            self.output.info(["Speech is your screen reader's, on your own computer."])
            return None
        return super().meta(game, d, verb, arg)

    def quit_line(self) -> str:
        if self.autosave(retry=True):
            return (
                "The host stopped the game. It is saved: when the host types "
                f"{HOST_RESUME}, join again with the same command."
            )
        why = f": {self.autosave_off}" if self.autosave_off else ""
        return f"The host stopped the game. It could not be saved{why}."
