"""Displace judged by its trade (issue 22): "Exile a card from your hand. Gain a differently
named card costing up to 2 more than it." An exiled card's points still count, so late a
Province is exiled for a Duchy; early an Estate for a 4-cost card."""

from __future__ import annotations

from dominion_tui.bots import make_player
from dominion_tui.core.decisions import TurnAction
from dominion_tui.core.game import Config
from dominion_tui.setup import new_game


def displace(level: str, hand: list[str], provinces: int):
    """Player A, a `level` bot, plays Displace from this hand with this many Provinces left."""
    bots = {0: make_player(level, 1), 1: make_player(level, 2)}
    game = new_game(Config(["A", "B"], ["Displace", "Sleigh"], [], 3), bots)
    a = game.players[0]
    del game.supply["Province"].cards[provinces:]
    game.phase = "action"
    a.discard.cards.extend(a.hand.cards)
    a.hand.cards.clear()
    for n in ["Displace", *hand]:
        game.new_card(n, a.hand)
    a.coins, a.buys, a.actions = 0, 1, 1
    game.do(a, TurnAction("play", "Displace"))
    return [c.name for c in a.exile.cards], [c.name for q, c in game.turn.gained if q is a]


def test_late_displace_exiles_a_province_for_a_duchy_its_points_kept() -> None:
    for level in ("normal", "hard"):
        assert displace(level, ["Province", "Silver", "Copper", "Copper"], 3) == (["Province"], ["Duchy"]), level


def test_early_displace_exiles_an_estate_for_a_four_cost_card() -> None:
    exiled, gained = displace("hard", ["Estate", "Silver", "Copper", "Copper"], 8)
    assert exiled == ["Estate"] and gained in (["Silver"], ["Sleigh"])
