"""Turns the core's structured Notes and Decisions into short sentences, key words first.

One sentence per announcement, digits for numbers, the same wording for the same event.
Every sink (text, speech, transcript, scenario recorder) receives these same sentences.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .core.decisions import Cause, Decision
from .core.events import Event, Note
from .core.model import article, count, grouped, plural


def discard_source(src: str | None) -> str:
    return {"exile": " from Exile", "deck": " from the deck"}.get(src or "", "")


def listing(names: list[str]) -> str:
    return ", ".join(names) if names else "nothing"


def quoted(text: str, words: int = 3, chars: int = 24) -> str:
    """What the player typed, echoed back short: a long line of junk is not read out in full."""
    short = " ".join(text.split()[:words])[:chars]
    return short if short == text else short.rstrip() + "..."


WHERE = {"hand": "into the hand", "deck": "onto the deck", "discard": "", "set_aside": "set aside"}


# What a card's play did, said after it in one line ("Ann plays Sheepdog: draws 2 Coppers.").
CLAUSES = {
    "cube",
    "swap",
    "draw",
    "plus",
    "gain",
    "return",
    "exile",
    "coffers",
    "villagers",
    "discard",
    "shuffle",
    "to_hand",
    "to_deck",
    "set_aside",
    "set_aside_on",
    "reveal",
    "trash",
    "artifact",
    "artifact_kept",
    "tokens",
    "pay",
    "unexile",
    "exile_fail",
    "gain_fail",
    "return_fail",
    "name",
    "lost",
    "not_done",
}


SPENT_FOR = {"coffers": "coins", "villagers": "actions"}  # what a spend adds: its +coins or +Actions note
FAILS = ("gain_fail", "exile_fail")  # nothing gained or exiled: the pile is empty


def how_many(n: int, name: str, plural_form: str | None = None) -> str:
    """'a Gold' once, '3 Golds' for a note told as one of several in a row (combine's times)."""
    return article(name) if n == 1 else count(n, name, plural_form)


def and_list(parts: list[str]) -> str:
    """'Bob', 'Bob and Carol', 'Bob, Carol and Dan'."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def combine(a: Note, b: Note) -> Note | None:
    """Two notes in a row told as one ("discards 2 Coppers", "spends 3 Coffers", "exiles 2
    Estates", "gains 2 Horses", "trashes 2 Coppers", "puts 2 Golds onto their deck"), or None
    when they are different events. Players who each gain (or exile) nothing from the same empty
    pile in a row are told in one line ("Bob and Carol gain no Curse: the pile is empty."): one
    attack, one line, whoever it reaches."""
    da, db = a.data, b.data
    if a.kind == b.kind and a.kind in FAILS and da["card"] == db["card"] and a.player and b.player:
        who = da.get("players") or [a.player]
        return Note(a.kind, a.player, {**db, "players": who + [b.player] * (b.player not in who)})
    if (
        a.player == b.player
        and a.kind == "swap"
        and b.kind == "plus"
        and da["got"] == "coins"
        and db["what"] == "coins"
        and db["n"] == da["n"]
    ):
        return Note("swap", a.player, {**da, "total": db["total"]})  # "+3 coins instead of +3 Cards" told once
    if a.player == b.player and a.kind == "spend" and b.kind == "plus" and db["what"] == SPENT_FOR[da["what"]]:
        return Note("spend", a.player, {**da, "total": db["total"]})  # "spends 2 Coffers for 2 coins, 8 coins in total"
    if a.kind != b.kind or a.player != b.player:
        return None
    if (a.kind == "discard" and da.get("src") == db.get("src")) or (
        a.kind == "to_hand" and bool(da.get("hidden")) == bool(db.get("hidden"))
    ):
        return Note(a.kind, b.player, {**db, "cards": da.get("cards", [da["card"]]) + [db["card"]]})
    if a.kind == "spend" and da["what"] == db["what"]:
        return Note("spend", b.player, {**db, "n": da["n"] + db["n"]})
    if (  # the same card moved the same way again: "gains 2 Horses", "puts 3 Black Cats onto their deck"
        a.kind in ("exile", "gain", "to_deck", "trash")
        and da["card"] == db["card"]
        and da.get("src") == db.get("src")
        and da.get("to") == db.get("to")
        and da.get("hidden") == db.get("hidden")
        and not da.get("bought")
        and not db.get("bought")
    ):
        return Note(a.kind, b.player, {**db, "times": da.get("times", 1) + 1})
    return None


class Narrator:
    """Sentences for notes. `viewer` (a player name) sees private details; None sees all."""

    def __init__(self, viewer: str | None = None) -> None:
        self.viewer = viewer

    def sees(self, player: str | None) -> bool:
        return self.viewer is None or self.viewer == player

    def note(self, n: Note) -> list[str]:
        fn: Callable[[str | None, dict[str, Any]], Any] | None = getattr(self, "_" + n.kind, None)
        if fn is None:
            return []
        out = fn(n.player, n.data)
        if out is None:
            return []
        return [out] if isinstance(out, str) else list(out)

    def clause(self, n: Note) -> str | None:
        """The note as part of a card's line, its player left out ("draws 2 Coppers", "+1 Buy,
        2 in total"); None when it is not one short statement about that player."""
        if n.kind not in CLAUSES or n.player is None or len(n.data.get("players", ())) > 1:
            return None
        d = n.data
        if n.kind == "plus":
            what = {"actions": "Action", "buys": "Buy", "coins": "coin"}[d["what"]]
            return f"+{count(d['n'], what)}" + ("" if d["total"] == d["n"] else f", {d['total']} in total")
        if n.kind == "cube":  # a Project bought: "1 cube left", with the others had when more than it
            owned = d.get("owned") or [d["project"]]
            return (f"has {' and '.join(owned)}, " if len(owned) > 1 else "") + f"{count(d['cubes'], 'cube')} left"
        if n.kind == "swap":  # Way of the Chameleon's, in the play's line, with the coins' total when known
            total = d.get("total", d["n"])
            return f"+{d['n']} {d['got']} instead of +{d['n']} {d['instead']}" + (
                "" if total == d["n"] else f", {total} in total"
            )
        if n.kind == "return":
            return f"the {d['card']} returns to its pile, {d['left']} left"
        if n.kind in ("coffers", "villagers"):
            what = "Coffers" if n.kind == "coffers" else plural("Villager") if d["n"] > 1 else "Villager"
            return f"+{d['n']} {what}" + ("" if d["total"] == d["n"] else f", {d['total']} in total")
        lines = self.note(n)
        if len(lines) != 1 or not lines[0].startswith(n.player + " "):
            return None
        body = lines[0][len(n.player) + 1 :].rstrip(".")
        if n.kind == "gain" and d["left"] is not None:  # "gains a Horse, 26 left"
            body = body.rsplit(". ", 1)[0] + f", {d['left']} left"
        return None if ". " in body else body

    # ---- turn flow
    def _turn(self, p, d):
        if d["extra"]:  # not counted: its number would be the last turn's again, or 0
            return f"{p}'s extra turn."
        return f"{p}'s turn {d['number']}."

    def _phase_back(self, p, d):
        return f"{p} returns to the {d['phase'].capitalize()} phase."

    def _phase(self, p, d):
        return f"{p}'s {d['phase'].capitalize()} phase."

    def _game_over(self, p, d):
        w = d["winners"]
        scores = ", ".join(f"{k} {v}" for k, v in d["scores"].items())
        why = ""  # why it ended: the pile that ends it, or the empty piles by name
        if d.get("ended"):
            why = f" The {' and '.join(plural(n) for n in d['ended'])} are gone."
        elif d.get("empty"):
            why = f" {len(d['empty'])} Supply piles are empty: {', '.join(d['empty'])}."
        if len(w) == 1:
            how = ", a tie on points broken by fewer turns" if d.get("on_turns") else ""
            return [f"Game over.{why} {w[0]} wins with {d['score']} points{how}.", f"Scores: {scores}."]
        return [
            f"Game over.{why} {' and '.join(w)} tie and share the win with {d['score']} points.",
            f"Scores: {scores}.",
        ]

    def _pile_empty(self, p, d):
        if d["ends"] == "pile":
            return f"The {d['card']} pile is empty: the game ends after this turn."
        line = f"The {d['card']} pile is empty; {count(d['empty'], 'pile')} {'is' if d['empty'] == 1 else 'are'} empty"
        if d["ends"]:
            return line + ": the game ends after this turn."
        if d["last"]:
            return line + ": one more empty pile ends the game."
        return line + "."

    # ---- cards moving
    def _play(self, p, d):
        if d["way"]:
            return f"{p} plays {d['card']} with {d['way']}."
        return f"{p} plays {d['card']}."

    def _play_aside(self, p, d):
        return f"{p} plays the set-aside {d['card']}, which stays set aside."

    def _draw(self, p, d):
        cards = d["cards"]
        what = "a new hand" if d.get("new_hand") else None
        if not cards:
            return f"{p} draws nothing; the deck and discard pile are empty."
        if self.sees(p):
            return f"{p} draws {what + ': ' if what else ''}{grouped(cards)}."
        return f"{p} draws {what + ' of ' if what else ''}{count(len(cards), 'card')}."

    def _shuffle(self, p, d):
        return f"{p} shuffles, {count(d['size'], 'card')} in the deck."

    def _gain(self, p, d):
        where = WHERE.get(d["to"], "")
        verb = "buys and gains" if d.get("bought") else "gains"
        what = how_many(d.get("times", 1), d["card"], d["plural"])
        line = f"{p} {verb} {what}{' from the ' + d['src'] if d.get('src') else ''}{' ' + where if where else ''}."
        if d["left"] is None:  # not from a pile: no count to tell
            return line
        line += f" {count(d['left'], d['card'], d['plural'])} left."
        if d.get("low"):  # said once per pile, the first time it runs low
            return [line, f"Only {count(d['left'], d['card'], d['plural'])} left."]
        return line

    def _lost(self, p, d):
        what = {"actions": "Action", "buys": "Buy", "coins": "coin"}.get(d["what"], d["what"].capitalize())
        by = f", {d['by']} ignores {'it' if d['n'] == 1 else 'them'}" if d.get("by") else ""
        return f"{p} gets no +{count(d['n'], what)}{by}."

    def _bought_nothing(self, p, d):
        return f"{p} buys nothing."

    def _not_done(self, p, d):
        return f"{p} {d['what']}, {d['why']}."

    def _gain_fail(self, p, d):
        return self.failed(p, d, "gain")

    @staticmethod
    def failed(p, d, verb):
        """'Bob gains no Curse: the pile is empty.', or for several in a row 'Bob and Carol gain'."""
        who = d.get("players") or [p]
        return f"{and_list(who)} {verb if len(who) > 1 else verb + 's'} no {d['card']}: the pile is empty."

    def _buy(self, p, d):
        if d["what"] == "event":
            return f"{p} buys the Event {d['card']} for {count(d['cost'], 'coin')}."
        if d["what"] == "project":
            return f"{p} buys the Project {d['card']} for {count(d['cost'], 'coin')}."
        return None  # a bought card is told by its gain: "buys and gains"

    def _cube(self, p, d):
        owned = d.get("owned") or [d["project"]]
        return f"{p} has {' and '.join(owned)}, {count(d['cubes'], 'cube')} left."

    def _tokens(self, p, d):
        return f"{p} has {count(d['n'], 'token')} on {d['on']}."

    def _pay(self, p, d):
        return f"{p} pays {count(d['n'], 'coin')}, {d['left']} left."

    def _replay(self, p, d):
        return f"{p} replays {d['card']}."

    def _final_round(self, p, d):
        return f"The game has ended. One more round for {' and '.join(d['players'])}."

    def _stalled(self, p, d):
        return f"The game has stalled: no card has left the Supply in {d['rounds']} rounds, so it ends now."

    def _trash(self, p, d):
        return f"{p} trashes {how_many(d.get('times', 1), d['card'])}."

    def _discard(self, p, d):
        what = grouped(d["cards"]) if len(d.get("cards", ())) > 1 else article(d["card"])
        return f"{p} discards {what}{discard_source(d['src'])}."

    def _exile(self, p, d):
        n = sum(1 for m in d["mat"] if m == d["card"] or m.endswith(" " + d["card"]))
        what = how_many(d.get("times", 1), d["card"])
        return f"{p} exiles {what}, {count(n, d['card'])} in {p}'s Exile."

    def _exile_fail(self, p, d):
        return self.failed(p, d, "exile")

    def _unexile(self, p, d):
        return f"{p} discards {count(d['n'], d['card'], d['plural'])} from Exile, none left there."

    def _reveal(self, p, d):
        return f"{p} reveals {listing(d['cards'])}."

    def _to_hand(self, p, d):
        cards = d.get("cards", [d["card"]])  # several in a row: one line
        if self.sees(p) or not d.get("hidden"):
            what = article(d["card"]) if len(cards) == 1 else grouped(cards)
        else:
            what = "a card" if len(cards) == 1 else count(len(cards), "card")
        return f"{p} puts {what} into their hand."

    def _to_deck(self, p, d):
        card = d["card"] if self.sees(p) or not d.get("hidden") else "card"
        return f"{p} puts {how_many(d.get('times', 1), card)} onto their deck."

    def _return(self, p, d):
        left = count(d["left"], d["card"], d["plural"])
        return f"{p} returns {article(d['card'])} to its pile. {left} left."

    def _set_aside(self, p, d):
        if d.get("later"):
            return f"{p} sets aside {article(d['card'])} to play at the start of their next turn."
        return f"{p} sets aside {article(d['card'])}."

    def _set_aside_on(self, p, d):
        cards = d["cards"]
        what = count(len(cards), "card")
        if self.sees(p) or not d["hidden"]:
            what = article(cards[0]) if len(cards) == 1 else grouped(cards)
        on = f" on {d['on']}" if d["on"] else ""
        return f"{p} sets aside {what}{on}, to come back to their hand next turn."

    def _artifact_kept(self, p, d):
        return f"{p} already holds the {d['artifact']}; nothing changes."

    def _return_fail(self, p, d):
        return f"{p}'s {d['card']} has no pile to return to."

    def _swap(self, p, d):
        return f"{d['way']}: {p} gets +{d['n']} {d['got']} instead of +{d['n']} {d['instead']}."

    def _way_effect(self, p, d):
        return f"{p}'s {d['card']} {d['what']}."

    def _name(self, p, d):
        return f"{p} names {d['card']}."

    def _event_none(self, p, d):
        return f"{d['card']} does nothing: {d['why']}."

    def _extra_turn(self, p, d):
        return f"{p} will take an extra turn after this one."

    def _invest(self, p, d):
        return f"{p} invests in {article(d['card'])}. Exile mat: {grouped(d['mat'])}."

    def _invest_draw(self, p, d):
        return f"{p}'s Invested {d['card']}: +{d['n']} Cards."

    def _duration(self, p, d):
        return f"{p}'s {d['card']} resolves."

    def _artifact(self, p, d):
        before = f" from {d['before']}" if d["before"] and d["before"] != p else ""
        line = f"{p} takes the {d['artifact']}{before}"  # taking it is holding it: said once
        if d.get("hand"):
            return f"{line}, next hand {d['hand']} cards."
        return line + "."

    # ---- counters
    def _plus(self, p, d):
        what = {"actions": "Action", "buys": "Buy", "coins": "coin"}[d["what"]]
        return f"{p} gets +{count(d['n'], what)}, {d['total']} in total."

    def _coffers(self, p, d):
        return f"{p} gets {d['n']} Coffers, {d['total']} in total."

    def _villagers(self, p, d):
        return f"{p} gets {count(d['n'], 'Villager')}, {d['total']} in total."

    def _spend(self, p, d):
        coffers = d["what"] == "coffers"
        spent = f"{d['n']} Coffers" if coffers else count(d["n"], "Villager")
        got = "coin" if coffers else "Action"
        total = d.get("total", d["n"])  # the spend's +coins or +Actions with those had before
        if total == d["n"]:
            return f"{p} spends {spent} for {count(d['n'], got)}, {d['left']} left."
        left = f"{d['left']} Coffers" if coffers else count(d["left"], "Villager")
        return f"{p} spends {spent} for {count(d['n'], got)}, {count(total, got)} in total, {left} left."

    def _auto(self, p, d):
        return f"{p}: {d['prompt']} Only choice: {listing(d['picked'])}."

    def _set_aside_by_game(self, p, d):
        return f"{d['landscape']}: {d['card']} is set aside for it."

    def _trigger(self, p, d):
        if d.get("by") and d["by"] != p:  # another player's Attack at work: "Gatekeeper on Al". Its
            # owner is not named: a line holds the words of the one player it happens to, so that
            # "Bo ... exiles" is never heard of Al's Exile (a scenario's not_said judges a line's words)
            return f"{d['label']} on {p}."
        return f"{p}'s {d['label']}."

    def _react(self, p, d):
        return f"{p} reacts with {d['label']}."

    # ---- questions
    def event(self, ev: Event) -> str:
        """A short sentence naming the event that opened a reaction window."""
        who, c = ev.player.name, ev.card.name if ev.card else ""
        verbs = {
            "gain": "gains",
            "discard": "discards",
            "trash": "trashes",
            "reveal": "reveals",
            "play": "plays",
            "exile": "exiles",
        }
        if ev.kind == "start_turn":
            return f"Start of {who}'s turn."
        if ev.kind in verbs and c:
            return f"{who} {verbs[ev.kind]} {article(c)}."
        return f"{who}: {ev.kind.replace('_', ' ')}."

    def question(self, d: Decision) -> list[str]:
        """A question in one line: who, what opened it (another player's event), the prompt, the
        numbered options. A single "may" ability reads as yes or no; `yes`, its name or its
        number take it, and `no` or `none` pass."""
        if d.kind == "turn":
            p = d.player
            return [
                f"{p.name}, {d.topic} phase. {count(p.actions, 'Action')}, {count(p.buys, 'Buy')}, "
                f"{count(p.coins, 'coin')}. Hand: {grouped(sorted(p.hand.names())) if p.hand.cards else 'empty'}."
            ]
        line = f"{d.player.name}: "
        ev = d.context
        if isinstance(ev, Event) and ev.player is not d.player:  # your own event was just said
            line += self.event(ev) + " "
        if isinstance(ev, Cause):  # another player's card asks: "Ben: Villain (Ann): discard a card ..."
            line += f"{ev.card} ({ev.player}): {d.prompt[:1].lower()}{d.prompt[1:]}"
        else:
            line += d.prompt
        if d.unlisted:  # too many to read out: say what may be typed instead
            return [f"{line} {d.unlisted}"]
        if d.kind == "yesno" or (d.topic == "react" and len(d.options) == 1 and d.may_decline):
            return [line + (" 1. yes, or no." if d.kind != "yesno" else " 1. yes, 2. no.")]
        labels = [o.label for o in d.options]
        if d.max == 1 and len(labels) > 1 and labels == [str(i) for i in range(1, len(labels) + 1)]:
            return [f"{line} Type a number from 1 to {len(labels)}{', or none' if d.may_decline else ''}."]
        opts = ", ".join(
            f"{i}. {o.label}" + (f" ({o.count})" if o.count > 1 else "") for i, o in enumerate(d.options, 1)
        )
        if d.may_decline:
            opts += ", or none"
        if d.max > 1 and d.topic == "order":  # every option, the order is the answer
            opts += f". Name all {d.max} in order, separated by commas"
        elif d.max > 1:  # say the least too when it is more than 1 (Scrap: exactly as many as the cost)
            many = d.max if d.min == d.max else f"{d.min} to {d.max}" if d.min > 1 else f"up to {d.max}"
            opts += f". Pick {many}{', all of one name' if d.one_name else ''}, separated by commas"
        return [f"{line} {opts}."]
