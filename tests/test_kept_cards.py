"""A card kept for the next hand is judged by what it does in that hand, not by how much it is
wanted as a gain (issue 22): late, a Province is the card most wanted and the one worth least
drawn. Pursue named it, Star Chart and City Gate put it on the deck, Seer put it on top."""

from __future__ import annotations

import pytest

from dominion_tui.bots import make_player
from dominion_tui.core.decisions import Decision, Option, card_options, grouped_card_options
from dominion_tui.core.game import Config
from dominion_tui.setup import new_game

KINGDOM = ["Seer", "Cargo Ship", "Village Green", "Sleigh", "Groom", "Patron", "Kiln", "Livery", "Scepter", "Fisherman"]
LEVELS = ("normal", "hard", "expert")


def late_game(hand: list[str], deck: list[str]):
    """A game at player A's Buy phase with 3 Provinces left, this hand and this deck to draw."""
    game = new_game(Config(["A", "B"], KINGDOM, ["Pursue", "Star Chart", "City Gate"], 5))
    a = game.players[0]
    del game.supply["Province"].cards[3:]
    for zone, names in ((a.hand, hand), (a.deck, deck), (a.discard, ["Copper"] * 4 + ["Silver", "Estate"])):
        zone.cards.clear()
        for n in names:
            game.new_card(n, zone)
    game.phase = "buy"
    return game, a


def answer(level: str, game, d: Decision) -> list[str]:
    picked = make_player(level, 7).decide(game, d)
    return [d.options[i].label for i in picked]


@pytest.mark.parametrize("level", LEVELS)
def test_pursue_names_the_card_worth_most_drawn_not_a_province(level: str) -> None:
    game, a = late_game([], ["Province", "Province", "Gold", "Gold", "Copper", "Estate", "Silver", "Copper"])
    names = sorted(d.name for d in game.db.defs.values() if d.is_card)
    d = Decision("option", a, "Name a card.", [Option(n, n) for n in names], topic="name")
    assert answer(level, game, d) == ["Gold"]


@pytest.mark.parametrize("level", LEVELS)
def test_star_chart_puts_a_gold_on_top_not_a_province(level: str) -> None:
    game, a = late_game([], ["Province", "Gold", "Copper", "Estate", "Duchy"])
    d = Decision("cards", a, "Star Chart: pick a card.", grouped_card_options(a.deck.cards), min=0, topic="topdeck")
    assert answer(level, game, d) == ["Gold"]


@pytest.mark.parametrize("level", LEVELS)
def test_city_gate_puts_back_a_spare_copper_before_a_province(level: str) -> None:
    # 9 coins buy a Province without the Copper: both it and the Province are spare this turn
    game, a = late_game(["Gold", "Gold", "Silver", "Province", "Copper"], ["Silver"] * 5)
    game.phase = "action"
    d = Decision(
        "cards", a, "City Gate: put a card onto your deck.", grouped_card_options(a.hand.cards), topic="topdeck"
    )
    assert answer(level, game, d) == ["Copper"]


@pytest.mark.parametrize("level", LEVELS)
def test_seer_puts_the_gold_back_on_top_of_the_province(level: str) -> None:
    game, a = late_game([], ["Silver"] * 5)
    back = [game.new_card("Province", a.revealed), game.new_card("Gold", a.revealed)]
    d = Decision("cards", a, "Put these back.", card_options(back), min=2, max=2, topic="order")
    assert answer(level, game, d) == ["Gold", "Province"]
