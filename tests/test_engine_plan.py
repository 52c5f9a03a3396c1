"""issue 22: what the engine plan (bots/engine.py) buys once its opening is done, as measured
against `hard` (benchmarks/engine_vs_hard.py)."""

from __future__ import annotations

from dominion_tui.bots.engine import EnginePlan
from dominion_tui.bots.expert import Expert, Strategy
from dominion_tui.core.game import Config
from dominion_tui.setup import new_game

KINGDOM = ["Mountain Village", "Swashbuckler", "Priest", "Barge", "Cargo Ship"]
KINGDOM += ["Supplies", "Stockpile", "Fisherman", "Cardinal", "Kiln"]


def a_deck(cards: tuple[tuple[str, int], ...], coins: int, kingdom: list[str] = KINGDOM):
    game = new_game(Config(["A", "B"], kingdom, [], 3))
    a = game.players[0]
    for zone in (a.hand, a.deck, a.discard):
        zone.cards.clear()
    for name, copies in cards:
        game.new_cards(name, a.deck, copies)
    game.phase = "buy"
    a.coins, a.buys, a.turns_taken = coins, 1, 11  # past the opening's trasher and attacks
    return game, a


def test_six_coins_buy_a_gold_rather_than_a_village_for_terminals_already_bought() -> None:
    """Dense money, 2 terminal draws and 1 village: the engine bought a second Mountain Village
    with 6 coins; Gold won more often against hard. Below Gold's price, still the village."""
    plan = EnginePlan(Expert(1, strategy=Strategy(engine=True)))
    money = (("Gold", 3), ("Silver", 3), ("Copper", 2))
    game, a = a_deck((*money, ("Mountain Village", 1), ("Swashbuckler", 2)), 6)
    assert plan.purchase(game, a) == "Gold"
    a.coins = 5
    assert plan.purchase(game, a) == "Mountain Village"


def test_six_coins_still_buy_draw_where_a_village_waits_for_it() -> None:
    """With an Action to spare (a village, 1 terminal) and dense money, more draw at 6 coins."""
    plan = EnginePlan(Expert(1, strategy=Strategy(engine=True)))
    money = (("Gold", 3), ("Silver", 3), ("Copper", 2))
    game, a = a_deck((*money, ("Mountain Village", 1), ("Swashbuckler", 1)), 6)
    assert plan.purchase(game, a) in ("Swashbuckler", "Barge")


def test_a_card_that_must_trash_is_no_draw_once_the_deck_holds_a_trasher() -> None:
    """Research must trash a card from the hand to draw: the engine bought five and they
    destroyed its own cards once the junk was gone. With one in the deck, the draw bought is
    one that trashes nothing (Sheepdog); without a trasher yet, Research still fits."""
    kingdom = ["Hideout", "Mountain Village", "Research", "Sheepdog", "Cardinal"]
    kingdom += ["Kiln", "Acting Troupe", "Mastermind", "Goatherd", "Inventor"]  # no money plan's card
    plan = EnginePlan(Expert(1, strategy=Strategy(engine=True)))
    money = (("Gold", 2), ("Silver", 3), ("Copper", 3), ("Mountain Village", 1))
    game, a = a_deck((*money, ("Research", 1)), 4, kingdom)
    assert plan.purchase(game, a) == "Sheepdog"
    game, a = a_deck(money, 4, kingdom)
    assert plan.purchase(game, a) == "Research"
