"""Invest on the card the other player's plan collects (issue 22): a player with a plan in the
kingdom (hard, expert) expects the other to follow the same "Big Money + X" plan, so it invests
in X before the other has bought it; normal, with no plan, waits until the other collects it."""

from __future__ import annotations

import pytest
from test_bot_usage import position

from dominion_tui.bots import make_player
from dominion_tui.core.decisions import Decision, Option


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_invest_is_bought_for_the_card_the_others_plan_will_collect(level: str) -> None:
    # Coven is the kingdom's best "Big Money + X" card, 3 copies: B will gain 3, 6 cards drawn
    game, a = position(["Coven", "Village Green", "Hostelry"], ["Invest"], phase="buy")
    a.coins = 4
    bot = make_player(level, 1)
    assert bot.purchase(game, a) == "Invest"
    game.turn.bought_cards.append("Invest")
    names = [n for n, z in game.supply.items() if game.db[n].is_("Action") and game.db[n].kind == "kingdom"]
    d = Decision(
        "option", a, "Invest in which Action card from the Supply?", [Option(n, n) for n in names], topic="exile_supply"
    )
    assert names[bot.answer(game, d)[0]] == "Coven"


def test_invest_is_not_bought_once_the_other_has_all_its_copies() -> None:
    # nor for a copy ahead: this deck wants only 1 more Coven (with 0, it would be: a copy of
    # its own plan's card, tests/test_event_usage.py)
    game, a = position(["Coven", "Village Green", "Hostelry"], ["Invest"], phase="buy")
    a.coins = 4
    for _ in range(3):
        game.new_card("Coven", game.players[1].discard)
    for _ in range(2):
        game.new_card("Coven", a.discard)
    assert make_player("hard", 1).purchase(game, a) != "Invest"


def test_normal_follows_no_plan_so_expects_none_of_the_other() -> None:
    game, a = position(["Coven", "Village Green", "Hostelry"], ["Invest"], phase="buy")
    a.coins = 4
    assert make_player("normal", 1).purchase(game, a) != "Invest"
