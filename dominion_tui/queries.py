"""Commands that only ask: they read the game and never change it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .commands import NAMES
from .core.game import Game
from .core.model import Player
from .interpreter import ascii_number, match_name
from .narration import count, grouped, quoted
from .rules_topics import rules

HELP = {
    "play": "play CARD: play a card from your hand. play CARD as WAY: with a Way, as in play Sheepdog as ox.",
    "buy": "buy NAME: buy a card, an Event or a Project.",
    "end": "end: end this phase. Ending the Buy phase ends your turn.",
    "treasures": "treasures (or play all): play every Treasure in your hand that needs no decision.",
    "villager": "villager N: spend N Villagers for N Actions, in your Action phase.",
    "coffers": "coffers N: spend N Coffers for N coins.",
    "hand": "hand: the cards in your hand.",
    "supply": "supply: the piles by cost, cheapest first, with the cards left; Events and Projects.",
    "status": "status: your Actions, Buys, coins, Coffers, Villagers, deck and discard sizes.",
    "others": "others: each other player's hand, deck and discard sizes, Exile, tokens and holdings.",
    "exile": "exile: every player's Exile mat.",
    "trash": "trash: the cards in the trash.",
    "describe": "describe CARD: a card's cost, types and what it does.",
    "kingdom": "kingdom: the Kingdom piles and the Events, Ways and Projects in this game.",
    "log": "log N: the last N announcements, 10 if no number is given.",
    "repeat": "repeat: say again what was said since your last answer, and the question.",
    "score": "score: everyone's victory points now.",
    "undo": "undo: take back the last line you typed this turn, if it revealed no new card.",
    "save": "save FILE: save the game to a file; resume it with dominion --resume FILE.",
    "speech": "speech on, speech off, speech rate N, speech volume N, speech voice NAME.",
    "ways": "ways ask: every Action asks normal or which Way. ways typed: only play CARD as WAY uses one.",
    "autoend": "autoend on: the Buy phase ends by itself with no Buy left. autoend off: wait for end.",
    "rules": "rules TOPIC: the rules of a mechanism, such as rules exile. rules alone lists the topics.",
    "autoplay": "autoplay on: buy CARD first plays the Treasures that need no decision when that pays for it. "
    "autoplay off: it says how many are not played yet.",
    "tips": "tips on: the first time something happens in this game (Exile, a Horse, an Event...), one line "
    "starting Tip explains it and names the command that shows it. tips off: no tips.",
    "hint": "hint: what the strongest computer level would answer now, as you would type it, and why.",
    "help": "help COMMAND: help on one command.",
    "quit": "quit: stop; the game is saved and dominion --resume goes on from here.",
}


class Queries:
    def __init__(
        self,
        game: Game,
        log: Callable[[], list[str]],
        recent: Callable[[], list[str]],
        last: Callable[[int], list[str]] | None = None,
    ) -> None:
        self.game, self.log, self.recent = game, log, recent
        self.last = last  # the last N lines without rendering the whole history (issue 12)

    def names(self) -> list[str]:
        return list(NAMES)

    def run(self, verb: str, arg: str, p: Player) -> list[str]:
        return getattr(self, "q_" + verb)(arg, p)

    def q_hand(self, arg: str, p: Player) -> list[str]:
        return [f"{p.name}'s hand: {grouped(sorted(p.hand.names()))}."] + self.set_aside(p)

    @staticmethod
    def set_aside(p: Player) -> list[str]:
        """The owner's own set-aside cards (Cargo Ship, Research): theirs to see, by name."""
        if not p.set_aside.cards:
            return []
        return [f"Set aside, coming to your hand next turn: {grouped(sorted(p.set_aside.names()))}."]

    def artifacts(self) -> list[str]:
        g = self.game
        if not g.artifacts:
            return []
        return [
            "Artifacts: "
            + ", ".join(f"the {n}, held by {h.name if h else 'nobody'}" for n, h in g.artifacts.items())
            + "."
        ]

    def q_supply(self, arg: str, p: Player) -> list[str]:
        """One line per cost, cheapest first: '3 coins: Silver 40, Sheepdog 10.'"""
        g = self.game
        by_cost: dict[int, list[str]] = {}
        for n, z in g.supply.items():
            by_cost.setdefault(g.cost(g.db[n]), []).append(f"{n} {len(z)}")
        lines = [f"{count(c, 'coin')}: {', '.join(sorted(piles))}." for c, piles in sorted(by_cost.items())]
        for n, z in g.nonsupply.items():
            lines.append(f"Not in the Supply: {n}, {count(g.cost(g.db[n]), 'coin')}, {len(z)} left.")
        extras = [
            f"{d.name}, {d.kind.capitalize()}, {count(g.cost(d), 'coin')}{self.limit(d, p)}"
            for d in g.landscapes
            if d.kind in ("event", "project")
        ]
        if extras:
            lines.append("Also for sale: " + "; ".join(extras) + ".")
        return lines

    def limit(self, d: Any, p: Player) -> str:
        """An Event's once-per-turn or once-per-game limit, when already used."""
        g = self.game
        if d.once_per_game and (p.index, d.name) in g.used_once_per_game:
            return ", already bought this game"
        if d.once_per_turn and g.current is p and d.name in g.turn.bought_cards:
            return ", already bought this turn"
        return ""

    def q_status(self, arg: str, p: Player) -> list[str]:
        g = self.game
        turn = f"{g.current.name}'s {g.phase} phase" if not g.over else "Game over"
        return (
            [
                f"{turn}. {p.name}: {count(p.actions, 'Action')}, {count(p.buys, 'Buy')}, "
                f"{count(p.coins, 'coin')}{self.tokens(p)}. "
                f"Deck {len(p.deck)}, discard {len(p.discard)}, hand {len(p.hand)}."
            ]
            + self.set_aside(p)
            + self.artifacts()
            + self.my_projects(p)
        )

    def my_projects(self, p: Player) -> list[str]:
        projs = [n for n, owners in self.game.projects.items() if p in owners]
        if not projs and p.cubes == 2:
            return []
        plot = f", {count(p.tokens.get('plot', 0), 'token')} on Sinister Plot" if "Sinister Plot" in projs else ""
        return [f"Projects: {' and '.join(projs) or 'none'}{plot}; {count(p.cubes, 'cube')} left."]

    def holdings(self, q: Player) -> str:
        g = self.game
        arts = [n for n, h in g.artifacts.items() if h is q]
        projs = [n for n, owners in g.projects.items() if q in owners]
        parts = []
        if arts:
            parts.append("holds the " + ", the ".join(arts))
        if projs:
            parts.append("has cubes on " + ", ".join(projs))
        if q.tokens.get("plot") or "Sinister Plot" in projs:
            parts.append(f"{count(q.tokens.get('plot', 0), 'token')} on Sinister Plot")
        return ("; " + "; ".join(parts)) if parts else ""

    def exile_used(self) -> bool:
        """Exile mats are part of a game only when one of its cards uses them."""
        return self.used("Exile") or any(q.exile.cards for q in self.game.players)

    def used(self, component: str) -> bool:
        return component in self.game.uses

    def tokens(self, q: Player) -> str:
        """', 2 Coffers, 1 Villager' where the game uses them (or q has some), else nothing:
        no '0 Villagers' read out in a game without Villagers."""
        parts = []
        if q.coffers or self.used("Coffers"):
            parts.append(f"{q.coffers} Coffers")
        if q.villagers or self.used("Villagers"):
            parts.append(count(q.villagers, "Villager"))
        return "".join(", " + x for x in parts)

    def q_others(self, arg: str, p: Player) -> list[str]:
        mat = (lambda q: f", Exile {grouped(self.game.exile_mat(q))}") if self.exile_used() else (lambda q: "")
        return [
            f"{q.name}: hand {len(q.hand)}, deck {len(q.deck)}, discard {len(q.discard)}, "
            f"in play {grouped(q.in_play.names())}{mat(q)}{self.tokens(q)}{self.holdings(q)}"
            f"{'; ' + count(len(q.set_aside), 'card') + ' set aside' if q.set_aside.cards else ''}."
            for q in self.game.players
            if q is not p
        ] + self.artifacts()

    def q_exile(self, arg: str, p: Player) -> list[str]:
        if not self.exile_used():
            return ["No card in this game uses Exile mats."]
        return [f"{q.name}'s Exile mat: {grouped(sorted(self.game.exile_mat(q)))}." for q in self.game.players]

    def q_trash(self, arg: str, p: Player) -> list[str]:
        return [f"Trash: {grouped(sorted(self.game.trash.names()))}."]

    def q_describe(self, arg: str, p: Player) -> list[str]:
        return describe(self.game.db, arg, self.game.cost)

    def q_kingdom(self, arg: str, p: Player) -> list[str]:
        g = self.game
        lines = [f"Kingdom: {', '.join(g.config.kingdom) or 'none'}."]
        for d in g.landscapes:
            cost = f", {count(g.cost(d), 'coin')}" if d.cost is not None else ""
            lines.append(f"{d.name}{cost}: {d.text}{self.owners(d.name)}")
        if g.set_aside.cards:
            ways = [d.name for d in g.landscapes if d.setup]
            lines.append(f"Set aside for {', '.join(ways) or 'the game'}: {', '.join(g.set_aside.names())}.")
        return lines + self.artifacts()

    def owners(self, project: str) -> str:
        """Who has a cube on a Project, with Sinister Plot tokens: said after its text."""
        owners = self.game.projects.get(project)
        if owners is None:
            return ""
        if not owners:
            return " Nobody has it."
        tokens = project == "Sinister Plot"
        names = [f"{q.name}{' with ' + count(q.tokens.get('plot', 0), 'token') if tokens else ''}" for q in owners]
        return f" Owned by {' and '.join(names)}."

    def q_rules(self, arg: str, p: Player) -> list[str]:
        return rules(arg)

    def q_log(self, arg: str, p: Player) -> list[str]:
        n = ascii_number(arg)
        n = 10 if n is None else n
        if not n:
            return []
        return self.last(n) if self.last else self.log()[-n:]

    def q_repeat(self, arg: str, p: Player) -> list[str]:
        return self.recent() or ["Nothing to repeat."]

    def q_score(self, arg: str, p: Player) -> list[str]:
        return [", ".join(f"{q.name} {self.game.score(q)}" for q in self.game.players) + " points."]

    def q_help(self, arg: str, p: Player) -> list[str]:
        if arg:
            name, why = match_name(arg.split()[0], list(HELP))
            return [HELP[name] if name else f"No command '{quoted(arg)}'. Type help for the list."]
        return [
            "Moves: play, buy, end, treasures, villager, coffers. Answer questions by number or name.",
            "Ask any time: hand, supply, status, others, exile, trash, describe CARD, kingdom, "
            "log N, repeat, score, rules TOPIC, hint. Also: undo, save FILE, speech, ways, autoend, autoplay, "
            "tips, help COMMAND, quit.",
        ]


def describe(db: Any, arg: str, cost_of: Callable[[Any], int] = lambda d: d.cost) -> list[str]:
    """`describe CARD`: in a game (its current costs) and at the opening questions (printed costs)."""
    if not arg:
        return ["Describe which card? For example: describe Barge."]
    name, why = match_name(arg, sorted(db.defs))
    if name is None:
        if why and why.startswith("No "):  # not an ambiguous prefix: a slip, or no such card
            near = nearest(arg, sorted(db.defs))
            guess = f" Did you mean {' or '.join([', '.join(near[:-1]), near[-1]] if len(near) > 1 else near)}?"
            return [f"No card named '{quoted(arg)}'.{guess if near else ''}"]
        return [why or f"No card named '{quoted(arg)}'."]
    d = db[name]
    kinds = ", ".join(sorted(d.types)) or d.kind.capitalize()
    text = d.text
    first, _, rest = text.partition(". ")
    if first in d.types:  # texts open with their type ("Treasure. 1 coin."): said once
        text = rest
    now = cost_of(d) if d.cost is not None else None
    cost = (
        ""
        if now is None
        else f"{count(now, 'coin')}, "
        if now == d.cost
        else f"{count(now, 'coin')} now ({d.cost} printed), "
    )  # a cost that varies: today's price first
    return [f"{d.name}: {cost}{kinds}. {text}"] + ([f"Ruling: {d.notes}"] if d.notes else [])


def nearest(text: str, names: list[str], n: int = 3) -> list[str]:
    """The names closest to a mistyped one ("vilage" -> Village, Village Green), best first;
    each later word of a name counts too ("sheep" -> Way of the Sheep)."""
    import difflib

    low = text.lower()
    scores: dict[str, float] = {}
    for name in names:
        words = name.lower().split()
        parts = [" ".join(words[i:]) for i in range(len(words))] + words
        scores[name] = max(difflib.SequenceMatcher(None, low, p).ratio() for p in parts)
    top = max(scores.values(), default=0.0)
    near = [name for name, s in scores.items() if s >= max(0.6, top - 0.1)]  # the close ones only
    return sorted(near, key=lambda name: (-scores[name], name))[:n]
