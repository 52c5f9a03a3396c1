"""A Project bought early takes the place of the card its price buys: each level buys one only
where the deck gives its lasting effect work (issue 22, bots/events.py has_work_for)."""

from __future__ import annotations

from typing import Any

import pytest

from dominion_tui.bots import expert, make_player
from dominion_tui.bots.expert import Expert, Strategy
from dominion_tui.core.game import Config, Game
from dominion_tui.setup import new_game

KINGDOM = ["Mastermind", "Hostelry", "Scrap"]


def player(level: str) -> Any:
    """A bot of the level; expert with its first knobs, not a plan thought out before the turn."""
    return Expert(1, strategy=Strategy()) if level == "expert" else make_player(level, 1)


def buy_phase(project: str, coins: int) -> tuple[Game, Any]:
    game = new_game(Config(["A", "B"], KINGDOM, [project], 3))
    a = game.players[0]
    game.phase, a.coins = "buy", coins
    return game, a


def add_actions(game: Game, a: Any, n: int = 5) -> None:
    for _ in range(n):
        game.new_card("Hostelry", a.discard)


def leave_one_province(game: Game) -> None:
    while len(game.supply["Province"].cards) > 1:
        game.supply["Province"].cards.pop()


def buy_hint(monkeypatch: pytest.MonkeyPatch, game: Game, a: Any) -> tuple[str, str]:
    """The hint in a's Buy phase, its Treasures already played, for expert's first knobs."""
    from dominion_tui.bots import hint as hint_module
    from dominion_tui.core.decisions import Decision

    a.hand.cards.clear()
    monkeypatch.setattr(hint_module, "planned", lambda game: Strategy())
    return hint_module.hint(game, Decision("turn", a, "Buy phase", topic="buy"))


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_barracks_waits_for_a_deck_of_actions(level: str) -> None:
    """Barracks' +1 Action a turn plays a second Action only where the deck has Actions to meet."""
    game, a = buy_phase("Barracks", 6)
    assert player(level).purchase(game, a) != "Barracks"  # the starting deck: no Action at all
    add_actions(game, a)
    assert player(level).purchase(game, a) == "Barracks"


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_sewers_waits_for_a_card_that_trashes(level: str) -> None:
    game, a = buy_phase("Sewers", 3)
    assert player(level).purchase(game, a) != "Sewers"
    game.new_card("Scrap", a.discard)
    assert player(level).purchase(game, a) == "Sewers"


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
@pytest.mark.parametrize("project", ["Fair", "Silos", "Star Chart"])
def test_a_project_on_the_decks_better_cards_waits_for_a_gold(level: str, project: str) -> None:
    """A Buy for spare coins, Coppers swapped for other cards, the best card on top at each
    shuffle: in a deck of Coppers and Estates there is nothing for them to work on yet."""
    game, a = buy_phase(project, 4)
    assert player(level).purchase(game, a) != project
    game.new_card("Gold", a.discard)
    assert player(level).purchase(game, a) == project


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_fleet_is_not_bought_for_a_golds_coins(level: str) -> None:
    """Fleet's extra round at the end buys about a Duchy: early, its 5 coins buy more."""
    game, a = buy_phase("Fleet", 5)
    assert player(level).purchase(game, a) != "Fleet"


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_fleet_takes_a_duchys_place_with_the_last_province_left(level: str) -> None:
    game, a = buy_phase("Fleet", 5)
    leave_one_province(game)
    assert player(level).purchase(game, a) == "Fleet"


def test_the_hint_says_why_fleet_late(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reason for the plan's own buy: in this made-up position (decks as they began) the
    endgame search finds a Duchy better, and its hint says how the playouts went instead."""
    monkeypatch.setattr(expert, "near_end", lambda game: False)
    game, a = buy_phase("Fleet", 5)
    leave_one_province(game)
    assert buy_hint(monkeypatch, game, a) == (
        "buy Fleet",
        "An extra turn is worth more than the points these coins would buy.",
    )


def test_the_hint_says_a_project_lasts(monkeypatch: pytest.MonkeyPatch) -> None:
    game, a = buy_phase("Barracks", 6)
    add_actions(game, a)
    assert buy_hint(monkeypatch, game, a) == (
        "buy Barracks",
        "It lasts all game: bought now, it does more than the card these coins would buy.",
    )


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_star_chart_waits_for_experts_own_card_or_a_gold(level: str) -> None:
    """expert's plan card is the card Star Chart puts on top at each shuffle: the Project is
    worth its price once the deck holds a copy, Gold or none; hard still waits for a Gold."""
    game, a = buy_phase("Star Chart", 4)
    bot = Expert(1, strategy=Strategy(cards=(("Mastermind", 1),))) if level == "expert" else player(level)
    assert bot.purchase(game, a) != "Star Chart"
    game.new_card("Mastermind", a.discard)
    assert (bot.purchase(game, a) == "Star Chart") == (level == "expert")
