"""Official pile sizes by player count, and games of every size run to the end."""

from __future__ import annotations

import pytest

import cards
from dominion_tui.bots import SimplePlayer
from dominion_tui.cli import PILOT_KINGDOM
from dominion_tui.core.game import Config
from dominion_tui.setup import SetupError, new_game

SIZES = {  # players: Copper, Silver, Gold, Estate, Duchy, Province, Curse
    1: (53, 40, 30, 8, 8, 8, 10),
    2: (46, 40, 30, 8, 8, 8, 10),
    3: (39, 40, 30, 12, 12, 12, 20),
    4: (32, 40, 30, 12, 12, 12, 30),
    5: (85, 80, 60, 12, 12, 15, 40),  # the second set's Treasures: 80 Silvers, 60 Golds
    6: (78, 80, 60, 12, 12, 18, 50),
}
BASIC = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")


@pytest.mark.parametrize("n", sorted(SIZES))
def test_pile_sizes(n: int) -> None:
    game = new_game(Config([f"P{i}" for i in range(n)], ["Supplies", "Barge"], ["Ride"], 1))
    assert tuple(len(game.supply[b]) for b in BASIC) == SIZES[n]
    assert len(game.supply["Barge"]) == 10
    assert len(game.nonsupply["Horse"]) == 30  # Supplies and Ride use Horses
    for p in game.players:
        assert sorted(c.name for c in p.all_cards()) == ["Copper"] * 7 + ["Estate"] * 3
        assert len(p.hand) == 5


def test_no_horse_pile_when_nothing_uses_horses() -> None:
    game = new_game(Config(["A", "B"], ["Barge"], [], 1))
    assert "Horse" not in game.nonsupply


@pytest.mark.parametrize("n", [1, 5, 6])
def test_games_of_one_five_and_six_players_end(n: int) -> None:
    game = new_game(
        Config([f"P{i}" for i in range(n)], list(PILOT_KINGDOM), ["Barracks"], n),
        {i: SimplePlayer(i) for i in range(n)},
    )
    game.run()
    assert game.over and game.check_conservation() is None


@pytest.mark.parametrize(
    "players,kingdom,landscapes",
    [
        ([], ["Barge"], []),
        (["A"] * 2, ["Barge"], []),
        ([f"P{i}" for i in range(7)], ["Barge"], []),
        (["A", "B"], ["Ride"], []),
        (["A", "B"], ["Barge"], ["Sheepdog"]),
        (
            ["A", "B"],
            [
                d.name
                for d in cards.load().of_kind("kingdom")
                if d.is_("Action") and not d.is_("Duration") and d.cost in (2, 3)
            ],
            ["Way of the Mouse"],
        ),
    ],
)
def test_impossible_setups_are_refused_in_one_sentence(players, kingdom, landscapes) -> None:
    with pytest.raises(SetupError) as e:
        new_game(Config(players, kingdom, landscapes, 1))
    assert str(e.value).endswith(".") and "\n" not in str(e.value)
