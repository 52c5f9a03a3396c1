"""`rules TOPIC`: the rules of one mechanism in a few sentences, in the project's own words.

Each topic is short enough to hear in one go and ends with the command that shows it in a game.
The facts come from the rulebooks in shared/seeds; the wording is ours."""

from __future__ import annotations

from .interpreter import match_name
from .narration import quoted

TOPICS: dict[str, str] = {
    "turn": (
        "A turn has three phases. Action phase: you have 1 Action; playing an Action card uses one, "
        "and the card may give more. Buy phase: play Treasures for coins, then buy with your 1 Buy "
        "a card, an Event or a Project you can pay for. Clean-up: everything in play and in your "
        "hand goes to your discard pile and you draw 5 new cards; when your deck runs out you "
        "shuffle your discard pile to make a new one. Type status for your Actions, Buys and coins."
    ),
    "end": (
        "The game ends after the turn in which the Province pile empties, or 3 Supply piles are "
        "empty (4 with 5 or 6 players). Everyone counts the victory points of all the cards they "
        "own, including cards on their Exile mat. The most points wins; a tie goes to whoever "
        "took fewer turns, and is shared if that is equal too. Type score for the points now and "
        "supply for the piles."
    ),
    "exile": (
        "To Exile a card is to put it on your own Exile mat. It is still yours and counts at the "
        "end, but it is out of your deck. When you gain a card, you may discard every copy of it "
        "from your mat to your discard pile, all of them or none. Exiling is not gaining, trashing "
        "or discarding, and taking cards back from Exile is not gaining them. Type exile to hear "
        "every mat."
    ),
    "horses": (
        "Horses are a pile of 30 Action cards beside the Supply, not in it. A Horse gives +2 Cards "
        "and +1 Action, then goes back to the Horse pile, which is not trashing it. You cannot buy "
        "a Horse: cards and Events give them; when the pile is empty, nobody gets one. Type supply "
        "to hear how many are left."
    ),
    "ways": (
        "A Way is another use for every Action card. Whenever you play an Action, you may follow "
        "the Way's instructions instead of the card's own, never both. The card is still the one "
        "played, with its name and types. A Duration played only with a Way does not stay in play. "
        "Type play and a card, then as and the Way, as in play Sheepdog as ox; ways ask makes every "
        "Action ask."
    ),
    "events": (
        "An Event is bought like a card, with a Buy and its cost, but you gain no card: you do what "
        "it says at once. You may buy the same Event again if you have another Buy, unless it says "
        "otherwise. Type kingdom to hear this game's Events and buy and a name to buy one."
    ),
    "projects": (
        "A Project is bought with a Buy and its cost; instead of gaining a card you put one of your "
        "2 cubes on it, and its ability is yours for the rest of the game. Each player may buy each "
        "Project once. Type kingdom to hear who owns each Project."
    ),
    "artifacts": (
        "An Artifact is one unique thing, not a card, that only one player holds at a time. A card "
        "tells you when to take it, from beside the Supply or from whoever has it. Its holder gets "
        "its ability. Type status or others to hear who holds each Artifact."
    ),
    "coffers": (
        "Coffers are tokens you save for later. In your Buy phase, before buying, you may spend any "
        "number of them for 1 coin each. Type coffers and a number to spend them, and status to "
        "hear how many you have."
    ),
    "villagers": (
        "Villagers are tokens you save for later. In your Action phase, you may spend any number of "
        "them for +1 Action each. Type villager and a number to spend them, and status to hear how "
        "many you have."
    ),
    "reactions": (
        "A Reaction card can do something when an event happens, even on another player's turn: "
        "when you gain a card, when someone gains a Victory card, when it is discarded other than "
        "in Clean-up, or when it is revealed. When one can react, the game asks you in that "
        "card's own words. When several things happen at once, you choose their order. Type log to "
        "hear again what just happened."
    ),
    "durations": (
        "A Duration card does something now and something at the start of a later turn. It stays "
        "in play, not discarded in Clean-up, until the Clean-up of the turn it finishes its work. "
        "Type others to hear what the other players have in play."
    ),
    "attacks": (
        "An Attack card does something to the other players, such as making them gain a Curse or "
        "discard. The players it hits answer its questions in turn order, each question naming "
        "the card and who played it."
    ),
}


def rules(arg: str) -> list[str]:
    """`rules` lists the topics; `rules TOPIC` (any unambiguous beginning) reads one."""
    if not arg.strip():
        return [f"Rules topics: {', '.join(TOPICS)}. Type rules and a topic, as in rules exile."]
    name, why = match_name(arg.strip(), list(TOPICS))
    if name is None and why and " could be " in why:
        return [why]
    if name is None:
        return [f"No rules topic '{quoted(arg.strip())}'. Topics: {', '.join(TOPICS)}."]
    return [TOPICS[name]]
