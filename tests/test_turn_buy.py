"""The turn's buy judged once: where a card uses the Treasures left in hand (Hostelry, Ducat), the
bots ask what all the coins buy before each Treasure is played; the buy takes that judgement
instead of working it out again, and must be what working it out again would say."""

from __future__ import annotations

from collections import Counter

from dominion_tui.bots import make_player
from dominion_tui.bots.expert import Strategy, match_work
from dominion_tui.bots.hand import HandJudge
from dominion_tui.core.decisions import Decision
from dominion_tui.core.game import Config
from dominion_tui.setup import new_game

# choice:35 of benchmarks/expert_choice.py: Hostelry with Bargain, whose gain was judged as
# before the coins came while the first Treasure was played in the Action phase
KINGDOM = [
    "Cardinal",
    "Improve",
    "Stockpile",
    "Coven",
    "Livery",
    "Bounty Hunter",
    "Groom",
    "Hostelry",
    "Gatekeeper",
    "Cavalry",
]


def test_the_buy_takes_the_treasures_judgement_only_where_it_is_the_same(monkeypatch) -> None:
    real = HandJudge.turn_buy
    counts: Counter[str] = Counter()

    def checked(self, game, p):
        fresh = type(self).purchase(self, game, p)
        asked: list[int] = []
        self.purchase = lambda g, q: asked.append(1) or fresh  # seen when turn_buy judges anew
        try:
            got = real(self, game, p)
        finally:
            del self.purchase
        counts["judged" if asked else "took"] += 1
        counts["differed"] += got != fresh
        return got

    monkeypatch.setattr(HandJudge, "turn_buy", checked)
    for plan in (Strategy(), Strategy(cards=(("Hostelry", 2),)), Strategy(cards=(("Cavalry", 2),))):
        for seed in range(2):
            for first in (True, False):
                match_work(KINGDOM, ["Bargain"], plan, seed, first)
    assert counts["took"] > 5 * counts["judged"]  # taken at most buys
    assert counts["differed"] == 0


def treasure_turn(kingdom: list[str], hand: tuple[str, ...], seen) -> list:
    """hard plays a turn from the Action phase with this hand (no Action in it) up to its first
    move that is not a play; `seen(game, player)` is recorded at each judgement of the buy. The
    moves, then what was recorded."""
    bot = make_player("hard", 1)
    game = new_game(Config(["A", "B"], kingdom, [], 3), {0: bot, 1: bot}, deal=False)
    a = game.players[0]
    for name in hand:
        game.new_card(name, a.hand)
    for name in ("Copper", "Copper", "Estate", "Silver", "Silver"):
        game.new_card(name, a.deck)
    game.phase = "action"
    judged = []
    purchase = bot.purchase
    bot.purchase = lambda g, q: judged.append(seen(g, q)) or purchase(g, q)
    moves = []
    while not moves or moves[-1].verb == "play":
        moves.append(bot.decide(game, Decision("turn", a, "Turn", topic="turn")))
        game.do(a, moves[-1])
    assert game.phase == "buy"
    return [m.verb for m in moves], judged


def test_a_turn_of_treasures_judges_its_buy_once() -> None:
    kingdom = ["Ducat", "Hostelry", "Scholar", "Sheepdog"]
    moves, phases = treasure_turn(kingdom, ("Silver", "Silver", "Copper", "Copper", "Estate"), lambda g, q: g.phase)
    assert moves == ["play"] * 4 + ["buy"]  # every Treasure played, then one buy
    assert phases == ["buy"]  # at the first Treasure, in the Action phase, as the Buy phase will judge


def test_a_treasure_that_does_more_than_make_coins_has_the_buy_judged_again() -> None:
    """Spices gives a Buy and a Coffers when played: what the Treasures' question judged is stale."""
    kingdom = ["Ducat", "Hostelry", "Spices", "Sheepdog"]
    moves, buys = treasure_turn(kingdom, ("Spices", "Copper", "Copper", "Estate", "Estate"), lambda g, q: q.buys)
    assert moves[:3] == ["play"] * 3
    assert buys[:2] == [1, 2]  # before Spices' Buy, then again with it
