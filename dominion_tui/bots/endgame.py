"""The score counted before a move that could end the game: every level but bigmoney never
buys, gains, plays or uses what ends the game on its own move while that loses.

A move's sure effects on the Supply are read from the card's text, as the traits are (no card
names here): the card bought and what its "When you gain this" gains with it (another
Experiment, an exiled Gold), what an Event gains or exiles (Alliance's six cards, Enclave's
Duchy, Desperation's Curse), what an Action or a Way does to the piles (Old Witch's Curse to each
other player, Coven's exiled Curses, Way of the Worm's Estate). Those gains are counted on the
piles and the scores as they stand; a move after which the game ends is judged a win, a tie
or a loss, with the Curses another player's reaction to a gained Victory card could still give
(Black Cat) counted against the mover.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from ..core.decisions import TurnAction
from ..core.game import Game

Gains = list[tuple[Any, str]]  # (the player who gains or exiles it, the Supply pile it leaves)

_SENTENCE = re.compile(r"(?<=[.;]) ")
_VERB = re.compile(r"\b(?:[Gg]ains?|[Ee]xiles?) (.*)")
_NAMED = re.compile(r"\b(?:a|an|another) ([A-Z][\w']*(?: (?:of the |[A-Z])[\w']*)*)")
_STOP = re.compile(r"\b(?:and may|may|trash|[Ii]f|setting|to your|onto|per|costing)\b")
_LATER = ("When another", "When any", "When you trash", "When you discard", "At the start", "At the end")


@cache
def _parse(text: str, on_gain: bool) -> tuple[tuple[bool, bool, bool, tuple[str, ...]], ...]:
    """The text's gaining sentences, read once: (to each other player, only when it is not the
    owner's turn, one of each Action pile, the card names gained or exiled from the Supply)."""
    out = []
    for s in _SENTENCE.split(text):
        if s.startswith(_LATER) or s.startswith("When you gain this") != on_gain:
            continue
        names: list[str] = []
        for m in _VERB.finditer(s):
            if m.group(0)[0] in "Ee" and "Supply" not in s:
                continue  # Exile from the hand: nothing leaves the Supply
            names += _NAMED.findall(_STOP.split(m.group(1))[0])
        populate = "from each Action Supply pile" in s
        if names or populate:
            out.append(("each other player" in s.lower(), "not your turn" in s, populate, tuple(names)))
    return tuple(out)


def gains_any(text: str, on_gain: bool = False) -> bool:
    """The text could gain or Exile something from the Supply (`text_gains` may find any)."""
    return bool(_parse(text, on_gain))


def text_gains(game: Game, p: Any, text: str, on_gain: bool = False) -> Gains:
    """The Supply cards the text gains or Exiles for sure, or may (a "may" or an "if" counts:
    the judgement is of what could end the game). `on_gain`: only its "When you gain this"
    sentences; else every sentence but those (and the reactions, told by "When another ...")."""
    out: Gains = []
    for others, not_mine, populate, names in _parse(text, on_gain):
        if not_mine and game.current is p:
            continue  # Black Cat played on its owner's own turn gives no Curse
        if populate:
            out += [(p, n) for n, z in game.supply.items() if game.db[n].is_("Action") and z.cards]
        who = game.order_from(p)[1:] if others else (p,)
        out += [(q, n) for n in names if n in game.supply for q in who]
    return out


def buy_gains(game: Game, p: Any, name: str) -> Gains:
    """What buying (or gaining) this takes from the Supply: the card, and what gaining it
    brings along; for an Event, what it does."""
    d = game.db.defs.get(name)
    if d is None:
        return []
    if d.kind in ("event", "project"):
        return text_gains(game, p, d.text)
    return [(p, name)] + text_gains(game, p, d.text, on_gain=True)


def play_gains(game: Game, p: Any, name: str) -> Gains:
    """What playing this card (or using this Way) takes from the Supply."""
    d = game.db.defs.get(name)
    return text_gains(game, p, d.text) if d is not None else []


def curses_in_reply(game: Game, p: Any) -> Gains:
    """The Curses the others could hand out when this player gains a Victory card on its turn:
    each of their cards that answers one with a Curse to each other player, not seen in their
    discard pile, in play or in Exile (so perhaps in hand). They count on the score, and on the
    Curse pile: the last Curses given in reply can empty a third pile (Black Cat)."""
    out: Gains = []
    for o in game.players:
        if o is p:
            continue
        for c in o.hand.cards + o.deck.cards:
            t = c.defn.text
            if "When another player gains a Victory card" in t and "gains a Curse" in t:
                out += [(q, "Curse") for q in game.order_from(o)[1:]]
    return out


def judge(game: Game, p: Any, gains: Gains) -> str | None:
    """None when these gains leave the game going (or it ends anyway); else how it ends for
    this player: win, tie or lose."""
    if not gains:  # most plays judged (may_play) take nothing from the Supply
        return None
    if "Curse" in game.supply and any(q is p and game.db[n].is_("Victory") for q, n in gains):
        gains = gains + curses_in_reply(game, p)
    taken: dict[str, int] = {}
    for _, n in gains:
        if n in game.supply:  # a Horse, a card from the trash: no Supply pile runs out
            taken[n] = taken.get(n, 0) + 1
    emptied = [n for n, k in taken.items() if 0 < len(game.supply[n].cards) <= k]
    if not emptied or game.game_should_end():  # the usual case: nothing runs out
        return None
    if not any(game.db[n].ends_game for n in emptied) and game.empty_piles() + len(emptied) < (
        3 if len(game.players) <= 4 else 4
    ):
        return None
    return compare(game, p, *after(game, gains))


def after(game: Game, gains: Gains, scores: dict[int, int] | None = None) -> tuple[dict[int, int], int]:
    """Each player's score after these gains (an exiled card scores as one in the deck does),
    and the Provinces left; a gain from a pile already emptied by them gains nothing. `scores`:
    each player's score now, for a caller that weighs many gains (counting them is most of the work)."""
    points = dict(scores) if scores is not None else {q.index: game.score(q) for q in game.players}
    taken: dict[str, int] = {}  # only the piles gained from are counted, not the whole Supply
    for q, n in gains:
        z, k = game.supply.get(n), taken.get(n, 0)
        if z is not None and len(z.cards) > k:
            taken[n] = k + 1
            points[q.index] += game.db[n].vp
    z = game.supply.get("Province")
    return points, len(z.cards) - taken.get("Province", 0) if z is not None else 0


def compare(game: Game, p: Any, points: dict[int, int], provinces: int) -> str:
    """Win, tie or lose with these scores at the end; a player with a turn after the end
    (Fleet) may still buy what one more turn can add."""
    reach = 6 if provinces else 3 if game.supply.get("Duchy") else 1

    def final(o: Any) -> int:
        return points[o.index] + (reach if game.modify("final_round", o, False) else 0)

    mine = points[p.index]
    best = max((final(o) for o in game.players if o is not p), default=-999)
    if mine != best:
        return "win" if mine > best else "lose"
    fewer = min(o.turns_taken for o in game.players if o is not p and final(o) == best)
    return "tie" if p.turns_taken == fewer else "win" if p.turns_taken < fewer else "lose"


def ends_game(game: Game, name: str) -> bool:
    """Gaining this card now empties a pile that ends the game (the last Province, a third pile)."""
    return judge(game, game.current, buy_gains(game, game.current, name)) is not None


def outcome(game: Game, p: Any, name: str) -> str:
    """How the game would end if it ended with this player buying this card or Event: win, tie
    or lose, with all it gains and exiles counted (Enclave's Duchy, Alliance's six cards)."""
    gains = buy_gains(game, p, name)
    return judge(game, p, gains) or compare(game, p, *after(game, gains))


def points_buy(game: Game, p: Any, coins: int, least: float = 0.5) -> str | None:
    """The buy worth the most points to this player (of equal points, the dearest: what it
    brings besides, Enclave's Gold beside its exiled Duchy), never from a pile that ends the
    game (the Province it is bought instead of), nor ending the game unless it wins; worth
    at least `least` of a Province's points, else none (by default an Estate is not worth a
    Province's turn)."""
    ending = max((game.db[n].vp for n in game.supply if game.db[n].ends_game), default=0)
    names = [n for n, z in game.supply.items() if z.cards] + [d.name for d in game.landscapes if d.kind == "event"]
    scores = {q.index: game.score(q) for q in game.players}
    best, best_key, mine = None, (least * ending, 0), scores[p.index]
    for n in names:
        d = game.db[n]
        if game.cost(d) > coins:
            continue
        gains = buy_gains(game, p, n)
        key = (after(game, gains, scores)[0][p.index] - mine, game.cost(d))
        if key[0] <= 0 or key < best_key or key == best_key and best is not None:
            continue
        if any(game.db[m].ends_game for _, m in gains) or judge(game, p, gains) not in (None, "win"):
            continue
        if d.kind != "event" or game.why_not(p, TurnAction("buy", n)) is None:  # once a turn...
            best, best_key = n, key
    return best


LONG_GAME = 60  # turns: past this a game ends on any move, won or lost, rather than stall


def loses(game: Game, p: Any, gains: Gains) -> bool:
    """These gains end the game with this player losing (past LONG_GAME, nothing does)."""
    return p.turns_taken <= LONG_GAME and judge(game, p, gains) == "lose"


def safe(game: Game, p: Any, want: str | None) -> str | None:
    """The card (or Event) wanted, unless buying it ends the game with this player losing:
    then the most points that do not (a Duchy, Enclave's exiled Duchy, an Estate), else
    nothing. A shared win of the last Province stays."""
    if want is None or p.turns_taken > LONG_GAME:
        return want
    result = judge(game, p, buy_gains(game, p, want))
    if result is None or result == "win" or result == "tie" and len(game.supply.get("Province", [])) <= 1:
        return want
    return points_buy(game, p, p.coins, least=0.01)
