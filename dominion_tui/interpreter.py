"""The command language: one typed line, read against the question now asked.

Shared by every front end and by the scenario runner, so a line means the same everywhere.
A line is either an answer (returned to the core), a query (text, the game unchanged), or
rejected with one clear sentence (the game unchanged).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .core.decisions import Decision, TurnAction
from .core.game import Game
from .core.model import Card, plural
from .narration import count, quoted

MAX_LINE = 500
TURN_VERBS = ("play", "buy", "end", "villager", "villagers", "coffers")
DECLINE = ("none", "no", "n", "")
YES = ("yes", "y")


@dataclass
class Result:
    kind: str  # "answer" | "reject" | "info"
    value: Any = None
    lines: list[str] = field(default_factory=list)

    @property
    def message(self) -> str:
        return self.lines[0] if self.lines else ""


def reject(msg: str) -> Result:
    return Result("reject", lines=[msg])


def clean(line: str) -> str:
    """Drop control characters and surrounding space; fold runs of spaces."""
    line = "".join(ch for ch in line if ch.isprintable())
    return " ".join(line.split())


def ascii_number(text: str) -> int | None:
    """The whole number written in ASCII digits, else None. str.isdigit() also accepts '²'
    (which int() rejects) and Arabic-Indic digits (which int() reads): a player typing
    those gets the usual "takes a number" line, never a crash or a surprise. Nine digits at
    most: no count in a game comes near, and every value fits the speech engine's C int."""
    if not text or len(text) > 9 or not all("0" <= ch <= "9" for ch in text):
        return None
    return int(text)


def match_name(text: str, candidates: list[str]) -> tuple[str | None, str | None]:
    """(name, None) on an exact or unambiguous prefix match, else (None, why not)."""
    low = text.lower()
    exact = [c for c in candidates if c.lower() == low]
    if exact:
        return exact[0], None
    pre = sorted({c for c in candidates if c.lower().startswith(low)})
    if not pre:  # any later part of a name: "ox" or "the ox" for Way of the Ox
        pre = sorted(
            {
                c
                for c in candidates
                if any(" ".join(c.lower().split()[i:]).startswith(low) for i in range(1, len(c.split())))
            }
        )
    if len(pre) == 1:
        return pre[0], None
    if pre:
        return None, f"'{quoted(text)}' could be {', '.join(pre)}. Type more of the name."
    return None, f"No '{quoted(text)}' here."


def unknown(why: str | None, text: str, query: str) -> str:
    """match_name's answer, or for a name that is nothing at all the command that lists the
    names that would do: a player who misheard a card learns where to hear them again."""
    if why is None or not why.startswith("No '"):
        return why or ""
    where = "in your hand" if query == "hand" else "for sale"
    return f"No card called '{quoted(text)}' {where}. Type {query} to hear them."


def match_word(text: str, candidates: list[str]) -> str | None:
    """The one candidate with a later word starting with `text` ("ox", "turtle"), else None."""
    low = text.lower()
    hits = {c for c in candidates if any(w.startswith(low) for w in c.lower().split()[1:])}
    return hits.pop() if len(hits) == 1 else None


class Interpreter:
    def __init__(self, game: Game, queries: Any = None, ways_in_moves: bool = False) -> None:
        self.game = game
        self.queries = queries  # commands that only ask (hand, supply, ...): see queries.py
        # "play X as WAY": at the keyboard only; scenarios always answer the Way question
        self.ways_in_moves = ways_in_moves

    def known_names(self) -> list[str]:
        g = self.game
        names = set(g.supply) | set(g.nonsupply) | {d.name for d in g.landscapes}
        names |= {c.name for c in g.all_cards}
        return sorted(names)

    def interpret(self, raw: str, d: Decision | None) -> Result:
        if len(raw) > MAX_LINE:
            return reject(f"That line is too long ({len(raw)} characters); nothing was done.")
        line = clean(raw)
        if d is None:
            return reject("The game is over." if self.game.over else "Nothing is being asked now.")
        verb, _, arg = line.partition(" ")
        if self.queries and verb.lower() in self.queries.names() and not self.is_option(d, line):
            return Result("info", lines=self.queries.run(verb.lower(), arg.strip(), d.player))
        if d.kind == "turn":
            return self.turn_line(line, d)
        return self.answer_line(line, d)

    # ---------------------------------------------------------------- turn moves
    def turn_line(self, line: str, d: Decision) -> Result:
        if not line:
            return reject("Type a move: play, buy, end, treasures, villager or coffers. Type help for more.")
        verb, _, rest = line.partition(" ")
        verb = verb.lower()
        full, why = match_name(verb, list(TURN_VERBS))
        if full is None:
            return reject(f"Unknown command '{quoted(verb)}'. Moves: play, buy, end, treasures, villager, coffers.")
        act = self.parse_move(full.rstrip("s") if full == "villagers" else full, rest.strip(), d)
        if isinstance(act, Result):
            return act
        why_not = self.game.why_not(d.player, act)
        if why_not and act.verb == "buy" and " costs " in why_not:
            unplayed = self.unplayed_treasures(d)  # the usual reason: not played yet
            if unplayed:
                why_not = f"{why_not[:-1]}, {count(unplayed, 'Treasure')} in your hand not played yet."
        return reject(why_not) if why_not else Result("answer", act)

    def unplayed_treasures(self, d: Decision) -> int:
        legal = self.game.legal_plays(d.player)
        return sum(TurnAction("play", c.name) in legal for c in d.player.hand.cards if c.is_("Treasure"))

    def parse_move(self, verb: str, rest: str, d: Decision) -> TurnAction | Result:
        p = d.player
        if verb == "end":
            return TurnAction("end") if not rest else reject("'end' takes nothing after it.")
        if verb in ("villager", "coffers"):
            if not rest:
                return TurnAction(verb, None, 1)
            n = ascii_number(rest)
            if n is None:
                return reject(f"'{verb}' takes a number, like '{verb} 2'.")
            return TurnAction(verb, None, n)
        if not rest:
            return reject(self.what_now(verb, d))
        if verb == "play":
            card, sep, way_text = rest.rpartition(" as ") if self.ways_in_moves else ("", "", "")
            if sep and card:
                return self.play_as(card.strip(), way_text.strip(), d)
            name, why = match_name(rest, sorted({c.name for c in p.hand.cards}))
            if name is None:
                known, _ = match_name(rest, self.known_names())
                return reject(f"You have no {known} in your hand." if known else unknown(why, rest, "hand"))
            return TurnAction("play", name)
        name, why = match_name(rest, self.game.buyable_names())
        if name is None:
            known, _ = match_name(rest, self.known_names())
            if known:
                return TurnAction("buy", known)  # why_not says why it cannot be bought
            elsewhere = self.game.db.canonical(rest)
            return reject(f"{elsewhere} is not in this game." if elsewhere else unknown(why, rest, "supply"))
        return TurnAction("buy", name)

    def play_as(self, card_text: str, way_text: str, d: Decision) -> TurnAction | Result:
        """`play Sheepdog as ox`: the card, and the answer its Way question will get."""
        act = self.parse_move("play", card_text, d)
        if isinstance(act, Result):
            return act
        ways = [w.name for w in self.game.ways]
        if not ways:
            return reject("There is no Way in this game.")
        card = next(c for c in d.player.hand.cards if c.name == act.name)
        if not card.is_("Action"):
            return reject(f"{act.name} is not an Action; only Actions are played with a Way.")
        way, why = match_name(way_text, ways + ["normal"])
        if way is None:
            return reject(f"{why} Ways here: {', '.join(ways)}, or normal.")
        return TurnAction("play", act.name, way=way)

    def what_now(self, verb: str, d: Decision) -> str:
        """'play' or 'buy' alone: what could be played or bought right now."""
        names = sorted({c.name for c in d.player.hand.cards}) if verb == "play" else self.game.buyable_names()
        ok = [n for n in names if self.game.why_not(d.player, TurnAction(verb, n)) is None]
        if verb == "buy":  # the dearest first: usually what matters most
            ok.sort(key=lambda n: (-self.game.cost(self.game.db[n]), n))
        if not ok:
            return f"Nothing to {verb} now."
        what = "You can play" if verb == "play" else "You can buy"
        return f"{verb.capitalize()} what? {what}: {', '.join(ok)}."

    # ---------------------------------------------------------------- answers
    def answer_line(self, line: str, d: Decision) -> Result:
        low = line.lower()
        if d.kind == "yesno":
            if low in YES or low == "1":
                return Result("answer", [0])
            if low in ("no", "n", "2"):
                return Result("answer", [1])
            return reject("Answer yes or no.")
        if low in DECLINE and d.may_decline:
            return Result("answer", [])
        if low == "" and d.topic == "way":  # Enter: the card played as printed
            return Result("answer", [0])
        if low in ("none", ""):
            return reject("You must choose: " + self.options_text(d))
        if low in YES and len(d.options) == 1:
            return Result("answer", [0])
        picks: list[int] = []
        for token in [t.strip() for t in line.split(",")]:
            got = self.picks_for(token, d, picks)
            if isinstance(got, Result):
                return got
            picks += got
        if not d.min <= len(picks) <= d.max:
            n = d.min if d.min == d.max else f"{d.min} to {d.max}"
            how = ", separated by commas" if d.max > 1 else ""  # how to give several, like "1, 3"
            return reject(f"You picked {len(picks)}; choose {n}{how}: {self.options_text(d)}")
        names = sorted({d.options[i].label for i in picks})
        if d.one_name and len(names) > 1:
            return reject(f"Pick cards of one name only, not {' and '.join(names)}: {self.options_text(d)}")
        return Result("answer", picks)

    def picks_for(self, token: str, d: Decision, taken: list[int]) -> list[int] | Result:
        """One comma-separated part of an answer: an option, or for cards a count and a name,
        like '3 Estates' (as many copies as that)."""
        n_text, sep, name_text = token.partition(" ")
        n = ascii_number(n_text) if sep and d.kind == "cards" and d.max > 1 else None
        if n is None:
            i = self.pick(token, d, taken)
            return i if isinstance(i, Result) else [i]
        labels = [o.label for o in d.options]
        name, why = match_name(name_text, labels)
        if name is None:  # the plural: '3 Duchies'
            plurals = {
                o.value.defn.plural_name if isinstance(o.value, Card) else plural(o.label): o.label for o in d.options
            }
            got, _ = match_name(name_text, list(plurals))
            name = plurals.get(got or "")
        if name is None:
            return reject(f"{why} Options: {self.options_text(d)}")
        free = [i for i, o in enumerate(d.options) if o.label == name and i not in taken]
        if not free:
            return reject(f"There are no more {plural(name)} to pick.")
        if not 1 <= n <= len(free):
            return reject(
                f"'{quoted(token)}': there {'is' if len(free) == 1 else 'are'} "
                f"{count(len(free), name)} to pick. Options: {self.options_text(d)}"
            )
        return free[:n]

    def pick(self, token: str, d: Decision, taken: list[int]) -> int | Result:
        number = ascii_number(token)
        if number is not None:
            i = number - 1
            if not 0 <= i < len(d.options):
                return reject(f"There is no option {token}. Options: {self.options_text(d)}")
            if i in taken:
                return reject(f"Option {token} is already picked.")
            return i
        name, why = match_name(token, [o.label for o in d.options])
        if name is None:  # any unambiguous word of a name: "ox" for Way of the Ox
            name = match_word(token, [o.label for o in d.options])
        if name is None:
            return reject(f"{why} Options: {self.options_text(d)}")
        free = [i for i, o in enumerate(d.options) if o.label == name and i not in taken]
        if not free:
            return reject(f"There are no more {plural(name)} to pick.")
        return free[0]

    @staticmethod
    def is_option(d: Decision, line: str) -> bool:
        return d.kind != "turn" and any(o.label.lower() == line.lower() for o in d.options)

    @staticmethod
    def options_text(d: Decision) -> str:
        if d.unlisted:
            return d.unlisted
        if d.topic == "react" and len(d.options) == 1 and d.may_decline:  # as the question put it
            return "1. yes, or no."
        text = ", ".join(f"{i}. {o.label}" for i, o in enumerate(d.options, 1))
        return text + (", or none." if d.may_decline else ".")
