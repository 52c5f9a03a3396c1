"""First-time tips (issue 23): the first time a mechanism happens in a game, one line starting
"Tip:" says in a sentence how it works, and which command shows it.

An observer beside the narration: it reads the core's notes (and the reaction questions put to a
player at the keyboard) after the output has told them, never changes the game, and says its lines
through the same Output, so the screen, speech, the transcript and `repeat` all get them. Each tip
is given once per game; the save keeps which were given, so undo and resume never repeat one.
Tips come only in a game with a player at the keyboard: the scenario runner and `simulate` make
none, and a game of computers only has nobody to teach. With tips off nothing at all is said.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .core.model import REACTION
from .interpreter import match_name

if TYPE_CHECKING:
    from .core.decisions import Decision
    from .core.events import Note
    from .core.game import Game
    from .output import Output

# One sentence on the mechanism, then the command that shows it and the `rules` topic.
TIPS: dict[str, str] = {
    "exile": "an exiled card waits on its owner's Exile mat, out of their deck but counted at the end, and "
    "gaining a copy lets them discard every copy from the mat. Type exile to hear the mats, "
    "or rules exile.",
    "horses": "a Horse comes from a pile beside the Supply; played, it gives +2 Cards and +1 Action and goes "
    "back to its pile. Type supply to hear how many are left, or rules horses.",
    "ways": "{way} was used instead of {card}'s own instructions: any Action may follow a Way instead, "
    "as in play {card} as {short}. Type kingdom to hear the Way, or rules ways.",
    "events": "{card} is an Event: it is bought with a Buy like a card, but does what it says at once "
    "instead of giving a card. Type kingdom to hear this game's Events, or rules events.",
    "projects": "{card} is a Project: its buyer puts one of their 2 cubes on it and has its ability for the "
    "rest of the game. Type kingdom to hear who owns each Project, or rules projects.",
    "coffers": "Coffers are coins saved for later: in your Buy phase, coffers and a number spends that many "
    "for 1 coin each. Type status to hear how many you have, or rules coffers.",
    "villagers": "Villagers are Actions saved for later: in your Action phase, villager and a number spends "
    "that many for +1 Action each. Type status to hear how many you have, or rules villagers.",
    "artifacts": "the {artifact} is an Artifact: one player at a time holds it and has its ability, until a "
    "card lets someone take it. Type others or status to hear who holds it, or rules artifacts.",
    "durations": "{cards} {stays} in play after Clean-up: a Duration card stays until it has done its work at "
    "the start of a later turn. Type others to hear what other players have in play, "
    "or rules durations.",
    "reactions": "a Reaction can answer something that happens, even on another player's turn: the game asks "
    "whoever can react, who may say no. Type log to hear what just happened, or rules reactions.",
    "reshuffle": "{player}'s deck ran out, so their discard pile was shuffled into a new deck: the cards "
    "bought so far now come up. Type status to hear your deck and discard sizes, or rules turn.",
    "end": "the game ends when the Province pile or enough other Supply piles are empty, so whoever is ahead "
    "may empty the last pile on purpose, and whoever is behind should not. Type supply to hear the piles, "
    "or rules end.",
}
HORSE = "Horse"
MAX_GIVEN = 64  # what a save may list: more than there are tips, for tips a later version adds


@dataclass
class Tips:
    output: Output
    humans: list[str]  # the players at the keyboard: none, no tips
    on: bool = False
    given: set[str] = field(default_factory=set)
    changed: Callable[[], None] | None = None  # told when `on` or `given` change: the save keeps them

    def state(self) -> dict[str, Any]:
        """What a save keeps."""
        return {"on": self.on, "given": sorted(self.given)}

    def note(self, note: Note, game: Game | None) -> None:
        """A note the output has just been given: its tip follows it, the first time."""
        if not self.on or not self.humans or game is None:
            return
        found = self.which(note, game)
        if found is not None:
            self.give(*found)

    def asked(self, game: Game, d: Decision) -> None:
        """A player at the keyboard was just asked whether to react: the reaction tip."""
        if not self.on or d.topic != "react" or d.player.name not in self.humans:
            return
        sources = [getattr(o.value, "source", None) for o in d.options]
        if any(s is not None and game.is_(s, REACTION) for s in sources):
            self.give("reactions", {})

    def which(self, note: Note, game: Game) -> tuple[str, dict[str, Any]] | None:
        kind, d = note.kind, note.data
        if kind == "exile":
            return "exile", {}
        if kind in ("gain", "play") and d.get("card") == HORSE:
            return "horses", {}
        if kind == "play" and d.get("way"):
            way = d["way"]
            return "ways", {"way": way, "card": d["card"], "short": way.split()[-1].lower()}
        if kind == "buy" and d.get("what") == "event":
            return "events", {"card": d["card"]}
        if kind == "cube":
            return "projects", {"card": d["project"]}
        if kind in ("coffers", "villagers") and d.get("n", 0) > 0:
            return kind, {}
        if kind == "artifact":
            return "artifacts", {"artifact": d["artifact"]}
        if kind == "react" and d.get("label") in game.db.defs and game.db.defs[d["label"]].is_(REACTION):
            return "reactions", {}
        if kind == "shuffle" and note.player in self.humans:  # others' decks are their own business
            return "reshuffle", {"player": note.player}
        if kind == "draw" and d.get("new_hand"):  # the end of Clean-up: what is still in play stayed
            return self.stayed(game, note.player)
        return self.one_pile_left(note)

    @staticmethod
    def stayed(game: Game, name: str | None) -> tuple[str, dict[str, Any]] | None:
        p = next((q for q in game.players if q.name == name), None)
        if p is None or not p.in_play.cards:
            return None
        names = sorted(set(p.in_play.names()))  # in play is open to all: no hidden card is named
        verb = "stays" if len(names) == 1 else "stay"
        return "durations", {"cards": f"{name}'s {' and '.join(names)}", "stays": verb}

    @staticmethod
    def one_pile_left(note: Note) -> tuple[str, dict[str, Any]] | None:
        """One more empty Supply pile ends the game: the emptied pile's note says so, once a game."""
        return ("end", {}) if note.kind == "pile_empty" and note.data.get("last") else None

    def give(self, name: str, fields: dict[str, Any]) -> None:
        if name in self.given:
            return
        self.given.add(name)
        text = TIPS[name].format(**fields)
        self.output.then(f"Tip: {text[:1].upper()}{text[1:]}")
        if self.changed is not None:
            self.changed()

    def command(self, arg: str) -> str:
        """`tips on`, `tips off`; `tips` alone says which."""
        word, _ = match_name(arg.lower(), ["on", "off"]) if arg else (None, None)
        if word is None:
            return f"tips is {'on' if self.on else 'off'}. Type tips on or off."
        if self.on != (word == "on"):
            self.on = word == "on"
            if self.changed is not None:
                self.changed()
        if self.on and not self.humans:
            return "tips on, but only computers play this game: there will be none."
        return f"tips {word}."


def parse_state(raw: Any) -> tuple[bool, set[str]] | None:
    """A save's tips, checked: None if they are not what a save writes."""
    if not isinstance(raw, dict) or set(raw) != {"on", "given"} or not isinstance(raw["on"], bool):
        return None
    given = raw["given"]
    if not isinstance(given, list) or len(given) > MAX_GIVEN or not all(isinstance(g, str) for g in given):
        return None
    return raw["on"], {g for g in given if g in TIPS}  # a later version's tip is simply not known here
