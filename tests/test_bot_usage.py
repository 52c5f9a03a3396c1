"""The cards, Events, Ways and Projects no bot used (issue 22): the judgement that now sees what
each is good for, in a forced position, and does not use it where it does not pay."""

from __future__ import annotations

from dominion_tui.bots import make_player, traits
from dominion_tui.core.decisions import Decision, Option, TurnAction
from dominion_tui.core.events import Event
from dominion_tui.core.game import Config
from dominion_tui.core.triggers import Candidate
from dominion_tui.setup import database, new_game


def position(kingdom: list[str], landscapes: list[str] = (), phase: str = "action"):
    """Player A on its turn, in this phase, with an empty hand, its 10 cards in its discard."""
    game = new_game(Config(["A", "B"], kingdom, list(landscapes), 3))
    a = game.players[0]
    game.phase = phase
    a.discard.cards.extend(a.hand.cards)
    a.hand.cards.clear()
    a.coins, a.buys, a.actions = 0, 1, 1
    return game, a


def way_question(game, a, card: str, way: str) -> Decision:
    return Decision(
        "option",
        a,
        f"Play {card} normally or with a Way?",
        [Option("normal", None), Option(way, game.db[way])],
        topic="way",
    )


def test_a_horse_returns_to_its_pile_so_a_way_that_keeps_it_can_beat_its_own_draw() -> None:
    assert traits(database()["Horse"]).returns  # "Return this to the Horse pile."
    game, a = position(["Sleigh"], ["Way of the Otter"])
    a.actions = 0  # the Horse took the last Action, nothing waits for another: +2 Cards and keep it
    assert make_player("hard", 1).answer_way(game, way_question(game, a, "Horse", "Way of the Otter")) == [1]
    game.new_card("Old Witch", a.hand)  # its +1 Action plays the Old Witch: the Horse's own text
    assert make_player("hard", 1).answer_way(game, way_question(game, a, "Horse", "Way of the Otter")) == [0]


def test_with_way_of_the_ox_the_weak_terminal_goes_first_so_the_strong_one_still_plays() -> None:
    game, a = position(["Sleigh", "Old Witch"], ["Way of the Ox"])
    for n in ("Old Witch", "Sleigh", "Copper"):
        game.new_card(n, a.hand)
    bot = make_player("hard", 1)
    assert bot.decide(game, Decision("turn", a, "Action phase", topic="action")) == TurnAction("play", "Sleigh")
    sleigh = next(c for c in a.hand.cards if c.name == "Sleigh")
    a.hand.cards.remove(sleigh)
    a.actions = 0
    assert bot.answer_way(game, way_question(game, a, "Sleigh", "Way of the Ox")) == [1]
    # without the Way, the Old Witch first as before
    game, a = position(["Sleigh", "Old Witch"])
    for n in ("Old Witch", "Sleigh"):
        game.new_card(n, a.hand)
    assert bot.decide(game, Decision("turn", a, "Action phase", topic="action")) == TurnAction("play", "Old Witch")


def react(game, a, source: str, gained: str, where=None) -> Decision:
    """The optional "when you gain" question of a topdecking reaction."""
    card = game.new_card(gained, a.discard)
    trig = game.db[source].triggers[0] if game.db[source].triggers else None
    cand = Candidate(source, trig, where, source)
    return Decision(
        "option", a, f"Use {source}?", [Option(source, cand)], min=0, context=Event("gain", a, card), topic="react"
    )


def test_sleigh_and_way_of_the_seal_put_money_on_the_deck_never_a_province() -> None:
    game, a = position(["Sleigh"], ["Way of the Seal"], phase="buy")
    sleigh = game.new_card("Sleigh", a.hand)
    bot = make_player("hard", 1)
    assert bot.answer(game, react(game, a, "Sleigh", "Gold", sleigh)) == [0]
    assert bot.answer(game, react(game, a, "Sleigh", "Province", sleigh)) == []
    assert bot.answer(game, react(game, a, "Way of the Seal", "Gold")) == [0]
    assert bot.answer(game, react(game, a, "Way of the Seal", "Estate")) == []
    mode = Decision(
        "option",
        a,
        "Put the Gold into your hand or onto your deck?",
        [Option("hand", "hand"), Option("deck", "deck")],
        topic="mode",
    )
    assert bot.answer(game, mode) == [1]  # bought: in hand it could no longer be played
    # in the Action phase a Sleigh that could still be played is not discarded for a gain
    game.phase = "action"
    assert bot.answer(game, react(game, a, "Sleigh", "Gold", sleigh)) == []


def test_where_the_coins_buy_a_silver_a_treasure_that_does_more_is_bought_instead(monkeypatch) -> None:
    from dominion_tui.bots import tuning

    monkeypatch.setattr(tuning, "TUNED", {"Barge": (1, 0.7)})
    game, a = position(["Barge", "Spices", "Scepter"], phase="buy")
    game.new_card("Barge", a.discard)  # hard's focus card is in: the rest is money
    hard = make_player("hard", 1)
    a.coins = 5
    assert hard.purchase(game, a) == "Spices"  # 2 coins, a Buy and 2 Coffers
    del game.supply["Spices"].cards[:]
    assert hard.purchase(game, a) == "Scepter"  # 2 coins, or a replay of the Barge
    a.coins = 4
    assert hard.purchase(game, a) == "Silver"  # neither costs 4


def test_animal_fair_is_bought_by_trashing_an_action_left_in_hand() -> None:
    game, a = position(["Animal Fair", "Sleigh"], phase="buy")
    a.coins = 4
    hard = make_player("hard", 1)
    assert hard.purchase(game, a) == "Silver"  # no Action in hand: 4 coins buy a Silver
    game.new_card("Horse", a.hand)  # a Horse left unplayed pays for it
    assert hard.purchase(game, a) == "Animal Fair"
    a.coins = 8
    assert hard.purchase(game, a) == "Province"


def test_march_plays_from_the_discard_pile_only_what_still_counts_after_buying() -> None:
    game, a = position(["Barge", "Old Witch"], ["March"], phase="buy")
    a.coins = 3
    hard = make_player("hard", 1)
    game.new_card("Barge", a.discard)  # its +3 Cards come after the last Treasure: useless now
    assert hard.purchase(game, a) == "Silver"
    a.buys = 2  # with a Buy left, March then a Silver
    game.new_card("Old Witch", a.discard)  # a Curse for the other still counts
    a.coins = 6
    assert hard.event_value(game, a, game.db["March"], traits(game.db["March"])) >= 2.0


def test_a_free_event_with_a_buy_to_spare_is_bought_beside_the_card() -> None:
    game, a = position(["Sleigh"], ["Delay"], phase="buy")
    a.coins = 4
    game.new_card("Sleigh", a.hand)  # dead in hand: played at the start of the next turn
    hard = make_player("hard", 1)
    assert hard.purchase(game, a) == "Silver"  # one Buy: the Silver lasts
    a.buys = 2
    assert hard.purchase(game, a) == "Delay"  # two: Delay costs nothing, the Silver comes next


def test_commerce_with_a_buy_to_spare_is_set_up_by_a_card_gained_first() -> None:
    game, a = position(["Sleigh"], ["Commerce"], phase="buy")
    a.coins, a.buys = 5, 2
    hard = make_player("hard", 1)
    assert hard.purchase(game, a) == "Copper"  # then Commerce: a Gold for the 5 coins
    game.do(a, TurnAction("buy", "Copper"))
    assert hard.purchase(game, a) == "Commerce"
    game, a = position(["Sleigh"], ["Commerce"], phase="buy")
    a.coins, a.buys = 5, 1  # one Buy: Commerce would gain nothing
    assert hard.purchase(game, a) != "Commerce" and hard.purchase(game, a) != "Copper"


def test_with_way_of_the_sheep_two_coins_buy_a_cheap_action(monkeypatch) -> None:
    from dominion_tui.bots import tuning

    monkeypatch.setattr(tuning, "TUNED", {"Barge": (1, 0.7)})
    # without the Way, the Sleigh's Horses are worth its 2 coins too (cheap_card, tested below)
    for ways, want in ((["Way of the Sheep"], "Sleigh"), ([], "Sleigh")):
        game, a = position(["Barge", "Sleigh"], ways, phase="buy")
        game.new_card("Barge", a.discard)
        a.coins = 2
        assert make_player("hard", 1).purchase(game, a) == want  # played for +2 coins: a Silver for 2


def test_cathedral_is_bought_once_the_other_player_hands_out_curses() -> None:
    game, a = position(["Old Witch", "Sleigh"], ["Cathedral"], phase="buy")
    a.coins = 3
    hard = make_player("hard", 1)
    assert hard.purchase(game, a) != "Cathedral"  # a money deck of Coppers and Estates: it lost there
    game.new_card("Old Witch", game.players[1].discard)  # now junk keeps coming: trash it each turn
    assert hard.purchase(game, a) == "Cathedral"
    assert make_player("normal", 1).purchase(game, a) != "Cathedral"  # a deck of many kingdom cards lost with it
    while game.supply["Province"].cards[5:]:
        game.supply["Province"].cards.pop()
    assert hard.purchase(game, a) != "Cathedral"  # too late to pay


def test_way_of_the_camel_exiles_a_gold_instead_of_two_coins_early() -> None:
    game, a = position(["Kiln"], ["Way of the Camel"])
    a.actions = 0
    for _ in range(3):
        game.new_card("Copper", a.hand)
    hard = make_player("hard", 1)
    assert hard.answer_way(game, way_question(game, a, "Kiln", "Way of the Camel")) == [1]
    while game.supply["Province"].cards[4:]:
        game.supply["Province"].cards.pop()
    assert hard.answer_way(game, way_question(game, a, "Kiln", "Way of the Camel")) == [0]  # no Gold to come


def test_with_two_coins_a_money_plan_buys_its_best_cheap_card(monkeypatch) -> None:
    from dominion_tui.bots import tuning

    monkeypatch.setattr(tuning, "TUNED", {"Barge": (1, 0.7)})
    game, a = position(["Barge", "Sleigh"], phase="buy")
    game.new_card("Barge", a.discard)  # the focus card is in: 2 coins bought nothing
    a.coins = 2
    hard = make_player("hard", 1)
    assert hard.purchase(game, a) == "Sleigh"  # 2 Horses
    while game.supply["Province"].cards[4:]:
        game.supply["Province"].cards.pop()
    assert hard.purchase(game, a) != "Sleigh"  # the Duchy dance: no more Actions
