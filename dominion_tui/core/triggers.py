"""Game's room for the one event pipeline and its trigger windows.

Every gain, trash, discard, exile, reveal, play and shuffle is made an `Event` by `_fire`, unless
nothing in the game could hear it (the `_kinds_heard` / `_named_heard` indexes, which only grow).
`fire` then opens the trigger window: each player in turn order, current player first, collects
the triggers that apply (judged once, when the event happens), orders them or declines optional
ones, and resolves them one at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from .asking import Asking
from .context import Ctx
from .decisions import Option
from .events import Event, Note
from .model import Card, Found, Lasting, PendingEffect, Player, Trigger, TurnTrigger, Zone

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


@dataclass
class Candidate:
    """A trigger ready to resolve for one event."""

    key: Any
    trig: Trigger
    source: Card | None
    label: str
    pending: PendingEffect | None = None
    by: str | None = None  # the player who gave it, when another's (an Attack's lasting effect)


class Triggers(Asking):
    # ------------------------------------------------------------------ events in
    def _fire(
        self,
        kind: str,
        p: Player,
        card: Card | None,
        src: Zone | None,
        dest: Zone | None,
        cleanup: bool = False,
        extra: dict[str, Any] | None = None,
    ) -> None:
        """Make the event and open its trigger window, unless nothing in the game can hear it.
        (`extra` is a plain dict, not **kwargs: most calls are heard by no one, and pass none.)
        Whatever happens in the Clean-up step is during Clean-up, whatever caused it (Improve's
        gain at its start, the discards from Exile that gain allows)."""
        cleanup = cleanup or self.phase == "cleanup"
        if kind in self._kinds_heard or (
            card is not None
            and (
                kind
                in (  # _could_hear
                    card.defn.heard_in_cleanup if cleanup else card.defn.heard
                )
                or (kind, card.defn.name) in self._named_heard
            )
        ):
            self.fire(
                Event(kind, p, card, src, dest, cleanup, card.moves if card else 0, {} if extra is None else extra)
            )

    def _could_hear(self, kind: str, card: Card | None, cleanup: bool = False) -> bool:
        return kind in self._kinds_heard or (
            card is not None
            and (
                kind in (card.defn.heard_in_cleanup if cleanup else card.defn.heard)
                or (kind, card.defn.name) in self._named_heard
            )
        )

    def add_rule(self, t: Trigger) -> None:
        """A standing rule from now on (a landscape's setup): the one way to add one, so it is heard."""
        self.rules += (t,)
        self._by_owner.clear()
        self._hear(t)

    def add_lasting(self, x: Lasting) -> None:
        """An "until your next turn" effect: the one way to add one, so it is heard."""
        self.lasting.append(x)
        self._hear(x.trig)

    def add_turn_trigger(self, p: Player, t: Trigger, label: str) -> TurnTrigger:
        entry = (p, t, label)
        self.turn.triggers.append(entry)
        self._hear(t)
        return entry

    def remove_turn_trigger(self, entry: TurnTrigger) -> None:
        if entry in self.turn.triggers:
            self.turn.triggers.remove(entry)

    def add_pending(self, pe: PendingEffect) -> None:
        pe.made_in_turn = self.turns_begun
        self.pending.append(pe)
        self._kinds_heard.add(pe.when)

    # ------------------------------------------------------------------ the trigger window
    def fire(self, ev: Event) -> None:
        """Open the trigger window for an event: each player in turn order, current first.

        Whether a trigger applies is judged once, when the event happens: resolving one trigger
        (discarding Exiled copies, say) does not change whether another one applies. Cards that
        arrive later (a reaction drawn by a reaction) are judged when they first appear. What an
        effect needs from the present (Trigger.can) is asked again before each pick.
        """
        if not self._could_hear(ev.kind, ev.card, ev.cleanup):
            return
        used: set[Any] = set()
        judged: dict[Any, bool] = {}
        order = self.order_from(self.current)
        # judge everything present now, before anything resolves; until something resolves
        # (the only thing that changes what is there) these lists stay exact
        first = [self._collect(ev, p, used, judged) for p in order]
        resolved = False
        for p, cands in zip(order, first):
            while not self.over:
                if resolved:
                    cands = self._collect(ev, p, used, judged)
                if not cands:
                    break
                pick = self._pick(p, ev, cands)
                if pick is None:
                    break
                used.add(pick.key)
                resolved = True
                self._resolve(p, pick, ev)

    def _collect(self, ev: Event, p: Player, used: set[Any], judged: dict[Any, bool]) -> list[Candidate]:
        """p's triggers for this event, in a fixed order. Only triggers on the event's kind are
        looked at, and a zone only when some card in the game hears that kind from there."""
        kind = ev.kind
        found: list[Found] = []
        if ev.card is not None and ev.player is p:
            for i, t in ev.card.defn.heard.get(kind, ()):
                if t.where == "self":
                    found.append(((ev.card.id, "self", i), t, ev.card, ev.card.name))
        for where, zone in (("hand", p.hand), ("play", p.in_play)):
            if (kind, where) in self._heard:
                for c in zone.cards:
                    for i, t in c.defn.heard.get(kind, ()):
                        if t.where == where:
                            found.append(((c.id, where, i), t, c, c.name))
        owned, rules = self._owner_triggers(p, kind)
        found += owned
        for entry in self.turn.triggers:
            owner, t, label = entry
            if owner is p and t.on == kind:
                found.append((("turn", id(entry)), t, None, label))
        givers = {}
        for x in self.lasting:
            if x.player is p and x.trig.on == kind:
                found.append((("lasting", id(x)), x.trig, None, x.label))
                givers[("lasting", id(x))] = x.until.name
        found += rules
        once = self.turn.used_once
        out: list[Candidate] = []
        unable: list[Candidate] = []  # the event applies, but the effect cannot act now
        for key, t, src, label in found:
            if key in used or (t.once_per_turn and id(t) in once) or (ev.cleanup and not t.in_cleanup):
                continue
            if t.of_card is not None and (ev.card is None or ev.card.name != t.of_card):
                continue
            if t.follows_card and not ev.card_still_there():
                continue
            ok = judged.get(key)
            if ok is None:
                ok = judged[key] = bool(t.condition(cast("Game", self), ev, p, src))
            if ok:
                out.append(Candidate(key, t, src, t.label or label, by=givers.get(key)))
                if t.can is not None and not t.can(cast("Game", self), ev, p, src):
                    unable.append(out[-1])
        if ev.kind == "start_turn" and ev.player is p:
            for pe in self.pending:
                if (
                    pe.player is p
                    and pe.when == "start_turn"
                    and pe.made_in_turn < self.turns_begun
                    and ("pending", id(pe)) not in used
                ):
                    out.append(
                        Candidate(
                            ("pending", id(pe)),
                            Trigger("start_turn", lambda c, e: None, gives=pe.gives),
                            pe.source,
                            pe.label,
                            pe,
                        )
                    )
        return self._able_or_helped(out, unable) if unable else out

    @staticmethod
    def _able_or_helped(cands: list[Candidate], unable: list[Candidate]) -> list[Candidate]:
        """Without the triggers that cannot act now, unless another one waiting may bring what
        they need (a draw before "trash a card from your hand"): then the order is the player's."""
        waiting = {id(c) for c in unable}
        given: set[str] = set()
        for c in cands:
            if id(c) not in waiting:
                given |= c.trig.gives
        grew = True
        while grew:  # one brought in by another may bring in a third
            grew = False
            for c in unable:
                if id(c) in waiting and c.trig.needs in given:
                    waiting.discard(id(c))
                    given |= c.trig.gives
                    grew = True
        return [c for c in cands if id(c) not in waiting]

    def _owner_triggers(self, p: Player, kind: str) -> tuple[list[Found], list[Found]]:
        """p's triggers on this kind from its Projects and Artifacts, and from the standing rules,
        as _collect lists them. Cached: only set_owner and add_rule change them, and clear this."""
        got = self._by_owner.get((p.index, kind))
        if got is None:
            owned: list[Found] = [
                ((p.index, d.name, i), t, None, d.name)
                for d in self.owned_landscapes(p)
                for i, t in d.heard.get(kind, ())
            ]
            rules: list[Found] = [
                ((p.index, "rule", i), t, None, t.label or "rule") for i, t in enumerate(self.rules) if t.on == kind
            ]
            got = self._by_owner[(p.index, kind)] = (owned, rules)
        return got

    def _pick(self, p: Player, ev: Event, cands: list[Candidate]) -> Candidate | None:
        """One trigger: resolve it; several: the player orders them; optional ones are asked."""
        must = [c for c in cands if not c.trig.optional]
        labels: dict[str, Candidate] = {}
        for c in cands:
            labels.setdefault(c.label, c)
        if must and len(labels) == 1:
            return must[0]
        options = [Option(lbl, c) for lbl, c in labels.items()]
        kind = "react" if not must else "order"
        # a mandatory one whose order cannot matter: a player need not be asked (scenarios are)
        moot = next((i for i, o in enumerate(options) if o.value.trig.commutes and not o.value.trig.optional), None)
        got = self.choose(
            p,
            self._question(p, ev, list(labels.values()), bool(must)),
            options,
            min=1 if must else 0,
            kind="option",
            topic=kind,
            context=ev,
            moot=moot,
        )
        if got and got[0].trig.optional and got[0].source is not None:  # a card reacting is told
            self.say("react", p, label=got[0].label, on=ev.kind)  # like any choice; a rule by its effect
        return got[0] if got else None

    def _question(self, p: Player, ev: Event, cands: list[Candidate], must: bool) -> str:
        """In the triggers' own words: "Play Sheepdog from your hand?", or which of them first."""

        def asks(c: Candidate) -> str:
            q = c.trig.question
            return q(cast("Game", self), ev, p, c.source) if q else f"Use {c.label}?"

        if len(cands) == 1 and not must:
            return asks(cands[0])
        parts = [asks(c)[:1].lower() + asks(c)[1:-1] if c.trig.optional else c.label for c in cands]
        return "Which happens first: " + ", or ".join(parts) + "?"

    def _resolve(self, p: Player, cand: Candidate, ev: Event) -> None:
        t = cand.trig
        if t.once_per_turn:  # once per turn for that ability, whichever copy carries it
            self.turn.used_once.add(id(t))
        if cand.pending is not None:
            self.pending.remove(cand.pending)
            self.say("duration", p, card=cand.label)
            cand.pending.fn(Ctx(cast("Game", self), p, cand.pending.source))
            return
        named = not t.optional and t not in self.rules and bool(self.listeners)
        if named:  # chosen ones were just named
            self._tell_cause()  # an outer trigger's: resolving this one is something it did
            # named only once it does something heard: a trigger that does nothing is not said
            self._cause = Note("trigger", p.name, {"label": cand.label, "on": ev.kind, "by": cand.by})
        if t.can is None or t.can(cast("Game", self), ev, p, cand.source):  # chosen first, before it could act
            ctx = Ctx(cast("Game", self), p, cand.source)
            ctx.ability = t
            t.effect(ctx, ev)
        if named and self._cause is None:  # it was named: its effect is complete, for one line
            self.say("trigger_done", p)
        self._cause = None
