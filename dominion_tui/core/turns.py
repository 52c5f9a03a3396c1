"""Game's room for turn flow: playing a card (with the Way-or-normal choice), the Action and Buy
phases as questions to the player, Clean-up, the next turn (extra turns, a final round) and the
end of the game with its winners.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, cast

from .context import Ctx
from .decisions import Decision, Option, TurnAction
from .model import ACTION, ATTACK, TREASURE, Card, CardDef, Player, Zone
from .moving import Moving
from .state import TurnState

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


# The game's end depends on the Supply piles alone: when every player has taken this many turns
# and no card has left the Supply for good, the game has stalled and ends (see _stalled).
STALL_ROUNDS = 10
_VP = attrgetter("defn.vp")


class Turns(Moving):
    if TYPE_CHECKING:  # the top-level moves, which the turn asks for and carries out: moves.py
        _DOERS: dict[str, Callable[[Any, Player, TurnAction], None]]

        def do(self, p: Player, act: TurnAction) -> None: ...

    # ------------------------------------------------------------------ playing
    def play(
        self,
        p: Player,
        card: Card,
        move: bool = True,
        ways: bool = True,
        by: Card | None = None,
        hosts: tuple[Card, ...] = (),
    ) -> None:
        """Play a card: into play, the Way-or-normal choice for Actions, then its instructions.

        `by`: the card whose ability plays it (itself for a reaction), None for a move. `hosts`
        are the cards whose effect is playing this one (a card that plays another card three
        times): they stay in play as long as anything this play leaves for later.
        """
        if move:
            self._move(card, p.in_play)
        way = self._choose_way(p, card, by) if ways else None
        kinds = self.types_of(card)
        if self.listeners:
            self.say(
                "play",
                p,
                card=card.name,
                way=way.name if way else None,
                treasure=TREASURE in kinds,
                attack=ATTACK in kinds,
            )
        self.turn.played.append((p, card))
        self._fire("play", p, card, card.zone, card.zone)
        ctx = Ctx(cast("Game", self), p, card, hosts)
        self.playing.append((p, card))  # another player's question names it: who asks, and why
        try:
            if way is not None:
                way.play(ctx)  # type: ignore[misc]  # a Way always has its instructions
            elif card.defn.play:
                card.defn.play(ctx)
        finally:
            self.playing.pop()
        replays = "replays" in self.changers and ACTION in kinds
        for _ in range(self.modify("replays", p, 0, card=card) if replays else 0):
            self.say("replay", p, card=card.name)  # "replay it afterwards": a play, not moved
            self.play(p, card, move=False, hosts=hosts)

    def _choose_way(self, p: Player, card: Card, by: Card | None = None) -> CardDef | None:
        if not self.ways or not self.is_(card, ACTION):
            return None
        opts = [Option("normal", None)] + [Option(w.name, w) for w in self.ways]
        # a play that no move asked for names its cause: the player did not type it
        prompt = (
            f"Play {card.name} normally or with a Way?"
            if by is None
            else f"{card.name} reacts: play it normally or with a Way?"
            if by is card
            else f"{by.name} plays {card.name}: normally or with a Way?"
        )
        way: CardDef | None = self.choose(p, prompt, opts, topic="way")[0]
        return way

    # ------------------------------------------------------------------ turn flow
    def run(self) -> None:
        """Play until the game ends or a decider stops it (by raising)."""
        if self.supply_low is None:  # counted from the first turn as set up (a scenario's too)
            self._mark_supply(turn_done=False)
        while not self.over:
            p = self.current
            if self.phase == "start":
                self.phase = "action"
                if not self.skip_start:
                    self._fire("start_turn", p, None, None, None)
                self.skip_start = False
            if self.phase == "action":
                self._phase_loop(p, "action")
            if self.phase == "buy":
                self._phase_loop(p, "buy")
            if self.phase == "cleanup":
                self._cleanup(p)
                self._next_turn()

    def _phase_loop(self, p: Player, phase: str) -> None:
        prompt = f"{phase.capitalize()} phase"
        while self.phase == phase and not self.over:
            d = Decision("turn", p, prompt, topic=phase)
            act = self.ask(d)
            asked, offered = self._offered
            for a in offered if asked is d else ():
                if a is act:  # offered for this very question: no second check (by identity: == is slow)
                    self._DOERS[act.verb](self, p, act)
                    break
            else:
                self.do(p, act)

    def begin_turn(self, p: Player, extra: bool = False) -> None:
        self.turns_begun += 1
        self.last_turn[self.turn.player.index] = self.turn
        if self.lasting:
            self.lasting = [x for x in self.lasting if x.until is not p]
        self.current = p
        self.turn = TurnState(p, extra=extra)
        if not extra:
            p.turns_taken += 1
        p.actions, p.buys, p.coins = 1, 1, 0
        self.phase = "start"
        if self.listeners:
            self.say("turn", p, number=p.turns_taken, extra=extra)

    def _enter_buy(self, p: Player) -> None:
        self.phase = "buy"
        self.turn.bought_in_phase = False
        self.turn.buy_gains_from = len(self.turn.gained)
        if self.listeners:
            self.say("phase", p, phase="buy")
        self._fire("buy_phase", p, None, None, None)

    def _end_buy(self, p: Player) -> None:
        if not self.turn.bought_cards and self.listeners:  # a computer's empty Buy phase is heard
            self.say("bought_nothing", p)
        self._fire("buy_phase_end", p, None, None, None)
        self.phase = "cleanup"

    def return_to_action_phase(self, p: Player) -> None:
        """Back from the Buy phase to the Action phase, keeping the Actions left (no new turn)."""
        if self.current is p and self.phase == "buy":
            self.phase = "action"
            self.say("phase_back", p, phase="action")

    def leaving_play(self, p: Player) -> list[Card]:
        """The cards in play that this turn's Clean-up would discard (not those kept for later)."""
        if not self.pending:
            return p.in_play.cards[:]
        keep = {c.id for pe in self.pending for c in pe.keep}
        return [c for c in p.in_play.cards if c.id not in keep]

    def _cleanup(self, p: Player) -> None:
        self._fire("cleanup_start", p, None, None, None)
        leaving = self.leaving_play(p)
        if len(leaving) == len(p.in_play) and self._discards_unheard(p.in_play):
            self._move_all(p.in_play, p.discard)  # what discarding them one by one would do
        else:
            for c in leaving:
                if c.zone is p.in_play:
                    self.discard(p, c, cleanup=True)
        if self._discards_unheard(p.hand):
            self._move_all(p.hand, p.discard)
        else:
            for c in list(p.hand.cards):
                self.discard(p, c, cleanup=True)
        self.quiet_shuffle = bool(self.listeners) and self.is_last_turn()  # no hand is played again
        self.draw(p, self.modify("cleanup_draw", p, 5), new_hand=True)
        self.quiet_shuffle = False
        self._fire("end_turn", p, None, None, None)

    def _discards_unheard(self, zone: Zone) -> bool:
        """Nothing in the game could hear any of these cards being discarded."""
        if "discard" in self._kinds_heard:
            return False
        if ("discard", "self") not in self._heard and not self._named_heard:
            return True  # the usual case: one look
        return not any(
            "discard" in c.defn.heard_in_cleanup or ("discard", c.defn.name) in self._named_heard for c in zone.cards
        )

    def _next_turn(self) -> None:
        if self.final_round is None and self.game_should_end():
            after = list(self.order_from(self.current)[1:]) + [self.current]
            self.final_round = [q for q in after if self.modify("final_round", q, False)]
            if self.final_round:
                self.say("final_round", None, players=[q.name for q in self.final_round])
        if self.final_round is None and self._stalled():
            self.say("stalled", None, rounds=STALL_ROUNDS)
            self.finish()
            return
        if self.final_round is not None:  # the game has ended: only the extra round is left
            if not self.final_round:
                self.finish()
            else:
                self.begin_turn(self.final_round.pop(0), extra=True)  # not counted for ties
            return
        if self.extra_turns:
            self.begin_turn(self.extra_turns.pop(0), extra=True)
        else:
            self.begin_turn(self.players[(self.current.index + 1) % len(self.players)])

    def is_last_turn(self) -> bool:
        """The game ends after this turn: no one takes another (an extra round is another)."""
        if self.final_round is not None:
            return not self.final_round
        return self.game_should_end() and not any(self.modify("final_round", q, False) for q in self.players)

    # ------------------------------------------------------------------ the end
    def game_should_end(self) -> bool:
        for z in self._game_ending_piles():
            if not z.cards:
                return True
        return self.empty_piles() >= (3 if len(self.players) <= 4 else 4)

    def _stalled(self) -> bool:
        """No card has left the Supply for good (its count has not fallen below its lowest so
        far) while every player took STALL_ROUNDS turns: a game that moves no nearer its end.
        The Supply only ever holds finitely many cards, so with this rule every game ends."""
        count = self.supply_cards()
        if self.supply_low is None or count < self.supply_low:
            self._mark_supply(turn_done=True, count=count)  # counted once: this runs every turn
            return False
        return self.stalled

    def _mark_supply(self, turn_done: bool, count: int | None = None) -> None:
        """The Supply's count now (`count`, when just counted), and each player's turns completed by now."""
        self.supply_low = self.supply_cards() if count is None else count
        self.low_at = [
            p.turns_taken - (not turn_done and p is self.current and not self.turn.extra) for p in self.players
        ]

    @property
    def stalled(self) -> bool:
        """Every player has completed STALL_ROUNDS turns since the Supply last got smaller."""
        return self.supply_low is not None and all(
            p.turns_taken - t >= STALL_ROUNDS for p, t in zip(self.players, self.low_at)
        )

    def _game_ending_piles(self) -> tuple[Zone, ...]:
        if "ending" not in self._pile_facts:
            self._pile_facts["ending"] = tuple(z for n, z in self.supply.items() if self.db[n].ends_game)
        ending: tuple[Zone, ...] = self._pile_facts["ending"]
        return ending

    def finish(self) -> None:
        self.over = True
        self.phase = "over"
        scores = {p.name: self.score(p) for p in self.players}
        best = max(scores.values())
        tied = [p for p in self.players if scores[p.name] == best]
        fewest = min(p.turns_taken for p in tied)
        self.winners = [p for p in tied if p.turns_taken == fewest]
        ended = [n for n in self.supply if not self.supply[n].cards and self.db[n].ends_game]
        empty = [n for n, z in self.supply.items() if not z.cards]
        self.say(
            "game_over",
            None,
            winners=[p.name for p in self.winners],
            score=best,
            scores=scores,
            on_turns=len(tied) > len(self.winners),
            ended=ended,
            empty=empty if not ended and self.game_should_end() else [],
        )

    def score(self, p: Player) -> int:
        return sum(map(_VP, p.all_cards()))  # the bots' endgame asks it for every buy it weighs
