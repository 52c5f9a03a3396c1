"""The bots' caches for speed (issue 22: expert thinks in simulated games) keep every answer
the same: each is keyed by all it reads, so a change the key misses cannot hide behind it."""

from __future__ import annotations

from dataclasses import replace

from dominion_tui.bots import make_player
from dominion_tui.bots.deckmodel import Deck
from dominion_tui.bots.endgame import after
from dominion_tui.core.decisions import Decision
from dominion_tui.core.game import Config
from dominion_tui.core.model import Zone
from dominion_tui.setup import new_game


def game_of(kingdom: list[str], landscapes: list[str] = ()):
    game = new_game(Config(["A", "B"], kingdom, list(landscapes), 3))
    return game, *game.players


def test_after_with_the_scores_given_is_after_counting_them() -> None:
    game, a, b = game_of(["Barge"])
    del game.supply["Province"].cards[1:]
    gains = [(a, "Province"), (a, "Province"), (b, "Duchy")]  # the second Province: none left
    scores = {q.index: game.score(q) for q in game.players}
    assert after(game, gains, scores) == after(game, gains) == ({0: 3 + 6, 1: 3 + 3}, 0)


def test_piles_follow_a_pile_added_to_the_supply() -> None:
    game, a, _ = game_of(["Barge", "Sleigh"])
    bot = make_player("hard", 1)
    assert [n for n, _ in bot.piles(game, "kingdom")] == ["Barge", "Sleigh"]
    game.supply["Goatherd"] = Zone("supply")  # a scenario's pile, added mid-game
    assert [n for n, _ in bot.piles(game, "kingdom")] == ["Barge", "Sleigh", "Goatherd"]


def test_tuned_focus_follows_the_plan() -> None:
    game, _, _ = game_of(["Barge", "Sleigh", "Goatherd"])
    bot = make_player("hard", 1)
    before = bot.tuned_focus(game)
    bot.plan = replace(bot.plan, focus_min=99.0)  # no card rated that well
    assert before is not None and bot.tuned_focus(game) is None


def test_coins_worth_kept_for_one_question_follows_the_coins_in_hand() -> None:
    game, a, _ = game_of(["Barge", "Sleigh", "Goatherd"])
    game.phase = "buy"
    bot = make_player("hard", 1)
    game.waiting = Decision("turn", a, "Buy phase", topic="buy")  # one question being answered
    fresh = {}
    for coins in (0, 6):  # why_not's "too dear" reads the coins in hand, not those judged
        a.coins = coins
        fresh[coins] = bot.coins_worth(game, a, 5)
        assert bot.coins_worth(game, a, 5) == fresh[coins]
    assert fresh[0] != fresh[6]  # so a key without the coins in hand would answer one wrongly
    game.waiting = None
    a.coins = 0
    assert bot.coins_worth(game, a, 5) == fresh[0]


def test_a_deck_copy_leaves_the_deck_as_it_was() -> None:
    deck = Deck(cards=10, draws=[2.0], payloads=[2.0], repeats=[1])
    copy = deck.with_(new_game(Config(["A", "B"], ["Barge"], [], 3)).db["Barge"])
    assert deck == Deck(cards=10, draws=[2.0], payloads=[2.0], repeats=[1]) and copy.cards == 11
