"""Events and Ways: what scenarios cannot see (question wording, queries, computer players)."""

from __future__ import annotations

import cards
from dominion_tui.bots import SimplePlayer
from dominion_tui.cli import PILOT_KINGDOM
from dominion_tui.core.decisions import Decision, Option, TurnAction
from dominion_tui.core.game import Config
from dominion_tui.interpreter import Interpreter
from dominion_tui.narration import Narrator
from dominion_tui.queries import Queries
from dominion_tui.setup import new_game
from tests.test_mechanisms import make, run


def test_a_question_with_unlisted_options_says_so_in_its_line_and_takes_any_name() -> None:
    game, _ = make([], [])
    ann = game.players[0]
    names = sorted(d.name for d in game.db.defs.values() if d.is_card)
    d = Decision("option", ann, "Name a card.", [Option(n, n) for n in names], topic="name", unlisted="Name any card.")
    lines = Narrator().question(d)
    assert lines == ["Ann: Name a card. Name any card."]  # one line, as every question
    interp = Interpreter(game)
    assert interp.interpret("patr", d).value == [names.index("Patron")]
    bad = interp.interpret("Nonsense", d)
    assert bad.kind == "reject" and "Copper" not in bad.message and "Name any card." in bad.message


def test_a_way_question_takes_any_word_of_the_ways_name() -> None:
    game, _ = make([], [])
    d = Decision(
        "option",
        game.players[0],
        "Play Barge normally or with a Way?",
        [Option("normal"), Option("Way of the Ox"), Option("Way of the Turtle")],
        topic="way",
    )
    interp = Interpreter(game)
    assert interp.interpret("ox", d).value == [1]
    assert interp.interpret("turt", d).value == [2]
    assert interp.interpret("the", d).kind == "reject"  # every Way has it: ambiguous


def test_supply_lists_event_costs_and_limits_already_used() -> None:
    game, _ = make(
        [],
        [TurnAction("buy", "Seize the Day"), TurnAction("buy", "Desperation"), [1]],
        landscapes=("Seize the Day", "Desperation"),
    )
    ann = game.players[0]
    ann.coins, ann.buys = 4, 2
    run(game)
    q = Queries(game, lambda: [], lambda: [])
    text = " ".join(q.q_supply("", ann))
    assert "Seize the Day, Event, 4 coins, already bought this game" in text
    assert "Desperation, Event, 0 coins, already bought this turn" in text
    assert "Seize the Day, 4 coins:" in " ".join(q.q_kingdom("", ann))


def test_an_empty_supply_pile_is_still_its_cards_pile() -> None:
    game, _ = make(["Sheepdog"], [])
    game.supply["Sheepdog"].cards.clear()
    assert game.pile("Sheepdog") is game.supply["Sheepdog"]


def test_invested_cards_are_named_on_the_exile_mat() -> None:
    game, _ = make(["Sheepdog"], [TurnAction("buy", "Invest")], landscapes=("Invest",))
    ann = game.players[0]
    ann.coins = 4
    game.new_card("Sheepdog", ann.exile)
    run(game)
    assert sorted(game.exile_mat(ann)) == ["Invested Sheepdog", "Sheepdog"]
    q = Queries(game, lambda: [], lambda: [])
    assert "Invested Sheepdog" in q.q_exile("", ann)[0]
    assert "Invested Sheepdog" in q.q_others("", game.players[1])[0]


def test_simple_player_buys_alliance_at_10_and_games_with_every_event_end() -> None:
    game, _ = make([], [], landscapes=("Alliance",))
    ann = game.players[0]
    ann.coins, game.phase = 10, "buy"
    assert SimplePlayer(0).purchase(game, ann) == "Alliance"
    events = [d.name for d in cards.load().of_kind("event")]
    for seed in range(8):  # every Event on offer; games must end (no buying loop)
        landscapes = [events[(seed * 3 + i) % len(events)] for i in range(3)]
        g = new_game(
            Config(["A", "B"], list(PILOT_KINGDOM), landscapes, seed),
            {0: SimplePlayer(seed), 1: SimplePlayer(seed + 1)},
        )
        g.run()
        assert g.over and g.check_conservation() is None
