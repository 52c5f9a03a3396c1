"""Mountain Village's card from the discard pile (issue 22): "Look through your discard pile and
put a card from it into your hand." Asked as a gain, it was judged as one: late, a Province."""

from __future__ import annotations

from dominion_tui.bots import make_player
from dominion_tui.core.decisions import TurnAction
from dominion_tui.core.game import Config
from dominion_tui.setup import new_game


def test_mountain_village_takes_the_card_worth_most_this_turn_not_a_province() -> None:
    for level in ("normal", "hard"):
        bots = {0: make_player(level, 1), 1: make_player(level, 2)}
        game = new_game(Config(["A", "B"], ["Mountain Village", "Sleigh"], [], 3), bots)
        a = game.players[0]
        del game.supply["Province"].cards[3:]  # late: a Province gained would be worth the most
        game.phase = "action"
        a.discard.cards.clear()
        a.hand.cards.clear()
        for n in ["Province", "Gold", "Copper", "Estate"]:
            game.new_card(n, a.discard)
        for n in ["Mountain Village", "Silver", "Copper"]:
            game.new_card(n, a.hand)
        a.coins, a.buys, a.actions = 0, 1, 1
        game.do(a, TurnAction("play", "Mountain Village"))
        assert sorted(c.name for c in a.hand.cards) == ["Copper", "Gold", "Silver"], level


def test_border_guard_keeps_the_card_worth_most_this_turn_not_a_province() -> None:
    """Border Guard asks the same question of its revealed pair (now a "to_hand" question, as
    Mountain Village's is): late, the levels took the Province, the dearer card."""
    for level in ("normal", "hard"):
        bots = {0: make_player(level, 1), 1: make_player(level, 2)}
        game = new_game(Config(["A", "B"], ["Border Guard", "Sleigh"], [], 3), bots)
        a = game.players[0]
        del game.supply["Province"].cards[3:]
        game.phase = "action"
        a.hand.cards.clear()
        a.deck.cards.clear()
        for n in ["Gold", "Province"]:
            game.new_card(n, a.deck)
        game.new_card("Border Guard", a.hand)
        a.coins, a.buys, a.actions = 0, 1, 1
        game.do(a, TurnAction("play", "Border Guard"))
        assert [c.name for c in a.hand.cards] == ["Gold"], level
