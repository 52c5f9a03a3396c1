"""issue 22: no level but bigmoney ends the game on its own move while that loses, whatever the
move: an Event that gains the last Province (Alliance), the last Province when the other player
may answer it with a Curse (Black Cat), a card whose Black Cat reply empties the third pile, an
attack that hands out the last Curse of a third pile (Old Witch), a gain, a yes to a gain, a Way
that exiles from the Supply, a card whose gain brings another (Experiment). The first four were
lost that way in `dominion simulate --bots expert,hard --seed 1` (games 161, 194, 210, 562)."""

from __future__ import annotations

import pytest

from dominion_tui.bots import expert, make_player
from dominion_tui.bots.endgame import buy_gains, judge, loses, outcome, play_gains, safe
from dominion_tui.core.decisions import Decision, Option, TurnAction
from dominion_tui.core.game import Config
from dominion_tui.setup import new_game

LEVELS = ["normal", "hard", "expert"]


@pytest.fixture(autouse=True)
def quick_thinking(monkeypatch):
    monkeypatch.setattr(expert, "ROUNDS", (1,))
    monkeypatch.setattr(expert, "MORE", 1.0)
    monkeypatch.setattr(expert, "THINK_CACHE", {})


def position(kingdom: list[str], landscapes: list[str] = (), phase: str = "buy", coins: int = 0):
    """A's turn in a 2-player game, A's hand set aside (the tests give it what they need)."""
    game = new_game(Config(["A", "B"], kingdom, list(landscapes), 3))
    a, b = game.players
    for p in (a, b):
        for c in list(p.hand.cards):
            game._move(c, p.discard)
    game.phase = phase
    a.coins, a.buys, a.actions = coins, 1, 1
    return game, a, b


def points(game, p, duchies: int) -> None:
    for _ in range(duchies):
        game.new_card("Duchy", p.discard)


def empty(game, *names: str) -> None:
    for n in names:
        game.supply[n].cards.clear()


def turn(level: str, game, a):
    bot = make_player(level, 1)
    if level == "expert":
        bot.think(game)
    return bot.decide(game, Decision("turn", a, "Buy phase", topic=game.phase))


@pytest.mark.parametrize("level", LEVELS)
def test_no_event_that_takes_the_last_province_while_that_loses(level: str) -> None:
    game, a, b = position(["Barge"], ["Alliance"], coins=11)
    del game.supply["Province"].cards[1:]
    empty(game, "Duchy")  # no Duchy to take instead: hard bought Alliance here (game 210)
    points(game, b, 4)  # B leads by 12: Alliance's Province and Estate bring 7
    act = turn(level, game, a)
    assert act.name not in ("Alliance", "Province"), act
    assert judge(game, a, [(a, "Province"), (a, "Estate")]) == "lose"
    points(game, a, 3)  # A now 3 behind: Alliance's 7 points win
    assert safe(game, a, "Alliance") == "Alliance"


@pytest.mark.parametrize("level", LEVELS)
def test_no_last_province_for_a_tie_the_others_black_cat_can_turn_into_a_loss(level: str) -> None:
    game, a, b = position(["Black Cat"], coins=8)
    del game.supply["Province"].cards[1:]
    points(game, b, 2)  # B leads by 6
    b.turns_taken = a.turns_taken  # A is the second player: the Province ties
    cat = game.new_card("Black Cat", b.hand)
    assert judge(game, a, [(a, "Province")]) == "lose"  # a Curse in reply loses it
    assert turn(level, game, a).name != "Province"
    game._move(cat, b.discard)  # seen in B's discard pile: it cannot answer now
    assert judge(game, a, [(a, "Province")]) == "tie"
    assert safe(game, a, "Province") == "Province"  # a shared win of the last Province stays


@pytest.mark.parametrize("level", LEVELS)
def test_no_estate_whose_black_cat_reply_empties_the_third_pile_while_behind(level: str) -> None:
    """Game 562 of expert,hard --games 1000 --seed 1: hard took the last Estate, the second
    pile; expert's Black Cat answered with the last Curse, the third, and hard lost."""
    game, a, b = position(["Black Cat", "Barge"], coins=4)
    empty(game, "Barge")
    game.resize_pile("Estate", 1)
    game.resize_pile("Curse", 1)
    del game.supply["Province"].cards[3:]  # late: an Estate is worth a buy
    points(game, b, 2)  # B leads by 6
    cat = game.new_card("Black Cat", b.deck)
    assert judge(game, a, [(a, "Estate")]) == "lose"
    assert turn(level, game, a).name != "Estate"
    game._move(cat, b.discard)  # it cannot answer from the discard pile: the Estate ends nothing
    assert judge(game, a, [(a, "Estate")]) is None
    assert safe(game, a, "Estate") == "Estate"


@pytest.mark.parametrize("level", LEVELS)
def test_no_attack_that_hands_out_the_last_curse_of_a_third_pile_while_behind(level: str) -> None:
    game, a, b = position(["Old Witch", "Barge", "Village Green"], phase="action")
    empty(game, "Barge", "Village Green")
    del game.supply["Curse"].cards[1:]  # the last Curse would empty a third pile
    game.new_card("Old Witch", a.hand)
    points(game, b, 2)  # B leads by 6: B's Curse leaves A 5 behind
    assert loses(game, a, play_gains(game, a, "Old Witch"))
    assert turn(level, game, a) != TurnAction("play", "Old Witch")
    a.actions, a.villagers = 0, 1
    assert turn(level, game, a).verb != "villager"  # nor a Villager spent to play it
    a.actions, a.villagers = 1, 0
    points(game, a, 2)  # level: the Curse to B wins it
    assert turn(level, game, a) == TurnAction("play", "Old Witch")


@pytest.mark.parametrize("level", LEVELS)
def test_no_gain_that_ends_the_game_lost(level: str) -> None:
    game, a, b = position(["Barge"], coins=0)
    del game.supply["Province"].cards[1:]
    points(game, b, 4)
    options = [Option("Province", game.db["Province"]), Option("Duchy", game.db["Duchy"])]
    bot = make_player(level, 1)
    assert bot.decide(game, Decision("cards", a, "Gain a card.", options, topic="gain")) == [1]
    only = Decision("cards", a, "Gain a card.", options[:1], min=0, topic="gain")
    assert bot.decide(game, only) == []  # declined rather than lost


@pytest.mark.parametrize("level", LEVELS)
def test_no_yes_to_a_gain_that_empties_a_third_pile_while_behind(level: str) -> None:
    game, a, b = position(["Wayfarer", "Barge", "Village Green"], phase="action")
    empty(game, "Barge", "Village Green")
    del game.supply["Silver"].cards[1:]
    points(game, b, 1)
    d = Decision("yesno", a, "Gain a Silver?", [Option("yes", True), Option("no", False)])
    assert make_player(level, 1).decide(game, d) == [1]


@pytest.mark.parametrize("level", LEVELS)
def test_no_way_that_exiles_the_last_estate_of_a_third_pile_while_behind(level: str) -> None:
    game, a, b = position(["Barge", "Village Green", "Sleigh"], ["Way of the Worm"], phase="action")
    empty(game, "Barge", "Village Green")
    del game.supply["Estate"].cards[1:]
    del game.supply["Province"].cards[4:]  # late: an Estate exiled is worth more than a Sleigh
    points(game, b, 1)  # B leads by 3: the exiled Estate brings A 1
    way = game.db["Way of the Worm"]
    d = Decision("option", a, "Play Sleigh normally or with a Way?", [Option("normal", None), Option(way.name, way)])
    d.topic = "way"
    bot = make_player(level, 1)
    assert bot.decide(game, d) == [0]
    game.resize_pile("Estate", 2)  # 2 left: the Way ends nothing
    assert bot.decide(game, d) == [1]


def test_no_card_whose_gain_brings_another_that_empties_a_third_pile_while_behind() -> None:
    game, a, b = position(["Experiment", "Barge", "Village Green"], coins=3)
    empty(game, "Barge", "Village Green")
    del game.supply["Experiment"].cards[2:]  # the one bought brings the last
    points(game, b, 1)
    assert safe(game, a, "Experiment") != "Experiment"
    del game.supply["Experiment"].cards[1:]
    points(game, a, 2)  # A leads: ending it wins
    assert safe(game, a, "Experiment") == "Experiment"


def test_expert_building_an_engine_keeps_the_guard_on_its_plays() -> None:
    """The engine plan (bots/engine.py) chooses its own plays: the guard holds there too."""
    game, a, b = position(["Old Witch", "Barge", "Village Green"], phase="action")
    empty(game, "Barge", "Village Green")
    del game.supply["Curse"].cards[1:]
    game.new_card("Old Witch", a.hand)
    points(game, b, 2)
    bot = expert.Expert(1, strategy=expert.Strategy(engine=True, label="an engine"))
    ask = Decision("turn", a, "Action phase", topic=game.phase)
    assert bot.decide(game, ask) != TurnAction("play", "Old Witch")
    a.actions, a.villagers = 0, 1
    assert bot.decide(game, ask).verb != "villager"
    a.actions, a.villagers = 1, 0
    points(game, a, 2)
    assert bot.decide(game, ask) == TurnAction("play", "Old Witch")


@pytest.mark.parametrize("level", LEVELS)
def test_enclave_instead_of_a_last_province_that_loses(level: str) -> None:
    """Enclave's exiled Duchy scores as a Duchy bought does, and brings a Gold besides."""
    game, a, b = position(["Barge"], ["Enclave"], coins=8)
    del game.supply["Province"].cards[1:]
    points(game, b, 4)  # B leads by 12: the last Province loses
    assert turn(level, game, a) == TurnAction("buy", "Enclave")


def test_hard_takes_enclave_for_the_penultimate_province_that_hands_the_other_the_win() -> None:
    game, a, b = position(["Barge"], ["Enclave"], coins=8)
    del game.supply["Province"].cards[2:]
    points(game, b, 2)  # B leads by 6
    assert turn("hard", game, a) == TurnAction("buy", "Enclave")


@pytest.mark.parametrize("level", LEVELS)
def test_no_enclave_whose_exile_empties_the_third_pile_while_behind(level: str) -> None:
    game, a, b = position(["Barge", "Village Green"], ["Enclave"], coins=8)
    empty(game, "Barge", "Village Green")
    game.resize_pile("Duchy", 1)  # Enclave's exiled Duchy would empty a third pile
    del game.supply["Province"].cards[1:]
    points(game, b, 4)  # B leads by 12
    assert judge(game, a, buy_gains(game, a, "Enclave")) == "lose"
    assert turn(level, game, a).name not in ("Enclave", "Duchy", "Province")
    points(game, a, 4)  # A now level: the exiled Duchy ends it with a win
    assert judge(game, a, buy_gains(game, a, "Enclave")) == "win"


def test_the_outcome_of_an_event_counts_what_it_gains_and_exiles() -> None:
    game, a, b = position(["Barge"], ["Enclave"], coins=8)
    points(game, b, 1)  # B 6, A 3
    game.new_card("Estate", a.discard)  # A 4: the exiled Duchy makes 7
    assert outcome(game, a, "Enclave") == "win"
    assert outcome(game, a, "Gold") == "lose"


def test_expert_ends_the_game_with_an_event_when_that_wins() -> None:
    """Enclave gains the last Gold and exiles the last Duchy: two piles run out with one already
    empty, and A leads. Neither the Gold nor the Duchy alone ends it; the Event does, a win.
    expert's winning_end looked only at Supply piles of one card, so it never saw the Event."""
    game, a, b = position(["Barge"], ["Enclave"], coins=8)
    empty(game, "Barge")
    del game.supply["Gold"].cards[1:]
    del game.supply["Duchy"].cards[1:]
    points(game, a, 1)
    bot = make_player("expert", 1)
    bot.think(game)
    assert outcome(game, a, "Enclave") == "win"
    assert bot.winning_end(game, a) == "Enclave"
    assert turn("expert", game, a) == TurnAction("buy", "Enclave")
