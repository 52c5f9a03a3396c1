"""Treasures kept back for a card that uses them when gained (issue 22): Hostelry's "discard any
number of Treasures from your hand to gain that many Horses" is asked only with Treasures still
in hand, so a bot that buys it plays only the Treasures the buy needs."""

from __future__ import annotations

from dominion_tui.bots import make_player
from dominion_tui.core.decisions import Decision
from dominion_tui.core.game import Config
from dominion_tui.setup import new_game


def buy_turn(level: str, kingdom: list[str], hand: list[str], owned: list[str]):
    """Player A, a `level` bot, at the start of its Buy phase with this hand and these cards
    added to its discard pile; its turn played out by the bot until it has bought."""
    bots = {0: make_player(level, 1), 1: make_player(level, 2)}
    game = new_game(Config(["A", "B"], kingdom, [], 3), bots)
    a = game.players[0]
    game.phase = "buy"
    a.discard.cards.extend(a.hand.cards)
    a.hand.cards.clear()
    for n in hand:
        game.new_card(n, a.hand)
    for n in owned:
        game.new_card(n, a.discard)
    a.coins, a.buys, a.actions = 0, 1, 0
    while not game.turn.bought_in_phase:
        d = Decision("turn", a, "Buy phase", topic="buy")
        game.waiting = d
        act = bots[0].decide(game, d)
        game.waiting = None
        assert act.verb in ("play", "buy"), act
        game.do(a, act)
    return game, a


def test_a_bot_buying_hostelry_keeps_back_the_treasures_it_does_not_need_and_gains_horses() -> None:
    for level in ("normal", "hard"):
        hand = ["Copper", "Copper", "Silver", "Copper", "Estate"]
        game, a = buy_turn(level, ["Hostelry", "Sleigh"], hand, ["Sleigh", "Sleigh"])
        assert game.turn.bought_cards == ["Hostelry"], level
        # the Silver and 2 Coppers pay its 4; the third Copper is discarded for a Horse
        assert sorted(c.name for c in a.in_play.cards) == ["Copper", "Copper", "Silver"], level
        assert sum(c.name == "Horse" for c in a.discard.cards) == 1, level
        assert not any(c.is_("Treasure") for c in a.hand.cards), level


def test_every_treasure_is_played_for_a_buy_that_uses_none() -> None:
    # 8 coins: a Province, which asks nothing of the Treasures left
    game, a = buy_turn("hard", ["Hostelry", "Sleigh"], ["Gold", "Silver", "Silver", "Copper", "Copper"], [])
    assert game.turn.bought_cards == ["Province"]
    assert len(a.in_play.cards) == 5


def test_a_hostelry_gained_before_buying_takes_horses_only_for_treasures_the_buy_does_not_need() -> None:
    # gained in the Action phase (as Groom or Displace gain it): 7 coins in hand buy a Gold, so
    # one Copper is spare; discarding both, as junk, would leave 5
    bots = {0: make_player("hard", 1), 1: make_player("hard", 2)}
    game = new_game(Config(["A", "B"], ["Hostelry", "Sleigh"], [], 3), bots)
    a = game.players[0]
    game.phase = "action"
    a.discard.cards.extend(a.hand.cards)
    a.hand.cards.clear()
    for n in ["Gold", "Silver", "Copper", "Copper"]:
        game.new_card(n, a.hand)
    a.coins, a.buys, a.actions = 0, 1, 0
    game.gain(a, "Hostelry")
    assert sorted(c.name for c in a.hand.cards) == ["Copper", "Gold", "Silver"]
    assert sum(c.name == "Horse" for c in a.discard.cards) == 1
