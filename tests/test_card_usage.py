"""Kingdom cards' own questions answered by what the deck wants (issue 22): each in a small real
position, with the position where the other answer is right."""

from __future__ import annotations

from dominion_tui.bots import make_player
from dominion_tui.core.decisions import Decision, Option
from dominion_tui.core.game import Config
from dominion_tui.setup import new_game

KINGDOM = ["Improve", "Black Cat", "Sheepdog", "Border Guard", "Silk Merchant", "Kiln"]


def improved(in_play: list[str], level: str = "hard") -> list[str]:
    """What the bot trashes with Improve at the start of Clean-up, these cards in play."""
    game = new_game(Config(["A", "B"], KINGDOM, [], 3))
    a = game.players[0]
    for n in in_play:
        game.new_card(n, a.in_play)
    game.phase = "cleanup"
    options = [Option(c.name, c) for c in a.in_play.cards]
    prompt = "Trash an Action card you would discard from play this turn, to gain a card costing exactly 1 more?"
    d = Decision("cards", a, prompt, options, min=0, topic="trash")
    return [options[i].label for i in make_player(level, 1).answer_trash(game, d)]


def test_improve_keeps_a_card_worth_more_than_its_upgrade() -> None:
    # a Black Cat (2) is worth more to the deck than a Silver or a Sheepdog (3): the Improve
    # itself goes, for a Silk Merchant (4)
    for level in ("normal", "hard"):
        assert improved(["Black Cat", "Improve"], level) == ["Improve"], level


def test_improve_upgrades_a_weak_card() -> None:
    assert improved(["Border Guard"]) == ["Border Guard"]  # a Silver is worth more


def test_border_guard_takes_the_better_revealed_card() -> None:
    # its question had no topic: it was answered at random (13 times in 150 random games)
    for top in (["Estate", "Gold"], ["Gold", "Estate"]):
        for seed in range(4):
            game = new_game(Config(["A", "B"], KINGDOM, [], seed))
            a = game.players[0]
            shown = [game.new_card(n, a.revealed) for n in top]
            options = [Option(c.name, c) for c in shown]
            d = Decision("cards", a, "Put which revealed card into your hand?", options, topic="to_hand")
            pick = make_player("hard", seed).answer(game, d)
            assert [options[i].label for i in pick] == ["Gold"], (top, seed)
