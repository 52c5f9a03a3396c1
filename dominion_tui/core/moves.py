"""Game's room for the top-level moves (play, buy, end the phase, spend Villagers or Coffers):
which are legal now (`legal_*`), why one is refused (`why_not`, one sentence for the player), and
carrying one out (`do` and the `_do_*` for each verb).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from .context import Ctx
from .decisions import Option, TurnAction, card_options
from .model import ACTION, TREASURE, Card, CardDef, Player, count
from .turns import Turns

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


class _Moves(dict[str, TurnAction]):
    """One shared TurnAction per card name for a verb (they are frozen): offering the same
    moves again and again costs a lookup, not a new object."""

    def __init__(self, verb: str) -> None:
        super().__init__()
        self.verb = verb

    def __missing__(self, name: str) -> TurnAction:
        act = self[name] = TurnAction(self.verb, name)
        return act


_PLAY, _BUY = _Moves("play"), _Moves("buy")
_END, _VILLAGER, _COFFERS = TurnAction("end"), TurnAction("villager", None, 1), TurnAction("coffers", None, 1)
# The types a card needs (any one of them) to be played now: see Moves._playable_types
_ACTION_OR_TREASURE, _TREASURE_ONLY, _NONE = frozenset({ACTION, TREASURE}), frozenset({TREASURE}), frozenset[str]()


class Moves(Turns):
    # ------------------------------------------------------------------ what is allowed
    def legal_actions(self, p: Player) -> list[TurnAction]:
        """Every move `why_not` allows now: plays by name, buys in Supply order, then the rest."""
        if self._turn_refusal(p) is not None:
            return []
        acts = self._legal_plays(p)
        if p.buys >= 1:
            acts += self._legal_buys(p)
        if p.villagers and self._why_not_villager(p, _VILLAGER) is None:  # none: the usual "no"
            acts.append(_VILLAGER)
        if p.coffers and self._why_not_coffers(p, _COFFERS) is None:
            acts.append(_COFFERS)
        acts.append(_END)  # always allowed in one's own turn: _why_not_end
        return self._offer(p, acts)

    def legal_plays(self, p: Player) -> list[TurnAction]:
        """The play moves of legal_actions, for a player that wants only those."""
        return self._offer(p, self._legal_plays(p) if self._turn_refusal(p) is None else [])

    def legal_buys(self, p: Player) -> list[TurnAction]:
        """The buy moves of legal_actions, for a player that wants only those."""
        ok = self._turn_refusal(p) is None and p.buys >= 1
        return self._offer(p, self._legal_buys(p) if ok else [])

    def allowed(self, p: Player, act: TurnAction) -> bool:
        """Whether why_not allows this move now. A move allowed for the question being asked is
        not checked again when it is carried out (a replayed save checks every answer)."""
        if self.why_not(p, act) is not None:
            return False
        self._offer(p, [act])
        return True

    def _offer(self, p: Player, acts: list[TurnAction]) -> list[TurnAction]:
        """Remember the moves offered for the question being asked: see `_offered`."""
        if self.waiting is not None and self.waiting.player is p:
            self._offered = (self.waiting, acts)
        return acts

    def _legal_plays(self, p: Player) -> list[TurnAction]:
        wanted = self._playable_types(p)
        if not wanted:
            return []
        if "types" not in self.changers:  # types_of's own test, made once for the whole hand
            return [
                _PLAY[n] for n in sorted({c.defn.name for c in p.hand.cards if not wanted.isdisjoint(c.defn.types)})
            ]
        by_name = {c.defn.name: c.defn for c in p.hand.cards}  # any copy: same name, same answer
        return [_PLAY[n] for n in sorted(by_name) if not wanted.isdisjoint(self.types_of(by_name[n]))]

    def _legal_buys(self, p: Player) -> list[TurnAction]:
        """What p may buy now, in Supply order. Coins are the usual "no": with no cost changed
        this turn the piles within reach of their printed cost come ready-made, a plain Supply
        pile needs only to be non-empty, and only a card whose own cost varies is priced now."""
        if not self.modifiers("cost", p):
            affordable = self._affordable_by_printed_cost()
            allowed = []
            for d, cost, pile, plain in affordable[min(max(p.coins, -1), len(affordable) - 2) + 1]:
                if cost is None:  # its own cost varies, or it can be paid otherwise: as below
                    cost = self.cost(d)
                    if (cost <= p.coins or d.pay_instead) and self._buy_refusal(p, d, cost) is None:
                        allowed.append(_BUY[d.name])
                elif pile.cards if plain else self._buy_refusal(p, d, cost) is None:
                    allowed.append(_BUY[d.name])
            return allowed
        allowed = []  # some cost differs from the printed one now
        for d in self._buyable():
            cost = self.cost(d)  # out of reach is the usual "no", unless it can be paid otherwise
            if (cost <= p.coins or d.pay_instead) and self._buy_refusal(p, d, cost) is None:
                allowed.append(_BUY[d.name])
        return allowed

    def buyable_names(self) -> list[str]:
        return [d.name for d in self._buyable()]

    def _affordable_by_printed_cost(self) -> tuple[tuple[tuple[CardDef, int | None, Any, bool], ...], ...]:
        """For c coins (index c + 1; index 0 for less than 0), everything that can be bought
        with a printed cost of at most c, in Supply order, as (card, cost, Supply pile, plain):
        a plain one is a Supply pile whose only other "no" is being empty. A card whose own cost
        varies (cost_fn, cost_copy) or that can be paid otherwise (pay_instead) is in every row,
        with cost None: it is priced when asked. Printed costs never change."""
        if "affordable" not in self._pile_facts:
            entries = [
                (d, None, None, False)
                if d.cost_fn or d.cost_copy or d.pay_instead
                else (d, max(0, d.cost or 0), self.supply.get(d.name), self._plain_buy(d))
                for d in self._buyable()
            ]
            top = max((e[1] for e in entries if e[1] is not None), default=0)
            self._pile_facts["affordable"] = tuple(
                tuple(e for e in entries if e[1] is None or e[1] <= coins) for coins in range(-1, top + 1)
            )
        affordable: tuple[tuple[tuple[CardDef, int | None, Any, bool], ...], ...] = self._pile_facts["affordable"]
        return affordable

    def _plain_buy(self, d: CardDef) -> bool:
        """A Supply pile that `_buy_refusal` refuses only when it is empty (or out of reach)."""
        return d.name in self.supply and d.kind not in ("event", "project") and not d.once_per_game

    def _buyable(self) -> tuple[CardDef, ...]:
        """The Supply piles, then the Events and Projects."""
        if "buyable" not in self._pile_facts:
            self._pile_facts["buyable"] = tuple(
                [self.db[n] for n in self.supply] + [d for d in self.landscapes if d.kind in ("event", "project")]
            )
        buyable: tuple[CardDef, ...] = self._pile_facts["buyable"]
        return buyable

    # ------------------------------------------------------------------ why not
    def why_not(self, p: Player, act: TurnAction) -> str | None:
        """Why a top-level move is not allowed now, in one sentence; None when it is allowed."""
        refusal = self._turn_refusal(p)
        if refusal is not None:
            return refusal
        check = self._WHY_NOT.get(act.verb)
        return check(self, p, act) if check else f"Unknown move: {act.verb}."

    def _turn_refusal(self, p: Player) -> str | None:
        if self.over:
            return "The game is over."
        if p is not self.current or self.phase not in ("action", "buy"):
            return "It is not your turn."
        return None

    def _why_not_end(self, p: Player, act: TurnAction) -> str | None:
        return None

    def _in_hand(self, p: Player, name: str | None) -> Card | None:
        for c in p.hand.cards:
            if c.defn.name == name:
                return c
        return None

    def _why_not_play(self, p: Player, act: TurnAction) -> str | None:
        card = self._in_hand(p, act.name)
        if card is None:
            return f"You have no {act.name} in your hand."
        return self._play_refusal(p, card)

    def _playable_types(self, p: Player) -> frozenset[str]:
        """In p's Action or Buy phase, a card may be played now when it has one of these types:
        an Action that is also a Treasure may be played as a Treasure when no Action is left."""
        if self.phase == "buy":
            return _NONE if self.turn.bought_in_phase else _TREASURE_ONLY
        return _ACTION_OR_TREASURE if p.actions > 0 else _TREASURE_ONLY

    def _play_refusal(self, p: Player, card: Card) -> str | None:
        """Why p may not play this card now (`_playable_types` decides; this says why)."""
        kinds = self.types_of(card)
        if not self._playable_types(p).isdisjoint(kinds):
            return None
        if ACTION in kinds and self.phase == "action":
            return f"You have no Actions left to play {card.name}."
        if TREASURE in kinds:
            return "You cannot play Treasures after buying."
        if ACTION in kinds:
            return f"{card.name} is an Action; the Action phase is over."
        return f"{card.name} cannot be played."

    def _why_not_buy(self, p: Player, act: TurnAction) -> str | None:
        name = act.name or ""
        d = self.db.defs.get(name)
        if d is None:
            return f"There is no {name} in this game."
        is_landscape = d.kind in ("event", "project") and self.landscape(name) is not None
        if not is_landscape and name not in self.supply:
            if name in self.nonsupply:
                return f"{name} is not in the Supply; it cannot be bought."
            return f"{name} is not in this game." if d.kind != "way" else f"{name} is a Way, not for buying."
        if p.buys < 1:
            return "You have no Buys left."
        return self._buy_refusal(p, d, self.cost(d))

    def _buy_refusal(self, p: Player, d: CardDef, cost: int) -> str | None:
        """Why a Supply card, Event or Project of this game cannot be bought now (Buys aside)."""
        name = d.name
        pile = self.supply.get(name)
        if pile is not None and not pile.cards:
            return f"The {name} pile is empty."
        if cost > p.coins and not (d.pay_instead and d.pay_instead(cast("Game", self), p)):
            return f"{name} costs {cost} and you have {count(p.coins, 'coin')}."
        if d.kind == "event" and d.once_per_turn and name in self.turn.bought_cards:
            return f"{name} can be bought once per turn."
        if d.once_per_game and (p.index, name) in self.used_once_per_game:
            return f"{name} can be bought once per game; you have bought it."
        if d.kind == "project":
            if p in self.projects[name]:
                return f"You already have a cube on {name}."
            if p.cubes < 1:
                owned = [n for n, owners in self.projects.items() if p in owners]
                return f"You have no cubes left: they are on {' and '.join(owned) or 'other Projects'}."
        return None

    def _why_not_villager(self, p: Player, act: TurnAction) -> str | None:
        if self.phase != "action":
            return "Villagers can be spent only in your Action phase."
        if act.n < 1 or act.n > p.villagers:
            return f"You have {count(p.villagers, 'Villager')}."
        return None

    def _why_not_coffers(self, p: Player, act: TurnAction) -> str | None:
        if act.n < 1 or act.n > p.coffers:
            return f"You have {p.coffers} Coffers."
        return None

    # ------------------------------------------------------------------ doing it
    def do(self, p: Player, act: TurnAction) -> None:
        """Carry out a top-level move that `why_not` allows."""
        reason = self.why_not(p, act)
        if reason:
            raise ValueError(reason)
        self._DOERS[act.verb](self, p, act)

    def _do_end(self, p: Player, act: TurnAction) -> None:
        if self.phase == "action":
            self._enter_buy(p)
        else:
            self._end_buy(p)

    def _do_play(self, p: Player, act: TurnAction) -> None:
        card = self._in_hand(p, act.name)
        assert card is not None  # why_not checked
        if self.is_(card, ACTION) and self.phase == "action" and p.actions > 0:  # else as a Treasure
            p.actions -= 1
        elif self.phase == "action":
            self._enter_buy(p)
        self.play(p, card)

    def _do_buy(self, p: Player, act: TurnAction) -> None:
        if self.phase == "action":
            self._enter_buy(p)
            if self.why_not(p, act):  # entering the Buy phase can change things
                return
        assert act.name is not None  # why_not checked
        d = self.db.defs[act.name]
        cost = self._pay(p, d)
        p.buys -= 1
        self.turn.bought_in_phase = True
        self.turn.bought_cards.append(d.name)
        if self.listeners:
            self.say("buy", p, card=d.name, cost=cost, what=d.kind)
        if d.once_per_game:
            self.used_once_per_game.add((p.index, d.name))
        if d.kind == "event":
            d.play(Ctx(cast("Game", self), p, None))  # type: ignore[misc]  # an Event always has its instructions
        elif d.kind == "project":
            self.set_owner(p, d.name)
            p.cubes -= 1
            self.say(
                "cube",
                p,
                project=d.name,
                cubes=p.cubes,
                owned=[d.name] + [n for n, o in self.projects.items() if p in o and n != d.name],
            )
        else:
            self._fire("buy", p, None, None, None, extra={"name": d.name})
            self.gain(p, d.name, bought=True)

    def _pay(self, p: Player, d: CardDef) -> int:
        """Pay for a buy: its cost in coins, or a card trashed instead where the card allows."""
        cost = self.cost(d)
        instead = d.pay_instead(cast("Game", self), p) if d.pay_instead else []
        if instead:
            opts = ([Option("pay", None)] if cost <= p.coins else []) + card_options(instead)
            got = self.choose(
                p, f"Pay {cost} coins for {d.name}, or trash a card from your hand instead?", opts, topic="pay"
            )[0]
            if got is not None:
                self.trash_card(p, got)
                return 0
        p.coins -= cost
        return cost

    def _do_villager(self, p: Player, act: TurnAction) -> None:
        p.villagers -= act.n
        self.say("spend", p, what="villagers", n=act.n, left=p.villagers)
        self.add(p, "actions", act.n)

    def _do_coffers(self, p: Player, act: TurnAction) -> None:
        p.coffers -= act.n
        self.say("spend", p, what="coffers", n=act.n, left=p.coffers)
        self.add(p, "coins", act.n)

    _DOERS: dict[str, Callable[[Any, Player, TurnAction], None]] = {
        "end": _do_end,
        "play": _do_play,
        "buy": _do_buy,
        "villager": _do_villager,
        "coffers": _do_coffers,
    }  # do()'s dispatch by verb
    _WHY_NOT: dict[str, Callable[[Any, Player, TurnAction], str | None]] = {
        "end": _why_not_end,
        "play": _why_not_play,
        "buy": _why_not_buy,
        "villager": _why_not_villager,
        "coffers": _why_not_coffers,
    }  # why_not's dispatch by verb
