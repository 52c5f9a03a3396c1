"""Kiln's copy of the next card played (issue 22): "The next time you play a card this turn,
you may first gain a copy of it." The bots played their Treasures in hand order, so the copy
offered was most often of a Copper, and declined."""

from __future__ import annotations

from dominion_tui.bots import make_player
from dominion_tui.core.decisions import Decision, TurnAction
from dominion_tui.core.game import Config
from dominion_tui.setup import new_game


def test_after_kiln_the_best_treasure_is_played_first_and_copied() -> None:
    for level in ("normal", "hard"):
        bots = {0: make_player(level, 1), 1: make_player(level, 2)}
        game = new_game(Config(["A", "B"], ["Kiln", "Sleigh"], [], 3), bots)
        a = game.players[0]
        game.phase = "action"
        a.discard.cards.extend(a.hand.cards)
        a.hand.cards.clear()
        for n in ["Kiln", "Copper", "Copper", "Gold", "Estate"]:
            game.new_card(n, a.hand)
        a.coins, a.buys, a.actions = 0, 1, 1
        game.do(a, TurnAction("play", "Kiln"))
        d = Decision("turn", a, "Action phase", topic="action")
        game.waiting = d
        act = bots[0].decide(game, d)
        game.waiting = None
        assert act == TurnAction("play", "Gold"), level
        game.do(a, act)
        assert [c.name for q, c in game.turn.gained if q is a] == ["Gold"], level
