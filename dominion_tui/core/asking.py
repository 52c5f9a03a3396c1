"""Game's room for talking: announcements to the listeners and questions to the deciders.

Every question goes through `ask`, the one decision interface that the REPL, the bots and the
scenarios answer; a question with only one possible answer is answered here and announced.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .decisions import Cause, Decision, Option, card_options, grouped_card_options
from .events import Note
from .model import Card, Player
from .state import GameState


class Asking(GameState):
    # ------------------------------------------------------------------ narration
    def say(self, kind: str, player: Player | None = None, **data: Any) -> None:
        """Announce a Note to the listeners. Computer-only games and replays have none: the
        busiest callers test `self.listeners` first, so that not even the note's details are made."""
        if not self.listeners:
            return
        self._tell_cause()
        note = Note(kind, player.name if player else None, data)
        for fn in self.listeners:
            fn(note)

    def _tell_cause(self) -> None:
        """Name the trigger now resolving, before the first thing it does that anyone hears."""
        cause, self._cause = self._cause, None
        if cause is not None:
            for fn in self.listeners:
                fn(cause)

    # ------------------------------------------------------------------ decisions
    def ask(self, d: Decision) -> Any:
        if self._cause is not None:
            self._tell_cause()  # the question is the trigger's doing
        if d.context is None and self.playing and self.playing[-1][0] is not d.player:
            q, card = self.playing[-1]
            d.context = Cause(card.name, q.name)  # "Villain (Ann): discard a card ..."
        self.waiting = d
        decider = self.deciders[d.player.index]
        ans = decider.decide(self, d)
        self.waiting = None
        self.answers.append(ans)
        for hook in self.answer_hooks:
            hook(d, ans)
        return ans

    def choose(
        self,
        p: Player,
        prompt: str,
        options: list[Option],
        *,
        min: int = 1,
        max: int = 1,
        kind: str = "option",
        topic: str = "",
        context: Any = None,
        moot: int | None = None,
        one_name: bool = False,
    ) -> list[Any]:
        """Ask for options; an unavoidable choice between identical names is made automatically."""
        if not options or max == 0:
            return []
        min = min if min <= len(options) else len(options)
        labels = {o.label for o in options}
        if min >= 1 and (len(labels) == 1 or min == len(options)) and max <= min:
            picked = [o.value for o in options[:min]]
            self.say("auto", p, prompt=prompt, picked=[o.label for o in options[:min]])
            return picked
        d = Decision(kind, p, prompt, options, min, max, context=context, topic=topic, one_name=one_name, moot=moot)
        idx = self.ask(d)
        return [options[i].value for i in idx]

    def choose_cards(
        self,
        p: Player,
        cards: Iterable[Card],
        prompt: str,
        *,
        min: int = 1,
        max: int = 1,
        topic: str = "",
        one_name: bool = False,
    ) -> list[Card]:
        cards = list(cards)
        options = grouped_card_options(cards) if max == 1 else card_options(cards)
        return self.choose(p, prompt, options, min=min, max=max, kind="cards", topic=topic, one_name=one_name)

    def choose_card(
        self, p: Player, cards: Iterable[Card], prompt: str, optional: bool = False, topic: str = ""
    ) -> Card | None:
        got = self.choose_cards(p, cards, prompt, min=0 if optional else 1, topic=topic)
        return got[0] if got else None

    def choose_mode(self, p: Player, prompt: str, modes: list[str], topic: str = "mode") -> str:
        mode: str = self.choose(p, prompt, [Option(m, m) for m in modes], topic=topic)[0]
        return mode

    def yes_no(self, p: Player, prompt: str, topic: str = "yesno") -> bool:
        d = Decision("yesno", p, prompt, [Option("yes", True), Option("no", False)], topic=topic)
        return bool(d.options[self.ask(d)[0]].value)
