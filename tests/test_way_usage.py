"""Every Way used when it beats the card's own effect (issue 22): each rule of the bots' Way
judgement in a small real position, with the position where the card's own text still wins."""

from __future__ import annotations

from dominion_tui.bots import make_player
from dominion_tui.core.decisions import Decision, Option, TurnAction
from dominion_tui.core.game import Config
from dominion_tui.setup import new_game
from tests.test_bot_usage import way_question


def position(kingdom: list[str], way: str, hand: list[str], deck: list[str] | None = None):
    """Player A on its turn with this hand, its 10 starting cards (7 Coppers, 3 Estates) in its
    deck and discard pile (or these cards on its deck, the rest in the discard pile), no Action
    left: the card asked about was just played."""
    game = new_game(Config(["A", "B"], kingdom, [way], 3))
    a = game.players[0]
    game.phase = "action"
    a.discard.cards.extend(a.hand.cards)
    a.hand.cards.clear()
    for n in hand:
        game.new_card(n, a.hand)
    if deck is not None:
        a.discard.cards.extend(a.deck.cards)
        a.deck.cards.clear()
        for n in deck:
            game.new_card(n, a.deck)
    a.coins, a.buys, a.actions = 0, 1, 0
    return game, a


def way_asked(
    kingdom: list[str], way: str, card: str, hand: list[str], deck: list[str] | None = None, actions: int = 0
) -> int:
    """hard's answer to "Play this card normally or with the Way?": 0 its own text, 1 the Way."""
    game, a = position(kingdom, way, hand, deck)
    a.actions = actions
    return make_player("hard", 1).answer_way(game, way_question(game, a, card, way))[0]


def test_way_of_the_owl_draws_as_many_cards_as_the_hand_lacks() -> None:
    # 2 cards left: the Owl draws 4, more than the Cargo Ship's 2 coins (read once as +2 Cards)
    assert way_asked(["Cargo Ship"], "Way of the Owl", "Cargo Ship", ["Copper", "Copper"]) == 1
    # 5 cards left: it would draw 1
    assert way_asked(["Cargo Ship"], "Way of the Owl", "Cargo Ship", ["Copper"] * 3 + ["Estate"] * 2) == 0


def test_way_of_the_ox_goes_first_only_when_its_actions_let_two_more_terminals_play() -> None:
    game, a = position(["Sleigh", "Cargo Ship"], "Way of the Ox", ["Sleigh", "Cargo Ship", "Copper"])
    a.actions = 1
    bot = make_player("hard", 1)
    turn = Decision("turn", a, "Action phase", topic="action")
    # one other terminal, which draws nothing: the Ox on the Sleigh would only play the Cargo
    # Ship, which plays alone anyway
    assert bot.decide(game, turn) == TurnAction("play", "Cargo Ship")
    game.new_card("Kiln", a.hand)  # two others: the Ox on the Sleigh plays both
    assert bot.decide(game, turn) == TurnAction("play", "Sleigh")


def test_way_of_the_turtle_keeps_coins_that_buy_nothing_more_for_next_turn() -> None:
    # 9 coins and 1 Buy buy a Province with or without the Cargo Ship's +2 coins
    assert way_asked(["Cargo Ship"], "Way of the Turtle", "Cargo Ship", ["Gold"] * 3) == 1
    # 6 coins: its +2 coins make the Province
    assert way_asked(["Cargo Ship"], "Way of the Turtle", "Cargo Ship", ["Gold"] * 2) == 0


def test_way_of_the_turtle_moves_the_cards_a_draw_card_would_draw_and_waits_for_nothing() -> None:
    # a Black Cat played from the Turtle at the start of the turn (no Action used), 2 coins and
    # 2 Estates on the deck: set aside again, it would draw the cards after a next hand that
    # holds those Estates anyway; this turn's buy loses its 2 cards for nothing
    poor = ["Copper", "Copper", "Estate", "Estate", "Estate"]
    assert way_asked(["Black Cat"], "Way of the Turtle", "Black Cat", poor, ["Estate", "Estate"], 1) == 0
    # 9 coins buy a Province with 1 Buy: the 2 Coppers it would draw wait for next turn
    rich = ["Gold", "Gold", "Gold", "Estate", "Estate"]
    assert way_asked(["Black Cat"], "Way of the Turtle", "Black Cat", rich, ["Copper", "Copper"], 1) == 1


def test_way_of_the_turtle_never_takes_a_reaction_off_its_turn() -> None:
    # on another player's turn the Black Cat's 2 cards come in the next hand either way, and
    # only now does it give a Curse
    game, a = position(["Black Cat"], "Way of the Turtle", ["Gold", "Gold", "Gold", "Estate"], ["Copper", "Copper"])
    game.current = game.players[1]
    d = Decision(
        "option",
        a,
        "Black Cat reacts: play it normally or with a Way?",
        [Option("normal", None), Option("Way of the Turtle", game.db["Way of the Turtle"])],
        topic="way",
    )
    assert make_player("hard", 1).answer_way(game, d) == [0]


def test_way_of_the_monkey_when_its_coin_surely_reaches_a_province() -> None:
    hand = ["Gold", "Silver", "Copper", "Copper"]  # 7 coins: the Sheepdog's 2 Cards may miss
    assert way_asked(["Sheepdog"], "Way of the Monkey", "Sheepdog", hand) == 1
    # 4 coins: its 2 Cards likely add more than the Monkey's 1 coin
    assert way_asked(["Sheepdog"], "Way of the Monkey", "Sheepdog", ["Silver", "Copper", "Copper"]) == 0


def test_way_of_the_butterfly_turns_a_five_into_a_gold() -> None:
    # no Kingdom card costs 6: the Gold does; the Kiln's coins buy nothing more with 9
    assert way_asked(["Kiln"], "Way of the Butterfly", "Kiln", ["Gold"] * 3) == 1
    assert way_asked(["Kiln"], "Way of the Butterfly", "Kiln", ["Gold", "Copper", "Copper"]) == 0


def test_way_of_the_mole_draws_3_cards_for_a_hand_of_junk() -> None:
    assert way_asked(["Sheepdog"], "Way of the Mole", "Sheepdog", ["Estate"] * 4) == 1
    assert way_asked(["Sheepdog"], "Way of the Mole", "Sheepdog", ["Gold"] * 4) == 0


def test_way_of_the_rat_takes_a_copy_for_a_copper_only_when_the_coin_is_not_missed() -> None:
    # 11 coins: the Cargo Ship's +2 coins and the Copper buy nothing more: a copy instead
    hand = ["Gold", "Gold", "Silver", "Silver", "Copper"]
    assert way_asked(["Cargo Ship"], "Way of the Rat", "Cargo Ship", hand) == 1
    # 8 coins: the Copper is the Province
    assert way_asked(["Cargo Ship"], "Way of the Rat", "Cargo Ship", ["Gold", "Gold", "Copper", "Copper"]) == 0


def test_way_of_the_rat_never_discards_the_copper_that_makes_a_province() -> None:
    # 8 coins with a Copper: a copy of the Kiln or the Animal Fair is not worth the Province's
    # points over the Gold that 7 coins buy
    for card in ("Kiln", "Animal Fair"):
        assert way_asked([card], "Way of the Rat", card, ["Gold", "Gold", "Copper", "Copper"]) == 0, card


def test_way_of_the_camel_exiles_no_gold_from_a_hand_that_buys_a_province() -> None:
    assert way_asked(["Cargo Ship"], "Way of the Camel", "Cargo Ship", ["Estate", "Copper"]) == 1
    assert way_asked(["Cargo Ship"], "Way of the Camel", "Cargo Ship", ["Gold", "Gold", "Silver"]) == 0


def test_a_card_that_discards_the_hand_is_not_played_from_a_hand_that_buys_more() -> None:
    """Scholar discards the hand to draw 7: from a hand of 3 Golds (a Province) over a deck of
    Coppers and Estates it would buy less; from a hand of Estates, more."""
    deck = ["Copper", "Copper", "Estate", "Estate", "Copper", "Estate", "Copper", "Copper"]
    for hand, played in (
        (["Scholar", "Gold", "Gold", "Gold"], False),
        (["Scholar", "Estate", "Estate", "Copper"], True),
    ):
        game, a = position(["Scholar"], "Way of the Mouse", hand, deck)
        a.actions = 1
        act = make_player("hard", 1).decide(game, Decision("turn", a, "Action phase", topic="action"))
        assert (act.verb == "play" and act.name == "Scholar") == played, (hand, act)


def test_way_of_the_rat_pays_with_a_silver_when_the_coins_buy_a_province_anyway() -> None:
    # 12 coins and no Copper: the Cargo Ship's +2 coins and a Silver buy nothing more
    hand = ["Gold", "Gold", "Silver", "Silver"]
    assert way_asked(["Cargo Ship"], "Way of the Rat", "Cargo Ship", hand) == 1
    # 9 coins with the Cargo Ship's 2: a Silver is the Province (with 5 and its 2, the Silver
    # was spare: the copy of the plan's Cargo Ship and a Silver beat the Cargo Ship bought)
    assert way_asked(["Cargo Ship"], "Way of the Rat", "Cargo Ship", ["Gold", "Silver", "Silver"]) == 0


def test_way_of_the_rat_discards_the_cheapest_treasure_once_chosen() -> None:
    game, a = position(["Cargo Ship"], "Way of the Rat", ["Gold", "Silver", "Silver"])
    options = [Option(c.name, c) for c in a.hand.cards]
    d = Decision("cards", a, "Discard a Treasure to gain a Cargo Ship?", options, min=0, topic="discard")
    assert [options[i].label for i in make_player("hard", 1).answer_discard(game, d)] == ["Silver"]


def test_way_of_the_rat_copies_the_plans_card_while_the_deck_wants_more() -> None:
    # hard's plan is money with 3 Silk Merchants: with 1 in play, a Copper buys a second copy
    # (4 coins buy a Silver either way); with the 3 owned, its own text
    game, a = position(["Silk Merchant"], "Way of the Rat", ["Silver", "Copper", "Copper"])
    game.new_card("Silk Merchant", a.in_play)
    d = way_question(game, a, "Silk Merchant", "Way of the Rat")
    hard = make_player("hard", 1)
    assert hard.focus(game) == [("Silk Merchant", 3)]
    assert hard.answer_way(game, d) == [1]
    for _ in range(2):
        game.new_card("Silk Merchant", a.discard)
    assert hard.answer_way(game, d) == [0]


def test_way_of_the_rat_copies_the_plans_card_for_a_spare_copper_only() -> None:
    # hard's plan is money with 2 Villains, 1 in play: with 4 coins the Copper is spare (3 buy
    # the Silver too), so its copy beats the Villain's 2 Coffers; with 6, the Copper is the Gold
    for hand, way in ((["Silver", "Copper", "Copper"], 1), (["Gold", "Silver", "Copper"], 0)):
        game, a = position(["Villain"], "Way of the Rat", hand)
        game.new_card("Villain", a.in_play)
        hard = make_player("hard", 1)
        assert hard.focus(game) == [("Villain", 2)]
        assert hard.answer_way(game, way_question(game, a, "Villain", "Way of the Rat")) == [way], hand


def test_a_horse_draws_now_rather_than_wait_with_the_frog_or_the_turtle() -> None:
    # a Horse returns to its pile with the Frog and the Turtle too, a turn later: its own text
    # is not counted as lost against them, so a draw worth a coin beats the Frog's +1 Action
    # and the Turtle's same draw next turn (both were taken, the draw then judged at 1 less)
    for way in ("Way of the Frog", "Way of the Turtle"):
        assert way_asked(["Sleigh"], way, "Horse", ["Copper", "Copper", "Estate"], ["Copper", "Estate", "Estate"]) == 0
    # its draw wasted (a Province already in hand, 1 Buy): the Turtle keeps it for next turn
    assert way_asked(["Sleigh"], "Way of the Turtle", "Horse", ["Gold", "Gold", "Silver"]) == 1


def test_way_of_the_frog_brings_a_strong_card_back_for_the_next_hand_when_its_text_does_nothing_now() -> None:
    # a Province in hand, 1 Buy, Estates to draw: Research's draw and trash do nothing this turn,
    # with the Frog it comes in the next hand (its text read "When you discard", never matched)
    estates = ["Estate", "Estate", "Estate"]
    assert way_asked(["Research"], "Way of the Frog", "Research", ["Gold", "Gold", "Silver"], estates) == 1
    # an Estate in hand to trash: its own text
    assert way_asked(["Research"], "Way of the Frog", "Research", ["Copper", "Copper", "Estate"], estates) == 0
